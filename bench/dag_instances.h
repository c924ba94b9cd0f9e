// The large task graph of issue 27, as `hetsched generate dag --tasks 100000 --clusters 8 --density 0.1
// --jump 1 --seed 3` builds it (platform seed = graph seed): read by bench_read, solved by bench_dag.
#pragma once

#include "model/dag_random.h"

namespace hetsched::bench {

// n: the same shape at other sizes (bench_dag's allocation at 20,000 and 50,000 tasks).
inline DagInstance largeDagInstance(int n = 100000) {
    DagPlatformConfig pc;
    pc.clusters = 8;
    pc.seed = 3;
    DagGeneratorConfig gc;
    gc.n = n;
    gc.density = 0.1;
    gc.jump = 1;
    gc.seed = 3;
    return *generateDag(gc, *generatePlatform(pc));
}

}  // namespace hetsched::bench
