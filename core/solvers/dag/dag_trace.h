// What the views of a dag schedule show beyond the placements: precedence levels, when each task's
// input data arrived, how long its processors waited for it, and the schedule's critical path.
#pragma once

#include <cstddef>
#include <vector>

#include "common/expected.h"
#include "model/dag.h"
#include "schedule/schedule.h"
#include "solvers/dag/dag_solvers.h"

namespace hetsched {

struct DagTaskTrace {
    int level = 0;                 // precedence depth (0 for an entry task)
    double predecessorsEnd = 0;    // the latest end of a predecessor (0 for an entry task)
    double dataReady = 0;          // max over in-edges of the source's end + its redistribution time
    // The redistribution its processors wait for, all of them idle and the data in flight:
    // [max(predecessorsEnd, when the last of its processors became free), min(dataReady, start)].
    // Empty (waitEnd <= waitStart) when the data was there first.
    double waitStart = 0;
    double waitEnd = 0;
    int criticalPredecessor = -1;  // the predecessor whose data arrived last (-1 for an entry task)
    bool waitedForProcessors = false;   // started after its data was ready (start > dataReady)
    bool hasWait() const { return waitEnd > waitStart; }
};

struct DagTrace {
    std::vector<DagTaskTrace> tasks;        // input order
    std::vector<double> edgeSeconds;        // the redistribution time of each edge (model/dag.h)
    int levels = 0;                         // 1 + the largest level (0 without tasks)
    // The critical path by the schedule's actual times: from the task that ends last back to an entry
    // task, each step to the predecessor whose data arrived last. Entry task first.
    std::vector<std::size_t> criticalPath;
    std::vector<bool> onCriticalPath;       // per task
    std::vector<bool> criticalEdge;         // per edge: joins consecutive tasks of criticalPath
};

// The trace of valid placements (one per task, processors as global indices). O(E + sum of set sizes
// log N).
DagTrace traceDagSchedule(const DagInstance& in, const std::vector<DagPlacement>& placements);

// The placements back from a schedule made by dagSchedule (one lane per global processor, one Compute
// interval per task on each of its processors); an error names what does not match the instance.
Expected<std::vector<DagPlacement>> dagPlacementsFromSchedule(const DagInstance& in, const Schedule& schedule);

}  // namespace hetsched
