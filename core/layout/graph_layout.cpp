// Force-directed, radial, layered and grid placements (see graph_layout.h).
#include "layout/graph_layout.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>
#include <random>
#include <unordered_map>

namespace hetsched::layout {
namespace {

bool validEdge(const LayoutEdge& e, int n) {
    return e.from >= 0 && e.to >= 0 && e.from < n && e.to < n && e.from != e.to;
}

// Connected components of the undirected graph, as a component index per node.
std::vector<int> components(int n, const std::vector<LayoutEdge>& edges, int& count) {
    std::vector<int> parent(static_cast<std::size_t>(n));
    std::iota(parent.begin(), parent.end(), 0);
    auto find = [&](int v) {
        while (parent[static_cast<std::size_t>(v)] != v) {
            parent[static_cast<std::size_t>(v)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(v)])];
            v = parent[static_cast<std::size_t>(v)];
        }
        return v;
    };
    for (const LayoutEdge& e : edges)
        if (validEdge(e, n)) parent[static_cast<std::size_t>(find(e.from))] = find(e.to);
    std::vector<int> index(static_cast<std::size_t>(n), -1);
    std::vector<int> result(static_cast<std::size_t>(n));
    count = 0;
    for (int v = 0; v < n; ++v) {
        const int root = find(v);
        if (index[static_cast<std::size_t>(root)] < 0) index[static_cast<std::size_t>(root)] = count++;
        result[static_cast<std::size_t>(v)] = index[static_cast<std::size_t>(root)];
    }
    return result;
}

// Places the components' bounding boxes side by side in rows, largest first, centred on the origin.
void packComponents(std::vector<Point>& pos, const std::vector<int>& component, int count, double gap) {
    struct Box {
        double minX = HUGE_VAL, minY = HUGE_VAL, maxX = -HUGE_VAL, maxY = -HUGE_VAL;
        int size = 0;
    };
    std::vector<Box> boxes(static_cast<std::size_t>(count));
    for (std::size_t v = 0; v < pos.size(); ++v) {
        Box& b = boxes[static_cast<std::size_t>(component[v])];
        b.minX = std::min(b.minX, pos[v].x);
        b.maxX = std::max(b.maxX, pos[v].x);
        b.minY = std::min(b.minY, pos[v].y);
        b.maxY = std::max(b.maxY, pos[v].y);
        ++b.size;
    }
    std::vector<int> byArea(static_cast<std::size_t>(count));
    std::iota(byArea.begin(), byArea.end(), 0);
    std::stable_sort(byArea.begin(), byArea.end(), [&](int a, int b) {
        return boxes[static_cast<std::size_t>(a)].size > boxes[static_cast<std::size_t>(b)].size;
    });
    double totalArea = 0.0;
    for (const Box& b : boxes) totalArea += (b.maxX - b.minX + gap) * (b.maxY - b.minY + gap);
    const double rowWidth = std::max(std::sqrt(totalArea) * 1.3, gap);
    std::vector<Point> offset(static_cast<std::size_t>(count));
    double x = 0.0, y = 0.0, rowHeight = 0.0;
    for (int c : byArea) {
        const Box& b = boxes[static_cast<std::size_t>(c)];
        const double w = b.maxX - b.minX, h = b.maxY - b.minY;
        if (x > 0.0 && x + w > rowWidth) {
            x = 0.0;
            y += rowHeight + gap;
            rowHeight = 0.0;
        }
        offset[static_cast<std::size_t>(c)] = {x - b.minX, y - b.minY};
        x += w + gap;
        rowHeight = std::max(rowHeight, h);
    }
    Point lo{HUGE_VAL, HUGE_VAL}, hi{-HUGE_VAL, -HUGE_VAL};
    for (std::size_t v = 0; v < pos.size(); ++v) {
        const Point& o = offset[static_cast<std::size_t>(component[v])];
        pos[v] = {pos[v].x + o.x, pos[v].y + o.y};
        lo = {std::min(lo.x, pos[v].x), std::min(lo.y, pos[v].y)};
        hi = {std::max(hi.x, pos[v].x), std::max(hi.y, pos[v].y)};
    }
    const Point centre{(lo.x + hi.x) / 2.0, (lo.y + hi.y) / 2.0};
    for (Point& p : pos) p = {p.x - centre.x, p.y - centre.y};
}

}  // namespace

