// Schedules replayed on SimGrid (core/simulation): where the analytic model and the simulation agree by
// construction, they agree; where transfers share a link, the simulation is slower and says why.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>

#include "io/child_process.h"
#include "io/dag_import.h"
#include "io/instance_io.h"
#include "solvers/family_solution.h"
#include "results/result_io.h"
#include "io/simgrid_platform.h"
#include "model/dag_random.h"
#include "simulation/dag_simulation.h"
#include "simulation/simgrid_simulation.h"
#include "simulation/simulation.h"
#include "solvers/dag/dag_result.h"
#include "simgrid_fixtures.h"
#include "solvers/registry.h"

namespace hetsched {
namespace {

namespace fs = std::filesystem;

// A directory removed at the end of the test.
struct Scratch {
    fs::path dir;
    Scratch() {
        std::string pattern = (fs::temp_directory_path() / "hetsched-simtest-XXXXXX").string();
        dir = ::mkdtemp(pattern.data());
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
    std::string write(const std::string& name, const std::string& text) const {
        const fs::path path = dir / name;
        std::ofstream(path) << text;
        return path.string();
    }
};

void expectNear(double actual, double expected, const std::string& what) {
    EXPECT_NEAR(actual, expected, 1e-9 * std::max(1.0, std::abs(expected))) << what;
}

const SimulatedActivity& named(const std::vector<SimulatedActivity>& list, const std::string& id) {
    for (const SimulatedActivity& a : list)
        if (a.id == id) return a;
    ADD_FAILURE() << "no activity " << id;
    static SimulatedActivity none;
    return none;
}

// Two clusters unlike each other, the processors of A numbered 0..3 and of B 4..7.
DagPlatform twoClusters() {
    DagPlatform p;
    p.clusters = {{"A", 4, 1e9, 1e8, 1e-4}, {"B", 4, 2e9, 5e7, 2e-4}};
    p.backbone = {2e8, 0.01};
    return p;
}

// Places the tasks on the given processors in this order, each as early as its data (the analytic
// redistribution model) and its processors allow: the schedule the list schedulers would build.
DagSolution placeInOrder(const DagInstance& in, const std::vector<std::vector<int>>& processors) {
    const ProcessorIndex index = indexProcessors(in.platform);
    const DagGraph graph = buildDagGraph(in.tasks.size(), in.edges);
    std::vector<double> freeAt(static_cast<std::size_t>(index.total()), 0.0);
    DagSolution s;
    s.tasks.resize(in.tasks.size());
    for (std::size_t t = 0; t < in.tasks.size(); ++t) {
        DagPlacement& p = s.tasks[t];
        p.processors = processors[t];
        for (int q : p.processors) p.start = std::max(p.start, freeAt[static_cast<std::size_t>(q)]);
        for (std::size_t e : graph.inEdges[t]) {
            const DagPlacement& from = s.tasks[in.edges[e].from];
            p.start = std::max(p.start, from.end + redistributionSeconds(in.platform, index, in.edges[e].bytes,
                                                                         from.processors, p.processors));
        }
        p.end = p.start + executionSeconds(in, index, in.tasks[t], p.processors);
        for (int q : p.processors) freeAt[static_cast<std::size_t>(q)] = p.end;
        s.makespan = std::max(s.makespan, p.end);
    }
    return s;
}

TEST(DagPlatformXml, SimGridSeesTheAnalyticModelsClustersLinksAndLatencies) {
    const DagPlatform p = twoClusters();
    const GeneratedDagPlatform generated = dagPlatformXml(p);
    ASSERT_EQ(generated.hostOfProcessor.size(), 8u);
    EXPECT_EQ(generated.hostOfProcessor[0], "A-0");
    EXPECT_EQ(generated.hostOfProcessor[5], "B-1");
    Scratch scratch;
    Expected<SimGridPlatform> loaded = loadSimGridPlatform(scratch.write("platform.xml", generated.xml));
    ASSERT_TRUE(loaded) << loaded.error().message;
    ASSERT_EQ(loaded->hosts.size(), 8u);
    std::map<std::string, std::size_t> host;
    for (std::size_t h = 0; h < loaded->hosts.size(); ++h) host[loaded->hosts[h].name] = h;
    EXPECT_DOUBLE_EQ(loaded->hosts[host["B-3"]].speed, 2e9);
    auto route = [&](const std::string& a, const std::string& b) -> const SimGridRoute* {
        for (const SimGridRoute& r : loaded->routes)
            if (r.from == host[a] && r.to == host[b]) return &r;
        return nullptr;
    };
    auto bottleneck = [&](const SimGridRoute& r) {
        double bw = 1e300;
        for (std::size_t l : r.links) bw = std::min(bw, loaded->links[l].bandwidth);
        return bw;
    };
    // Inside a cluster: the cluster's latency L, its bandwidth. Between clusters: L_A + L_bb + L_B.
    const SimGridRoute* inside = route("A-0", "A-3");
    ASSERT_NE(inside, nullptr);
    expectNear(inside->latency, 1e-4, "latency inside A");
    expectNear(bottleneck(*inside), 1e8, "bandwidth inside A");
    const SimGridRoute* between = route("B-2", "A-1");
    ASSERT_NE(between, nullptr);
    expectNear(between->latency, 2e-4 + 0.01 + 1e-4, "latency from B to A");
    expectNear(bottleneck(*between), 5e7, "bottleneck from B to A");
    EXPECT_EQ(between->links.size(), 5u);   // private up, gateway B, backbone, gateway A, private down
    // Read back as a dag platform: the same clusters.
    Expected<DagPlatform> back = dagPlatformFromSimGrid(*loaded);
    ASSERT_TRUE(back) << back.error().message;
    ASSERT_EQ(back->clusters.size(), 2u);
    EXPECT_EQ(back->clusters[1].name, "B");
    EXPECT_EQ(back->clusters[1].processors, 4);
    EXPECT_DOUBLE_EQ(back->clusters[1].speed, 2e9);
    EXPECT_DOUBLE_EQ(back->backbone.bandwidth, 2e8);
}

TEST(DagPlatformXml, NamesThatWouldCollideAreNumbered) {
    DagPlatform p;
    p.clusters = {{"X", 12, 1e9, 1e8, 1e-4}, {"X-1", 2, 1e9, 1e8, 1e-4}};   // host "X-1" of X vs cluster "X-1"
    const GeneratedDagPlatform generated = dagPlatformXml(p);
    EXPECT_EQ(generated.hostOfProcessor[1], "cluster0-1");
    EXPECT_EQ(generated.hostOfProcessor[12], "cluster1-0");
    Scratch scratch;
    Expected<SimGridPlatform> loaded = loadSimGridPlatform(scratch.write("platform.xml", generated.xml));
    ASSERT_TRUE(loaded) << loaded.error().message;
    EXPECT_EQ(loaded->hosts.size(), 14u);
}

// A chain through both clusters with parallel tasks, redistributions between sets of other sizes
// (2 to 2 inside A, 2 to 3 from A to B, 3 to 1 back) and a processor used twice: one transfer at a
// time, so nothing shares a link and every activity takes the analytic model's time.
TEST(DagSimulation, WithoutContentionEveryTaskRunsAtItsPlannedTimes) {
    DagInstance in;
    in.platform = twoClusters();
    in.tasks = {{"t0", 1e9, 0.1}, {"t1", 2e9, 0.2}, {"t2", 3e9, 0.0}, {"t3", 5e8, 0.5}, {"t4", 0, 0}};
    in.edges = {{0, 1, 1e8}, {1, 2, 6e7}, {2, 3, 1e7}, {0, 3, 0}, {3, 4, 0}};
    const DagSolution planned = placeInOrder(in, {{0, 1}, {2, 3}, {4, 5, 6}, {0}, {0}});
    ASSERT_TRUE(verifyDag(in, planned, false).empty()) << verifyDag(in, planned, false).front();
    // The model's times by hand: inside A, 1e-4 + 1e8 / (2 x 1e8); A to B, 3e-4 + 0.01 + 6e7 / min(2e8, 2e8, 1.5e8).
    expectNear(planned.tasks[1].start - planned.tasks[0].end, 0.5001, "t0 -> t1 planned");
    expectNear(planned.tasks[2].start - planned.tasks[1].end, 0.4103, "t1 -> t2 planned");

    Expected<SimulationResult> r = simulateDagSchedule(in, planned, "by hand");
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_TRUE(r->generatedPlatform);
    EXPECT_NE(r->platformXml.find("<cluster id=\"B\""), std::string::npos);
    ASSERT_EQ(r->tasks.size(), 5u);
    ASSERT_EQ(r->transfers.size(), 3u);   // the zero-byte edges are precedences only
    for (std::size_t t = 0; t < in.tasks.size(); ++t) {
        expectNear(r->tasks[t].start, planned.tasks[t].start, in.tasks[t].name + " start");
        expectNear(r->tasks[t].end, planned.tasks[t].end, in.tasks[t].name + " end");
        EXPECT_EQ(r->tasks[t].cause, DelayCause::None) << in.tasks[t].name;
    }
    for (const SimulatedActivity& x : r->transfers) {
        expectNear(x.end, x.plannedEnd, x.id);
        expectNear(x.uncontendedSeconds, x.plannedEnd - x.plannedStart, x.id + " alone");
    }
    expectNear(r->simulatedMakespan, planned.makespan, "makespan");
    EXPECT_EQ(r->schedule.lanes.size(), 8u);
}

// Two transfers at once from A to B: alone each takes L_bb + D / B_bb (the analytic model's time, the
// gateways and the backbone being its bottleneck); together they share the gateways and the backbone
// and take L_bb + 2 D / B_bb, so both receivers start D / B_bb late, for contention.
TEST(DagSimulation, TwoTransfersSharingTheBackboneAreSlowerForContention) {
    DagInstance in;
    in.platform.clusters = {{"A", 2, 1e9, 1e9, 0}, {"B", 2, 1e9, 1e9, 0}};
    in.platform.backbone = {1e8, 0.01};
    in.tasks = {{"a0", 1e9, 0}, {"a1", 1e9, 0}, {"b0", 1e9, 0}, {"b1", 1e9, 0}};
    in.edges = {{0, 2, 1e8}, {1, 3, 1e8}};
    const DagSolution planned = placeInOrder(in, {{0}, {1}, {2}, {3}});
    expectNear(planned.tasks[2].start, 2.01, "b0 planned start");
    expectNear(planned.makespan, 3.01, "planned makespan");

    Expected<SimulationResult> r = simulateDagSchedule(in, planned, "by hand");
    ASSERT_TRUE(r) << r.error().message;
    for (const char* id : {"a0 -> b0", "a1 -> b1"}) {
        const SimulatedActivity& x = named(r->transfers, id);
        expectNear(x.start, 1.0, std::string(id) + " start");
        expectNear(x.end, 1.0 + 0.01 + 2e8 / 1e8, std::string(id) + " end");
        expectNear(x.uncontendedSeconds, 1.01, std::string(id) + " alone");
        EXPECT_EQ(x.cause, DelayCause::Contention) << id;
    }
    for (const char* id : {"b0", "b1"}) {
        const SimulatedActivity& b = named(r->tasks, id);
        expectNear(b.delay(), 1.0, std::string(id) + " delay");
        EXPECT_EQ(b.cause, DelayCause::Contention) << id;
    }
    EXPECT_EQ(named(r->tasks, "a0").cause, DelayCause::None);
    expectNear(r->simulatedMakespan, 4.01, "simulated makespan");
    const nlohmann::json j = simulationResultToJson(*r);
    EXPECT_DOUBLE_EQ(j["planned_makespan"].get<double>(), r->plannedMakespan);
    EXPECT_EQ(j["tasks"][2]["cause"], "contention");
    EXPECT_EQ(j["platform"]["source"], "generated");
}

// A processor released late delays the next task on it: the cause is the processor, not the data.
TEST(DagSimulation, ALateTaskOnTheSameProcessorIsWaitingForProcessors) {
    DagInstance in;
    in.platform.clusters = {{"A", 2, 1e9, 1e9, 0}, {"B", 2, 1e9, 1e9, 0}};
    in.platform.backbone = {1e8, 0.01};
    in.tasks = {{"a0", 1e9, 0}, {"a1", 1e9, 0}, {"b0", 1e9, 0}, {"b1", 1e9, 0}, {"c", 1e9, 0}};
    in.edges = {{0, 2, 1e8}, {1, 3, 1e8}};
    // c follows b0 on B's first processor without depending on it.
    const DagSolution planned = placeInOrder(in, {{0}, {1}, {2}, {3}, {2}});
    Expected<SimulationResult> r = simulateDagSchedule(in, planned, "by hand");
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(named(r->tasks, "c").cause, DelayCause::WaitingForProcessors);
    expectNear(named(r->tasks, "c").delay(), 1.0, "c delay");
}

// Over random graphs and platforms and every solver: alone on the generated platform, every task takes
// its Amdahl time and every redistribution between disjoint sets the analytic model's time; between
// overlapping sets the data a processor keeps does not travel, so never longer.
TEST(DagSimulation, AloneEveryActivityTakesTheAnalyticModelsTime) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        DagPlatformConfig pc;
        pc.clusters = 3;
        pc.minProcessors = 2;
        pc.maxProcessors = 6;
        pc.seed = seed;
        Expected<DagPlatform> platform = generatePlatform(pc);
        ASSERT_TRUE(platform);
        DagGeneratorConfig gc;
        gc.n = 25;
        gc.seed = seed;
        Expected<DagInstance> in = generateDag(gc, *platform);
        ASSERT_TRUE(in);
        std::vector<DagSolution> solutions;
        std::vector<std::string> names;
        for (const SolverSpec& spec : solversForKind("dag")) {
            Expected<SolveResult> solved = solve(Instance{*in}, spec.name);
            ASSERT_TRUE(solved) << solved.error().message;
            const DagSolution* placements = solutionOf<DagSolution>(*solved);
            ASSERT_NE(placements, nullptr);
            solutions.push_back(*placements);
            names.push_back(spec.name);
        }
        // Every solver's schedule in one child process.
        Expected<std::vector<SimulationResult>> all = simulateDagSchedules(*in, solutions, names);
        ASSERT_TRUE(all) << all.error().message;
        for (const SimulationResult& r : *all) {
            for (const SimulatedActivity& a : r.tasks)
                EXPECT_NEAR(a.uncontendedSeconds, a.plannedEnd - a.plannedStart,
                            1e-9 * std::max(1.0, a.plannedEnd - a.plannedStart))
                    << r.solver << " seed " << seed << " task " << a.id;
            for (const SimulatedActivity& x : r.transfers)
                EXPECT_LE(x.uncontendedSeconds, x.plannedEnd - x.plannedStart + 1e-9 * std::max(1.0, x.plannedEnd))
                    << r.solver << " seed " << seed << " transfer " << x.id;
            if (r.solver == "seq") {
                EXPECT_NEAR(r.simulatedMakespan, r.plannedMakespan, 1e-9 * r.plannedMakespan);
            }
        }
    }
}

TEST(DagSimulation, SeveralSchedulesInOneChildProcess) {
    DagInstance in;
    in.platform = twoClusters();
    in.tasks = {{"t0", 1e9, 0.1}, {"t1", 2e9, 0.2}};
    in.edges = {{0, 1, 1e8}};
    const DagSolution inside = placeInOrder(in, {{0, 1}, {2, 3}});
    const DagSolution across = placeInOrder(in, {{0, 1}, {4, 5}});
    Expected<std::vector<SimulationResult>> r = simulateDagSchedules(in, {inside, across}, {"inside", "across"});
    ASSERT_TRUE(r) << r.error().message;
    ASSERT_EQ(r->size(), 2u);
    EXPECT_EQ((*r)[1].solver, "across");
    expectNear((*r)[0].simulatedMakespan, inside.makespan, "inside");
    expectNear((*r)[1].simulatedMakespan, across.makespan, "across");
}

// An instance imported from a SimGrid file remembers the file and its hosts, and is simulated there;
// a cluster of 2 hosts of 2 cores is 4 processors, each an entry of the parallel task on its host.
TEST(DagSimulation, AnImportedInstanceIsSimulatedOnItsOwnFile) {
    Scratch scratch;
    const std::string file = scratch.write(
        "two.xml",
        "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n"
        "<cluster id=\"duo\" prefix=\"d-\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\" core=\"2\" bw=\"125MBps\" lat=\"50us\"/>\n"
        "</platform>\n");
    Expected<DagPlatform> platform = readDagPlatformFile(file);
    ASSERT_TRUE(platform) << platform.error().message;
    EXPECT_EQ(platform->simgrid.file, fs::absolute(file).lexically_normal().string());
    ASSERT_NE(platform->simgrid.hostsOf("duo"), nullptr);
    EXPECT_EQ(*platform->simgrid.hostsOf("duo"), (std::vector<std::string>{"d-0", "d-1"}));
    EXPECT_EQ(platform->clusters[0].processors, 4);

    DagInstance in;
    in.platform = *platform;
    in.tasks = {{"t0", 2e9, 0.25}, {"t1", 1e9, 0}};
    in.edges = {{0, 1, 0}};
    // Through the instance file and back: the source survives.
    Expected<Instance> reread = instanceFromJson(instanceToJson(Instance{in}));
    ASSERT_TRUE(reread) << reread.error().message;
    const DagInstance& back = std::get<DagInstance>(*reread);
    EXPECT_EQ(back.platform.simgrid.file, in.platform.simgrid.file);
    EXPECT_EQ(*back.platform.simgrid.hostsOf("duo"), *in.platform.simgrid.hostsOf("duo"));

    const DagSolution planned = placeInOrder(back, {{0, 1, 2, 3}, {1}});
    Expected<SimulationResult> r = simulateDagSchedule(back, planned, "by hand");
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_FALSE(r->generatedPlatform);
    EXPECT_EQ(r->platformFile, in.platform.simgrid.file);
    EXPECT_TRUE(r->platformXml.empty());
    expectNear(r->tasks[0].end, (0.25 + 0.75 / 4) * 2, "t0 on 4 cores of 2 hosts");
    expectNear(r->simulatedMakespan, planned.makespan, "makespan");

    // Without the recorded hosts, --platform maps the clusters by name; an unknown name is refused.
    DagInstance bare = back;
    bare.platform.simgrid = {};
    SimulationOptions options;
    options.platformFile = file;
    Expected<SimulationResult> byName = simulateDagSchedule(bare, planned, "by hand", options);
    ASSERT_TRUE(byName) << byName.error().message;
    expectNear(byName->simulatedMakespan, planned.makespan, "makespan by name");
    bare.platform.clusters[0].name = "other";
    Expected<SimulationResult> unknown = simulateDagSchedule(bare, planned, "by hand", options);
    ASSERT_FALSE(unknown);
    EXPECT_NE(unknown.error().message.find("\"other\" is not a cluster of"), std::string::npos) << unknown.error().message;
    // A file that is gone is named.
    DagInstance moved = back;
    moved.platform.simgrid.file = (scratch.dir / "gone.xml").string();
    Expected<SimulationResult> gone = simulateDagSchedule(moved, planned, "by hand");
    ASSERT_FALSE(gone);
    EXPECT_NE(gone.error().message.find("gone.xml (the SimGrid platform this instance was imported from) does not exist"),
              std::string::npos)
        << gone.error().message;
}

// A platform whose host names are Latin-1 (not UTF-8): read as Latin-1, and the simulation finds the hosts
// under the names the platform was read with.
TEST(DagSimulation, HostsNamedInLatin1AreSimulatedUnderTheNamesTheyWereReadWith) {
    Scratch scratch;
    const std::string file = scratch.write(
        "latin1.xml",
        "<?xml version='1.0' encoding='ISO-8859-1'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
        "<platform version=\"4.1\">\n<cluster id=\"caf\xE9\" prefix=\"caf\xE9-\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\" "
        "core=\"2\" bw=\"125MBps\" lat=\"50us\"/>\n</platform>\n");
    Expected<DagPlatform> platform = readDagPlatformFile(file);
    ASSERT_TRUE(platform) << platform.error().message;
    ASSERT_EQ(platform->clusters.size(), 1u);
    EXPECT_EQ(platform->clusters[0].name, "caf\xC3\xA9");   // é in UTF-8
    ASSERT_NE(platform->simgrid.hostsOf("caf\xC3\xA9"), nullptr);
    EXPECT_EQ(*platform->simgrid.hostsOf("caf\xC3\xA9"), (std::vector<std::string>{"caf\xC3\xA9-0", "caf\xC3\xA9-1"}));
    DagInstance in;
    in.platform = *platform;
    in.tasks = {{"t0", 2e9, 0.25}, {"t1", 1e9, 0}};
    in.edges = {{0, 1, 0}};
    const DagSolution planned = placeInOrder(in, {{0, 1, 2, 3}, {1}});
    Expected<SimulationResult> r = simulateDagSchedule(in, planned, "by hand");
    ASSERT_TRUE(r) << r.error().message;
    expectNear(r->simulatedMakespan, planned.makespan, "makespan");
}

// A file of DTD version 3 is upgraded on a copy for the simulation as for loading; the instance names the
// user's file, which stays as it was.
TEST(DagSimulation, AnOldDtdFileIsSimulatedThroughAnUpgradedCopy) {
    if (!findInPath("simgrid_update_xml")) GTEST_SKIP() << "simgrid_update_xml is not installed";
    Scratch scratch;
    const std::string text = hetsched::test::kOldDtdPlatform;
    const std::string file = scratch.write("v3.xml", text);
    Expected<DagPlatform> platform = readDagPlatformFile(file);
    ASSERT_TRUE(platform) << platform.error().message;
    DagInstance in;
    in.platform = *platform;
    in.tasks = {{"a", 1e9, 0}, {"b", 2e9, 0}};
    in.edges = {{0, 1, 1.25e8}};
    ASSERT_EQ(in.platform.clusters.size(), 2u);   // alice and bob, each a cluster of one
    const ProcessorIndex index = indexProcessors(in.platform);
    const int alice = in.platform.clusters[0].name == "alice" ? 0 : 1;
    const DagSolution planned = placeInOrder(in, {{index.offset[alice]}, {index.offset[1 - alice]}});
    Expected<SimulationResult> r = simulateDagSchedule(in, planned, "by hand");
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(r->platformFile, fs::absolute(file).lexically_normal().string());
    // a on alice (1 s), 1.25e8 bytes over the one link (1e-4 + 1 s), b on bob (1 s).
    expectNear(r->simulatedMakespan, 3.0001, "makespan");
    std::ifstream after(file);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(after), {}), text);
}

