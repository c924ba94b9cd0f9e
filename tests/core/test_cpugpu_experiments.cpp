// The random instances and the experiment of section 5.2 of Kedad-Sidhoum et al. 2013.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <set>
#include <sstream>

#include "io/instance_io.h"
#include "experiments/cpugpu_experiments.h"

namespace hetsched {
namespace {

TEST(CpuGpuExperiment, RandomInstancesFollowSection52AndDependOnlyOnTheSeed) {
    const CpuGpuInstance a = randomCpuGpuInstance(2000, 4, 2, 99);
    const CpuGpuInstance b = randomCpuGpuInstance(2000, 4, 2, 99);
    const CpuGpuInstance c = randomCpuGpuInstance(2000, 4, 2, 100);
    ASSERT_EQ(a.tasks.size(), 2000u);
    EXPECT_EQ(instanceToJson(a), instanceToJson(b));
    EXPECT_NE(instanceToJson(a), instanceToJson(c));
    int fast = 0;
    std::set<double> cpuTimes;
    for (const CpuGpuTask& t : a.tasks) {
        EXPECT_GE(t.cpu, 10);
        EXPECT_LE(t.cpu, 100);
        EXPECT_EQ(t.cpu, std::floor(t.cpu));
        const double acceleration = t.cpu / t.gpu;
        EXPECT_TRUE(std::abs(acceleration - 15) < 1e-9 || std::abs(acceleration - 35) < 1e-9) << acceleration;
        fast += acceleration > 20;
        cpuTimes.insert(t.cpu);
    }
    EXPECT_EQ(cpuTimes.size(), 91u);   // every integer of [10, 100] appears among 2000 draws
    EXPECT_NEAR(fast, 1000, 150);      // probability 1/2 each
    EXPECT_EQ(a.tasks[0].name, "t0");
}

TEST(CpuGpuExperiment, ProducesOneRowPerCaseAndSolverWithConsistentDeviations) {
    CpuGpuExperimentOptions o;
    o.minTasks = 10;
    o.maxTasks = 20;
    o.taskStep = 10;
    o.cpuCounts = {1, 4};
    o.gpuCounts = {1, 2};
    o.instancesPerCase = 3;
    o.exactTimeLimit = 0.5;
    std::vector<double> fractions;
    Expected<CpuGpuExperiment> e = runCpuGpuExperiment(
        o, Progress([&](double f, const std::string&) { fractions.push_back(f); }, nullptr));
    ASSERT_TRUE(e.ok()) << e.error().message;
    ASSERT_EQ(e->rows.size(), 2u * 2 * 2 * 5);   // n, m, k, and four solvers plus exact
    for (const CpuGpuExperimentRow& r : e->rows) {
        EXPECT_EQ(r.instances, 3);
        EXPECT_GE(r.meanDeviationFromBound, -1e-12) << r.solver;
        EXPECT_GE(r.maxDeviationFromBound, r.meanDeviationFromBound - 1e-12);
        if (r.optimalInstances > 0) {
            EXPECT_GE(r.meanDeviationFromOptimum, -1e-9) << r.solver;
        }
        if (r.solver == "dual-approx") {
            const double guarantee = (4.0 / 3 + 1.0 / (3 * r.gpus)) * (1 + o.epsilon) - 1;
            EXPECT_LE(r.maxDeviationFromOptimum, guarantee + 1e-9);
        }
        if (r.solver == "exact" && r.tasks == 10) {   // GLPK proves these within the limit
            EXPECT_EQ(r.optimalInstances, r.instances);
            EXPECT_NEAR(r.maxDeviationFromOptimum, 0, 1e-9);
        }
    }
    ASSERT_FALSE(fractions.empty());
    EXPECT_DOUBLE_EQ(fractions.back(), 1.0);
    const std::string csv = cpuGpuExperimentCsv(*e);
    std::istringstream lines(csv);
    std::string header;
    std::getline(lines, header);
    EXPECT_EQ(
        header,
        "tasks,cpus,gpus,solver,instances,mean_dev_lb,max_dev_lb,optimal_instances,mean_dev_opt,max_dev_opt,"
        "mean_seconds");
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 1 + static_cast<long>(e->rows.size()));
    EXPECT_NE(csv.find("\n10,1,1,dual-approx,3,"), std::string::npos);
    // Without the time-limited MIP, the same options give the same numbers (times aside).
    o.exactTimeLimit = 0;
    Expected<CpuGpuExperiment> once = runCpuGpuExperiment(o);
    Expected<CpuGpuExperiment> again = runCpuGpuExperiment(o);
    ASSERT_TRUE(once.ok() && again.ok());
    ASSERT_EQ(once->rows.size(), 2u * 2 * 2 * 4);
    for (std::size_t i = 0; i < once->rows.size(); ++i) {
        EXPECT_DOUBLE_EQ(once->rows[i].maxDeviationFromBound, again->rows[i].maxDeviationFromBound);
        EXPECT_DOUBLE_EQ(once->rows[i].meanDeviationFromBound, again->rows[i].meanDeviationFromBound);
    }
}

TEST(CpuGpuExperiment, RefusesBadOptionsAndStopsWhenCancelled) {
    CpuGpuExperimentOptions o;
    o.minTasks = 0;
    EXPECT_EQ(runCpuGpuExperiment(o).error().kind, ErrorKind::InvalidInput);
    o = {};
    o.solvers = {"dual-approx", "simplex"};
    EXPECT_NE(runCpuGpuExperiment(o).error().message.find("unknown cpugpu solver 'simplex'"),
              std::string::npos);
    o = {};
    o.gpuCounts = {};
    EXPECT_EQ(runCpuGpuExperiment(o).error().kind, ErrorKind::InvalidInput);
    o = {};
    std::atomic<bool> stop{true};
    EXPECT_EQ(runCpuGpuExperiment(o, Progress({}, &stop)).error().kind, ErrorKind::Cancelled);
}

}  // namespace
}  // namespace hetsched
