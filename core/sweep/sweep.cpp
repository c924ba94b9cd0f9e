#include "sweep/sweep.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <sstream>

namespace hetsched {

namespace {

constexpr const char* kMagic = "# hetsched sweep part";
constexpr int kMaxShards = 1'000'000;

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t end = text.find(separator, start);
        parts.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos) return parts;
        start = end + 1;
    }
}

std::optional<unsigned long long> wholeNumber(const std::string& text) {
    unsigned long long value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end) return std::nullopt;
    return value;
}

std::string joinFlags(const std::vector<std::string>& flags) {
    std::string line;
    for (const std::string& flag : flags) line += (line.empty() ? "" : " ") + flag;
    return line;
}

// "--seed 2" where two flag lists first differ (flags come in pairs: name and value).
std::string firstDifference(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    std::size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
    auto at = [](const std::vector<std::string>& flags, std::size_t k) {
        if (k >= flags.size()) return std::string("(nothing)");
        const std::size_t name = k % 2 == 0 ? k : k - 1;
        return flags[name] + (name + 1 < flags.size() ? " " + flags[name + 1] : "");
    };
    return at(a, i) + " against " + at(b, i);
}

}  // namespace

std::string SweepRow::where() const {
    return file ? *file + ":" + std::to_string(line) : std::string();
}

std::size_t Shard::unitsOf(std::size_t total) const {
    const std::size_t first = std::size_t(index - 1);
    return total > first ? (total - first - 1) / std::size_t(count) + 1 : 0;
}

Expected<Shard> parseShard(const std::string& text) {
    const std::size_t slash = text.find('/');
    const std::optional<unsigned long long> k = slash == std::string::npos ? std::nullopt : wholeNumber(text.substr(0, slash));
    const std::optional<unsigned long long> n = slash == std::string::npos ? std::nullopt : wholeNumber(text.substr(slash + 1));
    if (!k || !n) return invalidInput("--shard expects K/N (part K of N, as 3/16), got '" + text + "'");
    if (*n < 1 || *n > static_cast<unsigned long long>(kMaxShards))
        return invalidInput("--shard " + text + ": N must be between 1 and " + std::to_string(kMaxShards));
    if (*k < 1 || *k > *n)
        return invalidInput("--shard " + text + ": K must be between 1 and N (shards count from 1)");
    return Shard{static_cast<int>(*k), static_cast<int>(*n)};
}

std::string shardText(const Shard& shard) {
    return std::to_string(shard.index) + "/" + std::to_string(shard.count);
}

std::string exactNumber(double value) {
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    if (ec != std::errc()) return "nan";
    return std::string(buffer, end);
}

SweepRowReader::SweepRowReader(const SweepRow& row, const std::string& columns)
    : m_row(row), m_columns(split(columns, ',')), m_fields(split(row.fields, ',')) {
    if (!m_columns.empty()) m_columns.erase(m_columns.begin());   // "unit"
}

std::string SweepRowReader::column() const {
    const std::size_t k = m_next - 1;
    return k < m_columns.size() ? m_columns[k] : "field " + std::to_string(k + 2);
}

Error SweepRowReader::error(const std::string& message) const {
    const std::string where = m_row.where();
    return invalidInput("unit " + std::to_string(m_row.unit) + (where.empty() ? "" : " (" + where + ")") +
                        ": " + message);
}

Expected<std::string> SweepRowReader::text() {
    if (m_next >= m_fields.size())
        return error("the row ends early (" + std::to_string(m_fields.size() + 1) + " fields, " +
                     std::to_string(m_columns.size() + 1) + " columns)");
    return m_fields[m_next++];
}

Expected<double> SweepRowReader::number() {
    Expected<std::string> field = text();
    if (!field) return field.error();
    double value = 0;
    const char* end = field->data() + field->size();
    const auto [ptr, ec] = std::from_chars(field->data(), end, value);
    if (field->empty() || ec != std::errc() || ptr != end)
        return error(column() + ": '" + *field + "' is not a number");
    return value;
}

Expected<long long> SweepRowReader::integer() {
    Expected<std::string> field = text();
    if (!field) return field.error();
    long long value = 0;
    const char* end = field->data() + field->size();
    const auto [ptr, ec] = std::from_chars(field->data(), end, value);
    if (field->empty() || ec != std::errc() || ptr != end)
        return error(column() + ": '" + *field + "' is not a whole number");
    return value;
}

