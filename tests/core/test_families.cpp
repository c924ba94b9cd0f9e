// The family descriptors: one per alternative of Instance, unique kinds, and for each family its example
// instance read back from its own file format and solved by every one of its solvers through the registry.
#include <gtest/gtest.h>

#include <set>

#include "family/family.h"
#include "io/instance_io.h"
#include "results/result_io.h"
#include "solvers/registry.h"

namespace hetsched {
namespace {

// The instance a solver is run on: the family's example, except for a solver whose scope excludes it, which
// must refuse the example with a message and then solves the example brought into its scope.
Instance exampleInScope(const FamilyDescriptor& family, const SolverSpec& spec) {
    Instance example = family.exampleInstance();
    if (family.kind == "divisible" && spec.name == "no-return") {
        const Expected<SolveResult> refused = solve(example, spec.name);
        EXPECT_FALSE(refused.ok()) << "no-return solved a platform with return messages";
        if (!refused.ok()) {
            EXPECT_EQ(refused.error().kind, ErrorKind::InvalidInput);
            EXPECT_NE(refused.error().message.find("d = "), std::string::npos) << refused.error().message;
        }
        for (DivisibleWorker& worker : std::get<DivisibleInstance>(example).workers) worker.d = 0;
    }
    return example;
}

TEST(Families, OneFamilyPerInstanceAlternativeWithUniqueKinds) {
    ASSERT_EQ(families().size(), std::variant_size_v<Instance>);
    std::set<std::string> kinds;
    for (std::size_t i = 0; i < families().size(); ++i) {
        const FamilyDescriptor& family = families()[i];
        EXPECT_EQ(family.variantIndex, i) << family.kind;
        EXPECT_FALSE(family.kind.empty());
        EXPECT_FALSE(family.displayName.empty()) << family.kind;
        EXPECT_TRUE(kinds.insert(family.kind).second) << "kind " << family.kind << " registered twice";
        EXPECT_EQ(findFamily(family.kind), &family);
    }
    EXPECT_EQ(findFamily("spaceship"), nullptr);
    // The kinds of the instance files (a public contract) are all there.
    EXPECT_EQ(kinds, (std::set<std::string>{"partition", "divisible", "cpugpu", "steady_state", "dag"}));
}

TEST(Families, ExampleInstanceIsOfItsFamilyAndRoundTripsThroughItsFileFormat) {
    for (const FamilyDescriptor& family : families()) {
        SCOPED_TRACE(family.kind);
        const Instance example = family.exampleInstance();
        EXPECT_EQ(example.index(), family.variantIndex);
        EXPECT_EQ(&familyOf(example), &family);
        EXPECT_EQ(instanceKind(example), family.kind);
        const nlohmann::json written = instanceToJson(example);
        EXPECT_EQ(written.at("kind"), family.kind);
        // Through the text of a file and the generic reader, which dispatches on "kind".
        Expected<Instance> read = parseInstance(written.dump(2));
        ASSERT_TRUE(read.ok()) << read.error().message;
        EXPECT_EQ(read->index(), family.variantIndex);
        EXPECT_EQ(instanceToJson(*read), written);
        // And through the JSON value, as a project holds it.
        Expected<Instance> direct = instanceFromJson(written);
        ASSERT_TRUE(direct.ok()) << direct.error().message;
        EXPECT_EQ(instanceToJson(*direct), written);
    }
}

TEST(Families, EverySolverOfAFamilySolvesItsExampleAndItsResultReadsBackVerified) {
    std::size_t solversSeen = 0;
    for (const FamilyDescriptor& family : families()) {
        const Instance example = family.exampleInstance();
        const std::vector<SolverSpec> solvers = solversForKind(family.kind);
        EXPECT_FALSE(solvers.empty()) << family.kind << " has no solver";
        EXPECT_FALSE(defaultSolverFor(example).empty()) << family.kind << " has no default solver for its example";
        for (const SolverSpec& spec : solvers) {
            SCOPED_TRACE(family.kind + " " + spec.name);
            ++solversSeen;
            EXPECT_EQ(spec.kind, family.kind);
            const Instance instance = exampleInScope(family, spec);
            Expected<SolveResult> result = solve(instance, spec.name);
            ASSERT_TRUE(result.ok()) << result.error().message;
            EXPECT_EQ(result->kind, family.kind);
            EXPECT_EQ(result->solver, spec.name);
            EXPECT_NE(result->status, SolveStatus::Infeasible) << result->message;
            ASSERT_TRUE(result->objective.has_value());
            EXPECT_FALSE(result->schedule.lanes.empty());
            // The result as printed is a valid answer for the instance: read back, the family's verifier finds
            // nothing.
            Expected<SolveResult> restored = resultFromJson(instance, resultToJson(instance, *result));
            ASSERT_TRUE(restored.ok()) << restored.error().message;
            EXPECT_EQ(restored->status, result->status);
            ASSERT_TRUE(restored->objective.has_value());
            EXPECT_NEAR(*restored->objective, *result->objective, 1e-9 * std::max(1.0, std::abs(*result->objective)));
        }
    }
    EXPECT_EQ(solversSeen, solverSpecs().size()) << "a registered solver belongs to no family";
}

TEST(Families, AResultThatDoesNotFitTheInstanceIsNotReadBack) {
    const FamilyDescriptor& partition = *findFamily("partition");
    const Instance example = partition.exampleInstance();
    Expected<SolveResult> result = solve(example, "");
    ASSERT_TRUE(result.ok()) << result.error().message;
    nlohmann::json tampered = resultToJson(example, *result);
    tampered["assignment"][0]["tasks"] = 9;   // the instance has 10 tasks, all on its one resource
    const Expected<SolveResult> read = resultFromJson(example, tampered);
    ASSERT_FALSE(read.ok());
    EXPECT_NE(read.error().message.find("does not fit the instance"), std::string::npos) << read.error().message;
}

// Each layer dispatches a kind read from a file to its overload for that alternative of Instance.
TEST(Families, AKindIsDispatchedToItsOwnAlternative) {
    for (std::size_t i = 0; i < kInstanceKinds.size(); ++i) {
        SCOPED_TRACE(std::string(kInstanceKinds[i]));
        EXPECT_EQ(instanceKindIndex(kInstanceKinds[i]), i);
        const Instance example = families()[i].exampleInstance();
        EXPECT_EQ(instanceKind(example), kInstanceKinds[i]);
        const std::size_t seen = visitInstanceAlternative(i, [](auto alternative) {
            return Instance{typename decltype(alternative)::type{}}.index();
        });
        EXPECT_EQ(seen, i);
    }
    EXPECT_EQ(instanceKindIndex("spaceship"), std::nullopt);
    EXPECT_EQ(knownInstanceKinds(), "partition, divisible, cpugpu, steady_state, dag");
}

TEST(Families, UnknownKindNamesEveryRegisteredKind) {
    Expected<Instance> read = parseInstance(R"({"kind": "spaceship"})");
    ASSERT_FALSE(read.ok());
    for (const FamilyDescriptor& family : families())
        EXPECT_NE(read.error().message.find(family.kind), std::string::npos) << read.error().message;
}

}  // namespace
}  // namespace hetsched
