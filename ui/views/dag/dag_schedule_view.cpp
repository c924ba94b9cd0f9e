#include "views/dag/dag_schedule_view.h"

#include <QActionGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include "util/background_job.h"
#include "util/elided_label.h"
#include "util/number_text.h"
#include "views/common/chart_export.h"
#include "views/common/figure_fit.h"
#include "views/common/figure_header.h"

#include <optional>

namespace hetsched::ui {

namespace {

constexpr double kGanttShare = 0.6;   // of the width, in the view and in exports

}  // namespace

// A result given to showResult while it is prepared off the GUI thread, then put on screen a step at a time.
struct DagScheduleView::Pending {
    enum class Step { Header, Gantt, GraphLayout, GraphDrawing };
    // Copies the thread reads (and finishPreparing, if the thread's answer is not there yet).
    std::shared_ptr<const DagInstance> instance;
    std::shared_ptr<const SolveResult> result;
    // The thread's answer; null until it came.
    std::shared_ptr<const DagViewData> data;
    DagColors colors;
    DagColorMode colorMode = DagColorMode::ByLevel;   // the mode `colors` are in
    Step next = Step::Header;
};

DagScheduleView::DagScheduleView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("dagScheduleView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);

    m_title = new QLabel(this);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_metrics = new QLabel(this);
    m_metrics->setWordWrap(true);   // the metrics never widen the view: they wrap
    m_metrics->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_metrics->setStyleSheet(QStringLiteral("color: #505050"));
    layout->addWidget(m_title);
    layout->addWidget(m_metrics);

    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    m_colorBox = new QComboBox(this);
    m_colorBox->setObjectName(QStringLiteral("dagColorMode"));
    m_colorBox->addItem(tr("Colour by level"), static_cast<int>(DagColorMode::ByLevel));
    m_colorBox->addItem(tr("Colour by task"), static_cast<int>(DagColorMode::ByTask));
    m_colorBox->addItem(tr("Colour by cluster"), static_cast<int>(DagColorMode::ByCluster));
    m_sizeBox = new QComboBox(this);
    m_sizeBox->setObjectName(QStringLiteral("dagNodeSize"));
    m_sizeBox->addItem(tr("Node area: flops"), static_cast<int>(DagNodeSize::Flops));
    m_sizeBox->addItem(tr("Node area: processors"), static_cast<int>(DagNodeSize::Processors));
    m_sizeBox->addItem(tr("Node area: duration"), static_cast<int>(DagNodeSize::Duration));
    m_criticalBox = new QCheckBox(tr("Critical path"), this);
    m_criticalBox->setChecked(true);
    m_criticalBox->setToolTip(tr("The path back from the task that ends last, through the predecessor whose data "
                                 "arrived last at each step (the schedule's actual times)"));
    // A task may span dozens of processors: its line is elided to the room left, the whole of it a tooltip.
    m_selection = new ElidedLabel(this);
    m_selection->setObjectName(QStringLiteral("dagSelection"));
    controls->addWidget(m_colorBox);
    controls->addWidget(m_sizeBox);
    controls->addWidget(m_criticalBox);
    controls->addSpacing(12);
    controls->addWidget(m_selection, 1);
    layout->addLayout(controls);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_gantt = new DagGanttPlot(m_splitter);
    m_graph = new DagGraphPlot(m_splitter);
    m_splitter->addWidget(m_gantt);
    m_splitter->addWidget(m_graph);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setSizes({3000, 2000});   // scaled to the width once laid out
    m_splitter->setChildrenCollapsible(false);
    layout->addWidget(m_splitter, 1);

    m_job = new BackgroundJob(this);
    // The preparation threw (it does not for a result that belongs to its instance): say so, never wait on.
    connect(m_job, &BackgroundJob::finished, this, [this](const QString& error) {
        if (!error.isEmpty() && m_pending) showMessage(tr("This result cannot be drawn: %1").arg(error));
    });

    connect(m_colorBox, qOverload<int>(&QComboBox::activated), this,
            [this] { setColorMode(static_cast<DagColorMode>(m_colorBox->currentData().toInt())); });
    connect(m_sizeBox, qOverload<int>(&QComboBox::activated), this,
            [this] { setNodeSize(static_cast<DagNodeSize>(m_sizeBox->currentData().toInt())); });
    connect(m_criticalBox, &QCheckBox::toggled, this, &DagScheduleView::setShowCriticalPath);
    connect(m_gantt, &DagGanttPlot::taskClicked, this, [this](int task) { selectTask(task, Origin::Gantt); });
    connect(m_graph, &DagGraphPlot::taskClicked, this, [this](int task) { selectTask(task, Origin::Graph); });
    for (QCustomPlot* plot : {static_cast<QCustomPlot*>(m_gantt), static_cast<QCustomPlot*>(m_graph)}) {
        plot->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(plot, &QWidget::customContextMenuRequested, this,
                [this, plot](const QPoint& position) { showContextMenu(plot, position); });
    }
    connect(m_gantt, &DagGanttPlot::exportRequested, this, &DagScheduleView::exportRequested);
    connect(m_graph, &DagGraphPlot::exportRequested, this, &DagScheduleView::exportRequested);

    showMessage(tr("Run a solver to see its schedule"));
}

DagScheduleView::~DagScheduleView() {
    // The thread only reads its own copies; its answer is posted to the job, which waits for it and drops it.
    dropPending();
}

void DagScheduleView::showResult(const Instance& instance, std::shared_ptr<const SolveResult> result) {
    const auto* dag = std::get_if<DagInstance>(&instance);
    if (!result || !dag) {
        showMessage(result ? tr("This result is not a task graph schedule") : tr("No result"));
        return;
    }
    if (result->status == SolveStatus::Infeasible) {
        showMessage(result->message.empty() ? tr("Infeasible")
                                            : tr("Infeasible: %1").arg(QString::fromStdString(result->message)));
        return;
    }
    // On screen, a big result would hold the window for the whole of its preparation (some 100 ms at
    // 10,000 tasks): it is prepared on a pool thread. Off screen (an export, a test) it is shown at once.
    if (dag->tasks.size() >= kBackgroundTasks && window()->isVisible()) {
        prepareInBackground(std::make_shared<const DagInstance>(*dag), std::move(result));
        return;
    }
    Expected<std::shared_ptr<const DagViewData>> data = makeDagViewData(*dag, *result);
    if (!data) {
        showMessage(tr("This result cannot be drawn: %1").arg(QString::fromStdString(data.error().message)));
        return;
    }
    dropPending();
    const DagColors colors = dagColors(**data, m_colorMode);
    showData(std::move(result), std::move(*data), colors);
}

void DagScheduleView::showHeader(const DagViewData& data) {
    m_title->setText(data.title);
    // Lines break between metrics, never inside one (no-break spaces within each).
    QStringList metrics = data.metrics;
    for (QString& metric : metrics) metric.replace(QLatin1Char(' '), QChar::Nbsp);
    m_metrics->setText(metrics.join(QStringLiteral("   ·   ")));
    m_metrics->setVisible(true);
}

void DagScheduleView::showData(std::shared_ptr<const SolveResult> result, std::shared_ptr<const DagViewData> data,
                               const DagColors& colors) {
    m_result = std::move(result);
    m_data = std::move(data);
    m_selected = -1;
    showHeader(*m_data);
    m_colorBox->setEnabled(true);
    m_sizeBox->setEnabled(true);
    m_criticalBox->setEnabled(true);
    m_gantt->setData(m_data, colors);
    m_graph->setData(m_data, colors);
    m_gantt->setMessage(m_data->taskCount() == 0 ? tr("The task graph is empty") : QString());
    m_graph->setMessage(QString());
    updateSelectionText();
    replotBoth();
}

void DagScheduleView::prepareInBackground(std::shared_ptr<const DagInstance> dag,
                                          std::shared_ptr<const SolveResult> result) {
    dropPending();
    clearResult(tr("Preparing the schedule view of %1 tasks…")
                    .arg(QLocale().toString(static_cast<qulonglong>(dag->tasks.size()))));
    m_pending = std::make_unique<Pending>();
    m_pending->instance = dag;
    m_pending->result = result;
    m_pending->colorMode = m_colorMode;
    const quint64 generation = m_generation;
    const DagColorMode mode = m_colorMode;
    // The thread holds its own references: neither the caller's instance nor this view's state.
    m_job->start([this, dag, result, mode, generation](const Progress& progress) -> BackgroundJob::Delivery {
        auto data = std::make_shared<Expected<std::shared_ptr<const DagViewData>>>(makeDagViewData(*dag, *result));
        if (progress.stopRequested()) return {};
        auto colors = std::make_shared<DagColors>();
        if (*data) *colors = dagColors(***data, mode);
        return [this, generation, data, colors] {
            if (generation != m_generation || !m_pending || m_pending->data) return;   // superseded
            prepared(std::move(*data), std::move(*colors));
        };
    });
}

void DagScheduleView::prepared(Expected<std::shared_ptr<const DagViewData>> data, DagColors colors) {
    if (!data) {
        showMessage(tr("This result cannot be drawn: %1").arg(QString::fromStdString(data.error().message)));
        return;
    }
    m_pending->data = std::move(*data);
    m_pending->colors = std::move(colors);
    applyStep();
    scheduleStep();
}

void DagScheduleView::scheduleStep() {
    if (!m_pending) return;
    // A timer, not a posted call: the event loop (input, painting, the heartbeat of other work) runs between.
    QTimer::singleShot(1, this, [this, generation = m_generation] {
        if (generation != m_generation || !m_pending) return;   // dropped, finished at once meanwhile
        applyStep();
        scheduleStep();
    });
}

void DagScheduleView::applyStep() {
    Pending& p = *m_pending;
    switch (p.next) {
        case Pending::Step::Header:
            // The header first: the plots it resizes are still empty (a resized plot draws itself again).
            showHeader(*p.data);
            m_graph->setMessage(tr("Laying out the task graph…"));
            p.next = Pending::Step::Gantt;
            return;
        case Pending::Step::Gantt:
            // The Gantt (its drawing some 10 ms of CPU at 10,000 tasks on 1,000 processors).
            m_gantt->setData(p.data, p.colors);
            m_gantt->setMessage(p.data->taskCount() == 0 ? tr("The task graph is empty") : QString());
            m_gantt->replot();
            p.next = Pending::Step::GraphLayout;
            return;
        case Pending::Step::GraphLayout:
            // The graph's layered layout (some 25 ms of CPU at 10,000 tasks and 218,724 edges).
            m_graph->setData(p.data, p.colors);
            p.next = Pending::Step::GraphDrawing;
            return;
        case Pending::Step::GraphDrawing:
            break;
    }
    // Its drawing, and the result is the view's.
    const std::unique_ptr<Pending> done = std::move(m_pending);
    m_graph->setMessage(QString());
    m_result = done->result;
    m_data = done->data;
    m_selected = -1;
    m_colorBox->setEnabled(true);
    m_sizeBox->setEnabled(true);
    m_criticalBox->setEnabled(true);
    updateSelectionText();
    if (done->colorMode != m_colorMode) {
        setColorMode(m_colorMode);   // changed meanwhile: both plots recoloured and drawn
    } else {
        m_graph->replot();
    }
    emit resultShown();
}

void DagScheduleView::finishPreparing() {
    if (!m_pending) return;
    if (!m_pending->data) {
        // The thread's answer is not there: the same work here, the thread's answer dropped.
        const std::shared_ptr<const DagInstance> dag = m_pending->instance;
        const std::shared_ptr<const SolveResult> result = m_pending->result;
        m_job->cancel();
        Expected<std::shared_ptr<const DagViewData>> data = makeDagViewData(*dag, *result);
        if (!data) {
            showMessage(tr("This result cannot be drawn: %1").arg(QString::fromStdString(data.error().message)));
            return;
        }
        m_pending->data = std::move(*data);
        m_pending->colors = dagColors(*m_pending->data, m_pending->colorMode);
    }
    while (m_pending) applyStep();
}

void DagScheduleView::dropPending() {
    ++m_generation;
    if (!m_pending) return;
    m_pending.reset();
    m_job->cancel();
}

QString DagScheduleView::message() const {
    return m_gantt->message();
}

void DagScheduleView::showMessage(const QString& message) {
    dropPending();
    clearResult(message);
}

void DagScheduleView::clearResult(const QString& message) {
    m_data.reset();
    m_result.reset();
    m_selected = -1;
    m_title->setText(tr("Task graph schedule"));
    m_metrics->clear();
    m_metrics->setVisible(false);
    m_colorBox->setEnabled(false);
    m_sizeBox->setEnabled(false);
    m_criticalBox->setEnabled(false);
    m_gantt->setData(nullptr, DagColors{});
    m_graph->setData(nullptr, DagColors{});
    m_gantt->setMessage(message);
    m_graph->setMessage(QString());
    updateSelectionText();
    replotBoth();
}

void DagScheduleView::fitView() {
    m_gantt->fitView();
    m_graph->fitView();
    replotBoth();
}

void DagScheduleView::replotBoth() {
    m_gantt->replot();
    m_graph->replot();
}

void DagScheduleView::setColorMode(DagColorMode mode) {
    m_colorMode = mode;
    {
        const QSignalBlocker block(m_colorBox);
        m_colorBox->setCurrentIndex(m_colorBox->findData(static_cast<int>(mode)));
    }
    if (!m_data) return;
    const DagColors colors = dagColors(*m_data, mode);
    m_gantt->setColors(colors);
    m_graph->setColors(colors);
    replotBoth();
}

void DagScheduleView::setNodeSize(DagNodeSize size) {
    {
        const QSignalBlocker block(m_sizeBox);
        m_sizeBox->setCurrentIndex(m_sizeBox->findData(static_cast<int>(size)));
    }
    m_graph->setNodeSize(size);
    m_graph->replot();
}

void DagScheduleView::setShowCriticalPath(bool shown) {
    {
        const QSignalBlocker block(m_criticalBox);
        m_criticalBox->setChecked(shown);
    }
    m_gantt->setShowCriticalPath(shown);
    m_graph->setShowCriticalPath(shown);
    replotBoth();
}

void DagScheduleView::selectTask(int task, Origin from) {
    if (!m_data || task < 0 || static_cast<std::size_t>(task) >= m_data->taskCount()) task = -1;
    m_selected = task;
    m_gantt->setSelectedTask(task);
    m_graph->setSelectedTask(task);
    if (task >= 0) {
        if (from != Origin::Gantt) {
            m_gantt->centreOn(static_cast<std::size_t>(task));
            m_gantt->replot();
        }
        if (from != Origin::Graph) {
            m_graph->centreOn(static_cast<std::size_t>(task));
            m_graph->replot();
        }
    }
    updateSelectionText();
    emit selectionChanged(task);
}

QString DagScheduleView::selectionText() const {
    return m_selection->text();
}

void DagScheduleView::updateSelectionText() {
    if (!m_data) {
        m_selection->clear();
        return;
    }
    if (m_selected < 0) {
        m_selection->setText(
            tr("Click a task in either view to select it in both; hover for details. Gantt: "
               "Shift+drag zooms to a box, Ctrl+wheel zooms time, Ctrl+Shift+wheel processors, double click fits"));
        return;
    }
    const auto t = static_cast<std::size_t>(m_selected);
    const DagPlacement& p = m_data->placements[t];
    m_selection->setText(tr("%1: %2, %3 to %4")
                             .arg(m_data->taskName(t), m_data->whereText(t), quantityText(p.start, u"s"),
                                  quantityText(p.end, u"s")));
}

void DagScheduleView::showContextMenu(QWidget* source, const QPoint& position) {
    QMenu menu(this);
    menu.addAction(tr("Fit views"), this, &DagScheduleView::fitView);
    if (m_selected >= 0) menu.addAction(tr("Clear the selection"), this, [this] { selectTask(-1); });
    menu.addSeparator();
    auto* colors = new QActionGroup(&menu);
    for (int k = 0; k < m_colorBox->count(); ++k) {
        const auto mode = static_cast<DagColorMode>(m_colorBox->itemData(k).toInt());
        QAction* action = menu.addAction(m_colorBox->itemText(k), this, [this, mode] { setColorMode(mode); });
        action->setCheckable(true);
        action->setChecked(mode == m_colorMode);
        action->setEnabled(m_data != nullptr);
        colors->addAction(action);
    }
    menu.addSeparator();
    auto* sizes = new QActionGroup(&menu);
    for (int k = 0; k < m_sizeBox->count(); ++k) {
        const auto size = static_cast<DagNodeSize>(m_sizeBox->itemData(k).toInt());
        QAction* action = menu.addAction(m_sizeBox->itemText(k), this, [this, size] { setNodeSize(size); });
        action->setCheckable(true);
        action->setChecked(size == m_graph->graph()->nodeSize());
        sizes->addAction(action);
    }
    QAction* critical = menu.addAction(tr("Highlight the critical path"), this, &DagScheduleView::setShowCriticalPath);
    critical->setCheckable(true);
    critical->setChecked(m_criticalBox->isChecked());
    menu.addSeparator();
    menu.addAction(tr("Export chart…"), this, &DagScheduleView::exportRequested);
    menu.exec(source->mapToGlobal(position));
}

Expected<bool> DagScheduleView::exportTo(const QString& path, int width, int height) {
    return exportPart(path, width, height, DagExportPart::Both);
}

Expected<bool> DagScheduleView::exportPart(const QString& path, int width, int height, DagExportPart part,
                                           const RasterOptions& raster) {
    Expected<FigureCanvas> canvas = pixelCanvas(path, width, height, raster);
    if (!canvas) return canvas.error();
    FigureOptions options;
    options.legend = LegendPlacement::Below;
    options.part = part == DagExportPart::Gantt ? "gantt" : part == DagExportPart::Graph ? "dag" : "both";
    return exportFigure(path, *canvas, options);
}

Expected<bool> DagScheduleView::exportFigure(const QString& path, const FigureCanvas& canvas,
                                             const FigureOptions& options) {
    finishPreparing();   // an export draws the whole result, even one asked for while it was prepared
    const DagExportPart part = options.part == "gantt" ? DagExportPart::Gantt
                               : options.part == "dag" ? DagExportPart::Graph
                                                       : DagExportPart::Both;
    constexpr int kMargin = 4;
    const QSize layout = canvas.layout;
    const double points = canvas.fontPoints;
    const QString title = options.title ? QString::fromStdString(*options.title) : m_title->text();
    const QStringList metrics = options.header && m_data ? m_data->metrics : QStringList();
    // The header keeps at most a quarter of the height; the plots share the rest.
    std::optional<FigureHeader> header;
    int top = 0;
    int plotHeight = 0;
    const auto layHeader = [&](double most) {
        header.emplace(title, metrics, figureFont(points, true), figureFont(points), layout.width() - 2 * kMargin, most);
        top = header->height() > 0 ? kMargin + static_cast<int>(std::ceil(header->height())) : 0;
        plotHeight = layout.height() - top;
    };
    layHeader(layout.height() * 0.25);
    const int ganttWidth = part == DagExportPart::Both    ? static_cast<int>(std::round(layout.width() * kGanttShare))
                           : part == DagExportPart::Gantt ? layout.width()
                                                          : 0;
    const int graphWidth = layout.width() - ganttWidth;

    // The figure's palette and legend, put back afterwards. In a figure the legend is compact: no title, and
    // more than three colours (the levels) one ramp from the first entry to the last.
    if (m_data) {
        DagColors colors = dagColors(*m_data, m_colorMode, options.palette);
        if (colors.legend.size() > 3) {
            DagLegendEntry ramp{colors.legend.front().text + QStringLiteral(" … ") + colors.legend.back().text, {}};
            for (const DagLegendEntry& entry : colors.legend)
                ramp.colors.insert(ramp.colors.end(), entry.colors.begin(), entry.colors.end());
            colors.legend = {ramp};
        }
        colors.meaning.clear();
        m_gantt->setColors(colors);
        m_graph->setColors(colors);
    }
    m_gantt->setLegendPlacement(options.legend);
    m_graph->graph()->setFigure(true);
    // A figure's bars are at least kFigureMinimumBarPoints high at the printed size.
    m_gantt->gantt()->setMinimumBarPixels(kFigureMinimumBarPoints * layoutDotsPerInch() / 72.0);
    Expected<bool> written = true;
    {
        const PlotFontScope ganttFonts(m_gantt, points);
        const PlotFontScope graphFonts(m_graph, points);
        if (options.legend == LegendPlacement::Right && ganttWidth > 0 && plotHeight > 0) {
            // A legend beside a Gantt narrower than half its share goes under it instead.
            m_gantt->toPixmap(ganttWidth, plotHeight);
            m_gantt->toPixmap(ganttWidth, plotHeight);
            if (m_gantt->axisRect()->width() < ganttWidth / 2 || m_gantt->legend->outerRect().width() > ganttWidth / 3)
                m_gantt->setLegendPlacement(LegendPlacement::Below);
        }
        if (options.legend != LegendPlacement::None && ganttWidth > 0 && plotHeight > 0) {
            // A legend that does not fit under the Gantt first takes the metrics header's lines, one by one
            // (the header is cut with an ellipsis); still too short, it is left out and the canvas' notes say
            // so, and what height would hold it.
            m_gantt->toPixmap(ganttWidth, plotHeight);
            const auto metricLines = header->metricLines().size();
            while (layoutSqueezed(m_gantt, plotHeight) && !header->metricLines().isEmpty()) {
                const auto lines = header->metricLines().size();
                layHeader(header->height() - 1);
                m_gantt->toPixmap(ganttWidth, plotHeight);
                if (header->metricLines().size() >= lines) break;
            }
            if (layoutSqueezed(m_gantt, plotHeight)) {
                int needed = 0;
                for (int height = plotHeight + 2; height <= 4 * layout.height() && needed == 0; height += 2) {
                    m_gantt->toPixmap(ganttWidth, height);
                    if (!layoutSqueezed(m_gantt, height)) needed = top + height;
                }
                m_gantt->setLegendPlacement(LegendPlacement::None);
                canvas.notes->append(legendLeftOutNote(canvas, needed));
            } else if (header->metricLines().size() < metricLines) {
                canvas.notes->append(tr("the metrics header was cut from %1 to %2 lines to make room for the legend "
                                        "(a taller --size keeps it, --no-header leaves it out)")
                                         .arg(metricLines)
                                         .arg(header->metricLines().size()));
            }
        }
        std::optional<PlotFitScope> ganttFit;
        std::optional<PlotFitScope> graphFit;
        if (ganttWidth > 0 && plotHeight > 0) ganttFit.emplace(m_gantt, QSize(ganttWidth, plotHeight));
        if (graphWidth > 0 && plotHeight > 0) graphFit.emplace(m_graph, QSize(graphWidth, plotHeight));
        std::optional<Error> problem;
        if (canvas.checkRoom && ganttWidth > 0) problem = plotAreaProblem(m_gantt, canvas);
        if (canvas.checkRoom && !problem && graphWidth > 0) problem = plotAreaProblem(m_graph, canvas);
        if (canvas.checkRoom && !problem && ganttWidth > 0 && layoutSqueezed(m_gantt, plotHeight))
            problem = invalidInput(tr("--size %1 is too small for this chart with %2 pt text: its titles and axes "
                                      "would overlap; use a larger --size, a smaller --font-pt or --no-header")
                                       .arg(canvas.sizeText)
                                       .arg(canvas.fontPoints)
                                       .toStdString());
        if (problem) {
            written = *problem;
        } else {
            written = writeFigure(path, canvas, [&](QCPPainter& painter) {
                painter.fillRect(QRect(QPoint(0, 0), layout), Qt::white);
                header->paint(painter, QPointF(kMargin, kMargin));
                if (ganttWidth > 0) {
                    painter.save();
                    painter.translate(0, top);
                    m_gantt->toPainter(&painter, ganttWidth, plotHeight);
                    painter.restore();
                    m_figureThinnestBarPoints = m_gantt->gantt()->lastDrawStats().thinnestBar * 72.0 / layoutDotsPerInch();
                }
                if (graphWidth > 0) {
                    painter.save();
                    painter.translate(ganttWidth, top);
                    m_graph->toPainter(&painter, graphWidth, plotHeight);
                    painter.restore();
                }
            });
        }
    }
    m_graph->graph()->setFigure(false);
    m_gantt->gantt()->setMinimumBarPixels(kScreenMinimumBarPixels);
    m_gantt->setLegendPlacement(LegendPlacement::Below);
    if (m_data) setColorMode(m_colorMode);
    // Rendering at another size re-laid the plots out: lay them out again for the screen.
    replotBoth();
    return written;
}

}  // namespace hetsched::ui
