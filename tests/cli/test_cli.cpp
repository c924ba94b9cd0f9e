// The hetsched command line end to end: the public contract of subcommands, flags, exit codes and JSON keys.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include "cli_test_util.h"

namespace {

using namespace cli_test;

TEST(Cli, SolversListsEveryPartitionSolverOnOneLineEach) {
    const CliRun r = hetsched("solvers");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    for (const char* name : {"partition threshold", "partition dp", "partition olar", "partition proportional"})
        EXPECT_NE(r.out.find(name), std::string::npos) << name;
}

// --long adds each solver's statement (issue 29) without changing the one-line list scripts read.
TEST(Cli, SolversLongStatesGuaranteeComplexityAndSource) {
    const CliRun brief = hetsched("solvers --kind partition");
    ASSERT_EQ(brief.exitCode, 0) << brief.err;
    EXPECT_EQ(brief.out.find("guarantee:"), std::string::npos);
    const CliRun r = hetsched("solvers --long --kind partition");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("partition dp\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("  guarantee:  optimal for arbitrary costs (Pilla 2022, Lemmas 1-2 and Theorem 1)\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("  source:     Pilla 2022, section 3, Algorithm 1 (Eq. 3)\n"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("cpugpu"), std::string::npos);
    const CliRun options = hetsched("solvers --long --kind cpugpu");
    ASSERT_EQ(options.exitCode, 0) << options.err;
    EXPECT_NE(options.out.find("  --option time_limit=60  seconds GLPK may search"), std::string::npos) << options.out;
    EXPECT_EQ(hetsched("solvers --long --kind nothing").exitCode, 1);
}

// --markdown writes docs/algorithms.md's solver list, the text between its markers (tests/core checks the file).
TEST(Cli, SolversMarkdownIsTheDocsList) {
    const CliRun r = hetsched("solvers --markdown");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out.rfind("#### Partition (`partition`)\n", 0), 0u) << r.out.substr(0, 200);
    EXPECT_NE(r.out.find("- **`hcpa`**: "), std::string::npos);
    const CliRun both = hetsched("solvers --markdown --long");
    EXPECT_EQ(both.exitCode, 2);
    EXPECT_NE(both.err.find("--markdown lists every family"), std::string::npos) << both.err;
}

TEST(Cli, SolvePrintsTheResultContract) {
    const CliRun r = hetsched("solve " + example("partition-small.json"));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["kind"], "partition");
    EXPECT_EQ(j["solver"], "threshold");
    EXPECT_EQ(j["status"], "optimal");
    EXPECT_TRUE(j["seconds"].is_number());
    EXPECT_DOUBLE_EQ(j["makespan"].get<double>(), 3.5);
    ASSERT_EQ(j["assignment"].size(), 3u);
    EXPECT_EQ(j["assignment"][0]["resource"], "cpu");
    EXPECT_TRUE(j["assignment"][0].contains("tasks"));
    EXPECT_TRUE(j["assignment"][0].contains("cost"));
}

TEST(Cli, SolveWithANamedSolverAndAnOutputFile) {
    const fs::path out = scratch("dp.json");
    fs::remove(out);
    const CliRun r = hetsched("solve " + example("partition-small.json") + " --solver dp -o " + out.string());
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(r.out.empty());
    const auto j = nlohmann::json::parse(readFile(out));
    EXPECT_EQ(j["solver"], "dp");
    EXPECT_DOUBLE_EQ(j["makespan"].get<double>(), 3.5);
}

TEST(Cli, SolveReadsStandardInput) {
    const CliRun r = hetsched("solve -", example("partition-small.json"));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["status"], "optimal");
}

TEST(Cli, TotalCostObjectiveReportsTotalCost) {
    const fs::path in = scratch("energy.json");
    std::ofstream(in) << R"({"kind": "partition", "tasks": 6, "objective": "total_cost", "resources": [
        {"name": "a", "cost": {"affine": {"fixed": 1, "per_task": 2}}},
        {"name": "b", "cost": {"affine": {"fixed": 5, "per_task": 1}}}]})";
    const CliRun r = hetsched("solve " + in.string());
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["objective"], "total_cost");
    EXPECT_DOUBLE_EQ(j["total_cost"].get<double>(), 11.0);   // all six on b: 5 + 6; all on a: 13; mixed: >= 6 + 5 + ...
}

TEST(Cli, InfeasibleInstancesExitZeroWithTheReason) {
    const fs::path in = scratch("infeasible.json");
    std::ofstream(in) << R"({"kind": "partition", "tasks": 50, "resources": [
        {"name": "a", "upper": 10, "cost": {"affine": {"per_task": 1}}}]})";
    const CliRun r = hetsched("solve " + in.string());
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["status"], "infeasible");
    EXPECT_NE(j["message"].get<std::string>().find("< T = 50"), std::string::npos);
}

TEST(Cli, InvalidInputFailsWithOneLineNamingThePath) {
    const fs::path in = scratch("bad.json");
    std::ofstream(in) << R"({"kind": "partition", "tasks": 10, "resources": [
        {"name": "cpu", "lower": 0, "upper": 10, "cost": {"table": [0, 1, 2]}}]})";
    const CliRun r = hetsched("solve " + in.string());
    EXPECT_NE(r.exitCode, 0);
    EXPECT_NE(r.err.find("resources[0].cost.table: expected 11 values for lower=0..upper=10, got 3"), std::string::npos)
        << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
    EXPECT_TRUE(r.out.empty());
}

TEST(Cli, UnknownSolverAndMissingFileFail) {
    CliRun r = hetsched("solve " + example("partition-small.json") + " --solver simplex");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_NE(r.err.find("unknown solver 'simplex'"), std::string::npos) << r.err;
    r = hetsched("solve /nonexistent.json");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_NE(r.err.find("/nonexistent.json"), std::string::npos) << r.err;
    r = hetsched("solve");
    EXPECT_EQ(r.exitCode, 2);
    r = hetsched("frobnicate");
    EXPECT_EQ(r.exitCode, 2);
}