TEST(DagSimulation, CancelledBeforeTheChildEnds) {
    DagInstance in;
    in.platform = twoClusters();
    in.tasks = {{"t0", 1e9, 0.1}};
    const DagSolution planned = placeInOrder(in, {{0}});
    std::atomic<bool> stop{true};
    Expected<SimulationResult> r = simulateDagSchedule(in, planned, "x", {}, Progress({}, &stop));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, ErrorKind::Cancelled);
}

TEST(DagSimulation, ACrashingSimulatorIsAMessage) {
    Scratch scratch;
    const std::string script = scratch.write("crash.sh", "#!/bin/sh\necho 'xbt_die: something broke' >&2\nkill -ABRT $$\n");
    fs::permissions(script, fs::perms::owner_all);
    ::setenv("HETSCHED_SIMGRID_RUNNER", script.c_str(), 1);
    DagInstance in;
    in.platform = twoClusters();
    in.tasks = {{"t0", 1e9, 0.1}};
    Expected<SimulationResult> r = simulateDagSchedule(in, placeInOrder(in, {{0}}), "x");
    ::unsetenv("HETSCHED_SIMGRID_RUNNER");
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("died (SIGABRT)"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("xbt_die: something broke"), std::string::npos) << r.error().message;
}

TEST(Simulation, PartitionResultsAreNotSimulated) {
    Expected<Instance> in = readInstanceFile(std::string(HETSCHED_EXAMPLES_DIR) + "/partition-small.json");
    ASSERT_TRUE(in);
    Expected<SolveResult> solved = solve(*in, "");
    ASSERT_TRUE(solved);
    Expected<SimulationResult> r = simulateResult(*in, *solved);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("partition"), std::string::npos);
}

}  // namespace
}  // namespace hetsched

