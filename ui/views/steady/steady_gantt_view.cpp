#include "views/steady/steady_gantt_view.h"

#include <algorithm>
#include <QActionGroup>
#include <QMenu>
#include <cstdlib>

#include "util/number_text.h"
#include "views/common/chart_palette.h"

namespace hetsched::ui {

namespace {

// More pattern boundaries than this would bury the chart under dashed lines: only T is marked then.
constexpr std::size_t kMaxPatternMarkers = 12;
constexpr int kLaneHeight = 22;        // pixels a lane has for its bars and name at the preferred height
constexpr int kMaxLanesFitted = 16;    // the preferred height grows with the lanes up to this many

std::string patternLabel(const std::string& group) {
    // The core names patterns "pi3"; the views write π3.
    return group.rfind("pi", 0) == 0 ? "π" + group.substr(2) : group;
}

}  // namespace

SteadyGanttView::SteadyGanttView(QWidget* parent) : GanttView(parent) {
    setObjectName(QStringLiteral("steadyGanttView"));
    addLayer(QStringLiteral("patternSpan"), layer(QStringLiteral("main")), QCustomPlot::limAbove);
    m_span = new QCPItemRect(this);
    m_span->setLayer(QStringLiteral("patternSpan"));
    m_span->topLeft->setTypeX(QCPItemPosition::ptPlotCoords);
    m_span->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_span->bottomRight->setTypeX(QCPItemPosition::ptPlotCoords);
    m_span->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_span->setPen(QPen(patternHighlightColor(), 1.5));
    QColor fill = patternHighlightColor();
    fill.setAlpha(34);
    m_span->setBrush(fill);
    m_span->setSelectable(false);
    m_span->setVisible(false);
    gantt()->setColorizer([this](const Schedule& schedule) { return colors(schedule); });

    // This chart's own menu: its colourings instead of the generic ones.
    disconnect(this, SIGNAL(customContextMenuRequested(QPoint)), nullptr, nullptr);
    connect(this, &QWidget::customContextMenuRequested, this, &SteadyGanttView::showSteadyMenu);
    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) { m_pressAt = event->position(); });
    connect(this, &QCustomPlot::mouseRelease, this, [this](QMouseEvent* event) {
        if (event->button() != Qt::LeftButton || !schedule()) return;
        const QPointF moved = event->position() - m_pressAt;
        if (std::abs(moved.x()) + std::abs(moved.y()) > 4) return;  // a drag pans
        if (!axisRect()->rect().contains(event->position().toPoint())) return;
        const std::optional<GanttHit> hit = gantt()->hitTest(event->position());
        if (!hit) {
            emit emptyClicked();
            return;
        }
        const Interval& in = gantt()->interval(*hit);
        const std::optional<std::size_t> p = patternOf(in);
        if (p && in.taskId >= 0) emit barClicked(*p, static_cast<std::size_t>(in.taskId));
    });
}

int SteadyGanttView::preferredHeight() const {
    return std::max(minimumHeight(), leastHeight(kLaneHeight * std::max(1, m_lanesFitted)));
}

std::optional<std::size_t> SteadyGanttView::patternOf(const Interval& interval) {
    const std::string& g = interval.group;
    std::size_t digits = 0;
    if (g.rfind("pi", 0) == 0)
        digits = 2;
    else if (g.rfind("π", 0) == 0)
        digits = std::string("π").size();
    else
        return std::nullopt;
    char* end = nullptr;
    const unsigned long k = std::strtoul(g.c_str() + digits, &end, 10);
    if (k == 0 || end == g.c_str() + digits) return std::nullopt;
    return static_cast<std::size_t>(k - 1);
}

void SteadyGanttView::setSteadyResult(std::shared_ptr<const SteadyViewData> data, std::shared_ptr<const SolveResult> result) {
    m_data = std::move(data);
    m_pattern.reset();
    m_allocation.reset();
    m_span->setVisible(false);
    if (!result) {
        showMessage(tr("No result"));
        return;
    }
    // A copy of the schedule in the views' notation (π3), with pattern boundaries only where readable.
    auto schedule = std::make_shared<Schedule>(result->schedule);
    std::size_t patternMarkers = 0;
    for (const Marker& marker : schedule->markers)
        if (marker.dashed) ++patternMarkers;
    std::vector<Marker> markers;
    for (Marker marker : schedule->markers) {
        if (marker.dashed && patternMarkers > kMaxPatternMarkers) continue;
        marker.name = patternLabel(marker.name);
        markers.push_back(std::move(marker));
    }
    schedule->markers = std::move(markers);
    for (Lane& lane : schedule->lanes)
        for (Interval& in : lane.intervals) {
            in.group = patternLabel(in.group);
            const std::string from = " in pattern pi";
            if (auto at = in.detail.str().find(from); at != std::string::npos) {
                std::string detail = in.detail;
                in.detail = detail.replace(at, from.size(), " in pattern π");
            }
        }
    // Idle ports and processors are left out (the subtitle counts them): each lane shown gets room for its name.
    std::size_t idle = 0;
    std::vector<Lane> busy;
    for (Lane& lane : schedule->lanes)
        if (lane.intervals.empty())
            ++idle;
        else
            busy.push_back(std::move(lane));
    schedule->lanes = std::move(busy);
    m_lanesFitted = std::min(static_cast<int>(schedule->lanes.size()), kMaxLanesFitted);
    schedule->title = tr("Periodic schedule: one period of length T = %1")
                          .arg(formatRounded(m_data ? m_data->solution.periodic.period : result->schedule.endTime(), 6))
                          .toStdString();
    QStringList parts;
    parts << tr("%1 · %2").arg(QString::fromStdString(result->solver), QString::fromLatin1(solveStatusName(result->status)));
    // Throughput, period and counts are in the view's header and the strip's title.
    parts << tr("solved in %1").arg(quantityText(result->seconds, u"s"));
    if (idle > 0) parts << tr("%1 not shown").arg(countOf(static_cast<long long>(idle), tr("idle resource"), tr("idle resources")));
    setColorMode(GanttColorMode::Custom);
    setSchedule(schedule, parts.join(QStringLiteral("   ·   ")));
    replot();
}

