// Automatic placement of graphs for the canvases and views: force-directed, radial and layered (Sugiyama).
#pragma once

#include <cstdint>
#include <vector>

namespace hetsched::layout {

struct Point {
    double x = 0.0;
    double y = 0.0;
};

// A link between two nodes by index; direction only matters to the layered layout.
struct LayoutEdge {
    int from = 0;
    int to = 0;
};

struct ForceOptions {
    double edgeLength = 120.0;    // the ideal distance between linked nodes (scene units)
    int iterations = 300;         // cooling steps of Fruchterman-Reingold
    std::uint64_t seed = 1;       // initial positions of free nodes
    // Nodes whose given position is kept (the user placed them); empty or all false: every node is free.
    std::vector<bool> pinned;
    std::vector<Point> initial;   // starting positions (used for pinned nodes, and as the start of free ones)
};

// Fruchterman-Reingold with a uniform grid for the repulsion (forces beyond 3 ideal lengths are
// ignored), so an iteration costs O(n + m); deterministic for a seed. Disconnected components are
// laid out side by side. Positions are centred on the origin.
std::vector<Point> forceDirectedLayout(int nodeCount, const std::vector<LayoutEdge>& edges,
                                       const ForceOptions& options = {});

// A star: `centre` at the origin, the other nodes evenly on a circle of `radius`, in index order from
// the top, clockwise. Grows the radius so neighbours stay at least `minSpacing` apart.
std::vector<Point> radialLayout(int nodeCount, int centre, double radius = 180.0, double minSpacing = 60.0);

struct LayeredOptions {
    double layerSpacing = 90.0;  // distance between consecutive layers (y grows downwards)
    double nodeSpacing = 70.0;   // minimum distance between neighbours in one layer
    int sweeps = 8;              // barycentre crossing-reduction sweeps (down then up)
};

struct LayeredLayout {
    std::vector<int> layer;             // per node: its longest-path depth from a source (0 = source)
    std::vector<Point> position;        // per node
    std::vector<std::vector<int>> order;  // per layer: its nodes from left to right
    // Per edge (in the given order): its route from the source's border to the target's, a polyline
    // through the layers. Empty (layeredLayout always): draw a straight line.
    std::vector<std::vector<Point>> route;
};

// Sugiyama-style layering of a DAG: longest-path layers, barycentre ordering sweeps over the real
// neighbours (no dummy nodes, so long edges are not straightened), then x coordinates pulled towards
// the neighbours' mean under the minimum spacing. O(sweeps * (n log n + m)). The edges must be acyclic
// (check with the model's validation first); an edge on a cycle is ignored for the layering.
LayeredLayout layeredLayout(int nodeCount, const std::vector<LayoutEdge>& edges,
                            const LayeredOptions& options = {});

// 2D grid placement (rows x columns, row-major node order), for the grid topology template.
std::vector<Point> gridLayout(int rows, int columns, double spacing = 120.0);

}  // namespace hetsched::layout
