// solver column-generation: LP (8.3) over allocations and valid patterns, by delayed column
// generation with the separation oracles of section 8.5.3 (the practical form of the ellipsoid argument).
#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>
#include <set>

#include "lp/linear_program.h"
#include "solvers/steady/steady_common.h"
#include "solvers/steady/steady_registration.h"

namespace hetsched {

using namespace steady_detail;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kReducedCostTolerance = 1e-9;

// Shortest-path Steiner heuristic (Takahashi-Matsuyama): grow the tree from the source by the
// cheapest path to a target not yet in it.
std::vector<std::size_t> steinerTree(const SteadyStateInstance& in, const std::vector<SteadyArc>& arcs, const Adjacency& adj,
                                     const std::vector<double>& weight) {
    const std::size_t n = in.nodes.size();
    std::vector<bool> inTree(n, false);
    inTree[in.application.source] = true;
    std::vector<std::size_t> tree;
    std::set<std::size_t> missing(in.application.targets.begin(), in.application.targets.end());
    while (!missing.empty()) {
        // Multi-source Dijkstra from the tree: a virtual root linked to every tree node at cost 0.
        std::vector<double> dist(n, kInf);
        std::vector<std::size_t> parent(n, SIZE_MAX);
        using Item = std::pair<double, std::size_t>;
        std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
        for (std::size_t u = 0; u < n; ++u)
            if (inTree[u]) {
                dist[u] = 0;
                queue.push({0, u});
            }
        while (!queue.empty()) {
            const auto [d, u] = queue.top();
            queue.pop();
            if (d > dist[u]) continue;
            for (std::size_t e : adj.out[u]) {
                const std::size_t v = arcs[e].to;
                if (inTree[v]) continue;
                if (d + weight[e] < dist[v]) {
                    dist[v] = d + weight[e];
                    parent[v] = e;
                    queue.push({dist[v], v});
                }
            }
        }
        std::size_t best = SIZE_MAX;
        for (std::size_t t : missing)
            if (dist[t] < kInf && (best == SIZE_MAX || dist[t] < dist[best])) best = t;
        if (best == SIZE_MAX) return {};
        for (std::size_t at = best; !inTree[at];) {
            const std::size_t e = parent[at];
            tree.push_back(e);
            inTree[at] = true;
            missing.erase(at);
            at = arcs[e].from;
        }
    }
    std::sort(tree.begin(), tree.end());
    return tree;
}

}  // namespace

