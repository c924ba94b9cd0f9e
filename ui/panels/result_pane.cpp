#include "panels/result_pane.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

#include "model/dag_makespan_bounds.h"
#include "util/elided_label.h"
#include "util/number_text.h"
#include "views/cpugpu/cpugpu_shelf_view.h"
#include "views/gantt/gantt_view.h"
#include "views/steady/steady_patterns_view.h"

namespace hetsched::ui {

namespace {

// Combo data of the shelf view's colourings, apart from the GanttColorMode values.
constexpr int kShelfColoringBase = 100;
// Combo data of the steady-state view's colourings of its periodic schedule.
constexpr int kSteadyColoringBase = 200;

}  // namespace

namespace {

// The heading: one line that takes the width it is given and elides the rest ("Schedule — exact, time
// limit, gap …"), the whole text as its tooltip; a long status never widens the window (issue 25).
class HeadingLabel : public QLabel {
public:
    using QLabel::QLabel;
    QSize minimumSizeHint() const override { return {0, QLabel::minimumSizeHint().height()}; }
    QSize sizeHint() const override {
        const QSize hint = QLabel::sizeHint();
        return {std::min(hint.width(), 40 * fontMetrics().averageCharWidth()), hint.height()};
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter painter(this);
        const QRect area = contentsRect();
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(area, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine,
                         fontMetrics().elidedText(text(), Qt::ElideRight, area.width()));
    }
};

// "1,130 times shorter", "2.5 times longer", or "" when the two are within a few per cent.
QString ratioText(double computed, double recorded) {
    if (computed <= 0 || recorded <= 0) return {};
    const double ratio = computed > recorded ? computed / recorded : recorded / computed;
    if (ratio < 1.05) return QObject::tr("about the same");
    const QString times = ratio >= 100 ? QLocale().toString(ratio, 'f', 0) : QLocale().toString(ratio, 'f', 1);
    return computed < recorded ? QObject::tr("%1 times shorter").arg(times) : QObject::tr("%1 times longer").arg(times);
}

}  // namespace

ResultPane::ResultPane(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("resultPane"));
    m_heading = new HeadingLabel(tr("Schedule"), this);
    QFont headingFont = m_heading->font();
    headingFont.setBold(true);
    m_heading->setFont(headingFont);
    m_staleNote = new QLabel(tr("computed on an earlier version of the instance"), this);
    m_staleNote->setObjectName(QStringLiteral("staleNote"));
    m_staleNote->setStyleSheet(
        QStringLiteral("color:#8a5a00; background:#fff6dd; border-radius:3px; padding:1px 6px;"));
    m_staleNote->hide();
    // An imported workflow's record beside the computed makespan (issue 25): a schedule that takes 8 ms of a
    // workflow that ran 354 s is said, with how far apart they are.
    m_recordedNote = new ElidedLabel(this);
    m_recordedNote->setObjectName(QStringLiteral("recordedMakespanNote"));
    m_recordedNote->setStyleSheet(QStringLiteral("color:#444;"));
    m_recordedNote->hide();
    m_rerunButton = new QToolButton(this);
    m_rerunButton->setObjectName(QStringLiteral("rerunButton"));
    m_rerunButton->setText(tr("Re-run"));
    m_rerunButton->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    m_rerunButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_rerunButton->setToolTip(tr("Solve the instance as it is now with the same solver and options"));
    m_rerunButton->hide();
    connect(m_rerunButton, &QToolButton::clicked, this, &ResultPane::rerunRequested);

