// Synthetic schedules the Qt tests and the screenshot maker draw.
#pragma once

#include <QLatin1String>
#include <QString>
#include <memory>
#include <string>

#include "schedule/schedule.h"

namespace hetsched::ui::test {

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