std::vector<std::size_t> minimumSteinerArborescence(std::size_t n, const std::vector<SteadyArc>& arcs, std::size_t root,
                                                    const std::vector<std::size_t>& terminals,
                                                    const std::vector<double>& weight) {
    const std::size_t k = terminals.size();
    if (k == 0 || k > 20 || root >= n) return {};
    const Adjacency adj = adjacencyOf(n, arcs);
    const std::size_t full = (std::size_t{1} << k) - 1;
    // best[S][v]: the weight of the lightest arborescence rooted at v reaching the terminals of S, and
    // how it is made: S split in two at v (`split`, the subset of one side), or the arc out of v
    // (`arc`) towards an arborescence of S; neither at v = the terminal of a one-terminal S.
    struct Step {
        double weight = kInf;
        std::size_t split = 0;
        std::size_t arc = SIZE_MAX;
    };
    std::vector<std::vector<Step>> best(full + 1, std::vector<Step>(n));
    using Item = std::pair<double, std::size_t>;
    for (std::size_t S = 1; S <= full; ++S) {
        std::vector<Step>& at = best[S];
        if ((S & (S - 1)) == 0) {
            at[terminals[static_cast<std::size_t>(__builtin_ctzll(S))]].weight = 0;
        } else {
            // Two arborescences of complementary parts of S joined at v; each split once (the part
            // holding S's lowest terminal first).
            const std::size_t low = S & (~S + 1);
            for (std::size_t part = (S - 1) & S; part > 0; part = (part - 1) & S) {
                if (!(part & low)) continue;
                const std::vector<Step>& a = best[part];
                const std::vector<Step>& b = best[S ^ part];
                for (std::size_t v = 0; v < n; ++v) {
                    const double w = a[v].weight + b[v].weight;
                    if (w < at[v].weight) at[v] = {w, part, SIZE_MAX};
                }
            }
        }
        // Then along arcs, backwards: v reaches S through an arc v -> x (Dijkstra from every labelled node).
        std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
        for (std::size_t v = 0; v < n; ++v)
            if (at[v].weight < kInf) queue.push({at[v].weight, v});
        while (!queue.empty()) {
            const auto [d, x] = queue.top();
            queue.pop();
            if (d > at[x].weight) continue;
            for (std::size_t e : adj.in[x]) {
                const std::size_t v = arcs[e].from;
                const double w = d + weight[e];
                if (w < at[v].weight) {
                    at[v] = {w, 0, e};
                    queue.push({w, v});
                }
            }
        }
    }
    if (best[full][root].weight == kInf) return {};
    // The arcs of the optimum, then a tree of them: every node reached once from the root, and branches
    // that reach no terminal cut (with zero weights the pieces may share nodes).
    std::vector<bool> chosen(arcs.size(), false);
    std::vector<std::pair<std::size_t, std::size_t>> stack{{full, root}};
    while (!stack.empty()) {
        const auto [S, v] = stack.back();
        stack.pop_back();
        const Step& step = best[S][v];
        if (step.arc != SIZE_MAX) {
            chosen[step.arc] = true;
            stack.push_back({S, arcs[step.arc].to});
        } else if (step.split != 0) {
            stack.push_back({step.split, v});
            stack.push_back({S ^ step.split, v});
        }
    }
    std::vector<std::size_t> parent(n, SIZE_MAX);
    std::vector<bool> reached(n, false);
    reached[root] = true;
    std::vector<std::size_t> order{root};
    for (std::size_t i = 0; i < order.size(); ++i)
        for (std::size_t e : adj.out[order[i]])
            if (chosen[e] && !reached[arcs[e].to]) {
                reached[arcs[e].to] = true;
                parent[arcs[e].to] = e;
                order.push_back(arcs[e].to);
            }
    std::vector<bool> needed(n, false);
    for (std::size_t t : terminals) needed[t] = true;
    std::vector<std::size_t> tree;
    for (std::size_t i = order.size(); i-- > 1;) {
        const std::size_t v = order[i];
        if (!needed[v]) continue;
        tree.push_back(parent[v]);
        needed[arcs[parent[v]].from] = true;
    }
    std::sort(tree.begin(), tree.end());
    return tree;
}