    m_colorMode = new QComboBox(this);
    m_colorMode->setObjectName(QStringLiteral("colorModeComboBox"));
    m_colorMode->setToolTip(tr("What the bar colours mean"));
    // As wide as the longest colouring of the view shown (the steady-state view's are longer than the Gantt's).
    m_colorMode->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_colorMode->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);   // whole beside an outdated run's note: the heading elides
    m_fitButton = new QToolButton(this);
    m_fitButton->setText(tr("Fit"));
    m_fitButton->setToolTip(
        tr("Show the whole schedule (or double-click the chart).\n%1 · drag: pan")
            .arg(GanttPlotBase::wheelHint(tr("lanes"))));

    // Beside the heading, in the width the header's controls leave (elided, the whole text as tooltip): the
    // empty pane is its header alone.
    m_emptyNote = new ElidedLabel(this);
    m_emptyNote->setObjectName(QStringLiteral("emptyResultNote"));
    m_emptyNote->setContentsMargins(12, 0, 0, 0);
    m_emptyNote->setStyleSheet(QStringLiteral("color:#777;"));
    m_emptyNote->hide();

    auto* header = new QHBoxLayout;
    header->addWidget(m_heading);
    header->addWidget(m_emptyNote, 1);
    header->addWidget(m_staleNote);
    header->addWidget(m_rerunButton);
    header->addStretch(1);
    header->addWidget(m_colorMode);
    header->addWidget(m_fitButton);
    m_maximiseButton = new QToolButton(this);
    m_maximiseButton->setObjectName(QStringLiteral("maximiseResultsButton"));
    m_maximiseButton->setVisible(false);
    header->addWidget(m_maximiseButton);

    m_chartLayout = new QVBoxLayout;
    m_chartLayout->setContentsMargins(0, 0, 0, 0);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 6);
    layout->addLayout(header);
    layout->addWidget(m_recordedNote);
    layout->addLayout(m_chartLayout, 1);

    connect(m_colorMode, &QComboBox::currentIndexChanged, this, [this] {
        const int data = m_colorMode->currentData().toInt();
        if (auto* steady = dynamic_cast<SteadyPatternsView*>(m_chart); steady && data >= kSteadyColoringBase)
            steady->setColoring(static_cast<SteadyColoring>(data - kSteadyColoringBase));
        else if (auto* shelves = dynamic_cast<ShelfView*>(m_chart); shelves && data >= kShelfColoringBase)
            shelves->setShelfColoring(static_cast<ShelfColoring>(data - kShelfColoringBase));
        else if (isComparing())
            for (int run = 0; run < m_comparison->ganttCount(); ++run)
                m_comparison->gantt(run)->setColorMode(static_cast<GanttColorMode>(data));
        else if (GanttView* gantt = ganttView())
            gantt->setColorMode(static_cast<GanttColorMode>(data));
    });
    connect(m_fitButton, &QToolButton::clicked, this, [this] {
        ResultChart* shown = chart();
        if (!shown) return;
        shown->fitView();
        if (shown->plot()) shown->plot()->replot();
    });
    ensureChart(ChartType::Gantt);
}

QString ResultPane::recordedMakespanNote() const {
    return m_recordedNote->isHidden() ? QString() : m_recordedNote->text();
}

QString ResultPane::heading() const {
    return m_heading->text();
}

ResultChart* ResultPane::chart() const {
    if (isComparing()) return m_comparison;
    return m_chart;
}

bool ResultPane::isComparing() const {
    return m_comparison && !m_comparison->isHidden();
}

bool ResultPane::isShowingStaleRun() const {
    return !m_staleNote->isHidden();
}

GanttView* ResultPane::ganttView() const {
    return dynamic_cast<GanttView*>(m_chart);
}