TEST(Cli, SolverThatRefusesTheInstanceFailsWithItsReason) {
    const CliRun r = hetsched("solve " + example("partition-small.json") + " --solver olar");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_NE(r.err.find("olar needs contiguous task counts"), std::string::npos) << r.err;
}

class CliExport : public ::testing::TestWithParam<std::string> {};

TEST_P(CliExport, WritesAValidChartFile) {
    const fs::path out = scratch("chart." + GetParam());
    fs::remove(out);
    const CliRun r = hetsched("export " + example("partition-heterogeneous-node.json") + " -o " + out.string());
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string content = readFile(out);
    ASSERT_GT(content.size(), 1000u);
    if (GetParam() == "png") {
        EXPECT_EQ(content.substr(1, 3), "PNG");
    } else if (GetParam() == "pdf") {
        EXPECT_EQ(content.substr(0, 4), "%PDF");
    } else {
        EXPECT_NE(content.find("<svg"), std::string::npos);
    }
}

INSTANTIATE_TEST_SUITE_P(Formats, CliExport, ::testing::Values("png", "pdf", "svg"));

TEST(Cli, ExportRefusesAnUnknownFormatAndAMissingOutput) {
    CliRun r = hetsched("export " + example("partition-small.json") + " -o " + scratch("chart.bmpx").string());
    EXPECT_NE(r.exitCode, 0);
    EXPECT_FALSE(r.err.empty());
    r = hetsched("export " + example("partition-small.json"));
    EXPECT_EQ(r.exitCode, 2);
}

}  // namespace

namespace {

TEST(CliDivisible, SolvePrintsTheFamilyContract) {
    const CliRun r = hetsched("solve " + example("divisible-small.json"));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["kind"], "divisible");
    EXPECT_EQ(j["solver"], "exhaustive");
    EXPECT_EQ(j["status"], "optimal");
    EXPECT_TRUE(j["throughput"].is_number());
    ASSERT_EQ(j["workers"].size(), 2u);
    for (const char* key : {"worker", "alpha", "send_start", "send_end", "compute_end", "return_start", "return_end", "idle"})
        EXPECT_TRUE(j["workers"][0].contains(key)) << key;
    const CliRun listed = hetsched("solvers --kind divisible");
    ASSERT_EQ(listed.exitCode, 0);
    for (const char* name : {"scenario-lp", "fifo-optimal", "lifo-optimal", "fifo-by-c", "fifo-by-w", "exhaustive", "no-return"})
        EXPECT_NE(listed.out.find(std::string("divisible ") + name), std::string::npos) << name;
}

TEST(CliDivisible, ExportsTheTimeline) {
    const fs::path out = scratch("timeline.svg");
    const CliRun r = hetsched("export " + example("divisible-neither-fifo-nor-lifo.json") + " -o " + out.string());
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string svg = readFile(out);
    EXPECT_NE(svg.find("<svg"), std::string::npos);
    EXPECT_NE(svg.find("master send"), std::string::npos);
}

TEST(CliSteady, ExportsThePatternDecompositionView) {
    for (const char* suffix : {"svg", "pdf", "png"}) {
        const fs::path out = scratch(std::string("steady.").append(suffix));
        fs::remove(out);
        const CliRun r = hetsched("export " + example("steady-state-bag-of-tasks.json") + " -o " + out.string());
        ASSERT_EQ(r.exitCode, 0) << r.err;
        const std::string content = readFile(out);
        ASSERT_GT(content.size(), 3000u) << suffix;
        if (std::string(suffix) == "svg") {
            // The graph, the period strip and the schedule, as vectors.
            EXPECT_NE(content.find("valid patterns"), std::string::npos);
            EXPECT_NE(content.find("send ports"), std::string::npos);
            EXPECT_NE(content.find("source"), std::string::npos);
            EXPECT_EQ(content.find("<image"), std::string::npos);
        }
    }
}

TEST(CliExperiment, DivisibleSimulationPrintsCsv) {
    const CliRun r = hetsched("experiment divisible-simulation --workers 20 --platforms 2 --z 0.8,1 --ratios 0.5,5");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::istringstream lines(r.out);
    std::string header;
    std::getline(lines, header);
    EXPECT_EQ(header, "z,ratio,platforms,lifo_optimal,fifo_by_c,fifo_by_w,fifo_optimal_workers,fifo_optimal_throughput,"
                      "lifo_optimal_sd,fifo_by_c_sd,fifo_by_w_sd,fifo_optimal_workers_sd,fifo_optimal_throughput_sd");
    int rows = 0;
    for (std::string line; std::getline(lines, line);) {
        ++rows;
        EXPECT_EQ(std::count(line.begin(), line.end(), ','), 12) << line;   // 13 columns: 8 of means, 5 of deviations
    }
    EXPECT_EQ(rows, 4);
    const fs::path out = scratch("simulation.csv");
    const CliRun toFile = hetsched("experiment divisible-simulation --workers 5 --platforms 1 --ratios log:1:10:3 -o " +
                                   out.string());
    ASSERT_EQ(toFile.exitCode, 0) << toFile.err;
    EXPECT_TRUE(toFile.out.empty());
    const std::string csv = readFile(out);
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 7);
}

