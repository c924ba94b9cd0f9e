// hetsched-simgrid: the child process in which SimGrid loads a platform file and prints what it sees as
// JSON, so that SimGrid's aborts (xbt_die, SIGABRT) and exceptions end this process, never the caller.
#include <simgrid/kernel/routing/NetPoint.hpp>
#include <simgrid/kernel/routing/NetZoneImpl.hpp>
#include <simgrid/s4u.hpp>

#include <algorithm>
#include <cerrno>
#include <csetjmp>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <typeinfo>
#include <unistd.h>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/utf8.h"
#include "runner.h"

namespace sg4 = simgrid::s4u;

namespace hetsched_simgrid {

// Ends the process without SimGrid's atexit handlers (they may abort after a failed load) and without
// LeakSanitizer's exit check (SimGrid keeps its platform in globals).
[[noreturn]] void finish(int code) {
    std::fflush(stdout);
    std::fflush(stderr);
    _exit(code);
}

[[noreturn]] void fail(const std::string& message) {
    // The message may quote a name of the file that is not UTF-8 (nlohmann::json throws writing one).
    const std::string text = hetsched::utf8::asUtf8(message);
    std::fputs((nlohmann::json{{"error", text}}.dump() + "\n").c_str(), stdout);
    std::fprintf(stderr, "hetsched-simgrid: %s\n", text.c_str());
    finish(1);
}

std::vector<std::string> simgridOptions(const std::vector<std::string>& extra) {
    // SimGrid parses its own options from argv: quiet every log category but critical ones.
    std::vector<std::string> options{"hetsched-simgrid", "--log=root.threshold:critical", "--log=root.fmt:%m%n"};
    options.insert(options.end(), extra.begin(), extra.end());
    return options;
}

// SimGrid 3.32 dereferences a null route when two zones have no <zoneRoute> between them (two
// <cluster>s side by side in a Full zone): SIGSEGV inside route_to. That pair is then reported as
// unrouted: the handler jumps back out of SimGrid, which has only been reading its tables.
sigjmp_buf routeJump;
volatile std::sig_atomic_t inRoute = 0;

void onCrashInRoute(int signal) {
    if (inRoute != 0) siglongjmp(routeJump, 1);
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

void installRouteGuard() {
    std::signal(SIGSEGV, onCrashInRoute);
    std::signal(SIGBUS, onCrashInRoute);
}

// False when SimGrid throws or crashes looking for the route.
bool guardedRoute(const sg4::Host* from, const sg4::Host* to, std::vector<sg4::Link*>& route, double& latency) {
    if (sigsetjmp(routeJump, 1) != 0) {
        inRoute = 0;
        return false;
    }
    inRoute = 1;
    try {
        from->route_to(to, route, &latency);
    } catch (const std::exception&) {
        inRoute = 0;
        return false;
    }
    inRoute = 0;
    return true;
}

// Where a netzone has no routing (routing="None", SimGrid's EmptyZone), SimGrid answers a route request
// with xbt_die("There can't be route in an Empty zone"). Such a zone is asked for a route when it is the
// common ancestor of the two hosts, or lies below it on either side unless the host is that zone's only
// point (then the host is the zone's gateway and SimGrid never routes inside it, as between the
// "outside" zone and the cluster of SimGrid's cluster_and_one_host.xml). The class is private to
// SimGrid: it is recognised by its type's name.
bool isEmptyZone(const simgrid::kernel::routing::NetZoneImpl* zone) {
    return std::strstr(typeid(*zone).name(), "EmptyZone") != nullptr;
}

bool routeCrossesEmptyZone(const sg4::Host* from, const sg4::Host* to) {
    using simgrid::kernel::routing::NetZoneImpl;
    auto pathToRoot = [](const sg4::Host* host) {
        std::vector<NetZoneImpl*> path;
        for (NetZoneImpl* z = host->get_englobing_zone()->get_impl(); z != nullptr; z = z->get_parent()) path.push_back(z);
        return path;
    };
    std::vector<NetZoneImpl*> a = pathToRoot(from), b = pathToRoot(to);
    // Drop the shared part above the common ancestor, keeping the ancestor itself.
    NetZoneImpl* ancestor = nullptr;
    while (!a.empty() && !b.empty() && a.back() == b.back()) {
        ancestor = a.back();
        a.pop_back();
        b.pop_back();
    }
    if (ancestor == nullptr || isEmptyZone(ancestor)) return true;
    for (const std::vector<NetZoneImpl*>* side : {&a, &b})
        for (std::size_t k = 0; k < side->size(); ++k) {
            NetZoneImpl* zone = (*side)[k];
            if (isEmptyZone(zone) && !(k == 0 && zone->get_table_size() == 1)) return true;
        }
    return false;
}

}  // namespace hetsched_simgrid

// SimGrid's other fatal errors in a route lookup (xbt_die, xbt_assert: the route_to of its own
// bypassRoute.xml between its two zones ends in "dynar is not that long") call abort(). This process
// defines abort() so that SimGrid's calls land here: inside a route lookup, the lookup is abandoned as
// if it had crashed (the pair is reported as unrouted); anywhere else the process ends as abort() ends
// it. SimGrid has only been reading its tables when a lookup fails.
extern "C" void abort(void) noexcept {
    if (hetsched_simgrid::inRoute != 0) siglongjmp(hetsched_simgrid::routeJump, 2);
    std::signal(SIGABRT, SIG_DFL);
    std::raise(SIGABRT);
    _exit(134);
}

namespace {

using namespace hetsched_simgrid;

// Beyond this many hosts (kSimGridAllPairsHostLimit in core/io/simgrid_platform.h, kept equal), all
// ordered pairs (n^2 routes) get too slow to print and to parse; a subset
// sufficient for both mappings is printed instead (see selectPairs).
constexpr std::size_t kAllPairsHostLimit = 300;

int usage() {
    std::fputs("usage: hetsched-simgrid platform FILE\n"
               "  Loads FILE with SimGrid and prints its hosts, links, zones and routes as JSON.\n"
               "       hetsched-simgrid simulate PLAN.json\n"
               "  Replays the activities of PLAN.json on its platform (ptask_L07) and prints their times as JSON.\n",
               stderr);
    return 2;
}

bool sameKind(const sg4::Host* a, const sg4::Host* b) {
    return a->get_pstate_speed(0) == b->get_pstate_speed(0) && a->get_core_count() == b->get_core_count();
}

// The ordered host pairs whose routes are printed. Up to kAllPairsHostLimit hosts: every pair. Beyond:
// pairs among representatives (the first two hosts of a zone whose hosts are all alike, every host of a
// zone of mixed hosts), plus every host to and from the first host. The dag mapping needs the routes
// inside and between its clusters (which are those zones or hosts); the steady-state mapping gets a
// routing graph in which every host reaches every other one through the first host.
std::vector<std::pair<std::size_t, std::size_t>> selectPairs(const std::vector<sg4::Host*>& hosts,
                                                             const std::vector<std::size_t>& zoneOf,
                                                             std::size_t zoneCount) {
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    const std::size_t n = hosts.size();
    if (n <= kAllPairsHostLimit) {
        for (std::size_t a = 0; a < n; ++a)
            for (std::size_t b = 0; b < n; ++b) pairs.emplace_back(a, b);
        return pairs;
    }
    std::vector<std::vector<std::size_t>> members(zoneCount);
    for (std::size_t h = 0; h < n; ++h) members[zoneOf[h]].push_back(h);
    std::vector<std::size_t> representatives;
    for (const auto& zone : members) {
        if (zone.empty()) continue;
        const bool alike = std::all_of(zone.begin(), zone.end(),
                                       [&](std::size_t h) { return sameKind(hosts[h], hosts[zone.front()]); });
        const std::size_t take = alike ? std::min<std::size_t>(2, zone.size()) : zone.size();
        representatives.insert(representatives.end(), zone.begin(), zone.begin() + static_cast<long>(take));
    }
    std::set<std::pair<std::size_t, std::size_t>> chosen;
    for (std::size_t a : representatives)
        for (std::size_t b : representatives) chosen.emplace(a, b);
    for (std::size_t h = 0; h < n; ++h) {
        chosen.emplace(0, h);
        chosen.emplace(h, 0);
    }
    return {chosen.begin(), chosen.end()};
}

// The names of the platform as printed: UTF-8 as they are, any other read as Latin-1 (ISO 8859-1), as the
// task graph readers do, so that a platform written in Latin-1 loads (nlohmann::json throws writing a
// string that is not UTF-8), with a note saying how many names were read so and one of them.
struct PrintedNames {
    std::size_t latin1 = 0;
    std::string example;

