#include "editors/divisible_editor.h"

#include <QAction>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

#include "editors/divisible_edits.h"
#include "editors/divisible_scenario_model.h"
#include "editors/divisible_worker_model.h"
#include "editors/table_controls.h"
#include "canvas/canvas_widget.h"
#include "canvas/divisible_star_adapter.h"
#include "solvers/family_solution.h"
#include "util/background_job.h"
#include "util/message_bar.h"
#include "util/number_text.h"
#include "views/divisible/divisible_throughput_plot.h"
#include "views/divisible/divisible_timeline_view.h"
#include "util/vertical_scroll.h"

namespace hetsched::ui {

namespace {

constexpr int kHorizonMergeKey = 1;                // consecutive changes of T are one undo step
constexpr std::size_t kSyncScenarioWorkers = 100;  // beyond this the scenario LP runs off the GUI thread
constexpr int kCurveDelayMs = 400;                 // the curve waits for the edits to pause
constexpr int kCurveMaxPoints = 60;
constexpr int kTimelineTab = 0;
// The scenario timeline names up to this many lanes (the master's two ports and the workers) at 7 pt or more.
constexpr int kTimelineLanesNamed = 64;
constexpr int kThroughputTab = 1;

bool sameCosts(const std::vector<DivisibleWorker>& a, const std::vector<DivisibleWorker>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const DivisibleWorker& x, const DivisibleWorker& y) {
                          return x.c == y.c && x.w == y.w && x.d == y.d;
                      });
}

// A pane in a scroll area that scrolls only when the viewport is lower than the least height its contents
// need at its width: QScrollArea asks a pane whose labels wrap for its preferred height, which keeps the
// workers' table and the lists tall and scrolls at any window size.
class LeastHeightPane : public QWidget {
public:
    using QWidget::QWidget;
    int heightForWidth(int width) const override {
        return layout() ? layout()->totalMinimumHeightForWidth(width) : QWidget::heightForWidth(width);
    }
};

// The order lists show this many rows at least and at most (more workers scroll).
constexpr int kLeastOrderRows = 4;
constexpr int kMostOrderRows = 16;

QListView* makeOrderList(DivisibleScenarioModel* model, const QString& name, QWidget* parent) {
    auto* list = new QListView(parent);
    list->setObjectName(name);
    list->setModel(model);
    list->setSelectionMode(QAbstractItemView::SingleSelection);
    list->setDragEnabled(true);
    list->setAcceptDrops(true);
    list->setDropIndicatorShown(true);
    list->setDragDropMode(QAbstractItemView::InternalMove);
    list->setDefaultDropAction(Qt::MoveAction);
    // The keyboard alternative to dragging: Ctrl+Up / Ctrl+Down move the current worker.
    const auto addMove = [list, model](const QKeySequence& key, int step) {
        auto* action = new QAction(list);
        action->setShortcut(key);
        action->setShortcutContext(Qt::WidgetShortcut);
        QObject::connect(action, &QAction::triggered, list, [list, model, step] {
            const int row = list->currentIndex().row();
            if (row < 0) return;
            const int target = row + step;
            if (target < 0 || target >= model->rowCount()) return;
            if (model->moveWorker(row, step < 0 ? target : target + 1))
                list->setCurrentIndex(model->index(target));
        });
        list->addAction(action);
    };
    addMove(QKeySequence(Qt::CTRL | Qt::Key_Up), -1);
    addMove(QKeySequence(Qt::CTRL | Qt::Key_Down), +1);
    // As high as its workers (4 to 16 rows): the height it would leave blank goes to the workers' table.
    const auto fitToRows = [list, model] {
        const int row = list->sizeHintForRow(0) > 0 ? list->sizeHintForRow(0) : list->fontMetrics().height() + 2;
        const int rows = std::clamp(model->rowCount(), kLeastOrderRows, kMostOrderRows);
        list->setFixedHeight(rows * row + 2 * list->frameWidth() + 2);
    };
    QObject::connect(model, &QAbstractItemModel::modelReset, list, fitToRows);
    QObject::connect(model, &QAbstractItemModel::rowsInserted, list, fitToRows);
    QObject::connect(model, &QAbstractItemModel::rowsRemoved, list, fitToRows);
    fitToRows();
    return list;
}