// ---- the other families ----

namespace hetsched {
namespace {

DivisibleInstance randomStar(std::uint64_t seed, double z, std::size_t workers) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> cost(1, 10);
    DivisibleInstance in;
    in.horizon = 100;
    for (std::size_t i = 0; i < workers; ++i) {
        DivisibleWorker w;
        w.name = std::string("P").append(std::to_string(i + 1));   // not "P" + ...: GCC 12 warns (-Wrestrict)
        w.c = cost(rng);
        w.w = cost(rng) * 3;
        w.d = z * w.c;
        in.workers.push_back(w);
    }
    return in;
}

// Without idle time the simulated star is the slides' schedule: every send, computation and return at
// its planned time, the last result back at T, the same throughput (closed forms to 1e-6).
TEST(DivisibleSimulation, ClosedFormsAreSimulatedToTheirTimesAndThroughput) {
    struct Case {
        double z;
        const char* solver;
    };
    for (const Case& c : {Case{0.8, "fifo-optimal"}, Case{1.25, "fifo-optimal"}, Case{0.8, "lifo-optimal"},
                          Case{0.8, "fifo-by-c"}, Case{1.0, "fifo-by-w"}, Case{0.0, "no-return"}})
        for (std::uint64_t seed = 1; seed <= 2; ++seed) {
            const DivisibleInstance in = randomStar(seed, c.z, 8);
            Expected<SolveResult> solved = solve(Instance{in}, c.solver);
            ASSERT_TRUE(solved) << c.solver << ": " << solved.error().message;
            Expected<SimulationResult> r = simulateResult(Instance{in}, *solved);
            ASSERT_TRUE(r) << c.solver << ": " << r.error().message;
            const std::string what = std::string(c.solver) + " z=" + std::to_string(c.z) + " seed " + std::to_string(seed);
            EXPECT_NEAR(r->simulatedMakespan, in.horizon, 1e-6 * in.horizon) << what;
            EXPECT_NEAR(r->familyKeys["simulated_throughput"].get<double>(), solved->objective.value(),
                        1e-6 * solved->objective.value())
                << what;
            for (const auto* list : {&r->tasks, &r->transfers})
                for (const SimulatedActivity& a : *list) {
                    EXPECT_NEAR(a.start, a.plannedStart, 1e-6 * in.horizon) << what << " " << a.id;
                    EXPECT_NEAR(a.end, a.plannedEnd, 1e-6 * in.horizon) << what << " " << a.id;
                    EXPECT_EQ(a.cause, DelayCause::None) << what << " " << a.id;
                }
            EXPECT_EQ(r->transfers.size(), r->tasks.size() * (c.z > 0 ? 2 : 1)) << what;
        }
}

// With idle time (the optimum of the slides' counter-example is neither FIFO nor LIFO) the returns
// come as soon as the port and the worker allow: never after the horizon, the sends as planned.
TEST(DivisibleSimulation, ReturnsWithIdleTimeComeNoLaterThanPlanned) {
    Expected<Instance> in = readInstanceFile(std::string(HETSCHED_EXAMPLES_DIR) + "/divisible-neither-fifo-nor-lifo.json");
    ASSERT_TRUE(in);
    for (const char* solver : {"exhaustive", "scenario-lp"}) {
        Expected<SolveResult> solved = solve(*in, solver);
        ASSERT_TRUE(solved);
        Expected<SimulationResult> r = simulateResult(*in, *solved);
        ASSERT_TRUE(r) << r.error().message;
        const double T = std::get<DivisibleInstance>(*in).horizon;
        EXPECT_LE(r->simulatedMakespan, T * (1 + 1e-9)) << solver;
        for (const SimulatedActivity& x : r->transfers) {
            EXPECT_LE(x.end, x.plannedEnd + 1e-6 * T) << solver << " " << x.id;
            if (x.from == "master") {
                EXPECT_NEAR(x.start, x.plannedStart, 1e-6 * T) << solver << " " << x.id;
            }
        }
    }
}

// Independent tasks on their processors: the simulation is the schedule (trivially; HeteroPrio's
// aborted runs occupy their processors as planned).
TEST(CpuGpuSimulation, EveryTaskRunsAtItsPlannedTimes) {
    Expected<Instance> in = readInstanceFile(std::string(HETSCHED_EXAMPLES_DIR) + "/cpugpu-paper-random.json");
    ASSERT_TRUE(in);
    for (const char* solver : {"dual-approx", "heft", "heteroprio"}) {
        Expected<SolveResult> solved = solve(*in, solver);
        ASSERT_TRUE(solved);
        Expected<SimulationResult> r = simulateResult(*in, *solved);
        ASSERT_TRUE(r) << r.error().message;
        EXPECT_GE(r->tasks.size(), std::get<CpuGpuInstance>(*in).tasks.size());
        EXPECT_TRUE(r->transfers.empty());
        for (const SimulatedActivity& a : r->tasks) {
            EXPECT_NEAR(a.start, a.plannedStart, 1e-9 * r->plannedMakespan) << solver << " " << a.id;
            EXPECT_NEAR(a.end, a.plannedEnd, 1e-9 * r->plannedMakespan) << solver << " " << a.id;
        }
        EXPECT_NEAR(r->simulatedMakespan, solved->objective.value(), 1e-9 * r->plannedMakespan) << solver;
    }
}

// k periods of the weak periodic schedule: every operation alone takes its planned length, the
// resources of a pattern are distinct, so k periods take at most k T and deliver at least rho.
TEST(SteadySimulation, KPeriodsTakeNoLongerThanPlannedAndReachTheThroughput) {
    Expected<Instance> in = readInstanceFile(std::string(HETSCHED_EXAMPLES_DIR) + "/steady-state-bag-of-tasks.json");
    ASSERT_TRUE(in);
    for (const char* solver : {"lp", "column-generation"}) {
        Expected<SolveResult> solved = solve(*in, solver);
        ASSERT_TRUE(solved);
        SimulationOptions options;
        options.periods = 4;
        Expected<SimulationResult> r = simulateResult(*in, *solved, options);
        ASSERT_TRUE(r) << r.error().message;
        const double T = r->familyKeys["period"].get<double>();
        EXPECT_EQ(r->familyKeys["periods"], 4);
        EXPECT_LE(r->simulatedMakespan, 4 * T * (1 + 1e-9)) << solver;
        EXPECT_GE(r->familyKeys["simulated_throughput"].get<double>(),
                  r->familyKeys["planned_throughput"].get<double>() * (1 - 1e-9))
            << solver;
        for (const auto* list : {&r->tasks, &r->transfers})
            for (const SimulatedActivity& a : *list) {
                EXPECT_NEAR(a.uncontendedSeconds, a.plannedEnd - a.plannedStart, 1e-9 * T) << solver << " " << a.id;
                EXPECT_LE(a.end, a.plannedEnd + 1e-9 * T) << solver << " " << a.id;
            }
    }
}

}  // namespace
}  // namespace hetsched

