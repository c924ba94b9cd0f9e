// Graphviz's dot on an in-memory cgraph graph, read back through the layout structs (graphviz/types.h).
#include "layout/graphviz_layout.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>
#include <graphviz/types.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <string>

#include "common/graphviz_lock.h"

namespace hetsched::layout {

namespace {

constexpr double kPointsPerInch = 72.0;

std::string number(double value) {
    char text[64];
    std::snprintf(text, sizeof text, "%.4f", value);
    return text;
}

// cgraph takes char* for names and values it only reads.
char* text(const std::string& s) { return const_cast<char*>(s.c_str()); }

void setDefault(Agraph_t* g, int kind, const char* name, const std::string& value) {
    agattr(g, kind, const_cast<char*>(name), text(value));
}

// The points of a piecewise cubic Bezier (3k + 1 control points), each piece sampled at quarters.
void appendSampled(const bezier& curve, std::vector<Point>& out) {
    if (curve.size < 1) return;
    const pointf* p = curve.list;
    out.push_back({p[0].x, p[0].y});
    for (int i = 0; i + 3 < curve.size; i += 3) {
        for (int step = 1; step <= 4; ++step) {
            const double t = step / 4.0;
            const double u = 1 - t;
            const double a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;
            out.push_back({a * p[i].x + b * p[i + 1].x + c * p[i + 2].x + d * p[i + 3].x,
                           a * p[i].y + b * p[i + 1].y + c * p[i + 2].y + d * p[i + 3].y});
        }
    }
}

double distance(const Point& a, const Point& b) { return std::hypot(a.x - b.x, a.y - b.y); }

// Height / width of a layered drawing with longest-path rows (Kahn's order; a cycle's nodes stay in row 0).
double estimatedAspect(int n, const std::vector<LayoutEdge>& edges, const GraphvizLayoutOptions& options) {
    std::vector<std::vector<int>> out(static_cast<std::size_t>(n));
    std::vector<int> indegree(static_cast<std::size_t>(n), 0), row(static_cast<std::size_t>(n), 0);
    for (const LayoutEdge& e : edges) {
        out[static_cast<std::size_t>(e.from)].push_back(e.to);
        ++indegree[static_cast<std::size_t>(e.to)];
    }
    std::vector<int> ready;
    for (int v = 0; v < n; ++v)
        if (indegree[static_cast<std::size_t>(v)] == 0) ready.push_back(v);
    while (!ready.empty()) {
        const int v = ready.back();
        ready.pop_back();
        for (int w : out[static_cast<std::size_t>(v)]) {
            row[static_cast<std::size_t>(w)] = std::max(row[static_cast<std::size_t>(w)], row[static_cast<std::size_t>(v)] + 1);
            if (--indegree[static_cast<std::size_t>(w)] == 0) ready.push_back(w);
        }
    }
    const int rows = n == 0 ? 0 : *std::max_element(row.begin(), row.end()) + 1;
    std::vector<int> width(static_cast<std::size_t>(std::max(rows, 1)), 0);
    for (int v = 0; v < n; ++v) ++width[static_cast<std::size_t>(row[static_cast<std::size_t>(v)])];
    const int widest = *std::max_element(width.begin(), width.end());
    const double height = std::max(1, rows) * options.layerSpacing;
    return height / (std::max(1, widest) * options.nodeSpacing);
}

}  // namespace

bool graphvizLayoutFits(int nodeCount, std::size_t edgeCount, const GraphvizLayoutOptions& options) {
    return nodeCount <= options.maxNodes && edgeCount <= static_cast<std::size_t>(std::max(0, options.maxEdges));
}

Expected<LayeredLayout> graphvizLayeredLayout(int n, const std::vector<LayoutEdge>& edges,
                                              const GraphvizLayoutOptions& options) {
    if (n < 0) return invalidInput("a negative node count");
    if (!graphvizLayoutFits(n, edges.size(), options))
        return invalidInput(std::to_string(n) + " nodes and " + std::to_string(edges.size()) +
                            " edges are beyond Graphviz's limits here (" + std::to_string(options.maxNodes) +
                            " nodes, " + std::to_string(options.maxEdges) + " edges)");
    for (std::size_t e = 0; e < edges.size(); ++e)
        if (edges[e].from < 0 || edges[e].from >= n || edges[e].to < 0 || edges[e].to >= n)
            return invalidInput("edge " + std::to_string(e) + " names a node outside 0.." + std::to_string(n - 1));
    LayeredLayout result;
    if (n == 0) return result;

    const std::lock_guard<std::mutex> lock(graphvizMutex());
    static GVC_t* const context = gvContext();   // one for the process, used under the lock only
    if (!context) return solverError("Graphviz could not create its context");
    char graphName[] = "layout";
    Agraph_t* g = agopen(graphName, Agdirected, nullptr);
    if (!g) return solverError("Graphviz could not create a graph");
    const double nodeInches = options.nodeSize / kPointsPerInch;
    setDefault(g, AGRAPH, "nodesep", number(std::max(0.02, (options.nodeSpacing - options.nodeSize) / kPointsPerInch)));
    setDefault(g, AGRAPH, "ranksep", number(std::max(0.02, (options.layerSpacing - options.nodeSize) / kPointsPerInch)));
    // Fewer network-simplex and crossing-minimisation iterations on big graphs: seconds, not minutes.
    if (n > 500 || edges.size() > 2000) {
        setDefault(g, AGRAPH, "nslimit", "2");
        setDefault(g, AGRAPH, "nslimit1", "2");
        setDefault(g, AGRAPH, "mclimit", "0.3");
        setDefault(g, AGRAPH, "searchsize", "10");
    }
    setDefault(g, AGRAPH, "remincross", "false");
    // dot's numeric ratio is the drawing's exact height / width: it stretches a flatter drawing
    // vertically (before routing the edges, so they follow) but a taller one horizontally. So it is asked
    // for only when the drawing would be flatter, judged by the longest-path layering (dot's ranks are
    // near it): rows times layerSpacing against the widest row times nodeSpacing.
    if (options.aspectRatio > 0 && estimatedAspect(n, edges, options) < options.aspectRatio)
        setDefault(g, AGRAPH, "ratio", number(options.aspectRatio));
    setDefault(g, AGNODE, "shape", "circle");
    setDefault(g, AGNODE, "fixedsize", "true");
    setDefault(g, AGNODE, "width", number(nodeInches));
    setDefault(g, AGNODE, "height", number(nodeInches));
    setDefault(g, AGNODE, "label", "");
    setDefault(g, AGEDGE, "dir", "none");   // routes end on the node's circle, not on an arrowhead

    std::vector<Agnode_t*> nodes(static_cast<std::size_t>(n));
    for (int v = 0; v < n; ++v) nodes[static_cast<std::size_t>(v)] = agnode(g, text(std::to_string(v)), 1);
    std::vector<Agedge_t*> graphEdges(edges.size());
    for (std::size_t e = 0; e < edges.size(); ++e) {
        Agedge_t* edge = agedge(g, nodes[static_cast<std::size_t>(edges[e].from)],
                                nodes[static_cast<std::size_t>(edges[e].to)], nullptr, 1);
        graphEdges[e] = edge;
    }
    if (gvLayout(context, g, "dot") != 0) {
        agclose(g);
        return solverError("Graphviz's dot layout failed");
    }

    // dot's y grows upwards in points: flip it so that the first row is at the top, at y = 0.
    const boxf box = GD_bb(g);
    const auto place = [&](const pointf& p) { return Point{p.x - box.LL.x, box.UR.y - p.y}; };
    result.position.resize(static_cast<std::size_t>(n));
    result.layer.resize(static_cast<std::size_t>(n));
    int minRank = ND_rank(nodes[0]);
    for (Agnode_t* node : nodes) minRank = std::min(minRank, ND_rank(node));
    for (int v = 0; v < n; ++v) {
        Agnode_t* node = nodes[static_cast<std::size_t>(v)];
        result.position[static_cast<std::size_t>(v)] = place(ND_coord(node));
        result.layer[static_cast<std::size_t>(v)] = ND_rank(node) - minRank;
    }
    result.route.resize(edges.size());
    for (std::size_t e = 0; e < edges.size(); ++e) {
        const splines* spl = ED_spl(graphEdges[e]);
        std::vector<Point>& route = result.route[e];
        if (spl)
            for (int b = 0; b < spl->size; ++b) appendSampled(spl->list[b], route);
        for (Point& p : route) p = place({p.x, p.y});
        const Point& from = result.position[static_cast<std::size_t>(edges[e].from)];
        const Point& to = result.position[static_cast<std::size_t>(edges[e].to)];
        if (route.size() >= 2 && distance(route.front(), from) + distance(route.back(), to) >
                                      distance(route.front(), to) + distance(route.back(), from))
            std::reverse(route.begin(), route.end());
    }
    gvFreeLayout(context, g);
    agclose(g);

    // Ranks holding only dummy nodes are no rows: number the others densely.
    std::vector<int> rowOfRank(static_cast<std::size_t>(*std::max_element(result.layer.begin(), result.layer.end())) + 1, 0);
    for (int rank : result.layer) rowOfRank[static_cast<std::size_t>(rank)] = 1;
    int rows = 0;
    for (int& r : rowOfRank) r = r ? rows++ : -1;
    for (int& rank : result.layer) rank = rowOfRank[static_cast<std::size_t>(rank)];
    result.order.assign(static_cast<std::size_t>(rows), {});
    for (int v = 0; v < n; ++v) result.order[static_cast<std::size_t>(result.layer[static_cast<std::size_t>(v)])].push_back(v);
    for (std::vector<int>& nodesOfRow : result.order)
        std::sort(nodesOfRow.begin(), nodesOfRow.end(), [&](int a, int b) {
            return result.position[static_cast<std::size_t>(a)].x < result.position[static_cast<std::size_t>(b)].x;
        });
    return result;
}

}  // namespace hetsched::layout