// `-o OUT.tex` writes the experiment's table as booktabs LaTeX: the CSV's columns as its header (underscores read
// as spaces), one row per CSV row with the CSV's values, and it sets with pdflatex inside a document.
TEST(CliExperiment, WritesItsTableAsBooktabsLatex) {
    const std::string command = "experiment divisible-simulation --workers 5 --platforms 1 --z 1 --ratios 0.5,2,8";
    const CliRun csv = hetsched(command);
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    std::istringstream csvLines(csv.out);
    std::vector<std::vector<std::string>> rows;
    for (std::string line; std::getline(csvLines, line);) {
        std::vector<std::string> fields;
        std::istringstream cells(line);
        for (std::string cell; std::getline(cells, cell, ',');) fields.push_back(cell);
        rows.push_back(fields);
    }
    ASSERT_EQ(rows.size(), 4U);   // the header and one row per ratio

    const fs::path out = scratch("simulation.tex");
    const CliRun tex = hetsched(command + " -o " + out.string());
    ASSERT_EQ(tex.exitCode, 0) << tex.err;
    EXPECT_TRUE(tex.out.empty());
    const std::string latex = readFile(out);
    EXPECT_NE(latex.find("\\begin{tabular}{" + std::string(rows.front().size(), 'r') + "}"), std::string::npos) << latex;
    for (const char* rule : {"\\toprule", "\\midrule", "\\bottomrule", "\\end{tabular}"})
        EXPECT_NE(latex.find(rule), std::string::npos) << rule << " missing in\n" << latex;
    // The header: the CSV's column names, underscores as spaces.
    std::string header;
    for (std::size_t c = 0; c < rows.front().size(); ++c) {
        std::string name = rows.front()[c];
        std::replace(name.begin(), name.end(), '_', ' ');
        header += (c > 0 ? " & " : "") + name;
    }
    EXPECT_NE(latex.find(header + " \\\\"), std::string::npos) << header << "\n" << latex;
    // Each CSV row is a row of the table, its ratio and platform count as the CSV gives them.
    std::size_t tableRows = 0;
    std::istringstream texLines(latex);
    for (std::string line; std::getline(texLines, line);)
        if (line.size() > 2 && line.compare(line.size() - 2, 2, "\\\\") == 0) ++tableRows;
    EXPECT_EQ(tableRows, rows.size());
    for (std::size_t r = 1; r < rows.size(); ++r)
        EXPECT_NE(latex.find(rows[r][1] + " & " + rows[r][2] + " & "), std::string::npos) << rows[r][1] << "\n" << latex;

    // pdflatex sets it (Debian texlive: where it is installed).
    if (std::system("command -v pdflatex > /dev/null 2>&1") == 0) {
        const fs::path document = scratch("simulation-table.tex");
        std::ofstream(document) << "\\documentclass{article}\n\\usepackage{booktabs}\n\\begin{document}\n"
                                   "\\begin{table}\\input{" << out.string() << "}\\end{table}\n\\end{document}\n";
        const std::string run = "cd " + scratchDirectory().string() +
                                " && pdflatex -interaction=nonstopmode -halt-on-error simulation-table.tex > /dev/null 2>&1";
        EXPECT_EQ(std::system(run.c_str()), 0) << "pdflatex refuses the table";
    }
}

TEST(CliExperiment, RefusesBadArguments) {
    CliRun r = hetsched("experiment");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("divisible-simulation"), std::string::npos) << r.err;
    EXPECT_EQ(hetsched("experiment --list").exitCode, 0);
    r = hetsched("experiment divisible-simulation --workers -3");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--workers must be an integer between 1 and 2000"), std::string::npos) << r.err;
    r = hetsched("experiment divisible-simulation --ratios log:10:1:5");
    EXPECT_EQ(r.exitCode, 2);
    r = hetsched("experiment divisible-simulation --z");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--z needs a value"), std::string::npos) << r.err;
    r = hetsched("experiment nonsense");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("unknown experiment 'nonsense'"), std::string::npos) << r.err;
}

}  // namespace

namespace {

nlohmann::json solved(const std::string& exampleName, const std::string& solver = "") {
    const CliRun r = hetsched("solve " + example(exampleName) + (solver.empty() ? "" : " --solver " + solver));
    EXPECT_EQ(r.exitCode, 0) << exampleName << ": " << r.err;
    return r.exitCode == 0 ? nlohmann::json::parse(r.out) : nlohmann::json::object();
}

// Solver options come from the solver's typed table: an integer option refuses fractions, a boolean 0/1 or
// true/false, a typo is named with the options the solver has, and the old numeric spelling still works.
TEST(CliOptions, SolverOptionsAreCheckedAgainstTheTypedTable) {
    const std::string file = example("cpugpu-small.json");
    CliRun r = hetsched("solve " + file + " --solver heteroprio --option spoliation=0");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    r = hetsched("solve " + file + " --solver dual-approx --option compact=true");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    r = hetsched("solve " + file + " --solver exact --option time_limit=5");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    for (const auto& [arguments, message] : std::vector<std::pair<std::string, std::string>>{
             {" --solver dual-approx --option compact=0.5", "option compact of solver dual-approx must be 0 or 1"},
             {" --solver exact --option time_limit=0", "option time_limit of solver exact must be in [0.01, 86400]"},
             {" --solver heteroprio --option spoilation=0",
              "solver heteroprio has no option 'spoilation' (options: spoliation)"},
             {" --solver heft --option compact=1", "solver heft has no option 'compact' (it takes none)"},
             {" --solver dual-approx --option compact", "--option expects NAME=VALUE"}}) {
        r = hetsched("solve " + file + arguments);
        EXPECT_NE(r.exitCode, 0) << arguments;
        EXPECT_NE(r.err.find(message), std::string::npos) << arguments << ": " << r.err;
    }
    r = hetsched("solvers --kind steady_state");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("--option max_iterations=5000"), std::string::npos) << r.out;
}

