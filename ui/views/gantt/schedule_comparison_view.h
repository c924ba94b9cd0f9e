// Several runs of one entry side by side: a Gantt per run on one shared time axis, their metrics with the
// difference to the first run, and for runs of the same instance what moved between them, task by task.
#pragma once

#include <QWidget>
#include <memory>
#include <vector>

#include "schedule/schedule_diff.h"
#include "views/common/result_chart.h"

class QLabel;
class QSplitter;
class QStandardItemModel;
class QTableView;

namespace hetsched::ui {

class GanttView;
class GanttOutlines;

// One run to compare: its name in the run table ("#2"), its result (null when it cannot be drawn), and the
// digest of the instance it was computed on.
struct ComparedRun {
    QString name;
    std::shared_ptr<const SolveResult> result;
    std::size_t instanceDigest = 0;
    std::shared_ptr<const Instance> instance = {};   // the run's own instance; null: the one shown
};

class ScheduleComparisonView : public QWidget, public ResultChart {
    Q_OBJECT
public:
    // Columns of the table of moves.
    enum MoveColumn { RunColumn, TaskColumn, KindColumn, ShiftColumn, LaneColumn, DurationColumn, MoveColumnCount };

    explicit ScheduleComparisonView(QWidget* parent = nullptr);
    ~ScheduleComparisonView() override;

    // ChartType has no value of its own for a comparison: the type of the instance's single-run chart.
    ChartType chartType() const override { return m_chartType; }
    QCustomPlot* plot() override;  // the first run's Gantt
    QWidget* widget() override { return this; }
    // The Gantts stacked as on the screen, one under the other.
    Expected<bool> exportTo(const QString& path, int width, int height) override;
    // The figure: the runs' Gantts stacked, each titled by its run, one time axis title and one legend (under
    // the last Gantt or beside them), every plot area of the same height.
    Expected<bool> exportFigure(const QString& path, const FigureCanvas& canvas, const FigureOptions& options) override;
    void showResult(const Instance& instance, std::shared_ptr<const SolveResult> result) override;
    void showMessage(const QString& message) override;
    // Fits every Gantt and gives them the time range that holds all runs.
    void fitView() override;

    // The runs in the order given: the first is the reference the others are compared with.
    void showRuns(const Instance& instance, std::vector<ComparedRun> runs);

    int ganttCount() const { return static_cast<int>(m_gantts.size()); }
    GanttView* gantt(int run) const;
    QTableView* movesTable() const { return m_movesView; }
    QTableView* metricsTable() const { return m_metricsView; }
    // What the table of moves is about ("3 tasks moved…", or why there is no difference view).
    QString differenceNote() const;
    // Per Gantt, the intervals outlined as the selected task and as the critical path (dag runs).
    std::size_t highlightedIntervals(int run) const;
    std::size_t criticalIntervals(int run) const;
    // The least height of a bar the last figure drew, in points at its printed size (0: no bar drawn).
    double figureThinnestBarPoints() const { return m_figureThinnestBarPoints; }

signals:
    void exportRequested();

private:
    void clearRuns();
    void followTimeRange(GanttView* source);
    void fillMetrics(const std::vector<ComparedRun>& runs);
    void fillMoves(const std::vector<ComparedRun>& runs);
    void highlightMove(int row);

    QSplitter* m_splitter;
    QSplitter* m_ganttSplitter;
    QLabel* m_note;
    QStandardItemModel* m_metrics;
    QTableView* m_metricsView;
    QStandardItemModel* m_moves;
    QTableView* m_movesView;
    std::vector<GanttView*> m_gantts;
    std::vector<GanttOutlines*> m_outlines;
    std::vector<std::shared_ptr<const SolveResult>> m_results;
    ChartType m_chartType = ChartType::Gantt;
    double m_firstTime = 0;  // the earliest start and the latest end of all runs
    double m_lastTime = 0;
    bool m_syncing = false;
    bool m_sized = false;
    double m_figureThinnestBarPoints = 0;
};

}  // namespace hetsched::ui
