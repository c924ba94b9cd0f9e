// StarPU's files read into CPU/GPU instances: performance models (version 45 and 44), the bus
// configuration of a machine, recutils files (tasks.rec of starpu_fxt_tool, starpu_perfmodel_recdump).
#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>

#include "io/cpugpu_import.h"
#include "io/graph_reader_util.h"
#include "io/instance_io.h"

namespace hetsched {

namespace {

namespace fs = std::filesystem;
using graph_reader::linePrefix;
using graph_reader::trimmed;

// The data lines of a file: '#' starts a comment (StarPU's files comment whole lines and the ends of
// the bus configuration's lines), blank lines are skipped.
struct DataLine {
    std::size_t number = 0;
    std::string_view text;
    std::vector<std::string_view> fields;
};

std::vector<DataLine> dataLines(std::string_view text) {
    std::vector<DataLine> lines;
    for (const graph_reader::NumberedLine& line : graph_reader::numberedLines(graph_reader::withoutByteOrderMark(text))) {
        std::string_view content = line.text;
        if (const std::size_t hash = content.find('#'); hash != std::string_view::npos) content = content.substr(0, hash);
        content = trimmed(content);
        if (content.empty()) continue;
        lines.push_back({line.number, content, graph_reader::splitFields(content)});
    }
    return lines;
}

std::optional<std::int64_t> parseInteger(std::string_view text) {
    text = trimmed(text);
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

std::optional<std::uint64_t> parseHex(std::string_view text) {
    text = trimmed(text);
    if (text.starts_with("0x") || text.starts_with("0X")) text.remove_prefix(2);
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
    if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// StarPU writes "nan" and "inf" (%e); from_chars reads them too.
std::optional<double> parseReal(std::string_view text) { return graph_reader::parseNumber(text); }

struct PerfModelError {
    std::string message;
};

class LineCursor {
public:
    explicit LineCursor(std::vector<DataLine> lines) : m_lines(std::move(lines)) {}
    bool atEnd() const { return m_at >= m_lines.size(); }
    const DataLine& next(const std::string& what) {
        if (atEnd())
            throw PerfModelError{"the file ends where " + what + " was expected" +
                                 (m_lines.empty() ? std::string() : " (after line " + std::to_string(m_lines.back().number) + ")")};
        return m_lines[m_at++];
    }
    const DataLine* peek() const { return atEnd() ? nullptr : &m_lines[m_at]; }
    std::int64_t integer(const std::string& what, std::int64_t minimum, std::int64_t maximum) {
        const DataLine& line = next(what);
        const std::optional<std::int64_t> value = parseInteger(line.fields.front());
        if (line.fields.size() != 1 || !value || *value < minimum || *value > maximum)
            throw PerfModelError{linePrefix(line.number) + "expected " + what + " (an integer from " + std::to_string(minimum) +
                                 " to " + std::to_string(maximum) + "), got " + graph_reader::quoted(line.text)};
        return *value;
    }

private:
    std::vector<DataLine> m_lines;
    std::size_t m_at = 0;
};

StarPuHistoryEntry historyEntry(const DataLine& line) {
    // hash size flops mean dev sum sum2 n; files older than flops have 7 columns.
    const std::vector<std::string_view>& f = line.fields;
    if (f.size() != 8 && f.size() != 7)
        throw PerfModelError{linePrefix(line.number) + "expected a history row \"hash size flops mean dev sum sum2 n\" "
                             "(8 columns), got " + std::to_string(f.size()) + " columns"};
    const bool withFlops = f.size() == 8;
    StarPuHistoryEntry e;
    e.line = line.number;
    const std::optional<std::uint64_t> hash = parseHex(f[0]);
    if (!hash || *hash > 0xffffffffu)
        throw PerfModelError{linePrefix(line.number) + "the footprint must be a 32-bit hexadecimal hash, got " + graph_reader::quoted(f[0])};
    e.footprint = static_cast<std::uint32_t>(*hash);
    const std::optional<std::int64_t> size = parseInteger(f[1]);
    if (!size || *size < 0) throw PerfModelError{linePrefix(line.number) + "the size must be a number of bytes, got " + graph_reader::quoted(f[1])};
    e.sizeBytes = static_cast<std::uint64_t>(*size);
    const std::size_t m = withFlops ? 3 : 2;
    if (withFlops) {
        const std::optional<double> flops = parseReal(f[2]);
        if (!flops || (*flops < 0 && !std::isnan(*flops)))
            throw PerfModelError{linePrefix(line.number) + "flops must be a number >= 0 (or nan), got " + graph_reader::quoted(f[2])};
        e.flops = *flops;
    }
    const std::optional<double> mean = parseReal(f[m]), deviation = parseReal(f[m + 1]);
    if (!mean || !std::isfinite(*mean) || *mean < 0)
        throw PerfModelError{linePrefix(line.number) + "the mean time must be a number of microseconds >= 0, got " + graph_reader::quoted(f[m])};
    if (!deviation || *deviation < 0)
        throw PerfModelError{linePrefix(line.number) + "the deviation must be a number >= 0, got " + graph_reader::quoted(f[m + 1])};
    e.meanUs = *mean;
    e.deviationUs = *deviation;
    const std::optional<std::int64_t> samples = parseInteger(f[m + 4]);
    if (!samples || *samples < 0)
        throw PerfModelError{linePrefix(line.number) + "the sample count must be an integer >= 0, got " + graph_reader::quoted(f[m + 4])};
    e.samples = static_cast<std::uint64_t>(*samples);
    return e;
}

// One implementation's model: entry count, linear regression, non-linear regression, (multiple
// regression), history rows.
std::vector<StarPuHistoryEntry> readImplementation(LineCursor& cursor, int version) {
    const std::int64_t entries = cursor.integer("the number of entries", 0, 100'000'000);
    const DataLine& linear = cursor.next("the linear regression line");
    if (linear.fields.size() != 9)
        throw PerfModelError{linePrefix(linear.number) + "expected the regression line \"sumlnx sumlnx2 sumlny sumlnxlny "
                             "alpha beta n minx maxx\" (9 columns), got " + graph_reader::quoted(linear.text)};
    const DataLine& nonLinear = cursor.next("the non-linear regression line");
    if (nonLinear.fields.size() != 3)
        throw PerfModelError{linePrefix(nonLinear.number) + "expected the regression line \"a b c\" (3 columns), got " +
                             graph_reader::quoted(nonLinear.text)};
    // Version 45 always writes the multiple-regression coefficient count; version 44 only for such models,
    // recognised as a lone integer where a history row (8 columns) would be.
    const DataLine* count = cursor.peek();
    if (version >= 45 || (count != nullptr && count->fields.size() == 1 && entries > 0)) {
        const DataLine& line = cursor.next("the number of multiple-regression coefficients");
        const std::optional<std::int64_t> ncoeff = parseInteger(line.fields.front());
        if (!ncoeff || *ncoeff < 0 || *ncoeff > 10'000)
            throw PerfModelError{linePrefix(line.number) + "expected the number of multiple-regression coefficients, got " +
                                 graph_reader::quoted(line.text)};
        std::int64_t read = static_cast<std::int64_t>(line.fields.size()) - 1;
        while (read < *ncoeff) read += static_cast<std::int64_t>(cursor.next("the multiple-regression coefficients").fields.size());
    }
    std::vector<StarPuHistoryEntry> rows;
    rows.reserve(static_cast<std::size_t>(std::min<std::int64_t>(entries, 100'000)));
    for (std::int64_t i = 0; i < entries; ++i) rows.push_back(historyEntry(cursor.next("a history row")));
    return rows;
}

}  // namespace

Expected<StarPuPerfModel> readStarPuPerfModel(std::string_view text, const std::string& symbol) {
    LineCursor cursor(dataLines(text));
    StarPuPerfModel model;
    model.symbol = symbol;
    try {
        if (cursor.atEnd()) return invalidInput("empty performance model file");
        const DataLine& versionLine = cursor.next("the model version");
        const std::optional<std::int64_t> version = parseInteger(versionLine.fields.front());
        if (versionLine.fields.size() != 1 || !version)
            return invalidInput(linePrefix(versionLine.number) + "expected the performance model version, got " +
                                graph_reader::quoted(versionLine.text) + " (not a StarPU performance model?)");
        if (*version != 45 && *version != 44)
            return invalidInput(linePrefix(versionLine.number) + "performance model version " + std::to_string(*version) +
                                ": only versions 45 (StarPU 1.3 and later) and 44 are read; load the model with the "
                                "StarPU that wrote it and save it again with StarPU 1.3 or later");
        model.version = static_cast<int>(*version);
        const std::int64_t combinations = cursor.integer("the number of combinations", 0, 100'000);
        for (std::int64_t c = 0; c < combinations; ++c) {
            const std::int64_t devices = cursor.integer("the number of devices of a combination", 1, 1024);
            StarPuArchitecture arch;
            for (std::int64_t d = 0; d < devices; ++d) {
                const int type = static_cast<int>(cursor.integer("a device type", 0, 1000));
                const int id = static_cast<int>(cursor.integer("a device id", 0, 1'000'000));
                const int cores = static_cast<int>(cursor.integer("a number of cores", 0, 1'000'000));
                if (d == 0) arch = {type, id, cores, {}};
                else arch.deviceType = -1;   // a multi-device worker: kept, never matched as CPU or GPU
            }
            const std::int64_t implementations = cursor.integer("the number of implementations", 0, 1024);
            for (std::int64_t i = 0; i < implementations; ++i) {
                std::vector<StarPuHistoryEntry> rows = readImplementation(cursor, model.version);
                if (i == 0) arch.entries = std::move(rows);
            }
            model.architectures.push_back(std::move(arch));
        }
        if (const DataLine* extra = cursor.peek())
            return invalidInput(linePrefix(extra->number) + "unexpected " + graph_reader::quoted(extra->text) + " after the last combination");
    } catch (const PerfModelError& e) {
        return invalidInput(e.message);
    }
    return model;
}

Expected<StarPuMachine> readStarPuBusConfig(std::string_view text) {
    // "12 # Number of CPUs": each count on a line, named by its comment; files without comments in
    // StarPU's order (CPUs, CUDA, OpenCL, MIC).
    StarPuMachine machine;
    int* byPosition[] = {&machine.cpus, &machine.cuda, &machine.opencl, &machine.mic};
    std::size_t position = 0, read = 0;
    for (const graph_reader::NumberedLine& line : graph_reader::numberedLines(graph_reader::withoutByteOrderMark(text))) {
        std::string_view content = line.text;
        std::string comment;
        if (const std::size_t hash = content.find('#'); hash != std::string_view::npos) {
            comment = std::string(trimmed(content.substr(hash + 1)));
            content = content.substr(0, hash);
        }
        content = trimmed(content);
        if (content.empty()) continue;
        const std::optional<std::int64_t> value = parseInteger(content);
        if (!value || *value < 0 || *value > 1'000'000)
            return invalidInput(linePrefix(line.number) + "expected a device count, got " + graph_reader::quoted(content));
        std::string lower;
        for (char ch : comment) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        int* target = nullptr;
        if (lower.find("cpu") != std::string::npos) target = &machine.cpus;
        else if (lower.find("cuda") != std::string::npos) target = &machine.cuda;
        else if (lower.find("opencl") != std::string::npos) target = &machine.opencl;
        else if (lower.find("mic") != std::string::npos) target = &machine.mic;
        else if (comment.empty() && position < 4) target = byPosition[position];
        ++position;
        if (target) {
            *target = static_cast<int>(*value);
            ++read;
        }
    }
    if (read == 0) return invalidInput("no device count found (expected lines such as \"12 # Number of CPUs\")");
    return machine;
}

const std::string* RecRecord::field(std::string_view name) const {
    for (const auto& [key, value] : fields)
        if (key == name) return &value;
    return nullptr;
}

Expected<std::vector<RecRecord>> readRecFile(std::string_view text) {
    std::vector<RecRecord> records;
    std::string type;
    RecRecord current;
    bool open = false;
    auto close = [&] {
        if (open && !current.fields.empty()) records.push_back(std::move(current));
        current = RecRecord{};
        open = false;
    };
    for (const graph_reader::NumberedLine& line : graph_reader::numberedLines(graph_reader::withoutByteOrderMark(text))) {
        std::string_view content = line.text;
        if (!content.empty() && content.back() == '\r') content.remove_suffix(1);
        if (trimmed(content).empty()) {
            close();
            continue;
        }
        if (content.starts_with("#")) continue;
        if (content.starts_with("%")) {
            close();
            if (content.starts_with("%rec:")) type = std::string(trimmed(content.substr(5)));
            continue;   // other descriptor fields (%key, %type, ...) say nothing the readers use
        }
        if (content.starts_with("+")) {   // a continuation line of the previous field
            if (!open || current.fields.empty())
                return invalidInput(linePrefix(line.number) + "a continuation line (\"+\") without a field before it");
            std::string_view rest = content.substr(1);
            if (rest.starts_with(" ")) rest.remove_prefix(1);
            current.fields.back().second += "\n" + std::string(rest);
            continue;
        }
        const std::size_t colon = content.find(':');
        const std::string_view name = colon == std::string_view::npos ? std::string_view() : content.substr(0, colon);
        const bool validName = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
        });
        if (!validName) return invalidInput(linePrefix(line.number) + "expected \"Field: value\", got " + graph_reader::quoted(trimmed(content)));
        if (!open) {
            open = true;
            current.type = type;
            current.line = line.number;
        }
        current.fields.emplace_back(std::string(name), std::string(trimmed(content.substr(colon + 1))));
    }
    close();
    return records;
}

Expected<std::vector<StarPuTaskRecord>> readStarPuTasksRec(std::string_view text) {
    Expected<std::vector<RecRecord>> records = readRecFile(text);
    if (!records) return records.error();
    std::vector<StarPuTaskRecord> tasks;
    for (const RecRecord& r : *records) {
        const std::string* job = r.field("JobId");
        if (!job || r.field("Control")) continue;
        StarPuTaskRecord t;
        t.line = r.line;
        t.jobId = *job;
        if (const std::string* model = r.field("Model")) t.model = *model;
        if (const std::string* name = r.field("Name")) t.name = *name;
        if (t.name.empty()) t.name = t.model;
        const std::string at = linePrefix(r.line) + "task " + graph_reader::quoted(t.jobId) + ": ";
        if (const std::string* footprint = r.field("Footprint")) {
            const std::optional<std::uint64_t> hash = parseHex(*footprint);
            if (!hash || *hash > 0xffffffffu) return invalidInput(at + "Footprint must be a hexadecimal hash, got " + graph_reader::quoted(*footprint));
            t.footprint = static_cast<std::uint32_t>(*hash);
        }
        if (const std::string* worker = r.field("WorkerId")) {
            const std::optional<std::int64_t> id = parseInteger(*worker);
            if (!id || *id < -1 || *id > 1'000'000) return invalidInput(at + "WorkerId must be an integer, got " + graph_reader::quoted(*worker));
            t.workerId = static_cast<int>(*id);
        }
        auto real = [&](const char* field, std::optional<double>& into) -> std::optional<Error> {
            const std::string* value = r.field(field);
            if (!value) return std::nullopt;
            const std::optional<double> v = parseReal(*value);
            if (!v || !std::isfinite(*v)) return invalidInput(at + field + " must be a number, got " + graph_reader::quoted(*value));
            into = v;
            return std::nullopt;
        };
        for (auto [field, into] : {std::pair{"StartTime", &t.startTimeMs}, std::pair{"EndTime", &t.endTimeMs}, std::pair{"GFlop", &t.gflop}})
            if (auto problem = real(field, *into)) return *problem;
        if (const std::string* estimated = r.field("EstimatedTime")) {
            for (std::string_view value : graph_reader::splitFields(*estimated)) {
                const std::optional<double> v = parseReal(value);
                if (!v || *v < 0) return invalidInput(at + "EstimatedTime must list times >= 0 (or inf), got " + graph_reader::quoted(value));
                t.estimatedUs.push_back(*v);
            }
        }
        tasks.push_back(std::move(t));
    }
    return tasks;
}

Expected<std::vector<KernelCount>> parseKernelCounts(const std::vector<std::string>& entries) {
    std::vector<KernelCount> counts;
    for (const std::string& entry : entries) {
        const std::size_t equals = entry.rfind('=');
        const std::string what = "--counts entry " + graph_reader::quoted(entry);
        if (equals == std::string::npos || equals == 0) return invalidInput(what + ": expected SYMBOL[@FOOTPRINT]=N");
        const std::optional<std::int64_t> n = parseInteger(std::string_view(entry).substr(equals + 1));
        if (!n || *n < 0 || *n > 1'000'000) return invalidInput(what + ": N must be an integer from 0 to 1000000");
        KernelCount k;
        std::string kernel = entry.substr(0, equals);
        if (const std::size_t at = kernel.find('@'); at != std::string::npos) {
            k.footprint = kernel.substr(at + 1);
            kernel.resize(at);
            if (k.footprint->empty()) return invalidInput(what + ": nothing after '@' (a footprint hash or a size in bytes)");
        }
        if (kernel.empty()) return invalidInput(what + ": no symbol before the count");
        k.symbol = kernel;
        k.count = *n;
        counts.push_back(std::move(k));
    }
    return counts;
}

// ---------------------------------------------------------------------------------------------------
// The import: kernels measured per device kind, then the task list.

namespace {

std::string hex8(std::uint32_t footprint) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%08x", footprint);
    return buffer;
}

std::string showUs(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", v);
    return buffer;
}

// A kernel: one footprint of one symbol, its times per kind of device.
struct Kernel {
    std::string symbol;
    std::uint32_t footprint = 0;
    std::uint64_t sizeBytes = 0;
    double flops = 0;
    std::vector<double> cpuUs;                 // per CPU device id (usually one: CPU0)
    std::map<int, double> cudaUs;              // per CUDA device id
    std::string source;                        // the file it came from
};

struct Catalogue {
    std::map<std::pair<std::string, std::uint32_t>, Kernel> kernels;
    std::map<std::string, std::string> symbolSource;
    std::set<int> otherTypesIgnored;           // OpenCL, MIC, ... rows seen and not used
    std::size_t multiCoreIgnored = 0;          // CPU combinations of several cores (parallel workers)
    int version = 0;
};

void addModel(Catalogue& catalogue, const StarPuPerfModel& model, const std::string& source) {
    catalogue.symbolSource[model.symbol] = source;
    catalogue.version = std::max(catalogue.version, model.version);
    for (const StarPuArchitecture& arch : model.architectures) {
        const bool cpu = arch.deviceType == static_cast<int>(StarPuDeviceType::Cpu);
        const bool cuda = arch.deviceType == static_cast<int>(StarPuDeviceType::Cuda);
        if (cpu && arch.cores > 1) {
            catalogue.multiCoreIgnored += arch.entries.empty() ? 0 : 1;
            continue;
        }
        if (!cpu && !cuda) {
            if (!arch.entries.empty()) catalogue.otherTypesIgnored.insert(arch.deviceType);
            continue;
        }
        for (const StarPuHistoryEntry& e : arch.entries) {
            if (e.samples == 0 || !(e.meanUs > 0)) continue;   // a row never measured
            Kernel& k = catalogue.kernels[{model.symbol, e.footprint}];
            k.symbol = model.symbol;
            k.footprint = e.footprint;
            k.sizeBytes = e.sizeBytes;
            if (std::isfinite(e.flops) && e.flops > 0) k.flops = e.flops;
            k.source = source;
            if (cpu) k.cpuUs.push_back(e.meanUs);
            else k.cudaUs[arch.deviceId] = e.meanUs;
        }
    }
}

// starpu_perfmodel_recdump: "%rec: timing" records (Model, Architecture cpu0/cuda1/..., Footprint, Size,
// Flops, Mean) and "%rec: worker_count" (Architecture, NbWorkers).
Expected<std::optional<StarPuMachine>> addRecDump(Catalogue& catalogue, std::string_view text, const std::string& source) {
    Expected<std::vector<RecRecord>> records = readRecFile(text);
    if (!records) return Error{records.error().kind, source + ": " + records.error().message};
    std::map<std::string, StarPuPerfModel> models;
    StarPuMachine machine;
    bool sawWorkers = false;
    std::set<std::string> cudaArchitectures;
    for (const RecRecord& r : *records) {
        const std::string* arch = r.field("Architecture");
        if (!arch) continue;
        int type = -1;
        std::string_view name = *arch;
        for (auto [prefix, t] : {std::pair{"cpu", 0}, std::pair{"cuda", 1}, std::pair{"opencl", 2}, std::pair{"mic", 3}})
            if (name.starts_with(prefix)) {
                type = t;
                name.remove_prefix(std::strlen(prefix));
                break;
            }
        const std::optional<std::int64_t> id = parseInteger(name.substr(0, name.find('_')));
        const std::string at = source + ": " + linePrefix(r.line);
        if (r.type == "worker_count") {
            const std::string* workers = r.field("NbWorkers");
            const std::optional<std::int64_t> n = workers ? parseInteger(*workers) : std::nullopt;
            if (!n || *n < 0) return invalidInput(at + "NbWorkers must be an integer >= 0");
            sawWorkers = true;
            if (type == 0) machine.cpus += static_cast<int>(*n);
            if (type == 1) machine.cuda += static_cast<int>(*n);
            if (type == 2) machine.opencl += static_cast<int>(*n);
            continue;
        }
        const std::string* symbol = r.field("Model");
        if (!symbol) continue;
        if (type < 0 || !id) return invalidInput(at + "unknown Architecture " + graph_reader::quoted(*arch) + " (expected cpu0, cuda0, ...)");
        StarPuHistoryEntry e;
        e.line = r.line;
        const std::string* footprint = r.field("Footprint");
        const std::optional<std::uint64_t> hash = footprint ? parseHex(*footprint) : std::nullopt;
        if (!hash || *hash > 0xffffffffu) return invalidInput(at + "Footprint must be a hexadecimal hash");
        e.footprint = static_cast<std::uint32_t>(*hash);
        if (const std::string* size = r.field("Size"))
            if (auto v = parseInteger(*size); v && *v >= 0) e.sizeBytes = static_cast<std::uint64_t>(*v);
        if (const std::string* flops = r.field("Flops"))
            if (auto v = parseReal(*flops)) e.flops = *v;
        const std::string* mean = r.field("Mean");
        const std::optional<double> meanUs = mean ? parseReal(*mean) : std::nullopt;
        if (!meanUs || !std::isfinite(*meanUs) || *meanUs < 0) return invalidInput(at + "Mean must be a time in microseconds >= 0");
        e.meanUs = *meanUs;
        e.samples = 1;
        if (const std::string* samples = r.field("Samples"))
            if (auto v = parseInteger(*samples); v && *v >= 0) e.samples = static_cast<std::uint64_t>(*v);
        StarPuPerfModel& model = models[*symbol];
        model.symbol = *symbol;
        auto found = std::find_if(model.architectures.begin(), model.architectures.end(),
                                  [&](const StarPuArchitecture& a) { return a.deviceType == type && a.deviceId == *id; });
        if (found == model.architectures.end()) {
            model.architectures.push_back({type, static_cast<int>(*id), 1, {}});
            found = std::prev(model.architectures.end());
        }
        found->entries.push_back(e);
    }
    if (models.empty()) return invalidInput(source + ": no \"%rec: timing\" record with a Model (not a starpu_perfmodel_recdump file?)");
    for (const auto& [symbol, model] : models) addModel(catalogue, model, source);
    if (!sawWorkers) return std::optional<StarPuMachine>();
    return std::optional<StarPuMachine>(machine);
}

std::string readableList(const std::vector<std::string>& items, std::size_t most = 8) {
    std::string text;
    for (std::size_t i = 0; i < std::min(most, items.size()); ++i) text += (i ? ", " : "") + items[i];
    if (items.size() > most) text += ", ... (" + std::to_string(items.size()) + ")";
    return text;
}

std::string kernelName(const Kernel& k) { return k.symbol + "@" + hex8(k.footprint); }

std::string describeFootprints(const Catalogue& catalogue, const std::string& symbol) {
    std::vector<std::string> items;
    for (const auto& [key, k] : catalogue.kernels)
        if (key.first == symbol) items.push_back(hex8(k.footprint) + " (" + std::to_string(k.sizeBytes) + " bytes)");
    return readableList(items, 20);
}

bool fileNameEndsWithHost(const fs::path& file, const std::string& host) {
    const std::string name = file.filename().string();
    return name.size() > host.size() + 1 && name.ends_with("." + host);
}

}  // namespace

const OptionTable& cpuGpuImportOptionTable() {
    static const OptionTable table = [] {
        OptionSpec host = OptionSpec::textList("host", "the machine whose models are read (SYMBOL.HOST, HOST.config); "
                                               "from a model file's name when unset", {}, {});
        host.optional = true;
        OptionSpec counts = OptionSpec::textList("counts", "tasks per kernel, SYMBOL[@FOOTPRINT]=N,... (FOOTPRINT: the hash "
                                                 "or the size in bytes); unset: one task per measured kernel", {}, {});
        counts.optional = true;
        OptionSpec tasks = OptionSpec::textList("tasks", "a run's tasks.rec (starpu_fxt_tool): its tasks, their "
                                                "footprints looked up in the models", {}, {});
        tasks.optional = true;
        OptionSpec cpus = OptionSpec::integer("cpus", "m, the CPUs (default: HOST.config's)", 0, 1, 10'000);
        cpus.optional = true;
        OptionSpec gpus = OptionSpec::integer("gpus", "k, the GPUs (default: HOST.config's CUDA devices)", 0, 1, 10'000);
        gpus.optional = true;
        return OptionTable{
            host, counts, tasks, cpus, gpus,
            OptionSpec::flag("reserve-cpu-per-gpu", "m = CPUs - GPUs: one core drives each GPU (StarPU's default "
                             "with CUDA); off: every core counts", false),
            OptionSpec::flag("keep-one-sided", "keep a kernel measured on one kind of device only, on that kind "
                             "(off: such a kernel is refused)", false),
        };
    }();
    return table;
}

Expected<CpuGpuImportOptions> cpuGpuImportOptions(const OptionValues& values) {
    CpuGpuImportOptions options;
    auto single = [&](const char* name) -> Expected<std::optional<std::string>> {
        if (!values.contains(name)) return std::optional<std::string>();
        const std::vector<std::string>& v = values.texts(name);
        if (v.size() != 1) return invalidInput(std::string("option ") + name + " takes one value, got " + std::to_string(v.size()));
        return std::optional<std::string>(v.front());
    };
    Expected<std::optional<std::string>> host = single("host");
    if (!host) return host.error();
    options.host = *host;
    Expected<std::optional<std::string>> tasks = single("tasks");
    if (!tasks) return tasks.error();
    options.tasksFile = *tasks;
    if (values.contains("counts")) {
        Expected<std::vector<KernelCount>> counts = parseKernelCounts(values.texts("counts"));
        if (!counts) return counts.error();
        options.counts = std::move(*counts);
    }
    if (options.tasksFile && !options.counts.empty()) return invalidInput("give the tasks by --counts or by --tasks, not both");
    if (values.contains("cpus")) options.cpus = static_cast<int>(values.integer("cpus"));
    if (values.contains("gpus")) options.gpus = static_cast<int>(values.integer("gpus"));
    options.reserveCpuPerGpu = values.flag("reserve-cpu-per-gpu");
    options.keepOneSided = values.flag("keep-one-sided");
    return options;
}

Expected<CpuGpuImport> importStarPuModels(const std::vector<std::string>& paths, const CpuGpuImportOptions& options) {
    if (paths.empty()) return invalidInput("no StarPU model given (a sampling directory, SYMBOL.HOST files or a .rec dump)");
    Catalogue catalogue;
    std::optional<std::string> host = options.host;
    std::optional<StarPuMachine> machine;
    std::string machineSource;
    std::vector<fs::path> configCandidates;
    std::vector<std::string> readFrom;

    auto readModelFile = [&](const fs::path& file, const std::string& symbol) -> std::optional<Error> {
        Expected<std::string> text = readTextFile(file.string());
        if (!text) return text.error();
        Expected<StarPuPerfModel> model = readStarPuPerfModel(*text, symbol);
        if (!model) return Error{model.error().kind, file.string() + ": " + model.error().message};
        addModel(catalogue, *model, file.filename().string());
        return std::nullopt;
    };

    for (const std::string& pathText : paths) {
        const fs::path path(pathText);
        std::error_code ec;
        if (fs::is_directory(path, ec)) {
            if (!host) return invalidInput(pathText + ": a directory of models needs --host (the machine name of SYMBOL.HOST)");
            // $STARPU_PERF_MODEL_DIR, its sampling/, sampling/codelets, or codelets/45 itself.
            std::optional<fs::path> codelets;
            for (const fs::path& candidate : {path / "sampling" / "codelets" / "45", path / "codelets" / "45", path / "45", path,
                                              path / "sampling" / "codelets" / "44", path / "codelets" / "44", path / "44"}) {
                if (!fs::is_directory(candidate, ec)) continue;
                bool any = false;
                for (const auto& entry : fs::directory_iterator(candidate, ec))
                    any = any || (entry.is_regular_file() && fileNameEndsWithHost(entry.path(), *host));
                if (any) {
                    codelets = candidate;
                    break;
                }
            }
            if (!codelets)
                return invalidInput(pathText + ": no model of host " + graph_reader::quoted(*host) +
                                    " (files SYMBOL." + *host + " under sampling/codelets/45)");
            std::vector<fs::path> files;
            for (const auto& entry : fs::directory_iterator(*codelets, ec))
                if (entry.is_regular_file() && fileNameEndsWithHost(entry.path(), *host)) files.push_back(entry.path());
            std::sort(files.begin(), files.end());
            for (const fs::path& file : files) {
                const std::string name = file.filename().string();
                if (auto problem = readModelFile(file, name.substr(0, name.size() - host->size() - 1))) return *problem;
            }
            readFrom.push_back(std::to_string(files.size()) + " model" + (files.size() == 1 ? "" : "s") + " of " +
                               *host + " in " + codelets->string());
            for (const fs::path& bus : {path / "sampling" / "bus", path / "bus", path / ".." / "bus", path / ".." / ".." / "bus"})
                configCandidates.push_back(bus / (*host + ".config"));
            continue;
        }
        Expected<std::string> text = readTextFile(pathText);
        if (!text) return text.error();
        if (text->find("%rec:") != std::string::npos) {
            Expected<std::optional<StarPuMachine>> workers = addRecDump(catalogue, *text, path.filename().string());
            if (!workers) return workers.error();
            if (*workers && !machine) {
                machine = **workers;
                machineSource = path.filename().string() + " (its worker_count records)";
            }
            readFrom.push_back("the starpu_perfmodel_recdump file " + path.filename().string());
            continue;
        }
        const std::string name = path.filename().string();
        std::string symbol = name;
        if (host && fileNameEndsWithHost(path, *host)) {
            symbol = name.substr(0, name.size() - host->size() - 1);
        } else if (!host) {
            const std::size_t dot = name.rfind('.');
            if (dot == std::string::npos || dot == 0 || dot + 1 == name.size())
                return invalidInput(pathText + ": a model file is named SYMBOL.HOST; give --host for a file named otherwise");
            host = name.substr(dot + 1);
            symbol = name.substr(0, dot);
        }
        if (auto problem = readModelFile(path, symbol)) return *problem;
        readFrom.push_back(name);
        configCandidates.push_back(path.parent_path() / ".." / ".." / "bus" / (*host + ".config"));
    }
    if (catalogue.kernels.empty()) return invalidInput("the models hold no measured time (every history table is empty)");

    // The machine: HOST.config beside the models, else the dump's workers, else the flags.
    if (host) {
        for (const fs::path& candidate : configCandidates) {
            std::error_code ec;
            if (!fs::is_regular_file(candidate, ec)) continue;
            Expected<std::string> text = readTextFile(candidate.string());
            if (!text) return text.error();
            Expected<StarPuMachine> config = readStarPuBusConfig(*text);
            if (!config) return Error{config.error().kind, candidate.string() + ": " + config.error().message};
            machine = *config;
            machineSource = candidate.lexically_normal().filename().string();
            break;
        }
    }

    // The kernels with both times; the summary's spread of the CUDA devices.
    CpuGpuImport result;
    result.format = "StarPU performance models" + (catalogue.version ? " (version " + std::to_string(catalogue.version) + ")" : std::string()) +
                    (host ? ", host " + *host : std::string());
    result.notes.push_back("read " + readableList(readFrom) + "; times in microseconds, as StarPU measures them");
    struct Times {
        double cpu = 0, gpu = 0;
        bool cpuMeasured = false, gpuMeasured = false;
    };
    std::map<std::pair<std::string, std::uint32_t>, Times> times;
    double widestSpread = 0;
    std::string widestExample;
    std::size_t onlyCpu = 0, onlyGpu = 0;
    for (const auto& [key, k] : catalogue.kernels) {
        Times t;
        if (!k.cpuUs.empty()) {
            double sum = 0;
            for (double v : k.cpuUs) sum += v;
            t.cpu = sum / static_cast<double>(k.cpuUs.size());
            t.cpuMeasured = true;
        }
        if (!k.cudaUs.empty()) {
            double sum = 0, lo = INFINITY, hi = 0;
            for (const auto& [id, v] : k.cudaUs) {
                sum += v;
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
            t.gpu = sum / static_cast<double>(k.cudaUs.size());
            t.gpuMeasured = true;
            if (k.cudaUs.size() > 1 && (hi - lo) / t.gpu > widestSpread) {
                widestSpread = (hi - lo) / t.gpu;
                widestExample = kernelName(k) + ": " + showUs(lo) + " to " + showUs(hi) + " us over " +
                                std::to_string(k.cudaUs.size()) + " CUDA devices";
            }
        }
        times[key] = t;
    }
    if (widestSpread > 0) {
        char percent[32];
        std::snprintf(percent, sizeof percent, "%.0f%%", widestSpread * 100);
        result.notes.push_back(std::string("GPU time: the mean over the CUDA devices, which differ by up to ") + percent +
                               " of it (" + widestExample + ")");
    }
    if (!catalogue.otherTypesIgnored.empty()) {
        std::string kinds;
        for (int type : catalogue.otherTypesIgnored)
            kinds += std::string(kinds.empty() ? "" : ", ") + (type == 2 ? "OpenCL" : type == 3 ? "MIC" : "type " + std::to_string(type));
        result.notes.push_back("rows of " + kinds + " devices not used (OpenCL devices are the CUDA GPUs again)");
    }
    if (catalogue.multiCoreIgnored > 0)
        result.notes.push_back(std::to_string(catalogue.multiCoreIgnored) + " CPU combinations of several cores (parallel workers) not used: the CPU time is one core's");

    // Each task's times, refusing (or keeping on one side) a kernel measured on one kind only.
    std::optional<Error> oneSidedError;
    auto timesOf = [&](const Kernel& k, CpuGpuTask& task) -> bool {
        const Times& t = times.at({k.symbol, k.footprint});
        if (t.cpuMeasured && t.gpuMeasured) {
            task.cpu = t.cpu;
            task.gpu = t.gpu;
            return true;
        }
        if (!options.keepOneSided) {
            if (!oneSidedError)
                oneSidedError = invalidInput(kernelName(k) + " (" + k.source + ") has no " + (t.cpuMeasured ? "GPU (CUDA)" : "CPU") +
                                             " time: it ran on " + (t.cpuMeasured ? "CPUs" : "GPUs") +
                                             " only; --keep-one-sided keeps such kernels on that kind of device");
            return false;
        }
        task.cpu = t.cpuMeasured ? t.cpu : kUnmeasuredTimeUs;
        task.gpu = t.gpuMeasured ? t.gpu : kUnmeasuredTimeUs;
        ++(t.cpuMeasured ? onlyCpu : onlyGpu);
        return true;
    };
    auto symbolKnown = [&](const std::string& symbol) { return catalogue.symbolSource.count(symbol) > 0; };
    auto knownSymbols = [&] {
        std::vector<std::string> names;
        for (const auto& [symbol, source] : catalogue.symbolSource) names.push_back(symbol);
        return readableList(names, 20);
    };
    CpuGpuInstance& in = result.instance;
    in.epsilon = options.epsilon;
    const bool anyGpu = std::any_of(times.begin(), times.end(), [](const auto& t) { return t.second.gpuMeasured; });
    const bool anyCpu = std::any_of(times.begin(), times.end(), [](const auto& t) { return t.second.cpuMeasured; });
    if ((!anyGpu || !anyCpu) && !options.keepOneSided) {
        std::vector<std::string> names;
        for (const auto& [symbol, source] : catalogue.symbolSource) names.push_back(symbol);
        return invalidInput(std::string("no ") + (anyGpu ? "CPU" : "GPU (CUDA)") + " time is present in the models (" +
                            readableList(names) + " ran on " + (anyGpu ? "GPUs" : "CPUs") + " only): a CPU/GPU instance "
                            "needs both; --keep-one-sided imports them on that kind of device only");
    }

    if (options.tasksFile) {
        Expected<std::string> text = readTextFile(*options.tasksFile);
        if (!text) return text.error();
        Expected<std::vector<StarPuTaskRecord>> records = readStarPuTasksRec(*text);
        if (!records) return Error{records.error().kind, *options.tasksFile + ": " + records.error().message};
        std::size_t withoutModel = 0, fromEstimates = 0;
        const std::string rec = fs::path(*options.tasksFile).filename().string();
        for (const StarPuTaskRecord& r : *records) {
            const std::string at = *options.tasksFile + ": " + linePrefix(r.line) + "task " + graph_reader::quoted(r.jobId);
            if (r.model.empty()) {
                ++withoutModel;
                continue;
            }
            CpuGpuTask task;
            task.name = (r.name.empty() ? r.model : r.name) + "#" + r.jobId;
            auto kernel = r.footprint ? catalogue.kernels.find({r.model, *r.footprint}) : catalogue.kernels.end();
            if (kernel != catalogue.kernels.end()) {
                if (!timesOf(kernel->second, task)) return *oneSidedError;
            } else if (!r.estimatedUs.empty() && machine && machine->cuda > 0) {
                // starpu_tasks_rec_complete's estimates, one per worker in StarPU's order: CUDA workers first,
                // then OpenCL and MIC ones, the CPU workers last.
                const std::size_t accelerators = static_cast<std::size_t>(machine->cuda + machine->opencl + machine->mic);
                double gpu = 0, cpu = 0;
                std::size_t gpus = 0, cpus = 0;
                for (std::size_t w = 0; w < r.estimatedUs.size(); ++w) {
                    const double v = r.estimatedUs[w];
                    if (!std::isfinite(v) || v <= 0) continue;
                    if (w < static_cast<std::size_t>(machine->cuda)) gpu += v, ++gpus;
                    else if (w >= accelerators) cpu += v, ++cpus;
                }
                if (gpus == 0 || cpus == 0)
                    return invalidInput(at + ": kernel " + r.model + (r.footprint ? "@" + hex8(*r.footprint) : "") +
                                        " is in no model given and its EstimatedTime has no " + (gpus == 0 ? "GPU" : "CPU") + " estimate");
                task.cpu = cpu / static_cast<double>(cpus);
                task.gpu = gpu / static_cast<double>(gpus);
                ++fromEstimates;
            } else if (!symbolKnown(r.model)) {
                return invalidInput(at + ": no model of " + graph_reader::quoted(r.model) + " was given (models: " + knownSymbols() + ")");
            } else {
                return invalidInput(at + ": " + r.model + " has no measure of footprint " +
                                    (r.footprint ? hex8(*r.footprint) : std::string("(none given)")) +
                                    " (measured: " + describeFootprints(catalogue, r.model) + ")");
            }
            in.tasks.push_back(std::move(task));
        }
        if (in.tasks.empty()) return invalidInput(*options.tasksFile + ": no task with a Model field (tasks.rec of starpu_fxt_tool?)");
        result.notes.push_back(std::to_string(in.tasks.size()) + " tasks from " + rec + " (Model and Footprint looked up in the models)");
        if (fromEstimates > 0)
            result.notes.push_back(std::to_string(fromEstimates) + " of them not in the models: times from their EstimatedTime "
                                   "(CUDA workers first, CPU workers last, as StarPU numbers workers)");
        if (withoutModel > 0)
            result.notes.push_back(std::to_string(withoutModel) + " records of " + rec + " without a Model (no performance model) skipped");
    } else if (!options.counts.empty()) {
        std::vector<std::string> summary;
        for (const KernelCount& count : options.counts) {
            if (!symbolKnown(count.symbol))
                return invalidInput("--counts: no model of " + graph_reader::quoted(count.symbol) + " was read (models: " + knownSymbols() + ")");
            std::vector<const Kernel*> matches;
            for (const auto& [key, k] : catalogue.kernels) {
                if (key.first != count.symbol) continue;
                if (!count.footprint) {
                    matches.push_back(&k);
                    continue;
                }
                const std::optional<std::int64_t> size = parseInteger(*count.footprint);
                const std::optional<std::uint64_t> hash = parseHex(*count.footprint);
                if ((size && static_cast<std::uint64_t>(*size) == k.sizeBytes) || (hash && *hash == k.footprint)) matches.push_back(&k);
            }
            if (matches.empty())
                return invalidInput("--counts: " + count.symbol + " has no footprint " + graph_reader::quoted(*count.footprint) +
                                    " (measured: " + describeFootprints(catalogue, count.symbol) + ")");
            if (matches.size() > 1)
                return invalidInput("--counts: " + count.symbol + (count.footprint ? "@" + *count.footprint : std::string()) +
                                    " names " + std::to_string(matches.size()) + " footprints; name one as " + count.symbol +
                                    "@HASH or @SIZE: " + describeFootprints(catalogue, count.symbol));
            const Kernel& k = *matches.front();
            for (std::int64_t i = 1; i <= count.count; ++i) {
                CpuGpuTask task;
                task.name = k.symbol + "#" + std::to_string(i);
                for (int n = 2; std::any_of(in.tasks.begin(), in.tasks.end(), [&](const CpuGpuTask& t) { return t.name == task.name; }); ++n)
                    task.name = kernelName(k) + "#" + std::to_string(i) + (n > 2 ? "." + std::to_string(n) : "");
                if (!timesOf(k, task)) return *oneSidedError;
                in.tasks.push_back(std::move(task));
            }
            summary.push_back(std::to_string(count.count) + " x " + kernelName(k) + " (" + std::to_string(k.sizeBytes) + " bytes)");
        }
        if (in.tasks.empty()) return invalidInput("--counts: every count is 0, no task");
        result.notes.push_back("tasks from --counts: " + readableList(summary, 20));
    } else {
        for (const auto& [key, k] : catalogue.kernels) {
            CpuGpuTask task;
            task.name = kernelName(k);
            if (!timesOf(k, task)) return *oneSidedError;
            in.tasks.push_back(std::move(task));
        }
        result.notes.push_back("one task per measured kernel and footprint (" + std::to_string(in.tasks.size()) +
                               " tasks): --counts SYMBOL[@FOOTPRINT]=N or --tasks tasks.rec say how many of each");
    }
    if (onlyCpu + onlyGpu > 0)
        result.notes.push_back(std::to_string(onlyCpu + onlyGpu) + " tasks measured on one kind of device only (--keep-one-sided): "
                               "their time on the other kind is 1e12 us, so they stay on the kind that ran them");

    // The processors.
    if (!machine && (!options.cpus || !options.gpus))
        return invalidInput(std::string("no ") + (host ? *host + ".config" : "HOST.config") +
                            " found beside the models (sampling/bus/): give --cpus and --gpus");
    std::string processors;
    if (machine) {
        int m = machine->cpus - (options.reserveCpuPerGpu ? machine->cuda : 0);
        if (m < 0) m = 0;
        processors = "m = " + std::to_string(m) + " CPUs and k = " + std::to_string(machine->cuda) + " GPUs from " + machineSource +
                     " (" + std::to_string(machine->cpus) + " CPUs, " + std::to_string(machine->cuda) + " CUDA";
        if (machine->opencl > 0) processors += ", " + std::to_string(machine->opencl) + " OpenCL devices not counted: the same GPUs";
        processors += options.reserveCpuPerGpu ? "; one core reserved per GPU driver)" : "; no core reserved for the GPU drivers, --reserve-cpu-per-gpu reserves one each)";
        in.cpus = m;
        in.gpus = machine->cuda;
    }
    if (options.cpus || options.gpus) {
        if (options.cpus) in.cpus = *options.cpus;
        if (options.gpus) in.gpus = *options.gpus;
        processors = (processors.empty() ? std::string() : processors + "; ") + "overridden by the flags: m = " +
                     std::to_string(in.cpus) + ", k = " + std::to_string(in.gpus);
    }
    result.notes.push_back(processors);
    if (in.cpus == 0 && in.gpus == 0) return invalidInput("the machine has no CPU and no GPU (m = k = 0)");

    // Validated as an instance file is (ranges, names).
    Expected<Instance> checked = instanceFromJson(instanceToJson(Instance{in}));
    if (!checked) return invalidInput("the imported CPU/GPU instance: " + checked.error().message);
    return result;
}

}  // namespace hetsched