// generate dag's flags are its option table: each out of range or mistyped value names the flag and the range,
// a typo of a flag is an unknown flag, and the help lists each flag with the table's default.
TEST(CliOptions, GenerateFlagsComeFromTheGeneratorTable) {
    for (const auto& [arguments, message] : std::vector<std::pair<std::string, std::string>>{
             {"--tasks 1000001", "--tasks must be an integer between 1 and 1000000, got '1000001'"},
             {"--tasks 2.5", "--tasks must be an integer between 1 and 1000000, got '2.5'"},
             {"--jump x", "--jump must be an integer between 1 and 1000000, got 'x'"},
             {"--ccr -1", "--ccr must be in [0, 1e+06], got '-1'"},
             {"--clusters 1001", "--clusters must be an integer between 1 and 1000, got '1001'"},
             {"--heterogeneity 0.5", "--heterogeneity must be in [1, 1e+06], got '0.5'"},
             {"--taks 5", "unknown flag --taks"},
             {"--tasks", "--tasks needs a value"}}) {
        const CliRun r = hetsched("generate dag " + arguments);
        EXPECT_EQ(r.exitCode, 2) << arguments;
        EXPECT_NE(r.err.find(message), std::string::npos) << arguments << ": " << r.err;
    }
    const CliRun help = hetsched("generate --help");
    ASSERT_EQ(help.exitCode, 0);
    for (const char* line : {"--tasks 20 ", "--fat 0.5 ", "--complexity mixed ", "--max-alpha 0.2 ", "--seed 1 "})
        EXPECT_NE(help.out.find(line), std::string::npos) << line << "\n" << help.out;
    // The old spellings: every flag with a value, the platform flags beside them.
    const CliRun r = hetsched("generate dag --tasks 12 --fat 1 --regularity 0 --density 1 --jump 3 --ccr 0.5 "
                              "--max-alpha 0 --complexity same --seed 4 --clusters 2 --min-processors 2 "
                              "--max-processors 4 --min-speed 2e9 --heterogeneity 1 --platform-seed 7");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["tasks"].size(), 12u);
    ASSERT_EQ(j["platform"]["clusters"].size(), 2u);
    for (const auto& c : j["platform"]["clusters"]) EXPECT_DOUBLE_EQ(c["speed"].get<double>(), 2e9);
    for (const auto& t : j["tasks"]) EXPECT_DOUBLE_EQ(t["alpha"].get<double>(), 0.0);
}

TEST(CliFamilies, CpuGpuResultContract) {
    const auto j = solved("cpugpu-small.json");
    EXPECT_EQ(j["kind"], "cpugpu");
    EXPECT_EQ(j["solver"], "dual-approx");
    EXPECT_TRUE(j["makespan"].is_number());
    EXPECT_TRUE(j["lower_bound"].is_number());
    EXPECT_TRUE(j["lambda"].is_number());
    ASSERT_FALSE(j["tasks"].empty());
    for (const auto& t : j["tasks"]) {
        for (const char* key : {"task", "unit", "processor", "start", "end", "shelf"}) EXPECT_TRUE(t.contains(key)) << key;
        EXPECT_TRUE(t["unit"] == "cpu" || t["unit"] == "gpu");
    }
}

TEST(CliFamilies, SteadyStateResultContract) {
    const auto j = solved("steady-state-bag-of-tasks.json");
    EXPECT_EQ(j["kind"], "steady_state");
    EXPECT_EQ(j["solver"], "lp");
    for (const char* key : {"throughput", "allocations", "patterns", "period", "tasks_per_period"})
        EXPECT_TRUE(j.contains(key)) << key;
    double durations = 0;
    for (const auto& p : j["patterns"]) {
        EXPECT_TRUE(p.contains("links"));
        durations += p["duration"].get<double>();
    }
    EXPECT_LE(durations, 1 + 1e-9);
    EXPECT_NEAR(j["throughput"].get<double>(), j["tasks_per_period"].get<double>() / j["period"].get<double>(), 1e-9);
    for (const auto& a : j["allocations"]) EXPECT_TRUE(a.contains("weight"));
    const auto cg = solved("steady-state-bag-of-tasks.json", "column-generation");
    EXPECT_NEAR(cg["throughput"].get<double>(), j["throughput"].get<double>(), 1e-6 * j["throughput"].get<double>());
}

TEST(CliFamilies, DagResultContract) {
    const auto j = solved("dag-two-clusters.json");
    EXPECT_EQ(j["kind"], "dag");
    EXPECT_EQ(j["solver"], "hcpa");
    EXPECT_TRUE(j["makespan"].is_number());
    ASSERT_FALSE(j["tasks"].empty());
    for (const auto& t : j["tasks"])
        for (const char* key : {"task", "cluster", "processors", "start", "end"}) EXPECT_TRUE(t.contains(key)) << key;
}

TEST(CliFamilies, EveryExampleSolvesAndExportsWithItsDefaultSolver) {
    for (const auto& entry : fs::directory_iterator(HETSCHED_EXAMPLES_DIR)) {
        const std::string name = entry.path().filename().string();
        const fs::path out = scratch(name + ".svg");
        const CliRun r = hetsched("export " + entry.path().string() + " -o " + out.string());
        EXPECT_EQ(r.exitCode, 0) << name << ": " << r.err;
        EXPECT_NE(readFile(out).find("<svg"), std::string::npos) << name;
    }
}

TEST(CliExperiment, CpuGpuAndDagEvaluationPrintCsv) {
    CliRun r = hetsched("experiment cpugpu --tasks 10:20:10 --cpus 2 --gpus 1 --instances 2");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out.rfind("tasks,cpus,gpus,solver,", 0), 0u) << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1 + 2 * 4);
    r = hetsched("experiment cpugpu --tasks 10:5");
    EXPECT_EQ(r.exitCode, 2);
    r = hetsched("experiment dag-evaluation --samples 1 --sizes 10 --clusters 1,2 --heterogeneity 1");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_GT(std::count(r.out.begin(), r.out.end(), '\n'), 2);
}

std::string dagData(const std::string& name) { return std::string(HETSCHED_TEST_DATA_DIR) + "/dag/" + name; }