void SteadyGanttView::setColoring(SteadyColoring coloring) {
    if (coloring == m_coloring && colorMode() == GanttColorMode::Custom) return;
    m_coloring = coloring;
    setColorMode(GanttColorMode::Custom);
    gantt()->setColorizer([this](const Schedule& schedule) { return colors(schedule); });
    rebuildLegend();
    replot();
    emit coloringChanged(coloring);
}

void SteadyGanttView::highlightPattern(std::optional<std::size_t> p) {
    m_pattern = m_data && p && *p < m_data->solution.patterns.size() ? p : std::nullopt;
    if (m_pattern) {
        m_span->topLeft->setCoords(m_data->patternStart(*m_pattern), 0);
        m_span->bottomRight->setCoords(m_data->patternEnd(*m_pattern), 1);
    }
    m_span->setVisible(m_pattern.has_value());
    replot();
}

void SteadyGanttView::highlightAllocation(std::optional<std::size_t> a) {
    const std::optional<std::size_t> wanted = m_data && a && *a < m_data->solution.allocations.size() ? a : std::nullopt;
    if (wanted == m_allocation) return;
    m_allocation = wanted;
    gantt()->setColorizer([this](const Schedule& schedule) { return colors(schedule); });
    rebuildLegend();
    replot();
}

QCPRange SteadyGanttView::patternSpan() const {
    if (!m_pattern || !m_data) return {};
    return QCPRange(m_data->patternStart(*m_pattern), m_data->patternEnd(*m_pattern));
}

GanttColors SteadyGanttView::colors(const Schedule& schedule) const {
    Q_UNUSED(schedule)
    GanttColors c;
    std::size_t n = 0;
    switch (m_coloring) {
        case SteadyColoring::ByPattern:
            n = m_data ? m_data->solution.patterns.size() : 0;
            for (std::size_t p = 0; p < n; ++p) {
                c.palette.push_back(patternColor(p));
                c.legend.emplace_back(m_data->patternName(p), c.palette.back());
            }
            break;
        case SteadyColoring::ByAllocation:
            n = m_data ? m_data->solution.allocations.size() : 0;
            for (std::size_t a = 0; a < n; ++a) {
                c.palette.push_back(categoricalColor(static_cast<int>(a)));
                c.legend.emplace_back(tr("allocation %1").arg(a + 1), c.palette.back());
            }
            break;
        case SteadyColoring::ByOperation:
            n = 4;
            for (IntervalKind kind : {IntervalKind::Send, IntervalKind::Receive, IntervalKind::Return, IntervalKind::Compute})
                c.palette.push_back(intervalKindColor(kind));
            c.legend = {{tr("data sent"), c.palette[0]},
                        {tr("data received"), c.palette[1]},
                        {tr("result (sent, received)"), c.palette[2]},
                        {tr("computation"), c.palette[3]}};
            break;
    }
    if (n == 0) {
        c.palette = {QColor(0xbd, 0xbd, 0xbd)};
        return c;
    }
    // Second half: the same colours washed out, for the bars of the allocations not selected.
    for (std::size_t k = 0; k < n; ++k) c.palette.push_back(fadedColor(c.palette[k], 0.8));
    if (m_allocation) {
        c.legend.insert(c.legend.begin(), {tr("allocation %1 (others washed out)").arg(*m_allocation + 1), c.palette[0]});
        if (m_coloring == SteadyColoring::ByAllocation) c.legend.erase(c.legend.begin() + 1, c.legend.end());
    }
    const std::optional<std::size_t> selected = m_allocation;
    const SteadyColoring coloring = m_coloring;
    c.colorIndex = [n, selected, coloring](const Lane&, const Interval& in) -> std::size_t {
        std::size_t k = 0;
        switch (coloring) {
            case SteadyColoring::ByPattern: k = patternOf(in).value_or(0); break;
            case SteadyColoring::ByAllocation: k = in.taskId >= 0 ? static_cast<std::size_t>(in.taskId) : 0; break;
            case SteadyColoring::ByOperation:
                k = in.kind == IntervalKind::Send ? 0 : in.kind == IntervalKind::Receive ? 1 : in.kind == IntervalKind::Return ? 2 : 3;
                break;
        }
        if (k >= n) k = 0;
        const bool washed = selected && (in.taskId < 0 || static_cast<std::size_t>(in.taskId) != *selected);
        return washed ? k + n : k;
    };
    return c;
}

void SteadyGanttView::showSteadyMenu(const QPoint& position) {
    QMenu menu(this);
    menu.addAction(tr("Fit view"), this, [this] {
        fitView();
        replot();
    });
    menu.addSeparator();
    auto* group = new QActionGroup(&menu);
    const auto add = [&](const QString& text, SteadyColoring coloring) {
        QAction* action = menu.addAction(text, this, [this, coloring] { setColoring(coloring); });
        action->setCheckable(true);
        action->setChecked(m_coloring == coloring);
        group->addAction(action);
    };
    add(tr("Colour by pattern"), SteadyColoring::ByPattern);
    add(tr("Colour by allocation"), SteadyColoring::ByAllocation);
    add(tr("Colour by operation"), SteadyColoring::ByOperation);
    menu.addSeparator();
    menu.addAction(tr("Export chart…"), this, &GanttView::exportRequested);
    menu.exec(mapToGlobal(position));
}

}  // namespace hetsched::ui
