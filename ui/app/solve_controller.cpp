#include "app/solve_controller.h"

#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>
#include <chrono>
#include <exception>

namespace hetsched::ui {

namespace {

constexpr qint64 kProgressIntervalMs = 50;  // at most 20 progress updates a second reach the GUI

qint64 nowMs() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

}  // namespace

SolveController::SolveController(QObject* parent) : QObject(parent) {
    connect(&m_watcher, &QFutureWatcher<void>::finished, this, &SolveController::onFinished);
}

SolveController::~SolveController() {
    m_queue.clear();
    if (m_running) m_running->stop = true;
    m_watcher.disconnect(this);
    m_watcher.waitForFinished();
}

void SolveController::enqueue(SolveRequest request) {
    m_queue.push_back(std::move(request));
    if (!m_running) startNext();
}

void SolveController::cancel() {
    m_queue.clear();
    if (m_running) m_running->stop = true;
}

void SolveController::startNext() {
    if (m_queue.empty()) {
        emit idle();
        return;
    }
    auto job = std::make_shared<Job>();
    job->request = std::move(m_queue.front());
    m_queue.pop_front();
    m_running = job;
    emit started(QString::fromStdString(job->request.solver), static_cast<int>(m_queue.size()));

    // The callback runs on the worker: it only posts to this object, throttled, and never touches widgets.
    QPointer<SolveController> self(this);
    Job* raw = job.get();
    Progress::Callback report = [self, raw](double fraction, const std::string& stage) {
        const qint64 now = nowMs();
        if (fraction < 1.0 && now - raw->lastReportMs.load(std::memory_order_relaxed) < kProgressIntervalMs)
            return;
        raw->lastReportMs.store(now, std::memory_order_relaxed);
        const QString stageText = QString::fromStdString(stage);
        QMetaObject::invokeMethod(
            self.data(),
            [self, fraction, stageText] {
                if (self) emit self->progressed(fraction, stageText);
            },
            Qt::QueuedConnection);
    };
    m_watcher.setFuture(QtConcurrent::run([job, report = std::move(report)] {
        try {
            const Progress progress(report, &job->stop);
            job->outcome = std::make_unique<Expected<SolveResult>>(
                solve(job->request.instance, job->request.solver, job->request.options, progress));
            job->digest = instanceDigest(job->request.instance);
        } catch (const std::exception& e) {
            job->outcome = std::make_unique<Expected<SolveResult>>(
                solverError(std::string("solver failed: ") + e.what()));
        } catch (...) {
            job->outcome = std::make_unique<Expected<SolveResult>>(solverError("solver failed"));
        }
    }));
}

void SolveController::onFinished() {
    // A late notification about an earlier future must not end the job now running.
    if (!m_running || !m_watcher.isFinished()) return;
    const std::shared_ptr<Job> job = std::move(m_running);
    m_running.reset();
    const QString solver = QString::fromStdString(job->request.solver);
    if (!job->outcome) {
        emit failed(job->request.entryId, solver, tr("the solver did not return"), false);
    } else if (!*job->outcome) {
        const Error& error = job->outcome->error();
        emit failed(job->request.entryId, solver, QString::fromStdString(error.message),
                    error.kind == ErrorKind::Cancelled || job->stop);
    } else {
        // The options as the solver took them (defaults filled in), so that Re-run repeats exactly this run.
        SolverOptions options = job->request.options;
        if (const SolverSpec* spec = findSolver(job->outcome->value().kind, job->outcome->value().solver))
            if (Expected<SolverOptions> resolved = resolveOptions(*spec, options)) options = std::move(*resolved);
        RunRecord run = makeRunRecord(std::move(job->outcome->value()), job->digest, options);
        run.instance = std::make_shared<const Instance>(std::move(job->request.instance));
        emit succeeded(job->request.entryId, std::move(run));
    }
    startNext();
}

}  // namespace hetsched::ui