// "sends P3, P1, P2 · returns P1, P3, P2", shortened for many workers and for FIFO or LIFO returns.
// Between the parts of the timeline's subtitle: GanttView breaks a subtitle wider than the chart into lines
// there (one part with " · " inside would be centred and cut on both sides: "enario LP · sends ...").
const QString kSubtitleSeparator = QStringLiteral("   ·   ");

QString scenarioText(const DivisibleInstance& in) {
    constexpr std::size_t kNamesShown = 5;
    const DivisibleScenario scenario = effectiveScenario(in);
    const auto names = [&](const std::vector<std::size_t>& order) {
        if (order.size() <= kNamesShown) return workerNames(in, order);
        const std::vector<std::size_t> head(order.begin(), order.begin() + kNamesShown - 1);
        return QObject::tr("%1, … %2 (%3 workers)")
            .arg(workerNames(in, head), QString::fromStdString(in.workers[order.back()].name))
            .arg(order.size());
    };
    const QString sends = in.sendOrder.empty() ? QObject::tr("listed order") : names(scenario.sendOrder);
    const bool lifo = std::equal(scenario.sendOrder.begin(), scenario.sendOrder.end(),
                                 scenario.returnOrder.rbegin(), scenario.returnOrder.rend());
    const QString returns = scenario.returnOrder == scenario.sendOrder ? QObject::tr("FIFO")
                            : lifo                                     ? QObject::tr("LIFO")
                                                                       : names(scenario.returnOrder);
    return QObject::tr("sends %1").arg(sends) + kSubtitleSeparator + QObject::tr("returns %1").arg(returns);
}

}  // namespace

