#include "views/cpugpu/cpugpu_shelf_view.h"

#include <QActionGroup>
#include <QMenu>
#include <algorithm>
#include <array>
#include <cmath>

#include "util/number_text.h"
#include "views/common/chart_palette.h"

namespace hetsched::ui {

namespace {

constexpr int kShelfCount = 8;
constexpr int kAccelerationLegendStops = 6;
const QColor kSpoliatedColor(0xbd, 0xbd, 0xbd);

// S1..S4 run on the CPUs, S5..S8 on the GPUs: warm hues for the CPU shelves, cool ones for the GPU shelves
// (the colour-blind and grey palettes: their own series, hatched beyond the greys in grey).
QColor shelfColor(int shelf, PaletteName palette = PaletteName::Default) {
    if (palette != PaletteName::Default) return categoricalColor(std::clamp(shelf, 1, kShelfCount) - 1, palette);
    static const std::array<QColor, kShelfCount> colors = {
        QColor(0xe1, 0x57, 0x59), QColor(0xf2, 0x8e, 0x2b), QColor(0xed, 0xc9, 0x48), QColor(0xb0, 0x7a, 0xa1),
        QColor(0x4e, 0x79, 0xa7), QColor(0x76, 0xb7, 0xb2), QColor(0x59, 0xa1, 0x4f), QColor(0x9c, 0x75, 0x5f)};
    return colors[static_cast<std::size_t>(std::clamp(shelf, 1, kShelfCount) - 1)];
}

// "S3" -> 3; 0 for anything else.
int shelfNumber(const std::string& group) {
    if (group.size() != 2 || group[0] != 'S' || group[1] < '1' || group[1] > '0' + kShelfCount) return 0;
    return group[1] - '0';
}

}  // namespace

QColor accelerationColor(double value, double lowest, double highest, PaletteName palette) {
    // Viridis at six stops, interpolated in RGB.
    static const std::array<QColor, 6> ramp = {QColor(0x44, 0x01, 0x54), QColor(0x41, 0x44, 0x87),
                                               QColor(0x2a, 0x78, 0x8e), QColor(0x22, 0xa8, 0x84),
                                               QColor(0x7a, 0xd1, 0x51), QColor(0xfd, 0xe7, 0x25)};
    double t = 0.5;
    if (value > 0 && lowest > 0 && highest > lowest)
        t = std::clamp(std::log(value / lowest) / std::log(highest / lowest), 0.0, 1.0);
    if (palette == PaletteName::Grey) {
        const int grey = static_cast<int>(std::lround(0x30 + t * (0xe0 - 0x30)));
        return QColor(grey, grey, grey);
    }
    const double position = t * (ramp.size() - 1);
    const std::size_t k = std::min<std::size_t>(static_cast<std::size_t>(position), ramp.size() - 2);
    const double f = position - static_cast<double>(k);
    const QColor& a = ramp[k];
    const QColor& b = ramp[k + 1];
    return QColor::fromRgbF(static_cast<float>(a.redF() + f * (b.redF() - a.redF())),
                            static_cast<float>(a.greenF() + f * (b.greenF() - a.greenF())),
                            static_cast<float>(a.blueF() + f * (b.blueF() - a.blueF())));
}

ShelfView::ShelfView(QWidget* parent) : GanttView(parent) {
    setObjectName(QStringLiteral("shelfView"));
    gantt()->setColorizer([this](const Schedule& schedule) { return colors(schedule); });
    setColorMode(GanttColorMode::Custom);
}

void ShelfView::showResult(const Instance& instance, std::shared_ptr<const SolveResult> result) {
    m_acceleration.clear();
    if (const auto* cpuGpu = std::get_if<CpuGpuInstance>(&instance))
        for (const CpuGpuTask& task : cpuGpu->tasks) m_acceleration.push_back(accelerationOf(task));
    GanttView::showResult(instance, std::move(result));
}

void ShelfView::setShelfColoring(ShelfColoring coloring) {
    const bool changed = coloring != m_coloring || colorMode() != GanttColorMode::Custom;
    m_coloring = coloring;
    if (colorMode() != GanttColorMode::Custom)
        setColorMode(GanttColorMode::Custom);
    else
        gantt()->setColorizer([this](const Schedule& schedule) { return colors(schedule); });
    rebuildLegend();
    replot();
    if (changed) emit shelfColoringChanged(coloring);
}

void ShelfView::addContextMenuActions(QMenu& menu) {
    auto* group = new QActionGroup(&menu);
    const auto add = [&](const QString& text, ShelfColoring coloring) {
        QAction* action = menu.addAction(text, this, [this, coloring] { setShelfColoring(coloring); });
        action->setCheckable(true);
        action->setChecked(colorMode() == GanttColorMode::Custom && m_coloring == coloring);
        group->addAction(action);
    };
    add(tr("Colour by shelf"), ShelfColoring::ByShelf);
    add(tr("Colour by acceleration"), ShelfColoring::ByAcceleration);
}

GanttColors ShelfView::colors(const Schedule& schedule) const {
    return m_coloring == ShelfColoring::ByAcceleration ? accelerationColors() : shelfColors(schedule);
}

GanttColors ShelfView::shelfColors(const Schedule& schedule) const {
    std::array<bool, kShelfCount + 1> present{};
    bool spoliated = false;
    bool unshelved = false;
    for (const Lane& lane : schedule.lanes)
        for (const Interval& in : lane.intervals) {
            const int shelf = shelfNumber(in.group);
            present[static_cast<std::size_t>(shelf)] = true;
            if (in.kind == IntervalKind::Other) spoliated = true;
            else if (shelf == 0) unshelved = true;
        }
    // Palette: 0 spoliated, 1..8 the shelves, 9 CPU, 10 GPU.
    const PaletteName palette = gantt()->paletteName();
    GanttColors colors;
    colors.palette.push_back(kSpoliatedColor);
    colors.patterns.push_back(0);
    for (int s = 1; s <= kShelfCount; ++s) {
        colors.palette.push_back(shelfColor(s, palette));
        colors.patterns.push_back(categoricalPattern(s - 1, palette));
    }
    const QColor cpuColor = intervalKindColor(IntervalKind::Send, palette);
    const QColor gpuColor = intervalKindColor(IntervalKind::Compute, palette);
    colors.palette.push_back(cpuColor);
    colors.palette.push_back(gpuColor);
    colors.patterns.push_back(palette == PaletteName::Grey ? 1 : 0);
    colors.patterns.push_back(0);
    for (int s = 1; s <= kShelfCount; ++s)
        if (present[static_cast<std::size_t>(s)])
            colors.legend.emplace_back(tr("S%1 (%2)").arg(s).arg(s <= 4 ? tr("CPU") : tr("GPU")), shelfColor(s, palette));
    // Without shelves (heft, heteroprio, exact), the unit a task runs on.
    if (unshelved) {
        colors.legend.emplace_back(tr("on a CPU"), cpuColor);
        colors.legend.emplace_back(tr("on a GPU"), gpuColor);
    }
    if (spoliated) colors.legend.emplace_back(tr("aborted (spoliated)"), kSpoliatedColor);
    colors.colorIndex = [](const Lane& lane, const Interval& in) -> std::size_t {
        if (in.kind == IntervalKind::Other) return 0;
        if (const int shelf = shelfNumber(in.group)) return static_cast<std::size_t>(shelf);
        return lane.category == "GPU" ? kShelfCount + 2 : kShelfCount + 1;
    };
    return colors;
}

GanttColors ShelfView::accelerationColors() const {
    GanttColors colors;
    colors.palette.push_back(kSpoliatedColor);
    double lowest = 0;
    double highest = 0;
    for (const double a : m_acceleration)
        if (a > 0 && std::isfinite(a)) {
            lowest = lowest == 0 ? a : std::min(lowest, a);
            highest = std::max(highest, a);
        }
    // One palette entry per task: the scale is continuous; the legend samples it at a few accelerations.
    const PaletteName palette = gantt()->paletteName();
    for (const double a : m_acceleration) colors.palette.push_back(accelerationColor(a, lowest, highest, palette));
    if (highest > 0) {
        const int stops = highest > lowest ? kAccelerationLegendStops : 1;
        for (int k = 0; k < stops; ++k) {
            const double value =
                stops == 1 ? lowest : lowest * std::pow(highest / lowest, static_cast<double>(k) / (stops - 1));
            colors.legend.emplace_back(tr("×%1").arg(formatRounded(value, 3)),
                                       accelerationColor(value, lowest, highest, palette));
        }
        colors.legend.front().first = tr("cpu/gpu ×%1").arg(formatRounded(lowest, 3));
    }
    const std::size_t tasks = m_acceleration.size();
    colors.colorIndex = [tasks](const Lane&, const Interval& in) -> std::size_t {
        if (in.kind == IntervalKind::Other || in.taskId < 0 || static_cast<std::size_t>(in.taskId) >= tasks)
            return 0;
        return static_cast<std::size_t>(in.taskId) + 1;
    };
    if (m_acceleration.empty()) colors.legend.clear();
    return colors;
}

}  // namespace hetsched::ui
