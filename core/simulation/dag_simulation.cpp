// Dag schedules on SimGrid: the generated cluster-of-clusters platform, the mapping of an imported
// instance's clusters to its file's hosts, the plan (tasks, redistributions, order) and the delays.
#include "simulation/dag_simulation.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <map>
#include <numeric>
#include <set>
#include <unordered_set>

#include "io/dag_io.h"
#include "io/instance_io.h"
#include "io/simgrid_platform.h"
#include "simulation/simgrid_simulation.h"
#include "simulation/simulation_detail.h"
#include "solvers/dag/dag_result.h"
#include "solvers/family_solution.h"

namespace hetsched {

namespace {

namespace fs = std::filesystem;
using simulation_detail::formatSeconds;
using simulation_detail::xmlAttribute;
using simulation_detail::xmlNumber;

// Where the schedule is simulated: a SimGrid file and the host of every global processor.
struct DagSimPlatform {
    std::string file;
    std::string loadable;   // what the child loads: the file, or its upgraded copy (old DTD)
    bool generated = false;
    std::string xml;
    std::vector<std::string> hostOfProcessor;
    std::vector<std::string> notes;
};

// The hosts of each cluster in a SimGrid file: those the import recorded, else the file's cluster of
// that name (grouped as the importer groups hosts); each host counts for its cores.
Expected<std::vector<std::string>> hostsFromFile(const DagInstance& in, const std::string& file,
                                                 const SimGridPlatform& loaded, bool useRecorded,
                                                 std::vector<std::string>& notes) {
    std::map<std::string, const SimGridHost*> byName;
    for (const SimGridHost& h : loaded.hosts) byName.emplace(h.name, &h);
    std::optional<DagPlatform> grouped;
    std::vector<std::string> hostOfProcessor;
    for (const DagCluster& c : in.platform.clusters) {
        const std::vector<std::string>* hosts = nullptr;
        if (useRecorded)
            if (const std::vector<std::string>* recorded = in.platform.simgrid.hostsOf(c.name); recorded && !recorded->empty())
                hosts = recorded;
        if (hosts == nullptr) {
            if (!grouped) {
                Expected<DagPlatform> mapped = dagPlatformFromSimGrid(loaded);
                if (!mapped) return Error{mapped.error().kind, file + ": " + mapped.error().message};
                grouped = std::move(*mapped);
            }
            hosts = grouped->simgrid.hostsOf(c.name);
            if (hosts == nullptr) {
                std::string known;
                for (std::size_t k = 0; k < std::min<std::size_t>(grouped->clusters.size(), 6); ++k)
                    known += (k ? ", " : "") + std::string("\"") + grouped->clusters[k].name + "\"";
                if (grouped->clusters.size() > 6) known += ", ...";
                return invalidInput("cluster \"" + c.name + "\" is not a cluster of " + file + " (its clusters: " + known +
                                    "); simulate on the generated platform or on the file the instance was imported from");
            }
        }
        long long cores = 0;
        bool speedDiffers = false;
        double fileSpeed = 0;
        for (const std::string& name : *hosts) {
            auto it = byName.find(name);
            if (it == byName.end())
                return invalidInput("cluster \"" + c.name + "\": " + file + " has no host \"" + name + "\"");
            cores += it->second->cores;
            fileSpeed = it->second->speed;
            if (std::abs(it->second->speed - c.speed) > 1e-9 * c.speed) speedDiffers = true;
            for (int k = 0; k < it->second->cores; ++k) hostOfProcessor.push_back(name);
        }
        if (cores != c.processors)
            return invalidInput("cluster \"" + c.name + "\" has " + std::to_string(c.processors) + " processors but its " +
                                std::to_string(hosts->size()) + " host(s) in " + file + " have " + std::to_string(cores) +
                                " cores");
        if (speedDiffers)
            notes.push_back("cluster \"" + c.name + "\": its hosts in the file compute at " + formatSeconds(fileSpeed) +
                            " flop/s, the instance says " + formatSeconds(c.speed) + "; SimGrid uses the file's");
    }
    return hostOfProcessor;
}

Expected<DagSimPlatform> resolvePlatform(const DagInstance& in, const SimulationOptions& options,
                                         TemporaryDirectory& directory, const Progress& progress) {
    DagSimPlatform out;
    const bool own = options.platformFile.empty() && !in.platform.simgrid.empty();
    out.file = !options.platformFile.empty() ? options.platformFile : own ? in.platform.simgrid.file : std::string();
    if (out.file.empty()) {
        GeneratedDagPlatform generated = dagPlatformXml(in.platform);
        Expected<std::string> dir = directory.path();
        if (!dir) return dir.error();
        out.file = (fs::path(*dir) / "platform.xml").string();
        if (auto written = writeTextFileAtomically(out.file, generated.xml); !written) return written.error();
        out.generated = true;
        out.loadable = out.file;
        out.xml = std::move(generated.xml);
        out.hostOfProcessor = std::move(generated.hostOfProcessor);
        return out;
    }
    std::error_code ec;
    if (!fs::exists(out.file, ec))
        return ioError(out.file + (own ? " (the SimGrid platform this instance was imported from)" : "") +
                       " does not exist; simulate with --platform FILE.xml");
    Expected<SimGridPlatform> loaded = loadSimGridPlatform(out.file, progress);
    if (!loaded) return loaded.error();
    // An old DTD is upgraded on a copy for the simulation too (messages still name the user's file).
    Expected<std::string> dir = directory.path();
    if (!dir) return dir.error();
    Expected<std::string> loadable = loadableSimGridFile(out.file, *dir, progress);
    if (!loadable) return loadable.error();
    out.loadable = *loadable;
    const bool useRecorded = own || (!in.platform.simgrid.empty() && fs::equivalent(in.platform.simgrid.file, out.file, ec));
    Expected<std::vector<std::string>> hosts = hostsFromFile(in, out.file, *loaded, useRecorded, out.notes);
    if (!hosts) return hosts.error();
    out.hostOfProcessor = std::move(*hosts);
    out.notes.push_back("simulated on the SimGrid file's own routes: the analytic model's cluster and backbone "
                        "figures summarise them (docs/formats.md), so some delays have the cause \"model\"");
    return out;
}

// Where an activity of a run came from.
struct DagRunLayout {
    std::vector<std::size_t> transferEdge;              // per transfer activity (index - tasks): its edge
    std::vector<std::size_t> transferOfEdge;            // per edge: its activity, or npos
    // Per activity (tasks, then transfers): what it waits for in the simulation.
    std::vector<std::vector<simulation_detail::Wait>> waitsFor;
};

constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

SimRun buildRun(const DagInstance& in, const DagGraph& graph, const DagSolution& s, const ProcessorIndex& index,
                const std::vector<std::size_t>& hostOfProcessor, DagRunLayout& layout) {
    SimRun run;
    const std::size_t n = in.tasks.size();
    for (std::size_t t = 0; t < n; ++t) {
        const DagTask& task = in.tasks[t];
        const DagPlacement& p = s.tasks[t];
        SimActivity a;
        a.name = task.name;
        // Amdahl as a parallel task: every processor computes the serial part and its share of the rest.
        const double perProcessor = (task.alpha + (1 - task.alpha) / static_cast<double>(p.processors.size())) * task.flops;
        for (int q : p.processors) {
            a.hosts.push_back(hostOfProcessor[static_cast<std::size_t>(q)]);
            a.flops.push_back(perProcessor);
        }
        run.activities.push_back(std::move(a));
    }
    using simulation_detail::WaitKind;
    layout.transferOfEdge.assign(in.edges.size(), kNone);
    layout.waitsFor.assign(n, {});
    std::unordered_set<std::uint64_t> seen;
    auto precede = [&](std::size_t before, std::size_t after) {
        if (seen.insert((static_cast<std::uint64_t>(before) << 32) | after).second) run.precedences.emplace_back(before, after);
    };
    for (std::size_t e = 0; e < in.edges.size(); ++e) {
        const DagEdge& edge = in.edges[e];
        const std::vector<int>& from = s.tasks[edge.from].processors;
        const std::vector<int>& to = s.tasks[edge.to].processors;
        if (edge.bytes <= 0 || from == to) {
            precede(edge.from, edge.to);
            layout.waitsFor[edge.to].push_back({edge.from, WaitKind::Data});
            continue;
        }
        SimActivity x;
        x.name = in.tasks[edge.from].name + " -> " + in.tasks[edge.to].name;
        std::map<int, std::size_t> position;   // global processor -> position in x.hosts
        for (const std::vector<int>* set : {&from, &to})
            for (int q : *set)
                if (position.emplace(q, x.hosts.size()).second)
                    x.hosts.push_back(hostOfProcessor[static_cast<std::size_t>(q)]);
        // The 1D block redistribution (north-west corner): in units of D / (p q), sender i holds
        // [i q, (i + 1) q) and receiver j needs [j p, (j + 1) p).
        // A block that stays on its host (a processor in both sets, or two cores of one host) does not travel.
        const std::size_t p = from.size(), q = to.size();
        for (std::size_t i = 0, j = 0; i < p && j < q;) {
            const std::size_t overlap = std::min((i + 1) * q, (j + 1) * p) - std::max(i * q, j * p);
            const std::size_t a = position[from[i]], b = position[to[j]];
            if (x.hosts[a] != x.hosts[b])
                x.bytes.push_back({a, b, edge.bytes * static_cast<double>(overlap) /
                                             (static_cast<double>(p) * static_cast<double>(q))});
            if ((i + 1) * q <= (j + 1) * p) ++i;
            else ++j;
        }
        const std::size_t k = run.activities.size();
        run.activities.push_back(std::move(x));
        layout.transferEdge.push_back(e);
        layout.transferOfEdge[e] = k;
        precede(edge.from, k);
        precede(k, edge.to);
        layout.waitsFor.push_back({{edge.from, WaitKind::Data}});
        layout.waitsFor[edge.to].push_back({k, WaitKind::Transfer});
    }
    // On every processor its tasks in their planned order (no back-filling: by start, then end).
    std::vector<std::vector<std::size_t>> onProcessor(static_cast<std::size_t>(index.total()));
    for (std::size_t t = 0; t < n; ++t)
        for (int q : s.tasks[t].processors) onProcessor[static_cast<std::size_t>(q)].push_back(t);
    for (std::vector<std::size_t>& tasks : onProcessor) {
        std::sort(tasks.begin(), tasks.end(), [&](std::size_t a, std::size_t b) {
            return std::tie(s.tasks[a].start, s.tasks[a].end, a) < std::tie(s.tasks[b].start, s.tasks[b].end, b);
        });
        for (std::size_t k = 1; k < tasks.size(); ++k) {
            const std::size_t before = tasks[k - 1], after = tasks[k];
            const std::uint64_t key = (static_cast<std::uint64_t>(before) << 32) | after;
            if (seen.count(key) == 0) layout.waitsFor[after].push_back({before, WaitKind::Processor});
            precede(before, after);
        }
    }
    (void)graph;
    return run;
}

SimulationResult interpret(const DagInstance& in, const DagSolution& s, const std::string& solver, const SimRun& run,
                           const DagRunLayout& layout, const std::vector<SimTiming>& timing) {
    SimulationResult r;
    r.kind = "dag";
    r.solver = solver;
    r.plannedMakespan = s.makespan;
    r.tolerance = simulationTolerance(s.makespan);
    const ProcessorIndex index = indexProcessors(in.platform);
    const std::size_t n = in.tasks.size();
    for (std::size_t t = 0; t < n; ++t) {
        SimulatedActivity a;
        a.id = in.tasks[t].name;
        a.start = timing[t].start;
        a.end = timing[t].end;
        a.plannedStart = s.tasks[t].start;
        a.plannedEnd = s.tasks[t].end;
        a.uncontendedSeconds = timing[t].aloneSeconds;
        r.tasks.push_back(std::move(a));
        r.simulatedMakespan = std::max(r.simulatedMakespan, timing[t].end);
    }
    for (std::size_t k = 0; k < layout.transferEdge.size(); ++k) {
        const DagEdge& e = in.edges[layout.transferEdge[k]];
        const SimTiming& tm = timing[n + k];
        SimulatedActivity x;
        x.id = run.activities[n + k].name;
        x.from = in.tasks[e.from].name;
        x.to = in.tasks[e.to].name;
        x.bytes = e.bytes;
        x.start = tm.start;
        x.end = tm.end;
        x.plannedStart = s.tasks[e.from].end;
        x.plannedEnd = x.plannedStart + redistributionSeconds(in.platform, index, e.bytes, s.tasks[e.from].processors,
                                                              s.tasks[e.to].processors);
        x.uncontendedSeconds = tm.aloneSeconds;
        r.transfers.push_back(std::move(x));
        r.simulatedMakespan = std::max(r.simulatedMakespan, tm.end);
    }
    std::vector<SimulatedActivity*> all;
    for (SimulatedActivity& a : r.tasks) all.push_back(&a);
    for (SimulatedActivity& x : r.transfers) all.push_back(&x);
    simulation_detail::assignCauses(all, layout.waitsFor, r.tolerance);
    return r;
}

// The simulated schedule as the dag views draw it: one lane per processor, a Compute interval per
// task (group: the cause of its delay), the wait for data before it.
Schedule simulatedSchedule(const DagInstance& in, const DagSolution& s, const SimulationResult& r,
                           const DagRunLayout& layout) {
    Schedule schedule;
    schedule.title = "task graph simulated on SimGrid, makespan " + formatSeconds(r.simulatedMakespan) + " s (planned " +
                     formatSeconds(r.plannedMakespan) + " s)";
    schedule.timeUnit = "s";
    for (const DagCluster& c : in.platform.clusters)
        for (int k = 0; k < c.processors; ++k) schedule.lanes.push_back({c.name + " #" + std::to_string(k), c.name, {}});
    const std::size_t n = in.tasks.size();
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return r.tasks[a].start < r.tasks[b].start || (r.tasks[a].start == r.tasks[b].start && a < b);
    });
    std::vector<double> laneEnd(schedule.lanes.size(), 0.0);
    for (std::size_t t : order) {
        const SimulatedActivity& a = r.tasks[t];
        double predecessorsEnd = 0, dataReady = 0;
        for (const auto& [k, kind] : layout.waitsFor[t]) {
            if (kind == simulation_detail::WaitKind::Processor) continue;
            if (k < n) {
                predecessorsEnd = std::max(predecessorsEnd, r.tasks[k].end);
                dataReady = std::max(dataReady, r.tasks[k].end);
            } else {
                const SimulatedActivity& x = r.transfers[k - n];
                predecessorsEnd = std::max(predecessorsEnd, x.start);
                dataReady = std::max(dataReady, x.end);
            }
        }
        const std::string group = delayCauseName(a.cause);
        const std::string detail = a.id + ": simulated " + formatSeconds(a.start) + " s to " + formatSeconds(a.end) +
                                   " s, planned " + formatSeconds(a.plannedStart) + " s to " + formatSeconds(a.plannedEnd) +
                                   " s, delay " + formatSeconds(a.delay()) + " s (" + delayCauseText(a.cause) + ")";
        for (int q : s.tasks[t].processors) {
            Lane& lane = schedule.lanes[static_cast<std::size_t>(q)];
            double& end = laneEnd[static_cast<std::size_t>(q)];
            const double from = std::max(predecessorsEnd, end);
            const double to = std::min(dataReady, a.start);
            if (to > from)
                lane.intervals.push_back({from, to, IntervalKind::Redistribution, "→ " + a.id, static_cast<int>(t), group,
                                          "data for " + a.id + " until " + formatSeconds(dataReady) + " s"});
            lane.intervals.push_back({a.start, a.end, IntervalKind::Compute, a.id, static_cast<int>(t), group, detail});
            end = std::max(end, a.end);
        }
    }
    simulation_detail::addMakespanMarkers(schedule, r);
    return schedule;
}

}  // namespace

