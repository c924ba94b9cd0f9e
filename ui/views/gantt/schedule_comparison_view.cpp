#include "views/gantt/schedule_comparison_view.h"

#include <qcustomplot.h>

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QScrollArea>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <numeric>
#include <optional>
#include <tuple>

#include "util/number_text.h"
#include "views/common/chart_export.h"
#include "views/common/figure_header.h"
#include "views/dag/dag_view_data.h"
#include "views/gantt/gantt_view.h"
#include "views/gantt/lane_axis_ticker.h"
#include "util/vertical_scroll.h"

namespace hetsched::ui {

// Outlines drawn over a Gantt's bars: the task selected in the table of moves, and a dag run's critical path.
// Few intervals, so they are kept as hits and drawn over whatever the Gantt drew.
class GanttOutlines : public QCPAbstractPlottable {
public:
    explicit GanttOutlines(GanttPlottable* gantt)
        : QCPAbstractPlottable(gantt->keyAxis(), gantt->valueAxis()), m_gantt(gantt) {
        setSelectable(QCP::stNone);
        removeFromLegend();
    }

    void setSelected(std::vector<GanttHit> hits) { m_selected = std::move(hits); }
    void setCritical(std::vector<GanttHit> hits) { m_critical = std::move(hits); }
    std::size_t selectedCount() const { return m_selected.size(); }
    std::size_t criticalCount() const { return m_critical.size(); }
    // A figure's outlines are half as thick: at a paper's size the screen's would bury the bars they frame.
    void setThin(bool thin) { m_thin = thin; }

    double selectTest(const QPointF&, bool, QVariant*) const override { return -1; }
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain) const override {
        foundRange = false;
        return {};
    }
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain, const QCPRange&) const override {
        foundRange = false;
        return {};
    }

protected:
    void draw(QCPPainter* painter) override {
        if (!m_gantt->schedule()) return;
        const GanttGeometry geometry = m_gantt->geometry();
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(dagCriticalColor(m_gantt->paletteName()), m_thin ? 1 : 2));
        for (const QRectF& rect : rectsOf(geometry, m_critical)) painter->drawRect(rect);
        painter->setBrush(QColor(255, 214, 0, 110));
        painter->setPen(QPen(QColor(0x10, 0x10, 0x10), m_thin ? 1.2 : 2.5));
        for (const QRectF& rect : rectsOf(geometry, m_selected)) painter->drawRect(rect.adjusted(-1, -2, 1, 2));
    }
    void drawLegendIcon(QCPPainter*, const QRectF&) const override {}

private:
    // One rectangle per task over consecutive lanes at the same times (a dag task on its processors), so
    // that the outline frames the task rather than striping each of its bars.
    std::vector<QRectF> rectsOf(const GanttGeometry& geometry, std::vector<GanttHit> hits) const {
        std::sort(hits.begin(), hits.end(), [this](const GanttHit& a, const GanttHit& b) {
            const Interval& x = m_gantt->interval(a);
            const Interval& y = m_gantt->interval(b);
            return std::tie(x.taskId, x.start, x.end, a.lane) < std::tie(y.taskId, y.start, y.end, b.lane);
        });
        std::vector<QRectF> rects;
        const Interval* previous = nullptr;
        int previousLane = -2;
        for (const GanttHit& hit : hits) {
            const Interval& interval = m_gantt->interval(hit);
            const auto [top, bottom] = m_gantt->laneBarSpan(geometry, hit.lane);
            const bool joins = previous && previous->taskId == interval.taskId && previous->start == interval.start &&
                               previous->end == interval.end && hit.lane == previousLane + 1;
            if (joins) {
                rects.back().setBottom(std::max(rects.back().bottom(), bottom));
                rects.back().setTop(std::min(rects.back().top(), top));
            } else {
                const double left = geometry.timeToPixel(interval.start);
                const double right = std::max(geometry.timeToPixel(interval.end), left + 3);  // a thin bar stays visible
                rects.emplace_back(QPointF(left, top), QPointF(right, bottom));
            }
            previous = &interval;
            previousLane = hit.lane;
        }
        return rects;
    }

    GanttPlottable* m_gantt;
    std::vector<GanttHit> m_selected;
    std::vector<GanttHit> m_critical;
    bool m_thin = false;
};

