#include "util/background_job.h"

#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <chrono>
#include <exception>

namespace hetsched::ui {

namespace {

constexpr long long kProgressIntervalMs = 50;  // at most 20 progress updates a second reach the GUI

long long nowMs() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

}  // namespace

BackgroundJob::BackgroundJob(QObject* parent) : QObject(parent) {}

BackgroundJob::~BackgroundJob() {
    if (m_current) m_current->stop = true;
    m_current.reset();
    // Posted deliveries die with this object; the tasks must end before it does.
    for (QFuture<void>& future : m_futures) future.waitForFinished();
}

void BackgroundJob::start(Work work) {
    if (m_current) m_current->stop = true;  // superseded: its result will be dropped
    m_futures.erase(std::remove_if(m_futures.begin(), m_futures.end(),
                                   [](const QFuture<void>& f) { return f.isFinished(); }),
                    m_futures.end());
    auto task = std::make_shared<Task>();
    m_current = task;

    // Runs on the worker: it only posts to this object (alive until every task ended), throttled.
    Progress::Callback report = [this, task](double fraction, const std::string& stage) {
        const long long now = nowMs();
        if (fraction < 1.0 && now - task->lastReportMs.load(std::memory_order_relaxed) < kProgressIntervalMs)
            return;
        task->lastReportMs.store(now, std::memory_order_relaxed);
        const QString stageText = QString::fromStdString(stage);
        QMetaObject::invokeMethod(
            this,
            [this, task, fraction, stageText] {
                if (m_current == task) emit progressed(fraction, stageText);
            },
            Qt::QueuedConnection);
    };
    m_futures.push_back(QtConcurrent::run([this, task, work = std::move(work), report = std::move(report)] {
        Delivery delivery;
        QString error;
        try {
            delivery = work(Progress(report, &task->stop));
        } catch (const std::exception& e) {
            error = QString::fromLocal8Bit(e.what());
        } catch (...) {
            error = tr("the computation failed");
        }
        QMetaObject::invokeMethod(
            this,
            [this, task, delivery = std::move(delivery), error] {
                if (m_current != task) return;  // cancelled or superseded meanwhile
                m_current.reset();
                if (error.isEmpty() && delivery) delivery();
                emit finished(error);
            },
            Qt::QueuedConnection);
    }));
}

void BackgroundJob::cancel() {
    if (!m_current) return;
    m_current->stop = true;
    m_current.reset();
    emit cancelled();
}

}  // namespace hetsched::ui