DivisibleEditor::DivisibleEditor(ProjectDocument* document, QWidget* parent)
    : InstanceEditor(parent),
      m_document(document),
      m_workers(new DivisibleWorkerModel(document, this)),
      m_sendModel(new DivisibleScenarioModel(m_workers, DivisibleScenarioModel::Order::Send, this)),
      m_returnModel(new DivisibleScenarioModel(m_workers, DivisibleScenarioModel::Order::Return, this)),
      m_scenarioJob(new BackgroundJob(this)),
      m_curveJob(new BackgroundJob(this)) {
    setObjectName(QStringLiteral("divisibleEditor"));

    m_horizon = new QLineEdit(this);
    m_horizon->setObjectName(QStringLiteral("horizonEdit"));
    m_horizon->setToolTip(tr("T: the horizon; the load processed (results returned) by time T is maximised"));
    m_horizon->setMaximumWidth(130);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("instanceSummary"));
    m_summary->setTextFormat(Qt::RichText);
    auto* header = new QHBoxLayout;
    header->addWidget(new QLabel(tr("Horizon T"), this));
    header->addWidget(m_horizon);
    header->addSpacing(12);
    header->addWidget(m_summary, 1);

    m_message = new MessageBar(this);
    m_message->setObjectName(QStringLiteral("editorMessage"));

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("workerTable"));
    m_table->setModel(m_workers);
    setUpEditableTable(m_table);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    const TableControls controls = makeTableControls(m_table, tr("worker"), QStringLiteral("Worker"),
                                                     tr("Double-click a cell to edit; hover a header for its meaning."), this);
    m_addButton = controls.add;
    m_removeButton = controls.remove;
    QHBoxLayout* tableButtons = controls.row;

    // The scenario: two reorderable lists and the buttons that set both orders at once.
    auto* scenarioBox =
        new QGroupBox(tr("Scenario (drag to reorder; the scenario LP re-solves at once)"), this);
    m_sendHeading = new QLabel(scenarioBox);
    m_returnHeading = new QLabel(scenarioBox);
    m_sendHeading->setWordWrap(true);
    m_returnHeading->setWordWrap(true);
    m_sendList = makeOrderList(m_sendModel, QStringLiteral("sendOrderList"), scenarioBox);
    m_sendList->setToolTip(tr("π: the order of the initial messages. Uncheck a worker to leave it out."));
    m_returnList = makeOrderList(m_returnModel, QStringLiteral("returnOrderList"), scenarioBox);
    m_returnList->setToolTip(tr("σ: the order in which the workers send their results back."));
    const auto makeButton = [scenarioBox](const QString& text, const QString& name, const QString& tip) {
        auto* button = new QPushButton(text, scenarioBox);
        button->setObjectName(name);
        button->setToolTip(tip);
        return button;
    };
    QPushButton* byCommunication =
        makeButton(tr("Sort by c+d"), QStringLiteral("sortByCommunicationButton"),
                   tr("Send by non-decreasing c_i + d_i, the order of both theorems"));
    QPushButton* fifo = makeButton(tr("FIFO"), QStringLiteral("fifoButton"),
                                   tr("Results return in the send order (first in, first out)"));
    QPushButton* lifo = makeButton(tr("LIFO"), QStringLiteral("lifoButton"),
                                   tr("Results return in the reverse send order (last in, first out)"));
    QPushButton* clear = makeButton(tr("Clear scenario"), QStringLiteral("clearScenarioButton"),
                                    tr("No scenario: every worker in the listed order, FIFO returns"));
    m_scenarioResult = new QLabel(scenarioBox);
    m_scenarioResult->setObjectName(QStringLiteral("scenarioResult"));
    m_scenarioResult->setWordWrap(true);
    m_scenarioResult->setTextFormat(Qt::RichText);
    m_scenarioResult->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

    auto* lists = new QGridLayout;
    lists->addWidget(m_sendHeading, 0, 0);
    lists->addWidget(m_returnHeading, 0, 1);
    lists->addWidget(m_sendList, 1, 0);
    lists->addWidget(m_returnList, 1, 1);
    lists->setRowStretch(1, 1);
    auto* scenarioButtons = new QHBoxLayout;
    scenarioButtons->addWidget(byCommunication);
    scenarioButtons->addWidget(fifo);
    scenarioButtons->addWidget(lifo);
    scenarioButtons->addStretch(1);
    scenarioButtons->addWidget(clear);
    auto* scenarioLayout = new QVBoxLayout(scenarioBox);
    scenarioLayout->addLayout(lists, 1);
    scenarioLayout->addLayout(scenarioButtons);
    scenarioLayout->addWidget(m_scenarioResult);

    auto* leftPane = new LeastHeightPane(this);
    auto* leftLayout = new QVBoxLayout(leftPane);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    // The scenario as high as its lists of workers, buttons and result; the workers' table takes the rest.
    leftLayout->addWidget(m_table, 1);
    leftLayout->addLayout(tableButtons);
    leftLayout->addWidget(scenarioBox, 0);
    // Lower than the workers, the buttons and the scenario need (a laptop's 800 pixels share the centre with
    // the results), the pane scrolls rather than lay its buttons over the order lists (issue 25).
    QScrollArea* leftScroll = verticalScrollArea(leftPane, QStringLiteral("divisibleEditorScroll"), this);
    leftScroll->setMinimumWidth(leftPane->minimumSizeHint().width() +
                                leftScroll->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, leftScroll));

    // The pictures: the scenario's timeline, and the throughput against the number of workers.
    m_timeline = new DivisibleTimelineView(this);
    m_timeline->setObjectName(QStringLiteral("scenarioTimeline"));
    m_throughputPlot = new DivisibleThroughputPlot(this);
    m_curveProgress = new QProgressBar(this);
    m_curveProgress->setRange(0, 1000);
    m_curveProgress->setMaximumHeight(14);
    m_curveProgress->setTextVisible(false);
    m_curveCancel = new QToolButton(this);
    m_curveCancel->setObjectName(QStringLiteral("curveCancelButton"));
    m_curveStatus = new QLabel(this);
    m_curveStatus->setStyleSheet(QStringLiteral("color:#555;"));
    auto* curveStatus = new QHBoxLayout;
    curveStatus->addWidget(m_curveStatus, 1);
    curveStatus->addWidget(m_curveProgress, 1);
    curveStatus->addWidget(m_curveCancel);
    auto* throughputPane = new QWidget(this);
    auto* throughputLayout = new QVBoxLayout(throughputPane);
    throughputLayout->setContentsMargins(0, 2, 0, 0);
    throughputLayout->addLayout(curveStatus);
    throughputLayout->addWidget(m_throughputPlot, 1);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("divisibleViews"));
    // Every lane of the timeline named (a worker's name carries its load): lower than their names need at the
    // least readable size, the tab scrolls rather than name every other lane (issue 25).
    m_timeline->setLanesNamedAtLeastSize(kTimelineLanesNamed);
    QScrollArea* timelineScroll = verticalScrollArea(m_timeline, QStringLiteral("scenarioTimelineScroll"), this);
    // As wide as the timeline's least width and a scroll bar: never cut on the right.
    timelineScroll->setMinimumWidth(m_timeline->minimumWidth() +
                                    timelineScroll->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, timelineScroll));
    m_tabs->insertTab(kTimelineTab, timelineScroll, tr("Scenario timeline"));
    m_tabs->insertTab(kThroughputTab, throughputPane, tr("Throughput vs workers"));
    // The star on a canvas: the same workers, edited through the same document commands.
    m_star = new CanvasWidget(document, std::make_unique<DivisibleStarAdapter>(), this);
    m_star->setObjectName(QStringLiteral("divisibleStarCanvas"));
    m_star->setIdleText(tr("The master sends each worker its load over a link of cost c_i (and gets the results back at "
                           "d_i); the worker computes at w_i. A run's participating workers are drawn green with alpha_i."));
    m_star->setOverlay([this](CanvasGraph& graph) {
        const DocumentEntry* entry = m_document->entry(m_entryId);
        const DivisibleSolution* solution = m_starRun ? solutionOf<DivisibleSolution>(*m_starRun) : nullptr;
        if (!entry || !solution || entry->digest != m_starRunDigest) return;
        // Node i + 1 is worker i (node 0 the master), link i leads to it.
        for (std::size_t i = 0; i < solution->alpha.size() && i + 1 < graph.nodes.size() && i < graph.links.size(); ++i) {
            const double alpha = solution->alpha[i];
            CanvasNode& node = graph.nodes[i + 1];
            node.marked = alpha > 0;
            node.value += QStringLiteral(" · α=%1").arg(formatRounded(alpha, 3));
            graph.links[i].highlighted = alpha > 0;
        }
    });
    connect(m_star, &CanvasWidget::statusMessage, this, &InstanceEditor::statusMessage);
    m_tabs->addTab(m_star, tr("Star"));

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(leftScroll);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setSizes({440, 660});
    splitter->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(header);
    layout->addWidget(m_message);
    layout->addWidget(splitter, 1);

    m_curveTimer.setSingleShot(true);
    m_curveTimer.setInterval(kCurveDelayMs);
    connect(&m_curveTimer, &QTimer::timeout, this, &DivisibleEditor::computeCurve);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int tab) {
        if (tab == kThroughputTab && !m_curveJob->isRunning()) computeCurve();
    });
    connect(m_curveJob, &BackgroundJob::progressed, this, [this](double fraction, const QString& stage) {
        m_curveProgress->setValue(static_cast<int>(1000 * std::clamp(fraction, 0.0, 1.0)));
        if (!stage.isEmpty()) m_curveStatus->setText(tr("Computing: %1…").arg(stage));
    });
    connect(m_curveJob, &BackgroundJob::finished, this, [this](const QString& error) {
        if (!error.isEmpty()) {
            m_curveWorkers.reset();
            m_throughputPlot->showMessage(tr("The curve failed: %1").arg(error));
            m_curveStatus->setText(tr("Failed"));
        }
        m_curveProgress->hide();
        m_curveCancel->setText(tr("Recompute"));
        emit curveUpdated();
    });
    connect(m_curveJob, &BackgroundJob::cancelled, this, [this] {
        m_curveWorkers.reset();
        m_curveProgress->hide();
        m_curveStatus->setText(tr("Stopped"));
        m_curveCancel->setText(tr("Compute"));
        m_throughputPlot->showMessage(tr("Stopped: click Compute to draw the curve"));
    });
    connect(m_curveCancel, &QToolButton::clicked, this, [this] {
        if (m_curveJob->isRunning()) {
            m_curveJob->cancel();
        } else {
            m_curveWorkers.reset();
            computeCurve();
        }
    });

    connect(m_horizon, &QLineEdit::editingFinished, this, &DivisibleEditor::commitHorizon);
    connect(m_addButton, &QPushButton::clicked, m_workers, &DivisibleWorkerModel::addWorker);
    connect(m_removeButton, &QPushButton::clicked, this, &DivisibleEditor::removeSelectedWorkers);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &DivisibleEditor::updateButtons);
    connect(m_workers, &QAbstractItemModel::modelReset, this, &DivisibleEditor::updateButtons);
    const auto commitScenario = [this](DivisibleInstance (*edit)(const DivisibleInstance&),
                                       const QString& text) {
        if (const DivisibleInstance* in = m_workers->instance()) m_workers->commit(edit(*in), text);
    };
    connect(byCommunication, &QPushButton::clicked, this,
            [commitScenario] { commitScenario(withSendsByCommunication, tr("Send by c + d")); });
    connect(fifo, &QPushButton::clicked, this,
            [commitScenario] { commitScenario(withFifoReturns, tr("FIFO returns")); });
    connect(lifo, &QPushButton::clicked, this,
            [commitScenario] { commitScenario(withLifoReturns, tr("LIFO returns")); });
    connect(clear, &QPushButton::clicked, this,
            [commitScenario] { commitScenario(withoutScenario, tr("Clear the scenario")); });
    connect(m_workers, &DivisibleWorkerModel::editRejected, this, [this](const QString& message) {
        m_message->showMessage(tr("Refused: %1").arg(message), MessageBar::Level::Error);
        emit statusMessage(tr("Edit refused: %1").arg(message));
    });
    connect(m_document, &ProjectDocument::instanceChanged, this, [this](EntryId id) {
        if (id != m_entryId) return;
        // A successful edit retires an old refusal.
        if (m_message->level() == MessageBar::Level::Error) m_message->hide();
        refresh();
    });
    connect(m_timeline, &DivisibleTimelineView::exportRequested, this,
            &DivisibleEditor::exportTimelineRequested);
    connect(m_throughputPlot, &DivisibleThroughputPlot::exportRequested, this,
            &DivisibleEditor::exportThroughputPlotRequested);
    m_curveProgress->hide();
    m_curveCancel->setText(tr("Compute"));
    updateButtons();
}