Expected<SteadySolution> solveSteadyColumnGeneration(const SteadyStateInstance& in, int maxIterations,
                                                     const Progress& progress, int exactSteinerTargets) {
    const std::vector<SteadyArc> arcs = steadyArcs(in);
    const std::size_t n = in.nodes.size(), E = arcs.size(), R = E + n;
    const SteadyApplication& app = in.application;
    const Adjacency adj = adjacencyOf(n, arcs);
    std::vector<SteadyAllocation> allocations;
    std::vector<std::vector<SteadyUse>> uses;
    std::vector<SteadyPattern> patterns;
    std::set<std::vector<std::size_t>> seenAllocations, seenPatterns;
    auto addAllocation = [&](SteadyAllocation a) {
        std::vector<std::size_t> key = a.dataArcs;
        key.push_back(SIZE_MAX);
        key.push_back(a.processor ? *a.processor : SIZE_MAX);
        key.insert(key.end(), a.resultArcs.begin(), a.resultArcs.end());
        if (!seenAllocations.insert(key).second) return false;
        uses.push_back(allocationUses(in, arcs, a));
        allocations.push_back(std::move(a));
        return true;
    };
    auto addPattern = [&](SteadyPattern p) {
        std::vector<std::size_t> key = p.arcs;
        key.push_back(SIZE_MAX);
        key.insert(key.end(), p.processors.begin(), p.processors.end());
        if (!seenPatterns.insert(key).second) return false;
        patterns.push_back(std::move(p));
        return true;
    };
    std::vector<std::size_t> computing;
    for (std::size_t u = 0; u < n; ++u)
        if (in.nodes[u].speed > 0) computing.push_back(u);
    addPattern({0, {}, {}, computing});

    std::vector<double> U(R, 0.0);   // duals of the resource rows
    double U1 = 0;                   // dual of (8.2)
    lp::LpSolution master;
    std::size_t masterAllocations = 0, masterPatterns = 0;  // the columns of `master`
    double bestBound = kInf;
    bool converged = false;
    // Exact multicast pricing holds 2^k n states (k targets): up to 4 million (about 100 MB).
    constexpr std::size_t kMaxSteinerStates = std::size_t{1} << 22;
    const std::size_t k = app.targets.size();
    const bool exactSteiner = app.type == SteadyApplicationType::Multicast &&
                              k <= static_cast<std::size_t>(std::max(0, exactSteinerTargets)) && k < 32 &&
                              (std::size_t{1} << k) * n <= kMaxSteinerStates;
    const bool heuristicPricing = app.type == SteadyApplicationType::Multicast && !exactSteiner;
    int iteration = 0;
    bool cancelled = false;   // stopped on request once a master LP was solved: its solution is the answer
    for (; iteration < maxIterations; ++iteration) {
        if (progress.stopRequested()) {
            if (master.values.empty()) return cancelledError();
            cancelled = true;
            break;
        }
        bool added = false;
        // Allocation oracle: minimum weight allocation, resource r weighted by U_r delta_o / s_r.
        double minAllocation = kInf, lowerAllocation = kInf;
        std::vector<double> dataWeight(E);
        for (std::size_t e = 0; e < E; ++e) dataWeight[e] = U[e] * app.data / arcs[e].bandwidth;
        if (app.type == SteadyApplicationType::BagOfTasks) {
            std::vector<double> resultWeight(E);
            for (std::size_t e = 0; e < E; ++e) resultWeight[e] = U[e] * app.result / arcs[e].bandwidth;
            const ShortestPaths to = shortestPaths(n, arcs, adj, app.source, dataWeight, false);
            const ShortestPaths back = shortestPaths(n, arcs, adj, app.source, resultWeight, true);
            std::vector<std::pair<double, std::size_t>> candidates;
            for (std::size_t u : computing) {
                const double returnCost = app.result > 0 ? back.distance[u] : 0.0;
                const double cost = to.distance[u] + U[E + u] * app.work / in.nodes[u].speed + returnCost;
                if (cost < kInf) candidates.push_back({cost, u});
            }
            std::sort(candidates.begin(), candidates.end());
            if (!candidates.empty()) minAllocation = lowerAllocation = candidates.front().first;
            for (std::size_t k = 0; k < candidates.size() && k < 8; ++k) {
                if (candidates[k].first >= 1 - kReducedCostTolerance) break;
                const std::size_t u = candidates[k].second;
                SteadyAllocation a;
                a.dataArcs = pathArcs(arcs, to, app.source, u, false);
                a.processor = u;
                if (app.result > 0) a.resultArcs = pathArcs(arcs, back, app.source, u, true);
                added = addAllocation(std::move(a)) || added;
            }
        } else {
            std::vector<std::size_t> tree = app.type == SteadyApplicationType::Broadcast
                                                ? minimumArborescence(n, arcs, app.source, dataWeight)
                                            : exactSteiner ? minimumSteinerArborescence(n, arcs, app.source, app.targets, dataWeight)
                                                           : steinerTree(in, arcs, adj, dataWeight);
            if (tree.empty()) return solverError("no tree reaches every destination");
            double w = 0;
            for (std::size_t e : tree) w += dataWeight[e];
            minAllocation = w;
            lowerAllocation = w;
            if (heuristicPricing) {
                // Every multicast tree holds a path to each target: the farthest one bounds its weight.
                const ShortestPaths sp = shortestPaths(n, arcs, adj, app.source, dataWeight, false);
                lowerAllocation = 0;
                for (std::size_t t : app.targets) lowerAllocation = std::max(lowerAllocation, sp.distance[t]);
            }
            if (w < 1 - kReducedCostTolerance) added = addAllocation({0, {}, std::move(tree), std::nullopt, {}}) || added;
        }
        // Pattern oracle: maximum weight valid pattern, resource r weighted by U_r.
        SteadyPattern best{0, {}, {}, computing};
        std::vector<double> arcWeight(U.begin(), U.begin() + static_cast<std::ptrdiff_t>(E));
        if (in.model == CommunicationModel::BidirectionalOnePort) best.arcs = maximumBipartiteMatching(n, arcs, arcWeight);
        else if (in.model == CommunicationModel::UnidirectionalOnePort) best.arcs = maximumGeneralMatching(n, arcs, arcWeight);
        else
            for (std::size_t e = 0; e < E; ++e) best.arcs.push_back(e);
        double patternWeight = 0;
        for (std::size_t e : best.arcs) patternWeight += U[e];
        for (std::size_t u : computing) patternWeight += U[E + u];
        if (iteration > 0 && lowerAllocation > 0)
            bestBound = std::min(bestBound, std::max(U1, patternWeight) / lowerAllocation);
        if (patternWeight > U1 + kReducedCostTolerance) added = addPattern(std::move(best)) || added;
        if (!added && iteration > 0) {
            converged = true;
            break;
        }
        // The restricted master LP (8.3).
        lp::LinearProgram program(lp::Sense::Maximize);
        for (std::size_t a = 0; a < allocations.size(); ++a) program.addVariable(0, lp::kInfinity, 1);
        for (std::size_t p = 0; p < patterns.size(); ++p) program.addVariable(0, lp::kInfinity, 0);
        const int first = static_cast<int>(allocations.size());
        std::vector<lp::Term> total;
        for (std::size_t p = 0; p < patterns.size(); ++p) total.push_back({first + static_cast<int>(p), 1});
        program.addConstraint(total, -lp::kInfinity, 1);
        std::vector<std::vector<lp::Term>> rows(R);
        for (std::size_t a = 0; a < allocations.size(); ++a)
            for (const SteadyUse& use : uses[a]) rows[use.resource].push_back({static_cast<int>(a), use.timePerInstance});
        for (std::size_t p = 0; p < patterns.size(); ++p) {
            for (std::size_t e : patterns[p].arcs) rows[e].push_back({first + static_cast<int>(p), -1});
            for (std::size_t u : patterns[p].processors) rows[E + u].push_back({first + static_cast<int>(p), -1});
        }
        for (std::size_t r = 0; r < R; ++r) program.addConstraint(rows[r], -lp::kInfinity, 0);
        // Warm start from the previous master's basis: the new columns enter non-basic, so the old basis
        // stays primal feasible and the primal simplex only prices them in (allocations come first, so the
        // patterns' statuses move up by the number of new allocations).
        lp::LpOptions options;
        lp::LpBasis hint;
        if (!master.basis.empty()) {
            hint.rows = master.basis.rows;
            const auto& old = master.basis.columns;
            hint.columns.assign(old.begin(), old.begin() + static_cast<std::ptrdiff_t>(masterAllocations));
            hint.columns.resize(allocations.size(), lp::BasisStatus::AtLower);
            hint.columns.insert(hint.columns.end(), old.begin() + static_cast<std::ptrdiff_t>(masterAllocations),
                                old.begin() + static_cast<std::ptrdiff_t>(masterAllocations + masterPatterns));
            hint.columns.resize(allocations.size() + patterns.size(), lp::BasisStatus::AtLower);
            options.warmStart = &hint;
        }
        Expected<lp::LpSolution> sol = lp::solveLinearProgram(program, options, progress);
        if (!sol && sol.error().kind == ErrorKind::Cancelled && !master.values.empty()) {
            cancelled = true;
            break;
        }
        if (!sol) return sol.error();
        if (sol->status == lp::LpStatus::Cancelled) return cancelledError();
        if (sol->status != lp::LpStatus::Optimal)
            return solverError(std::string("the master LP ended ") + lp::lpStatusName(sol->status) + ": " + sol->message);
        master = *sol;
        masterAllocations = allocations.size();
        masterPatterns = patterns.size();
        U1 = std::max(0.0, sol->duals[0]);
        for (std::size_t r = 0; r < R; ++r) U[r] = std::max(0.0, sol->duals[r + 1]);
        progress.report(std::min(0.7, 0.01 * iteration), "column generation");
        (void)minAllocation;
    }
    SteadySolution s;
    s.lpThroughput = master.objective;
    for (std::size_t a = 0; a < allocations.size() && a < master.values.size(); ++a) {
        allocations[a].weight = master.values[a];
        s.allocations.push_back(allocations[a]);
    }
    for (std::size_t p = 0; p < patterns.size(); ++p) {
        const double y = master.values.size() > allocations.size() + p ? master.values[allocations.size() + p] : 0.0;
        if (y > 1e-13) {
            patterns[p].duration = y;
            s.patterns.push_back(patterns[p]);
        }
    }
    const bool exactPricing = !heuristicPricing && converged;
    // Converged: optimal with exact pricing, else feasible (the heuristic's trees); stopped before it: the
    // restricted master's solution with the bound of the pricing so far, at the iteration limit or cancelled.
    s.status = cancelled     ? SolveStatus::Cancelled
               : !converged  ? SolveStatus::IterationLimit
               : exactPricing ? SolveStatus::Optimal
                              : SolveStatus::Feasible;
    if (!exactPricing && std::isfinite(bestBound)) s.upperBound = std::max(bestBound, master.objective);
    s.message = "column generation over allocations and patterns (8.3): " + std::to_string(iteration) + " rounds, " +
                std::to_string(allocations.size()) + " allocations and " + std::to_string(patterns.size()) +
                " patterns generated" +
                (cancelled ? "; cancelled before convergence" : !converged ? "; iteration limit reached before convergence" : "") +
                (heuristicPricing ? "; multicast trees by a Steiner heuristic, the LP bound is an upper bound"
                 : exactSteiner   ? "; multicast trees priced exactly (Dreyfus-Wagner over " +
                                        std::to_string(app.targets.size()) + " targets)"
                                  : "");
    progress.report(0.8, "the periodic schedule");
    Expected<SteadySolution> done = completeSteadySolution(in, std::move(s), true);
    if (!done) return done;
    if (!done->periodic.exact) done->message += "; periodic schedule in floating point (the rationals overflow 64 bits)";
    return done;
}

}  // namespace hetsched

