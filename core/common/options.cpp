#include "common/options.h"

#include <charconv>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <system_error>

#include "common/number_format.h"

namespace hetsched {

namespace {

std::string rangeText(const OptionSpec& spec) {
    std::string text = spec.minimumExcluded ? "(" : "[";
    text += formatShortest(spec.minimum);
    text += ", ";
    text += formatShortest(spec.maximum);
    text += ']';
    return text;
}

std::string joined(const std::vector<std::string>& words, const char* separator = ", ") {
    std::string text;
    for (const std::string& w : words) {
        if (!text.empty()) text += separator;
        text += w;
    }
    return text;
}

std::vector<std::string> splitList(std::string_view text) {
    std::vector<std::string> parts;
    if (text.empty()) return parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = text.find(',', start);
        std::string_view part = text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
        while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
        parts.emplace_back(part);
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return parts;
}

std::optional<double> readNumber(std::string_view text) {
    double value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, error] = std::from_chars(text.data(), end, value);
    if (error != std::errc() || ptr != end || text.empty() || !std::isfinite(value)) return std::nullopt;
    return value;
}

bool isWhole(double value) { return std::isfinite(value) && std::floor(value) == value; }

// Why `value` does not fit the option ("must be an integer in [1, 5], got 0"), empty when it fits.
std::string problem(const OptionSpec& spec, const OptionValue& value) {
    const std::string must = "must be " + optionAcceptsText(spec) + ", got ";
    auto inRange = [&](double x) {
        return std::isfinite(x) && (spec.minimumExcluded ? x > spec.minimum : x >= spec.minimum) && x <= spec.maximum;
    };
    switch (spec.type) {
        case OptionType::Int: {
            const auto* v = std::get_if<std::int64_t>(&value);
            if (!v) return must + optionValueText(value);
            return inRange(static_cast<double>(*v)) ? "" : must + optionValueText(value);
        }
        case OptionType::Double: {
            const auto* v = std::get_if<double>(&value);
            if (!v) return must + optionValueText(value);
            return inRange(*v) ? "" : must + optionValueText(value);
        }
        case OptionType::Bool:
            return std::holds_alternative<bool>(value) ? "" : must + optionValueText(value);
        case OptionType::Enum: {
            const auto* v = std::get_if<std::string>(&value);
            if (!v) return must + optionValueText(value);
            for (const std::string& c : spec.choices)
                if (c == *v) return "";
            return must + "'" + *v + "'";
        }
        case OptionType::NumberList: {
            const auto* v = std::get_if<std::vector<double>>(&value);
            if (!v || v->size() < spec.minimumCount) return must + optionValueText(value);
            for (double x : *v)
                if (!inRange(x) || (spec.integers && !isWhole(x))) return must + formatShortest(x);
            return "";
        }
        case OptionType::TextList: {
            const auto* v = std::get_if<std::vector<std::string>>(&value);
            if (!v || v->size() < spec.minimumCount) return must + optionValueText(value);
            if (spec.choices.empty()) return "";
            for (const std::string& word : *v) {
                bool known = false;
                for (const std::string& c : spec.choices) known = known || c == word;
                if (!known) return must + "'" + word + "'";
            }
            return "";
        }
    }
    return "has an unknown type";
}

Error optionError(const OptionSpec& spec, const std::string& why) {
    return invalidInput("option " + spec.name + " " + why);
}

}  // namespace

OptionSpec OptionSpec::integer(std::string name, std::string description, std::int64_t minimum,
                               std::int64_t defaultValue, std::int64_t maximum) {
    OptionSpec s;
    s.name = std::move(name);
    s.description = std::move(description);
    s.type = OptionType::Int;
    s.minimum = static_cast<double>(minimum);
    s.maximum = static_cast<double>(maximum);
    s.defaultValue = defaultValue;
    return s;
}

OptionSpec OptionSpec::number(std::string name, std::string description, double minimum, double defaultValue,
                              double maximum) {
    OptionSpec s;
    s.name = std::move(name);
    s.description = std::move(description);
    s.type = OptionType::Double;
    s.minimum = minimum;
    s.maximum = maximum;
    s.defaultValue = defaultValue;
    return s;
}

OptionSpec OptionSpec::optionalNumber(std::string name, std::string description, double minimum, double maximum) {
    OptionSpec s = number(std::move(name), std::move(description), minimum, minimum, maximum);
    s.optional = true;
    return s;
}

OptionSpec OptionSpec::flag(std::string name, std::string description, bool defaultValue) {
    OptionSpec s;
    s.name = std::move(name);
    s.description = std::move(description);
    s.type = OptionType::Bool;
    s.minimum = 0;
    s.maximum = 1;
    s.defaultValue = defaultValue;
    return s;
}