DivisibleEditor::~DivisibleEditor() = default;

void DivisibleEditor::setEntry(EntryId id) {
    m_entryId = id;
    m_workers->setEntry(id);
    m_starRun.reset();
    m_star->setEntry(id);
    m_message->hide();
    m_runThroughput.reset();
    m_runDigest.reset();
    m_curveWorkers.reset();
    refresh();
}

QSize DivisibleEditor::sizeHint() const {
    const QSize minimum = minimumSizeHint();
    return {std::max(minimum.width(), 1000), minimum.height()};
}

bool DivisibleEditor::isComputingCurve() const {
    return m_curveJob->isRunning() || m_curveTimer.isActive();
}

void DivisibleEditor::showRun(const RunRecord* run) {
    m_starRun = run ? run->result : nullptr;
    m_starRunDigest = run ? run->instanceDigest : 0;
    const QString problem =
        unreadableRunMessage(run, tr("Its loads are not drawn on the star nor its throughput on the curve."));
    if (!problem.isEmpty())
        m_message->showMessage(problem, MessageBar::Level::Warning);
    else if (!m_runProblem.isEmpty() && m_message->text() == m_runProblem)
        m_message->hide();
    m_runProblem = problem;
    m_star->refresh();
    m_runThroughput.reset();
    m_runDigest.reset();
    if (run && run->result && run->result->objective && run->result->status != SolveStatus::Infeasible) {
        m_runThroughput = *run->result->objective;
        m_runSolver = run->solver();
        m_runDigest = run->instanceDigest;
    }
    refreshRunLine();
    m_throughputPlot->replot();
}

