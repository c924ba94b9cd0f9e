// Seeded small CPU/GPU instances, a brute-force optimum, and the HEFT trap of Lemma 3.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "model/cpugpu.h"

namespace hetsched::testing {

struct RandomCpuGpuOptions {
    int maxTasks = 7;
    int maxCpus = 3;
    int maxGpus = 3;
    bool integerTimes = false;   // small integers: many ties and boundary cases
};

inline CpuGpuInstance randomCpuGpu(std::mt19937_64& rng, const RandomCpuGpuOptions& o) {
    std::uniform_int_distribution<int> tasks(1, o.maxTasks), cpus(0, o.maxCpus), gpus(0, o.maxGpus);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    CpuGpuInstance in;
    do {
        in.cpus = cpus(rng);
        in.gpus = gpus(rng);
    } while (in.cpus + in.gpus == 0);
    const int n = tasks(rng);
    for (int j = 0; j < n; ++j) {
        double cpu, gpu;
        if (o.integerTimes) {
            cpu = 1 + static_cast<double>(rng() % 9);
            gpu = 1 + static_cast<double>(rng() % 9);
        } else {
            cpu = 0.5 + 10 * unit(rng);
            // Mostly faster on a GPU, sometimes slower, as measured kernels are.
            gpu = cpu * std::exp(std::log(20.0) * (unit(rng) - 0.8));
        }
        in.tasks.push_back({std::string("t").append(std::to_string(j)), cpu, gpu});
    }
    return in;
}

// The optimal makespan by exhaustive search: tasks longest first, each on a used processor or on the
// first unused one of a kind (processors of a kind are interchangeable), pruned by the best so far.
inline double bruteForceOptimum(const CpuGpuInstance& in) {
    const std::size_t n = in.tasks.size();
    std::vector<std::size_t> order(n);
    for (std::size_t j = 0; j < n; ++j) order[j] = j;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return std::min(in.tasks[a].cpu, in.tasks[a].gpu) > std::min(in.tasks[b].cpu, in.tasks[b].gpu);
    });
    std::vector<double> cpu(static_cast<std::size_t>(in.cpus), 0.0),
        gpu(static_cast<std::size_t>(in.gpus), 0.0);
    double best = std::numeric_limits<double>::infinity();
    auto search = [&](auto&& self, std::size_t t, double current) -> void {
        if (current >= best) return;
        if (t == n) {
            best = current;
            return;
        }
        const CpuGpuTask& task = in.tasks[order[t]];
        for (int kind = 0; kind < 2; ++kind) {
            std::vector<double>& loads = kind == 0 ? cpu : gpu;
            const double time = kind == 0 ? task.cpu : task.gpu;
            bool triedEmpty = false;
            for (double& load : loads) {
                if (load == 0) {
                    if (triedEmpty) continue;
                    triedEmpty = true;
                }
                load += time;
                self(self, t + 1, std::max(current, load));
                load -= time;
            }
        }
    };
    search(search, 0, 0.0);
    return best;
}

// A corrected Lemma 3 family (docs/algorithms.md): one GPU, m CPUs, a_i = 1 - i/m for i = 0..m-1;
// task A_i takes a_i on a CPU and a_i - eta on the GPU (eta = 1/(2 m^3)), and m tasks B_i take a_i on
// a CPU and 1/m^2 on the GPU. The optimum is 1 and HEFT (mean over the m + 1 processors) ends at
// (m + 1) / 2.
inline CpuGpuInstance heftTrap(int m) {
    CpuGpuInstance in;
    in.cpus = m;
    in.gpus = 1;
    const double eta = 1.0 / (2.0 * m * m * m);
    for (int i = 0; i < m; ++i) {
        const double a = 1.0 - static_cast<double>(i) / m;
        in.tasks.push_back({std::string("A").append(std::to_string(i)), a, a - eta});
        for (int b = 0; b < m; ++b)
            in.tasks.push_back(
                {std::string("B").append(std::to_string(i)).append("_").append(std::to_string(b)), a,
                 1.0 / (double(m) * m)});
    }
    return in;
}

}  // namespace hetsched::testing