std::vector<Point> forceDirectedLayout(int n, const std::vector<LayoutEdge>& edges, const ForceOptions& options) {
    if (n <= 0) return {};
    const auto un = static_cast<std::size_t>(n);
    const double k = options.edgeLength > 0.0 ? options.edgeLength : 120.0;
    const double side = k * std::sqrt(static_cast<double>(n)) * 1.5;
    auto isPinned = [&](std::size_t v) { return v < options.pinned.size() && options.pinned[v]; };
    bool anyPinned = false;
    for (std::size_t v = 0; v < un; ++v) anyPinned = anyPinned || isPinned(v);

    std::mt19937_64 rng(options.seed);
    std::uniform_real_distribution<double> start(-side / 2.0, side / 2.0);
    std::vector<Point> pos(un);
    for (std::size_t v = 0; v < un; ++v) {
        if (v < options.initial.size())
            pos[v] = options.initial[v];
        else
            pos[v] = {start(rng), start(rng)};
    }
    // Two nodes at the same place would feel no direction: jitter them apart.
    for (std::size_t v = 0; v < un; ++v)
        if (!isPinned(v)) pos[v] = {pos[v].x + start(rng) * 1e-3, pos[v].y + start(rng) * 1e-3};

    // Repulsion only between nodes within `cutoff`, found through a grid of cells of that size.
    const double cutoff = 3.0 * k;
    std::vector<Point> shift(un);
    std::unordered_map<std::int64_t, std::vector<int>> grid;
    auto cellOf = [&](const Point& p) {
        return std::pair<std::int64_t, std::int64_t>{static_cast<std::int64_t>(std::floor(p.x / cutoff)),
                                                     static_cast<std::int64_t>(std::floor(p.y / cutoff))};
    };
    auto key = [](std::int64_t cx, std::int64_t cy) { return (cx << 32) ^ (cy & 0xffffffffLL); };
    const int iterations = std::max(1, options.iterations);
    for (int it = 0; it < iterations; ++it) {
        const double temperature = side / 10.0 * (1.0 - static_cast<double>(it) / iterations) + k * 0.01;
        grid.clear();
        for (int v = 0; v < n; ++v) {
            const auto [cx, cy] = cellOf(pos[static_cast<std::size_t>(v)]);
            grid[key(cx, cy)].push_back(v);
        }
        std::fill(shift.begin(), shift.end(), Point{});
        for (int v = 0; v < n; ++v) {
            const Point& p = pos[static_cast<std::size_t>(v)];
            const auto [cx, cy] = cellOf(p);
            for (std::int64_t dx = -1; dx <= 1; ++dx)
                for (std::int64_t dy = -1; dy <= 1; ++dy) {
                    const auto cell = grid.find(key(cx + dx, cy + dy));
                    if (cell == grid.end()) continue;
                    for (int u : cell->second) {
                        if (u == v) continue;
                        const double ddx = p.x - pos[static_cast<std::size_t>(u)].x;
                        const double ddy = p.y - pos[static_cast<std::size_t>(u)].y;
                        const double d2 = std::max(ddx * ddx + ddy * ddy, 1e-6);
                        if (d2 > cutoff * cutoff) continue;
                        const double f = k * k / d2;  // (k^2 / d) along the unit vector
                        shift[static_cast<std::size_t>(v)].x += ddx * f;
                        shift[static_cast<std::size_t>(v)].y += ddy * f;
                    }
                }
        }
        for (const LayoutEdge& e : edges) {
            if (!validEdge(e, n)) continue;
            const auto a = static_cast<std::size_t>(e.from), b = static_cast<std::size_t>(e.to);
            const double ddx = pos[a].x - pos[b].x, ddy = pos[a].y - pos[b].y;
            const double d = std::max(std::sqrt(ddx * ddx + ddy * ddy), 1e-3);
            const double f = d / k;  // (d^2 / k) along the unit vector
            shift[a].x -= ddx * f;
            shift[a].y -= ddy * f;
            shift[b].x += ddx * f;
            shift[b].y += ddy * f;
        }
        for (std::size_t v = 0; v < un; ++v) {
            if (isPinned(v)) continue;
            const double len = std::sqrt(shift[v].x * shift[v].x + shift[v].y * shift[v].y);
            if (len < 1e-12) continue;
            const double step = std::min(len, temperature) / len;
            pos[v] = {pos[v].x + shift[v].x * step, pos[v].y + shift[v].y * step};
        }
    }
    if (!anyPinned) {
        int count = 0;
        const std::vector<int> component = components(n, edges, count);
        packComponents(pos, component, count, k);
    }
    return pos;
}

