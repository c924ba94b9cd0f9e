#include "app/run_simulation.h"

#include <QAction>
#include <QProgressDialog>
#include <QWidget>
#include <algorithm>
#include <set>

#include "document/run_table_model.h"
#include "panels/result_pane.h"
#include "panels/run_table.h"
#include "solvers/dag/dag_result.h"
#include "solvers/family_solution.h"
#include "util/background_job.h"
#include "util/number_text.h"
#include "views/gantt/gantt_view.h"
#include "views/gantt/schedule_comparison_view.h"

namespace hetsched::ui {

namespace {

// One colour per cause (and the waits for data), in DelayCause order.
struct CauseColour {
    DelayCause cause;
    QColor colour;
    const char* legend;
};
const CauseColour kCauseColours[] = {
    {DelayCause::None, QColor(0x4c, 0x78, 0xa8), QT_TRANSLATE_NOOP("RunSimulation", "on time")},
    {DelayCause::Contention, QColor(0xd6, 0x27, 0x28), QT_TRANSLATE_NOOP("RunSimulation", "contention")},
    {DelayCause::WaitingForData, QColor(0xf2, 0x8e, 0x1c), QT_TRANSLATE_NOOP("RunSimulation", "waiting for data")},
    {DelayCause::WaitingForProcessors, QColor(0x94, 0x67, 0xbd),
     QT_TRANSLATE_NOOP("RunSimulation", "waiting for processors")},
    {DelayCause::Model, QColor(0x17, 0xa2, 0xb0), QT_TRANSLATE_NOOP("RunSimulation", "model differs")},
};
const QColor kWaitColour(0xc8, 0xc8, 0xc8);

std::size_t causeIndex(const Interval& interval) {
    if (interval.kind == IntervalKind::Redistribution) return std::size(kCauseColours);
    const std::optional<DelayCause> cause = delayCauseFromName(interval.group);
    for (std::size_t k = 0; k < std::size(kCauseColours); ++k)
        if (cause && kCauseColours[k].cause == *cause) return k;
    return 0;
}

}  // namespace

GanttColorizer delayColorizer() {
    return [](const Schedule& schedule) {
        GanttColors colors;
        for (const CauseColour& c : kCauseColours) colors.palette.push_back(c.colour);
        colors.palette.push_back(kWaitColour);
        // The legend names only what the schedule shows, in a fixed order.
        std::set<std::size_t> present;
        for (const Lane& lane : schedule.lanes)
            for (const Interval& interval : lane.intervals) present.insert(causeIndex(interval));
        for (std::size_t k : present)
            colors.legend.emplace_back(k < std::size(kCauseColours)
                                           ? QCoreApplication::translate("RunSimulation", kCauseColours[k].legend)
                                           : QCoreApplication::translate("RunSimulation", "wait for data"),
                                       colors.palette[k]);
        colors.colorIndex = [](const Lane&, const Interval& interval) { return causeIndex(interval); };
        return colors;
    };
}

std::shared_ptr<const SolveResult> simulatedRunResult(const Instance& instance, const SolveResult& planned,
                                                      const SimulationResult& simulation) {
    auto r = std::make_shared<SolveResult>();
    if (const auto* dag = std::get_if<DagInstance>(&instance)) {
        // A dag result at the simulated times: the dag views, the critical path and the metrics follow them.
        const DagSolution* placements = solutionOf<DagSolution>(planned);
        if (placements && placements->tasks.size() == simulation.tasks.size()) {
            DagSolution s = *placements;
            s.makespan = 0;
            for (std::size_t t = 0; t < s.tasks.size(); ++t) {
                s.tasks[t].start = simulation.tasks[t].start;
                s.tasks[t].end = simulation.tasks[t].end;
                s.makespan = std::max(s.makespan, s.tasks[t].end);
            }
            *r = dagSolveResult(*dag, s);
            const std::vector<Metric> metrics = r->schedule.metrics;
            r->schedule = simulation.schedule;
            r->schedule.metrics = metrics;
        }
    }
    if (r->schedule.lanes.empty()) {
        r->schedule = simulation.schedule;
        // The planned run's metrics first, measured in the simulation where it measures them (makespan,
        // throughput), so that the comparison's table sets them side by side.
        std::vector<Metric> metrics;
        for (Metric m : planned.schedule.metrics) {
            const bool throughput = m.name.find("throughput") != std::string::npos;
            if (throughput && simulation.familyKeys.contains("simulated_throughput"))
                m.value = simulation.familyKeys["simulated_throughput"].get<double>();
            else if (m.name.rfind("makespan", 0) == 0)
                m.value = simulation.simulatedMakespan;
            metrics.push_back(m);
        }
        for (const Metric& m : simulation.schedule.metrics)
            if (std::none_of(metrics.begin(), metrics.end(), [&](const Metric& k) { return k.name == m.name; }))
                metrics.push_back(m);
        r->schedule.metrics = std::move(metrics);
    }
    r->kind = planned.kind;
    r->solver = planned.solver + " on SimGrid";
    r->status = SolveStatus::Feasible;
    r->objectiveName = "makespan";
    r->objective = simulation.simulatedMakespan;
    r->seconds = simulation.seconds;
    for (const std::string& note : simulation.notes) r->message += (r->message.empty() ? "" : "; ") + note;
    return r;
}

RunSimulationController::RunSimulationController(ProjectDocument* document, RunTable* runTable, ResultPane* resultPane,
                                                 QWidget* window)
    : QObject(window), m_document(document), m_runTable(runTable), m_resultPane(resultPane), m_window(window),
      m_action(new QAction(tr("Simulate on Sim&Grid"), this)), m_job(new BackgroundJob(this)) {
    m_action->setObjectName(QStringLiteral("simulateAction"));
    m_action->setStatusTip(tr("Replay the selected run's schedule on SimGrid, where transfers share links: "
                              "the simulated Gantt beside the planned one, delays coloured by cause"));
    connect(m_action, &QAction::triggered, this, [this] { simulate(); });
    connect(m_runTable, &RunTable::simulateRunRequested, this, [this](int run) { simulate(run); });
    connect(m_runTable, &RunTable::currentRunChanged, this, &RunSimulationController::updateAction);
    connect(m_runTable, &RunTable::runsCompared, this, &RunSimulationController::updateAction);
    connect(m_document, &ProjectDocument::runsChanged, this, &RunSimulationController::updateAction);
    connect(m_document, &ProjectDocument::instanceChanged, this, &RunSimulationController::updateAction);

    connect(m_job, &BackgroundJob::progressed, this, [this](double fraction, const QString& stage) {
        if (!m_progress) return;
        if (!stage.isEmpty()) m_progress->setLabelText(stage[0].toUpper() + stage.mid(1) + QStringLiteral("…"));
        // Last: a window-modal dialog's setValue processes events, in which the job may end or be cancelled
        // and the dialog close (m_progress null after it).
        m_progress->setValue(static_cast<int>(1000 * std::clamp(fraction, 0.0, 1.0)));
    });
    auto closeProgress = [this] {
        if (m_progress) m_progress->close();
        m_progress = nullptr;
    };
    connect(m_job, &BackgroundJob::finished, this, [this, closeProgress](const QString& error) {
        closeProgress();
        if (!error.isEmpty()) emit failed(error);
        updateAction();
    });
    connect(m_job, &BackgroundJob::cancelled, this, [this, closeProgress] {
        closeProgress();
        emit statusMessage(tr("Simulation cancelled"));
        updateAction();
    });
    updateAction();
}

RunSimulationController::~RunSimulationController() = default;

bool RunSimulationController::isRunning() const {
    return m_job->isRunning();
}

QString RunSimulationController::refusal(const DocumentEntry* entry, int runIndex) const {
    if (!entry) return tr("Open an instance and solve it first");
    if (runIndex < 0 || runIndex >= static_cast<int>(entry->runs.size())) return tr("Select a run to simulate");
    if (auto why = simulationUnavailableReason(instanceKind(entry->instance))) return QString::fromStdString(*why);
    const RunRecord& run = entry->runs[static_cast<std::size_t>(runIndex)];
    if (!run.result) return tr("This run cannot be read back: %1").arg(run.restoreError);
    if (!m_document->isRunCurrent(*entry, run))
        return tr("This run was made on an earlier version of the instance: re-run it to simulate it");
    if (!run.result->objective) return tr("This run has no schedule to simulate (%1)").arg(run.statusText());
    if (m_job->isRunning()) return tr("A simulation is running");
    return {};
}

void RunSimulationController::updateAction() {
    const DocumentEntry* entry = m_document->entry(m_runTable->model()->entryId());
    const QList<int> runs = m_runTable->selectedRuns();
    const QString why = runs.size() > 1 ? tr("Select one run to simulate") : refusal(entry, m_runTable->currentRun());
    m_action->setEnabled(why.isEmpty());
    m_action->setToolTip(why.isEmpty() ? m_action->statusTip() : why);
}

void RunSimulationController::simulate(int runIndex) {
    const EntryId id = m_runTable->model()->entryId();
    const DocumentEntry* entry = m_document->entry(id);
    if (runIndex < 0) runIndex = m_runTable->currentRun();
    if (const QString why = refusal(entry, runIndex); !why.isEmpty()) {
        emit failed(why);
        return;
    }
    const RunRecord& run = entry->runs[static_cast<std::size_t>(runIndex)];
    const Instance instance = entry->instance;
    const std::shared_ptr<const SolveResult> planned = run.result;

    m_progress = new QProgressDialog(tr("Simulating %1 on SimGrid…").arg(run.solver()), tr("Cancel"), 0, 1000, m_window);
    m_progress->setObjectName(QStringLiteral("simulationProgress"));
    m_progress->setWindowTitle(tr("Simulate on SimGrid"));
    m_progress->setWindowModality(Qt::WindowModal);
    m_progress->setMinimumDuration(400);
    m_progress->setAutoClose(false);
    m_progress->setAutoReset(false);
    m_progress->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_progress, &QProgressDialog::canceled, m_job, &BackgroundJob::cancel);
    m_progress->setValue(0);

