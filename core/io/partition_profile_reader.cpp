// Measured cost profiles read into partition instances (see partition_profile_reader.h).
#include "io/partition_profile_reader.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "io/graph_reader_util.h"
#include "io/instance_io.h"
#include "io/json_reader.h"

namespace hetsched {

namespace {

using graph_reader::linePrefix;
using graph_reader::trimmed;

constexpr std::int64_t kMaxTableCounts = 10'000'000;   // step and measured fills build a table per device

std::string show(double v) { return graph_reader::formatNumber(v); }

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// A table of cells read from CSV or JSON, each row with its origin for messages.
struct Cell {
    std::string text;
    std::optional<double> number;
};
struct Row {
    std::string origin;   // "line 4" or "[3]"
    std::map<std::string, Cell> cells;
};
struct Table {
    std::vector<std::string> columns;   // in order
    std::vector<Row> rows;
};

// RFC 4180 fields: a quoted field may hold the delimiter and doubled quotes.
std::vector<std::string> csvFields(std::string_view line, char delimiter) {
    std::vector<std::string> fields;
    std::string field;
    bool inQuotes = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (inQuotes) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') field += '"', ++i;
            else if (c == '"') inQuotes = false;
            else field += c;
        } else if (c == '"') {
            inQuotes = true;
        } else if (c == delimiter) {
            fields.push_back(std::string(trimmed(field)));
            field.clear();
        } else {
            field += c;
        }
    }
    fields.push_back(std::string(trimmed(field)));
    return fields;
}

Expected<Table> csvTable(std::string_view text) {
    Table table;
    const std::vector<graph_reader::NumberedLine> lines = graph_reader::numberedLines(graph_reader::withoutByteOrderMark(text));
    std::size_t at = 0;
    while (at < lines.size() && (trimmed(lines[at].text).empty() || trimmed(lines[at].text).starts_with("#"))) ++at;
    if (at == lines.size()) return invalidInput("empty file: expected a header line naming the columns");
    const std::string_view header = lines[at].text;
    char delimiter = ',';
    std::size_t most = 0;
    for (char d : {',', ';', '\t'})
        if (const auto n = static_cast<std::size_t>(std::count(header.begin(), header.end(), d)); n > most) most = n, delimiter = d;
    table.columns = csvFields(header, delimiter);
    std::set<std::string> seen;
    for (const std::string& c : table.columns) {
        if (c.empty()) return invalidInput(linePrefix(lines[at].number) + "a column without a name in the header");
        if (!seen.insert(c).second) return invalidInput(linePrefix(lines[at].number) + "two columns named " + graph_reader::quoted(c));
    }
    for (++at; at < lines.size(); ++at) {
        const std::string_view content = trimmed(lines[at].text);
        if (content.empty() || content.starts_with("#")) continue;
        const std::vector<std::string> fields = csvFields(lines[at].text, delimiter);
        if (fields.size() != table.columns.size())
            return invalidInput(linePrefix(lines[at].number) + "expected " + std::to_string(table.columns.size()) +
                                " fields as the header, got " + std::to_string(fields.size()));
        Row row;
        row.origin = "line " + std::to_string(lines[at].number);
        for (std::size_t c = 0; c < fields.size(); ++c) row.cells[table.columns[c]] = {fields[c], graph_reader::parseNumber(fields[c])};
        table.rows.push_back(std::move(row));
    }
    if (table.rows.empty()) return invalidInput("no data line after the header");
    return table;
}