GeneratedDagPlatform dagPlatformXml(const DagPlatform& p) {
    const ProcessorIndex index = indexProcessors(p);
    // Ids from the clusters' names when every generated name is then unique, else numbered ones.
    auto idsFor = [&](bool named) {
        std::vector<std::string> ids;
        for (std::size_t c = 0; c < p.clusters.size(); ++c) ids.push_back(named ? p.clusters[c].name : "cluster" + std::to_string(c));
        return ids;
    };
    std::vector<std::string> ids = idsFor(true);
    {
        std::unordered_set<std::string> netpoints{"platform"};
        bool unique = true;
        for (std::size_t c = 0; c < ids.size() && unique; ++c) {
            unique = netpoints.insert(ids[c]).second && netpoints.insert(ids[c] + "-gateway").second;
            for (int k = 0; k < p.clusters[c].processors && unique; ++k)
                unique = netpoints.insert(ids[c] + "-" + std::to_string(k)).second;
        }
        if (!unique) ids = idsFor(false);
    }
    GeneratedDagPlatform out;
    out.hostOfProcessor.reserve(static_cast<std::size_t>(index.total()));
    std::string& x = out.xml;
    x = "<?xml version='1.0'?>\n"
        "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
        "<platform version=\"4.1\">\n"
        "  <!-- Generated by HetSched from the cluster-of-clusters model of a dag instance (N'Takpe and Suter 2006,\n"
        "       Figure 1): each cluster's processors behind a switch (a private SPLITDUPLEX link per processor with\n"
        "       half the cluster's latency), a gateway link per cluster (the backbone's bandwidth, half the cluster's\n"
        "       latency) and one shared backbone. A transfer alone takes the analytic model's time. -->\n"
        "  <zone id=\"platform\" routing=\"Full\">\n";
    for (std::size_t c = 0; c < p.clusters.size(); ++c) {
        const DagCluster& cluster = p.clusters[c];
        const std::string& id = ids[c];
        x += "    <cluster id=" + xmlAttribute(id) + " prefix=" + xmlAttribute(id + "-") + " suffix=\"\" radical=\"0-" +
             std::to_string(cluster.processors - 1) + "\" speed=\"" + xmlNumber(cluster.speed) + "f\" bw=\"" +
             xmlNumber(cluster.bandwidth) + "Bps\" lat=\"" + xmlNumber(cluster.latency / 2) +
             "s\" sharing_policy=\"SPLITDUPLEX\" router_id=" + xmlAttribute(id + "-gateway") + "/>\n";
        for (int k = 0; k < cluster.processors; ++k) out.hostOfProcessor.push_back(id + "-" + std::to_string(k));
    }
    for (std::size_t c = 0; c < p.clusters.size(); ++c)
        x += "    <link id=" + xmlAttribute(ids[c] + "-gateway-link") + " bandwidth=\"" + xmlNumber(p.backbone.bandwidth) +
             "Bps\" latency=\"" + xmlNumber(p.clusters[c].latency / 2) + "s\"/>\n";
    x += "    <link id=\"backbone\" bandwidth=\"" + xmlNumber(p.backbone.bandwidth) + "Bps\" latency=\"" +
         xmlNumber(p.backbone.latency) + "s\"/>\n";
    for (std::size_t a = 0; a < p.clusters.size(); ++a)
        for (std::size_t b = a + 1; b < p.clusters.size(); ++b)
            x += "    <zoneRoute src=" + xmlAttribute(ids[a]) + " dst=" + xmlAttribute(ids[b]) + " gw_src=" +
                 xmlAttribute(ids[a] + "-gateway") + " gw_dst=" + xmlAttribute(ids[b] + "-gateway") +
                 " symmetrical=\"YES\"><link_ctn id=" + xmlAttribute(ids[a] + "-gateway-link") +
                 "/><link_ctn id=\"backbone\"/><link_ctn id=" + xmlAttribute(ids[b] + "-gateway-link") + "/></zoneRoute>\n";
    x += "  </zone>\n</platform>\n";
    return out;
}

