// The Tools menu: the papers' experiments (the divisible-load simulation, the CPU/GPU experiment, the task graph
// evaluation) and the benchmark of the user's own instances. Each is a dialog of its own, made on first use and
// kept (a running experiment goes on while its dialog is hidden); closing the window cancels what runs.
#pragma once

#include <QObject>
#include <QPointer>

class QAction;
class QMenu;
class QWidget;

namespace hetsched::ui {

class BenchmarkDialog;
class CpuGpuExperimentDialog;
class DagEvaluationDialog;
class DivisibleSimulationDialog;

class ToolsController : public QObject {
    Q_OBJECT
public:
    // The dialogs are children of `window`.
    explicit ToolsController(QWidget* window);

    void addActionsTo(QMenu* menu) const;
    DivisibleSimulationDialog* divisibleSimulationDialog();
    CpuGpuExperimentDialog* cpuGpuExperimentDialog();
    DagEvaluationDialog* dagEvaluationDialog();
    BenchmarkDialog* benchmarkDialog();
    // Stops the experiments still running (the window closes).
    void cancelAll();

private:
    // The dialog, made (a child of the window) the first time it is asked for.
    template <class Dialog>
    Dialog* madeOnce(QPointer<Dialog>& dialog);

    QWidget* m_window;
    QAction* m_simulationAction = nullptr;
    QAction* m_cpuGpuExperimentAction = nullptr;
    QAction* m_dagEvaluationAction = nullptr;
    QAction* m_benchmarkAction = nullptr;
    QPointer<DivisibleSimulationDialog> m_simulationDialog;
    QPointer<CpuGpuExperimentDialog> m_cpuGpuExperimentDialog;
    QPointer<DagEvaluationDialog> m_dagEvaluationDialog;
    QPointer<BenchmarkDialog> m_benchmarkDialog;
};

}  // namespace hetsched::ui
