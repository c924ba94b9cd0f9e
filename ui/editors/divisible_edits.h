// Edits of a divisible-load instance that keep its scenario (send_order, return_order) consistent.
#pragma once

#include <QList>
#include <QString>
#include <cstddef>
#include <vector>

#include "common/expected.h"
#include "model/divisible.h"

namespace hetsched::ui {

// The scenario the scenario LP solves: the given orders, or every worker in the listed order with FIFO
// returns (what solveDivisibleScenarioLp does when they are absent).
struct DivisibleScenario {
    std::vector<std::size_t> sendOrder;    // pi: the participants in the order of their initial messages
    std::vector<std::size_t> returnOrder;  // sigma: the same workers in the order of their results
};
DivisibleScenario effectiveScenario(const DivisibleInstance& in);

// A worker with a fresh name ("P4") and the costs of the last worker (1, 1, 0 when there is none).
DivisibleWorker newDivisibleWorker(const DivisibleInstance& in);
// Removes the workers at `rows`; the orders lose them (an order left empty becomes "not given").
DivisibleInstance withoutWorkers(const DivisibleInstance& in, QList<int> rows);

// A new send order (the participants, in order). A given return order keeps its workers that still take
// part, in its order, and gets the new participants at its end; an absent one stays absent (FIFO).
Expected<DivisibleInstance> withSendOrder(const DivisibleInstance& in, std::vector<std::size_t> sendOrder);
// A new return order: the current participants in another order.
Expected<DivisibleInstance> withReturnOrder(const DivisibleInstance& in,
                                            std::vector<std::size_t> returnOrder);

// The current participants sent by non-decreasing c_i + d_i (the order of both theorems), returns kept.
DivisibleInstance withSendsByCommunication(const DivisibleInstance& in);
// Returns in the send order (FIFO) or in its reverse (LIFO), both orders explicit.
DivisibleInstance withFifoReturns(const DivisibleInstance& in);
DivisibleInstance withLifoReturns(const DivisibleInstance& in);
// No scenario: every worker in the listed order, FIFO.
DivisibleInstance withoutScenario(const DivisibleInstance& in);

// "P1, P3, P2"
QString workerNames(const DivisibleInstance& in, const std::vector<std::size_t>& order);
// z when d_i = z c_i for every worker, as the user reads it ("d = 0.8 c"), or empty.
QString returnRatioText(const DivisibleInstance& in);

}  // namespace hetsched::ui
