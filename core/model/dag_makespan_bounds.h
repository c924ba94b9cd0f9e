// Where the best makespan of a task graph on its platform lies, cheaply (O(N + E)): to compare with the
// makespan a workflow's file records, and say when the two are orders of magnitude apart (issue 25).
#pragma once

#include <optional>
#include <string>

#include "model/dag.h"

namespace hetsched {

struct DagMakespanBounds {
    // Every schedule takes at least this: the longest path of the graph with each task at its fastest (on
    // all the processors of its best cluster) and every transfer free.
    double lower = 0;
    // Some schedule takes at most this: the tasks one after another in a topological order, each on the
    // whole of its best cluster, each dependency's data redistributed (docs/algorithms.md's model) before
    // the next task starts. The best schedule is no longer; a heuristic's may be.
    double upper = 0;
};

// The bounds of an acyclic instance (the checks of an instance file hold).
DagMakespanBounds dagMakespanBounds(const DagInstance& in);

// How far apart a recorded makespan and the bounds may be before it is said (a factor of 10 either way).
constexpr double kRecordedMakespanFactor = 10;

// A makespan a workflow's file records (seconds) beside the instance's bounds, as a sentence; `farOff` when
// even the bounds are more than kRecordedMakespanFactor away from it (the upper bound below a tenth of it, or
// the lower bound above ten times it), with what makes the difference (parallel tasks, the platform's speed).
struct RecordedMakespanCheck {
    double recorded = 0;
    DagMakespanBounds bounds;
    bool farOff = false;
    std::string text;
};
RecordedMakespanCheck checkRecordedMakespan(const DagInstance& in, double recordedSeconds);

}  // namespace hetsched