std::vector<Point> radialLayout(int n, int centre, double radius, double minSpacing) {
    if (n <= 0) return {};
    std::vector<Point> pos(static_cast<std::size_t>(n));
    const int around = (centre >= 0 && centre < n) ? n - 1 : n;
    if (around <= 0) return pos;
    // The chord between neighbours, 2 r sin(pi / around), must be at least minSpacing.
    if (around > 1) radius = std::max(radius, minSpacing / (2.0 * std::sin(std::numbers::pi / around)));
    int slot = 0;
    for (int v = 0; v < n; ++v) {
        if (v == centre) continue;
        const double angle = -std::numbers::pi / 2.0 + 2.0 * std::numbers::pi * slot / around;
        pos[static_cast<std::size_t>(v)] = {radius * std::cos(angle), radius * std::sin(angle)};
        ++slot;
    }
    return pos;
}

LayeredLayout layeredLayout(int n, const std::vector<LayoutEdge>& edges, const LayeredOptions& options) {
    LayeredLayout out;
    if (n <= 0) return out;
    const auto un = static_cast<std::size_t>(n);
    std::vector<std::vector<int>> succ(un), pred(un);
    for (const LayoutEdge& e : edges) {
        if (!validEdge(e, n)) continue;
        succ[static_cast<std::size_t>(e.from)].push_back(e.to);
        pred[static_cast<std::size_t>(e.to)].push_back(e.from);
    }
    // Kahn's order; the nodes it never reaches lie on (or behind) a cycle and keep layer 0 for their
    // edges back, which are then ignored.
    std::vector<int> indegree(un), topo;
    topo.reserve(un);
    for (std::size_t v = 0; v < un; ++v) indegree[v] = static_cast<int>(pred[v].size());
    for (int v = 0; v < n; ++v)
        if (indegree[static_cast<std::size_t>(v)] == 0) topo.push_back(v);
    out.layer.assign(un, 0);
    for (std::size_t i = 0; i < topo.size(); ++i) {
        const int v = topo[i];
        for (int w : succ[static_cast<std::size_t>(v)]) {
            out.layer[static_cast<std::size_t>(w)] =
                std::max(out.layer[static_cast<std::size_t>(w)], out.layer[static_cast<std::size_t>(v)] + 1);
            if (--indegree[static_cast<std::size_t>(w)] == 0) topo.push_back(w);
        }
    }
    std::vector<bool> placed(un, false);
    for (int v : topo) placed[static_cast<std::size_t>(v)] = true;
    for (int v = 0; v < n; ++v)
        if (!placed[static_cast<std::size_t>(v)]) topo.push_back(v);
    int layers = 0;
    for (int l : out.layer) layers = std::max(layers, l + 1);
    out.order.assign(static_cast<std::size_t>(layers), {});
    for (int v : topo) out.order[static_cast<std::size_t>(out.layer[static_cast<std::size_t>(v)])].push_back(v);

    // Normalised horizontal rank of every node in its layer, in (0, 1).
    std::vector<double> rank(un);
    auto updateRanks = [&](std::size_t l) {
        const auto& row = out.order[l];
        for (std::size_t i = 0; i < row.size(); ++i)
            rank[static_cast<std::size_t>(row[i])] = (static_cast<double>(i) + 0.5) / static_cast<double>(row.size());
    };
    for (std::size_t l = 0; l < out.order.size(); ++l) updateRanks(l);
    std::vector<std::pair<double, int>> keyed;
    auto sweepLayer = [&](std::size_t l, const std::vector<std::vector<int>>& neighbours) {
        auto& row = out.order[l];
        keyed.clear();
        for (int v : row) {
            const auto& nb = neighbours[static_cast<std::size_t>(v)];
            double key = rank[static_cast<std::size_t>(v)];
            if (!nb.empty()) {
                double sum = 0.0;
                for (int u : nb) sum += rank[static_cast<std::size_t>(u)];
                key = sum / static_cast<double>(nb.size());
            }
            keyed.emplace_back(key, v);
        }
        std::stable_sort(keyed.begin(), keyed.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        for (std::size_t i = 0; i < row.size(); ++i) row[i] = keyed[i].second;
        updateRanks(l);
    };
    for (int s = 0; s < options.sweeps; ++s) {
        for (std::size_t l = 1; l < out.order.size(); ++l) sweepLayer(l, pred);
        for (std::size_t l = out.order.size(); l-- > 1;) sweepLayer(l - 1, succ);
    }

    // Coordinates: rows centred, then pulled towards their neighbours' mean under the minimum spacing.
    const double s = options.nodeSpacing;
    out.position.assign(un, {});
    for (std::size_t l = 0; l < out.order.size(); ++l) {
        const auto& row = out.order[l];
        for (std::size_t i = 0; i < row.size(); ++i)
            out.position[static_cast<std::size_t>(row[i])] = {
                (static_cast<double>(i) - (static_cast<double>(row.size()) - 1.0) / 2.0) * s,
                static_cast<double>(l) * options.layerSpacing};
    }
    std::vector<double> desired, left, right;
    for (int pass = 0; pass < 4; ++pass) {
        for (std::size_t l = 0; l < out.order.size(); ++l) {
            const auto& row = out.order[l];
            const std::size_t m = row.size();
            desired.assign(m, 0.0);
            for (std::size_t i = 0; i < m; ++i) {
                const auto v = static_cast<std::size_t>(row[i]);
                double sum = 0.0;
                std::size_t count = 0;
                for (int u : pred[v]) sum += out.position[static_cast<std::size_t>(u)].x, ++count;
                for (int u : succ[v]) sum += out.position[static_cast<std::size_t>(u)].x, ++count;
                desired[i] = count ? sum / static_cast<double>(count) : out.position[v].x;
            }
            // The left-packed and right-packed solutions both keep the spacing, and so does their mean.
            left = desired;
            for (std::size_t i = 1; i < m; ++i) left[i] = std::max(left[i], left[i - 1] + s);
            right = desired;
            for (std::size_t i = m; i-- > 1;) right[i - 1] = std::min(right[i - 1], right[i] - s);
            for (std::size_t i = 0; i < m; ++i)
                out.position[static_cast<std::size_t>(row[i])].x = (left[i] + right[i]) / 2.0;
        }
    }
    return out;
}

std::vector<Point> gridLayout(int rows, int columns, double spacing) {
    std::vector<Point> pos;
    if (rows <= 0 || columns <= 0) return pos;
    pos.reserve(static_cast<std::size_t>(rows) * static_cast<std::size_t>(columns));
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c)
            pos.push_back({(c - (columns - 1) / 2.0) * spacing, (r - (rows - 1) / 2.0) * spacing});
    return pos;
}

}  // namespace hetsched::layout