    std::string operator()(const std::string& name) {
        if (hetsched::utf8::isValidUtf8(name)) return name;
        std::string utf8 = hetsched::utf8::latin1ToUtf8(name);
        if (latin1++ == 0) example = utf8;
        return utf8;
    }
    nlohmann::json notes() const {
        nlohmann::json list = nlohmann::json::array();
        if (latin1 > 0)
            list.push_back(std::to_string(latin1) + (latin1 == 1 ? " name" : " names") +
                           " of hosts, links or zones not in UTF-8 read as Latin-1 (ISO 8859-1), e.g. \"" + example + "\"");
        return list;
    }
};

nlohmann::json describePlatform(const sg4::Engine& engine) {
    PrintedNames printed;
    // Zones depth first from the root, children in creation order.
    std::vector<sg4::NetZone*> zones;
    std::map<const sg4::NetZone*, std::size_t> zoneIndex;
    nlohmann::json zonesJson = nlohmann::json::array();
    std::vector<std::pair<sg4::NetZone*, std::optional<std::size_t>>> stack{{engine.get_netzone_root(), std::nullopt}};
    while (!stack.empty()) {
        auto [zone, parent] = stack.back();
        stack.pop_back();
        const std::size_t index = zones.size();
        zones.push_back(zone);
        zoneIndex[zone] = index;
        zonesJson.push_back({{"name", printed(zone->get_name())}, {"parent", parent ? nlohmann::json(*parent) : nlohmann::json()}});
        std::vector<sg4::NetZone*> children = zone->get_children();
        for (auto it = children.rbegin(); it != children.rend(); ++it) stack.emplace_back(*it, index);
    }

    // Hosts zone by zone, in the order each zone declared them (a netpoint's id counts within its zone),
    // not in SimGrid's by-name order.
    std::vector<sg4::Host*> hosts = engine.get_all_hosts();
    auto zoneOfHost = [&](const sg4::Host* host) {
        auto it = zoneIndex.find(host->get_englobing_zone());
        return it == zoneIndex.end() ? std::size_t{0} : it->second;
    };
    std::sort(hosts.begin(), hosts.end(), [&](const sg4::Host* a, const sg4::Host* b) {
        return std::pair(zoneOfHost(a), a->get_netpoint()->id()) < std::pair(zoneOfHost(b), b->get_netpoint()->id());
    });
    std::vector<std::size_t> zoneOf(hosts.size(), 0);
    nlohmann::json hostsJson = nlohmann::json::array();
    for (std::size_t h = 0; h < hosts.size(); ++h) {
        zoneOf[h] = zoneOfHost(hosts[h]);
        hostsJson.push_back({{"name", printed(hosts[h]->get_name())},
                             {"speed", hosts[h]->get_pstate_speed(0)},
                             {"cores", hosts[h]->get_core_count()},
                             {"zone", zoneOf[h]}});
    }

    std::vector<sg4::Link*> links = engine.get_all_links();
    std::map<const sg4::Link*, std::size_t> linkIndex;
    nlohmann::json linksJson = nlohmann::json::array();
    for (std::size_t l = 0; l < links.size(); ++l) {
        linkIndex[links[l]] = l;
        linksJson.push_back({{"name", printed(links[l]->get_name())},
                             {"bandwidth", links[l]->get_bandwidth()},
                             {"latency", links[l]->get_latency()},
                             {"shared", links[l]->get_sharing_policy() != sg4::Link::SharingPolicy::FATPIPE}});
    }

    // A pair SimGrid finds no route for is listed as unrouted and the others still printed: SimGrid 3.32
    // says "No route from 'AS_orsay' to 'AS_lille'" between the sites of g5k.xml, throws
    // std::out_of_range between the <cluster> zones of routing_cluster.xml, crashes between zones without
    // a zoneRoute, and has no route from a cluster host to itself without a loopback.
    nlohmann::json routesJson = nlohmann::json::array();
    nlohmann::json unroutedJson = nlohmann::json::array();
    std::vector<sg4::Link*> route;
    installRouteGuard();
    for (const auto& [a, b] : selectPairs(hosts, zoneOf, zones.size())) {
        route.clear();
        double latency = 0;
        if (routeCrossesEmptyZone(hosts[a], hosts[b]) || !guardedRoute(hosts[a], hosts[b], route, latency)) {
            if (a != b) unroutedJson.push_back({a, b});
            continue;
        }
        if (a == b && route.empty()) continue;   // nothing to say about a host talking to itself
        nlohmann::json ids = nlohmann::json::array();
        for (const sg4::Link* link : route) {
            auto it = linkIndex.find(link);
            if (it == linkIndex.end()) fail("route from " + hosts[a]->get_name() + " to " + hosts[b]->get_name() +
                                            " uses an unlisted link " + link->get_name());
            ids.push_back(it->second);
        }
        routesJson.push_back({{"from", a}, {"to", b}, {"links", std::move(ids)}, {"latency", latency}});
    }
    return {{"hosts", std::move(hostsJson)}, {"links", std::move(linksJson)}, {"zones", std::move(zonesJson)},
            {"routes", std::move(routesJson)}, {"unrouted", std::move(unroutedJson)}, {"notes", printed.notes()}};
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) finish(usage());
    const bool simulate = std::strcmp(argv[1], "simulate") == 0;
    if (!simulate && std::strcmp(argv[1], "platform") != 0) finish(usage());
    const std::string file = argv[2];
    if (::access(file.c_str(), R_OK) != 0) fail(file + ": cannot read the file (" + std::strerror(errno) + ")");
    if (simulate) finish(runSimulation(file));
    std::vector<std::string> options = simgridOptions({});
    std::vector<char*> simgridArgv;
    for (std::string& o : options) simgridArgv.push_back(o.data());
    int simgridArgc = static_cast<int>(simgridArgv.size());
    simgridArgv.push_back(nullptr);
    try {
        sg4::Engine engine(&simgridArgc, simgridArgv.data());
        engine.load_platform(file);
        const std::string text = describePlatform(engine).dump();
        std::fwrite(text.data(), 1, text.size(), stdout);
        std::fputc('\n', stdout);
    } catch (const std::exception& e) {
        fail(e.what());
    } catch (...) {
        fail("SimGrid failed with an unknown exception");
    }
    finish(0);
}
