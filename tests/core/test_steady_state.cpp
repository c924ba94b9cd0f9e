// The steady-state family: instance validation, the compact LPs against closed forms and an
// independent LP over every allocation and pattern, column generation, patterns and periodic schedules.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <set>

#include "io/instance_io.h"
#include "model/platform_generators.h"
#include "results/result_io.h"
#include "lp/linear_program.h"
#include "solvers/registry.h"
#include "solvers/steady/steady_common.h"
#include "solvers/steady/steady_result.h"
#include "solvers/steady/steady_solvers.h"

namespace hetsched {
namespace {

const char* kExample = R"({ "kind": "steady_state", "model": "bidirectional_one_port",
  "platform": { "nodes": [ { "name": "P1", "speed": 1 }, { "name": "P2", "speed": 2 },
                           { "name": "P3", "speed": 1 }, { "name": "P4", "speed": 3 } ],
                "links": [ { "from": "P1", "to": "P2", "bandwidth": 1, "bidirectional": true },
                           { "from": "P1", "to": "P3", "bandwidth": 2, "bidirectional": true },
                           { "from": "P3", "to": "P4", "bandwidth": 1, "bidirectional": true },
                           { "from": "P4", "to": "P2", "bandwidth": 2, "bidirectional": true } ] },
  "application": { "type": "bag_of_tasks", "source": "P1", "data": 1, "result": 2, "work": 1 } })";

std::string errorOf(const std::string& text) {
    Expected<Instance> in = parseInstance(text);
    return in ? std::string("(accepted)") : in.error().message;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto pos = text.find(from);
    EXPECT_NE(pos, std::string::npos) << from;
    if (pos != std::string::npos) text.replace(pos, from.size(), to);
    return text;
}

TEST(SteadyStateIo, ExampleReadsAndRoundTrips) {
    Expected<Instance> in = parseInstance(kExample);
    ASSERT_TRUE(in) << in.error().message;
    const auto& s = std::get<SteadyStateInstance>(*in);
    EXPECT_EQ(s.nodes.size(), 4u);
    EXPECT_EQ(steadyArcs(s).size(), 8u);
    Expected<Instance> again = instanceFromJson(instanceToJson(*in));
    ASSERT_TRUE(again);
    EXPECT_EQ(instanceToJson(*again), instanceToJson(*in));
}