void DivisibleEditor::refreshRunLine() {
    const DocumentEntry* entry = m_document->entry(m_entryId);
    // A run made on another version of the platform would compare with curves it was not computed on.
    if (entry && m_runDigest && *m_runDigest == entry->digest)
        m_throughputPlot->setRunThroughput(m_runThroughput, m_runSolver);
    else
        m_throughputPlot->setRunThroughput(std::nullopt);
}

void DivisibleEditor::refresh() {
    const DivisibleInstance* in = m_workers->instance();
    setEnabled(in != nullptr);
    if (!in) {
        m_scenarioJob->cancel();
        m_curveJob->cancel();
        m_scenarioSolution.reset();
        m_timeline->showMessage(tr("No divisible-load instance"));
        m_throughputPlot->showMessage(tr("No divisible-load instance"));
        return;
    }
    if (m_horizon->text() != formatNumber(in->horizon)) m_horizon->setText(formatNumber(in->horizon));
    m_sendHeading->setText(m_sendModel->isGiven()
                               ? tr("<b>Send order π</b>")
                               : tr("<b>Send order π</b> <i>(not given: listed order)</i>"));
    m_returnHeading->setText(m_returnModel->isGiven() ? tr("<b>Return order σ</b>")
                                                      : tr("<b>Return order σ</b> <i>(not given: FIFO)</i>"));
    refreshSummary(*in);
    solveScenario();
    scheduleCurve();
    refreshRunLine();
    m_throughputPlot->replot();
    updateButtons();
}