std::optional<Error> SweepRowReader::finish() const {
    if (m_next == m_fields.size()) return std::nullopt;
    return error("the row has " + std::to_string(m_fields.size() + 1) + " fields, the header " +
                 std::to_string(m_columns.size() + 1));
}

std::string sweepPartText(const SweepHeader& header, const SweepRows& rows) {
    std::string text;
    text.reserve(rows.rows.size() * 96 + 512);
    text += std::string(kMagic) + "\n";
    text += "# experiment: " + header.experiment + "\n";
    text += "# flags: " + joinFlags(header.flags) + "\n";
    text += "# version: " + header.version + "\n";
    text += "# shard: " + shardText(header.shard) + "\n";
    text += "# units: " + std::to_string(header.units) + " of " + std::to_string(header.totalUnits) + "\n";
    text += rows.columns + "\n";
    for (const SweepRow& row : rows.rows) {
        text += std::to_string(row.unit);
        text += ',';
        text += row.fields;
        text += '\n';
    }
    return text;
}

Expected<SweepPart> parseSweepPart(const std::string& text, const std::string& name) {
    SweepPart part;
    part.name = name;
    const auto file = std::make_shared<const std::string>(name);
    std::map<std::string, std::string> keys;
    std::size_t lineNumber = 0;
    std::size_t start = 0;
    bool columnsRead = false;
    auto where = [&] { return name + ":" + std::to_string(lineNumber); };
    auto fail = [&](const std::string& message) { return invalidInput(where() + ": " + message); };
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string line = text.substr(start, end - start);
        start = end + 1;
        ++lineNumber;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (lineNumber == 1) {
            if (line != kMagic)
                return fail("not a part of a sweep (it should start with '" + std::string(kMagic) +
                            "', as hetsched experiment NAME --shard K/N writes)");
            continue;
        }
        if (!columnsRead && line.rfind("# ", 0) == 0) {
            const std::size_t colon = line.find(": ");
            if (colon == std::string::npos) return fail("expected '# key: value', got '" + line + "'");
            keys[line.substr(2, colon - 2)] = line.substr(colon + 2);
            continue;
        }
        if (!columnsRead) {
            if (line.rfind("unit,", 0) != 0) return fail("expected the header of the rows (unit,...), got '" + line + "'");
            part.rows.columns = line;
            columnsRead = true;
            continue;
        }
        if (line.empty()) {
            if (start >= text.size()) break;
            return fail("empty line");
        }
        const std::size_t comma = line.find(',');
        const std::optional<unsigned long long> unit =
            comma == std::string::npos ? std::nullopt : wholeNumber(line.substr(0, comma));
        if (!unit) return fail("a row must start with its unit index, got '" + line.substr(0, 40) + "'");
        part.rows.rows.push_back({static_cast<std::size_t>(*unit), line.substr(comma + 1), file, lineNumber});
    }
    if (!columnsRead) return invalidInput(name + ": no rows header (the file is cut short?)");
    if (text.back() != '\n')
        return invalidInput(name + ":" + std::to_string(lineNumber) + ": the last line has no end (the file is cut short?)");
    for (const char* key : {"experiment", "flags", "version", "shard", "units"})
        if (!keys.count(key)) return invalidInput(name + ": the header has no '# " + std::string(key) + ":' line");
    SweepHeader& h = part.header;
    h.experiment = keys["experiment"];
    std::istringstream flags(keys["flags"]);
    for (std::string flag; flags >> flag;) h.flags.push_back(flag);
    h.version = keys["version"];
    Expected<Shard> shard = parseShard(keys["shard"]);
    if (!shard) return invalidInput(name + ": shard: " + shard.error().message);
    h.shard = *shard;
    const std::string& units = keys["units"];
    const std::size_t of = units.find(" of ");
    const auto count = of == std::string::npos ? std::nullopt : wholeNumber(units.substr(0, of));
    const auto total = of == std::string::npos ? std::nullopt : wholeNumber(units.substr(of + 4));
    if (!count || !total) return invalidInput(name + ": units: expected 'COUNT of TOTAL', got '" + units + "'");
    h.units = static_cast<std::size_t>(*count);
    h.totalUnits = static_cast<std::size_t>(*total);
    part.rows.totalUnits = h.totalUnits;
    if (h.units != h.shard.unitsOf(h.totalUnits))
        return invalidInput(name + ": shard " + shardText(h.shard) + " of " + std::to_string(h.totalUnits) + " units has " +
                            std::to_string(h.shard.unitsOf(h.totalUnits)) + " units, the header says " +
                            std::to_string(h.units));
    // Each unit of the shard once, in order, as they were written.
    std::size_t distinct = 0;
    std::optional<std::size_t> previous;
    for (const SweepRow& row : part.rows.rows) {
        if (row.unit >= h.totalUnits)
            return invalidInput(row.where() + ": unit " + std::to_string(row.unit) + " is beyond the sweep's " +
                                std::to_string(h.totalUnits) + " units");
        if (!h.shard.contains(row.unit))
            return invalidInput(row.where() + ": unit " + std::to_string(row.unit) + " is not in shard " +
                                shardText(h.shard) + " (its units are " + std::to_string(h.shard.index - 1) + ", " +
                                std::to_string(h.shard.index - 1 + h.shard.count) + ", ...)");
        if (previous && row.unit < *previous)
            return invalidInput(row.where() + ": unit " + std::to_string(row.unit) + " after unit " +
                                std::to_string(*previous) + " (rows must be in unit order)");
        if (!previous || row.unit != *previous) ++distinct;
        previous = row.unit;
    }
    if (distinct != h.units)
        return invalidInput(name + ": " + std::to_string(distinct) + " of the shard's " + std::to_string(h.units) +
                            " units have rows (the file is cut short, or a shard failed part way?)");
    return part;
}

