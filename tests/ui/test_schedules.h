// Synthetic schedules and instances the Qt tests and the screenshot maker draw.
#pragma once

#include <QLatin1String>
#include <QString>
#include <memory>
#include <string>

#include "schedule/schedule.h"

namespace hetsched::ui::test {

// A chain a -> b -> c of three moldable tasks on one cluster of four processors (a dag instance file).
inline const char* const kChainJson = R"({ "kind": "dag",
  "platform": { "clusters": [ { "name": "C0", "processors": 4, "speed": 1e9, "bandwidth": 1.25e8, "latency": 1e-4 } ],
                "backbone": { "bandwidth": 3.125e8, "latency": 0.05 } },
  "tasks": [ { "name": "a", "flops": 1e9, "alpha": 0 }, { "name": "b", "flops": 2e9, "alpha": 0.1 },
             { "name": "c", "flops": 1e9, "alpha": 0 } ],
  "edges": [ { "from": "a", "to": "b", "bytes": 1000 }, { "from": "b", "to": "c", "bytes": 0 } ] })";

// "P12" (GCC 12 warns falsely about "P" + std::to_string(12) under -Wrestrict).
inline std::string numbered(const char* prefix, int n) {
    return QStringLiteral("%1%2").arg(QLatin1String(prefix)).arg(n).toStdString();
}

// A schedule of `lanes` lanes with `perLane` back-to-back intervals of alternating kinds and ten groups.
inline std::shared_ptr<Schedule> bigSchedule(int lanes, int perLane) {
    auto schedule = std::make_shared<Schedule>();
    schedule->title = "synthetic";
    for (int l = 0; l < lanes; ++l) {
        Lane lane;
        lane.name = numbered("P", l);
        lane.category = l < lanes / 2 ? "CPU" : "GPU";
        lane.intervals.reserve(static_cast<std::size_t>(perLane));
        double t = 0.01 * (l % 7);
        for (int k = 0; k < perLane; ++k) {
            const double duration = 0.5 + 0.25 * ((k * 7 + l) % 5);
            Interval in;
            in.start = t;
            in.end = t + duration;
            in.kind = k % 3 == 0 ? IntervalKind::Send : IntervalKind::Compute;
            in.label = numbered("t", k);
            in.group = numbered("S", k % 10);
            lane.intervals.push_back(std::move(in));
            t += duration;
        }
        schedule->lanes.push_back(std::move(lane));
    }
    schedule->markers.push_back({"makespan", schedule->endTime(), false});
    return schedule;
}

}  // namespace hetsched::ui::test
