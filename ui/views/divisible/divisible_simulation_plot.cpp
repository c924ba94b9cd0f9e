#include "views/divisible/divisible_simulation_plot.h"

#include <QMenu>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "util/number_text.h"
#include "views/common/chart_export.h"
#include "views/common/chart_palette.h"
#include "views/divisible/divisible_series.h"
#include "views/common/plot_legend.h"
#include "views/common/plot_message.h"

namespace hetsched::ui {

namespace {

struct ZSeries {
    double z = 0;
    std::vector<const DivisibleSimulationRow*> rows;  // by increasing ratio
};

// The rows grouped by z, in the order the z first appear, each sorted by ratio.
std::vector<ZSeries> byZ(const std::vector<DivisibleSimulationRow>& rows) {
    std::vector<ZSeries> series;
    for (const DivisibleSimulationRow& row : rows) {
        auto it = std::find_if(series.begin(), series.end(), [&](const ZSeries& s) { return s.z == row.z; });
        if (it == series.end()) it = series.insert(series.end(), ZSeries{row.z, {}});
        it->rows.push_back(&row);
    }
    for (ZSeries& s : series)
        std::sort(s.rows.begin(), s.rows.end(),
                  [](const DivisibleSimulationRow* a, const DivisibleSimulationRow* b) {
                      return a->ratio < b->ratio;
                  });
    return series;
}

QPen strategyPen(DivisibleStrategy s) {
    QPen pen(divisibleStrategyColor(s), s == DivisibleStrategy::FifoOptimal ? 1.4 : 2.0);
    // Dashed on top of solid: with z = 1 the two FIFO heuristics coincide and both stay visible.
    if (s == DivisibleStrategy::FifoOptimal || s == DivisibleStrategy::FifoByW) pen.setStyle(Qt::DashLine);
    if (s == DivisibleStrategy::FifoByC) pen.setWidthF(3.0);
    return pen;
}

QCPScatterStyle::ScatterShape shapeOf(DivisibleStrategy s) {
    switch (s) {
        case DivisibleStrategy::LifoOptimal:
            return QCPScatterStyle::ssDisc;
        case DivisibleStrategy::FifoByC:
            return QCPScatterStyle::ssSquare;
        case DivisibleStrategy::FifoByW:
            return QCPScatterStyle::ssTriangle;
        default:
            return QCPScatterStyle::ssNone;
    }
}

// A bar of one standard deviation either side of each point of `graph` (the rows it was drawn from, in order).
void addDeviationBars(QCPGraph* graph, const std::vector<const DivisibleSimulationRow*>& rows,
                      double DivisibleSimulationRow::*sd, const QColor& color) {
    QVector<double> deviations;
    for (const DivisibleSimulationRow* row : rows) deviations << row->*sd;
    auto* bars = new QCPErrorBars(graph->keyAxis(), graph->valueAxis());
    bars->setName(graph->name() + QStringLiteral(" ± sd"));
    bars->removeFromLegend();
    bars->setDataPlottable(graph);
    bars->setData(deviations);
    bars->setPen(QPen(color, 1));
    bars->setWhiskerWidth(4);
}

}  // namespace

DivisibleSimulationPlot::DivisibleSimulationPlot(Kind kind, QWidget* parent)
    : QCustomPlot(parent), m_kind(kind) {
    setObjectName(kind == Kind::RelativeThroughput ? QStringLiteral("simulationThroughputPlot")
                                                   : QStringLiteral("simulationWorkersPlot"));
    setMinimumSize(360, 220);
    QFont titleFont = font();
    titleFont.setBold(true);
    m_title = new QCPTextElement(this, QString(), titleFont);
    m_title->setMargins(QMargins(0, 4, 0, 0));
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, m_title);
    plotLayout()->setRowStretchFactor(0, 0.001);

    // Row 1 holds the panels side by side, each with its title above its axis rect.
    QCPAxisRect* first = axisRect();
    plotLayout()->take(first);
    m_panelGrid = new QCPLayoutGrid;
    plotLayout()->addElement(1, 0, m_panelGrid);
    m_marginGroup = new QCPMarginGroup(this);
    m_panels.push_back({first, new QCPTextElement(this, QString(), font())});
    m_panelGrid->addElement(0, 0, m_panels.front().title);
    m_panelGrid->addElement(1, 0, first);
    m_panelGrid->setRowStretchFactor(0, 0.001);
    setupAxes(first);

    QFont legendFont = font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.92);
    legend->setFont(legendFont);
    legend->setBrush(Qt::NoBrush);
    legend->setBorderPen(Qt::NoPen);
    legend->setIconSize(20, 8);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setWrap(4);
    legend->setMargins(QMargins(4, 0, 4, 4));
    first->insetLayout()->take(legend);
    first->insetLayout()->simplify();
    placeLegend(true);

    m_message = addCentredMessage(this, first);
    m_message->setClipToAxisRect(false);

    connect(this, &QCustomPlot::mouseDoubleClick, this, [this] {
        fitView();
        replot();
    });
    setContextMenuPolicy(Qt::CustomContextMenu);
    connect(this, &QWidget::customContextMenuRequested, this, &DivisibleSimulationPlot::showContextMenu);
    showMessage(tr("Run the simulation to see its results"));
}