Expected<SweepMerge> mergeSweepParts(std::vector<SweepPart> parts) {
    if (parts.empty()) return invalidInput("no part to merge");
    const SweepPart& first = parts.front();
    const SweepHeader& reference = first.header;
    std::vector<SweepPart*> byShard(std::size_t(reference.shard.count), nullptr);
    for (SweepPart& part : parts) {
        const SweepHeader& h = part.header;
        const std::string against = " (" + part.name + " against " + first.name + ")";
        if (h.experiment != reference.experiment)
            return invalidInput("parts of different experiments: " + h.experiment + " and " + reference.experiment + against);
        if (h.flags != reference.flags)
            return invalidInput("parts of different sweeps: the flags differ, " + firstDifference(h.flags, reference.flags) +
                                against);
        if (h.version != reference.version)
            return invalidInput("parts made by different versions of hetsched: " + h.version + " and " +
                                reference.version + against);
        if (h.shard.count != reference.shard.count)
            return invalidInput("parts of different splits: " + shardText(h.shard) + " and " + shardText(reference.shard) +
                                against);
        if (h.totalUnits != reference.totalUnits || part.rows.columns != first.rows.columns)
            return invalidInput("parts of different sweeps: " + std::to_string(h.totalUnits) + " and " +
                                std::to_string(reference.totalUnits) + " units, or other columns" + against);
        SweepPart*& slot = byShard[std::size_t(h.shard.index - 1)];
        if (slot)
            return invalidInput("shard " + shardText(h.shard) + " is given twice: " + slot->name + " and " + part.name);
        slot = &part;
    }
    std::vector<std::string> missing;
    for (std::size_t k = 0; k < byShard.size(); ++k)
        if (!byShard[k]) missing.push_back(std::to_string(k + 1));
    if (!missing.empty()) {
        std::string list;
        for (std::size_t i = 0; i < missing.size() && i < 20; ++i) list += (i ? ", " : "") + missing[i];
        if (missing.size() > 20) list += ", ...";
        return invalidInput(std::to_string(missing.size()) + " of the " + std::to_string(byShard.size()) + " shards " +
                            (missing.size() == 1 ? "is" : "are") + " missing: K = " + list + " (of " + reference.experiment + " --shard K/" +
                            std::to_string(byShard.size()) + ")");
    }
    SweepMerge merged;
    merged.header = reference;
    merged.header.shard = Shard{1, 1};
    merged.header.units = reference.totalUnits;
    merged.rows.columns = first.rows.columns;
    merged.rows.totalUnits = reference.totalUnits;
    std::size_t rowCount = 0;
    for (const SweepPart& part : parts) rowCount += part.rows.rows.size();
    merged.rows.rows.reserve(rowCount);
    // Unit u is in shard (u mod N) + 1, and each part is in unit order: take the units round robin.
    std::vector<std::size_t> next(byShard.size(), 0);
    for (std::size_t unit = 0; unit < reference.totalUnits; ++unit) {
        const std::size_t k = unit % byShard.size();
        std::vector<SweepRow>& rows = byShard[k]->rows.rows;
        std::size_t& i = next[k];
        if (i >= rows.size() || rows[i].unit != unit)
            return invalidInput(byShard[k]->name + ": no row of unit " + std::to_string(unit));
        while (i < rows.size() && rows[i].unit == unit) merged.rows.rows.push_back(std::move(rows[i++]));
    }
    return merged;
}

