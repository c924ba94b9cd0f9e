// The editor of a divisible-load instance: the horizon T, the worker table, the scenario (send and return
// orders) with its timeline re-solved by the scenario LP at every change, and the throughput against the
// number of workers.
#pragma once

#include <QTimer>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "common/expected.h"
#include "editors/instance_editor.h"
#include "experiments/divisible_experiments.h"
#include "solvers/divisible/divisible_solvers.h"
#include "solvers/registry.h"

class QLabel;
class QLineEdit;
class QListView;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableView;
class QToolButton;

namespace hetsched::ui {

class BackgroundJob;
class CanvasWidget;
class DivisibleScenarioModel;
class DivisibleThroughputPlot;
class DivisibleWorkerModel;
class DivisibleTimelineView;
class MessageBar;

class DivisibleEditor : public InstanceEditor {
    Q_OBJECT
public:
    explicit DivisibleEditor(ProjectDocument* document, QWidget* parent = nullptr);
    ~DivisibleEditor() override;

    void setEntry(EntryId id) override;
    EntryId entryId() const override { return m_entryId; }
    void showRun(const RunRecord* run) override;

    DivisibleWorkerModel* workerModel() const { return m_workers; }
    DivisibleScenarioModel* sendOrderModel() const { return m_sendModel; }
    DivisibleScenarioModel* returnOrderModel() const { return m_returnModel; }
    QTableView* workerTable() const { return m_table; }
    QLineEdit* horizonEdit() const { return m_horizon; }
    MessageBar* messageBar() const { return m_message; }
    DivisibleTimelineView* timeline() const { return m_timeline; }
    DivisibleThroughputPlot* throughputPlot() const { return m_throughputPlot; }
    CanvasWidget* starCanvas() const { return m_star; }  // the star tab: the same workers drawn
    // The scenario LP's answer for the current scenario, once solved (null before, or when it failed).
    const DivisibleSolution* scenarioSolution() const { return m_scenarioSolution.get(); }
    bool isComputingCurve() const;
    // Modest, so that the main window's splitter leaves the run's timeline below a fair share.
    QSize sizeHint() const override;

signals:
    // The timeline shows the scenario LP's answer for the instance as it is now.
    void scenarioSolved();
    // The throughput plot shows the curve of the current workers (or why it has none).
    void curveUpdated();
    void exportTimelineRequested();
    void exportThroughputPlotRequested();

private:
    void refresh();
    void refreshSummary(const DivisibleInstance& in);
    void solveScenario();
    void showScenario(const DivisibleInstance& in, const Expected<DivisibleSolution>& solution);
    void scheduleCurve();
    void computeCurve();
    void commitHorizon();
    void removeSelectedWorkers();
    void updateButtons();
    void refreshRunLine();

    ProjectDocument* m_document;
    EntryId m_entryId = 0;
    DivisibleWorkerModel* m_workers;
    DivisibleScenarioModel* m_sendModel;
    DivisibleScenarioModel* m_returnModel;
    QLineEdit* m_horizon;
    QLabel* m_summary;
    MessageBar* m_message;
    QTableView* m_table;
    QPushButton* m_addButton;
    QPushButton* m_removeButton;
    QListView* m_sendList;
    QListView* m_returnList;
    QLabel* m_sendHeading;
    QLabel* m_returnHeading;
    QLabel* m_scenarioResult;
    QTabWidget* m_tabs;
    CanvasWidget* m_star;
    // The shown run's result: its alpha_i (its typed solution's) are drawn on the star while current.
    std::shared_ptr<const SolveResult> m_starRun;
    std::size_t m_starRunDigest = 0;
    QString m_runProblem;   // the message shown about the selected run (empty: none)
    DivisibleTimelineView* m_timeline;
    DivisibleThroughputPlot* m_throughputPlot;
    QProgressBar* m_curveProgress;
    QToolButton* m_curveCancel;
    QLabel* m_curveStatus;

    BackgroundJob* m_scenarioJob;
    BackgroundJob* m_curveJob;
    QTimer m_curveTimer;  // debounces the curve after edits
    std::shared_ptr<const DivisibleSolution> m_scenarioSolution;
    // The workers (c, w, d) the curve was computed for: a change of T or of the scenario keeps it.
    std::optional<std::vector<DivisibleWorker>> m_curveWorkers;
    std::vector<DivisibleWorker> m_curveRunningWorkers;  // those of the computation under way

    // The run drawn on the throughput plot, kept as values: the document's runs may move.
    std::optional<double> m_runThroughput;
    QString m_runSolver;
    std::optional<std::size_t> m_runDigest;
};

}  // namespace hetsched::ui