TEST(SteadyStateIo, BadInputNamesTheJsonPath) {
    EXPECT_NE(errorOf(replaced(kExample, R"("to": "P2", "bandwidth": 1)", R"("to": "P9", "bandwidth": 1)")).find("platform.links[0].to: unknown node \"P9\""), std::string::npos);
    EXPECT_NE(errorOf(replaced(kExample, R"("name": "P3")", R"("name": "P2")")).find("platform.nodes[2].name: duplicate"), std::string::npos);
    EXPECT_NE(errorOf(replaced(kExample, R"("bandwidth": 2, "bidirectional": true },
                           { "from": "P3")", R"("bandwidth": -2, "bidirectional": true },
                           { "from": "P3")")).find("platform.links[1].bandwidth: must be positive"), std::string::npos);
    EXPECT_NE(errorOf(replaced(kExample, R"("speed": 2)", R"("speed": 1e300)")).find("platform.nodes[1].speed"), std::string::npos);
    EXPECT_NE(errorOf(replaced(kExample, R"("from": "P3", "to": "P4")", R"("from": "P3", "to": "P3")")).find("platform.links[2]: a link from \"P3\" to itself"), std::string::npos);
    EXPECT_NE(errorOf(replaced(kExample, R"("source": "P1")", R"("source": "Px")")).find("application.source: unknown node"), std::string::npos);
    EXPECT_NE(errorOf(replaced(kExample, R"("bidirectional_one_port")", R"("two_port")")).find("model: unknown model"), std::string::npos);
    EXPECT_NE(errorOf(replaced(kExample, R"("type": "bag_of_tasks", "source": "P1", "data": 1, "result": 2, "work": 1)",
                               R"("type": "multicast", "source": "P1", "size": 1, "targets": [])")).find("application.targets: expected at least one"), std::string::npos);
    // A one-way link leaves P4 unreachable for a multicast from P1 over P1->P2 only.
    const std::string oneWay = R"({ "kind": "steady_state", "model": "bounded_multiport",
      "platform": { "nodes": [ { "name": "A", "speed": 0 }, { "name": "B", "speed": 1 }, { "name": "C", "speed": 1 } ],
                    "links": [ { "from": "A", "to": "B", "bandwidth": 1 }, { "from": "C", "to": "A", "bandwidth": 1 } ] },
      "application": { "type": "multicast", "source": "A", "size": 1, "targets": ["B", "C"] } })";
    // Out of reach is not a format error (a platform is drawn one node at a time): the file reads, and
    // solving it is refused with the node's name, by every solver.
    const std::string broadcast = replaced(oneWay, R"("multicast", "source": "A", "size": 1, "targets": ["B", "C"])", R"("broadcast", "source": "A", "size": 1)");
    const std::string bag = replaced(oneWay, R"("multicast", "source": "A", "size": 1, "targets": ["B", "C"])", R"("bag_of_tasks", "source": "A", "data": 1, "result": 1, "work": 1)");
    for (const auto& [text, why] : std::vector<std::pair<std::string, std::string>>{
             {oneWay, "target \"C\" cannot be reached from the source \"A\""},
             {broadcast, "node \"C\" cannot be reached from the source \"A\""},
             {bag, "no processor with a positive speed is reachable from the source \"A\" and back"}}) {
        Expected<Instance> in = parseInstance(text);
        ASSERT_TRUE(in) << in.error().message;
        for (const SolverSpec& solver : solversForKind("steady_state")) {
            Expected<SolveResult> r = solve(*in, solver.name);
            ASSERT_FALSE(r) << solver.name;
            EXPECT_NE(r.error().message.find(why), std::string::npos) << solver.name << ": " << r.error().message;
        }
    }
    EXPECT_NE(errorOf(replaced(kExample, R"("nodes": [ { "name": "P1", "speed": 1 }, { "name": "P2", "speed": 2 },
                           { "name": "P3", "speed": 1 }, { "name": "P4", "speed": 3 } ])", R"("nodes": [])")).find("platform.nodes: expected at least one node"), std::string::npos);
    EXPECT_NE(errorOf(replaced(kExample, R"("work": 1)", R"("work": "x")")).find("application.work: expected a number"), std::string::npos);
}

// Section 8.6.3 on a star (master without computing power, no results): the bandwidth-centric
// closed form serves the workers by increasing c_i = data / bw_i, each up to s_i / w, while the
// master's send port has time left.
TEST(SteadyStateLp, StarThroughputIsBandwidthCentric) {
    for (unsigned seed = 1; seed <= 20; ++seed) {
        std::mt19937 rng(seed);
        SteadyStateInstance in;
        in.nodes.push_back({"M", 0});
        const std::size_t workers = 2 + rng() % 6;
        for (std::size_t i = 0; i < workers; ++i) {
            in.nodes.push_back({std::string("W").append(std::to_string(i)), double(1 + rng() % 9)});
            in.links.push_back({0, i + 1, double(1 + rng() % 9), true});
        }
        in.application = {SteadyApplicationType::BagOfTasks, 0, double(1 + rng() % 4), 0.0, double(1 + rng() % 9), {}};
        std::vector<std::pair<double, double>> cw;   // (c_i, max rate s_i / w)
        for (std::size_t i = 0; i < workers; ++i)
            cw.push_back({in.application.data / in.links[i].bandwidth, in.nodes[i + 1].speed / in.application.work});
        std::sort(cw.begin(), cw.end());
        double port = 1, expected = 0;
        for (auto [c, rate] : cw) {
            const double alpha = std::min(rate, port / c);
            expected += alpha;
            port -= alpha * c;
        }
        Expected<SteadySolution> s = solveSteadyLp(in);
        ASSERT_TRUE(s) << s.error().message;
        EXPECT_NEAR(s->throughput, expected, 1e-9 * expected) << "seed " << seed;
        EXPECT_TRUE(verifySteady(in, *s).empty());
    }
}

// LP (8.3) finished and solved: a column for every valid pattern (matchings of G_B, or of G, or every
// link, with every computing processor; rows holds |E| link rows, then one per node when there are
// processors), then the constraints. The optimum's throughput.
double withEveryPatternSolved(const SteadyStateInstance& in, const std::vector<SteadyArc>& arcs,
                              lp::LinearProgram& program, std::vector<std::vector<lp::Term>>& rows, int column) {
    const std::size_t n = in.nodes.size(), E = arcs.size();
    std::vector<lp::Term> total;
    for (std::uint32_t mask = 0; mask < (1u << E); ++mask) {
        std::vector<int> outUse(n, 0), inUse(n, 0), anyUse(n, 0);
        bool valid = true;
        for (std::size_t e = 0; e < E && valid; ++e) {
            if (!(mask >> e & 1)) continue;
            if (in.model == CommunicationModel::BidirectionalOnePort)
                valid = ++outUse[arcs[e].from] == 1 && ++inUse[arcs[e].to] == 1;
            else if (in.model == CommunicationModel::UnidirectionalOnePort)
                valid = ++anyUse[arcs[e].from] == 1 && ++anyUse[arcs[e].to] == 1;
        }
        if (!valid) continue;
        program.addVariable(0, lp::kInfinity, 0);
        total.push_back({column, 1});
        for (std::size_t e = 0; e < E; ++e)
            if (mask >> e & 1) rows[e].push_back({column, -1});
        for (std::size_t u = 0; E + u < rows.size(); ++u)
            if (in.nodes[u].speed > 0) rows[E + u].push_back({column, -1});
        ++column;
    }
    program.addConstraint(total, -lp::kInfinity, 1);
    for (auto& row : rows) program.addConstraint(row, -lp::kInfinity, 0);
    Expected<lp::LpSolution> s = lp::solveLinearProgram(program);
    EXPECT_TRUE(s && s->status == lp::LpStatus::Optimal);
    return s ? s->objective : -1;
}

// Every allocation (simple paths there and back, a computing processor) and every valid pattern
// (matchings of G_B, or of G, with every computing processor) written out: LP (8.3) explicitly.
double enumeratedLp(const SteadyStateInstance& in) {
    const std::vector<SteadyArc> arcs = steadyArcs(in);
    const std::size_t n = in.nodes.size(), E = arcs.size();
    const SteadyApplication& app = in.application;
    std::vector<std::vector<std::vector<std::size_t>>> from(n), to(n);   // simple paths source->u, u->source
    std::function<void(std::size_t, std::vector<std::size_t>&, std::vector<bool>&, bool)> walk =
        [&](std::size_t u, std::vector<std::size_t>& path, std::vector<bool>& seen, bool backward) {
            if (backward) to[u].push_back(std::vector<std::size_t>(path.rbegin(), path.rend()));
            else from[u].push_back(path);
            for (std::size_t e = 0; e < E; ++e) {
                const std::size_t tail = backward ? arcs[e].to : arcs[e].from, head = backward ? arcs[e].from : arcs[e].to;
                if (tail != u || seen[head]) continue;
                seen[head] = true;
                path.push_back(e);
                walk(head, path, seen, backward);
                path.pop_back();
                seen[head] = false;
            }
        };
    for (bool backward : {false, true}) {
        std::vector<std::size_t> path;
        std::vector<bool> seen(n, false);
        seen[app.source] = true;
        walk(app.source, path, seen, backward);
    }
    lp::LinearProgram program(lp::Sense::Maximize);
    std::vector<std::vector<lp::Term>> rows(E + n);
    int column = 0;
    for (std::size_t u = 0; u < n; ++u) {
        if (in.nodes[u].speed <= 0) continue;
        const std::vector<std::vector<std::size_t>> none{{}};
        for (const auto& d : from[u])
            for (const auto& r : app.result > 0 ? to[u] : none) {
                program.addVariable(0, lp::kInfinity, 1);
                for (std::size_t e : d) rows[e].push_back({column, app.data / arcs[e].bandwidth});
                for (std::size_t e : r) rows[e].push_back({column, app.result / arcs[e].bandwidth});
                rows[E + u].push_back({column, app.work / in.nodes[u].speed});
                ++column;
            }
    }
    return withEveryPatternSolved(in, arcs, program, rows, column);
}

TEST(SteadyStateLp, CompactLpEqualsTheLpOverEveryAllocationAndPattern) {
    int compared = 0;   // platforms with more than 12 arcs are too many patterns to enumerate: skipped, counted
    for (unsigned seed = 1; seed <= 12; ++seed) {
        for (CommunicationModel model : {CommunicationModel::BidirectionalOnePort, CommunicationModel::BoundedMultiport}) {
            SteadyStateInstance in = randomSteadyPlatform(4 + seed % 2, 2.2, seed, model);
            if (steadyArcs(in).size() > 12) continue;
            ++compared;
            Expected<SteadySolution> s = solveSteadyLp(in);
            ASSERT_TRUE(s) << s.error().message;
            const double reference = enumeratedLp(in);
            EXPECT_NEAR(s->throughput, reference, 1e-7 * std::max(1.0, reference)) << "seed " << seed;
            EXPECT_TRUE(verifySteady(in, *s).empty()) << verifySteady(in, *s).front();
        }
    }
    EXPECT_EQ(compared, 24) << "platforms skipped as too big to enumerate";
}

TEST(SteadyStateColumnGeneration, UnidirectionalEqualsTheLpOverEveryAllocationAndPattern) {
    int compared = 0;
    for (unsigned seed = 1; seed <= 10; ++seed) {
        SteadyStateInstance in = randomSteadyPlatform(4 + seed % 2, 2.2, seed, CommunicationModel::UnidirectionalOnePort);
        if (steadyArcs(in).size() > 12) continue;
        ++compared;
        Expected<SteadySolution> s = solveSteadyColumnGeneration(in);
        ASSERT_TRUE(s) << s.error().message;
        EXPECT_EQ(s->status, SolveStatus::Optimal);
        const double reference = enumeratedLp(in);
        EXPECT_NEAR(s->throughput, reference, 1e-7 * std::max(1.0, reference)) << "seed " << seed;
        EXPECT_TRUE(verifySteady(in, *s).empty()) << verifySteady(in, *s).front();
    }
    EXPECT_EQ(compared, 10) << "platforms skipped as too big to enumerate";
}

TEST(SteadyStateColumnGeneration, AgreesWithTheCompactLpOnRandomPlatforms) {
    for (unsigned seed = 1; seed <= 8; ++seed)
        for (SteadyApplicationType type : {SteadyApplicationType::BagOfTasks, SteadyApplicationType::Broadcast})
            for (CommunicationModel model : {CommunicationModel::BidirectionalOnePort, CommunicationModel::BoundedMultiport}) {
                SteadyStateInstance in = randomSteadyPlatform(8, 3, seed, model, type);
                Expected<SteadySolution> a = solveSteadyLp(in);
                Expected<SteadySolution> b = solveSteadyColumnGeneration(in);
                ASSERT_TRUE(a) << a.error().message;
                ASSERT_TRUE(b) << b.error().message;
                EXPECT_NEAR(a->throughput, b->throughput, 1e-7 * std::max(1.0, a->throughput)) << "seed " << seed;
                EXPECT_TRUE(verifySteady(in, *a).empty()) << verifySteady(in, *a).front();
                EXPECT_TRUE(verifySteady(in, *b).empty()) << verifySteady(in, *b).front();
            }
}

// Every minimal multicast tree (an arborescence from the source reaching the targets, its leaves targets),
// as arc masks, by trying every set of arcs.
std::vector<std::uint32_t> multicastTrees(const SteadyStateInstance& in, const std::vector<SteadyArc>& arcs) {
    const std::size_t n = in.nodes.size(), E = arcs.size();
    std::vector<std::uint32_t> trees;
    for (std::uint32_t mask = 1; mask < (1u << E); ++mask) {
        std::vector<int> parents(n, 0), children(n, 0);
        bool valid = true;
        for (std::size_t e = 0; e < E && valid; ++e)
            if (mask >> e & 1) {
                valid = arcs[e].to != in.application.source && ++parents[arcs[e].to] == 1;
                ++children[arcs[e].from];
            }
        if (!valid) continue;
        std::vector<bool> reached(n, false);
        reached[in.application.source] = true;
        for (bool grew = true; grew;) {
            grew = false;
            for (std::size_t e = 0; e < E; ++e)
                if ((mask >> e & 1) && reached[arcs[e].from] && !reached[arcs[e].to]) reached[arcs[e].to] = grew = true;
        }
        std::vector<bool> target(n, false);
        for (std::size_t t : in.application.targets) target[t] = true;
        for (std::size_t e = 0; e < E && valid; ++e)
            if (mask >> e & 1) valid = reached[arcs[e].to] && (children[arcs[e].to] > 0 || target[arcs[e].to]);
        for (std::size_t t : in.application.targets) valid = valid && reached[t];
        if (valid) trees.push_back(mask);
    }
    return trees;
}

// LP (8.3) for a series of multicasts written out: every tree, every valid pattern.
double enumeratedMulticastLp(const SteadyStateInstance& in) {
    const std::vector<SteadyArc> arcs = steadyArcs(in);
    const std::size_t E = arcs.size();
    lp::LinearProgram program(lp::Sense::Maximize);
    std::vector<std::vector<lp::Term>> rows(E);
    int column = 0;
    for (std::uint32_t tree : multicastTrees(in, arcs)) {
        program.addVariable(0, lp::kInfinity, 1);
        for (std::size_t e = 0; e < E; ++e)
            if (tree >> e & 1) rows[e].push_back({column, in.application.data / arcs[e].bandwidth});
        ++column;
    }
    return withEveryPatternSolved(in, arcs, program, rows, column);
}

TEST(SteadyStateSteiner, DreyfusWagnerFindsTheLightestTreeOfAll) {
    std::mt19937 rng(17);
    int compared = 0;
    for (unsigned seed = 1; seed <= 40; ++seed) {
        const SteadyStateInstance in = randomSteadyPlatform(5 + seed % 3, 2.0, seed, CommunicationModel::BidirectionalOnePort,
                                                           SteadyApplicationType::Multicast);
        const std::vector<SteadyArc> arcs = steadyArcs(in);
        if (arcs.size() > 16) continue;
        std::vector<double> weight(arcs.size());
        for (double& w : weight) w = std::uniform_int_distribution<int>(0, 6)(rng) / 2.0;  // ties and zeros
        double lightest = std::numeric_limits<double>::infinity();
        for (std::uint32_t tree : multicastTrees(in, arcs)) {
            double w = 0;
            for (std::size_t e = 0; e < arcs.size(); ++e)
                if (tree >> e & 1) w += weight[e];
            lightest = std::min(lightest, w);
        }
        const std::vector<std::size_t> found =
            minimumSteinerArborescence(in.nodes.size(), arcs, in.application.source, in.application.targets, weight);
        ASSERT_FALSE(found.empty()) << "seed " << seed;
        std::uint32_t mask = 0;
        double w = 0;
        for (std::size_t e : found) {
            mask |= 1u << e;
            w += weight[e];
        }
        // A tree of the platform reaching every target, as light as the lightest of all.
        const std::vector<std::uint32_t> trees = multicastTrees(in, arcs);
        EXPECT_NE(std::find(trees.begin(), trees.end(), mask), trees.end()) << "seed " << seed;
        EXPECT_NEAR(w, lightest, 1e-12) << "seed " << seed;
        ++compared;
    }
    EXPECT_GT(compared, 20);
}

TEST(SteadyStateColumnGeneration, ExactSteinerPricingReachesTheLpOverEveryTree) {
    int compared = 0, heuristicShort = 0;
    for (unsigned seed = 1; seed <= 50; ++seed) {
        const SteadyStateInstance in = randomSteadyPlatform(5 + seed % 4, 2.4, seed, CommunicationModel::BidirectionalOnePort,
                                                           SteadyApplicationType::Multicast);
        if (steadyArcs(in).size() > 16) continue;
        const double reference = enumeratedMulticastLp(in);
        Expected<SteadySolution> exact = solveSteadyColumnGeneration(in);
        ASSERT_TRUE(exact) << exact.error().message;
        EXPECT_EQ(exact->status, SolveStatus::Optimal) << exact->message;
        EXPECT_NEAR(exact->throughput, reference, 1e-7 * std::max(1.0, reference)) << "seed " << seed;
        EXPECT_TRUE(verifySteady(in, *exact).empty()) << verifySteady(in, *exact).front();
        // The heuristic stays below, under an upper bound above.
        Expected<SteadySolution> heuristic = solveSteadyColumnGeneration(in, 5000, {}, 0);
        ASSERT_TRUE(heuristic) << heuristic.error().message;
        EXPECT_EQ(heuristic->status, SolveStatus::Feasible);
        EXPECT_LE(heuristic->throughput, reference * (1 + 1e-9));
        ASSERT_TRUE(heuristic->upperBound.has_value());
        EXPECT_GE(*heuristic->upperBound, reference * (1 - 1e-9));
        heuristicShort += heuristic->throughput < reference * (1 - 1e-6) ? 1 : 0;
        ++compared;
    }
    EXPECT_GE(compared, 30);
    EXPECT_GE(heuristicShort, 3);  // instances where exact pricing is what reaches the optimum
}

TEST(SteadyStateColumnGeneration, MulticastIsFeasibleBelowItsBound) {
    for (unsigned seed = 1; seed <= 6; ++seed) {
        SteadyStateInstance in = randomSteadyPlatform(9, 3, seed, CommunicationModel::BidirectionalOnePort,
                                                               SteadyApplicationType::Multicast);
        Expected<SteadySolution> s = solveSteadyColumnGeneration(in, 5000, {}, 0);  // the heuristic's bound
        ASSERT_TRUE(s) << s.error().message;
        ASSERT_TRUE(s->upperBound.has_value());
        EXPECT_GT(s->throughput, 0);
        EXPECT_LE(s->throughput, *s->upperBound * (1 + 1e-9));
        // Broadcasting reaches every target too, so the broadcast optimum cannot exceed the bound.
        SteadyStateInstance all = in;
        all.application.type = SteadyApplicationType::Broadcast;
        all.application.targets.clear();
        Expected<SteadySolution> b = solveSteadyLp(all);
        ASSERT_TRUE(b);
        EXPECT_LE(b->throughput, *s->upperBound * (1 + 1e-9));
        EXPECT_TRUE(verifySteady(in, *s).empty()) << verifySteady(in, *s).front();
    }
}

TEST(SteadyStatePatterns, WeightedEdgeColouringSumsToTheMaximumPortLoad) {
    for (unsigned seed = 1; seed <= 30; ++seed) {
        SteadyStateInstance in = randomSteadyPlatform(10, 4, seed);
        const std::vector<SteadyArc> arcs = steadyArcs(in);
        std::mt19937 rng(seed);
        std::vector<double> t(arcs.size());
        std::vector<double> out(in.nodes.size(), 0), inPort(in.nodes.size(), 0);
        for (std::size_t e = 0; e < arcs.size(); ++e) {
            t[e] = (rng() % 4 == 0) ? 0.0 : double(rng() % 100) / 100.0;
            out[arcs[e].from] += t[e];
            inPort[arcs[e].to] += t[e];
        }
        const double maxLoad = std::max(*std::max_element(out.begin(), out.end()), *std::max_element(inPort.begin(), inPort.end()));
        const std::vector<SteadyPattern> patterns = decomposeIntoMatchings(in.nodes.size(), arcs, t);
        std::vector<double> covered(arcs.size(), 0);
        double sum = 0;
        for (const SteadyPattern& p : patterns) {
            std::set<std::size_t> tails, heads;
            for (std::size_t e : p.arcs) {
                EXPECT_TRUE(tails.insert(arcs[e].from).second && heads.insert(arcs[e].to).second) << "not a matching of G_B";
                covered[e] += p.duration;
            }
            sum += p.duration;
        }
        EXPECT_NEAR(sum, maxLoad, 1e-9);
        for (std::size_t e = 0; e < arcs.size(); ++e) EXPECT_NEAR(covered[e], t[e], 1e-9);
        EXPECT_LE(patterns.size(), arcs.size() + 2 * in.nodes.size());
    }
}

TEST(SteadyStatePeriodic, ExampleHasAnExactIntegerPeriod) {
    Expected<Instance> in = parseInstance(kExample);
    ASSERT_TRUE(in);
    const auto& s = std::get<SteadyStateInstance>(*in);
    Expected<SteadySolution> sol = solveSteadyLp(s);
    ASSERT_TRUE(sol) << sol.error().message;
    EXPECT_TRUE(sol->periodic.exact);
    EXPECT_FALSE(sol->exactThroughput.empty());
    EXPECT_DOUBLE_EQ(sol->periodic.period, std::round(sol->periodic.period));
    EXPECT_DOUBLE_EQ(sol->periodic.tasksPerPeriod, std::round(sol->periodic.tasksPerPeriod));
    EXPECT_NEAR(sol->periodic.tasksPerPeriod / sol->periodic.period, sol->throughput, 1e-12);
    EXPECT_TRUE(verifySteady(s, *sol).empty());
    // The verifier is not vacuous: a pattern that is no matching, an over-used resource, a wrong count.
    SteadySolution broken = *sol;
    ASSERT_FALSE(broken.patterns.empty());
    broken.patterns[0].arcs = {0, 1, 2, 3, 4, 5, 6, 7};
    EXPECT_FALSE(verifySteady(s, broken).empty());
    broken = *sol;
    broken.allocations[0].weight *= 1.5;
    broken.throughput = 0;
    for (const auto& a : broken.allocations) broken.throughput += a.weight;
    EXPECT_FALSE(verifySteady(s, broken).empty());
    broken = *sol;
    ASSERT_FALSE(broken.periodic.placements.empty());
    broken.periodic.placements[0].count += 1;
    EXPECT_FALSE(verifySteady(s, broken).empty());
}

// A pattern lists only the processors that compute in it: every listed processor has computations placed
// in that pattern by the periodic schedule (column generation's pricing may offer every processor).
TEST(SteadyStatePatterns, ListOnlyTheProcessorsThatComputeInThem) {
    std::size_t listed = 0;
    for (unsigned seed = 1; seed <= 6; ++seed)
        for (CommunicationModel model : {CommunicationModel::BidirectionalOnePort, CommunicationModel::BoundedMultiport}) {
            const SteadyStateInstance in = randomSteadyPlatform(8, 3, seed, model, SteadyApplicationType::BagOfTasks);
            const std::size_t E = steadyArcs(in).size();
            for (bool columns : {false, true}) {
                Expected<SteadySolution> s = columns ? solveSteadyColumnGeneration(in) : solveSteadyLp(in);
                ASSERT_TRUE(s) << s.error().message;
                for (std::size_t p = 0; p < s->patterns.size(); ++p)
                    for (std::size_t u : s->patterns[p].processors) {
                        ++listed;
                        const bool computes = std::any_of(
                            s->periodic.placements.begin(), s->periodic.placements.end(), [&](const SteadyPlacement& pl) {
                                return pl.pattern == p && pl.resource == E + u &&
                                       pl.operation == SteadyOperation::Compute && pl.count > 0;
                            });
                        EXPECT_TRUE(computes) << "seed " << seed << ": pattern " << p + 1 << " lists "
                                              << in.nodes[u].name << ", which computes nothing in it";
                    }
            }
        }
    EXPECT_GT(listed, 0u);
}

TEST(SteadyStateRegistry, ResultJsonRoundTripsAndIsVerified) {
    Expected<Instance> in = parseInstance(kExample);
    ASSERT_TRUE(in);
    EXPECT_EQ(defaultSolverFor(*in), "lp");
    for (const char* solver : {"lp", "column-generation"}) {
        Expected<SolveResult> r = solve(*in, solver);
        ASSERT_TRUE(r) << r.error().message;
        for (const char* key : {"throughput", "allocations", "patterns", "period", "tasks_per_period"})
            EXPECT_TRUE(resultToJson(*in, *r).contains(key)) << key;
        EXPECT_TRUE(resultToJson(*in, *r)["patterns"][0].contains("duration"));
        EXPECT_TRUE(resultToJson(*in, *r)["allocations"][0].contains("weight"));
        Expected<SolveResult> back = resultFromJson(*in, resultToJson(*in, *r));
        ASSERT_TRUE(back) << back.error().message;
        EXPECT_NEAR(*back->objective, *r->objective, 1e-9);
        nlohmann::json tampered = resultToJson(*in, *r);
        tampered["allocations"][0]["weight"] = tampered["allocations"][0]["weight"].get<double>() * 3;
        EXPECT_FALSE(resultFromJson(*in, tampered));
        tampered = resultToJson(*in, *r);
        tampered["patterns"][0]["links"] = {{"P1", "P2"}, {"P1", "P3"}};
        EXPECT_FALSE(resultFromJson(*in, tampered));
    }
}

TEST(SteadyStateSchedule, BroadcastsAndMulticastsHaveNoProcessorLanes) {
    // Nobody computes in a series of broadcasts or multicasts: the schedule's lanes are ports only,
    // and each of them carries messages in some pattern or belongs to a node of the platform.
    for (SteadyApplicationType type : {SteadyApplicationType::Broadcast, SteadyApplicationType::Multicast}) {
        const SteadyStateInstance in = randomSteadyPlatform(8, 3, 5, CommunicationModel::BidirectionalOnePort, type);
        Expected<SteadySolution> sol = solveSteadyColumnGeneration(in);
        ASSERT_TRUE(sol) << sol.error().message;
        const Schedule schedule = steadySchedule(in, *sol);
        std::size_t busy = 0;
        for (const Lane& lane : schedule.lanes) {
            EXPECT_NE(lane.category, "processors") << lane.name;
            busy += lane.intervals.empty() ? 0 : 1;
        }
        EXPECT_EQ(schedule.lanes.size(), 2 * in.nodes.size());
        EXPECT_GT(busy, 0u);
    }
}

TEST(SteadyStateSchedule, LanesComeGroupedByCategoryAndLoadsAreTheLeftSideOf81) {
    for (unsigned seed : {3u, 11u}) {
        const SteadyStateInstance in = randomSteadyPlatform(12, 3, seed);
        Expected<SteadySolution> sol = solveSteadyLp(in);
        ASSERT_TRUE(sol) << sol.error().message;
        // Each category is one run of consecutive lanes, so a Gantt names it once.
        const Schedule schedule = steadySchedule(in, *sol);
        std::vector<std::string> runs;
        for (const Lane& lane : schedule.lanes)
            if (runs.empty() || runs.back() != lane.category) runs.push_back(lane.category);
        EXPECT_EQ(runs, (std::vector<std::string>{"send ports", "receive ports", "processors"}));
        // Loads recomputed from the allocations' paths, and (8.1): never above the patterns' time.
        const std::vector<SteadyArc> arcs = steadyArcs(in);
        std::vector<double> expected(arcs.size() + in.nodes.size(), 0.0);
        for (const SteadyAllocation& a : sol->allocations) {
            for (std::size_t e : a.dataArcs) expected[e] += a.weight * in.application.data / arcs[e].bandwidth;
            for (std::size_t e : a.resultArcs) expected[e] += a.weight * in.application.result / arcs[e].bandwidth;
            expected[arcs.size() + *a.processor] += a.weight * in.application.work / in.nodes[*a.processor].speed;
        }
        const std::vector<double> load = steadyResourceLoads(in, *sol);
        ASSERT_EQ(load.size(), expected.size());
        for (std::size_t r = 0; r < load.size(); ++r) EXPECT_NEAR(load[r], expected[r], 1e-12) << r;
        for (std::size_t e = 0; e < arcs.size(); ++e) {
            double available = 0;
            for (const SteadyPattern& p : sol->patterns)
                if (std::find(p.arcs.begin(), p.arcs.end(), e) != p.arcs.end()) available += p.duration;
            EXPECT_LE(load[e], available + 1e-9) << e;
        }
    }
}

TEST(SteadyStateRegistry, SolutionReadsBackFromItsJson) {
    Expected<Instance> in = parseInstance(kExample);
    ASSERT_TRUE(in);
    Expected<SolveResult> r = solve(*in, "lp");
    ASSERT_TRUE(r) << r.error().message;
    const auto& s = std::get<SteadyStateInstance>(*in);
    const nlohmann::json stored = resultToJson(*in, *r);
    Expected<SteadySolution> back = steadySolutionFromJson(s, json_detail::JsonNode(stored, ""));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->allocations.size(), resultToJson(*in, *r)["allocations"].size());
    EXPECT_EQ(back->patterns.size(), resultToJson(*in, *r)["patterns"].size());
    EXPECT_DOUBLE_EQ(back->periodic.period, resultToJson(*in, *r)["period"].get<double>());
    EXPECT_NEAR(back->throughput, resultToJson(*in, *r)["throughput"].get<double>(), 1e-12);
    nlohmann::json broken = resultToJson(*in, *r);
    broken.erase("patterns");
    EXPECT_FALSE(steadySolutionFromJson(s, json_detail::JsonNode(broken, "")));
}

}  // namespace
}  // namespace hetsched