std::string sweepProgressLine(double done, std::size_t total, double elapsedSeconds) {
    auto clock = [](double seconds) {
        const long long s = std::llround(std::max(0.0, seconds));
        char buffer[48];
        if (s >= 3600)
            std::snprintf(buffer, sizeof buffer, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
        else
            std::snprintf(buffer, sizeof buffer, "%lld:%02lld", s / 60, s % 60);
        return std::string(buffer);
    };
    const double fraction = total > 0 ? std::clamp(done / double(total), 0.0, 1.0) : 1.0;
    char head[96];
    std::snprintf(head, sizeof head, "%lld/%zu units (%d%%), ", static_cast<long long>(std::floor(done)), total,
                  static_cast<int>(std::floor(100 * fraction)));
    std::string line = head + clock(elapsedSeconds) + " elapsed";
    if (fraction >= 1) return line;
    if (fraction <= 0 || elapsedSeconds < 1) return line + ", time left unknown yet";
    return line + ", about " + clock(elapsedSeconds * (1 - fraction) / fraction) + " left";
}

std::optional<Error> setExperimentOption(const ExperimentOptions& options, OptionValues& values,
                                         const std::string& flag, const std::string& text) {
    const OptionSpec* spec = flag.rfind("--", 0) == 0 ? findOption(options.table, flag.substr(2)) : nullptr;
    if (!spec) return invalidInput("unknown flag " + flag);
    std::string tableText = text;
    if (options.readForm) {
        Expected<std::string> rewritten = options.readForm(*spec, text);
        if (!rewritten) return rewritten.error();
        tableText = *rewritten;
    }
    Expected<OptionValue> value = parseOptionValue(*spec, tableText);
    if (!value) {
        // "option workers must be ..." -> "--workers must be ...", with the text as given.
        std::string message = value.error().message;
        const std::string head = "option " + spec->name;
        if (message.rfind(head, 0) == 0) message.replace(0, head.size(), flag);
        if (tableText != text) {
            const std::string got = ", got '" + tableText + "'";
            if (const std::size_t at = message.rfind(got); at != std::string::npos)
                message.replace(at, got.size(), ", got '" + text + "'");
        }
        return Error{value.error().kind, message};
    }
    values.set(spec->name, std::move(*value));
    return std::nullopt;
}

std::string experimentOptionText(const ExperimentOptions& options, const OptionSpec& spec, const OptionValue& value) {
    if (options.writeForm)
        if (std::string text = options.writeForm(spec, value); !text.empty()) return text;
    if (spec.type == OptionType::Bool) return std::get<bool>(value) ? "on" : "off";
    return optionValueText(value);
}

std::vector<std::string> experimentOptionFlags(const ExperimentOptions& options, const OptionValues& values) {
    std::vector<std::string> flags;
    for (const OptionSpec& spec : options.table) {
        if (!values.contains(spec.name)) continue;   // an optional option left unset
        const OptionValue& value = values.at(spec.name);
        if (spec.type == OptionType::Bool && !std::get<bool>(value)) continue;
        if (const auto* list = std::get_if<std::vector<double>>(&value); list && list->empty()) continue;
        if (const auto* list = std::get_if<std::vector<std::string>>(&value); list && list->empty()) continue;
        flags.push_back("--" + spec.name);
        flags.push_back(experimentOptionText(options, spec, value));
    }
    return flags;
}

}  // namespace hetsched