TEST(CliImport, DaggenDotOnASimGridPlatformThenSolve) {
    const fs::path out = scratch("imported.json");
    fs::remove(out);
    CliRun r = hetsched("import " + dagData("daggen-12.dot") + " --platform " + dagData("two-clusters.xml") + " -o " +
                        out.string());
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("12 tasks, 15 edges, 2 cluster(s), 64 processors"), std::string::npos) << r.out;
    const auto j = nlohmann::json::parse(readFile(out));
    EXPECT_EQ(j["kind"], "dag");
    ASSERT_EQ(j["tasks"].size(), 12u);
    EXPECT_EQ(j["tasks"][0]["name"], "1");
    EXPECT_DOUBLE_EQ(j["tasks"][0]["flops"].get<double>(), 2336734020.0);
    EXPECT_DOUBLE_EQ(j["tasks"][0]["alpha"].get<double>(), 0.06);
    EXPECT_EQ(j["platform"]["clusters"][1]["name"], "nancy");
    EXPECT_EQ(j["platform"]["clusters"][1]["processors"], 32);   // 16 hosts of 2 cores
    // The round trip: the imported instance solves with every dag solver.
    for (const char* solver : {"hcpa", "s-hcpa", "cpa", "mheft", "heft", "seq"}) {
        r = hetsched("solve " + out.string() + " --solver " + solver);
        ASSERT_EQ(r.exitCode, 0) << solver << ": " << r.err;
        EXPECT_GT(nlohmann::json::parse(r.out)["makespan"].get<double>(), 0) << solver;
    }
}

TEST(CliImport, WfFormatOnAJsonPlatformToStandardOutput) {
    const CliRun r = hetsched("import " + dagData("wfformat-blast.json") + " --platform " + dagData("platform.json") +
                              " --reference-speed 2e9 --alpha 0.1");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["tasks"].size(), 5u);
    EXPECT_DOUBLE_EQ(j["tasks"][1]["flops"].get<double>(), 380.2 * 2e9);
    EXPECT_DOUBLE_EQ(j["tasks"][1]["alpha"].get<double>(), 0.1);
    EXPECT_EQ(j["edges"].size(), 6u);
    EXPECT_EQ(j["platform"]["clusters"][0]["name"], "small");
    // A dag instance as the platform file: its platform.
    const CliRun again = hetsched("import " + dagData("wfformat-blast.json") + " --platform " +
                                  example("dag-two-clusters.json"));
    ASSERT_EQ(again.exitCode, 0) << again.err;
    const auto example = nlohmann::json::parse(readFile(HETSCHED_EXAMPLES_DIR "/dag-two-clusters.json"));
    EXPECT_EQ(nlohmann::json::parse(again.out)["platform"], example["platform"]);
}

TEST(CliImport, RandomPlatformIsSeeded) {
    const std::string command = "import " + dagData("daggen-12.dot") + " --clusters 4 --min-processors 16 "
                                "--max-processors 32 --heterogeneity 3 --seed 5";
    const CliRun a = hetsched(command), b = hetsched(command), c = hetsched(command + " --platform-seed 6");
    ASSERT_EQ(a.exitCode, 0) << a.err;
    EXPECT_EQ(a.out, b.out);
    EXPECT_NE(a.out, c.out);
    const auto j = nlohmann::json::parse(a.out);
    ASSERT_EQ(j["platform"]["clusters"].size(), 4u);
    double slowest = 1e300, fastest = 0;
    for (const auto& cluster : j["platform"]["clusters"]) {
        EXPECT_GE(cluster["processors"].get<int>(), 16);
        EXPECT_LE(cluster["processors"].get<int>(), 32);
        slowest = std::min(slowest, cluster["speed"].get<double>());
        fastest = std::max(fastest, cluster["speed"].get<double>());
    }
    EXPECT_GE(slowest, 1e9);
    EXPECT_LE(fastest, 3e9);
}

TEST(CliImport, BadInputGivesOneLineNamingTheProblem) {
    struct Case {
        std::string arguments;
        int exitCode;
        std::string message;
    };
    const std::string dot = dagData("daggen-12.dot");
    const std::vector<Case> cases{
        {"", 2, "usage: hetsched import"},
        {dot, 2, "missing the platform"},
        {"--clusters 2", 2, "missing the task GRAPH"},
        {dot + " --clusters 2 --format xml", 2, "--format must be one of auto, dot, wfformat, dax, stg, daggen, got 'xml'"},
        {dot + " --clusters 0", 2, "--clusters must be an integer between 1 and 1000"},
        {dot + " --heterogeneity 3", 2, "--heterogeneity needs --clusters N"},
        {dot + " --clusters 2 --platform " + dagData("two-clusters.xml"), 2, "are exclusive"},
        {dot + " --clusters 2 --reference-speed 2e9", 2, "--reference-speed applies to graphs with runtimes"},
        {dot + " --clusters 2 --alpha 1.5", 2, "--alpha must be in [0, 1], got '1.5'"},
        {dot + " --clusters 2 --default-flops -1", 2, "--default-flops must be in [0, 1e+30], got '-1'"},
        {dagData("wfformat-blast.json") + " --clusters 2 --reference-speed 0", 2,
         "--reference-speed must be in (0, 1e+20], got '0'"},
        {dot + " --clusters 2 --source h", 2, "--source applies to --kind steady_state only"},
        {dot + " --kind tree", 2, "--kind must be dag, steady_state, cpugpu, partition or divisible"},
        {dot + " --clusters 2 --bogus 1", 2, "unknown flag --bogus"},
        {dot + " --clusters", 2, "--clusters needs a value"},
        {dot + " " + dot + " --clusters 2", 2, "one GRAPH only"},
        {dagData("missing.dot") + " --clusters 2", 1, "missing.dot"},
        {dagData("cyclic.dot") + " --clusters 2", 1, "cyclic.dot: the graph has a cycle: b -> c -> a -> b"},
        {dagData("platform.json") + " --clusters 2", 1, "platform.json"},
        {dagData("two-clusters.xml") + " --clusters 2", 1, "a SimGrid platform, not a task graph"},
        {dot + " --platform " + dagData("cyclic.dot"), 1, "unknown platform format"},
        {dot + " --platform " + example("partition-small.json"), 1, "a \"partition\" instance has no cluster platform"},
        {dot + " --platform " + dagData("missing.xml"), 1, "missing.xml"},
    };
    for (const Case& c : cases) {
        const CliRun r = hetsched("import " + c.arguments);
        EXPECT_EQ(r.exitCode, c.exitCode) << c.arguments << ": " << r.err;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << c.arguments << ": " << r.err;
        EXPECT_TRUE(r.out.empty()) << c.arguments;
        if (c.exitCode == 1) {
            EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        }
    }
    // A DOT file under another name: --format dot reads it, auto looks at the content.
    const fs::path renamed = scratch("graph.txt");
    fs::copy_file(dot, renamed, fs::copy_options::overwrite_existing);
    EXPECT_EQ(hetsched("import " + renamed.string() + " --clusters 2 --format dot").exitCode, 0);
    EXPECT_EQ(hetsched("import " + renamed.string() + " --clusters 2").exitCode, 0);
    const CliRun wrong = hetsched("import " + renamed.string() + " --clusters 2 --format wfformat");
    EXPECT_EQ(wrong.exitCode, 1);
    EXPECT_NE(wrong.err.find("graph.txt"), std::string::npos) << wrong.err;
}

