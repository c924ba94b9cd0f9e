// The generators' option tables (model/generator_options.h): every default of every table generates a valid
// instance, the partition generator draws the cost shapes it names within feasible limits, and a seed gives
// one instance.
#include <gtest/gtest.h>

#include <cmath>

#include "io/instance_io.h"
#include "model/generator_options.h"
#include "model/instance_checks.h"

namespace hetsched {
namespace {

std::optional<std::string> problemOf(const Instance& instance) {
    if (const auto* p = std::get_if<PartitionInstance>(&instance)) return partitionInstanceProblem(*p);
    if (const auto* d = std::get_if<DivisibleInstance>(&instance)) return divisibleInstanceProblem(*d);
    if (const auto* c = std::get_if<CpuGpuInstance>(&instance)) return cpuGpuInstanceProblem(*c);
    if (const auto* s = std::get_if<SteadyStateInstance>(&instance)) return steadyInstanceProblem(*s);
    return "not a generator's family";
}

TEST(GeneratorTables, EveryTablesDefaultsGenerateAValidInstanceOfItsKind) {
    for (const std::string& kind : generatorKinds()) {
        SCOPED_TRACE(kind);
        const OptionValues defaults(generatorOptionTable(kind));
        ASSERT_TRUE(checkGeneratorValues(kind, defaults).ok());
        Expected<Instance> made = generateInstance(kind, defaults);
        ASSERT_TRUE(made.ok()) << made.error().message;
        EXPECT_EQ(instanceKind(*made), kind);
        EXPECT_EQ(problemOf(*made), std::nullopt);
        // Seeded: the same values give the same instance.
        EXPECT_EQ(instanceToJson(*made), instanceToJson(*generateInstance(kind, defaults)));
    }
}

TEST(PartitionGenerator, CostsHaveTheShapeTheyAreNamedAfterAndLimitsStayFeasible) {
    OptionValues values(partitionGeneratorOptions());
    values.set("tasks", std::int64_t(40));
    values.set("resources", std::int64_t(5));
    values.set("limits", true);
    for (const char* shape : {"linear", "convex", "concave", "arbitrary"}) {
        SCOPED_TRACE(shape);
        values.set("shape", std::string(shape));
        for (std::int64_t seed = 1; seed <= 20; ++seed) {
            values.set("seed", seed);
            Expected<Instance> made = generateInstance("partition", values);
            ASSERT_TRUE(made.ok()) << made.error().message;
            const auto& in = std::get<PartitionInstance>(*made);
            ASSERT_EQ(problemOf(*made), std::nullopt);
            std::int64_t lowers = 0, uppers = 0;
            for (const PartitionResource& r : in.resources) {
                lowers += r.lower;
                uppers += r.upper;
                for (std::int64_t x = std::max<std::int64_t>(r.lower, 1); x <= r.upper; ++x) {
                    const double perTask = r.costOf(x) / static_cast<double>(x);
                    if (std::string(shape) != "concave") { EXPECT_GE(perTask, 1 - 1e-12); }   // min-cost 1: x costs at least x
                    if (std::string(shape) == "linear" || std::string(shape) == "arbitrary") { EXPECT_LE(perTask, 10 + 1e-12); }
                    if (x >= std::max<std::int64_t>(r.lower, 1) + 2) {
                        // Second differences: >= 0 convex, <= 0 concave, 0 linear.
                        const double second = r.costOf(x) - 2 * r.costOf(x - 1) + r.costOf(x - 2);
                        if (std::string(shape) == "convex") { EXPECT_GT(second, 0); }
                        if (std::string(shape) == "concave") { EXPECT_LT(second, 0); }
                        if (std::string(shape) == "linear") { EXPECT_NEAR(second, 0, 1e-9 * r.costOf(x)); }
                    }
                }
            }
            EXPECT_LE(lowers, in.tasks);   // some split of T respects every limit
            EXPECT_GE(uppers, in.tasks);
        }
    }
}

TEST(PartitionGenerator, TooLargeATableIsRefusedNamingTheCount) {
    OptionValues values(partitionGeneratorOptions());
    values.set("resources", std::int64_t(10000));
    values.set("tasks", std::int64_t(1000000));
    values.set("shape", std::string("convex"));
    Expected<bool> ok = checkGeneratorValues("partition", values);
    ASSERT_FALSE(ok.ok());
    EXPECT_NE(ok.error().message.find("cost table entries"), std::string::npos) << ok.error().message;
    values.set("shape", std::string("linear"));   // affine costs: no table
    EXPECT_TRUE(checkGeneratorValues("partition", values).ok());
}

}  // namespace
}  // namespace hetsched
