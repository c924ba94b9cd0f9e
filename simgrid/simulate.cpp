// hetsched-simgrid simulate PLAN.json: replays the activities of a plan written by core/simulation on
// its platform with SimGrid's parallel-task model (ptask_L07) and prints when each started and ended.
//
// An activity is one SimGrid parallel task: hosts, flops per host, bytes between pairs of its hosts
// (Exec::init()->set_hosts()->set_flops_amounts()->set_bytes_amounts()). A computation has flops only,
// a transfer bytes only. It starts once every activity it comes after has ended; the plan's precedences
// carry the schedule's order (the dag's edges, the order of tasks on a processor, a one-port master's
// sends). Activities are created when they become ready, so that only the running ones hold their
// bytes matrices. Several runs on one platform go one after another in one engine (times are given
// from each run's own start), so that an experiment pays SimGrid's start-up once per platform.
#include <simgrid/s4u.hpp>
#include <simgrid/version.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/utf8.h"
#include "runner.h"

namespace sg4 = simgrid::s4u;

namespace hetsched_simgrid {

namespace {

struct BytesEntry {
    std::size_t from = 0;   // positions in the activity's host list
    std::size_t to = 0;
    double bytes = 0;
};

struct PlannedActivity {
    std::string name;
    std::vector<sg4::Host*> hosts;   // a host may appear several times (several of its cores)
    std::vector<double> flops;       // per position of hosts (empty: none)
    std::vector<BytesEntry> bytes;
};

struct Run {
    std::vector<PlannedActivity> activities;
    std::vector<std::vector<std::size_t>> successors;
    std::vector<std::size_t> missing;   // predecessors not ended yet
};

struct Timing {
    double start = -1;
    double end = -1;
    double alone = 0;   // its duration alone on the platform (no other activity sharing a resource)
};

// The plan as core/simulation/simgrid_simulation.cpp writes it (docs/formats.md, "Simulation plans").
std::vector<Run> readPlan(const nlohmann::json& plan, const sg4::Engine& engine) {
    std::vector<sg4::Host*> hosts;
    // A host whose name is not UTF-8 was printed read as Latin-1 (main.cpp, PrintedNames): the plan names
    // it so.
    std::unordered_map<std::string, sg4::Host*> latin1Names;
    for (sg4::Host* host : engine.get_all_hosts())
        if (!hetsched::utf8::isValidUtf8(host->get_name()))
            latin1Names.emplace(hetsched::utf8::latin1ToUtf8(host->get_name()), host);
    for (const auto& name : plan.at("hosts")) {
        sg4::Host* host = engine.host_by_name_or_null(name.get<std::string>());
        if (host == nullptr) {
            const auto it = latin1Names.find(name.get<std::string>());
            if (it != latin1Names.end()) host = it->second;
        }
        if (host == nullptr) fail("the platform has no host named \"" + name.get<std::string>() + "\"");
        hosts.push_back(host);
    }
    std::vector<Run> runs;
    for (const auto& r : plan.at("runs")) {
        Run run;
        for (const auto& a : r.at("activities")) {
            PlannedActivity activity;
            activity.name = a.value("name", std::string());
            for (const auto& h : a.at("hosts")) {
                const auto index = h.get<std::size_t>();
                if (index >= hosts.size()) fail("activity \"" + activity.name + "\": host index out of range");
                activity.hosts.push_back(hosts[index]);
            }
            if (activity.hosts.empty()) fail("activity \"" + activity.name + "\" has no host");
            if (a.contains("flops")) {
                activity.flops = a.at("flops").get<std::vector<double>>();
                if (activity.flops.size() != activity.hosts.size())
                    fail("activity \"" + activity.name + "\": one flops amount per host expected");
            }
            if (a.contains("bytes"))
                for (const auto& e : a.at("bytes")) {
                    BytesEntry entry{e.at(0).get<std::size_t>(), e.at(1).get<std::size_t>(), e.at(2).get<double>()};
                    if (entry.from >= activity.hosts.size() || entry.to >= activity.hosts.size())
                        fail("activity \"" + activity.name + "\": bytes between hosts it does not list");
                    if (entry.bytes > 0) activity.bytes.push_back(entry);
                }
            run.activities.push_back(std::move(activity));
        }
        const std::size_t n = run.activities.size();
        run.successors.assign(n, {});
        run.missing.assign(n, 0);
        for (const auto& p : r.at("precedences")) {
            const auto before = p.at(0).get<std::size_t>();
            const auto after = p.at(1).get<std::size_t>();
            if (before >= n || after >= n || before == after) fail("a precedence names an unknown activity");
            run.successors[before].push_back(after);
            ++run.missing[after];
        }
        runs.push_back(std::move(run));
    }
    return runs;
}

// What ptask_L07 gives the activity when nothing else runs: the largest route latency among its
// transfers, then one rate for the whole activity, bounded by every link (the bytes crossing it) and
// every core (its flops; a host's cores together). Routes SimGrid cannot find end the run with a message.
double aloneSeconds(const PlannedActivity& a) {
    double latency = 0;
    std::map<const sg4::Link*, double> load;
    std::vector<sg4::Link*> route;
    for (const BytesEntry& e : a.bytes) {
        route.clear();
        double routeLatency = 0;
        const sg4::Host* from = a.hosts[e.from];
        const sg4::Host* to = a.hosts[e.to];
        if (!guardedRoute(from, to, route, routeLatency)) {
            if (from == to) continue;
            fail("SimGrid has no route from " + from->get_name() + " to " + to->get_name() + " (activity \"" +
                 a.name + "\")");
        }
        latency = std::max(latency, routeLatency);
        for (const sg4::Link* link : route) {
            double& l = load[link];
            l = link->get_sharing_policy() == sg4::Link::SharingPolicy::FATPIPE ? std::max(l, e.bytes) : l + e.bytes;
        }
    }
    double seconds = 0;
    for (const auto& [link, bytes] : load) seconds = std::max(seconds, bytes / link->get_bandwidth());
    std::map<const sg4::Host*, double> hostFlops;
    for (std::size_t i = 0; i < a.flops.size(); ++i) {
        if (a.flops[i] <= 0) continue;
        seconds = std::max(seconds, a.flops[i] / a.hosts[i]->get_speed());
        hostFlops[a.hosts[i]] += a.flops[i];
    }
    for (const auto& [host, flops] : hostFlops)
        seconds = std::max(seconds, flops / (host->get_speed() * host->get_core_count()));
    return seconds > 0 ? latency + seconds : 0;
}

}  // namespace

int runSimulation(const std::string& planFile) {
    nlohmann::json plan;
    {
        std::ifstream in(planFile, std::ios::binary);
        if (!in) fail(planFile + ": cannot open the plan");
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        plan = nlohmann::json::parse(text, nullptr, false);
        if (plan.is_discarded() || !plan.is_object()) fail(planFile + ": the plan is not JSON");
    }
    std::vector<std::string> options = simgridOptions({"--cfg=host/model:ptask_L07"});
    std::vector<char*> simgridArgv;
    for (std::string& o : options) simgridArgv.push_back(o.data());
    int simgridArgc = static_cast<int>(simgridArgv.size());
    simgridArgv.push_back(nullptr);
    installRouteGuard();
    try {
        sg4::Engine engine(&simgridArgc, simgridArgv.data());
        try {
            engine.load_platform(plan.at("platform").get<std::string>());
        } catch (const std::exception& e) {
            fail(std::string("SimGrid's parallel-task model (ptask_L07) cannot load this platform: ") + e.what());
        }
        std::vector<Run> runs = readPlan(plan, engine);
        plan = nlohmann::json();   // its DOM is several times the file: not kept through the simulation

        std::size_t total = 0, done = 0;
        for (const Run& r : runs) total += r.activities.size();
        const std::size_t reportEvery = std::max<std::size_t>(1, total / 200);
        auto reportProgress = [&] {
            std::fprintf(stderr, "progress %zu %zu\n", done, total);
            std::fflush(stderr);
        };

        Run* current = nullptr;
        std::vector<Timing> timings;
        // Started activities by address. An ended one is dropped at the next completion, not in its own
        // (SimGrid is still inside it then), so that only running transfers hold their bytes matrices.
        std::unordered_map<const sg4::Activity*, std::pair<std::size_t, sg4::ExecPtr>> running;
        std::vector<sg4::ExecPtr> ended;
        auto launch = [&](std::size_t k) {
            const PlannedActivity& a = current->activities[k];
            timings[k].alone = aloneSeconds(a);
            sg4::ExecPtr exec = sg4::Exec::init();
            exec->set_name(a.name);
            exec->set_hosts(a.hosts);
            const std::size_t n = a.hosts.size();
            exec->set_flops_amounts(a.flops.empty() ? std::vector<double>(n, 0.0) : a.flops);
            if (!a.bytes.empty()) {
                std::vector<double> matrix(n * n, 0.0);
                for (const BytesEntry& e : a.bytes) matrix[e.from * n + e.to] += e.bytes;
                exec->set_bytes_amounts(matrix);
            }
            running.emplace(exec.get(), std::pair(k, exec));
            exec->start();
        };
        sg4::Activity::on_completion_cb([&](const sg4::Activity& activity) {
            ended.clear();
            auto it = running.find(&activity);
            if (it == running.end() || current == nullptr) return;
            const std::size_t k = it->second.first;
            ended.push_back(std::move(it->second.second));
            running.erase(it);
            timings[k].start = activity.get_start_time();
            timings[k].end = activity.get_finish_time();
            if (++done % reportEvery == 0) reportProgress();
            for (std::size_t s : current->successors[k])
                if (--current->missing[s] == 0) launch(s);
        });

        nlohmann::json runsJson = nlohmann::json::array();
        for (Run& run : runs) {
            current = &run;
            timings.assign(run.activities.size(), Timing{});
            const double origin = engine.get_clock();
            for (std::size_t k = 0; k < run.activities.size(); ++k)
                if (run.missing[k] == 0) launch(k);
            engine.run();
            nlohmann::json start = nlohmann::json::array(), end = nlohmann::json::array(), alone = nlohmann::json::array();
            for (const Timing& t : timings) {
                if (t.end < 0) fail("the plan's precedences have a cycle: some activities never started");
                start.push_back(t.start - origin);
                end.push_back(t.end - origin);
                alone.push_back(t.alone);
            }
            runsJson.push_back({{"start", std::move(start)}, {"end", std::move(end)}, {"alone", std::move(alone)}});
            ended.clear();
            running.clear();
            reportProgress();
        }
        current = nullptr;
        const std::string version = std::to_string(SIMGRID_VERSION_MAJOR) + "." + std::to_string(SIMGRID_VERSION_MINOR) +
                                    "." + std::to_string(SIMGRID_VERSION_PATCH);
        const std::string text =
            nlohmann::json{{"simgrid_version", version}, {"model", "ptask_L07"}, {"runs", std::move(runsJson)}}.dump();
        std::fwrite(text.data(), 1, text.size(), stdout);
        std::fputc('\n', stdout);
    } catch (const nlohmann::json::exception& e) {
        fail(std::string("malformed plan: ") + e.what());
    } catch (const std::exception& e) {
        fail(e.what());
    } catch (...) {
        fail("SimGrid failed with an unknown exception");
    }
    return 0;
}

}  // namespace hetsched_simgrid
