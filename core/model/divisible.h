// The divisible-load family with return messages (Beaumont, Marchal, Robert 2005): one master, p workers.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace hetsched {

// Worker P_i: X units of load arrive in X*c_i, are computed in X*w_i, and their results go back in X*d_i.
struct DivisibleWorker {
    std::string name;
    double c = 1;   // time per unit to receive the data from the master
    double w = 1;   // time per unit to compute
    double d = 0;   // time per unit to return the results (0: no return message)
};

// A master P_0 with one send port and one receive port (they may overlap) and workers P_1..P_p.
// The optional orders (indices into `workers`) name a scenario: the participants in the order of
// their initial messages and the order sigma of their return messages (same set). Empty: not given.
struct DivisibleInstance {
    double horizon = 1;   // T: maximise the load processed, results returned, by time T
    std::vector<DivisibleWorker> workers;
    std::vector<std::size_t> sendOrder;
    std::vector<std::size_t> returnOrder;
};

// z when d_i = z * c_i for every worker (relative tolerance 1e-12), the case of the FIFO theorem.
std::optional<double> constantReturnRatio(const DivisibleInstance& instance);

// Worker indices sorted by non-decreasing c_i + d_i (ties by index): the order of both theorems.
std::vector<std::size_t> orderByCommunication(const DivisibleInstance& instance);

}  // namespace hetsched
