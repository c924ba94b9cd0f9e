// Layered drawing of a DAG by Graphviz's dot (network-simplex ranks, dummy nodes, spline routes), its
// rows pulled apart so that a wide workflow is not drawn as a flat line.
#pragma once

#include <vector>

#include "common/expected.h"
#include "layout/graph_layout.h"

namespace hetsched::layout {

struct GraphvizLayoutOptions {
    double layerSpacing = 90.0;  // least distance between the centres of consecutive rows (y grows downwards)
    double nodeSpacing = 70.0;   // distance between the centres of neighbours in a row
    double nodeSize = 40.0;      // the nodes' diameter as dot sees them (edges end on this circle)
    // The least height / width: a flatter drawing has its rows moved apart until it has this ratio
    // (dot's `ratio`, applied before the edges are routed). 0: layerSpacing is kept.
    double aspectRatio = 0.35;
    // Beyond these sizes dot takes too long (measured: 1,738 tasks and 4,108 edges 2 s; 1,700 and 13,571
    // 30 to 50 s; 5,000 and 4,845 10 s): graphvizLayeredLayout refuses, the caller falls back to
    // layeredLayout (graphvizLayoutFits tells beforehand).
    int maxNodes = 3000;
    int maxEdges = 6000;
};

// Whether a graph is small enough for graphvizLayeredLayout under `options`.
bool graphvizLayoutFits(int nodeCount, std::size_t edgeCount, const GraphvizLayoutOptions& options = {});

// dot's layout of the graph (names are indices): `position` per node, `layer` the row (dot's rank, from
// 0 at the top), `order` per row left to right, `route` per edge a polyline sampled from dot's splines,
// from the source's circle to the target's, through the rows between (dot's dummy nodes). Each edge
// (u, v) of a DAG has v's row below u's. Edges on a cycle are reversed by dot and still routed from u
// to v. Graphviz is not thread-safe: the call holds graphvizMutex(). Errors: a graph beyond the limits,
// an edge naming a missing node, or dot failing.
Expected<LayeredLayout> graphvizLayeredLayout(int nodeCount, const std::vector<LayoutEdge>& edges,
                                              const GraphvizLayoutOptions& options = {});

}  // namespace hetsched::layout
