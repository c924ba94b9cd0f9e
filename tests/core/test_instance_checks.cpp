// The typed instance checks (model/instance_checks.h) hold an instance made in memory to the rules of its
// file: on sound instances and on each way of breaking one, the check refuses exactly what the JSON reader
// refuses when the instance is written and read back, and every solver entry refuses it before running.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <random>

#include "family/family.h"
#include "io/instance_io.h"
#include "model/instance_checks.h"
#include "model/dag_random.h"
#include "model/platform_generators.h"
#include "random_cpugpu.h"
#include "random_partition.h"
#include "solvers/registry.h"

namespace hetsched {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// The typed check and the file's reader agree on `instance`; returns whether it is refused.
bool refusedAlike(const Instance& instance) {
    const std::optional<std::string> typed = familyOf(instance).instanceProblem(instance);
    const Expected<Instance> read = instanceFromJson(instanceToJson(instance));
    EXPECT_EQ(typed.has_value(), !read.ok()) << (typed ? "typed: " + *typed : "typed: sound") << "; reader: "
                                            << (read ? std::string("sound") : read.error().message);
    return typed.has_value();
}

template <class In>
using Breaks = std::vector<std::pair<const char*, std::function<void(In&)>>>;

// Each break of a sound instance is refused by both, and by every solver of the family (as invalid input).
template <class In>
void checkBreaks(const In& sound, const Breaks<In>& breaks) {
    ASSERT_FALSE(refusedAlike(Instance{sound}));
    for (const auto& [what, breakIt] : breaks) {
        SCOPED_TRACE(what);
        In broken = sound;
        breakIt(broken);
        EXPECT_TRUE(refusedAlike(Instance{broken}));
        for (const SolverSpec& spec : solversForKind(familyOf(Instance{broken}).kind)) {
            Expected<SolveResult> r = solve(Instance{broken}, spec.name);
            ASSERT_FALSE(r.ok()) << spec.name;
            EXPECT_EQ(r.error().kind, ErrorKind::InvalidInput) << spec.name << ": " << r.error().message;
        }
    }
}

TEST(InstanceChecks, PartitionRefusesWhatItsFileRefuses) {
    std::mt19937_64 rng(7);
    for (int round = 0; round < 40; ++round) EXPECT_FALSE(refusedAlike(Instance{testing::randomPartition(rng, {})}));
    PartitionInstance in;
    in.tasks = 6;
    PartitionResource table{"a", 0, 6, {}, {}};
    table.cost.kind = CostFunction::Kind::Table;
    table.cost.table = {0, 1, 2, 3, 4, 5, 6};
    PartitionResource affine{"b", 1, 4, {}, {}};
    affine.cost.kind = CostFunction::Kind::Affine;
    affine.cost.fixed = 1;
    affine.cost.perTask = 2;
    PartitionResource points{"c", 0, 0, {0, 2, 5}, {}};
    points.lower = 0;
    points.upper = 5;
    points.cost.kind = CostFunction::Kind::Points;
    points.cost.points = {{0, 0}, {5, 10}};
    in.resources = {table, affine, points};
    checkBreaks<PartitionInstance>(in, {
        {"no task", [](PartitionInstance& p) { p.tasks = 0; }},
        {"too many tasks", [](PartitionInstance& p) { p.tasks = 100'000'001; }},
        {"no resource", [](PartitionInstance& p) { p.resources.clear(); }},
        {"a nameless resource", [](PartitionInstance& p) { p.resources[0].name.clear(); }},
        {"two resources of one name", [](PartitionInstance& p) { p.resources[1].name = "a"; }},
        {"lower above upper", [](PartitionInstance& p) { p.resources[1].lower = 5; }},
        {"a count past 1e9", [](PartitionInstance& p) { p.resources[1].upper = 2'000'000'000; }},
        {"a table one value short", [](PartitionInstance& p) { p.resources[0].cost.table.pop_back(); }},
        {"a negative cost", [](PartitionInstance& p) { p.resources[0].cost.table[3] = -1; }},
        {"a NaN cost", [](PartitionInstance& p) { p.resources[0].cost.table[2] = kNaN; }},
        {"an infinite cost", [](PartitionInstance& p) { p.resources[0].cost.table[2] = kInf; }},
        {"a negative fixed cost", [](PartitionInstance& p) { p.resources[1].cost.fixed = -0.5; }},
        {"a NaN per-task cost", [](PartitionInstance& p) { p.resources[1].cost.perTask = kNaN; }},
        {"an allowed count repeated", [](PartitionInstance& p) { p.resources[2].allowed = {0, 2, 2, 5}; }},
        {"no measured point", [](PartitionInstance& p) { p.resources[2].cost.points.clear(); }},
        {"two points at one count", [](PartitionInstance& p) { p.resources[2].cost.points = {{0, 0}, {0, 1}, {5, 2}}; }},
        {"a count outside the measures", [](PartitionInstance& p) { p.resources[2].cost.points = {{1, 0}, {5, 10}}; }},
        {"a NaN measure", [](PartitionInstance& p) { p.resources[2].cost.points[1].second = kNaN; }},
    });
}

TEST(InstanceChecks, DivisibleRefusesWhatItsFileRefuses) {
    DivisibleInstance in;
    in.horizon = 10;
    in.workers = {{"P1", 1, 2, 0.5}, {"P2", 2, 1, 0}, {"P3", 0.5, 3, 1}};
    in.sendOrder = {0, 2};
    in.returnOrder = {2, 0};
    checkBreaks<DivisibleInstance>(in, {
        {"a zero horizon", [](DivisibleInstance& d) { d.horizon = 0; }},
        {"a NaN horizon", [](DivisibleInstance& d) { d.horizon = kNaN; }},
        {"no worker", [](DivisibleInstance& d) { d.workers.clear(); d.sendOrder.clear(); d.returnOrder.clear(); }},
        {"a nameless worker", [](DivisibleInstance& d) { d.workers[1].name.clear(); }},
        {"two workers of one name", [](DivisibleInstance& d) { d.workers[1].name = "P1"; }},
        {"a zero c", [](DivisibleInstance& d) { d.workers[0].c = 0; }},
        {"a negative w", [](DivisibleInstance& d) { d.workers[0].w = -1; }},
        {"an infinite w", [](DivisibleInstance& d) { d.workers[2].w = kInf; }},
        {"a negative d", [](DivisibleInstance& d) { d.workers[2].d = -1; }},
        {"a d below 1e-30", [](DivisibleInstance& d) { d.workers[2].d = 1e-40; }},
        {"a worker sent to twice", [](DivisibleInstance& d) { d.sendOrder = {0, 0}; d.returnOrder.clear(); }},
        {"a return from a worker not sent to", [](DivisibleInstance& d) { d.returnOrder = {1, 0}; }},
        {"a participant that never returns", [](DivisibleInstance& d) { d.returnOrder = {2}; }},
    });
}

TEST(InstanceChecks, CpuGpuRefusesWhatItsFileRefuses) {
    std::mt19937_64 rng(11);
    for (int round = 0; round < 40; ++round) EXPECT_FALSE(refusedAlike(Instance{testing::randomCpuGpu(rng, {})}));
    CpuGpuInstance in;
    in.cpus = 2;
    in.gpus = 1;
    in.tasks = {{"t0", 10, 1}, {"t1", 4, 2}, {"t2", 3, 3}};
    checkBreaks<CpuGpuInstance>(in, {
        {"no processor", [](CpuGpuInstance& c) { c.cpus = 0; c.gpus = 0; }},
        {"negative CPUs", [](CpuGpuInstance& c) { c.cpus = -1; }},
        {"too many GPUs", [](CpuGpuInstance& c) { c.gpus = 10'001; }},
        {"an epsilon of 0", [](CpuGpuInstance& c) { c.epsilon = 0; }},
        {"an epsilon above 1", [](CpuGpuInstance& c) { c.epsilon = 2; }},
        {"no task", [](CpuGpuInstance& c) { c.tasks.clear(); }},
        {"a nameless task", [](CpuGpuInstance& c) { c.tasks[1].name.clear(); }},
        {"two tasks of one name", [](CpuGpuInstance& c) { c.tasks[2].name = "t0"; }},
        {"a zero CPU time", [](CpuGpuInstance& c) { c.tasks[0].cpu = 0; }},
        {"a NaN GPU time", [](CpuGpuInstance& c) { c.tasks[0].gpu = kNaN; }},
        {"a GPU time past 1e12", [](CpuGpuInstance& c) { c.tasks[1].gpu = 2e12; }},
    });
}

// The element a message names: what comes before its first ": " ("platform.links[2].bandwidth").
std::string pathOf(const std::string& message) { return message.substr(0, message.find(": ")); }

// A steady-state instance written and read back is refused by its reader exactly when the typed check refuses
// it, and both name the same element.
void steadyAgrees(const SteadyStateInstance& in) {
    const std::optional<std::string> typed = steadyInstanceProblem(in);
    const Expected<Instance> read = instanceFromJson(instanceToJson(Instance{in}));
    ASSERT_EQ(typed.has_value(), !read.ok()) << (typed ? "typed: " + *typed : "typed: sound") << "; reader: "
                                             << (read ? std::string("sound") : read.error().message);
    if (typed) {
        EXPECT_EQ(pathOf(*typed), pathOf(read.error().message)) << *typed << " | " << read.error().message;
    }
}

SteadyStateInstance steadyExample(SteadyApplicationType type) {
    SteadyStateInstance in;
    in.nodes = {{"master", 1}, {"P1", 2}, {"router", 0}, {"P2", 3}};
    in.links = {{0, 1, 2, true}, {0, 2, 1, false}, {2, 3, 4, true}};
    in.application.type = type;
    in.application.source = 0;
    in.application.data = 2;
    in.application.result = 1;
    in.application.work = 3;
    if (type == SteadyApplicationType::Multicast) in.application.targets = {1, 3};
    return in;
}

TEST(InstanceChecks, SteadyStateRefusesWhatItsFileRefuses) {
    for (SteadyApplicationType type :
         {SteadyApplicationType::BagOfTasks, SteadyApplicationType::Broadcast, SteadyApplicationType::Multicast}) {
        SCOPED_TRACE(steadyApplicationName(type));
        const SteadyStateInstance in = steadyExample(type);
        checkBreaks<SteadyStateInstance>(in, {
            {"a nameless node", [](SteadyStateInstance& s) { s.nodes[1].name.clear(); }},
            {"two nodes of one name", [](SteadyStateInstance& s) { s.nodes[3].name = "P1"; }},
            {"a negative speed", [](SteadyStateInstance& s) { s.nodes[1].speed = -1; }},
            {"a speed below 1e-9", [](SteadyStateInstance& s) { s.nodes[1].speed = 1e-10; }},
            {"a speed past 1e9", [](SteadyStateInstance& s) { s.nodes[3].speed = 2e9; }},
            {"a NaN speed", [](SteadyStateInstance& s) { s.nodes[0].speed = kNaN; }},
            {"a link to itself", [](SteadyStateInstance& s) { s.links[1].to = 0; }},
            {"a zero bandwidth", [](SteadyStateInstance& s) { s.links[0].bandwidth = 0; }},
            {"an infinite bandwidth", [](SteadyStateInstance& s) { s.links[2].bandwidth = kInf; }},
            {"a link drawn twice", [](SteadyStateInstance& s) { s.links.push_back({1, 0, 1, false}); }},
            {"a link back made two-way", [](SteadyStateInstance& s) { s.links.push_back({2, 0, 1, true}); }},
            {"a zero message", [](SteadyStateInstance& s) { s.application.data = 0; }},
            {"a message past 1e9", [](SteadyStateInstance& s) { s.application.data = 1e10; }},
        });
    }
    // What only a bag of tasks writes, and only a multicast.
    checkBreaks<SteadyStateInstance>(steadyExample(SteadyApplicationType::BagOfTasks), {
        {"a negative result", [](SteadyStateInstance& s) { s.application.result = -1; }},
        {"a result below 1e-9", [](SteadyStateInstance& s) { s.application.result = 1e-12; }},
        {"no work", [](SteadyStateInstance& s) { s.application.work = 0; }},
        {"a NaN work", [](SteadyStateInstance& s) { s.application.work = kNaN; }},
    });
    checkBreaks<SteadyStateInstance>(steadyExample(SteadyApplicationType::Multicast), {
        {"no target", [](SteadyStateInstance& s) { s.application.targets.clear(); }},
        {"the source a target", [](SteadyStateInstance& s) { s.application.targets.push_back(0); }},
        {"a target twice", [](SteadyStateInstance& s) { s.application.targets.push_back(3); }},
    });
    for (SteadyApplicationType type :
         {SteadyApplicationType::BagOfTasks, SteadyApplicationType::Broadcast, SteadyApplicationType::Multicast}) {
        // The fields a type does not write are not its rules: a broadcast's work, a bag's targets.
        SteadyStateInstance in = steadyExample(type);
        if (type != SteadyApplicationType::BagOfTasks) in.application.work = in.application.result = -5;
        if (type != SteadyApplicationType::Multicast) in.application.targets = {0, 0};
        EXPECT_FALSE(refusedAlike(Instance{in}));
    }
}

TEST(InstanceChecks, SteadyStateIndicesNoFileCanHoldAreRefused) {
    // No node at all, or a link, a source or a target naming a node that does not exist: no file says so
    // (nodes are named there), and the instance could not be written.
    const std::vector<std::pair<const char*, std::function<void(SteadyStateInstance&)>>> breaks = {
        {"platform.nodes", [](SteadyStateInstance& s) { s.nodes.clear(); s.links.clear(); }},
        {"platform.links[1].from", [](SteadyStateInstance& s) { s.links[1].from = 4; }},
        {"platform.links[0].to", [](SteadyStateInstance& s) { s.links[0].to = 99; }},
        {"application.source", [](SteadyStateInstance& s) { s.application.source = 4; }},
        {"application.targets[1]", [](SteadyStateInstance& s) { s.application.targets[1] = 7; }},
    };
    for (const auto& [path, breakIt] : breaks) {
        SCOPED_TRACE(path);
        SteadyStateInstance in = steadyExample(SteadyApplicationType::Multicast);
        breakIt(in);
        const std::optional<std::string> problem = steadyInstanceProblem(in);
        ASSERT_TRUE(problem.has_value());
        EXPECT_EQ(pathOf(*problem), path);
        for (const SolverSpec& spec : solversForKind("steady_state")) {
            Expected<SolveResult> r = solve(Instance{in}, spec.name);
            ASSERT_FALSE(r.ok()) << spec.name;
            EXPECT_EQ(r.error().kind, ErrorKind::InvalidInput) << spec.name;
        }
    }
}

TEST(InstanceChecks, SteadyStateUnsolvableIsValidButRefusedBySolvers) {
    // A platform drawn one node at a time: a node no link reaches yet is a valid file that no solver runs on.
    SteadyStateInstance in = steadyExample(SteadyApplicationType::Broadcast);
    in.nodes.push_back({"alone", 1});
    EXPECT_FALSE(refusedAlike(Instance{in}));
    for (const SolverSpec& spec : solversForKind("steady_state")) {
        Expected<SolveResult> r = solve(Instance{in}, spec.name);
        ASSERT_FALSE(r.ok()) << spec.name;
        EXPECT_EQ(r.error().kind, ErrorKind::InvalidInput) << spec.name;
        EXPECT_NE(r.error().message.find("\"alone\" cannot be reached"), std::string::npos) << r.error().message;
    }
}

// Seeded random instances, then each broken at random by a value drawn among the edges of the rules
// (0, just inside and just outside each bound, NaN, infinities), a name taken from another element or
// emptied, a link or a target repeated: the typed check and the reader agree every time, and name the same
// element.
TEST(InstanceChecks, SteadyStateAgreesWithItsReaderOnRandomBreaks) {
    std::mt19937_64 rng(23);
    const std::vector<double> values = {0, -0.0, -1, 1e-10, 1e-9, 0.5, 1, 1e9, 1.0000001e9, 2e9, kNaN, kInf, -kInf};
    const auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
    int refused = 0;
    for (int round = 0; round < 600; ++round) {
        const auto type = static_cast<SteadyApplicationType>(round % 3);
        SteadyStateInstance in = randomSteadyPlatform(2 + pick(7), 1 + pick(3), rng(), CommunicationModel::BoundedMultiport, type);
        SCOPED_TRACE("round " + std::to_string(round));
        ASSERT_NO_FATAL_FAILURE(steadyAgrees(in));
        for (int breaks = 1 + static_cast<int>(pick(2)); breaks > 0; --breaks) {
            const std::size_t n = in.nodes.size();
            switch (pick(10)) {
            case 0: in.nodes[pick(n)].speed = values[pick(values.size())]; break;
            case 1: in.nodes[pick(n)].name = pick(2) ? std::string() : in.nodes[pick(n)].name; break;
            case 2: if (!in.links.empty()) in.links[pick(in.links.size())].bandwidth = values[pick(values.size())]; break;
            case 3: if (!in.links.empty()) { SteadyLink l = in.links[pick(in.links.size())]; l.bidirectional = pick(2); if (pick(2)) std::swap(l.from, l.to); in.links.push_back(l); } break;
            case 4: in.links.push_back({pick(n), pick(n), 1 + double(pick(5)), pick(2) == 0}); break;
            case 5: in.application.data = values[pick(values.size())]; break;
            case 6: in.application.result = values[pick(values.size())]; break;
            case 7: in.application.work = values[pick(values.size())]; break;
            case 8: in.application.targets.push_back(pick(n)); break;
            default: in.application.source = pick(n); break;
            }
        }
        ASSERT_NO_FATAL_FAILURE(steadyAgrees(in));
        refused += steadyInstanceProblem(in) ? 1 : 0;
    }
    // The breaks are not all harmless nor all fatal: both answers were compared many times.
    EXPECT_GT(refused, 150);
    EXPECT_LT(refused, 550);
}

// The same for the other families' checks: random sound instances broken at random, checked against their
// readers (the hand-made breaks above name each rule; these mix them).
TEST(InstanceChecks, EveryFamilyAgreesWithItsReaderOnRandomBreaks) {
    std::mt19937_64 rng(29);
    const std::vector<double> values = {0, -1, 1e-40, 1e-30, 1e-10, 1e-9, 0.5, 1, 1e9, 1e12, 2e12, 1e30, 2e30, 1e101, kNaN, kInf};
    const auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
    const auto value = [&] { return values[pick(values.size())]; };
    int refused = 0, rounds = 0;
    for (int round = 0; round < 300; ++round, ++rounds) {
        SCOPED_TRACE("cpugpu round " + std::to_string(round));
        CpuGpuInstance in = testing::randomCpuGpu(rng, {});
        switch (pick(6)) {
        case 0: in.tasks[pick(in.tasks.size())].cpu = value(); break;
        case 1: in.tasks[pick(in.tasks.size())].gpu = value(); break;
        case 2: in.tasks[pick(in.tasks.size())].name = pick(2) ? std::string() : in.tasks[pick(in.tasks.size())].name; break;
        case 3: in.epsilon = value(); break;
        case 4: in.cpus = static_cast<int>(pick(3)) - 1; in.gpus = static_cast<int>(pick(2)) * 10'001; break;
        default: break;
        }
        refused += refusedAlike(Instance{in}) ? 1 : 0;
    }
    for (int round = 0; round < 300; ++round, ++rounds) {
        SCOPED_TRACE("divisible round " + std::to_string(round));
        DivisibleStarConfig config;
        config.workers = 1 + static_cast<int>(pick(6));
        config.c = {0.5, 5};
        config.w = {0.5, 5};
        config.d = {0, 2};
        config.seed = rng();
        Expected<DivisibleInstance> made = generateDivisibleStar(config);
        ASSERT_TRUE(made.ok()) << made.error().message;
        DivisibleInstance in = *made;
        const std::size_t n = in.workers.size();
        switch (pick(8)) {
        case 0: in.workers[pick(n)].c = value(); break;
        case 1: in.workers[pick(n)].w = value(); break;
        case 2: in.workers[pick(n)].d = value(); break;
        case 3: in.horizon = value(); break;
        case 4: in.workers[pick(n)].name = pick(2) ? std::string() : in.workers[pick(n)].name; break;
        case 5: in.sendOrder = {pick(n), pick(n)}; break;
        case 6: in.returnOrder = {pick(n)}; break;
        default: break;
        }
        refused += refusedAlike(Instance{in}) ? 1 : 0;
    }
    for (int round = 0; round < 200; ++round, ++rounds) {
        SCOPED_TRACE("partition round " + std::to_string(round));
        PartitionInstance in = testing::randomPartition(rng, {});
        PartitionResource& r = in.resources[pick(in.resources.size())];
        switch (pick(6)) {
        case 0: if (!r.cost.table.empty()) r.cost.table[pick(r.cost.table.size())] = value(); break;
        case 1: r.cost.fixed = value(); r.cost.perTask = value(); break;
        case 2: r.name = pick(2) ? std::string() : in.resources[0].name; break;
        case 3: r.lower = static_cast<std::int64_t>(pick(8)) - 1; break;
        case 4: in.tasks = static_cast<std::int64_t>(pick(3)) - 1; break;
        default: break;
        }
        refused += refusedAlike(Instance{in}) ? 1 : 0;
    }
    EXPECT_GT(refused, rounds / 5);
    EXPECT_LT(refused, rounds * 9 / 10);
}

// Task graphs: random graphs on random platforms, broken at random (a value at the edge of its range, a name
// emptied or taken, a dependency on itself, twice or closing a cycle, a cluster without processors): the
// typed check and the reader agree every time.
TEST(InstanceChecks, TaskGraphAgreesWithItsReaderOnRandomBreaks) {
    std::mt19937_64 rng(31);
    const std::vector<double> values = {0, -1, 1e-7, 1e-6, 0.5, 1, 2, 1e9, 1e15, 1e30, 2e30, kNaN, kInf};
    const auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
    const auto value = [&] { return values[pick(values.size())]; };
    int refused = 0;
    const int rounds = 400;
    for (int round = 0; round < rounds; ++round) {
        SCOPED_TRACE("round " + std::to_string(round));
        DagPlatformConfig platformConfig;
        platformConfig.clusters = 1 + static_cast<int>(pick(3));
        platformConfig.seed = rng();
        Expected<DagPlatform> platform = generatePlatform(platformConfig);
        ASSERT_TRUE(platform.ok()) << platform.error().message;
        DagGeneratorConfig config;
        config.n = 3 + static_cast<int>(pick(12));
        config.seed = rng();
        Expected<DagInstance> made = generateDag(config, *platform);
        ASSERT_TRUE(made.ok()) << made.error().message;
        DagInstance in = *made;
        EXPECT_FALSE(refusedAlike(Instance{in}));
        const std::size_t n = in.tasks.size();
        DagCluster& cluster = in.platform.clusters[pick(in.platform.clusters.size())];
        switch (pick(13)) {
        case 12: {
            // SimGrid hosts recorded for a cluster: one emptied or repeated, or a sound list.
            in.platform.simgrid.file = "/platforms/g5k.xml";
            std::vector<std::string> hosts = {"h1", "h2", "h3"};
            if (pick(3) == 0) hosts[pick(3)].clear();
            else if (pick(2) == 0) hosts[2] = hosts[pick(2)];
            in.platform.simgrid.hostsByCluster.emplace_back(cluster.name, hosts);
            break;
        }
        case 0: in.tasks[pick(n)].flops = value(); break;
        case 1: in.tasks[pick(n)].alpha = value(); break;
        case 2: in.tasks[pick(n)].name = pick(2) ? std::string() : in.tasks[pick(n)].name; break;
        case 3: { const std::size_t t = pick(n); in.edges.push_back({t, pick(2) ? t : pick(n), 1}); break; }
        case 4: if (!in.edges.empty()) in.edges.push_back(in.edges[pick(in.edges.size())]); break;
        case 5: if (!in.edges.empty()) { const DagEdge e = in.edges[pick(in.edges.size())]; in.edges.push_back({e.to, e.from, 0}); } break;
        case 6: if (!in.edges.empty()) in.edges[pick(in.edges.size())].bytes = value(); break;
        case 7: cluster.speed = value(); break;
        case 8: (pick(2) ? cluster.bandwidth : cluster.latency) = value(); break;
        case 9: cluster.processors = static_cast<int>(pick(3)) - 1; break;
        case 10: cluster.name = pick(2) ? std::string() : in.platform.clusters.front().name; break;
        default: (pick(2) ? in.platform.backbone.bandwidth : in.platform.backbone.latency) = value(); break;
        }
        refused += refusedAlike(Instance{in}) ? 1 : 0;
    }
    EXPECT_GT(refused, rounds / 5);
    EXPECT_LT(refused, rounds * 9 / 10);
}

TEST(InstanceChecks, EveryFamilysExampleIsSound) {
    for (const FamilyDescriptor& family : families()) {
        SCOPED_TRACE(family.kind);
        ASSERT_TRUE(family.instanceProblem);
        EXPECT_EQ(family.instanceProblem(family.exampleInstance()), std::nullopt);
    }
}

}  // namespace
}  // namespace hetsched
