// SimGrid platforms: run hetsched-simgrid on the file (upgrading old DTDs on a copy), read its JSON, and
// map the description to a dag platform or to a steady-state instance (rules in docs/formats.md).
#include "io/simgrid_platform.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "io/child_process.h"
#include "io/dag_io.h"
#include "io/instance_io.h"
#include "io/json_reader.h"
#include "model/instance.h"

namespace hetsched {

namespace {

namespace fs = std::filesystem;

// SimGrid 3.32 reads DTD version 4 and refuses older files ("Bad declaration <!DOCTYPE"); this reads
// the version attribute of <platform> from the start of the file (absent: version 0).
double platformVersion(const std::string& head) {
    static const std::regex platformTag(R"(<platform\b([^>]*)>)");
    static const std::regex versionAttribute(R"re(\bversion\s*=\s*["']([0-9.]+)["'])re");
    std::smatch tag, version;
    if (!std::regex_search(head, tag, platformTag)) return -1;   // no <platform>: let SimGrid say why
    const std::string attributes = tag[1].str();
    if (!std::regex_search(attributes, version, versionAttribute)) return 0;
    return std::atof(version[1].str().c_str());
}

// A temporary directory removed with everything in it when the loader returns.
struct TemporaryDirectory {
    fs::path path;
    ~TemporaryDirectory() {
        std::error_code ec;
        if (!path.empty()) fs::remove_all(path, ec);
    }
};

// The copy of an old platform upgraded with simgrid_update_xml, in `directory`.
Expected<std::string> upgradedCopy(const std::string& path, const fs::path& directory, const Progress& progress) {
    const std::optional<std::string> tool = findInPath("simgrid_update_xml");
    if (!tool)
        return invalidInput(path + ": an old SimGrid platform (DTD version below 4) needs simgrid_update_xml "
                                   "(from SimGrid's libsimgrid-dev) to be upgraded, and it was not found in PATH");
    const fs::path copy = directory / fs::path(path).filename();
    std::error_code ec;
    fs::copy_file(path, copy, ec);
    if (ec) return ioError(path + ": cannot copy it to upgrade it (" + ec.message() + ")");
    Expected<ChildResult> run = runChildProcess(*tool, {copy.string()}, {30, progress});
    if (!run) {
        if (run.error().kind == ErrorKind::Cancelled) return run.error();
        return invalidInput(path + ": simgrid_update_xml failed: " + run.error().message);
    }
    if (run->signal != 0 || run->exitCode != 0)
        return invalidInput(path + ": simgrid_update_xml " + describeChildEnd(*run) + " upgrading this old platform: " +
                            lastLines(run->stderrText + run->stdoutText));
    return copy.string();
}

std::string replaceAll(std::string text, const std::string& from, const std::string& to) {
    if (from.empty()) return text;
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

}  // namespace

Expected<SimGridPlatform> simGridPlatformFromJson(const std::string& jsonText) {
    // The child's answer is bounded like a user's file: nesting it deeper would overflow the stack here.
    if (auto problem = json_detail::jsonNestingProblem(jsonText))
        return invalidInput("the SimGrid runner printed malformed JSON: " + *problem);
    const nlohmann::json root = nlohmann::json::parse(jsonText, nullptr, false);
    if (root.is_discarded() || !root.is_object()) return invalidInput("the SimGrid runner printed malformed JSON");
    if (root.contains("error")) return invalidInput(root["error"].is_string() ? root["error"].get<std::string>() : "error");
    // nlohmann throws on a missing key or a wrong type; caught here, never out of core.
    try {
        SimGridPlatform p;
        for (const auto& z : root.at("zones")) {
            SimGridZone zone{z.at("name").get<std::string>(), std::nullopt};
            if (!z.at("parent").is_null()) zone.parent = z.at("parent").get<std::size_t>();
            p.zones.push_back(std::move(zone));
        }
        for (const auto& h : root.at("hosts"))
            p.hosts.push_back({h.at("name").get<std::string>(), h.at("speed").get<double>(), h.at("cores").get<int>(),
                               h.at("zone").get<std::size_t>()});
        for (const auto& l : root.at("links"))
            p.links.push_back({l.at("name").get<std::string>(), l.at("bandwidth").get<double>(),
                               l.at("latency").get<double>(), l.at("shared").get<bool>()});
        for (const auto& r : root.at("routes"))
            p.routes.push_back({r.at("from").get<std::size_t>(), r.at("to").get<std::size_t>(),
                                r.at("links").get<std::vector<std::size_t>>(), r.at("latency").get<double>()});
        if (root.contains("unrouted"))
            for (const auto& u : root.at("unrouted")) p.unrouted.emplace_back(u.at(0).get<std::size_t>(), u.at(1).get<std::size_t>());
        if (root.contains("notes"))
            for (const auto& n : root.at("notes")) p.notes.push_back(n.get<std::string>());
        // Indices are checked once here so that the mappings can trust them.
        for (const SimGridZone& z : p.zones)
            if (z.parent && *z.parent >= p.zones.size()) return invalidInput("the SimGrid runner printed a zone parent out of range");
        for (const SimGridHost& h : p.hosts)
            if (h.zone >= p.zones.size() || h.cores < 1 || !(h.speed >= 0))
                return invalidInput("the SimGrid runner printed a malformed host \"" + h.name + "\"");
        for (const SimGridLink& l : p.links)
            if (!(l.bandwidth > 0) || !(l.latency >= 0))
                return invalidInput("SimGrid link \"" + l.name + "\" has no positive bandwidth");
        for (const SimGridRoute& r : p.routes) {
            if (r.from >= p.hosts.size() || r.to >= p.hosts.size()) return invalidInput("the SimGrid runner printed a route out of range");
            for (std::size_t l : r.links)
                if (l >= p.links.size()) return invalidInput("the SimGrid runner printed a route link out of range");
        }
        return p;
    } catch (const nlohmann::json::exception& e) {
        return invalidInput(std::string("the SimGrid runner printed unexpected JSON: ") + e.what());
    }
}

Expected<std::string> loadableSimGridFile(const std::string& path, const std::string& scratchDirectory,
                                          const Progress& progress) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return ioError(path + ": cannot open the file");
    std::string head(8192, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    in.close();
    const double version = platformVersion(head);
    if (version >= 0 && version < 4) return upgradedCopy(path, scratchDirectory, progress);
    return path;
}

Expected<SimGridPlatform> loadSimGridPlatform(const std::string& path, const Progress& progress) {
    TemporaryDirectory directory;
    std::string pattern = (fs::temp_directory_path() / "hetsched-simgrid-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) return ioError(path + ": cannot create a temporary directory to read it");
    directory.path = pattern;
    Expected<std::string> loadable = loadableSimGridFile(path, directory.path.string(), progress);
    if (!loadable) return loadable.error();
    const std::string loaded = *loadable;
    Expected<std::string> runner = simgridRunnerPath();
    if (!runner) return Error{runner.error().kind, path + ": " + runner.error().message};
    progress.report(0, "loading the platform with SimGrid");
    Expected<ChildResult> run = runChildProcess(*runner, {"platform", loaded}, {120, progress});
    if (!run) {
        if (run.error().kind == ErrorKind::Cancelled) return run.error();
        return Error{run.error().kind, path + ": " + run.error().message};
    }
    // Messages name the user's file, not the upgraded copy.
    auto named = [&](const std::string& message) { return replaceAll(message, loaded, path); };
    if (run->signal != 0)
        return invalidInput("hetsched-simgrid " + describeChildEnd(*run) + " loading " + path + ": " +
                            named(lastLines(run->stderrText)));
    Expected<SimGridPlatform> platform = simGridPlatformFromJson(run->stdoutText);
    if (!platform) {
        std::string message = named(platform.error().message);
        if (run->exitCode != 0 && message.find("malformed JSON") != std::string::npos)
            message = "hetsched-simgrid " + describeChildEnd(*run) + ": " + named(lastLines(run->stderrText));
        return invalidInput(path + ": " + message);
    }
    if (run->exitCode != 0)
        return invalidInput(path + ": hetsched-simgrid " + describeChildEnd(*run) + ": " + named(lastLines(run->stderrText)));
    if (platform->hosts.empty()) return invalidInput(path + ": the SimGrid platform has no host");
    progress.report(1, "loading the platform with SimGrid");
    return platform;
}

namespace {

// The routes of a description by ordered host pair.
using RouteIndex = std::map<std::pair<std::size_t, std::size_t>, const SimGridRoute*>;

RouteIndex indexRoutes(const SimGridPlatform& p) {
    RouteIndex index;
    for (const SimGridRoute& r : p.routes) index.emplace(std::pair(r.from, r.to), &r);
    return index;
}

const SimGridRoute* routeBetween(const RouteIndex& index, std::size_t a, std::size_t b) {
    auto it = index.find({a, b});
    return it == index.end() ? nullptr : it->second;
}

std::string uniqueName(std::string name, std::set<std::string>& taken) {
    if (taken.insert(name).second) return name;
    for (int k = 2;; ++k)
        if (std::string candidate = name + " (" + std::to_string(k) + ")"; taken.insert(candidate).second) return candidate;
}

}  // namespace

Expected<DagPlatform> dagPlatformFromSimGrid(const SimGridPlatform& p) {
    if (p.hosts.empty()) return invalidInput("the SimGrid platform has no host");
    const RouteIndex routes = indexRoutes(p);

    // Clusters: a zone whose hosts share speed and core count is one cluster; a zone of mixed hosts
    // gives each host a cluster (its hosts are joined by arbitrary routes, not one switch).
    struct Group {
        std::string name;
        std::vector<std::size_t> members;   // host indices
    };
    std::vector<Group> groups;
    std::vector<std::vector<std::size_t>> zoneHosts(p.zones.size());
    for (std::size_t h = 0; h < p.hosts.size(); ++h) zoneHosts.at(p.hosts[h].zone).push_back(h);
    std::set<std::string> taken;
    std::vector<bool> placed(p.zones.size(), false);
    for (std::size_t h = 0; h < p.hosts.size(); ++h) {
        const std::size_t z = p.hosts[h].zone;
        if (placed[z]) continue;
        placed[z] = true;
        const std::vector<std::size_t>& members = zoneHosts[z];
        const bool alike = std::all_of(members.begin(), members.end(), [&](std::size_t m) {
            return p.hosts[m].speed == p.hosts[members.front()].speed && p.hosts[m].cores == p.hosts[members.front()].cores;
        });
        if (alike) {
            groups.push_back({uniqueName(p.zones[z].name, taken), members});
        } else {
            for (std::size_t m : members) groups.push_back({uniqueName(p.hosts[m].name, taken), {m}});
        }
    }
    std::vector<std::size_t> groupOf(p.hosts.size());
    for (std::size_t g = 0; g < groups.size(); ++g)
        for (std::size_t m : groups[g].members) groupOf[m] = g;

    double widestLink = 0;
    for (const SimGridLink& l : p.links) widestLink = std::max(widestLink, l.bandwidth);

    DagPlatform out;
    for (const Group& group : groups) {
        std::vector<std::string> names;
        for (std::size_t m : group.members) names.push_back(p.hosts[m].name);
        out.simgrid.hostsByCluster.emplace_back(group.name, std::move(names));
    }
    // Links inside each cluster (never part of the backbone), and the hosts standing for it.
    std::vector<std::set<std::size_t>> internal(groups.size());
    std::vector<std::vector<std::size_t>> representatives(groups.size());
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const Group& group = groups[g];
        const SimGridHost& first = p.hosts[group.members.front()];
        DagCluster c;
        c.name = group.name;
        c.speed = first.speed;
        c.processors = static_cast<int>(std::min<std::size_t>(group.members.size() * static_cast<std::size_t>(first.cores),
                                                             static_cast<std::size_t>(std::numeric_limits<int>::max())));
        const std::size_t m0 = group.members[0];
        const std::size_t m1 = group.members.size() > 1 ? group.members[1] : m0;
        representatives[g] = m0 == m1 ? std::vector<std::size_t>{m0} : std::vector<std::size_t>{m0, m1};
        for (std::size_t a : representatives[g])
            for (std::size_t b : representatives[g])
                if (const SimGridRoute* r = routeBetween(routes, a, b)) internal[g].insert(r->links.begin(), r->links.end());
        // The local route: between two of its hosts, else a host's loopback; a processor's link is its
        // bottleneck and half its latency (host to switch), as the backbone model adds both ends' latency.
        const SimGridRoute* local = nullptr;
        for (auto [a, b] : {std::pair(m0, m1), std::pair(m1, m0), std::pair(m0, m0)})
            if (const SimGridRoute* r = routeBetween(routes, a, b); r != nullptr && !r->links.empty()) {
                local = r;
                break;
            }
        if (local != nullptr) {
            c.bandwidth = std::numeric_limits<double>::infinity();
            for (std::size_t l : local->links) c.bandwidth = std::min(c.bandwidth, p.links[l].bandwidth);
            c.latency = local->latency / 2;
        } else {
            // A lone host without loopback: its private link is the first link of every route leaving
            // it (and the last of every route reaching it) when there is one such link.
            std::optional<std::size_t> firstOut, lastIn;
            bool commonOut = true, commonIn = true;
            for (const SimGridRoute& r : p.routes) {
                if (r.links.empty() || r.from == r.to) continue;
                if (r.from == m0) {
                    if (firstOut && *firstOut != r.links.front()) commonOut = false;
                    firstOut = r.links.front();
                }
                if (r.to == m0) {
                    if (lastIn && *lastIn != r.links.back()) commonIn = false;
                    lastIn = r.links.back();
                }
            }
            if (firstOut && commonOut) {
                c.bandwidth = p.links[*firstOut].bandwidth;
                c.latency = p.links[*firstOut].latency;
                internal[g].insert(*firstOut);
                if (lastIn && commonIn) internal[g].insert(*lastIn);
            } else {
                // No network inside: transfers between its cores are not limited by a link.
                c.bandwidth = widestLink > 0 ? widestLink : DagCluster{}.bandwidth;
                c.latency = 0;
            }
        }
        out.clusters.push_back(std::move(c));
    }

    // The backbone: over routes between representatives of different clusters, the links inside neither
    // cluster; its bandwidth the smallest bottleneck, its latency the largest sum.
    double bandwidth = std::numeric_limits<double>::infinity(), latency = 0;
    bool sawBackbone = false;
    for (std::size_t ga = 0; ga < groups.size(); ++ga)
        for (std::size_t gb = 0; gb < groups.size(); ++gb) {
            if (ga == gb) continue;
            for (std::size_t a : representatives[ga])
                for (std::size_t b : representatives[gb]) {
                    const SimGridRoute* r = routeBetween(routes, a, b);
                    if (r == nullptr) continue;
                    double pairBandwidth = std::numeric_limits<double>::infinity(), pairLatency = 0;
                    bool any = false;
                    for (std::size_t l : r->links) {
                        if (internal[ga].count(l) != 0 || internal[gb].count(l) != 0) continue;
                        any = true;
                        pairBandwidth = std::min(pairBandwidth, p.links[l].bandwidth);
                        pairLatency += p.links[l].latency;
                    }
                    if (!any) continue;
                    sawBackbone = true;
                    bandwidth = std::min(bandwidth, pairBandwidth);
                    latency = std::max(latency, pairLatency);
                }
        }
    if (sawBackbone) out.backbone = {bandwidth, latency};

    DagInstance probe;
    probe.platform = out;
    probe.tasks = {{"probe", 0, 0}};
    if (auto problem = dagInstanceProblem(probe)) return invalidInput("SimGrid platform: " + *problem);
    return out;
}

Expected<SteadyStateInstance> steadyStateFromSimGrid(const SimGridPlatform& platform, const std::optional<std::string>& source) {
    SimGridSteadyOptions options;
    options.source = source;
    return steadyStateFromSimGrid(platform, options);
}

Expected<SteadyStateInstance> steadyStateFromSimGrid(const SimGridPlatform& p, const SimGridSteadyOptions& options) {
    if (p.hosts.empty()) return invalidInput("the SimGrid platform has no host");
    SteadyStateInstance in;
    in.model = CommunicationModel::BidirectionalOnePort;
    std::set<std::string> taken;
    for (const SimGridHost& h : p.hosts) {
        if (!taken.insert(h.name).second) return invalidInput("SimGrid platform: two hosts named \"" + h.name + "\"");
        in.nodes.push_back({h.name, h.speed * h.cores / kSimGridSteadyUnit});
    }
    // One router per link some route uses, named after the link.
    std::vector<std::optional<std::size_t>> routerOf(p.links.size());
    auto routerFor = [&](std::size_t link) {
        if (!routerOf[link]) {
            routerOf[link] = in.nodes.size();
            in.nodes.push_back({uniqueName(p.links[link].name, taken), 0});
        }
        return *routerOf[link];
    };
    std::map<std::pair<std::size_t, std::size_t>, double> arcs;
    auto addArc = [&](std::size_t from, std::size_t to, double bandwidth) {
        if (from == to) return;   // a link listed twice in a row (a Wi-Fi station to its access point and back)
        auto [it, inserted] = arcs.emplace(std::pair(from, to), bandwidth);
        if (!inserted) it->second = std::min(it->second, bandwidth);
    };
    for (const SimGridRoute& r : p.routes) {
        if (r.from == r.to || r.links.empty()) continue;
        std::size_t previous = r.from;
        std::optional<double> previousBandwidth;   // of the link router `previous`, if it is one
        for (std::size_t l : r.links) {
            const double bw = p.links[l].bandwidth / kSimGridSteadyUnit;
            const std::size_t router = routerFor(l);
            addArc(previous, router, previousBandwidth ? std::min(*previousBandwidth, bw) : bw);
            previous = router;
            previousBandwidth = bw;
        }
        addArc(previous, r.to, *previousBandwidth);
    }
    // Both directions with one bandwidth make one bidirectional link (how the editor draws them).
    for (const auto& [ends, bandwidth] : arcs) {
        auto reverse = arcs.find({ends.second, ends.first});
        if (reverse != arcs.end() && reverse->second == bandwidth) {
            if (ends.first < ends.second) in.links.push_back({ends.first, ends.second, bandwidth, true});
        } else {
            in.links.push_back({ends.first, ends.second, bandwidth, false});
        }
    }

    SteadyApplication& app = in.application;
    app.type = SteadyApplicationType::BagOfTasks;
    app.data = options.dataBytes / kSimGridSteadyUnit;
    app.result = options.resultBytes / kSimGridSteadyUnit;
    app.work = options.workFlops / kSimGridSteadyUnit;
    app.source = 0;
    if (options.source) {
        auto it = std::find_if(p.hosts.begin(), p.hosts.end(), [&](const SimGridHost& h) { return h.name == *options.source; });
        if (it == p.hosts.end()) {
            std::string known;
            for (std::size_t h = 0; h < std::min<std::size_t>(5, p.hosts.size()); ++h)
                known += (h ? ", " : "") + std::string("\"") + p.hosts[h].name + "\"";
            if (p.hosts.size() > 5) known += ", ... (" + std::to_string(p.hosts.size()) + " hosts)";
            return invalidInput("SimGrid platform: no host named \"" + *options.source + "\" for the source (hosts: " + known + ")");
        }
        app.source = static_cast<std::size_t>(it - p.hosts.begin());
    }

    // Validated as the instance file would be (ranges, names, links), and refused when nothing can run.
    Expected<Instance> checked = instanceFromJson(instanceToJson(Instance{in}));
    if (!checked) return invalidInput("SimGrid platform as a steady-state instance: " + checked.error().message);
    if (std::string why = steadyUnsolvableReason(in); !why.empty())
        return invalidInput("SimGrid platform as a steady-state instance: " + why);
    return in;
}

}  // namespace hetsched
