// The chart of the selected run, with the controls of its view (colours, fit) and a note when it is outdated;
// the comparison of the selected runs when several are selected.
#pragma once

#include <QWidget>
#include <memory>
#include <qcustomplot.h>
#include <optional>
#include <vector>

#include "document/run_record.h"
#include "views/gantt/schedule_comparison_view.h"
#include "views/common/result_chart.h"

class QComboBox;
class QLabel;
class QToolButton;
class QVBoxLayout;

namespace hetsched::ui {

class GanttView;

class ResultPane : public QWidget {
    Q_OBJECT
public:
    explicit ResultPane(QWidget* parent = nullptr);

    // Shows a run of `instance`; `current` says whether it was computed on the instance as it is now.
    void showRun(const Instance& instance, const RunRecord& run, bool current);
    // Whether what is shown (a run, or a run beside its simulation) was computed on the current instance: the
    // outdated note and the re-run button when not.
    void setShownRunCurrent(bool current);
    // No run to show: the chart for this kind of instance (if any), empty, saying why; on screen the pane
    // shows the message alone, a line under its header, leaving the height to what has content.
    void showNothing(const Instance* instance, const QString& message);
    // Whether the pane shows no run (showNothing was last): it then needs only its header and message.
    bool isEmpty() const { return m_empty; }
    // Several runs of `instance` side by side (the first is the reference), in place of the single chart.
    void showComparison(const Instance& instance, std::vector<ComparedRun> runs);

    // The chart shown: the comparison while one is shown, else the single run's chart.
    ResultChart* chart() const;
    // The comparison view, null until runs were first compared.
    ScheduleComparisonView* comparison() const { return m_comparison; }
    bool isComparing() const;
    // "Schedule — solver, status" of the run shown, "Schedule" when none.
    // The makespan the file of the shown instance records for its own run (an imported workflow; none: no
    // record): the runs of a task graph then show it beside theirs. Set before showRun.
    void setRecordedMakespan(std::optional<double> seconds) { m_recordedMakespan = seconds; }
    // What the pane says of that record beside the shown run; empty when it says nothing.
    QString recordedMakespanNote() const;
    QString heading() const;
    GanttView* ganttView() const;
    // Shown beside the stale note: solves the current instance again with the run's solver and options.
    QToolButton* rerunButton() const { return m_rerunButton; }
    bool isShowingStaleRun() const;

    // The Maximise button mirrors the window's Maximise Results action (checked while maximised).
    void setMaximiseAction(QAction* action);

signals:
    void exportRequested();
    void rerunRequested();
    // The pane went from showing a run or a comparison to showing none (empty), or back.
    void emptyChanged(bool empty);

private:
    void ensureChart(ChartType type);
    // Shows the single chart, hiding the comparison.
    void showSingleChart();
    // Remembers the zoom of the run shown (before another is), so that showing that run again, after another
    // entry or run, finds the chart as the user left it.
    void keepShownZoom();
    void restoreZoom(const std::shared_ptr<const SolveResult>& result);
    void setEmpty(bool empty);

    QToolButton* m_maximiseButton = nullptr;
    QLabel* m_heading;
    QLabel* m_staleNote;
    class ElidedLabel* m_emptyNote;   // the message in place of the chart while no run is shown
    bool m_empty = false;
    class ElidedLabel* m_recordedNote;
    std::optional<double> m_recordedMakespan;
    QToolButton* m_rerunButton;
    QComboBox* m_colorMode;
    QToolButton* m_fitButton;
    QVBoxLayout* m_chartLayout;
    ResultChart* m_chart = nullptr;
    std::optional<ChartType> m_chartType;
    ScheduleComparisonView* m_comparison = nullptr;
    struct KeptZoom {
        std::weak_ptr<const SolveResult> result;
        QCPRange time;
        QCPRange lanes;
    };
    std::vector<KeptZoom> m_keptZooms;               // one per run shown, while that run lives
    std::weak_ptr<const SolveResult> m_shownResult;  // the run in the single chart; none: nothing or a comparison
};

}  // namespace hetsched::ui
