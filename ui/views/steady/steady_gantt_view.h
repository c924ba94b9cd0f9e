// The periodic schedule of a steady-state result per resource (send and receive ports or links,
// processors), coloured by pattern, allocation or operation, with the selected pattern's interval
// marked and the selected allocation's bars standing out.
#pragma once

#include <memory>
#include <optional>

#include "views/gantt/gantt_view.h"
#include "views/steady/steady_view_data.h"

namespace hetsched::ui {

enum class SteadyColoring { ByPattern, ByAllocation, ByOperation };

class SteadyGanttView : public GanttView {
    Q_OBJECT
public:
    explicit SteadyGanttView(QWidget* parent = nullptr);

    // The result's schedule, with the solution it was built from (null: the schedule alone).
    void setSteadyResult(std::shared_ptr<const SteadyViewData> data, std::shared_ptr<const SolveResult> result);

    void setColoring(SteadyColoring coloring);
    SteadyColoring coloring() const { return m_coloring; }
    void highlightPattern(std::optional<std::size_t> p);
    void highlightAllocation(std::optional<std::size_t> a);
    std::optional<std::size_t> highlightedPattern() const { return m_pattern; }
    // The time span marked for the selected pattern (empty when none).
    QCPRange patternSpan() const;

    // The pattern and allocation of an interval of the drawn schedule (from its group "piK" and task id).
    static std::optional<std::size_t> patternOf(const Interval& interval);
    // The height at which every lane shown (up to 16; beyond, zoom and pan) has room for its bars and name,
    // with the title, header, marker labels, time axis and legend whole at the width laid out last.
    int preferredHeight() const;

signals:
    void coloringChanged(hetsched::ui::SteadyColoring coloring);
    void barClicked(std::size_t pattern, std::size_t allocation);
    void emptyClicked();

private:
    GanttColors colors(const Schedule& schedule) const;
    void showSteadyMenu(const QPoint& position);

    std::shared_ptr<const SteadyViewData> m_data;
    SteadyColoring m_coloring = SteadyColoring::ByPattern;
    int m_lanesFitted = 0;   // the lanes the preferred height has room for
    std::optional<std::size_t> m_pattern;
    std::optional<std::size_t> m_allocation;
    QCPItemRect* m_span;
    QPointF m_pressAt;
};

}  // namespace hetsched::ui
