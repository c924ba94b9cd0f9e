// The platform generators of the templates: every generated instance passes the instance reader, the same
// seed gives the same instance (and another seed another one), the topologies have the shape they promise,
// and a configuration out of range is refused with a message naming the parameter.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <queue>
#include <set>

#include "io/instance_io.h"
#include "model/dag_random.h"
#include "model/platform_generators.h"
#include "experiments/cpugpu_experiments.h"
#include "solvers/registry.h"
#include "solvers/steady/steady_solvers.h"

namespace hetsched {
namespace {

// The instance as the reader sees it: the generated one must survive a round trip unchanged.
void expectReadable(const Instance& instance) {
    const nlohmann::json json = instanceToJson(instance);
    Expected<Instance> back = instanceFromJson(json);
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(instanceToJson(*back), json);
}

template <class T>
std::string messageOf(const Expected<T>& e) {
    return e.ok() ? std::string("(accepted)") : e.error().message;
}

std::vector<std::size_t> degrees(const SteadyStateInstance& in) {
    std::vector<std::size_t> degree(in.nodes.size(), 0);
    for (const SteadyLink& l : in.links) {
        ++degree[l.from];
        ++degree[l.to];
    }
    return degree;
}

bool connected(const SteadyStateInstance& in) {
    const std::vector<bool> reached = steadyReachable(in, 0);
    return std::all_of(reached.begin(), reached.end(), [](bool r) { return r; });
}

TEST(DivisibleStar, GivenValuesGiveIdenticalWorkers) {
    DivisibleStarConfig c;
    c.workers = 5;
    c.c = {2, 2};
    c.w = {3, 3};
    c.d = {1, 1};
    c.horizon = 10;
    Expected<DivisibleInstance> in = generateDivisibleStar(c);
    ASSERT_TRUE(in.ok()) << in.error().message;
    ASSERT_EQ(in->workers.size(), 5u);
    EXPECT_EQ(in->horizon, 10);
    for (std::size_t i = 0; i < 5; ++i) {
        EXPECT_EQ(in->workers[i].name, std::string("P").append(std::to_string(i + 1)));
        EXPECT_EQ(in->workers[i].c, 2);
        EXPECT_EQ(in->workers[i].w, 3);
        EXPECT_EQ(in->workers[i].d, 1);
    }
    expectReadable(Instance{*in});
}

TEST(DivisibleStar, RandomValuesStayInTheirRangesAndRepeatWithTheSeed) {
    DivisibleStarConfig c;
    c.workers = 200;
    c.c = {0.5, 2};
    c.w = {1, 8};
    c.d = {0, 1};
    c.seed = 42;
    Expected<DivisibleInstance> a = generateDivisibleStar(c);
    Expected<DivisibleInstance> b = generateDivisibleStar(c);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(instanceToJson(Instance{*a}), instanceToJson(Instance{*b}));
    std::set<double> distinct;
    for (const DivisibleWorker& w : a->workers) {
        EXPECT_GE(w.c, 0.5);
        EXPECT_LE(w.c, 2);
        EXPECT_GE(w.w, 1);
        EXPECT_LE(w.w, 8);
        EXPECT_GE(w.d, 0);
        EXPECT_LE(w.d, 1);
        distinct.insert(w.w);
    }
    EXPECT_GT(distinct.size(), 150u);   // really drawn, not one value
    // The draws cover their range: the smallest and largest w are near its ends.
    const auto [lo, hi] = std::minmax_element(a->workers.begin(), a->workers.end(),
                                              [](const DivisibleWorker& x, const DivisibleWorker& y) { return x.w < y.w; });
    EXPECT_LT(lo->w, 1.5);
    EXPECT_GT(hi->w, 7.5);
    c.seed = 43;
    EXPECT_NE(instanceToJson(Instance{*generateDivisibleStar(c)}), instanceToJson(Instance{*a}));
    expectReadable(Instance{*a});
}

TEST(DivisibleStar, ReturnRatioMakesDProportionalToC) {
    DivisibleStarConfig c;
    c.workers = 8;
    c.c = {1, 3};
    c.w = {1, 2};
    c.returnRatio = 0.5;
    Expected<DivisibleInstance> in = generateDivisibleStar(c);
    ASSERT_TRUE(in.ok());
    ASSERT_TRUE(constantReturnRatio(*in).has_value());
    EXPECT_DOUBLE_EQ(*constantReturnRatio(*in), 0.5);
    // And the family's solvers take it.
    Expected<SolveResult> solved = solve(Instance{*in}, "");
    ASSERT_TRUE(solved.ok()) << solved.error().message;
}

TEST(DivisibleStar, BadConfigurationsNameTheParameter) {
    DivisibleStarConfig c;
    c.workers = 0;
    EXPECT_NE(messageOf(generateDivisibleStar(c)).find("workers"), std::string::npos);
    c = {};
    c.c = {3, 2};
    EXPECT_NE(messageOf(generateDivisibleStar(c)).find("c: min 3 > max 2"), std::string::npos)
        << messageOf(generateDivisibleStar(c));
    c = {};
    c.w = {0, 1};
    EXPECT_NE(messageOf(generateDivisibleStar(c)).find("w:"), std::string::npos);
    c = {};
    c.d = {-1, 1};
    EXPECT_NE(messageOf(generateDivisibleStar(c)).find("d:"), std::string::npos);
    c = {};
    c.horizon = 0;
    EXPECT_NE(messageOf(generateDivisibleStar(c)).find("horizon"), std::string::npos);
}

TEST(CpuGpuNode, IsThePapersGeneratorWithValidation) {
    CpuGpuNodeConfig c;
    c.cpus = 8;
    c.gpus = 2;
    c.tasks = 100;
    c.seed = 9;
    Expected<CpuGpuInstance> in = generateCpuGpuNode(c);
    ASSERT_TRUE(in.ok()) << in.error().message;
    EXPECT_EQ(instanceToJson(Instance{*in}), instanceToJson(Instance{randomCpuGpuInstance(100, 8, 2, 9)}));
    EXPECT_EQ(in->cpus, 8);
    EXPECT_EQ(in->gpus, 2);
    EXPECT_EQ(in->tasks.size(), 100u);
    expectReadable(Instance{*in});
    c.cpus = 0;
    c.gpus = 0;
    EXPECT_NE(messageOf(generateCpuGpuNode(c)).find("processor"), std::string::npos);
    c = {};
    c.tasks = 0;
    EXPECT_NE(messageOf(generateCpuGpuNode(c)).find("tasks"), std::string::npos);
}

TEST(SteadyPlatform, RandomConnectedHasTheAverageDegreeAndIsConnected) {
    SteadyPlatformConfig c;
    c.nodes = 60;
    c.averageDegree = 4;
    c.speed = {1, 5};
    c.bandwidth = {10, 20};
    c.routerFraction = 0.25;
    c.source = 7;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        c.seed = seed;
        Expected<SteadyStateInstance> in = generateSteadyPlatform(c);
        ASSERT_TRUE(in.ok()) << in.error().message;
        EXPECT_EQ(in->nodes.size(), 60u);
        EXPECT_EQ(in->links.size(), 120u);   // 4 * 60 / 2
        EXPECT_TRUE(connected(*in));
        std::set<std::pair<std::size_t, std::size_t>> pairs;
        for (const SteadyLink& l : in->links) {
            EXPECT_NE(l.from, l.to);
            EXPECT_TRUE(l.bidirectional);
            EXPECT_TRUE(pairs.insert(std::minmax(l.from, l.to)).second) << "a second link between two nodes";
            EXPECT_GE(l.bandwidth, 10);
            EXPECT_LE(l.bandwidth, 20);
        }
        const auto routers = std::count_if(in->nodes.begin(), in->nodes.end(),
                                           [](const SteadyNode& u) { return u.speed == 0; });
        EXPECT_EQ(routers, 15);   // round(0.25 * 59)
        EXPECT_GT(in->nodes[7].speed, 0) << "the source is never a router";
        EXPECT_EQ(in->application.source, 7u);
        expectReadable(Instance{*in});
    }
}

TEST(SteadyPlatform, SameSeedSameInstanceOtherSeedOther) {
    SteadyPlatformConfig c;
    c.nodes = 30;
    c.seed = 5;
    const nlohmann::json a = instanceToJson(Instance{*generateSteadyPlatform(c)});
    EXPECT_EQ(instanceToJson(Instance{*generateSteadyPlatform(c)}), a);
    c.seed = 6;
    EXPECT_NE(instanceToJson(Instance{*generateSteadyPlatform(c)}), a);
}

TEST(SteadyPlatform, DenseRandomGraphsReachTheCompleteGraph) {
    SteadyPlatformConfig c;
    c.nodes = 12;
    c.averageDegree = 100;   // more than possible: the complete graph
    Expected<SteadyStateInstance> in = generateSteadyPlatform(c);
    ASSERT_TRUE(in.ok());
    EXPECT_EQ(in->links.size(), 66u);
    c.averageDegree = 9;   // dense branch: 54 of 66
    in = generateSteadyPlatform(c);
    ASSERT_TRUE(in.ok());
    EXPECT_EQ(in->links.size(), 54u);
    EXPECT_TRUE(connected(*in));
    expectReadable(Instance{*in});
    c.averageDegree = 0;   // a spanning tree at least
    in = generateSteadyPlatform(c);
    EXPECT_EQ(in->links.size(), 11u);
    EXPECT_TRUE(connected(*in));
}

TEST(SteadyPlatform, GridAndTorus) {
    SteadyPlatformConfig c;
    c.topology = SteadyTopology::Grid;
    c.rows = 3;
    c.cols = 4;
    Expected<SteadyStateInstance> grid = generateSteadyPlatform(c);
    ASSERT_TRUE(grid.ok()) << grid.error().message;
    EXPECT_EQ(grid->nodes.size(), 12u);
    EXPECT_EQ(grid->links.size(), 3u * 3 + 2u * 4);   // 17
    EXPECT_EQ(grid->nodes[0].name, "P1_1");
    EXPECT_EQ(grid->nodes[11].name, "P3_4");
    const std::vector<std::size_t> d = degrees(*grid);
    EXPECT_EQ(d[0], 2u);   // corner
    EXPECT_EQ(d[5], 4u);   // inner node (row 2, col 2)
    expectReadable(Instance{*grid});

    c.torus = true;
    Expected<SteadyStateInstance> torus = generateSteadyPlatform(c);
    ASSERT_TRUE(torus.ok());
    EXPECT_EQ(torus->links.size(), 24u);   // every node of degree 4
    for (std::size_t degree : degrees(*torus)) EXPECT_EQ(degree, 4u);
    expectReadable(Instance{*torus});

    // A torus of two rows adds no second link between the same nodes.
    c.rows = 2;
    c.cols = 2;
    torus = generateSteadyPlatform(c);
    ASSERT_TRUE(torus.ok());
    EXPECT_EQ(torus->links.size(), 4u);
    expectReadable(Instance{*torus});
}

TEST(SteadyPlatform, TreeAndStar) {
    SteadyPlatformConfig c;
    c.topology = SteadyTopology::Tree;
    c.branching = 3;
    c.depth = 3;
    Expected<SteadyStateInstance> tree = generateSteadyPlatform(c);
    ASSERT_TRUE(tree.ok());
    EXPECT_EQ(tree->nodes.size(), 40u);   // 1 + 3 + 9 + 27
    EXPECT_EQ(tree->links.size(), 39u);
    EXPECT_TRUE(connected(*tree));
    const std::vector<std::size_t> d = degrees(*tree);
    EXPECT_EQ(d[0], 3u);
    EXPECT_EQ(std::count(d.begin(), d.end(), 1u), 27);   // the leaves
    expectReadable(Instance{*tree});
    EXPECT_EQ(*steadyNodeCount(c), 40);

    c.topology = SteadyTopology::Star;
    c.nodes = 9;
    Expected<SteadyStateInstance> star = generateSteadyPlatform(c);
    ASSERT_TRUE(star.ok());
    EXPECT_EQ(star->links.size(), 8u);
    EXPECT_EQ(degrees(*star)[0], 8u);
    expectReadable(Instance{*star});
}

TEST(SteadyPlatform, BroadcastAndMulticastAreSolvable) {
    SteadyPlatformConfig c;
    c.nodes = 15;
    c.averageDegree = 3;
    c.integerValues = true;
    c.application = SteadyApplicationType::Broadcast;
    c.data = 4;
    c.source = 3;
    Expected<SteadyStateInstance> broadcast = generateSteadyPlatform(c);
    ASSERT_TRUE(broadcast.ok());
    for (const SteadyNode& u : broadcast->nodes) EXPECT_EQ(u.speed, std::floor(u.speed));
    expectReadable(Instance{*broadcast});
    Expected<SolveResult> solved = solve(Instance{*broadcast}, "");
    ASSERT_TRUE(solved.ok()) << solved.error().message;
    EXPECT_GT(*solved->objective, 0);

    c.application = SteadyApplicationType::Multicast;
    c.targetFraction = 0.3;
    Expected<SteadyStateInstance> multicast = generateSteadyPlatform(c);
    ASSERT_TRUE(multicast.ok());
    EXPECT_EQ(multicast->application.targets.size(), 4u);   // round(0.3 * 14)
    for (std::size_t t : multicast->application.targets) EXPECT_NE(t, 3u);
    expectReadable(Instance{*multicast});

    c.application = SteadyApplicationType::BagOfTasks;
    c.result = 2;
    c.work = 5;
    c.routerFraction = 1;   // every node but the source routes: the source still computes
    Expected<SteadyStateInstance> bag = generateSteadyPlatform(c);
    ASSERT_TRUE(bag.ok());
    expectReadable(Instance{*bag});
    solved = solve(Instance{*bag}, "");
    ASSERT_TRUE(solved.ok()) << solved.error().message;
    EXPECT_GT(*solved->objective, 0);
}

TEST(SteadyPlatform, BadConfigurationsNameTheParameter) {
    SteadyPlatformConfig c;
    c.speed = {5, 1};
    EXPECT_NE(messageOf(generateSteadyPlatform(c)).find("speed: min 5 > max 1"), std::string::npos);
    c = {};
    c.bandwidth = {0, 1};
    EXPECT_NE(messageOf(generateSteadyPlatform(c)).find("bandwidth"), std::string::npos);
    c = {};
    c.integerValues = true;
    c.speed = {1.2, 1.8};
    EXPECT_NE(messageOf(generateSteadyPlatform(c)).find("no integer"), std::string::npos);
    c = {};
    c.source = 10;
    EXPECT_NE(messageOf(generateSteadyPlatform(c)).find("source"), std::string::npos);
    c = {};
    c.routerFraction = 1.5;
    EXPECT_NE(messageOf(generateSteadyPlatform(c)).find("router fraction"), std::string::npos);
    c = {};
    c.topology = SteadyTopology::Tree;
    c.branching = 10;
    c.depth = 6;
    EXPECT_NE(messageOf(generateSteadyPlatform(c)).find("at most 100000"), std::string::npos);
    c = {};
    c.topology = SteadyTopology::Grid;
    c.rows = 0;
    EXPECT_NE(messageOf(generateSteadyPlatform(c)).find("rows"), std::string::npos);
    c = {};
    c.nodes = 1;
    c.application = SteadyApplicationType::Broadcast;
    EXPECT_NE(messageOf(generateSteadyPlatform(c)).find("two nodes"), std::string::npos);
    c = {};
    c.nodes = 2000;
    c.averageDegree = 1500;
    EXPECT_NE(messageOf(generateSteadyPlatform(c)).find("at most 1000000"), std::string::npos);
}

TEST(SteadyPlatform, TheTestPlatformsAreConnectedIntegerAndRepeatable) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        const SteadyStateInstance a = randomSteadyPlatform(10, 3, seed);
        EXPECT_EQ(instanceToJson(Instance{a}), instanceToJson(Instance{randomSteadyPlatform(10, 3, seed)}));
        EXPECT_TRUE(connected(a));
        EXPECT_EQ(a.links.size(), 15u);
        for (const SteadyLink& l : a.links) EXPECT_EQ(l.bandwidth, std::floor(l.bandwidth));
        expectReadable(Instance{a});
    }
    const SteadyStateInstance m =
        randomSteadyPlatform(9, 3, 1, CommunicationModel::BidirectionalOnePort, SteadyApplicationType::Multicast);
    EXPECT_EQ(m.application.targets, (std::vector<std::size_t>{1, 3, 5, 7}));
    expectReadable(Instance{m});
}