void DivisibleEditor::refreshSummary(const DivisibleInstance& in) {
    QStringList parts;
    parts << countOf(static_cast<long long>(in.workers.size()), tr("worker"), tr("workers"));
    const QString ratio = returnRatioText(in);
    parts << (ratio.isEmpty() ? tr("d not proportional to c: the FIFO theorem does not apply")
                              : tr("%1: the FIFO theorem applies").arg(ratio));
    const DivisibleScenario scenario = effectiveScenario(in);
    const bool fifo = scenario.sendOrder == scenario.returnOrder;
    const bool lifo = std::equal(scenario.sendOrder.begin(), scenario.sendOrder.end(),
                                 scenario.returnOrder.rbegin(), scenario.returnOrder.rend());
    parts << (fifo && lifo ? tr("one participant")
              : fifo       ? tr("FIFO scenario")
              : lifo       ? tr("LIFO scenario")
                           : tr("neither FIFO nor LIFO"));
    m_summary->setText(parts.join(QStringLiteral(" · ")).toHtmlEscaped());
}

void DivisibleEditor::solveScenario() {
    const DivisibleInstance* current = m_workers->instance();
    if (!current) return;
    DivisibleInstance in = *current;
    m_scenarioJob->cancel();  // an answer for an earlier version would overwrite this one
    m_scenarioSolution.reset();
    if (in.workers.size() <= kSyncScenarioWorkers) {
        // Small platforms: the LP takes well under a millisecond, so the drag shows its answer at once.
        const DivisibleScenario scenario = effectiveScenario(in);
        showScenario(in, solveScenarioLp(in, scenario.sendOrder, scenario.returnOrder));
        emit scenarioSolved();
        return;
    }
    m_scenarioResult->setText(tr("Solving the scenario LP for %1 workers…").arg(in.workers.size()));
    m_scenarioJob->start([this, in = std::move(in)](const Progress&) -> BackgroundJob::Delivery {
        const DivisibleScenario scenario = effectiveScenario(in);
        auto solution = std::make_shared<Expected<DivisibleSolution>>(
            solveScenarioLp(in, scenario.sendOrder, scenario.returnOrder));
        return [this, in, solution] {
            showScenario(in, *solution);
            emit scenarioSolved();
        };
    });
}

void DivisibleEditor::showScenario(const DivisibleInstance& in, const Expected<DivisibleSolution>& solution) {
    if (!solution) {
        m_scenarioSolution.reset();
        const QString message = QString::fromStdString(solution.error().message);
        m_scenarioResult->setText(QStringLiteral("<span style='color:#b02020'>%1</span>")
                                      .arg(tr("The scenario LP failed: %1").arg(message).toHtmlEscaped()));
        m_timeline->showMessage(tr("The scenario LP failed: %1").arg(message));
        return;
    }
    m_scenarioSolution = std::make_shared<const DivisibleSolution>(*solution);
    const DivisibleSolution& s = *m_scenarioSolution;
    const DivisibleScenario scenario = effectiveScenario(in);
    QStringList idle;
    QStringList unused;
    for (std::size_t i : scenario.sendOrder) {
        const QString name = QString::fromStdString(in.workers[i].name).toHtmlEscaped();
        if (s.alpha[i] <= 0)
            unused << name;
        else if (s.times[i].idle > 1e-12 * in.horizon)
            idle << tr("%1 (x = %2)").arg(name, formatRounded(s.times[i].idle, 4));
    }
    QString text =
        tr("Scenario LP: <b>ρ = %1</b> (load %2 by T = %3)")
            .arg(formatRounded(s.throughput, 7), formatRounded(s.load, 7), formatNumber(in.horizon));
    // A few names, then how many more: a large platform would fill the editor with them.
    const auto some = [](const QStringList& names) {
        constexpr int kShown = 4;
        if (names.size() <= kShown) return names.join(QStringLiteral(", "));
        return tr("%1, … (%2 workers)")
            .arg(names.mid(0, kShown).join(QStringLiteral(", ")))
            .arg(names.size());
    };
    if (!idle.isEmpty()) text += tr(" · idle: %1").arg(some(idle));
    if (!unused.isEmpty()) text += tr(" · no load: %1").arg(some(unused));
    m_scenarioResult->setText(text);

    const QString subtitle =
        QStringList{tr("scenario LP"), scenarioText(in), tr("ρ = %1").arg(formatRounded(s.throughput, 7))}.join(kSubtitleSeparator);
    m_timeline->setDivisibleSchedule(divisibleSchedule(in, s), subtitle);
}

