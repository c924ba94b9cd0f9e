// Solve > Run Solver, Run All Solvers, Cancel Solve and the result pane's Re-run: requests for the current
// entry queued on the SolveController, and what each solve's start and end say (the solver panel's progress
// and notes, the status bar, the run appended to its entry).
#pragma once

#include <QObject>
#include <QString>
#include <functional>

#include "app/run_all.h"
#include "document/project_document.h"

class QAction;
class QWidget;

namespace hetsched::ui {

class SolveController;
class SolverPanel;

class SolveCommands : public QObject {
    Q_OBJECT
public:
    // `currentEntry` names the entry the window shows; the actions are children of `window`.
    SolveCommands(ProjectDocument* document, SolveController* solveController, SolverPanel* panel,
                  std::function<EntryId()> currentEntry, QWidget* window);

    QAction* runAction() const { return m_runAction; }
    QAction* runAllAction() const { return m_runAllAction; }
    QAction* cancelAction() const { return m_cancelAction; }

    // Queues a solve of the current entry.
    void runSolver(const QString& solver, const SolverOptions& options);
    // Queues every solver of the current entry's kind (app/run_all.h).
    void runAllSolvers();
    // Queues a solve with the solver and options of the current entry's run `runIndex`.
    void rerun(int runIndex);
    // Whether a run can be asked for now: there is a current entry and nothing is being solved.
    bool canRun() const;
    // Run and Run all enabled when a run can be asked for, Cancel while a solve runs or waits.
    void updateActions();

signals:
    // For the status bar; timeoutMs 0 keeps it until the next message.
    void statusMessage(const QString& message, int timeoutMs);
    // A solve started or the queue ran dry: what depends on canRun() is to be updated.
    void busyChanged();

private:
    void onSucceeded(EntryId id, const RunRecord& run);
    void onFailed(EntryId id, const QString& solver, const QString& message, bool cancelled);

    ProjectDocument* m_document;
    SolveController* m_solveController;
    SolverPanel* m_panel;
    std::function<EntryId()> m_currentEntry;
    QAction* m_runAction;
    QAction* m_runAllAction;
    QAction* m_cancelAction;
    RunAllBatch m_runAll;   // the solvers of the last Run all still to end, and their refusals
};

}  // namespace hetsched::ui