DivisibleSimulationPlot::~DivisibleSimulationPlot() {
    // The plot deletes the legend with its layout, so it must be in the layout then.
    placeLegend(true);
}

void DivisibleSimulationPlot::placeLegend(bool shown) {
    placeLegendBelow(*this, shown);
}

void DivisibleSimulationPlot::setupAxes(QCPAxisRect* rect) {
    rect->setMarginGroup(QCP::msTop | QCP::msBottom, m_marginGroup);
    rect->axis(QCPAxis::atTop)->setVisible(false);
    rect->axis(QCPAxis::atRight)->setVisible(false);
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    x->setScaleType(QCPAxis::stLogarithmic);
    auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
    ticker->setLogBase(10);
    ticker->setSubTickCount(8);
    x->setTicker(ticker);
    x->setNumberFormat(QStringLiteral("g"));
    x->setNumberPrecision(4);
    x->setLabel(tr("ratio w/c"));
    x->grid()->setSubGridVisible(true);
    x->grid()->setPen(QPen(QColor(200, 200, 200), 1, Qt::DotLine));
    x->grid()->setSubGridPen(QPen(QColor(232, 232, 232), 1, Qt::DotLine));
    y->grid()->setPen(QPen(QColor(215, 215, 215), 1, Qt::DotLine));
    y->setLabel(m_kind == Kind::RelativeThroughput ? tr("throughput ratio")
                                                   : tr("workers used"));
    // A column's short axis: the plot's title says relative to what.
    y->setProperty(kFigureShortLabel, m_kind == Kind::RelativeThroughput ? tr("relative") : tr("workers"));
}

void DivisibleSimulationPlot::setPanelCount(int count) {
    count = std::max(1, count);
    // Graphs and their deviation bars refer to the axes of the panels: they go first.
    clearPlottables();
    while (static_cast<int>(m_panels.size()) > count) {
        Panel panel = m_panels.back();
        m_panels.pop_back();
        m_panelGrid->remove(panel.title);
        m_panelGrid->remove(panel.rect);
    }
    while (static_cast<int>(m_panels.size()) < count) {
        auto* rect = new QCPAxisRect(this, true);
        auto* title = new QCPTextElement(this, QString(), font());
        const int column = static_cast<int>(m_panels.size());
        m_panelGrid->addElement(0, column, title);
        m_panelGrid->addElement(1, column, rect);
        setupAxes(rect);
        // Only the first panel says what the vertical axis is.
        rect->axis(QCPAxis::atLeft)->setLabel(QString());
        m_panels.push_back({rect, title});
    }
    m_panelGrid->simplify();
}