namespace {

// Each run's Gantt keeps room for this many lanes' names at its font under its title, header and legend, and
// for up to kLanesNamed lanes' names at the least readable size: every lane named, the runs scroll in the pane
// (issue 25). More lanes (a grid's hundreds of hosts) zoom and pan.
constexpr int kLeastLanesShown = 4;
constexpr int kLanesNamed = 64;

// Roles of the table of moves: the sort key of every cell, and on the task cell what to highlight.
constexpr int kSortRole = Qt::UserRole;
constexpr int kTaskRole = Qt::UserRole + 1;
constexpr int kKindRole = Qt::UserRole + 2;
constexpr int kLaneRole = Qt::UserRole + 3;
constexpr int kOccurrenceRole = Qt::UserRole + 4;

QString signedText(double value, const QString& unit) {
    const QString text = unit.isEmpty() ? formatRounded(value, 4) : quantityText(value, unit);
    return value > 0 ? QStringLiteral("+") + text : text;
}

QString lanesText(const std::vector<std::string>& lanes) {
    if (lanes.empty()) return {};
    const QString first = QString::fromStdString(lanes.front());
    return lanes.size() == 1 ? first : QObject::tr("%1 (+%2)").arg(first).arg(lanes.size() - 1);
}

QStandardItem* cell(const QString& text, const QVariant& sortKey) {
    auto* item = new QStandardItem(text);
    item->setData(sortKey, kSortRole);
    item->setEditable(false);
    return item;
}

// The intervals of `schedule` a row of the table of moves is about.
std::vector<GanttHit> hitsOf(const Schedule& schedule, int taskId, IntervalKind kind, const std::string& lane,
                             int occurrence) {
    std::vector<GanttHit> hits;
    for (std::size_t l = 0; l < schedule.lanes.size(); ++l) {
        const Lane& onLane = schedule.lanes[l];
        if (taskId < 0 && onLane.name != lane) continue;
        int seen = 0;
        for (std::size_t i = 0; i < onLane.intervals.size(); ++i) {
            const Interval& interval = onLane.intervals[i];
            if (interval.kind != kind || interval.taskId != taskId) continue;
            if (taskId >= 0 || seen++ == occurrence) hits.push_back({static_cast<int>(l), i});
        }
    }
    return hits;
}

// The compute intervals of the tasks on a dag run's critical path; none for other families.
std::vector<GanttHit> criticalHits(const Instance& instance, const SolveResult& result) {
    const auto* dag = std::get_if<DagInstance>(&instance);
    if (!dag) return {};
    const auto data = makeDagViewData(*dag, result);
    if (!data.ok()) return {};
    const std::vector<bool>& onPath = data.value()->trace.onCriticalPath;
    std::vector<GanttHit> hits;
    const Schedule& schedule = result.schedule;
    for (std::size_t l = 0; l < schedule.lanes.size(); ++l)
        for (std::size_t i = 0; i < schedule.lanes[l].intervals.size(); ++i) {
            const Interval& interval = schedule.lanes[l].intervals[i];
            if (interval.kind == IntervalKind::Compute && interval.taskId >= 0 &&
                static_cast<std::size_t>(interval.taskId) < onPath.size() && onPath[static_cast<std::size_t>(interval.taskId)])
                hits.push_back({static_cast<int>(l), i});
        }
    return hits;
}

QTableView* makeTable(QStandardItemModel* model, const QString& name, QWidget* parent) {
    auto* view = new QTableView(parent);
    view->setObjectName(name);
    view->setModel(model);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setStretchLastSection(true);
    return view;
}

}  // namespace

ScheduleComparisonView::ScheduleComparisonView(QWidget* parent)
    : QWidget(parent), m_metrics(new QStandardItemModel(this)), m_moves(new QStandardItemModel(this)) {
    setObjectName(QStringLiteral("scheduleComparisonView"));
    m_ganttSplitter = new QSplitter(Qt::Vertical, this);
    m_ganttSplitter->setChildrenCollapsible(false);

    m_metricsView = makeTable(m_metrics, QStringLiteral("comparisonMetricsTable"), this);
    m_metricsView->setSelectionMode(QAbstractItemView::NoSelection);
    m_metricsView->verticalHeader()->hide();
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("comparisonNote"));
    m_note->setWordWrap(true);
    m_note->setStyleSheet(QStringLiteral("color:#505050;"));
    m_moves->setSortRole(kSortRole);
    m_movesView = makeTable(m_moves, QStringLiteral("comparisonMovesTable"), this);
    m_movesView->setSortingEnabled(true);
    m_movesView->verticalHeader()->hide();
    m_movesView->setToolTip(tr("Select a task to highlight it in every run"));

    auto* side = new QWidget(this);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(new QLabel(tr("<b>Metrics</b> (difference to the first run)"), side));
    sideLayout->addWidget(m_metricsView, 2);
    sideLayout->addWidget(m_note);
    sideLayout->addWidget(m_movesView, 3);

    // The runs' Gantts scroll inside the pane: five runs never make the window taller than the screen.
    QScrollArea* ganttScroll = verticalScrollArea(m_ganttSplitter, QStringLiteral("comparisonGanttScroll"), this);
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->addWidget(ganttScroll);
    m_splitter->addWidget(side);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_sized = true; });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    connect(m_movesView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { highlightMove(current.isValid() ? current.row() : -1); });
}

ScheduleComparisonView::~ScheduleComparisonView() = default;

QCustomPlot* ScheduleComparisonView::plot() {
    return m_gantts.empty() ? nullptr : m_gantts.front();
}

GanttView* ScheduleComparisonView::gantt(int run) const {
    return run >= 0 && run < ganttCount() ? m_gantts[static_cast<std::size_t>(run)] : nullptr;
}

QString ScheduleComparisonView::differenceNote() const {
    return m_note->text();
}

std::size_t ScheduleComparisonView::highlightedIntervals(int run) const {
    return run >= 0 && run < ganttCount() ? m_outlines[static_cast<std::size_t>(run)]->selectedCount() : 0;
}