namespace hetsched::registry_detail {

RegisteredSolver steadyColumnGenerationSolver() {
    return stated(
        steadySolver(
            "column-generation",
            "LP (8.3) over allocations and valid patterns by column generation with the separation oracles "
            "of "
            "8.5.3 (every model; multicast trees priced exactly up to exact_steiner_targets targets, "
            "else by a Steiner heuristic with an upper bound)",
            {OptionSpec::integer("max_iterations", "rounds of column generation at most", 1,
                                 kSteadyDefaultMaxIterations, 1000000),
             OptionSpec::integer(
                 "exact_steiner_targets",
                 "multicast: price trees exactly (Dreyfus-Wagner: 3^k n work and 2^k n states a round, at "
                 "most 4 million states) for at most this many targets k; above, by the shortest-path "
                 "heuristic (status feasible, with an upper bound)",
                 0, kSteadyDefaultExactSteinerTargets, 16)},
            [](const SteadyStateInstance& in, const OptionValues& options, const Progress& progress) {
                return solveSteadyColumnGeneration(
                    in, static_cast<int>(options.integer("max_iterations")), progress,
                    static_cast<int>(options.integer("exact_steiner_targets")));
            },
            [](const Instance& instance) { return !steadyCompactLpApplies(instance); }),
        {.guarantee = "optimal throughput with exact pricing (every model and application; multicast up to "
                      "exact_steiner_targets targets); beyond, feasible with an upper bound",
         .complexity = "at most max_iterations rounds, each a master LP and the oracles of 8.5.3 (Dijkstra, "
                       "Chu-Liu/Edmonds, Hungarian method, weighted matching; multicast O(3^k n + 2^k (m + n "
                       "log n)) for k targets)",
         .reference =
             "Beaumont, Marchal, chapter 8, sections 8.3 (LP 8.3) and 8.5.3 (separation in the dual)"});
}

}  // namespace hetsched::registry_detail
