// Long work off the GUI thread: one task at a time, throttled progress, cancellation, latest start wins.
#pragma once

#include <QFuture>
#include <QObject>
#include <QString>
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include "common/progress.h"

namespace hetsched::ui {

// The work runs on a pool thread and returns what to do with its result on the GUI thread (a closure holding
// the result by value). Starting new work stops the running one and drops its result, so a view recomputing
// after every edit only ever shows the newest answer.
class BackgroundJob : public QObject {
    Q_OBJECT
public:
    using Delivery = std::function<void()>;
    using Work = std::function<Delivery(const Progress& progress)>;

    explicit BackgroundJob(QObject* parent = nullptr);
    // Stops the running work and waits for it: the work never outlives the widget that started it.
    ~BackgroundJob() override;

    void start(Work work);
    // Asks the running work to stop; its result is dropped and cancelled() is emitted.
    void cancel();
    bool isRunning() const { return m_current != nullptr; }

signals:
    void progressed(double fraction, const QString& stage);
    // After the delivery ran (or, when the work threw, with the exception's message in `error`).
    void finished(const QString& error);
    void cancelled();

private:
    struct Task {
        std::atomic<bool> stop{false};
        std::atomic<long long> lastReportMs{-1000};
    };

    std::shared_ptr<Task> m_current;
    std::vector<QFuture<void>> m_futures;  // every started task until it ends, waited for on destruction
};

}  // namespace hetsched::ui
