// Runs solves on a worker thread, one after the other, with progress and cancellation marshalled to the GUI.
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <atomic>
#include <deque>
#include <memory>
#include <string>

#include "document/project_document.h"
#include "solvers/registry.h"

namespace hetsched::ui {

struct SolveRequest {
    EntryId entryId = 0;
    Instance instance;  // a copy: the user may keep editing while it runs
    std::string solver;
    SolverOptions options;
};

class SolveController : public QObject {
    Q_OBJECT
public:
    explicit SolveController(QObject* parent = nullptr);
    // Stops a running solve and waits for it: a solver never outlives the window that started it.
    ~SolveController() override;

    // Queues solves; they run in order, one at a time.
    void enqueue(SolveRequest request);
    // Asks the running solve to stop and drops the queued ones.
    void cancel();
    bool isBusy() const { return m_running != nullptr; }
    int queuedCount() const { return static_cast<int>(m_queue.size()); }

signals:
    // A solve cancelled (or stopped by its time limit) after it had found a schedule is not a failure: it
    // succeeds with that schedule and status "cancelled" ("time_limit"), and becomes a run like any other.
    // `failed` with `cancelled` true means it was stopped before it had anything.
    void started(const QString& solver, int remaining);
    void progressed(double fraction, const QString& stage);
    void succeeded(hetsched::ui::EntryId entryId, const hetsched::ui::RunRecord& run);
    void failed(hetsched::ui::EntryId entryId, const QString& solver, const QString& message, bool cancelled);
    void idle();

private:
    // What the worker shares with the GUI thread: the stop flag, and the outcome once finished.
    struct Job {
        SolveRequest request;
        std::atomic<bool> stop{false};
        std::atomic<qint64> lastReportMs{-1000};
        std::unique_ptr<Expected<SolveResult>> outcome;
        std::size_t digest = 0;
    };

    void startNext();
    void onFinished();

    std::deque<SolveRequest> m_queue;
    std::shared_ptr<Job> m_running;
    QFutureWatcher<void> m_watcher;
};

}  // namespace hetsched::ui