TEST(CliImport, AGraphWithoutSizesNeedsTheDefaultsAndTheSummarySaysWhatWasDefaulted) {
    const fs::path bare = scratch("bare.dot");
    {
        std::ofstream f(bare);
        f << "digraph snakemake {\n  all; align -> call; call -> all; align -> call;\n}\n";
    }
    const CliRun refused = hetsched("import " + bare.string() + " --clusters 2");
    EXPECT_EQ(refused.exitCode, 1);
    EXPECT_NE(refused.err.find("--default-flops"), std::string::npos) << refused.err;
    const fs::path out = scratch("bare.json");
    const CliRun r = hetsched("import " + bare.string() + " --clusters 2 --default-flops 5e9 --default-bytes 1e6 -o " +
                              out.string());
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("3 tasks, 2 edges"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("note: "), std::string::npos) << "the summary names what was defaulted or merged: " << r.out;
    const auto j = nlohmann::json::parse(readFile(out));
    for (const auto& task : j["tasks"]) EXPECT_DOUBLE_EQ(task["flops"].get<double>(), 5e9);
    EXPECT_EQ(hetsched("solve " + out.string()).exitCode, 0);
}

TEST(CliImport, ASimGridPlatformAsASteadyStateInstanceSolves) {
    const fs::path out = scratch("steady.json");
    const CliRun r = hetsched("import " + dagData("two-clusters.xml") + " --kind steady_state -o " + out.string());
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("steady_state bag of tasks, 48 processors"), std::string::npos) << r.out;
    const auto j = nlohmann::json::parse(readFile(out));
    EXPECT_EQ(j["kind"], "steady_state");
    const CliRun solved = hetsched("solve " + out.string());
    ASSERT_EQ(solved.exitCode, 0) << solved.err;
    EXPECT_GT(nlohmann::json::parse(solved.out)["throughput"].get<double>(), 0) << solved.out;
    const CliRun unknown = hetsched("import " + dagData("two-clusters.xml") + " --kind steady_state --source nowhere");
    EXPECT_EQ(unknown.exitCode, 1);
    EXPECT_NE(unknown.err.find("nowhere"), std::string::npos) << unknown.err;
    const CliRun broken = hetsched("import " + dagData("cyclic.dot") + " --kind steady_state");
    EXPECT_EQ(broken.exitCode, 1);
    EXPECT_EQ(std::count(broken.err.begin(), broken.err.end(), '\n'), 1) << broken.err;
}

TEST(CliGenerate, DagIsSeededAndSolves) {
    const fs::path out = scratch("generated.json");
    CliRun r = hetsched("generate dag --tasks 40 --fat 0.4 --density 0.3 --jump 2 --ccr 0.001 --clusters 3 --seed 9 -o " +
                        out.string());
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string first = readFile(out);
    const auto j = nlohmann::json::parse(first);
    EXPECT_EQ(j["kind"], "dag");
    EXPECT_EQ(j["tasks"].size(), 40u);
    EXPECT_EQ(j["platform"]["clusters"].size(), 3u);
    r = hetsched("generate dag --tasks 40 --fat 0.4 --density 0.3 --jump 2 --ccr 0.001 --clusters 3 --seed 9");
    EXPECT_EQ(r.out, first);
    r = hetsched("generate dag --tasks 40 --seed 10");
    EXPECT_NE(r.out, first);
    EXPECT_EQ(nlohmann::json::parse(r.out)["platform"]["clusters"].size(), 4u);   // the default platform
    r = hetsched("solve " + out.string() + " --solver s-hcpa");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    r = hetsched("generate dag --tasks 5 --platform " + dagData("two-clusters.xml"));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["platform"]["clusters"][0]["name"], "rennes");
    for (const auto& [arguments, message] : std::vector<std::pair<std::string, std::string>>{
             {"", "usage: hetsched generate dag"},
             {"tree", "unknown kind 'tree' (known: dag, partition, divisible, cpugpu, steady_state)"},
             {"dag --fat 0", "--fat must be in (0, 1], got '0'"},
             {"dag --density 1.5", "--density must be in [0, 1]"},
             {"dag --tasks 0", "--tasks must be an integer between 1 and 1000000"},
             {"dag --complexity odd", "--complexity must be mixed or same"},
             {"dag --min-processors 200 --max-processors 100", "--max-processors is below --min-processors"},
             {"dag --clusters 2 --platform x.xml", "are exclusive"}}) {
        r = hetsched("generate " + arguments);
        EXPECT_EQ(r.exitCode, 2) << arguments;
        EXPECT_NE(r.err.find(message), std::string::npos) << arguments << ": " << r.err;
    }
}

}  // namespace

