// The shelf layout of a CPU/GPU schedule (Kedad-Sidhoum et al. 2013, section 4): one lane per CPU and per GPU,
// bars coloured by shelf S1..S8 or by the task's acceleration, dashed lines at λ/3, 2λ/3, λ, 4λ/3, the
// guarantee and the lower bound.
#pragma once

#include <vector>

#include "views/gantt/gantt_view.h"

namespace hetsched::ui {

enum class ShelfColoring { ByShelf, ByAcceleration };

class ShelfView : public GanttView {
    Q_OBJECT
public:
    explicit ShelfView(QWidget* parent = nullptr);

    ChartType chartType() const override { return ChartType::CpuGpuShelves; }
    void showResult(const Instance& instance, std::shared_ptr<const SolveResult> result) override;

    // By shelf (by unit, CPU or GPU, for schedules without shelves) or by acceleration cpu/gpu.
    void setShelfColoring(ShelfColoring coloring);
    ShelfColoring shelfColoring() const { return m_coloring; }

signals:
    void shelfColoringChanged(hetsched::ui::ShelfColoring coloring);

protected:
    void addContextMenuActions(QMenu& menu) override;

private:
    GanttColors colors(const Schedule& schedule) const;
    GanttColors shelfColors(const Schedule& schedule) const;
    GanttColors accelerationColors() const;

    ShelfColoring m_coloring = ShelfColoring::ByShelf;
    std::vector<double> m_acceleration;  // cpu / gpu of each task of the instance drawn
};

// The colour of acceleration `value` on a log scale from `lowest` to `highest` (a perceptual blue-yellow ramp).
QColor accelerationColor(double value, double lowest, double highest, PaletteName palette = PaletteName::Default);

}  // namespace hetsched::ui