OptionSpec OptionSpec::choice(std::string name, std::string description, std::vector<std::string> choices,
                              std::string defaultValue) {
    OptionSpec s;
    s.name = std::move(name);
    s.description = std::move(description);
    s.type = OptionType::Enum;
    s.choices = std::move(choices);
    s.defaultValue = std::move(defaultValue);
    return s;
}

OptionSpec OptionSpec::numberList(std::string name, std::string description, double minimum,
                                  std::vector<double> defaultValue, double maximum, bool integers) {
    OptionSpec s;
    s.name = std::move(name);
    s.description = std::move(description);
    s.type = OptionType::NumberList;
    s.minimum = minimum;
    s.maximum = maximum;
    s.integers = integers;
    s.minimumCount = 1;
    s.defaultValue = std::move(defaultValue);
    return s;
}

OptionSpec OptionSpec::textList(std::string name, std::string description, std::vector<std::string> choices,
                                std::vector<std::string> defaultValue) {
    OptionSpec s;
    s.name = std::move(name);
    s.description = std::move(description);
    s.type = OptionType::TextList;
    s.choices = std::move(choices);
    s.minimumCount = 1;
    s.defaultValue = std::move(defaultValue);
    return s;
}

std::string optionTypeName(OptionType type) {
    switch (type) {
        case OptionType::Int: return "integer";
        case OptionType::Double: return "number";
        case OptionType::Bool: return "boolean";
        case OptionType::Enum: return "choice";
        case OptionType::NumberList: return "list of numbers";
        case OptionType::TextList: return "list of names";
    }
    return "unknown";
}

std::string optionDefaultText(const OptionSpec& spec) {
    return spec.optional ? std::string("none") : optionValueText(spec.defaultValue);
}

std::string optionAcceptsText(const OptionSpec& spec) {
    switch (spec.type) {
        case OptionType::Int:
            return "an integer between " + std::to_string(static_cast<std::int64_t>(spec.minimum)) + " and " +
                   std::to_string(static_cast<std::int64_t>(spec.maximum));
        case OptionType::Double: return "in " + rangeText(spec);
        case OptionType::Bool: return "0 or 1 (or true/false)";
        case OptionType::Enum:
            return spec.choices.size() == 2 ? spec.choices[0] + " or " + spec.choices[1] : "one of " + joined(spec.choices);
        case OptionType::NumberList:
            return std::string("a comma-separated list of ") + (spec.integers ? "integers" : "numbers") + " in " +
                   rangeText(spec);
        case OptionType::TextList:
            return spec.choices.empty() ? std::string("a comma-separated list of names")
                                        : "a comma-separated list of " + joined(spec.choices);
    }
    return "a value";
}

Expected<OptionValue> checkOptionValue(const OptionSpec& spec, const OptionValue& value) {
    if (const std::string why = problem(spec, value); !why.empty()) return optionError(spec, why);
    return value;
}

Expected<OptionValue> parseOptionValue(const OptionSpec& spec, std::string_view text) {
    const std::string must = "must be " + optionAcceptsText(spec) + ", got '" + std::string(text) + "'";
    switch (spec.type) {
        case OptionType::Int: {
            const std::optional<double> x = readNumber(text);
            // Whole numbers only: "3" and "3e2" read, "2.5" does not.
            if (!x || !isWhole(*x) || std::abs(*x) > 9.0e15) return optionError(spec, must);
            const OptionValue value = static_cast<std::int64_t>(*x);
            if (!problem(spec, value).empty()) return optionError(spec, must);   // quoting the text as given
            return value;
        }
        case OptionType::Double: {
            const std::optional<double> x = readNumber(text);
            if (!x || !problem(spec, *x).empty()) return optionError(spec, must);
            return OptionValue(*x);
        }
        case OptionType::Bool: {
            if (text == "1" || text == "true" || text == "yes" || text == "on") return OptionValue(true);
            if (text == "0" || text == "false" || text == "no" || text == "off") return OptionValue(false);
            return optionError(spec, must);
        }
        case OptionType::Enum:
            return checkOptionValue(spec, std::string(text));
        case OptionType::NumberList: {
            std::vector<double> numbers;
            for (const std::string& part : splitList(text)) {
                const std::optional<double> x = readNumber(part);
                if (!x) return optionError(spec, must);
                numbers.push_back(*x);
            }
            return checkOptionValue(spec, numbers);
        }
        case OptionType::TextList: {
            std::vector<std::string> words = splitList(text);
            for (const std::string& w : words)
                if (w.empty()) return optionError(spec, must);
            return checkOptionValue(spec, words);
        }
    }
    return optionError(spec, must);
}

Expected<OptionValue> optionValueFromNumber(const OptionSpec& spec, double number) {
    const std::string must = "must be " + optionAcceptsText(spec) + ", got " + formatShortest(number);
    switch (spec.type) {
        case OptionType::Int:
            if (!isWhole(number) || std::abs(number) > 9.0e15) return optionError(spec, must);
            return checkOptionValue(spec, static_cast<std::int64_t>(number));
        case OptionType::Double:
            return checkOptionValue(spec, number);
        case OptionType::Bool:
            if (number == 0 || number == 1) return OptionValue(number == 1);
            return optionError(spec, must);
        default:
            return optionError(spec, "is a " + optionTypeName(spec.type) + ", not a number");
    }
}

