// From allocations to valid patterns and the weak periodic schedule (sections 8.4 and 8.6.2),
// the family's verification and its Schedule.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <set>

#include "solvers/steady/rational.h"
#include "solvers/steady/steady_common.h"
#include "common/number_format.h"

namespace hetsched {

using steady_detail::Rational;
using steady_detail::RationalOverflow;

std::vector<SteadyUse> allocationUses(const SteadyStateInstance& in, const std::vector<SteadyArc>& arcs,
                                      const SteadyAllocation& a) {
    std::vector<SteadyUse> uses;
    const SteadyApplication& app = in.application;
    for (std::size_t e : a.dataArcs)
        if (e < arcs.size()) uses.push_back({e, SteadyOperation::Data, app.data / arcs[e].bandwidth});
    if (a.processor && *a.processor < in.nodes.size() && in.nodes[*a.processor].speed > 0)
        uses.push_back({arcs.size() + *a.processor, SteadyOperation::Compute, app.work / in.nodes[*a.processor].speed});
    for (std::size_t e : a.resultArcs)
        if (e < arcs.size() && app.result > 0) uses.push_back({e, SteadyOperation::Result, app.result / arcs[e].bandwidth});
    return uses;
}

std::vector<double> steadyResourceLoads(const SteadyStateInstance& in, const SteadySolution& solution) {
    const std::vector<SteadyArc> arcs = steadyArcs(in);
    std::vector<double> load(arcs.size() + in.nodes.size(), 0.0);
    for (const SteadyAllocation& a : solution.allocations)
        for (const SteadyUse& use : allocationUses(in, arcs, a)) load[use.resource] += a.weight * use.timePerInstance;
    return load;
}

namespace {

double toDouble(double x) { return x; }
double toDouble(const Rational& r) { return r.toDouble(); }
bool negligible(double x, double scale) { return x <= 1e-12 * std::max(1.0, scale); }
bool negligible(const Rational& r, double) { return r.num() <= 0; }

// Corollary 20.1a: regularise G_B with dummy edges to a D-regular weighted bipartite multigraph,
// then repeatedly take a perfect matching of the support (warm-started) and its minimum weight.
template <class Number>
std::vector<std::pair<std::vector<std::size_t>, Number>> colourEdges(std::size_t n, const std::vector<SteadyArc>& arcs,
                                                                      const std::vector<Number>& weight) {
    struct Edge {
        std::size_t left, right;
        Number w;
        std::size_t arc;   // SIZE_MAX for a dummy edge
        bool alive;
    };
    constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
    std::vector<Edge> edges;
    std::vector<Number> outLoad(n, Number(0)), inLoad(n, Number(0));
    Number maxWeight(0);
    for (std::size_t e = 0; e < arcs.size(); ++e) maxWeight = std::max(maxWeight, weight[e]);
    for (std::size_t e = 0; e < arcs.size(); ++e) {
        if (negligible(weight[e], toDouble(maxWeight))) continue;
        edges.push_back({arcs[e].from, arcs[e].to, weight[e], e, true});
        outLoad[arcs[e].from] += weight[e];
        inLoad[arcs[e].to] += weight[e];
    }
    Number d(0);
    for (std::size_t u = 0; u < n; ++u) d = std::max({d, outLoad[u], inLoad[u]});
    std::vector<std::pair<std::vector<std::size_t>, Number>> result;
    if (edges.empty()) return result;
    const double scale = toDouble(d);
    // Northwest-corner filling of the slacks D - load with dummy edges.
    std::vector<Number> slackOut(n), slackIn(n);
    for (std::size_t u = 0; u < n; ++u) {
        slackOut[u] = d - outLoad[u];
        slackIn[u] = d - inLoad[u];
    }
    for (std::size_t i = 0, j = 0; i < n && j < n;) {
        if (negligible(slackOut[i], scale)) { ++i; continue; }
        if (negligible(slackIn[j], scale)) { ++j; continue; }
        const Number amount = std::min(slackOut[i], slackIn[j]);
        edges.push_back({i, j, amount, kNone, true});
        slackOut[i] -= amount;
        slackIn[j] -= amount;
    }
    std::vector<std::vector<std::size_t>> adjacency(n);
    for (std::size_t k = 0; k < edges.size(); ++k) adjacency[edges[k].left].push_back(k);
    std::vector<std::size_t> mateLeft(n, kNone), mateRight(n, kNone);   // edge indices
    std::vector<std::size_t> visitedAt(n, 0);
    std::size_t stamp = 0;
    // Kuhn's augmenting path from a free left node, iteratively.
    auto augment = [&](std::size_t start) {
        ++stamp;
        struct Frame { std::size_t left, next, via; };
        std::vector<Frame> stack{{start, 0, kNone}};
        while (!stack.empty()) {
            Frame& f = stack.back();
            auto& adj = adjacency[f.left];
            bool pushed = false;
            while (f.next < adj.size()) {
                const std::size_t k = adj[f.next++];
                if (!edges[k].alive) continue;
                const std::size_t r = edges[k].right;
                if (visitedAt[r] == stamp) continue;
                visitedAt[r] = stamp;
                if (mateRight[r] == kNone) {
                    // Flip the path: each frame's left node takes the edge it went through.
                    std::size_t edge = k;
                    for (std::size_t level = stack.size(); level-- > 0;) {
                        const std::size_t l = stack[level].left;
                        const std::size_t previous = mateLeft[l];
                        mateLeft[l] = edge;
                        mateRight[edges[edge].right] = edge;
                        edge = previous;
                        if (level > 0) edge = stack[level].via;
                    }
                    return true;
                }
                stack.push_back({edges[mateRight[r]].left, 0, k});
                pushed = true;
                break;
            }
            if (!pushed && stack.back().next >= adjacency[stack.back().left].size()) stack.pop_back();
        }
        return false;
    };
    std::vector<bool> active(n, false);
    for (const Edge& e : edges) active[e.left] = true;
    Number remaining = d;
    for (std::size_t round = 0; round < edges.size() + 1 && !negligible(remaining, scale); ++round) {
        for (std::size_t u = 0; u < n; ++u)
            if (active[u] && mateLeft[u] == kNone) augment(u);
        Number mu = remaining;
        bool any = false;
        for (std::size_t u = 0; u < n; ++u)
            if (mateLeft[u] != kNone) {
                mu = std::min(mu, edges[mateLeft[u]].w);
                any = true;
            }
        if (!any) break;   // floating point only: nothing left that can be matched
        std::vector<std::size_t> matched;
        for (std::size_t u = 0; u < n; ++u) {
            if (mateLeft[u] == kNone) continue;
            Edge& e = edges[mateLeft[u]];
            if (e.arc != kNone) matched.push_back(e.arc);
            e.w -= mu;
            if (negligible(e.w, scale)) {
                e.alive = false;
                mateRight[e.right] = kNone;
                mateLeft[u] = kNone;
            }
        }
        for (std::size_t u = 0; u < n; ++u) {
            bool live = false;
            for (std::size_t k : adjacency[u]) live = live || edges[k].alive;
            active[u] = live;
        }
        remaining -= mu;
        std::sort(matched.begin(), matched.end());
        result.emplace_back(std::move(matched), mu);
    }
    return result;
}

// The weak periodic schedule (8.4.2) for weights x, uses with durations d, and patterns with
// durations y, in Number arithmetic; fills solution.periodic and narrows the patterns' processors to those
// computing in them (when `assignProcessors`, any processor may take any pattern's time first). Returns
// false when a resource's load does not fit its patterns.
template <class Number>
struct Problem {
    std::vector<Number> x;                                   // per allocation
    std::vector<std::vector<std::pair<SteadyUse, Number>>> uses;   // per allocation: use and delta_o / s_r
    std::vector<Number> y;                                   // per pattern
};

template <class Number>
bool buildPeriodic(const SteadyStateInstance& in, std::size_t arcCount, const Problem<Number>& pb,
                   SteadySolution& s, bool assignProcessors, bool exact) {
    const std::size_t resources = arcCount + in.nodes.size();
    // Patterns containing each resource, in pattern order.
    std::vector<std::vector<std::size_t>> patternsOf(resources);
    for (std::size_t p = 0; p < s.patterns.size(); ++p) {
        for (std::size_t e : s.patterns[p].arcs) patternsOf[e].push_back(p);
        if (!assignProcessors)
            for (std::size_t u : s.patterns[p].processors) patternsOf[arcCount + u].push_back(p);
    }
    if (assignProcessors)
        for (std::size_t u = 0; u < in.nodes.size(); ++u)
            for (std::size_t p = 0; p < s.patterns.size(); ++p) patternsOf[arcCount + u].push_back(p);
    struct Piece {
        std::size_t resource, pattern, allocation;
        SteadyOperation op;
        Number offset, time, count;
    };
    std::vector<std::vector<std::tuple<std::size_t, SteadyOperation, Number, Number>>> work(resources);
    for (std::size_t a = 0; a < pb.x.size(); ++a)
        for (const auto& [use, d] : pb.uses[a]) work[use.resource].emplace_back(a, use.operation, pb.x[a] * d, d);
    std::vector<Piece> pieces;
    std::vector<std::set<std::size_t>> processorsOf(s.patterns.size());
    for (std::size_t r = 0; r < resources; ++r) {
        std::size_t k = 0;
        Number used(0);   // of pattern patternsOf[r][k]
        for (auto& [a, op, time, d] : work[r]) {
            Number left = time;
            const double scale = toDouble(time);
            while (!negligible(left, scale)) {
                if (k >= patternsOf[r].size()) return false;
                const std::size_t p = patternsOf[r][k];
                const Number room = pb.y[p] - used;
                if (negligible(room, toDouble(pb.y[p]))) {
                    ++k;
                    used = Number(0);
                    continue;
                }
                const Number piece = std::min(room, left);
                pieces.push_back({r, p, a, op, used, piece, piece / d});
                if (r >= arcCount) processorsOf[p].insert(r - arcCount);
                used += piece;
                left -= piece;
            }
        }
    }
    // T: the lcm of the denominators of every n_p(o, A, r) (and of the x_a, for an integer K).
    Number period(1);
    Number rho(0);
    for (const Number& x : pb.x) rho += x;
    if constexpr (std::is_same_v<Number, Rational>) {
        std::int64_t t = 1;
        for (const Piece& piece : pieces) t = steady_detail::lcmChecked(t, piece.count.den());
        for (const Number& x : pb.x) t = steady_detail::lcmChecked(t, x.den());
        if (t > (std::int64_t{1} << 50)) throw RationalOverflow();   // keep every time exact in a double
        period = Rational(t);
    }
    SteadyPeriodicSchedule& w = s.periodic;
    w.exact = exact;
    w.period = toDouble(period);
    w.tasksPerPeriod = toDouble(period * rho);
    w.patternStart.assign(1, 0.0);
    std::vector<Number> start(1, Number(0));
    for (const Number& y : pb.y) start.push_back(start.back() + y);
    for (std::size_t p = 1; p < start.size(); ++p) w.patternStart.push_back(toDouble(period * start[p]));
    w.placements.clear();
    for (const Piece& piece : pieces) {
        SteadyPlacement pl;
        pl.resource = piece.resource;
        pl.pattern = piece.pattern;
        pl.allocation = piece.allocation;
        pl.operation = piece.op;
        pl.count = toDouble(period * piece.count);
        pl.start = toDouble(period * (start[piece.pattern] + piece.offset));
        pl.end = toDouble(period * (start[piece.pattern] + piece.offset + piece.time));
        w.placements.push_back(pl);
    }
    // A pattern lists the processors that compute in it, whether they were chosen here or offered by the
    // pattern's maker (column generation's pricing offers every processor that could). Last, so that a
    // retry in doubles after an exact overflow still sees every processor offered.
    for (std::size_t p = 0; p < s.patterns.size(); ++p)
        s.patterns[p].processors.assign(processorsOf[p].begin(), processorsOf[p].end());
    return true;
}

// Patterns from the loads when none are given: matchings of G_B (bidirectional), one pattern of
// every loaded resource (multi-port); a compute-only pattern when a processor needs more time.
template <class Number>
Expected<bool> makePatterns(const SteadyStateInstance& in, const std::vector<SteadyArc>& arcs, Problem<Number>& pb,
                            SteadySolution& s) {
    const std::size_t E = arcs.size();
    std::vector<Number> load(E + in.nodes.size(), Number(0));
    for (std::size_t a = 0; a < pb.x.size(); ++a)
        for (const auto& [use, d] : pb.uses[a]) load[use.resource] += pb.x[a] * d;
    // Scale x down if rounding pushed a port, a link or a processor over 1.
    Number worst(1);
    if (in.model == CommunicationModel::BidirectionalOnePort) {
        std::vector<Number> out(in.nodes.size(), Number(0)), inPort(in.nodes.size(), Number(0));
        for (std::size_t e = 0; e < E; ++e) {
            out[arcs[e].from] += load[e];
            inPort[arcs[e].to] += load[e];
        }
        for (std::size_t u = 0; u < in.nodes.size(); ++u) worst = std::max({worst, out[u], inPort[u]});
    } else if (in.model == CommunicationModel::BoundedMultiport) {
        for (std::size_t e = 0; e < E; ++e) worst = std::max(worst, load[e]);
    } else {
        return solverError("the unidirectional one-port model needs patterns from column generation");
    }
    for (std::size_t u = 0; u < in.nodes.size(); ++u) worst = std::max(worst, load[E + u]);
    if (worst > Number(1)) {
        for (Number& x : pb.x) x = x / worst;
        for (Number& l : load) l = l / worst;
    }
    s.patterns.clear();
    pb.y.clear();
    Number total(0);
    if (in.model == CommunicationModel::BidirectionalOnePort) {
        std::vector<Number> occupation(load.begin(), load.begin() + static_cast<std::ptrdiff_t>(E));
        for (auto& [matching, mu] : colourEdges(in.nodes.size(), arcs, occupation)) {
            SteadyPattern p;
            p.arcs = std::move(matching);
            s.patterns.push_back(std::move(p));
            pb.y.push_back(mu);
            total += mu;
        }
    } else {
        SteadyPattern p;
        Number longest(0);
        for (std::size_t e = 0; e < E; ++e)
            if (load[e] > Number(0)) {
                p.arcs.push_back(e);
                longest = std::max(longest, load[e]);
            }
        if (!p.arcs.empty()) {
            s.patterns.push_back(std::move(p));
            pb.y.push_back(longest);
            total = longest;
        }
    }
    Number compute(0);
    for (std::size_t u = 0; u < in.nodes.size(); ++u) compute = std::max(compute, load[E + u]);
    if (compute > total) {
        s.patterns.emplace_back();
        pb.y.push_back(compute - total);
    }
    return true;
}

template <class Number>
Expected<bool> finish(const SteadyStateInstance& in, const std::vector<SteadyArc>& arcs, Problem<Number> pb,
                      SteadySolution& s, bool keepGivenPatterns, bool exact) {
    if (!keepGivenPatterns) {
        Expected<bool> made = makePatterns(in, arcs, pb, s);
        if (!made) return made;
    } else {
        // Rounding: (8.2) by scaling y, then (8.1) by scaling x by the smallest exact factor.
        Number sum(0);
        for (const Number& y : pb.y) sum += y;
        if (sum > Number(1))
            for (Number& y : pb.y) y = y / sum;
        std::vector<Number> load(arcs.size() + in.nodes.size(), Number(0)), cover(load.size(), Number(0));
        for (std::size_t a = 0; a < pb.x.size(); ++a)
            for (const auto& [use, d] : pb.uses[a]) load[use.resource] += pb.x[a] * d;
        for (std::size_t p = 0; p < s.patterns.size(); ++p) {
            for (std::size_t e : s.patterns[p].arcs) cover[e] += pb.y[p];
            for (std::size_t u : s.patterns[p].processors) cover[arcs.size() + u] += pb.y[p];
        }
        Number factor(1);
        for (std::size_t r = 0; r < load.size(); ++r)
            if (load[r] > cover[r]) factor = std::min(factor, cover[r] / load[r]);
        if (factor < Number(1))
            for (Number& x : pb.x) x = x * factor;
    }
    // Drop patterns of zero duration (renumbering) before placing operations.
    {
        std::vector<SteadyPattern> kept;
        std::vector<Number> ys;
        for (std::size_t p = 0; p < s.patterns.size(); ++p)
            if (!negligible(pb.y[p], 1.0)) {
                kept.push_back(std::move(s.patterns[p]));
                ys.push_back(pb.y[p]);
            }
        s.patterns = std::move(kept);
        pb.y = std::move(ys);
    }
    if (!buildPeriodic(in, arcs.size(), pb, s, !keepGivenPatterns, exact))
        return solverError("a resource's load does not fit in the patterns that contain it");
    Number rho(0);
    for (std::size_t a = 0; a < pb.x.size(); ++a) {
        s.allocations[a].weight = toDouble(pb.x[a]);
        rho += pb.x[a];
        if constexpr (std::is_same_v<Number, Rational>) s.allocations[a].exactWeight = pb.x[a].toString();
    }
    for (std::size_t p = 0; p < s.patterns.size(); ++p) {
        s.patterns[p].duration = toDouble(pb.y[p]);
        if constexpr (std::is_same_v<Number, Rational>) s.patterns[p].exactDuration = pb.y[p].toString();
    }
    s.throughput = toDouble(rho);
    if constexpr (std::is_same_v<Number, Rational>) s.exactThroughput = rho.toString();
    return true;
}

std::optional<Rational> exactValue(double v, double relTol = 1e-10) {
    return steady_detail::rationalize(v, relTol, 1'000'000'000);
}

}  // namespace

std::vector<SteadyPattern> decomposeIntoMatchings(std::size_t nodeCount, const std::vector<SteadyArc>& arcs,
                                                  const std::vector<double>& occupation) {
    std::vector<SteadyPattern> patterns;
    for (auto& [matching, mu] : colourEdges(nodeCount, arcs, occupation)) {
        SteadyPattern p;
        p.arcs = std::move(matching);
        p.duration = mu;
        patterns.push_back(std::move(p));
    }
    return patterns;
}

Expected<SteadySolution> completeSteadySolution(const SteadyStateInstance& in, SteadySolution s, bool keepGivenPatterns) {
    const std::vector<SteadyArc> arcs = steadyArcs(in);
    // Allocations of (numerically) zero weight take no part.
    std::erase_if(s.allocations, [](const SteadyAllocation& a) { return !(a.weight > 1e-13); });
    if (keepGivenPatterns)
        for (const SteadyPattern& p : s.patterns) {
            for (std::size_t e : p.arcs)
                if (e >= arcs.size()) return solverError("a pattern names an arc that does not exist");
            for (std::size_t u : p.processors)
                if (u >= in.nodes.size()) return solverError("a pattern names a processor that does not exist");
        }
    std::vector<std::vector<SteadyUse>> uses;
    for (const SteadyAllocation& a : s.allocations) uses.push_back(allocationUses(in, arcs, a));
    // Exact: sizes and speeds as small rationals (decimal inputs), weights by continued fractions.
    try {
        Problem<Rational> pb;
        bool ok = true;
        const auto sizeOf = [&](SteadyOperation op) {
            return op == SteadyOperation::Data ? in.application.data
                                               : op == SteadyOperation::Compute ? in.application.work : in.application.result;
        };
        for (std::size_t a = 0; a < s.allocations.size() && ok; ++a) {
            const auto x = exactValue(s.allocations[a].weight);
            ok = x.has_value();
            if (ok) pb.x.push_back(*x);
            pb.uses.emplace_back();
            for (const SteadyUse& use : uses[a]) {
                const double speed = use.resource < arcs.size() ? arcs[use.resource].bandwidth
                                                                : in.nodes[use.resource - arcs.size()].speed;
                const auto size = steady_detail::rationalize(sizeOf(use.operation), 1e-13, 1'000'000);
                const auto rate = steady_detail::rationalize(speed, 1e-13, 1'000'000);
                if (!size || !rate) { ok = false; break; }
                pb.uses.back().emplace_back(use, *size / *rate);
            }
        }
        for (std::size_t p = 0; p < s.patterns.size() && ok && keepGivenPatterns; ++p) {
            const auto y = exactValue(s.patterns[p].duration);
            ok = y.has_value();
            if (ok) pb.y.push_back(*y);
        }
        if (ok) {
            SteadySolution exact = s;
            Expected<bool> done = finish(in, arcs, std::move(pb), exact, keepGivenPatterns, true);
            if (!done) return done.error();
            return exact;
        }
    } catch (const RationalOverflow&) {
        // fall through to floating point
    }
    Problem<double> pb;
    for (std::size_t a = 0; a < s.allocations.size(); ++a) {
        pb.x.push_back(s.allocations[a].weight);
        pb.uses.emplace_back();
        for (const SteadyUse& use : uses[a]) pb.uses.back().emplace_back(use, use.timePerInstance);
    }
    if (keepGivenPatterns)
        for (const SteadyPattern& p : s.patterns) pb.y.push_back(p.duration);
    Expected<bool> done = finish(in, arcs, std::move(pb), s, keepGivenPatterns, false);
    if (!done) return done.error();
    for (SteadyAllocation& a : s.allocations) a.exactWeight.clear();
    for (SteadyPattern& p : s.patterns) p.exactDuration.clear();
    s.exactThroughput.clear();
    return s;
}

// ---------------------------------------------------------------------------------------------
// Verification.

namespace {

// Whether the arcs form a path from `from` to `to` (empty when from == to).
bool isPath(const std::vector<SteadyArc>& arcs, const std::vector<std::size_t>& path, std::size_t from, std::size_t to) {
    std::size_t at = from;
    std::set<std::size_t> visited{from};
    for (std::size_t e : path) {
        if (e >= arcs.size() || arcs[e].from != at) return false;
        at = arcs[e].to;
        if (!visited.insert(at).second) return false;
    }
    return at == to;
}

// Whether the arcs form an arborescence rooted at `root` containing every destination.
bool isArborescence(const SteadyStateInstance& in, const std::vector<SteadyArc>& arcs, const std::vector<std::size_t>& tree,
                    std::size_t root, const std::vector<std::size_t>& destinations) {
    std::vector<std::size_t> parent(in.nodes.size(), SIZE_MAX);
    for (std::size_t e : tree) {
        if (e >= arcs.size() || arcs[e].to == root || parent[arcs[e].to] != SIZE_MAX) return false;
        parent[arcs[e].to] = e;
    }
    // Every tree node must lead back to the root without a cycle.
    for (std::size_t e : tree) {
        std::size_t at = arcs[e].to;
        for (std::size_t steps = 0; at != root; ++steps) {
            if (steps > in.nodes.size() || parent[at] == SIZE_MAX) return false;
            at = arcs[parent[at]].from;
        }
    }
    for (std::size_t d : destinations)
        if (d != root && parent[d] == SIZE_MAX) return false;
    return true;
}

}  // namespace

std::vector<std::string> verifySteady(const SteadyStateInstance& in, const SteadySolution& s) {
    std::vector<std::string> problems;
    const std::vector<SteadyArc> arcs = steadyArcs(in);
    const std::size_t E = arcs.size();
    const SteadyApplication& app = in.application;
    const std::vector<std::size_t> destinations = steadyDestinations(in);
    const double tol = 1e-9;
    std::vector<double> load(E + in.nodes.size(), 0.0), cover(load.size(), 0.0);
    double rho = 0;
    for (std::size_t a = 0; a < s.allocations.size(); ++a) {
        const SteadyAllocation& al = s.allocations[a];
        const std::string name = "allocation " + std::to_string(a);
        if (!std::isfinite(al.weight) || al.weight < 0) problems.push_back(name + " has weight " + formatSignificant(al.weight, 12));
        if (app.type == SteadyApplicationType::BagOfTasks) {
            if (!al.processor || *al.processor >= in.nodes.size() || in.nodes[*al.processor].speed <= 0) {
                problems.push_back(name + " has no computing processor");
                continue;
            }
            if (!isPath(arcs, al.dataArcs, app.source, *al.processor))
                problems.push_back(name + ": the data links are not a path from the source to the processor");
            if (app.result > 0 ? !isPath(arcs, al.resultArcs, *al.processor, app.source) : !al.resultArcs.empty())
                problems.push_back(name + ": the result links are not a path from the processor to the source");
        } else {
            if (al.processor || !al.resultArcs.empty() ||
                !isArborescence(in, arcs, al.dataArcs, app.source, destinations))
                problems.push_back(name + " is not a tree rooted at the source reaching every destination");
        }
        rho += al.weight;
        for (const SteadyUse& use : allocationUses(in, arcs, al)) load[use.resource] += al.weight * use.timePerInstance;
    }
    if (std::abs(rho - s.throughput) > tol * std::max(1.0, rho))
        problems.push_back("throughput " + formatSignificant(s.throughput, 12) + " is not the sum of the allocation weights " + formatSignificant(rho, 12));
    double total = 0;
    for (std::size_t p = 0; p < s.patterns.size(); ++p) {
        const SteadyPattern& pt = s.patterns[p];
        const std::string name = "pattern " + std::to_string(p);
        if (!std::isfinite(pt.duration) || pt.duration < 0) problems.push_back(name + " has duration " + formatSignificant(pt.duration, 12));
        total += pt.duration;
        std::set<std::size_t> tails, heads, ends, pairs;
        for (std::size_t e : pt.arcs) {
            if (e >= E) {
                problems.push_back(name + " names arc " + std::to_string(e) + " that does not exist");
                continue;
            }
            cover[e] += pt.duration;
            const bool newTail = tails.insert(arcs[e].from).second, newHead = heads.insert(arcs[e].to).second;
            if (in.model == CommunicationModel::BidirectionalOnePort && (!newTail || !newHead))
                problems.push_back(name + " is not a matching of G_B (" + steady_detail::arcName(in, arcs[e]) +
                                   " shares a port)");
            if (in.model == CommunicationModel::UnidirectionalOnePort &&
                (!ends.insert(arcs[e].from).second || !ends.insert(arcs[e].to).second))
                problems.push_back(name + " is not a matching of G (" + steady_detail::arcName(in, arcs[e]) +
                                   " shares a node)");
        }
        for (std::size_t u : pt.processors) {
            if (u >= in.nodes.size() || in.nodes[u].speed <= 0) {
                problems.push_back(name + " names a processor that does not compute");
                continue;
            }
            cover[E + u] += pt.duration;
        }
    }
    // (8.2) and (8.1).
    if (total > 1 + tol) problems.push_back("(8.2) violated: the pattern durations sum to " + formatSignificant(total, 12));
    for (std::size_t r = 0; r < load.size(); ++r)
        if (load[r] > cover[r] + tol * std::max(1.0, load[r]))
            problems.push_back("(8.1) violated on " +
                               (r < E ? steady_detail::arcName(in, arcs[r]) : in.nodes[r - E].name) + ": load " +
                               formatSignificant(load[r], 12) + " > available " + formatSignificant(cover[r], 12));
    // The weak periodic schedule.
    const SteadyPeriodicSchedule& w = s.periodic;
    const double T = w.period;
    const double ptol = tol * std::max(1.0, T);
    if (!(T > 0) || !std::isfinite(T)) {
        problems.push_back("period " + formatSignificant(T, 12) + " is not positive");
        return problems;
    }
    if (std::abs(w.tasksPerPeriod - T * s.throughput) > ptol * std::max(1.0, s.throughput))
        problems.push_back("tasks per period " + formatSignificant(w.tasksPerPeriod, 12) + " != T rho = " + formatSignificant(T * s.throughput, 12));
    if (w.exact && std::abs(w.tasksPerPeriod - std::round(w.tasksPerPeriod)) > 1e-6)
        problems.push_back("tasks per period " + formatSignificant(w.tasksPerPeriod, 12) + " is not an integer");
    if (w.patternStart.size() != s.patterns.size() + 1) {
        problems.push_back("the periodic schedule does not have one interval per pattern");
        return problems;
    }
    for (std::size_t p = 0; p < s.patterns.size(); ++p)
        if (std::abs(w.patternStart[p + 1] - w.patternStart[p] - T * s.patterns[p].duration) > ptol)
            problems.push_back("pattern " + std::to_string(p) + "'s interval is not T y_p long");
    if (w.patternStart.back() > T + ptol) problems.push_back("the patterns do not fit in the period");
    std::map<std::tuple<std::size_t, int, std::size_t>, double> counts;
    std::vector<std::vector<std::pair<double, double>>> busy(load.size());
    for (const SteadyPlacement& pl : w.placements) {
        if (pl.resource >= load.size() || pl.pattern >= s.patterns.size() || pl.allocation >= s.allocations.size()) {
            problems.push_back("a placement names a resource, pattern or allocation that does not exist");
            continue;
        }
        const SteadyPattern& pt = s.patterns[pl.pattern];
        const bool inPattern = pl.resource < E
                                   ? std::find(pt.arcs.begin(), pt.arcs.end(), pl.resource) != pt.arcs.end()
                                   : std::find(pt.processors.begin(), pt.processors.end(), pl.resource - E) !=
                                         pt.processors.end();
        const std::string where = pl.resource < E ? steady_detail::arcName(in, arcs[pl.resource]) : in.nodes[pl.resource - E].name;
        if (!inPattern) problems.push_back(where + " works in pattern " + std::to_string(pl.pattern) + " without being in it");
        if (pl.start < w.patternStart[pl.pattern] - ptol || pl.end > w.patternStart[pl.pattern + 1] + ptol ||
            pl.end < pl.start)
            problems.push_back(where + " works outside pattern " + std::to_string(pl.pattern) + "'s interval");
        double per = -1;
        for (const SteadyUse& use : allocationUses(in, arcs, s.allocations[pl.allocation]))
            if (use.resource == pl.resource && use.operation == pl.operation) per = use.timePerInstance;
        if (per < 0) problems.push_back(where + " performs an operation its allocation does not place there");
        else if (std::abs((pl.end - pl.start) - pl.count * per) > ptol)
            problems.push_back(where + ": " + formatSignificant(pl.count, 12) + " operations do not last " + formatSignificant(pl.end - pl.start, 12));
        if (w.exact && std::abs(pl.count - std::round(pl.count)) > 1e-6)
            problems.push_back(where + ": a non-integer number of operations " + formatSignificant(pl.count, 12));
        counts[{pl.allocation, static_cast<int>(pl.operation), pl.resource}] += pl.count;
        busy[pl.resource].emplace_back(pl.start, pl.end);
    }
    for (std::size_t a = 0; a < s.allocations.size(); ++a)
        for (const SteadyUse& use : allocationUses(in, arcs, s.allocations[a])) {
            const double c = counts[{a, static_cast<int>(use.operation), use.resource}];
            if (std::abs(c - T * s.allocations[a].weight) > ptol * std::max(1.0, s.allocations[a].weight))
                problems.push_back("allocation " + std::to_string(a) + " has " + formatSignificant(c, 12) + " operations per period on a resource, not T x_a = " +
                                   formatSignificant(T * s.allocations[a].weight, 12));
        }
    // No resource over-used: one operation at a time on each link and processor, and the one-port
    // rules on the ports (the patterns are matchings, so checking each resource suffices there).
    for (std::size_t r = 0; r < busy.size(); ++r) {
        auto& b = busy[r];
        std::sort(b.begin(), b.end());
        for (std::size_t k = 1; k < b.size(); ++k)
            if (b[k].first < b[k - 1].second - ptol) {
                problems.push_back((r < E ? steady_detail::arcName(in, arcs[r]) : in.nodes[r - E].name) +
                                   " is used twice at time " + formatSignificant(b[k].first, 12));
                break;
            }
    }
    return problems;
}

Schedule steadySchedule(const SteadyStateInstance& in, const SteadySolution& s) {
    Schedule schedule;
    schedule.title = std::string(steadyApplicationName(in.application.type)) + ", " + communicationModelName(in.model) +
                     ": one period";
    const std::vector<SteadyArc> arcs = steadyArcs(in);
    const std::size_t E = arcs.size();
    std::map<std::string, std::size_t> laneIndex;
    auto lane = [&](const std::string& name, const std::string& category) -> Lane& {
        auto [it, inserted] = laneIndex.emplace(name, schedule.lanes.size());
        if (inserted) schedule.lanes.push_back({name, category, {}});
        return schedule.lanes[it->second];
    };
    // Lanes in a stable order, grouped by category (a view names each category once): send ports,
    // receive ports (or ports, or links), then processors (bags of tasks).
    if (in.model == CommunicationModel::BidirectionalOnePort) {
        for (std::size_t u = 0; u < in.nodes.size(); ++u) lane(in.nodes[u].name + " send", "send ports");
        for (std::size_t u = 0; u < in.nodes.size(); ++u) lane(in.nodes[u].name + " receive", "receive ports");
    } else if (in.model == CommunicationModel::UnidirectionalOnePort) {
        for (std::size_t u = 0; u < in.nodes.size(); ++u) lane(in.nodes[u].name + " port", "ports");
    }
    if (in.model == CommunicationModel::BoundedMultiport)
        for (const SteadyArc& a : arcs) lane(steady_detail::arcName(in, a), "links");
    // Processors only where the application computes: a broadcast or multicast only moves messages.
    if (in.application.type == SteadyApplicationType::BagOfTasks)
        for (std::size_t u = 0; u < in.nodes.size(); ++u)
            if (in.nodes[u].speed > 0) lane(in.nodes[u].name, "processors");
    auto opName = [](SteadyOperation op) {
        return op == SteadyOperation::Data ? "data" : op == SteadyOperation::Compute ? "comp" : "result";
    };
    for (const SteadyPlacement& pl : s.periodic.placements) {
        Interval iv;
        iv.start = pl.start;
        iv.end = pl.end;
        iv.taskId = static_cast<int>(pl.allocation);
        iv.group = "pi" + std::to_string(pl.pattern + 1);
        iv.label = formatSignificant(pl.count, 12);
        const std::string detail = "allocation " + std::to_string(pl.allocation + 1) + ": " +
                                   formatSignificant(pl.count, 12) + " x " + opName(pl.operation) + " in pattern pi" +
                                   std::to_string(pl.pattern + 1);
        iv.detail = detail;
        if (pl.resource >= E) {
            iv.kind = IntervalKind::Compute;
            lane(in.nodes[pl.resource - E].name, "processors").intervals.push_back(iv);
            continue;
        }
        const SteadyArc& a = arcs[pl.resource];
        const IntervalKind sendKind = pl.operation == SteadyOperation::Result ? IntervalKind::Return : IntervalKind::Send;
        iv.detail = detail + " on " + steady_detail::arcName(in, a);
        if (in.model == CommunicationModel::BoundedMultiport) {
            iv.kind = sendKind;
            lane(steady_detail::arcName(in, a), "links").intervals.push_back(iv);
        } else {
            const bool bi = in.model == CommunicationModel::BidirectionalOnePort;
            iv.kind = sendKind;
            lane(in.nodes[a.from].name + (bi ? " send" : " port"), bi ? "send ports" : "ports").intervals.push_back(iv);
            iv.kind = pl.operation == SteadyOperation::Result ? IntervalKind::Return : IntervalKind::Receive;
            lane(in.nodes[a.to].name + (bi ? " receive" : " port"), bi ? "receive ports" : "ports").intervals.push_back(iv);
        }
    }
    for (std::size_t p = 0; p < s.patterns.size(); ++p)
        schedule.markers.push_back({"pi" + std::to_string(p + 1), s.periodic.patternStart[p], true});
    schedule.markers.push_back({"T", s.periodic.period, false});
    schedule.metrics = {{"throughput", s.throughput},
                        {"period", s.periodic.period},
                        {"tasks per period", s.periodic.tasksPerPeriod},
                        {"patterns", static_cast<double>(s.patterns.size())},
                        {"allocations", static_cast<double>(s.allocations.size())}};
    return schedule;
}

}  // namespace hetsched