std::size_t ScheduleComparisonView::criticalIntervals(int run) const {
    return run >= 0 && run < ganttCount() ? m_outlines[static_cast<std::size_t>(run)]->criticalCount() : 0;
}

void ScheduleComparisonView::clearRuns() {
    for (GanttView* gantt : m_gantts) delete gantt;
    m_gantts.clear();
    m_outlines.clear();
    m_results.clear();
    m_metrics->clear();
    m_moves->clear();
    m_note->clear();
}

void ScheduleComparisonView::showResult(const Instance& instance, std::shared_ptr<const SolveResult> result) {
    showRuns(instance, {{tr("#1"), std::move(result), 0}});
}

void ScheduleComparisonView::showMessage(const QString& message) {
    clearRuns();
    auto* gantt = new GanttView(m_ganttSplitter);
    m_ganttSplitter->addWidget(gantt);
    m_gantts.push_back(gantt);
    m_outlines.push_back(new GanttOutlines(gantt->gantt()));
    m_results.push_back(nullptr);
    gantt->showMessage(message);
}

void ScheduleComparisonView::showRuns(const Instance& instance, std::vector<ComparedRun> runs) {
    m_chartType = chartTypeFor(instance);
    if (runs.empty()) {
        showMessage(tr("No run to compare"));
        return;
    }
    clearRuns();
    for (const ComparedRun& run : runs) {
        auto* gantt = new GanttView(m_ganttSplitter);
        // Each run's title, header and legend whole over room for a few lanes; the runs scroll in the pane.
        gantt->setLeastLanesShown(kLeastLanesShown);
        gantt->setLanesNamedAtLeastSize(kLanesNamed);
        m_ganttSplitter->addWidget(gantt);
        m_gantts.push_back(gantt);
        auto* outlines = new GanttOutlines(gantt->gantt());
        m_outlines.push_back(outlines);
        m_results.push_back(run.result);
        connect(gantt, &GanttView::exportRequested, this, &ScheduleComparisonView::exportRequested);
        // Each Gantt keeps its time range within a few spans of its own schedule, which would refuse the range
        // of a run three times longer: the comparison clamps the shared range to all runs instead.
        disconnect(gantt->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), gantt, nullptr);
        connect(gantt->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
                [this, gantt] { followTimeRange(gantt); });
        // A double click fits its Gantt (its own handler runs first); here, then, all runs.
        connect(gantt, &QCustomPlot::mouseDoubleClick, this, [this] { fitView(); });
        if (!run.result) {
            gantt->showMessage(tr("%1 cannot be drawn").arg(run.name));
            continue;
        }
        // The heading of each Gantt: which run, its solver and status, objective, metrics and time.
        const SolveResult& result = *run.result;
        QStringList parts;
        if (result.objective)
            parts << QStringLiteral("%1 = %2").arg(QString::fromStdString(result.objectiveName),
                                                   quantityText(*result.objective, QString::fromStdString(result.objectiveUnit)));
        // The main metric only: the table beside lists them all.
        int shown = 0;
        for (const Metric& metric : result.schedule.metrics)
            if (shown < 1 && !(result.objective && metric.value == *result.objective)) {
                parts << metricText(metric);
                ++shown;
            }
        parts << tr("solved in %1").arg(quantityText(result.seconds, u"s"));
        // The run, not the instance, titles each Gantt: a copy of the schedule with the run's name as title.
        auto titled = std::make_shared<Schedule>(result.schedule);
        // Each run's makespan marked, so that runs on axes of their own still read against each other.
        const bool marked = std::any_of(titled->markers.begin(), titled->markers.end(),
                                        [](const Marker& marker) { return marker.name == "makespan"; });
        double end = 0;
        for (const Lane& lane : titled->lanes)
            for (const Interval& interval : lane.intervals) end = std::max(end, interval.end);
        if (!marked && end > 0) titled->markers.push_back(Marker{"makespan", end, true});
        titled->title = tr("%1 %2 · %3")
                           .arg(run.name, QString::fromStdString(result.solver),
                                QString::fromStdString(solveStatusText(result)))
                           .toStdString();
        gantt->setSchedule(std::move(titled), parts.join(QStringLiteral("   ·   ")));
        outlines->setCritical(criticalHits(run.instance ? *run.instance : instance, result));
    }
    m_firstTime = 0;
    m_lastTime = 0;
    for (const ComparedRun& run : runs)
        if (run.result)
            for (const Lane& lane : run.result->schedule.lanes)
                for (const Interval& interval : lane.intervals) {
                    m_firstTime = std::min(m_firstTime, interval.start);
                    m_lastTime = std::max(m_lastTime, interval.end);
                }
    fillMetrics(runs);
    fillMoves(runs);
    // The Gantts take most of the width, the tables the rest (until the user moves the handle).
    // Shown for the first time, the view is not laid out yet: the pane it fills gives the width.
    const int total = std::max(width(), parentWidget() ? parentWidget()->width() : 0);
    if (!m_sized && total > 200) {
        m_splitter->setSizes({total * 63 / 100, total * 37 / 100});
        m_sized = true;
    }
    fitView();
}