Expected<Table> jsonTable(std::string_view text) {
    // The bounded parse of every reader: a record's value is copied as text (dump), which recurses.
    nlohmann::json json;
    try {
        json = json_detail::parseJsonText(text);
    } catch (const json_detail::InputError& e) {
        return invalidInput(e.what());
    }
    const nlohmann::json* records = &json;
    std::string prefix;
    if (json.is_object()) {
        // {"devices": [...]} or any object holding one array of objects.
        records = nullptr;
        for (const auto& [key, value] : json.items())
            if (value.is_array() && !value.empty() && value.front().is_object()) {
                records = &value;
                prefix = key;
                break;
            }
        if (!records) return invalidInput("expected an array of device records (objects), or an object holding one");
    }
    if (!records->is_array() || records->empty()) return invalidInput("expected a non-empty array of device records");
    Table table;
    std::set<std::string> known;
    for (std::size_t i = 0; i < records->size(); ++i) {
        const nlohmann::json& r = (*records)[i];
        const std::string origin = prefix + "[" + std::to_string(i) + "]";
        if (!r.is_object()) return invalidInput(origin + ": expected an object (a device record)");
        Row row;
        row.origin = origin;
        for (const auto& [key, value] : r.items()) {
            if (known.insert(key).second) table.columns.push_back(key);
            if (value.is_number()) row.cells[key] = {value.dump(), value.get<double>()};
            else if (value.is_string()) row.cells[key] = {value.get<std::string>(), graph_reader::parseNumber(value.get<std::string>())};
            else row.cells[key] = {value.dump(), std::nullopt};
        }
        table.rows.push_back(std::move(row));
    }
    return table;
}

bool numericColumn(const Table& table, const std::string& column) {
    return std::all_of(table.rows.begin(), table.rows.end(), [&](const Row& r) {
        auto it = r.cells.find(column);
        return it != r.cells.end() && it->second.number && std::isfinite(*it->second.number);
    });
}

std::string columnList(const std::vector<std::string>& columns) {
    std::string text;
    for (const std::string& c : columns) text += (text.empty() ? "" : ", ") + graph_reader::quoted(c);
    return text;
}

std::string uniqueName(const std::string& name, std::map<std::string, int>& uses) {
    const int n = ++uses[name];
    return n == 1 ? name : name + " (" + std::to_string(n) + ")";
}

}  // namespace

const char* costFillName(CostFill fill) {
    switch (fill) {
        case CostFill::Linear: return "linear";
        case CostFill::Step: return "step";
        case CostFill::Measured: return "measured";
    }
    return "linear";
}

const OptionTable& partitionImportOptionTable() {
    static const OptionTable table = [] {
        OptionSpec tasks = OptionSpec::integer("tasks", "T, the identical tasks to distribute", 1, 1, 100'000'000);
        tasks.optional = true;
        OptionSpec name = OptionSpec::textList("name-column", "the column naming the device (default: the first text column)", {}, {});
        name.optional = true;
        OptionSpec cost = OptionSpec::textList("cost-column", "the column of the per-task cost (default: the first numeric "
                                               "column)", {}, {});
        cost.optional = true;
        return OptionTable{
            tasks, name, cost,
            OptionSpec::choice("fill", "long profiles (resource, tasks, cost): between measured counts, linear "
                               "interpolation, the next measured cost (step), or the measured counts only",
                               {"linear", "step", "measured"}, "linear"),
            OptionSpec::flag("drop-nonpositive", "drop devices whose cost is zero or negative (off: refused)", false),
            OptionSpec::choice("objective", "what the instance minimises", {"makespan", "total_cost"}, "makespan"),
        };
    }();
    return table;
}

Expected<PartitionProfileOptions> partitionImportOptions(const OptionValues& values) {
    PartitionProfileOptions options;
    if (!values.contains("tasks")) return invalidInput("--tasks T is required: the number of tasks to distribute");
    options.tasks = values.integer("tasks");
    for (auto [name, into] : {std::pair{"name-column", &options.nameColumn}, std::pair{"cost-column", &options.costColumn}}) {
        if (!values.contains(name)) continue;
        const std::vector<std::string>& v = values.texts(name);
        if (v.size() != 1) return invalidInput(std::string("--") + name + " takes one column name");
        *into = v.front();
    }
    const std::string& fill = values.text("fill");
    options.fill = fill == "step" ? CostFill::Step : fill == "measured" ? CostFill::Measured : CostFill::Linear;
    options.dropNonPositive = values.flag("drop-nonpositive");
    options.objective = values.text("objective") == "total_cost" ? PartitionObjective::TotalCost : PartitionObjective::Makespan;
    return options;
}