std::string optionValueText(const OptionValue& value) {
    struct Visitor {
        std::string operator()(std::int64_t v) const { return std::to_string(v); }
        std::string operator()(double v) const { return formatShortest(v); }
        std::string operator()(bool v) const { return v ? "1" : "0"; }
        std::string operator()(const std::string& v) const { return v; }
        std::string operator()(const std::vector<double>& v) const {
            std::string text;
            for (double x : v) {
                if (!text.empty()) text += ',';
                text += formatShortest(x);
            }
            return text;
        }
        std::string operator()(const std::vector<std::string>& v) const { return joined(v, ","); }
    };
    return std::visit(Visitor{}, value);
}

double optionValueNumber(const OptionValue& value) {
    if (const auto* v = std::get_if<std::int64_t>(&value)) return static_cast<double>(*v);
    if (const auto* v = std::get_if<double>(&value)) return *v;
    if (const auto* v = std::get_if<bool>(&value)) return *v ? 1.0 : 0.0;
    return std::nan("");
}

const OptionSpec* findOption(const OptionTable& table, std::string_view name) {
    for (const OptionSpec& spec : table)
        if (spec.name == name) return &spec;
    return nullptr;
}

OptionValues::OptionValues(const OptionTable& table) {
    for (const OptionSpec& spec : table)
        if (!spec.optional) m_values[spec.name] = spec.defaultValue;
}

std::optional<double> OptionValues::numberIfSet(const std::string& name) const {
    if (!contains(name)) return std::nullopt;
    return number(name);
}

const OptionValue& OptionValues::at(const std::string& name) const {
    const auto it = m_values.find(name);
    if (it == m_values.end()) throw std::logic_error("no option '" + name + "' in this table");
    return it->second;
}

namespace {

template <class T>
const T& typed(const OptionValues& values, const std::string& name, const char* type) {
    const T* v = std::get_if<T>(&values.at(name));
    if (!v) throw std::logic_error("option '" + name + "' is not " + type);
    return *v;
}

}  // namespace

std::int64_t OptionValues::integer(const std::string& name) const {
    return typed<std::int64_t>(*this, name, "an integer");
}

double OptionValues::number(const std::string& name) const {
    const OptionValue& v = at(name);
    if (const auto* i = std::get_if<std::int64_t>(&v)) return static_cast<double>(*i);
    return typed<double>(*this, name, "a number");
}

bool OptionValues::flag(const std::string& name) const { return typed<bool>(*this, name, "a boolean"); }

const std::string& OptionValues::text(const std::string& name) const {
    return typed<std::string>(*this, name, "a choice");
}

const std::vector<double>& OptionValues::numbers(const std::string& name) const {
    return typed<std::vector<double>>(*this, name, "a list of numbers");
}

const std::vector<std::string>& OptionValues::texts(const std::string& name) const {
    return typed<std::vector<std::string>>(*this, name, "a list of names");
}

namespace {

template <class Given, class Read>
Expected<OptionValues> resolveWith(const OptionTable& table, const std::map<std::string, Given>& given,
                                   std::string_view owner, Read read) {
    OptionValues values(table);
    for (const auto& [name, raw] : given) {
        const OptionSpec* spec = findOption(table, name);
        if (!spec) {
            std::string known;
            for (const OptionSpec& o : table) known += (known.empty() ? "" : ", ") + o.name;
            return invalidInput(std::string(owner) + " has no option '" + name + "'" +
                                (known.empty() ? std::string(" (it takes none)") : " (options: " + known + ")"));
        }
        Expected<OptionValue> value = read(*spec, raw);
        if (!value) {
            // "option x must be ..." -> "option x of solver y must be ..."
            std::string message = value.error().message;
            const std::string head = "option " + spec->name;
            if (message.rfind(head, 0) == 0) message.insert(head.size(), " of " + std::string(owner));
            return invalidInput(message);
        }
        values.set(name, std::move(*value));
    }
    return values;
}

}  // namespace

Expected<OptionValues> resolveOptionTexts(const OptionTable& table, const std::map<std::string, std::string>& given,
                                          std::string_view owner) {
    return resolveWith(table, given, owner,
                       [](const OptionSpec& spec, const std::string& text) { return parseOptionValue(spec, text); });
}

Expected<OptionValues> resolveOptionNumbers(const OptionTable& table, const std::map<std::string, double>& given,
                                            std::string_view owner) {
    return resolveWith(table, given, owner,
                       [](const OptionSpec& spec, double number) { return optionValueFromNumber(spec, number); });
}

}  // namespace hetsched