void DivisibleEditor::scheduleCurve() {
    const DivisibleInstance* in = m_workers->instance();
    if (!in) return;
    // T scales every throughput alike and the scenario is not part of the curve: only c, w, d matter.
    if (m_curveJob->isRunning()) {
        if (sameCosts(m_curveRunningWorkers, in->workers)) return;
        m_curveJob->cancel();
    } else if (m_curveWorkers && sameCosts(*m_curveWorkers, in->workers)) {
        return;
    }
    m_curveWorkers.reset();
    m_curveStatus->setText(tr("Waiting for the edits to pause…"));
    m_throughputPlot->showMessage(tr("Waiting for the edits to pause…"));
    m_curveTimer.start();
}

void DivisibleEditor::computeCurve() {
    m_curveTimer.stop();
    const DivisibleInstance* current = m_workers->instance();
    if (!current) return;
    if (m_curveWorkers && sameCosts(*m_curveWorkers, current->workers)) return;
    // Computed when looked at: the curve solves up to 4p problems, which a user editing the table may not
    // want.
    if (m_tabs->currentIndex() != kThroughputTab) {
        m_curveStatus->setText(tr("Computed when this tab is shown"));
        return;
    }
    DivisibleInstance in = *current;
    m_curveRunningWorkers = in.workers;
    m_curveProgress->setValue(0);
    m_curveProgress->show();
    m_curveCancel->setText(tr("Cancel"));
    m_curveStatus->setText(tr("Computing %1 strategies on 1 to %2 workers…").arg(4).arg(in.workers.size()));
    m_throughputPlot->showMessage(tr("Computing…"));
    m_curveJob->start([this, in = std::move(in)](const Progress& progress) -> BackgroundJob::Delivery {
        auto curve = std::make_shared<Expected<WorkerCountCurve>>(
            throughputByWorkerCount(in, kCurveMaxPoints, progress));
        return [this, workers = in.workers, curve] {
            if (!*curve) {
                const bool cancelled = curve->error().kind == ErrorKind::Cancelled;
                m_curveWorkers.reset();
                m_throughputPlot->showMessage(
                    cancelled ? tr("Stopped")
                              : tr("No curve: %1").arg(QString::fromStdString(curve->error().message)));
                m_curveStatus->setText(cancelled ? tr("Stopped") : tr("Failed"));
                return;
            }
            m_curveWorkers = workers;
            m_throughputPlot->setCurve(**curve);
            refreshRunLine();
            m_throughputPlot->fitView();
            m_throughputPlot->replot();
            m_curveStatus->setText(tr("%1 points").arg((*curve)->points.size()));
        };
    });
}

void DivisibleEditor::commitHorizon() {
    const DivisibleInstance* in = m_workers->instance();
    if (!in) return;
    const QString text = m_horizon->text();
    const std::optional<double> value = parseNumber(text);
    if (!value) {
        m_workers->reject(tr("T: \"%1\" is not a number").arg(text.trimmed()));
        m_horizon->setText(formatNumber(in->horizon));
        return;
    }
    if (*value == in->horizon) return;
    DivisibleInstance candidate = *in;
    candidate.horizon = *value;
    if (!m_workers->commit(std::move(candidate), tr("Change T to %1").arg(formatNumber(*value)),
                           kHorizonMergeKey))
        m_horizon->setText(formatNumber(m_workers->instance()->horizon));
}

void DivisibleEditor::removeSelectedWorkers() {
    QList<int> rows;
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows()) rows << index.row();
    if (rows.isEmpty() && m_table->currentIndex().isValid()) rows << m_table->currentIndex().row();
    m_workers->removeWorkers(rows);
}

void DivisibleEditor::updateButtons() {
    const bool hasSelection = m_table->selectionModel() && m_table->selectionModel()->hasSelection();
    m_removeButton->setEnabled(hasSelection && m_workers->rowCount() > 1);
    m_addButton->setEnabled(m_workers->instance() != nullptr);
}

}  // namespace hetsched::ui
