// The typed instance checks (model/instance_checks.h) hold an instance made in memory to the rules of its
// file: on sound instances and on each way of breaking one, the check refuses exactly what the JSON reader
// refuses when the instance is written and read back, and every solver entry refuses it before running.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <random>

#include "family/family.h"
#include "io/instance_io.h"
#include "model/instance_checks.h"
#include "random_cpugpu.h"
#include "random_partition.h"
#include "solvers/registry.h"

namespace hetsched {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// The typed check and the file's reader agree on `instance`; returns whether it is refused.
bool refusedAlike(const Instance& instance) {
    const std::optional<std::string> typed = familyOf(instance).instanceProblem(instance);
    const Expected<Instance> read = instanceFromJson(instanceToJson(instance));
    EXPECT_EQ(typed.has_value(), !read.ok()) << (typed ? "typed: " + *typed : "typed: sound") << "; reader: "
                                            << (read ? std::string("sound") : read.error().message);
    return typed.has_value();
}

template <class In>
using Breaks = std::vector<std::pair<const char*, std::function<void(In&)>>>;

// Each break of a sound instance is refused by both, and by every solver of the family (as invalid input).
template <class In>
void checkBreaks(const In& sound, const Breaks<In>& breaks) {
    ASSERT_FALSE(refusedAlike(Instance{sound}));
    for (const auto& [what, breakIt] : breaks) {
        SCOPED_TRACE(what);
        In broken = sound;
        breakIt(broken);
        EXPECT_TRUE(refusedAlike(Instance{broken}));
        for (const SolverSpec& spec : solversForKind(familyOf(Instance{broken}).kind)) {
            Expected<SolveResult> r = solve(Instance{broken}, spec.name);
            ASSERT_FALSE(r.ok()) << spec.name;
            EXPECT_EQ(r.error().kind, ErrorKind::InvalidInput) << spec.name << ": " << r.error().message;
        }
    }
}

TEST(InstanceChecks, PartitionRefusesWhatItsFileRefuses) {
    std::mt19937_64 rng(7);
    for (int round = 0; round < 40; ++round) EXPECT_FALSE(refusedAlike(Instance{testing::randomPartition(rng, {})}));
    PartitionInstance in;
    in.tasks = 6;
    PartitionResource table{"a", 0, 6, {}, {}};
    table.cost.kind = CostFunction::Kind::Table;
    table.cost.table = {0, 1, 2, 3, 4, 5, 6};
    PartitionResource affine{"b", 1, 4, {}, {}};
    affine.cost.kind = CostFunction::Kind::Affine;
    affine.cost.fixed = 1;
    affine.cost.perTask = 2;
    PartitionResource points{"c", 0, 0, {0, 2, 5}, {}};
    points.lower = 0;
    points.upper = 5;
    points.cost.kind = CostFunction::Kind::Points;
    points.cost.points = {{0, 0}, {5, 10}};
    in.resources = {table, affine, points};
    checkBreaks<PartitionInstance>(in, {
        {"no task", [](PartitionInstance& p) { p.tasks = 0; }},
        {"too many tasks", [](PartitionInstance& p) { p.tasks = 100'000'001; }},
        {"no resource", [](PartitionInstance& p) { p.resources.clear(); }},
        {"a nameless resource", [](PartitionInstance& p) { p.resources[0].name.clear(); }},
        {"two resources of one name", [](PartitionInstance& p) { p.resources[1].name = "a"; }},
        {"lower above upper", [](PartitionInstance& p) { p.resources[1].lower = 5; }},
        {"a count past 1e9", [](PartitionInstance& p) { p.resources[1].upper = 2'000'000'000; }},
        {"a table one value short", [](PartitionInstance& p) { p.resources[0].cost.table.pop_back(); }},
        {"a negative cost", [](PartitionInstance& p) { p.resources[0].cost.table[3] = -1; }},
        {"a NaN cost", [](PartitionInstance& p) { p.resources[0].cost.table[2] = kNaN; }},
        {"an infinite cost", [](PartitionInstance& p) { p.resources[0].cost.table[2] = kInf; }},
        {"a negative fixed cost", [](PartitionInstance& p) { p.resources[1].cost.fixed = -0.5; }},
        {"a NaN per-task cost", [](PartitionInstance& p) { p.resources[1].cost.perTask = kNaN; }},
        {"an allowed count repeated", [](PartitionInstance& p) { p.resources[2].allowed = {0, 2, 2, 5}; }},
        {"no measured point", [](PartitionInstance& p) { p.resources[2].cost.points.clear(); }},
        {"two points at one count", [](PartitionInstance& p) { p.resources[2].cost.points = {{0, 0}, {0, 1}, {5, 2}}; }},
        {"a count outside the measures", [](PartitionInstance& p) { p.resources[2].cost.points = {{1, 0}, {5, 10}}; }},
        {"a NaN measure", [](PartitionInstance& p) { p.resources[2].cost.points[1].second = kNaN; }},
    });
}

TEST(InstanceChecks, DivisibleRefusesWhatItsFileRefuses) {
    DivisibleInstance in;
    in.horizon = 10;
    in.workers = {{"P1", 1, 2, 0.5}, {"P2", 2, 1, 0}, {"P3", 0.5, 3, 1}};
    in.sendOrder = {0, 2};
    in.returnOrder = {2, 0};
    checkBreaks<DivisibleInstance>(in, {
        {"a zero horizon", [](DivisibleInstance& d) { d.horizon = 0; }},
        {"a NaN horizon", [](DivisibleInstance& d) { d.horizon = kNaN; }},
        {"no worker", [](DivisibleInstance& d) { d.workers.clear(); d.sendOrder.clear(); d.returnOrder.clear(); }},
        {"a nameless worker", [](DivisibleInstance& d) { d.workers[1].name.clear(); }},
        {"two workers of one name", [](DivisibleInstance& d) { d.workers[1].name = "P1"; }},
        {"a zero c", [](DivisibleInstance& d) { d.workers[0].c = 0; }},
        {"a negative w", [](DivisibleInstance& d) { d.workers[0].w = -1; }},
        {"an infinite w", [](DivisibleInstance& d) { d.workers[2].w = kInf; }},
        {"a negative d", [](DivisibleInstance& d) { d.workers[2].d = -1; }},
        {"a d below 1e-30", [](DivisibleInstance& d) { d.workers[2].d = 1e-40; }},
        {"a worker sent to twice", [](DivisibleInstance& d) { d.sendOrder = {0, 0}; d.returnOrder.clear(); }},
        {"a return from a worker not sent to", [](DivisibleInstance& d) { d.returnOrder = {1, 0}; }},
        {"a participant that never returns", [](DivisibleInstance& d) { d.returnOrder = {2}; }},
    });
}

TEST(InstanceChecks, CpuGpuRefusesWhatItsFileRefuses) {
    std::mt19937_64 rng(11);
    for (int round = 0; round < 40; ++round) EXPECT_FALSE(refusedAlike(Instance{testing::randomCpuGpu(rng, {})}));
    CpuGpuInstance in;
    in.cpus = 2;
    in.gpus = 1;
    in.tasks = {{"t0", 10, 1}, {"t1", 4, 2}, {"t2", 3, 3}};
    checkBreaks<CpuGpuInstance>(in, {
        {"no processor", [](CpuGpuInstance& c) { c.cpus = 0; c.gpus = 0; }},
        {"negative CPUs", [](CpuGpuInstance& c) { c.cpus = -1; }},
        {"too many GPUs", [](CpuGpuInstance& c) { c.gpus = 10'001; }},
        {"an epsilon of 0", [](CpuGpuInstance& c) { c.epsilon = 0; }},
        {"an epsilon above 1", [](CpuGpuInstance& c) { c.epsilon = 2; }},
        {"no task", [](CpuGpuInstance& c) { c.tasks.clear(); }},
        {"a nameless task", [](CpuGpuInstance& c) { c.tasks[1].name.clear(); }},
        {"two tasks of one name", [](CpuGpuInstance& c) { c.tasks[2].name = "t0"; }},
        {"a zero CPU time", [](CpuGpuInstance& c) { c.tasks[0].cpu = 0; }},
        {"a NaN GPU time", [](CpuGpuInstance& c) { c.tasks[0].gpu = kNaN; }},
        {"a GPU time past 1e12", [](CpuGpuInstance& c) { c.tasks[1].gpu = 2e12; }},
    });
}

TEST(InstanceChecks, EveryFamilysExampleIsSound) {
    for (const FamilyDescriptor& family : families()) {
        SCOPED_TRACE(family.kind);
        ASSERT_TRUE(family.instanceProblem);
        EXPECT_EQ(family.instanceProblem(family.exampleInstance()), std::nullopt);
    }
}

}  // namespace
}  // namespace hetsched