void ScheduleComparisonView::followTimeRange(GanttView* source) {
    if (m_syncing) return;
    m_syncing = true;
    // As a single Gantt does, over the time of all runs: zoom in down to a billionth of the span, out to three
    // spans; never pan away from the schedules.
    const QCPRange range = source->xAxis->range();
    const double first = std::min(m_firstTime, 0.0);
    const double span = m_lastTime > first ? m_lastTime - first : 1.0;
    const double size = std::clamp(range.size(), span * 1e-9, span * 3);
    double lower = range.size() == size ? range.lower : range.center() - size / 2;
    lower = std::clamp(lower, first - span, m_lastTime + span - size);
    const QCPRange clamped(lower, lower + size);
    for (GanttView* gantt : m_gantts)
        if (gantt != source || clamped.lower != range.lower || clamped.upper != range.upper) {
            gantt->xAxis->setRange(clamped);
            gantt->replot(QCustomPlot::rpQueuedReplot);
        }
    m_syncing = false;
}

void ScheduleComparisonView::fitView() {
    if (m_gantts.empty()) return;
    QCPRange all;
    bool first = true;
    m_syncing = true;
    for (GanttView* gantt : m_gantts) {
        gantt->fitView();
        all = first ? gantt->xAxis->range() : QCPRange(std::min(all.lower, gantt->xAxis->range().lower),
                                                         std::max(all.upper, gantt->xAxis->range().upper));
        first = false;
    }
    for (GanttView* gantt : m_gantts) {
        gantt->xAxis->setRange(all);
        gantt->replot(QCustomPlot::rpQueuedReplot);  // new Gantts are drawn once laid out
    }
    m_syncing = false;
}

void ScheduleComparisonView::fillMetrics(const std::vector<ComparedRun>& runs) {
    // Rows: the objective, then every metric any run has; columns: the runs.
    QStringList rows;
    auto addRow = [&rows](const QString& name) {
        if (!rows.contains(name)) rows << name;
    };
    // The objective unless a metric already states it (a dag run's "makespan").
    for (const ComparedRun& run : runs)
        if (run.result && run.result->objective &&
            std::none_of(run.result->schedule.metrics.begin(), run.result->schedule.metrics.end(),
                         [&run](const Metric& metric) { return metric.value == *run.result->objective; }))
            addRow(QString::fromStdString(run.result->objectiveName));
    for (const ComparedRun& run : runs)
        if (run.result)
            for (const Metric& metric : run.result->schedule.metrics) addRow(QString::fromStdString(metric.name));
    // A row's value in a run, with its unit.
    auto valueOf = [this](const ComparedRun& run, const QString& row) -> std::optional<Metric> {
        if (!run.result) return std::nullopt;
        const SolveResult& result = *run.result;
        if (result.objective && row == QString::fromStdString(result.objectiveName))
            return Metric{result.objectiveName, *result.objective, result.objectiveUnit};
        for (const Metric& metric : result.schedule.metrics)
            if (QString::fromStdString(metric.name) == row) return metric;
        return std::nullopt;
    };
    // The metric's name is a column of its own, elided when the side is narrow; the values keep their width.
    m_metrics->setRowCount(static_cast<int>(rows.size()));
    m_metrics->setColumnCount(static_cast<int>(runs.size()) + 1);
    QStringList columns{tr("Metric")};
    for (const ComparedRun& run : runs)
        columns << (run.result ? QStringLiteral("%1 %2").arg(run.name, QString::fromStdString(run.result->solver))
                               : run.name);
    m_metrics->setHorizontalHeaderLabels(columns);
    for (int r = 0; r < rows.size(); ++r) {
        const std::optional<Metric> reference = valueOf(runs.front(), rows[r]);
        for (std::size_t c = 0; c < runs.size(); ++c) {
            const std::optional<Metric> value = valueOf(runs[c], rows[r]);
            const QString unit = value ? QString::fromStdString(value->unit) : QString();
            QString text = value ? quantityText(value->value, unit) : QStringLiteral("–");
            if (c > 0 && value && reference)
                text += QStringLiteral("  (%1)").arg(signedText(value->value - reference->value, unit));
            auto* item = cell(text, value ? QVariant(value->value) : QVariant());
            if (value) item->setToolTip(formatNumber(value->value));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_metrics->setItem(r, static_cast<int>(c) + 1, item);
        }
        auto* name = cell(rows[r], rows[r]);
        name->setToolTip(rows[r]);
        m_metrics->setItem(r, 0, name);
    }
    // The metric names whole (a narrow pane scrolls the runs' columns sideways rather than cut the names).
    QHeaderView* header = m_metricsView->horizontalHeader();
    header->setStretchLastSection(true);
    for (int c = 0; c < m_metrics->columnCount(); ++c) header->setSectionResizeMode(c, QHeaderView::ResizeToContents);
}