void ResultPane::ensureChart(ChartType type) {
    if (m_chartType == type) return;
    if (m_chart) delete m_chart->widget();
    m_chart = createResultChart(type, this);
    m_chartType = type;
    m_chartLayout->addWidget(m_chart->widget());
    connect(m_chart->widget(), SIGNAL(exportRequested()), this, SIGNAL(exportRequested()));
    GanttView* gantt = ganttView();
    auto* shelves = dynamic_cast<ShelfView*>(m_chart);
    auto* steady = dynamic_cast<SteadyPatternsView*>(m_chart);
    m_colorMode->setVisible(gantt != nullptr || steady != nullptr);
    if (steady) {
        // The periodic schedule below the graph: coloured by pattern (as the strip), allocation or operation.
        const QSignalBlocker block(m_colorMode);
        m_colorMode->clear();
        m_colorMode->addItem(tr("Colour by pattern"), kSteadyColoringBase + static_cast<int>(SteadyColoring::ByPattern));
        m_colorMode->addItem(tr("Colour by allocation"), kSteadyColoringBase + static_cast<int>(SteadyColoring::ByAllocation));
        m_colorMode->addItem(tr("Colour by operation"), kSteadyColoringBase + static_cast<int>(SteadyColoring::ByOperation));
        m_colorMode->setCurrentIndex(m_colorMode->findData(kSteadyColoringBase + static_cast<int>(steady->coloring())));
        connect(steady, &SteadyPatternsView::coloringChanged, this, [this](SteadyColoring coloring) {
            const QSignalBlocker block(m_colorMode);
            m_colorMode->setCurrentIndex(m_colorMode->findData(kSteadyColoringBase + static_cast<int>(coloring)));
        });
        return;
    }
    {
        // The shelf view offers its own colourings first; every Gantt offers kinds, groups and lanes.
        const QSignalBlocker block(m_colorMode);
        const QVariant previous = m_colorMode->currentData();
        m_colorMode->clear();
        if (shelves) {
            m_colorMode->addItem(tr("Colour by shelf"), kShelfColoringBase + static_cast<int>(ShelfColoring::ByShelf));
            m_colorMode->addItem(tr("Colour by acceleration"),
                                 kShelfColoringBase + static_cast<int>(ShelfColoring::ByAcceleration));
        }
        m_colorMode->addItem(tr("Colour by kind"), static_cast<int>(GanttColorMode::ByKind));
        m_colorMode->addItem(tr("Colour by group"), static_cast<int>(GanttColorMode::ByGroup));
        m_colorMode->addItem(tr("Colour by lane"), static_cast<int>(GanttColorMode::ByLane));
        const int kept = shelves ? 0 : std::max(0, m_colorMode->findData(previous));
        m_colorMode->setCurrentIndex(kept);
    }
    if (gantt && !shelves) gantt->setColorMode(static_cast<GanttColorMode>(m_colorMode->currentData().toInt()));
    if (gantt) {
        connect(gantt, &GanttView::colorModeChanged, this, [this](GanttColorMode mode) {
            if (mode == GanttColorMode::Custom) return;  // the shelf view says which colouring it uses
            const QSignalBlocker block(m_colorMode);
            m_colorMode->setCurrentIndex(m_colorMode->findData(static_cast<int>(mode)));
        });
    }
    if (shelves)
        connect(shelves, &ShelfView::shelfColoringChanged, this, [this](ShelfColoring coloring) {
            const QSignalBlocker block(m_colorMode);
            m_colorMode->setCurrentIndex(m_colorMode->findData(kShelfColoringBase + static_cast<int>(coloring)));
        });
}

void ResultPane::showSingleChart() {
    if (m_comparison) m_comparison->hide();
    m_chart->widget()->show();
}

void ResultPane::setEmpty(bool empty) {
    // Empty, the chart steps aside for its message (its least height, hundreds of pixels, would be taken from
    // the editor for nothing); it keeps the message, and its controls stay in the header.
    m_emptyNote->setVisible(empty);
    if (empty) m_chart->widget()->hide();
    m_chartLayout->invalidate();   // the least size measured again without the chart
    layout()->invalidate();
    if (empty == m_empty) return;
    m_empty = empty;
    emit emptyChanged(empty);
}

void ResultPane::keepShownZoom() {
    const std::shared_ptr<const SolveResult> shown = m_shownResult.lock();
    m_shownResult.reset();
    std::erase_if(m_keptZooms, [&](const KeptZoom& kept) {
        const std::shared_ptr<const SolveResult> result = kept.result.lock();
        return !result || result == shown;
    });
    QCustomPlot* plot = m_chart && !isComparing() ? m_chart->plot() : nullptr;
    if (shown && plot) m_keptZooms.push_back({shown, plot->xAxis->range(), plot->yAxis->range()});
}

