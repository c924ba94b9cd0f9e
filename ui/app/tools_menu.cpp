#include "app/tools_menu.h"

#include <QAction>
#include <QMenu>
#include <QWidget>

#include "experiments/benchmark_dialog.h"
#include "experiments/cpugpu_experiment_dialog.h"
#include "experiments/dag_evaluation_dialog.h"
#include "experiments/divisible_simulation_dialog.h"

namespace hetsched::ui {

namespace {

// Shown in front; a dialog already open comes forward as it was (its settings and results kept).
void bringForward(QWidget* dialog) {
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

}  // namespace

ToolsController::ToolsController(QWidget* window) : QObject(window), m_window(window) {
    m_simulationAction = new QAction(tr("&Divisible-Load Simulation…"), this);
    m_simulationAction->setStatusTip(
        tr("The simulation of the divisible-load slides: the strategies against the optimal FIFO schedule"));
    connect(m_simulationAction, &QAction::triggered, this, [this] { bringForward(divisibleSimulationDialog()); });

    m_cpuGpuExperimentAction = new QAction(tr("&CPU/GPU Experiment…"), this);
    m_cpuGpuExperimentAction->setStatusTip(
        tr("The paper's experiment: every CPU/GPU solver against the lower bound on random instances"));
    connect(m_cpuGpuExperimentAction, &QAction::triggered, this, [this] { bringForward(cpuGpuExperimentDialog()); });

    m_dagEvaluationAction = new QAction(tr("&Task Graph Evaluation…"), this);
    m_dagEvaluationAction->setStatusTip(
        tr("The evaluation of N'Takpé and Suter 2006: every dag solver on random task graphs and clusters of clusters"));
    connect(m_dagEvaluationAction, &QAction::triggered, this, [this] { bringForward(dagEvaluationDialog()); });

    // Tools > Benchmark (issue 28): every chosen solver on the user's own instances.
    m_benchmarkAction = new QAction(tr("&Benchmark…"), this);
    m_benchmarkAction->setObjectName(QStringLiteral("benchmarkAction"));
    m_benchmarkAction->setStatusTip(
        tr("Every chosen solver on your own instances and task graphs, on your platforms: ratios per solver"));
    connect(m_benchmarkAction, &QAction::triggered, this, [this] { bringForward(benchmarkDialog()); });
}

void ToolsController::addActionsTo(QMenu* menu) const {
    menu->addAction(m_simulationAction);
    menu->addAction(m_cpuGpuExperimentAction);
    menu->addAction(m_dagEvaluationAction);
    menu->addAction(m_benchmarkAction);
}

template <class Dialog>
Dialog* ToolsController::madeOnce(QPointer<Dialog>& dialog) {
    if (!dialog) dialog = new Dialog(m_window);
    return dialog;
}

DivisibleSimulationDialog* ToolsController::divisibleSimulationDialog() { return madeOnce(m_simulationDialog); }
CpuGpuExperimentDialog* ToolsController::cpuGpuExperimentDialog() { return madeOnce(m_cpuGpuExperimentDialog); }
DagEvaluationDialog* ToolsController::dagEvaluationDialog() { return madeOnce(m_dagEvaluationDialog); }
BenchmarkDialog* ToolsController::benchmarkDialog() { return madeOnce(m_benchmarkDialog); }

void ToolsController::cancelAll() {
    if (m_simulationDialog) m_simulationDialog->cancel();
    if (m_cpuGpuExperimentDialog) m_cpuGpuExperimentDialog->cancel();
    if (m_dagEvaluationDialog) m_dagEvaluationDialog->cancel();
    if (m_benchmarkDialog) m_benchmarkDialog->cancel();
}

}  // namespace hetsched::ui
