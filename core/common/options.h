// Typed option tables: one record per option (name, help, type, range, choices, default written once) that the
// CLI flags, the GUI forms and validation all read, so they cannot disagree.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "common/expected.h"

namespace hetsched {

enum class OptionType {
    Int,         // a whole number in [minimum, maximum]
    Double,      // a finite number in [minimum, maximum]
    Bool,        // 0 or 1 (text: 1/0, true/false, yes/no, on/off)
    Enum,        // one of `choices`
    NumberList,  // comma-separated numbers, each in [minimum, maximum] (integers when `integers`)
    TextList,    // comma-separated words, each one of `choices` when there are choices
};

// A typed value: Int -> int64_t, Double -> double, Bool -> bool, Enum -> string, NumberList -> vector<double>,
// TextList -> vector<string>.
using OptionValue =
    std::variant<std::int64_t, double, bool, std::string, std::vector<double>, std::vector<std::string>>;

struct OptionSpec {
    std::string name;          // public contract once released (CLI flag or --option NAME, JSON key)
    std::string description;   // one line of help
    OptionType type = OptionType::Double;
    double minimum = 0;        // Int, Double, and each number of a NumberList
    double maximum = 0;
    bool minimumExcluded = false;  // the range is (minimum, maximum]
    OptionValue defaultValue;  // the only place the default is written
    std::vector<std::string> choices;  // Enum; TextList when restricted
    bool integers = false;     // NumberList of whole numbers
    std::size_t minimumCount = 0;  // lists: at least this many entries
    bool optional = false;     // no default: unset unless given (OptionValues::contains is false); the
                               // defaultValue is then only the type's placeholder, never used as a value

    static OptionSpec integer(std::string name, std::string description, std::int64_t minimum,
                              std::int64_t defaultValue, std::int64_t maximum);
    static OptionSpec number(std::string name, std::string description, double minimum, double defaultValue,
                             double maximum);
    // A number with no default ("--default-flops F": without it, tasks without a size are refused).
    static OptionSpec optionalNumber(std::string name, std::string description, double minimum, double maximum);
    static OptionSpec flag(std::string name, std::string description, bool defaultValue);
    static OptionSpec choice(std::string name, std::string description, std::vector<std::string> choices,
                             std::string defaultValue);
    static OptionSpec numberList(std::string name, std::string description, double minimum,
                                 std::vector<double> defaultValue, double maximum, bool integers = false);
    static OptionSpec textList(std::string name, std::string description, std::vector<std::string> choices,
                               std::vector<std::string> defaultValue);
};

using OptionTable = std::vector<OptionSpec>;

// "integer", "number", "boolean", "choice", "list of numbers", "list of names".
std::string optionTypeName(OptionType type);
// The default as help shows it: the value's text, or "none" for an optional option.
std::string optionDefaultText(const OptionSpec& spec);
// What the option accepts, for messages and help: "an integer between 1 and 1000000", "in [0, 1]",
// "0 or 1 (or true/false)", "mixed or same", "one of a, b, c".
std::string optionAcceptsText(const OptionSpec& spec);

// Reads `text` as a value of the option (CLI flags, canonical flags of sweeps) and validates it. The error
// names the option and what it accepts: "option tasks must be an integer between 1 and 1000000, got '0'".
Expected<OptionValue> parseOptionValue(const OptionSpec& spec, std::string_view text);
// Checks a value against the option's type, range and choices.
Expected<OptionValue> checkOptionValue(const OptionSpec& spec, const OptionValue& value);
// Reads a number (the numeric form of Int, Double and Bool options, as solver options travel in JSON).
Expected<OptionValue> optionValueFromNumber(const OptionSpec& spec, double number);
// The text parseOptionValue reads back as the same value ("3", "0.25", "1", "a,b", "1,2.5").
std::string optionValueText(const OptionValue& value);
// The number of an Int, Double or Bool value (true = 1); NaN for the others.
double optionValueNumber(const OptionValue& value);

const OptionSpec* findOption(const OptionTable& table, std::string_view name);

// Whole-number lists as a NumberList option holds them (integers = true), and back.
inline std::vector<double> asOptionNumbers(const std::vector<int>& values) { return {values.begin(), values.end()}; }
inline std::vector<int> asOptionIntegers(const std::vector<double>& values) {
    std::vector<int> integers;
    integers.reserve(values.size());
    for (double v : values) integers.push_back(static_cast<int>(v));
    return integers;
}

// The values of one table, typed. Reading a name the table does not have, or with the wrong type, is a
// programming error (std::logic_error), not a user's.
class OptionValues {
public:
    OptionValues() = default;
    explicit OptionValues(const OptionTable& table);   // every default (optional options unset)

    std::int64_t integer(const std::string& name) const;
    double number(const std::string& name) const;       // Double, or Int read as a number
    bool flag(const std::string& name) const;
    const std::string& text(const std::string& name) const;
    const std::vector<double>& numbers(const std::string& name) const;
    const std::vector<std::string>& texts(const std::string& name) const;
    const OptionValue& at(const std::string& name) const;
    bool contains(const std::string& name) const { return m_values.count(name) > 0; }
    // An optional number: nullopt when unset.
    std::optional<double> numberIfSet(const std::string& name) const;

    void set(const std::string& name, OptionValue value) { m_values[name] = std::move(value); }
    void unset(const std::string& name) { m_values.erase(name); }
    const std::map<std::string, OptionValue>& values() const { return m_values; }

    bool operator==(const OptionValues&) const = default;

private:
    std::map<std::string, OptionValue> m_values;
};

// Every default of `table` overridden by `given` (name -> text), each checked; `owner` names the table in
// messages ("solver exact", "generate dag").
Expected<OptionValues> resolveOptionTexts(const OptionTable& table, const std::map<std::string, std::string>& given,
                                          std::string_view owner);
// The same from numbers (solver options as the GUI and result JSON keep them).
Expected<OptionValues> resolveOptionNumbers(const OptionTable& table, const std::map<std::string, double>& given,
                                            std::string_view owner);

}  // namespace hetsched