    m_job->start([this, id, instance, planned](const Progress& progress) -> BackgroundJob::Delivery {
        // SimGrid runs in its child process (hetsched-simgrid): its aborts end the child, not the GUI.
        Expected<SimulationResult> outcome = simulateResult(instance, *planned, {}, progress);
        if (!outcome) {
            if (outcome.error().kind == ErrorKind::Cancelled) return {};
            const QString message = QString::fromStdString(outcome.error().message);
            return [this, message] { emit failed(tr("Simulation on SimGrid failed: %1").arg(message)); };
        }
        auto result = std::make_shared<const SimulationResult>(std::move(*outcome));
        return [this, id, planned, result] {
            if (m_progress) m_progress->close();   // before the comparison is built under it
            m_progress = nullptr;
            const DocumentEntry* current = m_document->entry(id);
            int index = -1;
            if (current)
                for (std::size_t k = 0; k < current->runs.size(); ++k)
                    if (current->runs[k].result == planned) index = static_cast<int>(k);
            if (index < 0) {
                emit statusMessage(tr("Simulation discarded: its run was removed"));
                return;
            }
            m_document->setRunSimulation(id, index, result);
            if (m_runTable->model()->entryId() == id) showSimulation(id, index);
            const double plannedMakespan = result->plannedMakespan, simulatedMakespan = result->simulatedMakespan;
            emit statusMessage(tr("#%1 %2 simulated on SimGrid: makespan %3 (planned %4, %5%)")
                                   .arg(index + 1)
                                   .arg(QString::fromStdString(result->solver), formatRounded(simulatedMakespan, 7),
                                        formatRounded(plannedMakespan, 7),
                                        (simulatedMakespan >= plannedMakespan ? QStringLiteral("+") : QString()) +
                                            formatRounded(plannedMakespan > 0 ? 100 * (simulatedMakespan - plannedMakespan) /
                                                                                    plannedMakespan
                                                                              : 0.0,
                                                          3)));
            emit simulated(id, index);
        };
    });
    updateAction();
}

void RunSimulationController::showSimulation(EntryId id, int runIndex) {
    const DocumentEntry* entry = m_document->entry(id);
    if (!entry || runIndex < 0 || runIndex >= static_cast<int>(entry->runs.size())) return;
    const RunRecord& run = entry->runs[static_cast<std::size_t>(runIndex)];
    if (!run.result || !run.simulation) return;
    const QString name = QStringLiteral("#%1").arg(runIndex + 1);
    // The instance the run was computed on (and simulated on), whatever was edited since.
    const Instance& solvedOn = solvedInstance(run, entry->instance);
    std::vector<ComparedRun> runs{{name, run.result, run.instanceDigest, run.instance},
                                  {tr("%1 simulated").arg(name), simulatedRunResult(solvedOn, *run.result, *run.simulation),
                                   run.instanceDigest, run.instance}};
    m_resultPane->showComparison(solvedOn, std::move(runs));
    if (ScheduleComparisonView* comparison = m_resultPane->comparison())
        if (GanttView* gantt = comparison->gantt(1)) {
            gantt->gantt()->setColorizer(delayColorizer());
            gantt->setColorMode(GanttColorMode::Custom);
        }
}

}  // namespace hetsched::ui
