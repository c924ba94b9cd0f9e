// A SimGrid platform seen as a master-worker star (see divisible_import.h).
#include "io/divisible_import.h"

#include <algorithm>
#include <filesystem>
#include <cmath>
#include <limits>
#include <map>

#include "io/cpugpu_import.h"
#include "io/graph_reader_util.h"
#include "io/instance_io.h"

namespace hetsched {

const OptionTable& divisibleImportOptionTable() {
    static const OptionTable table = [] {
        const DivisibleFromPlatformOptions d;
        OptionSpec master = OptionSpec::textList("master", "the master host (default: the platform's first host)", {}, {});
        master.optional = true;
        OptionSpec unitBytes = OptionSpec::number("unit-bytes", "bytes sent to a worker per unit of load", 0, d.unitBytes, 1e30);
        unitBytes.minimumExcluded = true;
        OptionSpec unitFlops = OptionSpec::number("unit-flops", "flops computed per unit of load", 0, d.unitFlops, 1e30);
        unitFlops.minimumExcluded = true;
        OptionSpec horizon = OptionSpec::number("horizon", "T: the load processed, results returned, by this time (s)", 0, d.horizon, 1e30);
        horizon.minimumExcluded = true;
        OptionSpec speed = OptionSpec::optionalNumber("worker-speed", "flop/s of each worker, for StarPU's bus files "
                                                      "(which give no speed)", 1e-6, 1e30);
        return OptionTable{master, unitBytes, unitFlops,
                           OptionSpec::number("return-bytes", "bytes of results sent back per unit (0: none)", 0, d.returnBytes, 1e30),
                           horizon, speed};
    }();
    return table;
}

Expected<DivisibleFromPlatformOptions> divisibleImportOptions(const OptionValues& values) {
    DivisibleFromPlatformOptions options;
    if (values.contains("master")) {
        const std::vector<std::string>& v = values.texts("master");
        if (v.size() != 1) return invalidInput("--master takes one host name");
        options.master = v.front();
    }
    options.unitBytes = values.number("unit-bytes");
    options.unitFlops = values.number("unit-flops");
    options.returnBytes = values.number("return-bytes");
    options.horizon = values.number("horizon");
    options.workerSpeed = values.numberIfSet("worker-speed");
    return options;
}

Expected<DivisibleImport> divisibleFromStarPuBus(std::string_view bandwidthText, int cudaDevices, double workerSpeed,
                                                 const DivisibleFromPlatformOptions& options) {
    // The matrix: one row of numbers (or nan) per source node.
    std::vector<std::vector<double>> rows;
    for (const graph_reader::NumberedLine& line : graph_reader::numberedLines(graph_reader::withoutByteOrderMark(bandwidthText))) {
        const std::string_view content = graph_reader::trimmed(line.text);
        if (content.empty() || content.starts_with("#")) continue;
        std::vector<double> row;
        for (std::string_view field : graph_reader::splitFields(content)) {
            const std::optional<double> v = graph_reader::parseNumber(field);
            if (!v || *v < 0) return invalidInput(graph_reader::linePrefix(line.number) + "expected a bandwidth in MB/s or nan, got " +
                                                  graph_reader::quoted(field));
            row.push_back(*v);
        }
        rows.push_back(std::move(row));
    }
    if (cudaDevices < 1) return invalidInput("the machine has no CUDA device: no worker");
    const auto k = static_cast<std::size_t>(cudaDevices);
    if (rows.size() <= k || rows[0].size() <= k)
        return invalidInput("the bandwidth matrix has " + std::to_string(rows.size()) + " rows: fewer than RAM and " +
                            std::to_string(k) + " CUDA devices");
    DivisibleImport result;
    result.instance.horizon = options.horizon;
    for (std::size_t i = 1; i <= k; ++i) {
        const double out = rows[0][i], back = i < rows.size() && !rows[i].empty() ? rows[i][0] : NAN;
        const std::string name = "CUDA" + std::to_string(i - 1);
        if (!(out > 0) || !std::isfinite(out))
            return invalidInput("no measured bandwidth from RAM (node 0) to " + name + " (node " + std::to_string(i) + ")");
        DivisibleWorker w;
        w.name = name;
        w.c = options.unitBytes / (out * 1e6);
        w.w = options.unitFlops / workerSpeed;
        if (options.returnBytes > 0) {
            if (!(back > 0) || !std::isfinite(back))
                return invalidInput("no measured bandwidth from " + name + " (node " + std::to_string(i) + ") back to RAM");
            w.d = options.returnBytes / (back * 1e6);
        }
        result.instance.workers.push_back(std::move(w));
    }
    result.notes.push_back("master RAM (node 0), workers the " + std::to_string(k) + " CUDA devices (nodes 1 to " + std::to_string(k) +
                           "); c and d from StarPU's measured bandwidths (MB/s), w = " + graph_reader::formatNumber(options.unitFlops) +
                           " flops / " + graph_reader::formatNumber(workerSpeed) + " flop/s (--worker-speed)");
    Expected<Instance> checked = instanceFromJson(instanceToJson(Instance{result.instance}));
    if (!checked) return invalidInput("StarPU's bus as a divisible-load instance: " + checked.error().message);
    return result;
}

Expected<DivisibleImport> divisibleFromSimGrid(const SimGridPlatform& p, const DivisibleFromPlatformOptions& options) {
    if (p.hosts.empty()) return invalidInput("the SimGrid platform has no host");
    std::size_t master = 0;
    if (options.master) {
        auto it = std::find_if(p.hosts.begin(), p.hosts.end(), [&](const SimGridHost& h) { return h.name == *options.master; });
        if (it == p.hosts.end()) {
            std::string known;
            for (std::size_t h = 0; h < std::min<std::size_t>(8, p.hosts.size()); ++h) known += (h ? ", " : "") + graph_reader::quoted(p.hosts[h].name);
            if (p.hosts.size() > 8) known += ", ... (" + std::to_string(p.hosts.size()) + " hosts)";
            return invalidInput("no host named " + graph_reader::quoted(*options.master) + " for the master (hosts: " + known + ")");
        }
        master = static_cast<std::size_t>(it - p.hosts.begin());
    }
    std::map<std::pair<std::size_t, std::size_t>, const SimGridRoute*> routes;
    for (const SimGridRoute& r : p.routes) routes.emplace(std::pair(r.from, r.to), &r);
    auto bottleneck = [&](const SimGridRoute& r) {
        double bw = std::numeric_limits<double>::infinity();
        for (std::size_t l : r.links) bw = std::min(bw, p.links[l].bandwidth);
        return bw;
    };

    DivisibleImport result;
    DivisibleInstance& in = result.instance;
    in.horizon = options.horizon;
    std::size_t unrouted = 0, noLink = 0;
    std::string unroutedExample;
    double largestLatency = 0;
    for (std::size_t h = 0; h < p.hosts.size(); ++h) {
        if (h == master) continue;
        auto out = routes.find({master, h});
        if (out == routes.end()) {
            if (unrouted++ == 0) unroutedExample = p.hosts[h].name;
            continue;
        }
        if (out->second->links.empty()) {
            ++noLink;
            continue;
        }
        if (!(p.hosts[h].speed > 0)) continue;
        DivisibleWorker w;
        w.name = p.hosts[h].name;
        w.c = options.unitBytes / bottleneck(*out->second);
        w.w = options.unitFlops / (p.hosts[h].speed * p.hosts[h].cores);
        largestLatency = std::max(largestLatency, out->second->latency);
        if (options.returnBytes > 0) {
            auto back = routes.find({h, master});
            const SimGridRoute* route = back != routes.end() && !back->second->links.empty() ? back->second : out->second;
            w.d = options.returnBytes / bottleneck(*route);
            largestLatency = std::max(largestLatency, route->latency);
        }
        in.workers.push_back(std::move(w));
    }
    if (in.workers.empty())
        return invalidInput("no worker: SimGrid has no route with a link from the master " + graph_reader::quoted(p.hosts[master].name) +
                            " to any other host with a positive speed");
    const std::string unit = "a unit of load is " + graph_reader::formatNumber(options.unitBytes) + " bytes sent, " +
                             graph_reader::formatNumber(options.unitFlops) + " flops" +
                             (options.returnBytes > 0 ? ", " + graph_reader::formatNumber(options.returnBytes) + " bytes returned" : std::string());
    result.notes.push_back("master " + graph_reader::quoted(p.hosts[master].name) + ", " + std::to_string(in.workers.size()) +
                           " workers; " + unit + "; c and d from the bottleneck bandwidths of SimGrid's routes, w from the hosts' "
                           "speeds times their cores; horizon T = " + graph_reader::formatNumber(options.horizon) + " s");
    if (unrouted > 0)
        result.notes.push_back(std::to_string(unrouted) + " hosts have no route from the master (e.g. " + graph_reader::quoted(unroutedExample) +
                               "): left out");
    if (noLink > 0) result.notes.push_back(std::to_string(noLink) + " hosts reached through no link (the master's own cores?): left out");
    if (largestLatency > 0)
        result.notes.push_back("route latencies (up to " + graph_reader::formatNumber(largestLatency) +
                               " s) are not part of the linear model: each message starts that much later in reality");
    Expected<Instance> checked = instanceFromJson(instanceToJson(Instance{in}));
    if (!checked) return invalidInput("SimGrid platform as a divisible-load instance: " + checked.error().message);
    result.notes.insert(result.notes.end(), p.notes.begin(), p.notes.end());
    return result;
}

Expected<DivisibleImport> importDivisibleFile(const std::string& path, const DivisibleFromPlatformOptions& options,
                                              const Progress& progress) {
    namespace fs = std::filesystem;
    const fs::path file(path);
    if (file.extension() == ".bandwidth") {
        if (!options.workerSpeed)
            return invalidInput(path + ": StarPU's bus files give no compute speed: give --worker-speed FLOP/S");
        fs::path config = file;
        config.replace_extension(".config");
        Expected<std::string> configText = readTextFile(config.string());
        if (!configText) return invalidInput(path + ": the machine's CUDA count comes from " + config.filename().string() +
                                             " beside it, which cannot be read");
        Expected<StarPuMachine> machine = readStarPuBusConfig(*configText);
        if (!machine) return Error{machine.error().kind, config.string() + ": " + machine.error().message};
        Expected<std::string> text = readTextFile(path);
        if (!text) return text.error();
        Expected<DivisibleImport> in = divisibleFromStarPuBus(*text, machine->cuda, *options.workerSpeed, options);
        if (!in) return Error{in.error().kind, path + ": " + in.error().message};
        in->notes.push_back(std::to_string(machine->cuda) + " CUDA devices from " + config.filename().string());
        // The measured latencies beside it, said (the linear model has none): RAM to each GPU and back.
        fs::path latency = file;
        latency.replace_extension(".latency");
        if (Expected<std::string> latencyText = readTextFile(latency.string())) {
            std::vector<std::vector<std::string>> cells;
            for (const graph_reader::NumberedLine& line : graph_reader::numberedLines(*latencyText)) {
                const std::string_view content = graph_reader::trimmed(line.text);
                if (content.empty() || content.starts_with("#")) continue;
                std::vector<std::string> row;
                for (std::string_view f : graph_reader::splitFields(content)) row.emplace_back(f);
                cells.push_back(std::move(row));
            }
            std::string out, back;
            for (std::size_t i = 1; i <= static_cast<std::size_t>(machine->cuda) && i < cells.size() && i < cells[0].size(); ++i) {
                char text[64];
                const std::optional<double> o = graph_reader::parseNumber(cells[0][i]), b = graph_reader::parseNumber(cells[i][0]);
                std::snprintf(text, sizeof text, "%s%.2f", out.empty() ? "" : " / ", o.value_or(NAN));
                out += text;
                std::snprintf(text, sizeof text, "%s%.2f", back.empty() ? "" : " / ", b.value_or(NAN));
                back += text;
            }
            if (!out.empty())
                in->notes.push_back("measured latencies (" + latency.filename().string() + ") " + out + " us out, " + back +
                                    " us back: not part of the linear model");
        }
        return in;
    }
    Expected<SimGridPlatform> platform = loadSimGridPlatform(path, progress);
    if (!platform) return platform.error();
    Expected<DivisibleImport> in = divisibleFromSimGrid(*platform, options);
    if (!in) return Error{in.error().kind, path + ": " + in.error().message};
    return in;
}

}  // namespace hetsched
