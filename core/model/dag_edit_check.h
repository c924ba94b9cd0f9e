// The check of an edit of a valid task graph from what changed alone, beside the whole check
// (dagInstanceProblem, model/instance_checks.h) that it stands in for: on 10,000 tasks an edit is checked in microseconds
// where the whole check takes tens of milliseconds. The tests hold it to the whole check.
#pragma once

#include "model/dag.h"

namespace hetsched {

// True when `after`, an edit of `before` (a graph dagInstanceProblem accepts), is valid for sure from what
// changed alone: the platform unchanged, and either the tasks' values changed (their number and the
// dependencies kept; at most 16 tasks), or the dependencies changed with the tasks kept (one added at the end,
// some removed, or their bytes changed). False when the edit is of another kind or a change is invalid: the
// whole check decides then. Never true for an instance the whole check refuses.
bool dagEditKnownValid(const DagInstance& before, const DagInstance& after);

}  // namespace hetsched
