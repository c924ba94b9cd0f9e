// SimGrid platforms SimGrid loads but cannot route everywhere (routing="None" zones, <bypassRoute>), values
// outside our former ranges, and a SimGrid star as a divisible-load instance.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "io/dag_import.h"
#include "io/divisible_import.h"
#include "io/simgrid_platform.h"
#include "model/instance.h"
#include "solvers/registry.h"

namespace hetsched {
namespace {

namespace fs = std::filesystem;

class PlatformFile {
public:
    explicit PlatformFile(const std::string& body) {
        std::string pattern = (fs::temp_directory_path() / "hetsched-variant-XXXXXX").string();
        m_dir = ::mkdtemp(pattern.data());
        m_path = (m_dir / "platform.xml").string();
        std::ofstream(m_path) << "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                                 "<platform version=\"4.1\">\n" << body << "</platform>\n";
    }
    ~PlatformFile() {
        std::error_code ec;
        fs::remove_all(m_dir, ec);
    }
    const std::string& path() const { return m_path; }

private:
    fs::path m_dir;
    std::string m_path;
};

bool solved(const Expected<SolveResult>& r) {
    return r && (r->status == SolveStatus::Optimal || r->status == SolveStatus::Feasible);
}

// SimGrid's small_platform_routing_none.xml in small: SimGrid dies ("There can't be route in an Empty
// zone") if asked for a route there; every pair is reported unrouted instead.
TEST(SimGridVariants, ZonesWithoutRoutingAreNeverAskedForARoute) {
    PlatformFile file(R"(<zone id="zone0" routing="None">
  <host id="Tremblay" speed="98.095Mf"/>
  <host id="Jupiter" speed="76.296Mf"/>
  <host id="Fafard" speed="76.296Mf"/>
</zone>
)");
    Expected<SimGridPlatform> p = loadSimGridPlatform(file.path());
    ASSERT_TRUE(p) << p.error().message;
    EXPECT_EQ(p->hosts.size(), 3u);
    EXPECT_TRUE(p->routes.empty());
    EXPECT_EQ(p->unrouted.size(), 6u);
    Expected<DagPlatform> dag = dagPlatformFromSimGrid(*p);
    ASSERT_TRUE(dag) << dag.error().message;
    EXPECT_EQ(dag->clusters.size(), 3u);
}

// SimGrid's cluster_and_one_host.xml: the routing="None" zone's only host is its gateway, so routes to
// it exist (through link1) and are listed.
TEST(SimGridVariants, AGatewayAloneInAZoneWithoutRoutingIsRouted) {
    PlatformFile file(R"(<zone id="world" routing="Full">
  <cluster id="datacenter" prefix="c-" suffix=".me" radical="0-1" speed="1Gf" bw="125MBps" lat="50us" router_id="router1"/>
  <zone id="outside" routing="None">
    <host id="host1" speed="1Gf"/>
  </zone>
  <link id="link1" bandwidth="100kBps" latency="10ms"/>
  <zoneRoute src="datacenter" dst="outside" gw_src="router1" gw_dst="host1">
    <link_ctn id="link1"/>
  </zoneRoute>
</zone>
)");
    Expected<SimGridPlatform> p = loadSimGridPlatform(file.path());
    ASSERT_TRUE(p) << p.error().message;
    EXPECT_TRUE(p->unrouted.empty());
    bool toHost1 = false;
    for (const SimGridRoute& r : p->routes)
        toHost1 = toHost1 || (p->hosts[r.to].name == "host1" && p->hosts[r.from].name == "c-0.me");
    EXPECT_TRUE(toHost1);
    DivisibleFromPlatformOptions options;
    options.master = "host1";
    Expected<DivisibleImport> star = divisibleFromSimGrid(*p, options);
    ASSERT_TRUE(star) << star.error().message;
    ASSERT_EQ(star->instance.workers.size(), 2u);
    EXPECT_DOUBLE_EQ(star->instance.workers[0].c, 1e6 / 1e5);   // 1 MB over the 100 kB/s link1
}

// SimGrid's bypassRoute.xml: SimGrid aborts in route_to between its zones ("dynar is not that long");
// those pairs are unrouted, the bypass between AS_2_host1 and AS_2_host2 is listed with its three links.
TEST(SimGridVariants, BypassRoutesAndThePairsSimGridCannotRoute) {
    PlatformFile file(R"(<zone id="AS_Big" routing="Dijkstra">
  <zone id="AS_1" routing="Full">
    <host id="AS_1_host1" speed="1Gf"/>
    <link id="AS_1_link" bandwidth="1.25GBps" latency="500us"/>
    <router id="AS_1_gateway"/>
    <route src="AS_1_host1" dst="AS_1_gateway"><link_ctn id="AS_1_link"/></route>
  </zone>
  <zone id="AS_2" routing="Floyd">
    <host id="AS_2_host1" speed="1Gf"/>
    <host id="AS_2_host2" speed="1Gf"/>
    <link id="AS_2_link1" bandwidth="1.25GBps" latency="500us"/>
    <link id="AS_2_link2" bandwidth="1.25GBps" latency="500us"/>
    <link id="AS_2_link4" bandwidth="1.25GBps" latency="500us"/>
    <link id="AS_2_link5" bandwidth="1.25GBps" latency="500us"/>
    <link id="AS_2_link6" bandwidth="1.25GBps" latency="500us"/>
    <link id="AS_2_link7" bandwidth="1.25GBps" latency="500us"/>
    <router id="central_router"/>
    <router id="bypass_router1"/>
    <router id="bypass_router2"/>
    <router id="AS_2_gateway"/>
    <route src="central_router" dst="AS_2_host1"><link_ctn id="AS_2_link1"/></route>
    <route src="central_router" dst="AS_2_host2"><link_ctn id="AS_2_link2"/></route>
    <route src="central_router" dst="AS_2_gateway"><link_ctn id="AS_2_link4"/></route>
    <route src="bypass_router1" dst="AS_2_host2"><link_ctn id="AS_2_link5"/></route>
    <route src="bypass_router1" dst="bypass_router2"><link_ctn id="AS_2_link6"/></route>
    <route src="bypass_router2" dst="AS_2_host1"><link_ctn id="AS_2_link7"/></route>
    <bypassRoute src="AS_2_host1" dst="AS_2_host2">
      <link_ctn id="AS_2_link7"/><link_ctn id="AS_2_link6"/><link_ctn id="AS_2_link5"/>
    </bypassRoute>
  </zone>
  <link id="backbone" bandwidth="1.25GBps" latency="500us"/>
  <zoneRoute src="AS_1" dst="AS_2" gw_src="AS_1_gateway" gw_dst="AS_2_gateway"><link_ctn id="backbone"/></zoneRoute>
</zone>
)");
    Expected<SimGridPlatform> p = loadSimGridPlatform(file.path());
    ASSERT_TRUE(p) << p.error().message;
    ASSERT_EQ(p->hosts.size(), 3u);
    const SimGridRoute* bypass = nullptr;
    for (const SimGridRoute& r : p->routes)
        if (p->hosts[r.from].name == "AS_2_host1" && p->hosts[r.to].name == "AS_2_host2") bypass = &r;
    ASSERT_NE(bypass, nullptr);
    ASSERT_EQ(bypass->links.size(), 3u);
    EXPECT_EQ(p->links[bypass->links[0]].name, "AS_2_link7");
    EXPECT_NEAR(bypass->latency, 1.5e-3, 1e-12);
    EXPECT_FALSE(p->unrouted.empty());
    ASSERT_TRUE(dagPlatformFromSimGrid(*p)) << "a dag platform despite the unrouted pairs";
    Expected<SteadyStateInstance> steady = steadyStateFromSimGrid(*p);
    ASSERT_TRUE(steady) << steady.error().message;
    EXPECT_TRUE(solved(solve(Instance{*steady}, "", {})));
}

// A latency SimGrid accepts and our former range (at most 1e6 s) refused: a cluster latency of 2.1e6 s
// computed from a 4.2e6 s route.
TEST(SimGridVariants, LatenciesAsLargeAsSimGridAcceptsImport) {
    PlatformFile file(R"(<zone id="world" routing="Full">
  <host id="a" speed="1Gf"/>
  <host id="b" speed="1Gf"/>
  <link id="slow" bandwidth="1MBps" latency="4.2e6s"/>
  <route src="a" dst="b"><link_ctn id="slow"/></route>
</zone>
)");
    Expected<DagPlatform> dag = readDagPlatformFile(file.path());
    ASSERT_TRUE(dag) << dag.error().message;
    TaskGraph graph;
    graph.tasks = {{"t", 1e9, 0}};
    Expected<DagInstance> placed = placeTaskGraph(graph, *dag);
    ASSERT_TRUE(placed) << placed.error().message;
    EXPECT_TRUE(solved(solve(Instance{*placed}, "", {})));
}

// A star by hand: the master reaches w1 over a 1e8 B/s link and w2 over a 1e7 B/s one; w1 computes 2e9
// flop/s on one core, w2 1e9 on 4 cores. With 1e6 bytes and 1e9 flops a unit: c = 0.01, 0.1 s; w = 0.5,
// 0.25 s; with 5e5 bytes back a unit: d = 0.005, 0.05 s.
TEST(DivisibleFromSimGrid, WorkersCostsFromBandwidthsAndSpeeds) {
    PlatformFile file(R"(<zone id="world" routing="Full">
  <host id="master" speed="1Gf"/>
  <host id="w1" speed="2Gf"/>
  <host id="w2" speed="1Gf" core="4"/>
  <link id="l1" bandwidth="100MBps" latency="1ms"/>
  <link id="l2" bandwidth="10MBps" latency="2ms"/>
  <route src="master" dst="w1"><link_ctn id="l1"/></route>
  <route src="master" dst="w2"><link_ctn id="l2"/></route>
</zone>
)");
    Expected<SimGridPlatform> p = loadSimGridPlatform(file.path());
    ASSERT_TRUE(p) << p.error().message;
    DivisibleFromPlatformOptions options;
    options.master = "master";
    options.returnBytes = 5e5;
    options.horizon = 100;
    Expected<DivisibleImport> in = divisibleFromSimGrid(*p, options);
    ASSERT_TRUE(in) << in.error().message;
    const DivisibleInstance& star = in->instance;
    ASSERT_EQ(star.workers.size(), 2u);
    EXPECT_EQ(star.workers[0].name, "w1");
    EXPECT_NEAR(star.workers[0].c, 0.01, 1e-12);
    EXPECT_NEAR(star.workers[0].w, 0.5, 1e-12);
    EXPECT_NEAR(star.workers[0].d, 0.005, 1e-12);
    EXPECT_NEAR(star.workers[1].c, 0.1, 1e-12);
    EXPECT_NEAR(star.workers[1].w, 0.25, 1e-12);
    EXPECT_NEAR(star.workers[1].d, 0.05, 1e-12);
    EXPECT_DOUBLE_EQ(star.horizon, 100);
    EXPECT_TRUE(solved(solve(Instance{star}, "", {})));

    options.master = "nobody";
    Expected<DivisibleImport> unknown = divisibleFromSimGrid(*p, options);
    ASSERT_FALSE(unknown);
    EXPECT_NE(unknown.error().message.find("w1"), std::string::npos) << unknown.error().message;
}

}  // namespace
}  // namespace hetsched
