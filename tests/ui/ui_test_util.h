// What the main-window Qt tests share: the examples, a shown window, settled layouts and a solve.
#pragma once

#include <QCoreApplication>
#include <QSettings>
#include <QSignalSpy>
#include <QString>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtTest>
#include <memory>

#include "app/mainwindow.h"
#include "app/solve_controller.h"
#include "panels/solver_panel.h"

namespace hetsched::ui::test {

constexpr int kSolveTimeoutMs = 60000;

inline QString examplePath(const QString& name) {
    return QStringLiteral(HETSCHED_EXAMPLES_DIR "/") + name;
}

// Settings (recent files, window state) go to `temp`, never to the user's, under this test's own name.
inline void isolateSettings(const QTemporaryDir& temp, const QString& application) {
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, temp.filePath(QStringLiteral("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("HetSchedTests"));
    QCoreApplication::setApplicationName(application);
}

// The main window as a user sees it: shown, at a size that fits a laptop screen.
inline std::unique_ptr<MainWindow> shownWindow() {
    auto window = std::make_unique<MainWindow>();
    window->resize(1400, 900);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get())) qWarning("the main window was not exposed");
    return window;
}

// Lets queued layout requests run, as the event loop does between two user actions.
inline void settle() {
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCoreApplication::processEvents();
    }
}

// Every task of the thread pool ended and what it posted to the GUI thread was delivered: a result that has
// not arrived by then never will (a negative check waits on this, not on a fixed delay).
inline void drainBackgroundWork() {
    QThreadPool::globalInstance()->waitForDone();
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
}

// Runs `solver` on the current entry; the message of its failure, empty when it made a run.
inline QString solveWith(MainWindow& window, const QString& solver) {
    QSignalSpy succeeded(window.solveController(), &SolveController::succeeded);
    QSignalSpy failed(window.solveController(), &SolveController::failed);
    QSignalSpy idle(window.solveController(), &SolveController::idle);
    window.runSolver(solver, window.solverPanel()->optionsFor(solver));
    if (!idle.wait(kSolveTimeoutMs)) return QStringLiteral("%1 did not finish").arg(solver);
    if (!failed.isEmpty()) return failed.front().at(2).toString();
    return succeeded.isEmpty() ? QStringLiteral("%1 made no run").arg(solver) : QString();
}

}  // namespace hetsched::ui::test