Expected<PartitionImport> readPartitionProfile(std::string_view text, const PartitionProfileOptions& options,
                                               const std::string& source) {
    const std::string in = source.empty() ? std::string() : source + ": ";
    if (options.tasks < 1) return invalidInput(in + "the number of tasks must be at least 1 (--tasks T)");
    const std::string_view head = trimmed(graph_reader::withoutByteOrderMark(text));
    const bool json = head.starts_with("[") || head.starts_with("{");
    Expected<Table> read = json ? jsonTable(head) : csvTable(text);
    if (!read) return Error{read.error().kind, in + read.error().message};
    const Table& table = *read;

    auto has = [&](const std::string& column) { return std::find(table.columns.begin(), table.columns.end(), column) != table.columns.end(); };
    // The name column: given, else the first column that is not numeric everywhere.
    std::optional<std::string> nameColumn = options.nameColumn;
    if (nameColumn && !has(*nameColumn))
        return invalidInput(in + "no column " + graph_reader::quoted(*nameColumn) + " (columns: " + columnList(table.columns) + ")");
    if (!nameColumn)
        for (const std::string& c : table.columns)
            if (!numericColumn(table, c)) {
                nameColumn = c;
                break;
            }
    // A long profile names a count column (tasks, count, n, x), else has three columns with repeated names.
    std::optional<std::string> countColumn;
    for (const std::string& c : table.columns) {
        const std::string l = lower(c);
        if (c != nameColumn && c != options.costColumn && (l == "tasks" || l == "count" || l == "n" || l == "x" ||
                                                           l == "number_of_tasks" || l == "ntasks") && numericColumn(table, c)) {
            countColumn = c;
            break;
        }
    }
    if (!countColumn && nameColumn && table.columns.size() == 3 && !json) {
        std::set<std::string> names;
        bool repeated = false;
        for (const Row& r : table.rows) repeated = repeated || !names.insert(r.cells.at(*nameColumn).text).second;
        const std::string& second = table.columns[1];
        if (repeated && second != *nameColumn && numericColumn(table, second)) countColumn = second;
    }
    std::vector<std::string> numeric;
    for (const std::string& c : table.columns)
        if (c != nameColumn && c != countColumn && numericColumn(table, c)) numeric.push_back(c);
    std::optional<std::string> costColumn = options.costColumn;
    if (costColumn && !has(*costColumn))
        return invalidInput(in + "no column " + graph_reader::quoted(*costColumn) + " (columns: " + columnList(table.columns) + ")");
    if (!costColumn) {
        if (numeric.empty()) return invalidInput(in + "no numeric column for the cost (columns: " + columnList(table.columns) + ")");
        costColumn = numeric.front();
    }

    PartitionImport result;
    PartitionInstance& instance = result.instance;
    instance.tasks = options.tasks;
    instance.objective = options.objective;
    std::map<std::string, int> uses;
    std::vector<std::string> dropped;

    auto costOf = [&](const Row& r, const std::string& device) -> Expected<std::optional<double>> {
        auto it = r.cells.find(*costColumn);
        if (it == r.cells.end() || !it->second.number || !std::isfinite(*it->second.number))
            return invalidInput(in + r.origin + ": device " + graph_reader::quoted(device) + ": " + graph_reader::quoted(*costColumn) + " must be a number, got " +
                                graph_reader::quoted(it == r.cells.end() ? std::string("nothing") : it->second.text));
        const double cost = *it->second.number;
        if (cost <= 0) {
            if (!options.dropNonPositive)
                return invalidInput(in + r.origin + ": device " + graph_reader::quoted(device) + " has a cost of " + show(cost) +
                                    " (costs must be positive; --drop-nonpositive drops such devices)");
            return std::optional<double>();
        }
        return std::optional<double>(cost);
    };
    auto nameOf = [&](const Row& r, std::size_t index) {
        if (!nameColumn) return "device " + std::to_string(index + 1);
        auto it = r.cells.find(*nameColumn);
        return it == r.cells.end() || it->second.text.empty() ? "device " + std::to_string(index + 1) : it->second.text;
    };

    if (!countColumn) {
        // One row per device, a per-task cost: C_i(x) = cost_i * x, limits [0, T].
        result.format = json ? "device records (JSON)" : "device records (CSV)";
        std::size_t repeatedNames = 0;
        for (std::size_t i = 0; i < table.rows.size(); ++i) {
            const Row& r = table.rows[i];
            const std::string device = nameOf(r, i);
            Expected<std::optional<double>> cost = costOf(r, device);
            if (!cost) return cost.error();
            if (!*cost) {
                dropped.push_back(device);
                continue;
            }
            PartitionResource resource;
            resource.name = uniqueName(device, uses);
            repeatedNames += resource.name != device;
            resource.lower = 0;
            resource.upper = options.tasks;
            resource.cost.kind = CostFunction::Kind::Affine;
            resource.cost.fixed = 0;
            resource.cost.perTask = **cost;
            instance.resources.push_back(std::move(resource));
        }
        result.notes.push_back(std::to_string(instance.resources.size()) + " devices, one per record; linear costs C(x) = x * " +
                               graph_reader::quoted(*costColumn) + (nameColumn ? ", named by " + graph_reader::quoted(*nameColumn) : std::string(", numbered")) +
                               "; each may take 0 to T = " + std::to_string(options.tasks) + " tasks");
        std::vector<std::string> others;
        for (const std::string& c : numeric)
            if (c != *costColumn) others.push_back(c);
        if (!options.costColumn && !others.empty())
            result.notes.push_back("other numeric columns not used: " + columnList(others) + " (--cost-column chooses)");
        if (repeatedNames > 0)
            result.notes.push_back(std::to_string(repeatedNames) + " records repeat another's name: each is a device of its own, "
                                   "named \"name (2)\", ...");
    } else {
        // Long profiles: (device, count, cost) rows, gaps filled as asked.
        result.format = "long cost profiles (CSV)";
        std::vector<std::string> order;
        std::map<std::string, std::vector<std::pair<std::int64_t, double>>> points;
        std::map<std::string, std::string> originOf;
        std::set<std::string> droppedSet;
        for (std::size_t i = 0; i < table.rows.size(); ++i) {
            const Row& r = table.rows[i];
            const std::string device = nameOf(r, i);
            const double count = *r.cells.at(*countColumn).number;
            if (count < 0 || count != std::floor(count) || count > 1e9)
                return invalidInput(in + r.origin + ": device " + graph_reader::quoted(device) + ": " + graph_reader::quoted(*countColumn) +
                                    " must be a whole number of tasks >= 0, got " + r.cells.at(*countColumn).text);
            const bool first = !points.count(device) && !droppedSet.count(device);
            if (first) order.push_back(device), originOf[device] = r.origin;
            if (droppedSet.count(device)) continue;
            // C(0) may be 0: an unused device costs nothing.
            Expected<std::optional<double>> cost = count == 0 ? Expected<std::optional<double>>(std::optional<double>(0.0)) : costOf(r, device);
            if (count == 0) {
                const double zeroCost = *r.cells.at(*costColumn).number;
                if (zeroCost < 0) return invalidInput(in + r.origin + ": device " + graph_reader::quoted(device) + " has a negative cost at 0 tasks");
                cost = std::optional<double>(zeroCost);
            }
            if (!cost) return cost.error();
            if (!*cost) {
                droppedSet.insert(device);
                points.erase(device);
                dropped.push_back(device);
                continue;
            }
            auto& list = points[device];
            const auto x = static_cast<std::int64_t>(count);
            if (std::any_of(list.begin(), list.end(), [&](const auto& p) { return p.first == x; }))
                return invalidInput(in + r.origin + ": device " + graph_reader::quoted(device) + " measured twice at " + std::to_string(x) + " tasks");
            list.emplace_back(x, **cost);
        }
        std::size_t nonMonotone = 0;
        for (const std::string& device : order) {
            if (droppedSet.count(device)) continue;
            auto list = points.at(device);
            std::sort(list.begin(), list.end());
            PartitionResource resource;
            resource.name = device;
            resource.lower = list.front().first;
            resource.upper = list.back().first;
            for (std::size_t k = 1; k < list.size(); ++k) nonMonotone += list[k].second < list[k - 1].second;
            if (options.fill == CostFill::Linear) {
                resource.cost.kind = CostFunction::Kind::Points;
                for (const auto& [x, c] : list) resource.cost.points.emplace_back(static_cast<double>(x), c);
            } else if (options.fill == CostFill::Measured) {
                resource.cost.kind = CostFunction::Kind::Table;
                for (const auto& [x, c] : list) {
                    resource.allowed.push_back(x);
                    resource.cost.table.push_back(c);
                }
            } else {
                if (resource.upper - resource.lower + 1 > kMaxTableCounts)
                    return invalidInput(in + originOf[device] + ": device " + graph_reader::quoted(device) + ": a step fill of " +
                                        std::to_string(resource.upper - resource.lower + 1) + " counts is too large; use --fill linear");
                resource.cost.kind = CostFunction::Kind::Table;
                std::size_t next = 0;
                for (std::int64_t x = resource.lower; x <= resource.upper; ++x) {
                    while (list[next].first < x) ++next;
                    resource.cost.table.push_back(list[next].second);
                }
            }
            instance.resources.push_back(std::move(resource));
        }
        result.notes.push_back(std::to_string(instance.resources.size()) + " devices from " + graph_reader::quoted(nameColumn.value_or("?")) +
                               ", counts from " + graph_reader::quoted(*countColumn) + ", costs from " + graph_reader::quoted(*costColumn) +
                               "; each device takes from its smallest to its largest measured count");
        result.notes.push_back(options.fill == CostFill::Linear ? "between measured counts: linear interpolation (--fill linear)"
                               : options.fill == CostFill::Step ? "between measured counts: the cost of the next measured count (--fill step)"
                                                                : "only the measured counts are allowed (--fill measured)");
        if (nonMonotone > 0)
            result.notes.push_back(std::to_string(nonMonotone) + " measured costs are lower than at a smaller count (noise?): kept as measured");
    }
    if (!dropped.empty())
        result.notes.push_back("dropped " + std::to_string(dropped.size()) + " devices whose cost is not positive (--drop-nonpositive): " +
                               dropped.front() + (dropped.size() > 1 ? ", ..." : ""));
    if (instance.resources.empty()) return invalidInput(in + "no device left");
    double minCost = INFINITY, maxCost = 0;
    for (const PartitionResource& r : instance.resources) {
        const double perTask = r.cost.kind == CostFunction::Kind::Affine ? r.cost.perTask : NAN;
        if (std::isfinite(perTask)) minCost = std::min(minCost, perTask), maxCost = std::max(maxCost, perTask);
    }
    if (maxCost > 0) result.notes.push_back("per-task costs from " + show(minCost) + " to " + show(maxCost));

    // Device names that are not UTF-8 (a CSV saved in Latin-1) are read as Latin-1, as the other readers do:
    // nlohmann::json throws when it writes such a name (found by fuzz_partition_profile).
    std::size_t latin1Names = 0;
    std::string latin1Example;
    for (PartitionResource& r : instance.resources) {
        if (graph_reader::isValidUtf8(r.name)) continue;
        r.name = graph_reader::latin1ToUtf8(r.name);
        if (latin1Names++ == 0) latin1Example = graph_reader::quoted(r.name);
    }
    for (std::string& note : result.notes) note = graph_reader::asUtf8(std::move(note));
    if (latin1Names > 0)
        result.notes.push_back(std::to_string(latin1Names) + (latin1Names == 1 ? " device name" : " device names") +
                               " not in UTF-8 read as Latin-1 (ISO 8859-1), e.g. " + latin1Example);
    Expected<Instance> checked = instanceFromJson(instanceToJson(Instance{instance}));
    if (!checked) return invalidInput(in + "the imported partition instance: " + checked.error().message);
    return result;
}

Expected<PartitionImport> importPartitionProfileFile(const std::string& path, const PartitionProfileOptions& options) {
    Expected<std::string> text = readTextFile(path);
    if (!text) return text.error();
    return readPartitionProfile(*text, options, path);
}

}  // namespace hetsched
