#include "views/divisible/divisible_timeline_view.h"

#include <QObject>
#include <algorithm>

namespace hetsched::ui {

namespace {

const std::string kWorkersCategory = "workers";

}  // namespace

void labelWorkerLoads(Schedule& schedule) {
    for (Lane& lane : schedule.lanes) {
        if (lane.category != kWorkersCategory) continue;
        const auto compute =
            std::find_if(lane.intervals.begin(), lane.intervals.end(),
                         [](const Interval& in) { return in.kind == IntervalKind::Compute; });
        const std::string load = compute == lane.intervals.end() ? QObject::tr("no load").toStdString()
                                 : compute->label.empty()        ? std::string()
                                                                 : compute->label.str();
        if (!load.empty()) lane.name += " · " + load;
    }
    for (Lane& lane : schedule.lanes) lane.category.clear();
}

DivisibleTimelineView::DivisibleTimelineView(QWidget* parent) : GanttView(parent) {}

void DivisibleTimelineView::showResult(const Instance& instance, std::shared_ptr<const SolveResult> result) {
    if (!result) {
        GanttView::showResult(instance, std::move(result));
        return;
    }
    auto labelled = std::make_shared<SolveResult>(*result);
    labelWorkerLoads(labelled->schedule);
    GanttView::showResult(instance, std::move(labelled));
}

void DivisibleTimelineView::setDivisibleSchedule(Schedule schedule, const QString& subtitle) {
    labelWorkerLoads(schedule);
    setSchedule(std::make_shared<const Schedule>(std::move(schedule)), subtitle);
    replot();
}

}  // namespace hetsched::ui