void ScheduleComparisonView::fillMoves(const std::vector<ComparedRun>& runs) {
    m_moves->setColumnCount(MoveColumnCount);
    m_moves->setHorizontalHeaderLabels({tr("Runs"), tr("Task"), tr("Kind"), tr("|Shift|"), tr("Lane"), tr("Duration")});
    const ComparedRun& reference = runs.front();
    if (!reference.result) {
        m_note->setText(tr("The first run cannot be drawn: no difference view."));
        return;
    }
    int compared = 0;
    int otherInstance = 0;
    std::size_t moved = 0;
    const QString unit = QString::fromStdString(reference.result->schedule.timeUnit);
    for (std::size_t j = 1; j < runs.size(); ++j) {
        const ComparedRun& run = runs[j];
        if (!run.result) continue;
        if (run.instanceDigest != reference.instanceDigest) {
            ++otherInstance;
            continue;
        }
        ++compared;
        const ScheduleDiff diff = diffSchedules(reference.result->schedule, run.result->schedule);
        moved += diff.moves.size();
        const QString pair = tr("%1 → %2").arg(reference.name, run.name);
        for (const TaskMove& move : diff.moves) {
            QList<QStandardItem*> row;
            auto* runCell = cell(pair, static_cast<int>(j));
            auto* task = cell(QString::fromStdString(move.name), QString::fromStdString(move.name));
            task->setData(move.taskId, kTaskRole);
            task->setData(static_cast<int>(move.kind), kKindRole);
            task->setData(QString::fromStdString(move.taskId < 0 ? move.name : std::string()), kLaneRole);
            task->setData(move.occurrence, kOccurrenceRole);
            if (move.taskId < 0) task->setToolTip(tr("an interval without a task, matched on its lane"));
            auto* kind = cell(QString::fromLatin1(intervalKindName(move.kind)), static_cast<int>(move.kind));
            QStandardItem* shift = nullptr;
            if (move.inBoth())
                shift = cell(signedText(move.startShift(), unit), std::abs(move.startShift()));
            else  // a task in one run only sorts above every move
                shift = cell(move.inA ? tr("only in %1").arg(reference.name) : tr("only in %1").arg(run.name),
                             std::numeric_limits<double>::max());
            shift->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            const QString lanes = move.laneChanged()
                                      ? tr("%1 → %2").arg(lanesText(move.inA->lanes), lanesText(move.inB->lanes))
                                      : QString();
            auto* lane = cell(lanes, lanes);
            lane->setToolTip(lanes);
            const double change = move.durationChange();
            auto* duration = cell(move.inBoth() && change != 0 ? signedText(change, unit) : QString(), std::abs(change));
            duration->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            row << runCell << task << kind << shift << lane << duration;
            m_moves->appendRow(row);
        }
    }
    QStringList note;
    if (compared > 0)
        note << tr("%n difference(s) to the first run: select one to highlight the task in every run.", nullptr,
                   static_cast<int>(moved));
    if (otherInstance > 0)
        note << tr("%n run(s) computed on another version of the instance: not compared task by task.", nullptr,
                   otherInstance);
    bool critical = false;
    for (const GanttOutlines* outlines : m_outlines) critical = critical || outlines->criticalCount() > 0;
    if (critical) note << tr("Red outlines: each run's critical path.");
    m_note->setText(note.join(QLatin1Char(' ')));
    m_movesView->setColumnHidden(RunColumn, runs.size() <= 2);
    m_movesView->sortByColumn(ShiftColumn, Qt::DescendingOrder);
    m_movesView->resizeColumnsToContents();
}

void ScheduleComparisonView::highlightMove(int row) {
    const QModelIndex task = m_moves->index(row, TaskColumn);
    for (std::size_t g = 0; g < m_gantts.size(); ++g) {
        std::vector<GanttHit> hits;
        if (task.isValid() && m_results[g])
            hits = hitsOf(m_results[g]->schedule, task.data(kTaskRole).toInt(),
                          static_cast<IntervalKind>(task.data(kKindRole).toInt()),
                          task.data(kLaneRole).toString().toStdString(), task.data(kOccurrenceRole).toInt());
        m_outlines[g]->setSelected(std::move(hits));
        m_gantts[g]->replot(QCustomPlot::rpQueuedReplot);
    }
}

Expected<bool> ScheduleComparisonView::exportTo(const QString& path, int width, int height) {
    Expected<FigureCanvas> canvas = pixelCanvas(path, width, height);
    if (!canvas) return canvas.error();
    FigureOptions options;
    options.legend = LegendPlacement::Below;
    return exportFigure(path, *canvas, options);
}

