#include "app/solve_commands.h"

#include <QAction>
#include <QStyle>
#include <QWidget>

#include "app/solve_controller.h"
#include "panels/solver_panel.h"
#include "util/number_text.h"

namespace hetsched::ui {

namespace {
constexpr int kStatusTimeoutMs = 6000;
}

SolveCommands::SolveCommands(ProjectDocument* document, SolveController* solveController, SolverPanel* panel,
                             std::function<EntryId()> currentEntry, QWidget* window)
    : QObject(window), m_document(document), m_solveController(solveController), m_panel(panel),
      m_currentEntry(std::move(currentEntry)),
      m_runAction(new QAction(window->style()->standardIcon(QStyle::SP_MediaPlay), tr("&Run Solver"), window)),
      m_runAllAction(new QAction(tr("Run &All Solvers"), window)),
      m_cancelAction(new QAction(window->style()->standardIcon(QStyle::SP_MediaStop), tr("&Cancel Solve"), window)) {
    m_runAction->setShortcut(QKeySequence(tr("Ctrl+R")));
    m_runAction->setStatusTip(tr("Run the selected solver on the current instance"));
    m_runAllAction->setShortcut(QKeySequence(tr("Ctrl+Shift+R")));
    m_cancelAction->setShortcut(QKeySequence(tr("Ctrl+.")));
    m_cancelAction->setEnabled(false);

    connect(m_runAction, &QAction::triggered, this,
            [this] { runSolver(m_panel->currentSolver(), m_panel->optionsFor(m_panel->currentSolver())); });
    connect(m_runAllAction, &QAction::triggered, this, &SolveCommands::runAllSolvers);
    connect(m_cancelAction, &QAction::triggered, m_solveController, &SolveController::cancel);
    connect(m_panel, &SolverPanel::runRequested, this, &SolveCommands::runSolver);
    connect(m_panel, &SolverPanel::runAllRequested, this, &SolveCommands::runAllSolvers);
    connect(m_panel, &SolverPanel::cancelRequested, m_solveController, &SolveController::cancel);

    connect(m_solveController, &SolveController::started, this, [this](const QString& solver, int queued) {
        m_panel->showStarted(m_runAll.runningText(solver), queued);
        emit statusMessage(tr("Running %1…").arg(solver), 0);
        emit busyChanged();
    });
    connect(m_solveController, &SolveController::progressed, m_panel, &SolverPanel::showProgress);
    connect(m_solveController, &SolveController::succeeded, this, &SolveCommands::onSucceeded);
    connect(m_solveController, &SolveController::failed, this, &SolveCommands::onFailed);
    connect(m_solveController, &SolveController::idle, this, [this] {
        m_panel->showIdle();
        if (const QString refusals = m_runAll.takeSummary(); !refusals.isEmpty()) m_panel->showNote(refusals);
        emit busyChanged();
    });
}

void SolveCommands::runSolver(const QString& solver, const SolverOptions& options) {
    const DocumentEntry* entry = m_document->entry(m_currentEntry());
    if (!entry || solver.isEmpty()) return;
    m_panel->clearMessage();
    m_solveController->enqueue({entry->id, entry->instance, solver.toStdString(), options});
}

void SolveCommands::runAllSolvers() {
    const DocumentEntry* entry = m_document->entry(m_currentEntry());
    if (!entry) return;
    m_panel->clearMessage();
    for (SolveRequest& request : m_runAll.start(entry->id, entry->instance, m_panel->solverNames(),
                                                [this](const QString& solver) { return m_panel->optionsFor(solver); },
                                                m_panel->currentSolver()))
        m_solveController->enqueue(std::move(request));
}

void SolveCommands::rerun(int runIndex) {
    const DocumentEntry* entry = m_document->entry(m_currentEntry());
    if (!entry || runIndex < 0 || runIndex >= static_cast<int>(entry->runs.size())) return;
    const RunRecord& run = entry->runs[static_cast<std::size_t>(runIndex)];
    if (run.solver().isEmpty()) return;
    runSolver(run.solver(), run.options());
}

bool SolveCommands::canRun() const {
    return m_document->entry(m_currentEntry()) != nullptr && !m_solveController->isBusy();
}

void SolveCommands::updateActions() {
    m_runAction->setEnabled(canRun());
    m_runAllAction->setEnabled(canRun());
    m_cancelAction->setEnabled(m_solveController->isBusy());
}

void SolveCommands::onSucceeded(EntryId id, const RunRecord& run) {
    m_runAll.finished(id, run.solver());
    QString summary = tr("%1: %2").arg(run.solver(), run.statusText());
    // A bound states its value ("lower_bound = 30.25"); the Runs table shows it as "≥ 30.25" under Objective.
    if (run.objective()) summary += tr(", %1 = %2").arg(run.objectiveName(), run.objectiveValueText());
    if (const std::optional<double> seconds = run.seconds()) summary += tr(" in %1").arg(quantityText(*seconds, u"s"));
    if (!run.message().isEmpty() && run.status() == QLatin1String("infeasible"))
        summary += tr(" (%1)").arg(run.message());
    const DocumentEntry* entry = m_document->entry(id);
    if (!entry) {
        emit statusMessage(tr("%1 — discarded: its instance was removed").arg(summary), kStatusTimeoutMs);
        return;
    }
    if (entry->recordedMakespan && run.objective())
        summary += tr("; the workflow's file records %1").arg(quantityText(*entry->recordedMakespan, u"s"));
    m_document->appendRun(id, run);
    emit statusMessage(summary, kStatusTimeoutMs);
}

void SolveCommands::onFailed(EntryId id, const QString& solver, const QString& message, bool cancelled) {
    // A solver of Run all that refuses the instance is listed when the batch ends, not shown as an error.
    if (m_runAll.finished(id, solver, cancelled ? QString() : message) && !cancelled) {
        emit statusMessage(tr("%1 not run: %2").arg(solver, message), kStatusTimeoutMs);
        return;
    }
    if (cancelled) {
        emit statusMessage(tr("%1 cancelled").arg(solver), kStatusTimeoutMs);
        return;
    }
    // A run of an entry that is no longer shown reports in the status bar only, naming its entry.
    if (id == m_currentEntry()) {
        m_panel->showError(tr("%1 failed: %2").arg(solver, message));
        emit statusMessage(tr("%1 failed: %2").arg(solver, message), kStatusTimeoutMs);
    } else {
        const DocumentEntry* entry = m_document->entry(id);
        emit statusMessage(tr("%1 failed on %2: %3").arg(solver, entry ? entry->name : tr("a removed entry"), message),
                           kStatusTimeoutMs);
    }
}

}  // namespace hetsched::ui
