#include "views/gantt/schedule_comparison_view.h"

#include <qcustomplot.h>

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <tuple>

#include "util/number_text.h"
#include "views/common/chart_export.h"
#include "views/dag/dag_view_data.h"
#include "views/gantt/gantt_view.h"

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
        painter->setPen(QPen(dagCriticalColor(), 2));
        for (const QRectF& rect : rectsOf(geometry, m_critical)) painter->drawRect(rect);
        painter->setBrush(QColor(255, 214, 0, 110));
        painter->setPen(QPen(QColor(0x10, 0x10, 0x10), 2.5));
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
            const auto [top, bottom] = geometry.barSpan(hit.lane);
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
};

namespace {

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

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->addWidget(m_ganttSplitter);
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
    QHeaderView* header = m_metricsView->horizontalHeader();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < m_metrics->columnCount(); ++c) header->setSectionResizeMode(c, QHeaderView::ResizeToContents);
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
    const int count = std::max(1, ganttCount());
    const int each = height / count;
    Expected<bool> written = exportPainted(path, width, height, [&](QCPPainter& painter) {
        for (int g = 0; g < ganttCount(); ++g) {
            painter.save();
            painter.translate(0, g * each);
            m_gantts[static_cast<std::size_t>(g)]->toPainter(&painter, width, each);
            painter.restore();
        }
    });
    // Rendering at another size re-laid the plots out: lay them out again for the screen.
    for (GanttView* gantt : m_gantts) gantt->replot();
    return written;
}

}  // namespace hetsched::ui