#include "experiments/dag_experiments.h"

namespace hetsched {
namespace {

// --simulate measures every makespan on SimGrid as the paper did: seq (one processor, no transfer) is
// simulated to its planned makespan; the others within a few per cent on the paper's small data.
TEST(DagEvaluation, SimulateMeasuresEveryMakespanOnSimGrid) {
    DagEvaluationConfig config;
    config.clusterCounts = {2};
    config.minSpeeds = {1e9};
    config.heterogeneities = {2};
    config.taskCounts = {10, 20};
    config.dagSamples = 1;
    config.solvers = {"seq", "hcpa", "mheft"};
    config.simulate = true;
    std::vector<double> fractions;
    std::atomic<bool> stop{false};
    Expected<std::vector<DagEvaluationRow>> rows =
        runDagEvaluation(config, Progress([&](double f, const std::string&) { fractions.push_back(f); }, &stop));
    ASSERT_TRUE(rows) << rows.error().message;
    ASSERT_EQ(rows->size(), 6u);
    for (const DagEvaluationRow& r : *rows) {
        EXPECT_TRUE(r.simulated);
        EXPECT_GT(r.simulatedMakespan, 0);
        EXPECT_NEAR(r.simulatedOverPlanned, r.simulatedMakespan / r.makespan, 0.05) << r.solver;
        if (r.solver == "seq") {
            EXPECT_NEAR(r.simulatedMakespan, r.makespan, 1e-9 * r.makespan);
            EXPECT_NEAR(r.simulatedSpeedupOverSeq, 1, 1e-9);
        }
    }
    const std::string csv = dagEvaluationCsv(*rows);
    EXPECT_NE(csv.find("speedup_over_seq,simulated_makespan,simulated_over_planned,simulated_speedup_over_seq,makespan_sd"),
              std::string::npos);
    for (std::size_t k = 1; k < fractions.size(); ++k) EXPECT_GE(fractions[k], fractions[k - 1] - 1e-12) << k;
    EXPECT_DOUBLE_EQ(fractions.back(), 1);
}

}  // namespace
}  // namespace hetsched