void ResultPane::restoreZoom(const std::shared_ptr<const SolveResult>& result) {
    m_shownResult = result;
    QCustomPlot* plot = m_chart ? m_chart->plot() : nullptr;
    if (!result || !plot) return;
    for (const KeptZoom& kept : m_keptZooms) {
        if (kept.result.lock() != result) continue;
        plot->xAxis->setRange(kept.time);
        plot->yAxis->setRange(kept.lanes);
        plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
}

void ResultPane::showComparison(const Instance& instance, std::vector<ComparedRun> runs) {
    keepShownZoom();
    if (!m_comparison) {
        m_comparison = new ScheduleComparisonView(this);
        m_chartLayout->addWidget(m_comparison);
        connect(m_comparison, &ScheduleComparisonView::exportRequested, this, &ResultPane::exportRequested);
    }
    m_heading->setText(tr("Comparison of %n runs", nullptr, static_cast<int>(runs.size())));
    m_staleNote->hide();
    m_recordedNote->hide();
    m_rerunButton->hide();
    m_chart->widget()->hide();
    m_comparison->show();
    setEmpty(false);
    m_comparison->showRuns(instance, std::move(runs));
    // The comparison's Gantts colour by kind, group or lane, as the single Gantt does.
    const QSignalBlocker block(m_colorMode);
    m_colorMode->clear();
    m_colorMode->addItem(tr("Colour by kind"), static_cast<int>(GanttColorMode::ByKind));
    m_colorMode->addItem(tr("Colour by group"), static_cast<int>(GanttColorMode::ByGroup));
    m_colorMode->addItem(tr("Colour by lane"), static_cast<int>(GanttColorMode::ByLane));
    m_colorMode->setVisible(true);
    m_chartType.reset();  // the single chart's controls are set up again when it is shown
}

void ResultPane::showRun(const Instance& instance, const RunRecord& run, bool current) {
    keepShownZoom();
    ensureChart(chartTypeFor(instance));
    showSingleChart();
    setEmpty(false);
    m_heading->setText(tr("Schedule — %1, %2").arg(run.solver(), run.statusText()));
    m_heading->setToolTip(m_heading->text());
    setShownRunCurrent(current);
    const auto* dag = std::get_if<DagInstance>(&instance);
    const std::optional<double> makespan = run.objective();
    if (dag && m_recordedMakespan && makespan && !dag->tasks.empty()) {
        const QString note = tr("The workflow's file records a makespan of %1 for its own run; this schedule takes %2 (%3)")
                                 .arg(quantityText(*m_recordedMakespan, u"s"), quantityText(*makespan, u"s"),
                                      ratioText(*makespan, *m_recordedMakespan));
        m_recordedNote->setText(note);
        // The whole comparison on hover: the bounds of the best schedule on this platform.
        const RecordedMakespanCheck check = checkRecordedMakespan(*dag, *m_recordedMakespan);
        QString bounds = QString::fromStdString(check.text).section(QStringLiteral("; "), 1, -1);
        if (!bounds.isEmpty()) bounds[0] = bounds[0].toUpper();
        m_recordedNote->setToolTip(QStringLiteral("<p>%1.</p><p>%2.</p>").arg(note.toHtmlEscaped(), bounds.toHtmlEscaped()));
        m_recordedNote->show();
    } else {
        m_recordedNote->hide();
    }
    if (run.result) {
        m_chart->showResult(instance, run.result);
        restoreZoom(run.result);
    } else
        m_chart->showMessage(tr("This run cannot be drawn: %1").arg(run.restoreError));
}

void ResultPane::setShownRunCurrent(bool current) {
    m_staleNote->setVisible(!current);
    m_rerunButton->setVisible(!current);
}

void ResultPane::showNothing(const Instance* instance, const QString& message) {
    keepShownZoom();
    if (instance) ensureChart(chartTypeFor(*instance));
    showSingleChart();
    m_heading->setText(tr("Schedule"));
    m_staleNote->hide();
    m_recordedNote->hide();
    m_rerunButton->hide();
    m_chart->showMessage(message);
    m_emptyNote->setText(message);
    setEmpty(true);
}

void ResultPane::setMaximiseAction(QAction* action) {
    m_maximiseButton->setDefaultAction(action);
    m_maximiseButton->setVisible(true);
}

}  // namespace hetsched::ui
