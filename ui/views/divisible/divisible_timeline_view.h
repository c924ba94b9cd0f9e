// The divisible-load timeline in the style of the slides: the Gantt of the master's two ports and of every
// worker, each worker's load alpha_i beside its name (its compute bar is often too thin to hold it).
#pragma once

#include "views/gantt/gantt_view.h"

namespace hetsched::ui {

class DivisibleTimelineView : public GanttView {
    Q_OBJECT
public:
    explicit DivisibleTimelineView(QWidget* parent = nullptr);

    ChartType chartType() const override { return ChartType::DivisibleTimeline; }
    void showResult(const Instance& instance, std::shared_ptr<const SolveResult> result) override;
    // A schedule made by divisibleSchedule() (the editor's scenario), labelled the same way.
    void setDivisibleSchedule(Schedule schedule, const QString& subtitle);
};

// Worker lanes named "P1 · α=2.5" ("P4 · no load" for a worker without load), from their compute bars. The
// lane categories ("master", "workers") go: their name boxes would cover the first bars, which start at 0,
// and the lane names already say which lanes are the master's.
void labelWorkerLoads(Schedule& schedule);

}  // namespace hetsched::ui