Expected<bool> ScheduleComparisonView::exportFigure(const QString& path, const FigureCanvas& canvas,
                                                    const FigureOptions& options) {
    const int count = ganttCount();
    if (count == 0) return invalidInput("there is no run to export");
    const QSize layout = canvas.layout;
    constexpr int kMargin = 4;
    // The figure's own title over the runs' (which name each run); none unless asked for.
    const QString title = options.title ? QString::fromStdString(*options.title) : QString();
    const FigureHeader header(title, {}, figureFont(canvas.fontPoints, true), figureFont(canvas.fontPoints),
                              layout.width() - 2 * kMargin, layout.height() * 0.2);
    int top = header.height() > 0 ? kMargin + static_cast<int>(std::ceil(header.height())) : 0;
    // The metrics table (difference to the first run) under the title, when the header is asked for and the
    // table takes at most a quarter of the height and fits the width; else left out (hetsched export
    // writes it as CSV and LaTeX too).
    struct Table {
        std::vector<QStringList> rows;   // the column titles, then one row per metric
        std::vector<double> widths;
        double line = 0;
        double height() const { return rows.empty() ? 0 : rows.size() * line + 4; }
    } table;
    if (options.header && m_metrics->rowCount() > 0) {
        const QFont font = figureFont(canvas.fontPoints);
        const QFontMetricsF metrics(font);
        QStringList titles;
        for (int c = 0; c < m_metrics->columnCount(); ++c)
            titles << m_metrics->headerData(c, Qt::Horizontal).toString();
        table.rows.push_back(titles);
        for (int r = 0; r < m_metrics->rowCount(); ++r) {
            QStringList row;
            for (int c = 0; c < m_metrics->columnCount(); ++c) row << m_metrics->index(r, c).data().toString();
            table.rows.push_back(row);
        }
        table.widths.assign(static_cast<std::size_t>(m_metrics->columnCount()), 0);
        for (const QStringList& row : table.rows)
            for (int c = 0; c < row.size(); ++c)
                table.widths[static_cast<std::size_t>(c)] =
                    std::max(table.widths[static_cast<std::size_t>(c)], metrics.horizontalAdvance(row[c]) + 10);
        table.line = metrics.lineSpacing();
        const double width = std::accumulate(table.widths.begin(), table.widths.end(), 0.0);
        if (table.height() > layout.height() * 0.25 || width > layout.width() - 2 * kMargin) table.rows.clear();
    }
    const int tableTop = top + (top > 0 ? 0 : kMargin);
    if (!table.rows.empty()) top = tableTop + static_cast<int>(std::ceil(table.height()));

    std::vector<GanttView::Parts> screen;
    std::vector<bool> grouped(m_gantts.size(), false);   // lanes grouped for the figure
    std::vector<bool> screenGrouped;                      // lanes grouped on screen (by their height or the user)
    std::vector<QSize> leastAreas;                         // each plot area's least size on screen
    std::vector<QString> timeLabels;
    std::vector<QCPRange> timeRanges;
    for (GanttView* gantt : m_gantts) timeRanges.push_back(gantt->xAxis->range());
    // Each run on its own time axis: the shared range is dropped for the figure (and put back after it).
    if (!options.sharedTimeAxis) {
        m_syncing = true;
        for (GanttView* gantt : m_gantts) gantt->fitView();
        m_syncing = false;
    }
    for (int g = 0; g < count; ++g) {
        GanttView* gantt = m_gantts[static_cast<std::size_t>(g)];
        screen.push_back(gantt->parts());
        // The figure groups lanes by its own rule (below): the screen's grouping is put back after it.
        screenGrouped.push_back(gantt->lanesGrouped());
        gantt->setLanesGrouped(false);
        timeLabels.push_back(gantt->xAxis->label());
        GanttView::Parts parts;
        const bool last = g == count - 1;
        // The run's name and solver stay; its metrics are in the header only when asked for.
        parts.header = options.header && count == 1;
        // One legend for the stack, under the last run: beside it, it would narrow one run's axis (or, kept
        // aligned, every run's) for a couple of entries.
        parts.legend = !last ? LegendPlacement::None
                       : options.legend == LegendPlacement::Right && count > 1 ? LegendPlacement::Below
                                                                               : options.legend;
        parts.palette = options.palette;
        parts.figure = true;
        // A run merely feasible says so on screen; in a figure its name and solver are enough.
        if (const SolveResult* result = m_results[static_cast<std::size_t>(g)].get();
            result && result->status == SolveStatus::Feasible && gantt->schedule()) {
            const QString runTitle = QString::fromStdString(gantt->schedule()->title);   // "run solver · status"
            parts.title = runTitle.left(runTitle.lastIndexOf(QStringLiteral(" · ")));
        }
        m_outlines[static_cast<std::size_t>(g)]->setThin(true);
        // On one shared time axis the numbers are under the last run only; the others keep their ticks.
        parts.timeTickLabels = last || !options.sharedTimeAxis;
        gantt->setParts(parts);
        // One time axis title under the last run, unless each run has its own axis.
        if (!last && options.sharedTimeAxis) gantt->xAxis->setLabel(QString());
    }
    Expected<bool> written = true;
    {
        std::vector<std::unique_ptr<PlotFontScope>> fonts;
        for (GanttView* gantt : m_gantts) fonts.push_back(std::make_unique<PlotFontScope>(gantt, canvas.fontPoints));
        // What each Gantt needs around its plot area, measured at an even share; then every plot area the same.
        // QCustomPlot's least plot area (50 x 50 pixels) would hide what a short share needs: plotAreaProblem
        // says when the plot areas are too small.
        for (GanttView* gantt : m_gantts) {
            leastAreas.push_back(gantt->axisRect()->minimumSize());
            gantt->axisRect()->setMinimumSize(1, 1);
        }
        const int room = layout.height() - top;
        const int even = std::max(1, room / count);
        std::vector<int> chrome;
        std::vector<int> shares(m_gantts.size(), even);   // each Gantt's height the chrome is measured at
        int area = 1;
        // What each Gantt needs around its plot area depends on the height it is laid out at (a squeezed layout
        // gives its texts less): measured at an even share, then again at the heights that share gives, so
        // that every plot area comes out the same.
        const auto measure = [&] {
            for (int pass = 0; pass < 2; ++pass) {
                chrome.clear();
                for (std::size_t g = 0; g < m_gantts.size(); ++g) {
                    m_gantts[g]->toPixmap(layout.width(), shares[g]);
                    m_gantts[g]->toPixmap(layout.width(), shares[g]);
                    chrome.push_back(shares[g] - m_gantts[g]->axisRect()->height());
                }
                area = std::max(1, (room - std::accumulate(chrome.begin(), chrome.end(), 0)) / count);
                for (std::size_t g = 0; g < m_gantts.size(); ++g) shares[g] = std::max(1, area + chrome[g]);
            }
        };
        measure();
        // More lanes than the plot area can name (a task graph's processors): each run's lanes grouped by
        // cluster or node, one named row each, a task over its processors still one bar with its name.
        bool regrouped = false;
        for (std::size_t g = 0; g < m_gantts.size(); ++g)
            if (m_gantts[g]->gantt()->groupingHelps() && !m_gantts[g]->namesEveryLane(area)) {
                m_gantts[g]->setLanesGrouped(true);
                grouped[g] = true;
                regrouped = true;
            }
        if (regrouped) measure();
        // Still too short to name each run's rows: the markers' labels go after the runs' titles (their lines
        // stay), which gives the plot areas the row they took.
        const bool rowsNamed = std::all_of(m_gantts.begin(), m_gantts.end(),
                                           [&](const GanttView* gantt) { return gantt->namesEveryRow(area); });
        if (!rowsNamed) {
            for (GanttView* gantt : m_gantts) {
                GanttView::Parts parts = gantt->parts();
                parts.markersInTitle = true;
                gantt->setParts(parts);
            }
            measure();
        }
        // Still too short (a column's height): the shared time axis' title leaves its own line for the end of the
        // row of numbers, right-aligned under the axis' end, when the last number leaves it room there.
        QString timeTitle;
        GanttView* lastGantt = m_gantts.back();
        const bool allRowsNamed = std::all_of(m_gantts.begin(), m_gantts.end(),
                                              [&](const GanttView* gantt) { return gantt->namesEveryRow(area); });
        if (count > 1 && options.sharedTimeAxis && !allRowsNamed && !lastGantt->xAxis->label().isEmpty() &&
            !lastGantt->xAxis->tickVector().isEmpty()) {
            QCPAxis* axis = lastGantt->xAxis;
            const QFontMetricsF numbers(axis->tickLabelFont());
            const double lastNumberEnd = axis->coordToPixel(axis->tickVector().back()) +
                                         numbers.horizontalAdvance(axis->tickVectorLabels().back()) / 2;
            const double width = QFontMetricsF(axis->labelFont()).horizontalAdvance(axis->label());
            if (lastNumberEnd + numbers.horizontalAdvance(QStringLiteral("  ")) + width <= lastGantt->axisRect()->right()) {
                timeTitle = axis->label();
                axis->setLabel(QString());
                measure();
            }
        }
        std::vector<int> heights;
        for (int g = 0; g < count; ++g) heights.push_back(area + chrome[static_cast<std::size_t>(g)]);
        heights.back() = room - std::accumulate(heights.begin(), heights.end() - 1, 0);
        // Every run's time axis at one place across the page: the plot areas share their left and right edges
        // (the last run's legend beside it narrows all of them).
        if (count > 1) {
            std::vector<QMargins> margins;
            std::vector<QRect> rects;
            for (int g = 0; g < count; ++g) {
                GanttView* gantt = m_gantts[static_cast<std::size_t>(g)];
                gantt->toPixmap(layout.width(), heights[static_cast<std::size_t>(g)]);
                margins.push_back(gantt->axisRect()->margins());
                rects.push_back(gantt->axisRect()->rect());
            }
            int left = 0;
            int right = 0;
            for (const QRect& rect : rects) {
                left = std::max(left, rect.left());
                right = std::max(right, layout.width() - rect.right());
            }
            for (std::size_t g = 0; g < m_gantts.size(); ++g) {
                GanttView::Parts parts = m_gantts[g]->parts();
                parts.minimumLeft = margins[g].left() + left - rects[g].left();
                parts.minimumRight = margins[g].right() + right - (layout.width() - rects[g].right());
                m_gantts[g]->setParts(parts);
            }
        }
        std::vector<std::unique_ptr<PlotFitScope>> fits;
        std::optional<Error> problem;
        for (int g = 0; g < count; ++g) {
            GanttView* gantt = m_gantts[static_cast<std::size_t>(g)];
            fits.push_back(std::make_unique<PlotFitScope>(gantt, QSize(layout.width(), std::max(1, heights[static_cast<std::size_t>(g)]))));
            if (!problem && canvas.checkRoom) problem = plotAreaProblem(gantt, canvas);
        }
        if (problem) {
            written = *problem;
        } else {
            written = writeFigure(path, canvas, [&](QCPPainter& painter) {
                painter.fillRect(QRect(QPoint(0, 0), layout), Qt::white);
                header.paint(painter, QPointF(kMargin, kMargin));
                if (!table.rows.empty()) {
                    painter.save();
                    painter.setFont(figureFont(canvas.fontPoints));
                    for (std::size_t r = 0; r < table.rows.size(); ++r) {
                        const double y = tableTop + static_cast<double>(r) * table.line;
                        double x = kMargin;
                        painter.setPen(r == 0 ? QColor(0x20, 0x20, 0x20) : QColor(0x40, 0x40, 0x40));
                        for (int c = 0; c < table.rows[r].size(); ++c) {
                            const double w = table.widths[static_cast<std::size_t>(c)];
                            // The metric's name to the left, the values to the right of their columns.
                            const Qt::Alignment align = c == 0 ? Qt::AlignLeft : Qt::AlignRight;
                            painter.drawText(QRectF(x, y, w - 6, table.line), align | Qt::AlignVCenter, table.rows[r][c]);
                            x += w;
                        }
                        if (r == 0) {
                            painter.setPen(QPen(QColor(0x80, 0x80, 0x80), 0.8));
                            painter.drawLine(QLineF(kMargin, y + table.line, x, y + table.line));
                        }
                    }
                    painter.restore();
                }
                int y = top;
                for (int g = 0; g < count; ++g) {
                    painter.save();
                    painter.translate(0, y);
                    m_gantts[static_cast<std::size_t>(g)]->toPainter(&painter, layout.width(), heights[static_cast<std::size_t>(g)]);
                    painter.restore();
                    y += heights[static_cast<std::size_t>(g)];
                }
                m_figureThinnestBarPoints = 0;
                for (GanttView* gantt : m_gantts)
                    if (const double bar = gantt->gantt()->lastDrawStats().thinnestBar; bar > 0)
                        m_figureThinnestBarPoints = std::min(m_figureThinnestBarPoints > 0 ? m_figureThinnestBarPoints : bar * 72.0 / layoutDotsPerInch(),
                                                             bar * 72.0 / layoutDotsPerInch());
                if (!timeTitle.isEmpty()) {
                    // On the numbers' line: under the axis, past its ticks and the numbers' padding.
                    QCPAxis* axis = lastGantt->xAxis;
                    const double top = y - heights.back() + lastGantt->axisRect()->bottom() + axis->offset() +
                                       std::max(axis->tickLengthOut(), axis->subTickLengthOut()) + axis->tickLabelPadding();
                    painter.setFont(axis->labelFont());
                    painter.setPen(axis->labelColor());
                    painter.drawText(QRectF(0, top, lastGantt->axisRect()->right(), QFontMetricsF(axis->tickLabelFont()).height()),
                                     Qt::AlignRight | Qt::AlignTop, timeTitle);
                }
            });
        }
    }
    // A run whose cluster (or node) rows are not all named says so, and which rows are left unnamed: never
    // silently (the lane axis steps its names where the plot area is too short for all of them).
    if (written) {
        for (int g = 0; g < count; ++g) {
            GanttView* gantt = m_gantts[static_cast<std::size_t>(g)];
            if (!grouped[static_cast<std::size_t>(g)]) continue;
            const QStringList rows = gantt->gantt()->rowNames();
            QStringList named;
            for (const QString& label : gantt->yAxis->tickVectorLabels())
                if (!label.isEmpty()) named << label;
            QStringList unnamed;
            for (const QString& row : rows)
                if (!named.contains(row)) unnamed << row;
            if (unnamed.isEmpty()) continue;
            canvas.notes->append(tr("run %1: the rows %2 are not named (%3 rows in a plot area %4 pt high, a name "
                                    "each needs %5 pt at %6 pt text); a taller --size, fewer runs or a smaller "
                                    "--font-pt names them")
                                     .arg(QChar(u'a' + g))
                                     .arg(unnamed.join(QStringLiteral(", ")))
                                     .arg(rows.size())
                                     .arg(qRound(gantt->axisRect()->height() * 72.0 / layoutDotsPerInch()))
                                     .arg(qRound(LaneAxisTicker::labelPixels(figureFont(canvas.fontPoints)) * 72.0 / layoutDotsPerInch()))
                                     .arg(canvas.fontPoints));
        }
    }
    for (int g = 0; g < count; ++g) {
        GanttView* gantt = m_gantts[static_cast<std::size_t>(g)];
        gantt->setLanesGrouped(screenGrouped[static_cast<std::size_t>(g)]);
        if (static_cast<std::size_t>(g) < leastAreas.size()) gantt->axisRect()->setMinimumSize(leastAreas[static_cast<std::size_t>(g)]);
        gantt->setParts(screen[static_cast<std::size_t>(g)]);
        gantt->xAxis->setLabel(timeLabels[static_cast<std::size_t>(g)]);
    }
    m_syncing = true;
    for (int g = 0; g < count; ++g) {
        m_gantts[static_cast<std::size_t>(g)]->xAxis->setRange(timeRanges[static_cast<std::size_t>(g)]);
        m_gantts[static_cast<std::size_t>(g)]->replot();
    }
    m_syncing = false;
    return written;
}

}  // namespace hetsched::ui
