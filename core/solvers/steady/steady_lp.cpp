// solver lp: the compact linear programs of section 8.6 and the decomposition of their flows.
#include <algorithm>
#include <cmath>
#include <limits>

#include "lp/linear_program.h"
#include "solvers/steady/steady_common.h"
#include "solvers/steady/steady_registration.h"

namespace hetsched {

using namespace steady_detail;

namespace {

constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

// Removes the cycles of a flow (they only add occupation): DFS on the arcs with flow above eps.
void cancelCycles(std::size_t n, const std::vector<SteadyArc>& arcs, std::vector<double>& flow, double eps) {
    const Adjacency adj = adjacencyOf(n, arcs);
    for (bool found = true; found;) {
        found = false;
        std::vector<int> colour(n, 0);
        std::vector<std::size_t> via(n, kNone);
        for (std::size_t s = 0; s < n && !found; ++s) {
            if (colour[s]) continue;
            std::vector<std::pair<std::size_t, std::size_t>> stack{{s, 0}};
            colour[s] = 1;
            while (!stack.empty() && !found) {
                auto& [u, k] = stack.back();
                if (k == adj.out[u].size()) {
                    colour[u] = 2;
                    stack.pop_back();
                    continue;
                }
                const std::size_t e = adj.out[u][k++];
                if (flow[e] <= eps) continue;
                const std::size_t v = arcs[e].to;
                if (colour[v] == 0) {
                    colour[v] = 1;
                    via[v] = e;
                    stack.push_back({v, 0});
                } else if (colour[v] == 1) {
                    // The cycle v -> ... -> u -> v.
                    std::vector<std::size_t> cycle{e};
                    for (std::size_t at = u; at != v; at = arcs[via[at]].from) cycle.push_back(via[at]);
                    double m = flow[e];
                    for (std::size_t c : cycle) m = std::min(m, flow[c]);
                    for (std::size_t c : cycle) flow[c] = flow[c] - m <= eps ? 0.0 : flow[c] - m;
                    found = true;
                }
            }
        }
    }
}

// 8.6.3: a single-source flow (cycles cancelled) into weighted paths source -> u, one list per sink.
// `backward` reads the arcs reversed (a result flow into the source), paths then go u -> source.
std::vector<std::vector<std::pair<std::vector<std::size_t>, double>>> decomposeFlow(
    std::size_t n, const std::vector<SteadyArc>& arcs, std::vector<double> flow, std::vector<double> demand,
    std::size_t source, bool backward) {
    double scale = 0;
    for (double f : flow) scale = std::max(scale, f);
    for (double d : demand) scale = std::max(scale, d);
    const double eps = 1e-12 * std::max(1.0, scale);
    std::vector<SteadyArc> oriented = arcs;
    if (backward)
        for (SteadyArc& a : oriented) std::swap(a.from, a.to);
    cancelCycles(n, oriented, flow, eps);
    const Adjacency adj = adjacencyOf(n, oriented);
    std::vector<std::vector<std::pair<std::vector<std::size_t>, double>>> paths(n);
    for (std::size_t u = 0; u < n; ++u) {
        if (u == source) continue;
        for (int guard = 0; demand[u] > eps && guard < static_cast<int>(arcs.size()) + 2; ++guard) {
            // Walk back along the largest incoming flow until the source (acyclic, conserving).
            std::vector<std::size_t> path;
            double weight = demand[u];
            for (std::size_t at = u; at != source && path.size() <= n;) {
                std::size_t bestArc = kNone;
                for (std::size_t e : adj.in[at])
                    if (flow[e] > eps && (bestArc == kNone || flow[e] > flow[bestArc])) bestArc = e;
                if (bestArc == kNone) break;
                path.push_back(bestArc);
                weight = std::min(weight, flow[bestArc]);
                at = oriented[bestArc].from;
            }
            if (path.empty() || oriented[path.back()].from != source) break;   // rounding residue only
            for (std::size_t e : path) flow[e] = flow[e] - weight <= eps ? 0.0 : flow[e] - weight;
            demand[u] -= weight;
            if (!backward) std::reverse(path.begin(), path.end());
            paths[u].emplace_back(std::move(path), weight);
        }
    }
    return paths;
}

Expected<lp::LpSolution> solveCompact(const lp::LinearProgram& program, const Progress& progress) {
    lp::LpOptions options;
    options.exact = true;   // glp_exact from the optimal basis: values as exact as doubles allow
    Expected<lp::LpSolution> solution = lp::solveLinearProgram(program, options, progress);
    if (!solution) return solution;
    if (solution->status == lp::LpStatus::Cancelled) return cancelledError();
    if (solution->status != lp::LpStatus::Optimal)
        return solverError(std::string("the steady-state LP ended ") + lp::lpStatusName(solution->status) + ": " +
                           solution->message);
    return solution;
}

// Port (one-port bidirectional) or link (multi-port) occupation rows: sum coefficient * var <= 1.
void addCapacityRows(lp::LinearProgram& program, const SteadyStateInstance& in, const std::vector<SteadyArc>& arcs,
                     const std::vector<std::vector<lp::Term>>& perArc) {
    if (in.model == CommunicationModel::BoundedMultiport) {
        for (const auto& terms : perArc)
            if (!terms.empty()) program.addConstraint(terms, -lp::kInfinity, 1);
        return;
    }
    std::vector<std::vector<lp::Term>> out(in.nodes.size()), inPort(in.nodes.size());
    for (std::size_t e = 0; e < arcs.size(); ++e) {
        out[arcs[e].from].insert(out[arcs[e].from].end(), perArc[e].begin(), perArc[e].end());
        inPort[arcs[e].to].insert(inPort[arcs[e].to].end(), perArc[e].begin(), perArc[e].end());
    }
    for (std::size_t u = 0; u < in.nodes.size(); ++u) {
        if (!out[u].empty()) program.addConstraint(out[u], -lp::kInfinity, 1);
        if (!inPort[u].empty()) program.addConstraint(inPort[u], -lp::kInfinity, 1);
    }
}

Expected<SteadySolution> bagOfTasksLp(const SteadyStateInstance& in, const Progress& progress) {
    const std::vector<SteadyArc> arcs = steadyArcs(in);
    const std::size_t n = in.nodes.size(), E = arcs.size();
    const SteadyApplication& app = in.application;
    const bool results = app.result > 0;
    lp::LinearProgram program(lp::Sense::Maximize);
    std::vector<int> f(E), g(E, -1), alpha(n, -1);
    for (std::size_t e = 0; e < E; ++e) f[e] = program.addVariable(0, lp::kInfinity, 0);
    if (results)
        for (std::size_t e = 0; e < E; ++e) g[e] = program.addVariable(0, lp::kInfinity, 0);
    for (std::size_t u = 0; u < n; ++u)
        if (in.nodes[u].speed > 0) alpha[u] = program.addVariable(0, in.nodes[u].speed / app.work, 1);   // alpha_u w/s_u <= 1
    const Adjacency adj = adjacencyOf(n, arcs);
    for (std::size_t u = 0; u < n; ++u) {
        if (u == app.source) continue;
        // Data: in - out = alpha_u; results: out - in = alpha_u.
        std::vector<lp::Term> data, back;
        for (std::size_t e : adj.in[u]) data.push_back({f[e], 1});
        for (std::size_t e : adj.out[u]) data.push_back({f[e], -1});
        if (alpha[u] >= 0) data.push_back({alpha[u], -1});
        program.addConstraint(data, 0, 0);
        if (!results) continue;
        for (std::size_t e : adj.out[u]) back.push_back({g[e], 1});
        for (std::size_t e : adj.in[u]) back.push_back({g[e], -1});
        if (alpha[u] >= 0) back.push_back({alpha[u], -1});
        program.addConstraint(back, 0, 0);
    }
    std::vector<std::vector<lp::Term>> perArc(E);
    for (std::size_t e = 0; e < E; ++e) {
        perArc[e].push_back({f[e], app.data / arcs[e].bandwidth});
        if (results) perArc[e].push_back({g[e], app.result / arcs[e].bandwidth});
    }
    addCapacityRows(program, in, arcs, perArc);
    Expected<lp::LpSolution> lpSol = solveCompact(program, progress);
    if (!lpSol) return lpSol.error();
    progress.report(0.5, "decomposing the flows into paths");

    std::vector<double> flowData(E), flowResult(E, 0.0), demand(n, 0.0);
    for (std::size_t e = 0; e < E; ++e) {
        flowData[e] = std::max(0.0, lpSol->values[f[e]]);
        if (results) flowResult[e] = std::max(0.0, lpSol->values[g[e]]);
    }
    for (std::size_t u = 0; u < n; ++u)
        if (alpha[u] >= 0) demand[u] = std::max(0.0, lpSol->values[alpha[u]]);
    const auto dataPaths = decomposeFlow(n, arcs, flowData, demand, app.source, false);
    const auto resultPaths = results ? decomposeFlow(n, arcs, flowResult, demand, app.source, true) : dataPaths;
    SteadySolution s;
    s.lpThroughput = lpSol->objective;
    s.message = "compact LP (8.6), " + lpSol->message;
    if (alpha[app.source] >= 0 && demand[app.source] > 0) {
        SteadyAllocation a;
        a.weight = demand[app.source];
        a.processor = app.source;
        s.allocations.push_back(a);
    }
    for (std::size_t u = 0; u < n; ++u) {
        if (u == app.source) continue;
        const auto& d = dataPaths[u];
        if (!results) {
            for (const auto& [path, w] : d) s.allocations.push_back({w, {}, path, u, {}});
            continue;
        }
        // Pair the data paths with the result paths by their cumulative weights.
        const auto& r = resultPaths[u];
        std::size_t i = 0, j = 0;
        double leftD = d.empty() ? 0 : d[0].second, leftR = r.empty() ? 0 : r[0].second;
        while (i < d.size() && j < r.size()) {
            const double w = std::min(leftD, leftR);
            if (w > 0) s.allocations.push_back({w, {}, d[i].first, u, r[j].first});
            leftD -= w;
            leftR -= w;
            if (leftD <= 1e-15 * std::max(1.0, w) && ++i < d.size()) leftD = d[i].second;
            if (leftR <= 1e-15 * std::max(1.0, w) && ++j < r.size()) leftR = r[j].second;
        }
    }
    return s;
}

}  // namespace

namespace steady_detail {

// Packs arborescences rooted at the source into the arc capacities (column generation with the
// minimum arborescence as pricing): by Edmonds' branching theorem their weights reach the smallest
// source-to-node cut, the broadcast throughput of the compact LP.
Expected<std::vector<SteadyAllocation>> packArborescences(const SteadyStateInstance& in, const std::vector<SteadyArc>& arcs,
                                                          const std::vector<double>& capacity, const Progress& progress) {
    const std::size_t n = in.nodes.size(), E = arcs.size();
    std::vector<std::vector<std::size_t>> trees;
    std::vector<double> duals(E, 0.0);
    lp::LpSolution last;
    for (int round = 0; round < 10000; ++round) {
        if (progress.stopRequested()) return cancelledError();
        std::vector<double> weight(E);
        for (std::size_t e = 0; e < E; ++e) weight[e] = capacity[e] > 0 ? duals[e] : std::numeric_limits<double>::infinity();
        std::vector<std::size_t> tree = minimumArborescence(n, arcs, in.application.source, weight);
        double w = 0;
        for (std::size_t e : tree) w += duals[e];
        if (tree.empty() || w >= 1 - 1e-9 || std::find(trees.begin(), trees.end(), tree) != trees.end()) break;
        trees.push_back(std::move(tree));
        lp::LinearProgram program(lp::Sense::Maximize);
        for (std::size_t t = 0; t < trees.size(); ++t) program.addVariable(0, lp::kInfinity, 1);
        std::vector<std::vector<lp::Term>> rows(E);
        for (std::size_t t = 0; t < trees.size(); ++t)
            for (std::size_t e : trees[t]) rows[e].push_back({static_cast<int>(t), 1});
        std::vector<std::size_t> rowArc;
        for (std::size_t e = 0; e < E; ++e) {
            if (rows[e].empty()) continue;
            program.addConstraint(rows[e], -lp::kInfinity, capacity[e]);
            rowArc.push_back(e);
        }
        Expected<lp::LpSolution> sol = solveCompact(program, progress);
        if (!sol) return sol.error();
        last = *sol;
        std::fill(duals.begin(), duals.end(), 0.0);
        for (std::size_t k = 0; k < rowArc.size(); ++k) duals[rowArc[k]] = std::max(0.0, sol->duals[k]);
    }
    std::vector<SteadyAllocation> allocations;
    for (std::size_t t = 0; t < trees.size() && t < last.values.size(); ++t)
        if (last.values[t] > 0) allocations.push_back({last.values[t], {}, trees[t], std::nullopt, {}});
    return allocations;
}

}  // namespace steady_detail

namespace {

Expected<SteadySolution> broadcastLp(const SteadyStateInstance& in, const Progress& progress) {
    const std::vector<SteadyArc> arcs = steadyArcs(in);
    const std::size_t n = in.nodes.size(), E = arcs.size();
    const SteadyApplication& app = in.application;
    lp::LinearProgram program(lp::Sense::Maximize);
    const int rho = program.addVariable(0, lp::kInfinity, 1);
    std::vector<int> cap(E);
    for (std::size_t e = 0; e < E; ++e) cap[e] = program.addVariable(0, lp::kInfinity, 0);
    const Adjacency adj = adjacencyOf(n, arcs);
    // One flow of value rho from the source to each destination d; n_e >= f^d_e.
    for (std::size_t d : steadyDestinations(in)) {
        std::vector<int> f(E);
        for (std::size_t e = 0; e < E; ++e) {
            f[e] = program.addVariable(0, lp::kInfinity, 0);
            program.addConstraint({{cap[e], 1}, {f[e], -1}}, 0, lp::kInfinity);
        }
        for (std::size_t v = 0; v < n; ++v) {
            if (v == app.source) continue;
            std::vector<lp::Term> row;
            for (std::size_t e : adj.in[v]) row.push_back({f[e], 1});
            for (std::size_t e : adj.out[v]) row.push_back({f[e], -1});
            if (v == d) row.push_back({rho, -1});
            program.addConstraint(row, 0, 0);
        }
    }
    std::vector<std::vector<lp::Term>> perArc(E);
    for (std::size_t e = 0; e < E; ++e) perArc[e].push_back({cap[e], app.data / arcs[e].bandwidth});
    addCapacityRows(program, in, arcs, perArc);
    Expected<lp::LpSolution> lpSol = solveCompact(program, progress);
    if (!lpSol) return lpSol.error();
    progress.report(0.5, "packing arborescences");
    std::vector<double> capacity(E);
    for (std::size_t e = 0; e < E; ++e) capacity[e] = std::max(0.0, lpSol->values[cap[e]]);
    Expected<std::vector<SteadyAllocation>> trees = packArborescences(in, arcs, capacity, progress);
    if (!trees) return trees.error();
    SteadySolution s;
    s.lpThroughput = lpSol->objective;
    s.message = "compact broadcast LP (one flow per destination), " + lpSol->message;
    s.allocations = std::move(*trees);
    return s;
}

}  // namespace

Expected<SteadySolution> solveSteadyLp(const SteadyStateInstance& in, const Progress& progress) {
    if (in.model == CommunicationModel::UnidirectionalOnePort)
        return invalidInput("solver lp: no compact LP is known for the unidirectional one-port model (section 8.6.2); "
                            "use column-generation");
    if (in.application.type == SteadyApplicationType::Multicast)
        return invalidInput("solver lp: series of multicasts are NP-hard (section 8.5.3); use column-generation");
    Expected<SteadySolution> s = in.application.type == SteadyApplicationType::BagOfTasks ? bagOfTasksLp(in, progress)
                                                                                          : broadcastLp(in, progress);
    if (!s) return s;
    progress.report(0.8, "patterns and the periodic schedule");
    Expected<SteadySolution> done = completeSteadySolution(in, std::move(*s), false);
    if (!done) return done;
    done->status = SolveStatus::Optimal;
    if (!done->periodic.exact) done->message += "; periodic schedule in floating point (the rationals overflow 64 bits)";
    if (done->throughput < done->lpThroughput * (1 - 1e-9))
        done->message += "; exact throughput " + std::to_string(done->throughput) + " a rounding below the LP value";
    return done;
}

}  // namespace hetsched

namespace hetsched::registry_detail {

RegisteredSolver steadyLpSolver() {
    return stated(
        steadySolver(
            "lp",
            "compact LPs of section 8.6 (bag of tasks, broadcast; bidirectional one-port and bounded "
            "multi-port), flows into paths/trees, weighted edge colouring into matchings (default where it "
            "applies)",
            {},
            [](const SteadyStateInstance& in, const OptionValues&, const Progress& progress) {
                return solveSteadyLp(in, progress);
            },
            steadyCompactLpApplies),
        {.guarantee =
             "optimal throughput (bag of tasks and broadcast, bidirectional one-port and bounded multi-port)",
         .complexity = "one LP of O(|V| + |E|) variables (bag of tasks) or O(|V| |E|) (broadcast), then at "
                       "most |E| + 2|V| matchings: polynomial",
         .reference = "Beaumont, Marchal, chapter 8, section 8.6 (8.6.2 patterns, 8.6.3 allocations)"});
}

}  // namespace hetsched::registry_detail
