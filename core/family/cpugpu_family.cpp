// The CPU/GPU family: independent tasks with a CPU and a GPU time on one node.
#include "family/family_builder.h"
#include "model/instance_checks.h"
#include "simulation/cpugpu_simulation.h"
#include "io/cpugpu_io.h"
#include "solvers/cpugpu/cpugpu_result.h"
#include "solvers/registry_detail.h"

namespace hetsched {

namespace {

// Four tasks on two CPUs and one GPU, two of them far faster on the GPU: edit, paste or generate more.
CpuGpuInstance exampleCpuGpuInstance() {
    CpuGpuInstance in;
    in.cpus = 2;
    in.gpus = 1;
    in.tasks = {{"t0", 10, 1}, {"t1", 12, 1.5}, {"t2", 5, 4}, {"t3", 4, 8}};
    return in;
}

}  // namespace

FamilyDescriptor cpuGpuFamily() {
    return family_detail::describeFamily<CpuGpuInstance>({"cpugpu", "CPU/GPU", readCpuGpuInstance,
                                                         cpuGpuInstanceToJson, cpuGpuResultFromJson,
                                                         exampleCpuGpuInstance, registry_detail::cpugpuSolvers,
                                                         simulateCpuGpuResult, {}, cpuGpuInstanceProblem,
                                                         cpuGpuInstanceText});
}

}  // namespace hetsched
