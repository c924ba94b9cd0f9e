// The CPU/GPU family (Kedad-Sidhoum, Monna, Mounie, Trystram 2013): n independent tasks on m
// identical CPUs and k identical GPUs, each task with one time per kind of processor.
#pragma once

#include <string>
#include <vector>

namespace hetsched {

struct CpuGpuTask {
    std::string name;
    double cpu = 1;   // p̄_j: its processing time on any CPU
    double gpu = 1;   // p̲_j: its processing time on any GPU
};

// (Pm, Pk) || Cmax. The instance carries the epsilon of the dual approximation's binary search:
// the search stops once the guess lambda is within a factor 1 + epsilon of the proven lower bound.
struct CpuGpuInstance {
    int cpus = 1;   // m
    int gpus = 1;   // k
    double epsilon = 1e-3;
    std::vector<CpuGpuTask> tasks;
};

// cpu / gpu: how much faster the task runs on a GPU (the order HeteroPrio sorts by).
inline double accelerationOf(const CpuGpuTask& task) {
    return task.cpu / task.gpu;
}

}  // namespace hetsched
