// SimGrid platforms: the child process runner, loading through hetsched-simgrid, and both mappings.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include "io/child_process.h"
#include "io/instance_io.h"
#include "io/simgrid_platform.h"
#include "simulation/simgrid_simulation.h"
#include "model/instance.h"
#include "solvers/registry.h"
#include "simgrid_fixtures.h"
#include "corpus_required.h"

namespace hetsched {
namespace {

namespace fs = std::filesystem;

// A fixture file in a fresh temporary directory, removed at the end of the test.
class TempFile {
public:
    TempFile(const std::string& name, const std::string& text) {
        std::string pattern = (fs::temp_directory_path() / "hetsched-sgtest-XXXXXX").string();
        m_dir = ::mkdtemp(pattern.data());
        m_path = (m_dir / name).string();
        std::ofstream(m_path) << text;
    }
    ~TempFile() {
        std::error_code ec;
        fs::remove_all(m_dir, ec);
    }
    const std::string& path() const { return m_path; }

private:
    fs::path m_dir;
    std::string m_path;
};

std::string platformXml(const std::string& body) {
    return "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
           "<platform version=\"4.1\">\n" + body + "</platform>\n";
}

const SimGridHost* hostNamed(const SimGridPlatform& p, const std::string& name) {
    for (const SimGridHost& h : p.hosts)
        if (h.name == name) return &h;
    return nullptr;
}

// ---- the child process runner ----

TEST(SimGridChildProcess, CapturesBothStreamsWithoutDeadlock) {
    // 1 MB on each stream: more than a pipe holds, so reading one stream only would block the child.
    Expected<ChildResult> r = runChildProcess("/bin/sh", {"-c", "head -c 1000000 /dev/zero; head -c 1000000 /dev/zero >&2; exit 3"});
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(r->exitCode, 3);
    EXPECT_EQ(r->signal, 0);
    EXPECT_EQ(r->stdoutText.size(), 1000000u);
    EXPECT_EQ(r->stderrText.size(), 1000000u);
}

TEST(SimGridChildProcess, ReportsDeathBySignalTimeoutAndCancel) {
    Expected<ChildResult> r = runChildProcess("/bin/sh", {"-c", "echo about to go >&2; kill -ABRT $$"});
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(r->signal, SIGABRT);
    EXPECT_EQ(describeChildEnd(*r), "died (SIGABRT)");
    EXPECT_EQ(lastLines(r->stderrText), "about to go");

    // A child that would sleep for an hour: only the timeout can end it (on a loaded machine too).
    Expected<ChildResult> slow = runChildProcess("/bin/sleep", {"3600"}, {0.3, {}});
    ASSERT_FALSE(slow);
    EXPECT_NE(slow.error().message.find("did not finish within"), std::string::npos) << slow.error().message;

    std::atomic<bool> stop{false};
    std::thread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        stop = true;
    });
    Expected<ChildResult> cancelled = runChildProcess("/bin/sleep", {"3600"}, {0, Progress({}, &stop)});
    stopper.join();
    ASSERT_FALSE(cancelled);
    EXPECT_EQ(cancelled.error().kind, ErrorKind::Cancelled);

    Expected<ChildResult> missing = runChildProcess("/nonexistent/program", {});
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find("/nonexistent/program"), std::string::npos);
}

TEST(SimGridChildProcess, RunnerFoundFromTheEnvironmentOrTheBuild) {
    Expected<std::string> runner = simgridRunnerPath();
    ASSERT_TRUE(runner) << runner.error().message;
    ::setenv("HETSCHED_SIMGRID_RUNNER", "/nonexistent/hetsched-simgrid", 1);
    Expected<std::string> wrong = simgridRunnerPath();
    ::unsetenv("HETSCHED_SIMGRID_RUNNER");
    ASSERT_FALSE(wrong);
    EXPECT_NE(wrong.error().message.find("HETSCHED_SIMGRID_RUNNER"), std::string::npos);
}

// ---- loading with SimGrid ----