Expected<std::vector<SimulationResult>> simulateDagSchedules(const DagInstance& in, const std::vector<DagSolution>& solutions,
                                                             const std::vector<std::string>& solverNames,
                                                             const SimulationOptions& options, const Progress& progress) {
    const auto clockStart = std::chrono::steady_clock::now();
    if (solutions.size() != solverNames.size()) return invalidInput("one solver name per schedule expected");
    if (auto problem = dagInstanceProblem(in)) return invalidInput(*problem);
    TemporaryDirectory directory;
    Expected<DagSimPlatform> platform = resolvePlatform(in, options, directory, progress.scaled(0, 0.05));
    if (!platform) return platform.error();
    const ProcessorIndex index = indexProcessors(in.platform);
    const DagGraph graph = buildDagGraph(in.tasks.size(), in.edges);
    SimulationPlan plan;
    plan.platformFile = platform->loadable;
    std::vector<std::size_t> hostOfProcessor;
    for (const std::string& h : platform->hostOfProcessor) hostOfProcessor.push_back(plan.host(h));
    std::vector<DagRunLayout> layouts(solutions.size());
    for (std::size_t k = 0; k < solutions.size(); ++k) {
        if (solutions[k].tasks.size() != in.tasks.size()) return invalidInput("a schedule does not place every task");
        plan.runs.push_back(buildRun(in, graph, solutions[k], index, hostOfProcessor, layouts[k]));
    }
    Expected<SimOutput> output = runSimGridPlan(plan, progress.scaled(0.05, 1), options.timeoutSeconds);
    if (!output) return output.error();
    std::vector<SimulationResult> results;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - clockStart).count();
    for (std::size_t k = 0; k < solutions.size(); ++k) {
        SimulationResult r = interpret(in, solutions[k], solverNames[k], plan.runs[k], layouts[k], output->runs[k]);
        r.simulator = output->simulator;
        r.generatedPlatform = platform->generated;
        r.platformFile = platform->generated ? std::string() : platform->file;
        r.platformXml = platform->xml;
        r.notes = platform->notes;
        r.seconds = seconds / static_cast<double>(solutions.size());
        r.schedule = simulatedSchedule(in, solutions[k], r, layouts[k]);
        results.push_back(std::move(r));
    }
    return results;
}

Expected<SimulationResult> simulateDagResult(const DagInstance& in, const SolveResult& result,
                                             const SimulationOptions& options, const Progress& progress) {
    // The typed solution of a solve or of a result read back (resultFromJson).
    const DagSolution* solution = solutionOf<DagSolution>(result);
    if (!solution) return invalidInput("the dag result has no schedule to simulate");
    return simulateDagSchedule(in, *solution, result.solver, options, progress);
}

Expected<SimulationResult> simulateDagSchedule(const DagInstance& in, const DagSolution& solution, const std::string& solverName,
                                               const SimulationOptions& options, const Progress& progress) {
    Expected<std::vector<SimulationResult>> results = simulateDagSchedules(in, {solution}, {solverName}, options, progress);
    if (!results) return results.error();
    return std::move(results->front());
}

}  // namespace hetsched
