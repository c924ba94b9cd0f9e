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
    // The height at which every lane shown has room for its name (up to 16 lanes; beyond, zoom and pan).
    int preferredHeight() const { return m_preferredHeight; }

signals:
    void coloringChanged(hetsched::ui::SteadyColoring coloring);
    void barClicked(std::size_t pattern, std::size_t allocation);
    void emptyClicked();

private:
    GanttColors colors(const Schedule& schedule) const;
    void showSteadyMenu(const QPoint& position);

    std::shared_ptr<const SteadyViewData> m_data;
    SteadyColoring m_coloring = SteadyColoring::ByPattern;
    int m_preferredHeight = 200;
    std::optional<std::size_t> m_pattern;
    std::optional<std::size_t> m_allocation;
    QCPItemRect* m_span;
    QPointF m_pressAt;
};

}  // namespace hetsched::ui