// A <cluster> of 4 hosts: route n-0 -> n-1 is n-0's up link then n-1's down link (50us each).
TEST(SimGridLoad, ClusterBecomesOneDagCluster) {
    TempFile file("cluster.xml", platformXml(R"(<zone id="world" routing="Full">
  <cluster id="c" prefix="n-" suffix="" radical="0-3" speed="1Gf" core="2" bw="125MBps" lat="50us"/>
</zone>
)"));
    Expected<SimGridPlatform> p = loadSimGridPlatform(file.path());
    ASSERT_TRUE(p) << p.error().message;
    ASSERT_EQ(p->hosts.size(), 4u);
    EXPECT_EQ(p->hosts[0].name, "n-0");
    EXPECT_EQ(p->hosts[0].cores, 2);
    EXPECT_DOUBLE_EQ(p->hosts[0].speed, 1e9);
    EXPECT_EQ(p->zones[p->hosts[0].zone].name, "c");
    Expected<DagPlatform> dag = dagPlatformFromSimGrid(*p);
    ASSERT_TRUE(dag) << dag.error().message;
    ASSERT_EQ(dag->clusters.size(), 1u);
    EXPECT_EQ(dag->clusters[0].name, "c");
    EXPECT_EQ(dag->clusters[0].processors, 8);
    EXPECT_DOUBLE_EQ(dag->clusters[0].speed, 1e9);
    EXPECT_DOUBLE_EQ(dag->clusters[0].bandwidth, 1.25e8);
    EXPECT_NEAR(dag->clusters[0].latency, 50e-6, 1e-12);   // half of 50us + 50us
    EXPECT_DOUBLE_EQ(dag->backbone.bandwidth, DagBackbone{}.bandwidth);   // one cluster: the default backbone
}

// Hosts of mixed speeds with explicit routes: each host is a cluster, its private link the first link
// of every route leaving it; the backbone is what no cluster owns (link "core").
const char* kRoutedZone = R"(<zone id="zone0" routing="Full">
  <host id="A" speed="1Gf"/>
  <host id="B" speed="2Gf"/>
  <host id="C" speed="3Gf"/>
  <link id="la" bandwidth="10MBps" latency="1ms"/>
  <link id="lb" bandwidth="20MBps" latency="2ms"/>
  <link id="lc" bandwidth="30MBps" latency="3ms"/>
  <link id="core" bandwidth="5MBps" latency="10ms"/>
  <route src="A" dst="B"><link_ctn id="la"/><link_ctn id="core"/><link_ctn id="lb"/></route>
  <route src="A" dst="C"><link_ctn id="la"/><link_ctn id="core"/><link_ctn id="lc"/></route>
  <route src="B" dst="C"><link_ctn id="lb"/><link_ctn id="lc"/></route>
</zone>
)";

TEST(SimGridLoad, ExplicitRoutesGiveOneClusterPerHostAndABackbone) {
    TempFile file("routed.xml", platformXml(kRoutedZone));
    Expected<SimGridPlatform> p = loadSimGridPlatform(file.path());
    ASSERT_TRUE(p) << p.error().message;
    ASSERT_EQ(p->hosts.size(), 3u);
    EXPECT_EQ(p->hosts[0].name, "A");
    EXPECT_EQ(p->routes.size(), 6u);   // symmetrical routes, no self route
    Expected<DagPlatform> dag = dagPlatformFromSimGrid(*p);
    ASSERT_TRUE(dag) << dag.error().message;
    ASSERT_EQ(dag->clusters.size(), 3u);
    const double bandwidths[] = {1e7, 2e7, 3e7}, latencies[] = {1e-3, 2e-3, 3e-3}, speeds[] = {1e9, 2e9, 3e9};
    for (int c = 0; c < 3; ++c) {
        EXPECT_EQ(dag->clusters[c].processors, 1);
        EXPECT_DOUBLE_EQ(dag->clusters[c].speed, speeds[c]);
        EXPECT_DOUBLE_EQ(dag->clusters[c].bandwidth, bandwidths[c]);
        EXPECT_NEAR(dag->clusters[c].latency, latencies[c], 1e-12);
    }
    EXPECT_DOUBLE_EQ(dag->backbone.bandwidth, 5e6);
    EXPECT_NEAR(dag->backbone.latency, 0.01, 1e-12);
}