namespace {

TEST(CliExport, HelpPrintsTheUsageInsteadOfReadingAFile) {
    for (const std::string flag : {"--help", "-h"}) {
        const CliRun r = hetsched("export " + flag);
        EXPECT_EQ(r.exitCode, 0) << flag << ": " << r.err;
        EXPECT_NE(r.out.find("usage: hetsched export FILE"), std::string::npos) << flag << ": " << r.out;
        EXPECT_NE(r.out.find("--width"), std::string::npos) << flag;
        EXPECT_TRUE(r.err.empty()) << flag << ": " << r.err;
    }
    // Among other arguments too, and nothing is solved or written.
    const fs::path chart = scratchDirectory() / "not-written.png";
    const CliRun r = hetsched("export " + example("partition-small.json") + " --help -o " + chart.string());
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("usage: hetsched export FILE"), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(chart));
    // No arguments at all: the usage on stderr, a command-line error.
    const CliRun none = hetsched("export");
    EXPECT_EQ(none.exitCode, 2);
    EXPECT_NE(none.err.find("usage: hetsched export FILE"), std::string::npos) << none.err;
}

}  // namespace

namespace {

// Width, height and pixels per metre (0 when untagged) of a PNG, read from its IHDR and pHYs chunks.
struct PngHeader {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::uint32_t pixelsPerMetre = 0;
};

std::uint32_t bigEndian(const std::string& bytes, std::size_t at) {
    std::uint32_t value = 0;
    for (std::size_t k = 0; k < 4; ++k) value = (value << 8) | static_cast<unsigned char>(bytes[at + k]);
    return value;
}

PngHeader pngHeader(const std::string& bytes) {
    PngHeader header;
    if (bytes.size() < 24 || bytes.compare(1, 3, "PNG") != 0) return header;
    header.width = bigEndian(bytes, 16);
    header.height = bigEndian(bytes, 20);
    const std::size_t phys = bytes.find("pHYs");
    if (phys != std::string::npos && phys + 8 <= bytes.size()) header.pixelsPerMetre = bigEndian(bytes, phys + 4);
    return header;
}

TEST(CliExportDialogFlags, ADpiTagsThePngOfTheSizeAsked) {
    const fs::path out = scratch("dpi.png");
    fs::remove(out);
    const CliRun r = hetsched("export " + example("dag-two-clusters.json") +
                              " --width 2008 --height 945 --dpi 300 -o " + out.string());
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const PngHeader header = pngHeader(readFile(out));
    EXPECT_EQ(header.width, 2008u);
    EXPECT_EQ(header.height, 945u);
    EXPECT_EQ(header.pixelsPerMetre, 11811u);   // 300 / 0.0254
}

TEST(CliExportDialogFlags, APartOfADagResultAndTheRefusals) {
    for (const char* part : {"gantt", "dag", "both"}) {
        const fs::path out = scratch(std::string("part-") + part + ".png");
        fs::remove(out);
        const CliRun r = hetsched("export " + example("dag-two-clusters.json") + " --part " + part +
                                  " --width 900 --height 500 -o " + out.string());
        ASSERT_EQ(r.exitCode, 0) << part << ": " << r.err;
        EXPECT_EQ(pngHeader(readFile(out)).width, 900u) << part;
    }
    CliRun r = hetsched("export " + example("dag-two-clusters.json") + " --part tree -o " +
                        scratch("bad.png").string());
    EXPECT_NE(r.exitCode, 0);
    EXPECT_NE(r.err.find("--part must be gantt, dag or both"), std::string::npos) << r.err;
    r = hetsched("export " + example("partition-small.json") + " --part gantt -o " + scratch("bad.png").string());
    EXPECT_NE(r.exitCode, 0);
    EXPECT_NE(r.err.find("--part applies to task graph"), std::string::npos) << r.err;
    r = hetsched("export " + example("dag-two-clusters.json") + " --dpi 300 -o " + scratch("bad.pdf").string());
    EXPECT_NE(r.exitCode, 0);
    EXPECT_NE(r.err.find("--dpi applies to PNG only"), std::string::npos) << r.err;
    r = hetsched("export " + example("dag-two-clusters.json") + " --dpi many -o " + scratch("bad.png").string());
    EXPECT_EQ(r.exitCode, 2);
}

}  // namespace

// ---- hetsched simulate ----

TEST(CliSimulate, PrintsPlannedAndSimulatedTimesOfEveryTaskAndTransfer) {
    const CliRun solved = hetsched("solve " + example("dag-two-clusters.json") + " --solver hcpa");
    ASSERT_EQ(solved.exitCode, 0) << solved.err;
    const double planned = nlohmann::json::parse(solved.out)["makespan"].get<double>();
    const CliRun r = hetsched("simulate " + example("dag-two-clusters.json") + " --solver hcpa");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["kind"], "dag");
    EXPECT_EQ(j["solver"], "hcpa");
    EXPECT_NE(j["simulator"].get<std::string>().find("SimGrid"), std::string::npos);
    EXPECT_EQ(j["platform"]["source"], "generated");
    EXPECT_DOUBLE_EQ(j["planned_makespan"].get<double>(), planned);
    EXPECT_GE(j["simulated_makespan"].get<double>(), planned * (1 - 1e-9));
    for (const char* key : {"difference", "relative_difference", "tolerance", "seconds"}) EXPECT_TRUE(j.contains(key)) << key;
    ASSERT_EQ(j["tasks"].size(), 8u);
    for (const char* key : {"id", "start", "end", "planned_start", "planned_end", "delay", "cause", "uncontended_duration"})
        EXPECT_TRUE(j["tasks"][0].contains(key)) << key;
    ASSERT_FALSE(j["transfers"].empty());
    for (const char* key : {"id", "from", "to", "bytes", "start", "end", "planned_start", "planned_end", "delay", "cause"})
        EXPECT_TRUE(j["transfers"][0].contains(key)) << key;
    // read sends to fft_x and fft_y at once from the same processors: they contend.
    bool contention = false;
    for (const auto& x : j["transfers"]) contention = contention || x["cause"] == "contention";
    EXPECT_TRUE(contention);
}