// Random unidirectional platforms of 4 and 5 nodes used to make Boost's weighted matching (pricing of the
// column generation) loop forever on floating-point weights: every seed now ends, verified, and below the
// bidirectional optimum (one-port in one direction at a time can only do less).
TEST(SteadyPlatform, UnidirectionalColumnGenerationEndsOnSmallRandomPlatforms) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        SteadyPlatformConfig c;
        c.nodes = 4 + static_cast<int>(seed % 2);
        c.averageDegree = 2.2;
        c.integerValues = true;
        c.routerFraction = 0.2;
        c.model = CommunicationModel::UnidirectionalOnePort;
        c.data = 3;
        c.result = 2;
        c.work = 5;
        c.seed = seed;
        Expected<SteadyStateInstance> in = generateSteadyPlatform(c);
        ASSERT_TRUE(in.ok());
        Expected<SteadySolution> uni = solveSteadyColumnGeneration(*in);
        ASSERT_TRUE(uni.ok()) << uni.error().message;
        EXPECT_EQ(uni->status, SolveStatus::Optimal) << "seed " << seed;
        EXPECT_TRUE(verifySteady(*in, *uni).empty()) << "seed " << seed;
        SteadyStateInstance bidirectional = *in;
        bidirectional.model = CommunicationModel::BidirectionalOnePort;
        Expected<SteadySolution> bi = solveSteadyLp(bidirectional);
        ASSERT_TRUE(bi.ok());
        EXPECT_GT(uni->throughput, 0);
        EXPECT_LE(uni->throughput, bi->throughput * (1 + 1e-9)) << "seed " << seed;
    }
}

TEST(DagTemplate, ThePapersPlatformAndARandomDagAreReadable) {
    DagPlatformConfig p;
    p.clusters = 3;
    p.seed = 4;
    Expected<DagPlatform> platform = generatePlatform(p);
    ASSERT_TRUE(platform.ok()) << platform.error().message;
    DagGeneratorConfig g;
    g.n = 30;
    g.seed = 4;
    Expected<DagInstance> dag = generateDag(g, *platform);
    ASSERT_TRUE(dag.ok()) << dag.error().message;
    expectReadable(Instance{*dag});
}

}  // namespace
}  // namespace hetsched