// Two <cluster>s joined by a wide-area link: the first cluster's own backbone stays inside it (its
// local route crosses it), the backbone of the dag platform is the wide-area link.
TEST(SimGridLoad, ClustersWithBackboneJoinedByALink) {
    TempFile file("two-clusters.xml", platformXml(R"(<zone id="world" routing="Full">
  <cluster id="c1" prefix="a-" suffix="" radical="0-3" speed="1Gf" bw="125MBps" lat="50us" bb_bw="2.25GBps" bb_lat="500us"/>
  <cluster id="c2" prefix="b-" suffix="" radical="0-1" speed="2Gf" core="2" bw="100MBps" lat="100us"/>
  <link id="wan" bandwidth="10MBps" latency="20ms"/>
  <zoneRoute src="c1" dst="c2" gw_src="a-c1_router" gw_dst="b-c2_router"><link_ctn id="wan"/></zoneRoute>
</zone>
)"));
    Expected<SimGridPlatform> p = loadSimGridPlatform(file.path());
    ASSERT_TRUE(p) << p.error().message;
    EXPECT_TRUE(p->unrouted.empty());
    Expected<DagPlatform> dag = dagPlatformFromSimGrid(*p);
    ASSERT_TRUE(dag) << dag.error().message;
    ASSERT_EQ(dag->clusters.size(), 2u);
    EXPECT_EQ(dag->clusters[0].processors, 4);
    EXPECT_DOUBLE_EQ(dag->clusters[0].bandwidth, 1.25e8);
    EXPECT_NEAR(dag->clusters[0].latency, (50e-6 + 500e-6 + 50e-6) / 2, 1e-12);
    EXPECT_EQ(dag->clusters[1].processors, 4);
    EXPECT_DOUBLE_EQ(dag->clusters[1].speed, 2e9);
    EXPECT_DOUBLE_EQ(dag->clusters[1].bandwidth, 1e8);
    EXPECT_NEAR(dag->clusters[1].latency, 100e-6, 1e-12);
    EXPECT_DOUBLE_EQ(dag->backbone.bandwidth, 1e7);
    EXPECT_NEAR(dag->backbone.latency, 0.02, 1e-12);
    Expected<SteadyStateInstance> steady = steadyStateFromSimGrid(*p);
    ASSERT_TRUE(steady) << steady.error().message;
    EXPECT_EQ(steady->nodes.size(), 6u + p->links.size() - 1);   // every link but the loopback carries a route
}

// Without a zoneRoute SimGrid 3.32 crashes looking for the route between the clusters: the child
// recovers, lists the pairs as unrouted, and the dag platform gets the default backbone.
TEST(SimGridLoad, ClustersWithoutZoneRouteAreUnrouted) {
    TempFile file("side-by-side.xml", platformXml(R"(<zone id="world" routing="Full">
  <cluster id="c1" prefix="a-" suffix="" radical="0-1" speed="1Gf" bw="125MBps" lat="50us"/>
  <cluster id="c2" prefix="b-" suffix="" radical="0-1" speed="2Gf" bw="125MBps" lat="50us"/>
</zone>
)"));
    Expected<SimGridPlatform> p = loadSimGridPlatform(file.path());
    ASSERT_TRUE(p) << p.error().message;
    EXPECT_EQ(p->unrouted.size(), 8u);
    Expected<DagPlatform> dag = dagPlatformFromSimGrid(*p);
    ASSERT_TRUE(dag) << dag.error().message;
    EXPECT_EQ(dag->clusters.size(), 2u);
    EXPECT_DOUBLE_EQ(dag->backbone.bandwidth, DagBackbone{}.bandwidth);
    EXPECT_TRUE(steadyStateFromSimGrid(*p));
}

TEST(SimGridLoad, OldDtdIsUpgradedWithSimgridUpdateXml) {
    if (!findInPath("simgrid_update_xml")) GTEST_SKIP() << "simgrid_update_xml is not installed";
    TempFile file("v3.xml", hetsched::test::kOldDtdPlatform);
    const std::string before = [&] { std::ifstream in(file.path()); return std::string(std::istreambuf_iterator<char>(in), {}); }();
    Expected<SimGridPlatform> p = loadSimGridPlatform(file.path());
    ASSERT_TRUE(p) << p.error().message;
    ASSERT_EQ(p->hosts.size(), 2u);
    EXPECT_DOUBLE_EQ(hostNamed(*p, "bob")->speed, 2e9);
    const std::string after = [&] { std::ifstream in(file.path()); return std::string(std::istreambuf_iterator<char>(in), {}); }();
    EXPECT_EQ(before, after);   // the upgrade ran on a copy
}

TEST(SimGridLoad, BrokenFilesAreRefusedWithAMessage) {
    TempFile malformed("malformed.xml", platformXml("<zone id=\"z\" routing=\"Full\">\n<host id=\"a\" speed=\"1Gf\">\n</zone>\n"));
    Expected<SimGridPlatform> p = loadSimGridPlatform(malformed.path());
    ASSERT_FALSE(p);
    EXPECT_NE(p.error().message.find(malformed.path() + ":"), std::string::npos) << p.error().message;
    EXPECT_NE(p.error().message.find("Parse error at " + malformed.path() + ":"), std::string::npos) << p.error().message;

    TempFile unknown("unknown.xml", platformXml("<zone id=\"z\" routing=\"Full\">\n<host id=\"a\" speed=\"1Gf\"/>\n<gizmo/>\n</zone>\n"));
    p = loadSimGridPlatform(unknown.path());
    ASSERT_FALSE(p);
    // SimGrid's parser names the line of the unknown tag (6), not the tag.
    EXPECT_NE(p.error().message.find("Parse error at " + unknown.path() + ":6"), std::string::npos) << p.error().message;

    Expected<SimGridPlatform> missing = loadSimGridPlatform("/nonexistent/platform.xml");
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().kind, ErrorKind::Io);
    EXPECT_NE(missing.error().message.find("/nonexistent/platform.xml"), std::string::npos);
}

// <storage_type> was removed in SimGrid 3.27: SimGrid aborts the process; only the child dies.
// Names that are not UTF-8 (a platform written in Latin-1) are read as Latin-1, as the task graph readers
// read them, with a note naming one; the instances made of them can be written.
TEST(SimGridLoad, NamesNotInUtf8AreReadAsLatin1WithANote) {
    TempFile file("latin1.xml", "<?xml version='1.0' encoding='ISO-8859-1'?>\n"
                                "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n"
                                "<zone id=\"z\xF6ne\" routing=\"Full\">\n"
                                "  <host id=\"caf\xE9\" speed=\"1Gf\"/>\n  <host id=\"na\xEFve\" speed=\"2Gf\"/>\n"
                                "  <link id=\"li\xE9n\" bandwidth=\"10MBps\" latency=\"1ms\"/>\n"
                                "  <route src=\"caf\xE9\" dst=\"na\xEFve\"><link_ctn id=\"li\xE9n\"/></route>\n"
                                "</zone>\n</platform>\n");
    Expected<SimGridPlatform> p = loadSimGridPlatform(file.path());
    ASSERT_TRUE(p) << p.error().message;
    ASSERT_NE(hostNamed(*p, "caf\xC3\xA9"), nullptr);     // é in UTF-8
    ASSERT_NE(hostNamed(*p, "na\xC3\xAFve"), nullptr);    // ï
    EXPECT_TRUE(std::any_of(p->links.begin(), p->links.end(), [](const SimGridLink& l) { return l.name == "li\xC3\xA9n"; }));
    EXPECT_EQ(p->zones[p->hosts[0].zone].name, "z\xC3\xB6ne");
    ASSERT_EQ(p->notes.size(), 1u);
    EXPECT_NE(p->notes[0].find("4 names of hosts, links or zones not in UTF-8 read as Latin-1"), std::string::npos)
        << p->notes[0];
    Expected<SteadyStateInstance> steady = steadyStateFromSimGrid(*p);
    ASSERT_TRUE(steady) << steady.error().message;
    EXPECT_NO_THROW((void)instanceToJson(Instance{*steady}).dump());
}

TEST(SimGridLoad, AbortInSimGridKillsOnlyTheChild) {
    TempFile file("storage.xml", platformXml(R"(<zone id="AS0" routing="Full">
  <storage_type id="hdd" size="500GiB" content="none.txt"><model_prop id="Bwrite" value="30MBps"/></storage_type>
  <host id="bob" speed="1Gf"/>
</zone>
)"));
    Expected<SimGridPlatform> p = loadSimGridPlatform(file.path());
    ASSERT_FALSE(p);
    EXPECT_NE(p.error().message.find("hetsched-simgrid died (SIGABRT) loading " + file.path()), std::string::npos) << p.error().message;
    EXPECT_NE(p.error().message.find("storage_type"), std::string::npos) << p.error().message;
}

TEST(SimGridLoad, MalformedRunnerOutputIsAMessage) {
    EXPECT_FALSE(simGridPlatformFromJson("{ not json"));
    EXPECT_FALSE(simGridPlatformFromJson(R"({"hosts": [], "links": []})"));
    Expected<SimGridPlatform> outOfRange = simGridPlatformFromJson(
        R"({"zones": [{"name": "z", "parent": null}], "hosts": [{"name": "a", "speed": 1, "cores": 1, "zone": 0}],
            "links": [], "routes": [{"from": 0, "to": 3, "links": [], "latency": 0}]})");
    ASSERT_FALSE(outOfRange);
    EXPECT_NE(outOfRange.error().message.find("out of range"), std::string::npos);
}

// The child's answer is read with the bound of a user's file: 100,000 nested arrays would overflow the stack of
// the GUI reading them (nlohmann copies and destroys recursively).
TEST(SimGridLoad, RunnerOutputNestedDeeplyIsAMessage) {
    const std::string deep = R"({"zones": )" + std::string(100000, '[') + std::string(100000, ']') + "}";
    Expected<SimGridPlatform> platform = simGridPlatformFromJson(deep);
    ASSERT_FALSE(platform);
    EXPECT_NE(platform.error().message.find("nested deeper than 256"), std::string::npos) << platform.error().message;
    Expected<SimOutput> timings = simOutputFromJson(SimulationPlan{}, R"({"runs": )" + std::string(100000, '[') +
                                                                          std::string(100000, ']') + "}");
    ASSERT_FALSE(timings);
    EXPECT_NE(timings.error().message.find("nested deeper than 256"), std::string::npos) << timings.error().message;
}

// ---- the mappings on hand-built descriptions ----

// Two clusters of two hosts (private links up/down, 100 B/s and 1 s each way) joined through a
// gateway link g (10 B/s, 5 s); hosts 0,1 in zone c1, hosts 2,3 in zone c2.
SimGridPlatform twoClusters() {
    SimGridPlatform p;
    p.zones = {{"root", std::nullopt}, {"c1", 0}, {"c2", 0}};
    p.hosts = {{"h0", 4, 1, 1}, {"h1", 4, 1, 1}, {"h2", 8, 2, 2}, {"h3", 8, 2, 2}};
    // Links: up_h (2h), down_h (2h+1) for each host, then g.
    for (int h = 0; h < 4; ++h) {
        p.links.push_back({"up" + std::to_string(h), 100, 1, true});
        p.links.push_back({"down" + std::to_string(h), 100 + 100.0 * (h >= 2), 1, true});
    }
    p.links.push_back({"g", 10, 5, false});
    for (std::size_t a = 0; a < 4; ++a)
        for (std::size_t b = 0; b < 4; ++b) {
            if (a == b) continue;
            SimGridRoute r{a, b, {2 * a}, 0};
            if ((a < 2) != (b < 2)) r.links.push_back(8);
            r.links.push_back(2 * b + 1);
            for (std::size_t l : r.links) r.latency += p.links[l].latency;
            p.routes.push_back(r);
        }
    return p;
}

TEST(SimGridDagMapping, ClusterLinksAndBackboneByHand) {
    Expected<DagPlatform> dag = dagPlatformFromSimGrid(twoClusters());
    ASSERT_TRUE(dag) << dag.error().message;
    ASSERT_EQ(dag->clusters.size(), 2u);
    EXPECT_EQ(dag->clusters[0].name, "c1");
    EXPECT_EQ(dag->clusters[0].processors, 2);
    EXPECT_DOUBLE_EQ(dag->clusters[0].speed, 4);
    EXPECT_DOUBLE_EQ(dag->clusters[0].bandwidth, 100);   // bottleneck of up0, down1
    EXPECT_DOUBLE_EQ(dag->clusters[0].latency, 1);       // half of 1 + 1
    EXPECT_EQ(dag->clusters[1].processors, 4);           // 2 hosts x 2 cores
    EXPECT_DOUBLE_EQ(dag->clusters[1].bandwidth, 100);   // up2 (100) then down3 (200)
    EXPECT_DOUBLE_EQ(dag->backbone.bandwidth, 10);       // only g is inside neither cluster
    EXPECT_DOUBLE_EQ(dag->backbone.latency, 5);
}

TEST(SimGridDagMapping, MixedZoneGivesOneClusterPerHostAndNamesStayUnique) {
    SimGridPlatform p = twoClusters();
    p.hosts[1].speed = 5;         // zone c1 is now mixed: h0 and h1 become clusters of their own
    p.hosts[1].name = "c2";       // and collides with zone c2's name
    Expected<DagPlatform> dag = dagPlatformFromSimGrid(p);
    ASSERT_TRUE(dag) << dag.error().message;
    ASSERT_EQ(dag->clusters.size(), 3u);
    std::set<std::string> names;
    for (const DagCluster& c : dag->clusters) names.insert(c.name);
    EXPECT_EQ(names.size(), 3u);
    EXPECT_EQ(dag->clusters[0].name, "h0");
    // h0 alone: its private link is up0, first on every route leaving it.
    EXPECT_DOUBLE_EQ(dag->clusters[0].bandwidth, 100);
    EXPECT_DOUBLE_EQ(dag->clusters[0].latency, 1);
    // h0 -> h1 crosses nothing but their private links; h0 -> c2 crosses g: the backbone is g.
    EXPECT_DOUBLE_EQ(dag->backbone.bandwidth, 10);
}

TEST(SimGridSteadyMapping, LinksBecomeRoutersOnTheRoutes) {
    const SimGridPlatform p = twoClusters();
    Expected<SteadyStateInstance> in = steadyStateFromSimGrid(p);
    ASSERT_TRUE(in) << in.error().message;
    // 4 hosts then one router per link, in the order routes first use them.
    ASSERT_EQ(in->nodes.size(), 4u + 9u);
    EXPECT_DOUBLE_EQ(in->nodes[2].speed, 8 * 2 / kSimGridSteadyUnit);
    for (std::size_t n = 4; n < in->nodes.size(); ++n) EXPECT_EQ(in->nodes[n].speed, 0);
    std::map<std::string, std::size_t> index;
    for (std::size_t n = 0; n < in->nodes.size(); ++n) index[in->nodes[n].name] = n;
    std::map<std::pair<std::string, std::string>, double> arcs;
    for (const SteadyArc& a : steadyArcs(*in)) arcs[{in->nodes[a.from].name, in->nodes[a.to].name}] = a.bandwidth * kSimGridSteadyUnit;
    // h0 -> up0 -> g -> down2 -> h2: arcs into or out of a router carry its bandwidth, router to router the smaller.
    EXPECT_DOUBLE_EQ(arcs.at({"h0", "up0"}), 100);
    EXPECT_DOUBLE_EQ(arcs.at({"up0", "g"}), 10);
    EXPECT_DOUBLE_EQ(arcs.at({"g", "down2"}), 10);
    EXPECT_DOUBLE_EQ(arcs.at({"down2", "h2"}), 200);
    EXPECT_DOUBLE_EQ(arcs.at({"up0", "down1"}), 100);
    EXPECT_EQ(arcs.count({"h2", "up0"}), 0u);
    EXPECT_EQ(arcs.count({"up0", "h0"}), 0u);   // an up link is only ever left, towards the network
    // Deduplicated: up0 -> g is used by the routes to h2 and h3 but listed once.
    std::set<std::pair<std::size_t, std::size_t>> seen;
    for (const SteadyArc& a : steadyArcs(*in)) EXPECT_TRUE(seen.insert({a.from, a.to}).second);
    EXPECT_EQ(in->application.source, 0u);
    EXPECT_DOUBLE_EQ(in->application.data * kSimGridSteadyUnit, 1e6);
    EXPECT_DOUBLE_EQ(in->application.work * kSimGridSteadyUnit, 1e9);
    EXPECT_TRUE(steadyUnsolvableReason(*in).empty());

    Expected<SteadyStateInstance> fromH3 = steadyStateFromSimGrid(p, std::string("h3"));
    ASSERT_TRUE(fromH3);
    EXPECT_EQ(fromH3->application.source, 3u);
    Expected<SteadyStateInstance> unknown = steadyStateFromSimGrid(p, std::string("nowhere"));
    ASSERT_FALSE(unknown);
    EXPECT_NE(unknown.error().message.find("\"nowhere\""), std::string::npos);
    EXPECT_NE(unknown.error().message.find("\"h0\""), std::string::npos);

    Expected<SolveResult> solved = solve(Instance{*in}, "");
    ASSERT_TRUE(solved) << solved.error().message;
    EXPECT_EQ(solved->status, SolveStatus::Optimal);
}

TEST(SimGridSteadyMapping, RouterNamedLikeAHostAndSelfRoutesAddNothing) {
    SimGridPlatform p;
    p.zones = {{"z", std::nullopt}};
    p.hosts = {{"a", 1e9, 1, 0}, {"b", 1e9, 1, 0}};
    p.links = {{"a", 1e6, 0, true}, {"lo", 1e9, 0, false}};
    p.routes = {{0, 1, {0, 0}, 0}, {1, 0, {0}, 0}, {0, 0, {1}, 0}};   // a Wi-Fi-like repeated link, a loopback
    Expected<SteadyStateInstance> in = steadyStateFromSimGrid(p);
    ASSERT_TRUE(in) << in.error().message;
    ASSERT_EQ(in->nodes.size(), 3u);   // the loopback carries no route between distinct hosts
    EXPECT_NE(in->nodes[2].name, "a");
    EXPECT_EQ(steadyArcs(*in).size(), 4u);
}

// ---- the corpus: SimGrid's own example platforms ----

#ifdef HETSCHED_CORPUS_DIR
TEST(SimGridCorpus, EveryPlatformLoadsMapsAndSolves) {
    const fs::path root = fs::path(HETSCHED_CORPUS_DIR);
    HETSCHED_CORPUS_REQUIRED(fs::is_directory(root / "simgrid-platforms"), "no corpus at " << root);
    std::vector<fs::path> files;
    for (const char* folder : {"simgrid-platforms", "simgrid-platforms-legacy"})
        for (const auto& entry : fs::recursive_directory_iterator(root / folder))
            if (entry.path().extension() == ".xml") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    ASSERT_GE(files.size(), 8u);
    for (const fs::path& file : files) {
        SCOPED_TRACE(file.string());
        const auto start = std::chrono::steady_clock::now();   // printed below, not asserted (a benchmark's job)
        Expected<SimGridPlatform> p = loadSimGridPlatform(file.string());
        if (file.filename() == "storage.xml") {
            ASSERT_FALSE(p);
            EXPECT_NE(p.error().message.find("storage_type"), std::string::npos) << p.error().message;
            continue;
        }
        ASSERT_TRUE(p) << p.error().message;
        Expected<DagPlatform> dag = dagPlatformFromSimGrid(*p);
        ASSERT_TRUE(dag) << dag.error().message;
        Expected<SteadyStateInstance> steady = steadyStateFromSimGrid(*p);
        ASSERT_TRUE(steady) << steady.error().message;
        const double mapSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        Expected<SolveResult> solved = solve(Instance{*steady}, "");
        ASSERT_TRUE(solved) << solved.error().message;
        EXPECT_TRUE(solved->status == SolveStatus::Optimal || solved->status == SolveStatus::Feasible);
        std::printf("  %s: %zu hosts, %zu routes (%zu unrouted), %zu clusters, %zu steady nodes, load+map %.2f s, "
                    "solve %.2f s, throughput %g\n",
                    file.filename().c_str(), p->hosts.size(), p->routes.size(), p->unrouted.size(), dag->clusters.size(),
                    steady->nodes.size(), mapSeconds, solved->seconds, solved->objective.value_or(-1));
    }
}
#endif

}  // namespace
}  // namespace hetsched
