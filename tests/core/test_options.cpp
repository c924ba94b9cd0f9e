// Typed option tables: parsing of each type, validation messages naming the option and its range, and the
// solver tables (one default per option, read by the solvers typed).
#include <gtest/gtest.h>

#include "common/options.h"
#include "io/dag_import.h"
#include "solvers/registry.h"

namespace hetsched {
namespace {

bool mentions(const Error& e, const std::string& text) { return e.message.find(text) != std::string::npos; }

TEST(OptionTable, IntReadsWholeNumbersInRangeOnly) {
    const OptionSpec spec = OptionSpec::integer("tasks", "tasks of the graph", 1, 100, 10000);
    ASSERT_TRUE(parseOptionValue(spec, "250").ok());
    EXPECT_EQ(std::get<std::int64_t>(*parseOptionValue(spec, "250")), 250);
    EXPECT_EQ(std::get<std::int64_t>(*parseOptionValue(spec, "1e4")), 10000);
    for (const char* bad : {"0", "10001", "2.5", "ten", "", "1e400"}) {
        const Expected<OptionValue> v = parseOptionValue(spec, bad);
        ASSERT_FALSE(v.ok()) << bad;
        EXPECT_TRUE(mentions(v.error(), "option tasks must be an integer between 1 and 10000")) << v.error().message;
        EXPECT_TRUE(mentions(v.error(), std::string("got '") + bad + "'")) << v.error().message;
    }
}

TEST(OptionTable, DoubleReadsFiniteNumbersInRange) {
    const OptionSpec spec = OptionSpec::number("time_limit", "seconds", 0.01, 60, 86400);
    EXPECT_DOUBLE_EQ(std::get<double>(*parseOptionValue(spec, "0.5")), 0.5);
    EXPECT_FALSE(parseOptionValue(spec, "0.001").ok());
    EXPECT_FALSE(parseOptionValue(spec, "nan").ok());
    EXPECT_FALSE(parseOptionValue(spec, "inf").ok());
    const Expected<OptionValue> v = parseOptionValue(spec, "1e6");
    ASSERT_FALSE(v.ok());
    EXPECT_TRUE(mentions(v.error(), "option time_limit must be in [0.01, 86400], got '1e6'")) << v.error().message;
}

TEST(OptionTable, AnExcludedMinimumIsOutOfRange) {
    OptionSpec fat = OptionSpec::number("fat", "width", 0, 0.5, 1);
    fat.minimumExcluded = true;
    EXPECT_TRUE(parseOptionValue(fat, "0.001").ok());
    const Expected<OptionValue> zero = parseOptionValue(fat, "0");
    ASSERT_FALSE(zero.ok());
    EXPECT_EQ(zero.error().message, "option fat must be in (0, 1], got '0'");
}

TEST(OptionTable, BoolReadsTheUsualSpellings) {
    const OptionSpec spec = OptionSpec::flag("compact", "compact layout", true);
    for (const char* yes : {"1", "true", "yes", "on"}) EXPECT_TRUE(std::get<bool>(*parseOptionValue(spec, yes)));
    for (const char* no : {"0", "false", "no", "off"}) EXPECT_FALSE(std::get<bool>(*parseOptionValue(spec, no)));
    EXPECT_FALSE(parseOptionValue(spec, "2").ok());
    EXPECT_FALSE(optionValueFromNumber(spec, 0.5).ok());
    EXPECT_TRUE(std::get<bool>(*optionValueFromNumber(spec, 1)));
}

TEST(OptionTable, EnumAcceptsItsChoicesOnly) {
    const OptionSpec spec = OptionSpec::choice("complexity", "task cost model", {"mixed", "same"}, "mixed");
    EXPECT_EQ(std::get<std::string>(*parseOptionValue(spec, "same")), "same");
    const Expected<OptionValue> v = parseOptionValue(spec, "Same");
    ASSERT_FALSE(v.ok());
    EXPECT_EQ(v.error().message, "option complexity must be mixed or same, got 'Same'");
    const OptionSpec three = OptionSpec::choice("format", "", {"auto", "dot", "stg"}, "auto");
    const Expected<OptionValue> w = parseOptionValue(three, "xml");
    ASSERT_FALSE(w.ok());
    EXPECT_EQ(w.error().message, "option format must be one of auto, dot, stg, got 'xml'");
}

TEST(OptionTable, ListsCheckEveryEntry) {
    const OptionSpec counts = OptionSpec::numberList("cpus", "CPU counts", 1, {4, 16}, 1024, /*integers=*/true);
    EXPECT_EQ(std::get<std::vector<double>>(*parseOptionValue(counts, "2, 8,32")), (std::vector<double>{2, 8, 32}));
    const Expected<OptionValue> fraction = parseOptionValue(counts, "2,2.5");
    ASSERT_FALSE(fraction.ok());
    EXPECT_TRUE(mentions(fraction.error(), "got 2.5")) << fraction.error().message;
    EXPECT_FALSE(parseOptionValue(counts, "2,,4").ok());
    EXPECT_FALSE(parseOptionValue(counts, "").ok());   // at least one entry
    EXPECT_FALSE(parseOptionValue(counts, "0").ok());

    const OptionSpec solvers = OptionSpec::textList("solvers", "solvers run", {"heft", "exact"}, {"heft"});
    EXPECT_EQ(std::get<std::vector<std::string>>(*parseOptionValue(solvers, "exact,heft")),
              (std::vector<std::string>{"exact", "heft"}));
    const Expected<OptionValue> typo = parseOptionValue(solvers, "heft,exakt");
    ASSERT_FALSE(typo.ok());
    EXPECT_TRUE(mentions(typo.error(), "'exakt'")) << typo.error().message;
}

TEST(OptionTable, TextOfAValueReadsBackAsTheSameValue) {
    const OptionTable table = {OptionSpec::integer("i", "", -5, 3, 5), OptionSpec::number("d", "", 0, 0.1, 1),
                               OptionSpec::flag("b", "", false), OptionSpec::choice("e", "", {"x", "y"}, "y"),
                               OptionSpec::numberList("n", "", 0, {0.25, 1e-5}, 10),
                               OptionSpec::textList("t", "", {}, {"a", "b"})};
    for (const OptionSpec& spec : table) {
        const Expected<OptionValue> back = parseOptionValue(spec, optionValueText(spec.defaultValue));
        ASSERT_TRUE(back.ok()) << spec.name << ": " << back.error().message;
        EXPECT_EQ(*back, spec.defaultValue) << spec.name;
    }
}

TEST(OptionTable, ResolvingNamesTheOwnerAndTheKnownOptions) {
    const OptionTable table = {OptionSpec::integer("tasks", "", 1, 100, 10000), OptionSpec::flag("fast", "", false)};
    const Expected<OptionValues> values = resolveOptionTexts(table, {{"tasks", "20"}}, "generate dag");
    ASSERT_TRUE(values.ok());
    EXPECT_EQ(values->integer("tasks"), 20);
    EXPECT_FALSE(values->flag("fast"));   // the default
    EXPECT_THROW((void)values->number("fast"), std::logic_error);   // wrong type: a programming error
    const Expected<OptionValues> typo = resolveOptionTexts(table, {{"task", "20"}}, "generate dag");
    ASSERT_FALSE(typo.ok());
    EXPECT_EQ(typo.error().message, "generate dag has no option 'task' (options: tasks, fast)");
    const Expected<OptionValues> range = resolveOptionTexts(table, {{"tasks", "20000"}}, "generate dag");
    ASSERT_FALSE(range.ok());
    EXPECT_EQ(range.error().message,
              "option tasks of generate dag must be an integer between 1 and 10000, got '20000'");
}

// An optional number has no default: unset until given, and then read and checked like any number.
TEST(OptionTable, AnOptionalNumberIsUnsetUntilGiven) {
    const OptionTable table = {OptionSpec::optionalNumber("default-flops", "flops", 0, 1e30),
                               OptionSpec::number("alpha", "fraction", 0, 0.5, 1)};
    const OptionValues defaults(table);
    EXPECT_FALSE(defaults.contains("default-flops"));
    EXPECT_EQ(defaults.numberIfSet("default-flops"), std::nullopt);
    EXPECT_EQ(defaults.numberIfSet("alpha"), 0.5);
    EXPECT_EQ(optionDefaultText(table[0]), "none");
    EXPECT_EQ(optionDefaultText(table[1]), "0.5");

    const Expected<OptionValues> given = resolveOptionTexts(table, {{"default-flops", "2e9"}}, "import");
    ASSERT_TRUE(given.ok());
    EXPECT_EQ(given->numberIfSet("default-flops"), 2e9);
    const Expected<OptionValues> negative = resolveOptionTexts(table, {{"default-flops", "-1"}}, "import");
    ASSERT_FALSE(negative.ok());
    EXPECT_EQ(negative.error().message, "option default-flops of import must be in [0, 1e+30], got '-1'");

    OptionValues values = *given;
    values.unset("default-flops");
    EXPECT_EQ(values, defaults);
}

// The import's table gives TaskGraphImportOptions{} by default and reads back what it wrote.
TEST(ImportOptionTable, DefaultsAreTheOptionsAndRoundTrip) {
    const OptionValues defaults(taskGraphImportOptionTable());
    const TaskGraphImportOptions none = taskGraphImportOptions(defaults);
    const TaskGraphImportOptions d;
    EXPECT_EQ(none.referenceSpeed, d.referenceSpeed);
    EXPECT_EQ(none.alpha, d.alpha);
    EXPECT_EQ(none.defaultFlops, std::nullopt);
    EXPECT_EQ(none.defaultBytes, std::nullopt);
    EXPECT_EQ(taskGraphFormat(defaults), "auto");

    TaskGraphImportOptions options;
    options.referenceSpeed = 2.5e9;
    options.alpha = 0.1;
    options.defaultFlops = 7e9;
    options.defaultBytes = 0;
    const OptionValues values = taskGraphImportValues(options, "stg");
    const TaskGraphImportOptions back = taskGraphImportOptions(values);
    EXPECT_EQ(back.referenceSpeed, 2.5e9);
    EXPECT_EQ(back.alpha, 0.1);
    EXPECT_EQ(back.defaultFlops, 7e9);
    EXPECT_EQ(back.defaultBytes, 0.0);
    EXPECT_EQ(taskGraphFormat(values), "stg");
    // Every format the readers know is a choice, under the name --format takes.
    const OptionSpec* format = findOption(taskGraphImportOptionTable(), "format");
    ASSERT_NE(format, nullptr);
    // Every task graph reader of the format table is a choice, under the name --format takes, after "auto".
    const std::vector<const FileFormat*> readers = fileFormats(FormatDirection::Read, {FormatContent::TaskGraph});
    ASSERT_EQ(format->choices.size(), readers.size() + 1);
    EXPECT_EQ(format->choices.front(), "auto");
    for (std::size_t i = 0; i < readers.size(); ++i) EXPECT_EQ(format->choices[i + 1], readers[i]->name);
}

// Every solver option is numeric (it travels as a number in a result's "options"), has its default in range,
// and resolving no options gives exactly the table's defaults.
TEST(SolverOptionTables, DefaultsComeFromTheTableAndAreValid) {
    for (const SolverSpec& spec : solverSpecs()) {
        for (const OptionSpec& option : spec.options) {
            EXPECT_TRUE(option.type == OptionType::Int || option.type == OptionType::Double ||
                        option.type == OptionType::Bool)
                << spec.name << " " << option.name;
            EXPECT_TRUE(checkOptionValue(option, option.defaultValue).ok()) << spec.name << " " << option.name;
        }
        const Expected<SolverOptions> resolved = resolveOptions(spec, {});
        ASSERT_TRUE(resolved.ok()) << spec.name;
        EXPECT_EQ(resolved->size(), spec.options.size());
        for (const OptionSpec& option : spec.options)
            EXPECT_EQ(resolved->at(option.name), optionValueNumber(option.defaultValue)) << spec.name;
    }
}

TEST(SolverOptionTables, IntegerAndBooleanOptionsAreTyped) {
    const SolverSpec* columns = findSolver("steady_state", "column-generation");
    ASSERT_NE(columns, nullptr);
    EXPECT_EQ(findOption(columns->options, "max_iterations")->type, OptionType::Int);
    const Expected<SolverOptions> half = resolveOptions(*columns, {{"max_iterations", 2.5}});
    ASSERT_FALSE(half.ok());
    EXPECT_EQ(half.error().message,
              "option max_iterations of solver column-generation must be an integer between 1 and 1000000, got 2.5");
    const SolverSpec* dual = findSolver("cpugpu", "dual-approx");
    ASSERT_NE(dual, nullptr);
    EXPECT_EQ(findOption(dual->options, "compact")->type, OptionType::Bool);
    EXPECT_FALSE(resolveOptions(*dual, {{"compact", 0.7}}).ok());
    const Expected<OptionValues> off = resolveSolverOptions(*dual, {{"compact", 0}});
    ASSERT_TRUE(off.ok());
    EXPECT_FALSE(off->flag("compact"));
}

}  // namespace
}  // namespace hetsched