void DivisibleSimulationPlot::setRows(const std::vector<DivisibleSimulationRow>& rows, int workers) {
    const std::vector<ZSeries> series = byZ(rows);
    m_hasData = !series.empty();
    if (!m_hasData) {
        showMessage(tr("No results"));
        return;
    }
    const int platforms = rows.front().platforms;
    if (m_kind == Kind::RelativeThroughput) {
        setPanelCount(static_cast<int>(series.size()));
        m_title->setText(tr("Throughput relative to optimal FIFO, %1 workers: mean ± sd over %2")
                             .arg(workers)
                             .arg(countOf(platforms, tr("platform"), tr("platforms"))));
        for (std::size_t k = 0; k < series.size(); ++k) {
            const Panel& panel = m_panels[k];
            panel.title->setText(tr("z = %1 (d_i = z c_i)").arg(formatRounded(series[k].z, 4)));
            QCPAxis* x = panel.rect->axis(QCPAxis::atBottom);
            QCPAxis* y = panel.rect->axis(QCPAxis::atLeft);
            const auto addSeries = [&](DivisibleStrategy strategy, double DivisibleSimulationRow::*field,
                                       double DivisibleSimulationRow::*sd) {
                QCPGraph* graph = addGraph(x, y);
                graph->setName(divisibleStrategyName(strategy));
                graph->setPen(strategyPen(strategy));
                graph->setScatterStyle(
                    QCPScatterStyle(shapeOf(strategy), divisibleStrategyColor(strategy), 6));
                for (const DivisibleSimulationRow* row : series[k].rows)
                    graph->addData(row->ratio, row->*field);
                if (k > 0) graph->removeFromLegend();
                addDeviationBars(graph, series[k].rows, sd, divisibleStrategyColor(strategy));
            };
            // The reference: fifo-optimal divided by itself.
            QCPGraph* reference = addGraph(x, y);
            reference->setName(tr("fifo-optimal (= 1)"));
            reference->setPen(strategyPen(DivisibleStrategy::FifoOptimal));
            reference->addData(series[k].rows.front()->ratio, 1.0);
            reference->addData(series[k].rows.back()->ratio, 1.0);
            if (k > 0) reference->removeFromLegend();
            addSeries(DivisibleStrategy::LifoOptimal, &DivisibleSimulationRow::lifoOptimal, &DivisibleSimulationRow::lifoOptimalSd);
            addSeries(DivisibleStrategy::FifoByC, &DivisibleSimulationRow::fifoByC, &DivisibleSimulationRow::fifoByCSd);
            addSeries(DivisibleStrategy::FifoByW, &DivisibleSimulationRow::fifoByW, &DivisibleSimulationRow::fifoByWSd);
        }
    } else {
        setPanelCount(1);
        m_title->setText(tr("Workers used by optimal FIFO, %1 workers: mean ± sd over %2")
                             .arg(workers)
                             .arg(countOf(platforms, tr("platform"), tr("platforms"))));
        m_panels.front().title->setText(QString());
        for (std::size_t k = 0; k < series.size(); ++k) {
            QCPGraph* graph = addGraph(xAxis, yAxis);
            const QColor color = categoricalColor(static_cast<int>(k));
            graph->setName(tr("z = %1").arg(formatRounded(series[k].z, 4)));
            graph->setPen(QPen(color, 2.0));
            graph->setScatterStyle(
                QCPScatterStyle(k % 2 ? QCPScatterStyle::ssSquare : QCPScatterStyle::ssDisc, color, 6));
            for (const DivisibleSimulationRow* row : series[k].rows)
                graph->addData(row->ratio, row->fifoOptimalWorkers);
            addDeviationBars(graph, series[k].rows, &DivisibleSimulationRow::fifoOptimalWorkersSd, color);
        }
    }
    m_panels.front().title->setVisible(m_kind == Kind::RelativeThroughput);
    m_message->setVisible(false);
    placeLegend(true);
    fitView();
    replot();
}

void DivisibleSimulationPlot::showMessage(const QString& message) {
    setPanelCount(1);
    m_hasData = false;
    m_title->setText(m_kind == Kind::RelativeThroughput
                         ? tr("Throughput relative to the optimal FIFO schedule")
                         : tr("Workers used by the optimal FIFO schedule"));
    m_panels.front().title->setText(QString());
    m_panels.front().title->setVisible(false);
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
    placeLegend(false);
    fitView();
    replot();
}

void DivisibleSimulationPlot::fitView() {
    // One vertical range for every panel, so that the panels compare at a glance.
    double lowRatio = std::numeric_limits<double>::infinity();
    double highRatio = 0;
    double lowValue = std::numeric_limits<double>::infinity();
    double highValue = 0;
    for (int g = 0; g < graphCount(); ++g) {
        for (auto it = graph(g)->data()->constBegin(); it != graph(g)->data()->constEnd(); ++it) {
            lowRatio = std::min(lowRatio, it->key);
            highRatio = std::max(highRatio, it->key);
            lowValue = std::min(lowValue, it->value);
            highValue = std::max(highValue, it->value);
        }
    }
    // The deviation bars stay inside the range too.
    for (int p = 0; p < plottableCount(); ++p)
        if (auto* bars = qobject_cast<QCPErrorBars*>(plottable(p))) {
            bool found = false;
            const QCPRange range = static_cast<const QCPAbstractPlottable*>(bars)->getValueRange(found);
            if (!found) continue;
            lowValue = std::min(lowValue, range.lower);
            highValue = std::max(highValue, range.upper);
        }
    if (!(highRatio > 0)) {
        lowRatio = 0.1;
        highRatio = 100;
        lowValue = 0;
        highValue = 1;
    }
    if (lowRatio >= highRatio) {
        lowRatio /= 2;
        highRatio *= 2;
    }
    QCPRange values;
    if (m_kind == Kind::RelativeThroughput) {
        const double span = std::max(highValue - lowValue, 0.02);
        values = QCPRange(std::max(0.0, lowValue - 0.08 * span), std::max(1.0, highValue) + 0.08 * span);
    } else {
        values = QCPRange(0, std::max(1.0, highValue * 1.08));
    }
    for (const Panel& panel : m_panels) {
        panel.rect->axis(QCPAxis::atBottom)->setRange(lowRatio / 1.25, highRatio * 1.25);
        panel.rect->axis(QCPAxis::atLeft)->setRange(values);
    }
}

void DivisibleSimulationPlot::showContextMenu(const QPoint& position) {
    QMenu menu(this);
    menu.addAction(tr("Fit view"), this, [this] {
        fitView();
        replot();
    });
    menu.addAction(tr("Export chart…"), this, &DivisibleSimulationPlot::exportRequested);
    menu.exec(mapToGlobal(position));
}

}  // namespace hetsched::ui
