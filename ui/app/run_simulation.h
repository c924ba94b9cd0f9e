// Solve > Simulate on SimGrid: a run's schedule replayed on SimGrid (core/simulation) off the GUI thread,
// with progress and cancel; its simulated makespan goes into the run table and the simulated schedule is
// shown beside the planned one in the comparison view, coloured by the cause of each task's delay.
#pragma once

#include <QObject>
#include <QPointer>
#include <memory>

#include "document/project_document.h"
#include "simulation/simulation.h"
#include "views/gantt/gantt_plottable.h"

class QAction;
class QProgressDialog;
class QWidget;

namespace hetsched::ui {

class BackgroundJob;
class ResultPane;
class RunTable;

// The simulated schedule as a run the comparison view can draw: its schedule, the simulated makespan as
// objective, "SOLVER on SimGrid" as solver (for a dag, its JSON is a dag result at the simulated times).
std::shared_ptr<const SolveResult> simulatedRunResult(const Instance& instance, const SolveResult& planned,
                                                      const SimulationResult& simulation);

// Colours of a simulated schedule: each task by the cause of its delay (on time, contention, waiting for
// data, waiting for processors, the model), the waits for data light grey.
GanttColorizer delayColorizer();

class RunSimulationController : public QObject {
    Q_OBJECT
public:
    RunSimulationController(ProjectDocument* document, RunTable* runTable, ResultPane* resultPane, QWidget* window);
    ~RunSimulationController() override;

    // Solve > Simulate on SimGrid: enabled when one run of a family that can be simulated is selected.
    QAction* action() const { return m_action; }
    bool isRunning() const;

    // Simulates a run of the current entry (the selected one when runIndex < 0) in the background.
    void simulate(int runIndex = -1);
    // Shows a simulated run beside its planned schedule (the run must have been simulated in this session).
    void showSimulation(EntryId id, int runIndex);

signals:
    void statusMessage(const QString& message);
    void failed(const QString& message);
    // After the simulation was attached to its run and shown.
    void simulated(hetsched::ui::EntryId id, int runIndex);

private:
    void updateAction();
    // Why the run cannot be simulated now, empty when it can.
    QString refusal(const DocumentEntry* entry, int runIndex) const;

    ProjectDocument* m_document;
    RunTable* m_runTable;
    ResultPane* m_resultPane;
    QWidget* m_window;
    QAction* m_action;
    BackgroundJob* m_job;
    QPointer<QProgressDialog> m_progress;
};

}  // namespace hetsched::ui