TEST(CliSimulate, AStoredResultAndTheGeneratedPlatformThenImportedBack) {
    const fs::path result = scratch("hcpa.json"), platform = scratch("platform.xml"), out = scratch("simulated.json");
    ASSERT_EQ(hetsched("solve " + example("dag-two-clusters.json") + " --solver mheft -o " + result.string()).exitCode, 0);
    const CliRun r = hetsched("simulate " + example("dag-two-clusters.json") + " --result " + result.string() +
                              " --write-platform " + platform.string() + " -o " + out.string());
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("simulated makespan"), std::string::npos) << r.out;
    EXPECT_EQ(nlohmann::json::parse(readFile(out))["solver"], "mheft");
    EXPECT_NE(readFile(platform).find("<cluster id=\"C1\""), std::string::npos);
    // The platform written is a SimGrid platform: a graph imported on it is simulated on that file.
    const fs::path imported = scratch("imported.json");
    ASSERT_EQ(hetsched("import " + std::string(HETSCHED_TEST_DATA_DIR) + "/dag/daggen-12.dot --platform " +
                       platform.string() + " -o " + imported.string()).exitCode, 0);
    EXPECT_NE(readFile(imported).find("\"simgrid_file\""), std::string::npos);
    const CliRun again = hetsched("simulate " + imported.string());
    ASSERT_EQ(again.exitCode, 0) << again.err;
    const nlohmann::json j = nlohmann::json::parse(again.out);
    EXPECT_EQ(j["platform"]["source"], "file");
    EXPECT_EQ(j["platform"]["file"], fs::absolute(platform).lexically_normal().string());
    // Nothing was generated then.
    const CliRun write = hetsched("simulate " + imported.string() + " --write-platform " + scratch("x.xml").string());
    EXPECT_EQ(write.exitCode, 1);
    EXPECT_NE(write.err.find("nothing was generated"), std::string::npos) << write.err;
}

TEST(CliSimulate, RefusalsAndTheirExitCodes) {
    const CliRun partition = hetsched("simulate " + example("partition-small.json"));
    EXPECT_EQ(partition.exitCode, 1);
    EXPECT_NE(partition.err.find("partition"), std::string::npos) << partition.err;
    const CliRun both = hetsched("simulate " + example("dag-two-clusters.json") + " --result x.json --solver hcpa");
    EXPECT_EQ(both.exitCode, 2);
    EXPECT_NE(both.err.find("exclusive"), std::string::npos) << both.err;
    const CliRun value = hetsched("simulate " + example("dag-two-clusters.json") + " --platform");
    EXPECT_EQ(value.exitCode, 2);
    const CliRun unknown = hetsched("simulate " + example("dag-two-clusters.json") + " --frobnicate 3");
    EXPECT_EQ(unknown.exitCode, 2);
    const CliRun missing = hetsched("simulate " + example("dag-two-clusters.json") + " --platform /nonexistent/p.xml");
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("/nonexistent/p.xml"), std::string::npos) << missing.err;
    const CliRun help = hetsched("simulate --help");
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_NE(help.out.find("--write-platform"), std::string::npos);
}

TEST(CliSimulate, EveryFamilyWithAScheduleToReplay) {
    const CliRun divisible = hetsched("simulate " + example("divisible-small.json") + " --solver fifo-optimal");
    ASSERT_EQ(divisible.exitCode, 0) << divisible.err;
    const nlohmann::json d = nlohmann::json::parse(divisible.out);
    EXPECT_EQ(d["kind"], "divisible");
    EXPECT_NEAR(d["simulated_throughput"].get<double>(), d["planned_throughput"].get<double>(),
                1e-6 * d["planned_throughput"].get<double>());
    const CliRun cpugpu = hetsched("simulate " + example("cpugpu-small.json"));
    ASSERT_EQ(cpugpu.exitCode, 0) << cpugpu.err;
    EXPECT_TRUE(nlohmann::json::parse(cpugpu.out)["transfers"].empty());
    const CliRun steady = hetsched("simulate " + example("steady-state-bag-of-tasks.json") + " --periods 2");
    ASSERT_EQ(steady.exitCode, 0) << steady.err;
    const nlohmann::json s = nlohmann::json::parse(steady.out);
    EXPECT_EQ(s["periods"], 2);
    EXPECT_TRUE(s.contains("simulated_throughput"));
    EXPECT_EQ(hetsched("simulate " + example("dag-two-clusters.json") + " --periods 2").exitCode, 2);
    EXPECT_EQ(hetsched("simulate " + example("steady-state-bag-of-tasks.json") + " --periods 0").exitCode, 2);
    EXPECT_EQ(hetsched("simulate " + example("divisible-small.json") + " --platform x.xml").exitCode, 2);
}

TEST(CliSimulate, TheDagEvaluationMeasuresMakespansOnSimGrid) {
    const CliRun r = hetsched("experiment dag-evaluation --samples 1 --sizes 10 --clusters 2 --heterogeneity 2 "
                              "--min-speeds 1e9 --solvers seq,hcpa --simulate");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
              "group_by,value,solver,runs,makespan,makespan_times_peak_power,makespan_over_average_power,speedup_over_seq,"
              "simulated_makespan,simulated_over_planned,simulated_speedup_over_seq,"
              "makespan_sd,makespan_times_peak_power_sd,makespan_over_average_power_sd,speedup_over_seq_sd");
    const CliRun plain = hetsched("experiment dag-evaluation --samples 1 --sizes 10 --clusters 2 --heterogeneity 2 "
                                  "--min-speeds 1e9 --solvers seq");
    ASSERT_EQ(plain.exitCode, 0) << plain.err;
    EXPECT_EQ(plain.out.find("simulated"), std::string::npos);
}
