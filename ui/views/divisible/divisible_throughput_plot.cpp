#include "views/divisible/divisible_throughput_plot.h"

#include <QMenu>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "util/number_text.h"
#include "views/divisible/divisible_series.h"
#include "views/common/plot_legend.h"
#include "views/common/plot_message.h"

namespace hetsched::ui {

namespace {

constexpr int kMaxScatterPoints = 40;
constexpr double kHoverPixels = 10.0;
const QColor kRunColor(0xc0, 0x39, 0x2b);

QString percentOf(double value, double reference) {
    if (!(reference > 0)) return QStringLiteral("—");
    return QStringLiteral("%1%").arg(QLocale::c().toString(100.0 * value / reference, 'f', 1));
}

}  // namespace

DivisibleThroughputPlot::DivisibleThroughputPlot(QWidget* parent) : QCustomPlot(parent) {
    setObjectName(QStringLiteral("divisibleThroughputPlot"));
    setMinimumSize(300, 220);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    xAxis->setLabel(tr("workers used q (the first q in each strategy's order)"));
    yAxis->setLabel(tr("throughput ρ = Σ α_i / T"));
    xAxis->grid()->setPen(QPen(QColor(215, 215, 215), 1, Qt::DotLine));
    yAxis->grid()->setPen(QPen(QColor(215, 215, 215), 1, Qt::DotLine));
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    xAxis->setTicker(ticker);

    QFont titleFont = font();
    titleFont.setBold(true);
    m_title = new QCPTextElement(this, tr("Throughput against the number of workers"), titleFont);
    m_title->setMargins(QMargins(0, 4, 0, 0));
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, m_title);
    plotLayout()->setRowStretchFactor(0, 0.001);

    // The legend is a row under the plot, two entries a row: its texts carry the whole-platform numbers.
    QFont legendFont = font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.9);
    legend->setFont(legendFont);
    legend->setBrush(Qt::NoBrush);
    legend->setBorderPen(Qt::NoPen);
    legend->setIconSize(22, 10);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setWrap(2);
    legend->setMargins(QMargins(4, 0, 4, 4));
    axisRect()->insetLayout()->take(legend);
    axisRect()->insetLayout()->simplify();
    placeLegend(true);

    const DivisibleStrategy strategies[SeriesCount] = {
        DivisibleStrategy::FifoOptimal, DivisibleStrategy::LifoOptimal, DivisibleStrategy::FifoByC,
        DivisibleStrategy::FifoByW};
    for (int s = 0; s < SeriesCount; ++s) {
        QCPGraph* graph = addGraph();
        const QColor color = divisibleStrategyColor(strategies[s]);
        // The reference is a wide light band under the others, which stay visible where they meet it.
        graph->setPen(s == FifoOptimal ? QPen(color.lighter(135), 5.0)
                                       : QPen(color, 1.7, s == FifoByW ? Qt::DashLine : Qt::SolidLine));
        graph->setName(divisibleStrategyName(strategies[s]));
        m_series[s] = graph;
    }

    m_runLine = new QCPItemStraightLine(this);
    m_runLine->setPen(QPen(kRunColor, 1.4, Qt::DashDotLine));
    m_runLine->setSelectable(false);
    m_runLabel = new QCPItemText(this);
    m_runLabel->setColor(kRunColor);
    m_runLabel->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_runLabel->position->setTypeY(QCPItemPosition::ptPlotCoords);
    m_runLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_runLabel->setPadding(QMargins(2, 0, 4, 1));
    m_runLabel->setSelectable(false);

    m_message = addCentredMessage(this);
    setRunThroughput(std::nullopt);

    setMouseTracking(true);
    connect(this, &QCustomPlot::mouseMove, this, &DivisibleThroughputPlot::onMouseMove);
    connect(this, &QCustomPlot::mouseDoubleClick, this, [this] {
        fitView();
        replot();
    });
    setContextMenuPolicy(Qt::CustomContextMenu);
    connect(this, &QWidget::customContextMenuRequested, this, &DivisibleThroughputPlot::showContextMenu);
    showMessage(tr("No platform"));
}

DivisibleThroughputPlot::~DivisibleThroughputPlot() {
    // The plot deletes the legend with its layout, so it must be in the layout then.
    placeLegend(true);
}

void DivisibleThroughputPlot::placeLegend(bool shown) {
    placeLegendBelow(*this, shown);
}

void DivisibleThroughputPlot::setCurve(const WorkerCountCurve& curve) {
    for (QCPGraph* graph : m_series) graph->data()->clear();
    for (const WorkerCountPoint& point : curve.points) {
        const double q = point.workers;
        m_series[FifoOptimal]->addData(q, point.fifoOptimal);
        m_series[LifoOptimal]->addData(q, point.lifoOptimal);
        m_series[FifoByC]->addData(q, point.fifoByC);
        m_series[FifoByW]->addData(q, point.fifoByW);
    }
    const bool scatter = static_cast<int>(curve.points.size()) <= kMaxScatterPoints;
    for (QCPGraph* graph : m_series)
        graph->setScatterStyle(scatter ? QCPScatterStyle(QCPScatterStyle::ssDisc, graph->pen().color(), 5)
                                       : QCPScatterStyle());

    const int p = curve.points.empty() ? 0 : curve.points.back().workers;
    const double reference = curve.fifoOptimal;
    // The whole platform in the legend: the optimal FIFO throughput, and the others relative to it.
    m_series[FifoOptimal]->setName(
        tr("fifo-optimal: ρ = %1, %2 of %3 workers%4")
            .arg(formatRounded(reference, 5))
            .arg(curve.fifoOptimalWorkers)
            .arg(p)
            .arg(curve.fifoOptimalProven ? QString() : tr(" (not proven optimal)")));
    const auto relative = [&](const QString& name, double value) {
        return tr("%1: %2 of optimal FIFO").arg(name, percentOf(value, reference));
    };
    m_series[LifoOptimal]->setName(relative(QStringLiteral("lifo-optimal"), curve.lifoOptimal));
    m_series[FifoByC]->setName(relative(QStringLiteral("fifo-by-c"), curve.fifoByC));
    m_series[FifoByW]->setName(relative(QStringLiteral("fifo-by-w"), curve.fifoByW));
    m_hasCurve = !curve.points.empty();
    m_message->setVisible(!m_hasCurve);
    if (!m_hasCurve) m_message->setText(tr("No points"));
    placeLegend(m_hasCurve);
    updateLegendColumns();
    fitView();
    replot();
}

void DivisibleThroughputPlot::updateLegendColumns() {
    // Two entries a row when they fit side by side, else one: a clipped entry would hide its number.
    int widest = 0;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (const QCPAbstractLegendItem* item = legend->item(i))   // empty cells of the grid are null
            widest = std::max(widest, item->minimumOuterSizeHint().width());
    const int columns =
        2 * widest + legend->margins().left() + legend->margins().right() + 12 <= width() ? 2 : 1;
    if (legend->wrap() == columns) return;
    legend->setWrap(columns);
    legend->setFillOrder(QCPLegend::foColumnsFirst, true);
}

void DivisibleThroughputPlot::resizeEvent(QResizeEvent* event) {
    updateLegendColumns();
    QCustomPlot::resizeEvent(event);
}

void DivisibleThroughputPlot::showMessage(const QString& message) {
    for (QCPGraph* graph : m_series) graph->data()->clear();
    m_hasCurve = false;
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
    placeLegend(false);
    fitView();
    replot();
}

void DivisibleThroughputPlot::setRunThroughput(std::optional<double> throughput, const QString& solver) {
    m_runThroughput = throughput;
    if (throughput) {
        m_runLine->point1->setCoords(0, *throughput);
        m_runLine->point2->setCoords(1, *throughput);
        m_runLabel->position->setCoords(1.0, *throughput);
        m_runLabel->setText(tr("%1 on all workers: ρ = %2").arg(solver, formatRounded(*throughput, 5)));
    }
    m_runLine->setVisible(throughput.has_value());
    m_runLabel->setVisible(throughput.has_value());
}

void DivisibleThroughputPlot::fitView() {
    double maxQ = 1;
    double maxRho = 0;
    for (QCPGraph* graph : m_series) {
        bool found = false;
        const QCPRange keys = graph->getKeyRange(found);
        if (found) maxQ = std::max(maxQ, keys.upper);
        const QCPRange values = graph->getValueRange(found);
        if (found) maxRho = std::max(maxRho, values.upper);
    }
    if (m_runThroughput) maxRho = std::max(maxRho, *m_runThroughput);
    xAxis->setRange(0.5, maxQ + 0.5);
    yAxis->setRange(0, maxRho > 0 ? maxRho * 1.1 : 1);
    // Integer ticks, about eight of them: 1, 2, 5, 10, 20, ... workers apart.
    auto ticker = xAxis->ticker().dynamicCast<QCPAxisTickerFixed>();
    if (ticker) {
        const double wanted = std::max(1.0, maxQ / 8);
        const double magnitude = std::pow(10.0, std::floor(std::log10(wanted)));
        double step = 10 * magnitude;
        for (double mantissa : {1.0, 2.0, 5.0})
            if (mantissa * magnitude >= wanted) {
                step = mantissa * magnitude;
                break;
            }
        ticker->setTickStep(step);
    }
}

void DivisibleThroughputPlot::onMouseMove(QMouseEvent* event) {
    if (event->buttons() != Qt::NoButton || !m_hasCurve) return;
    const QPointF pos = event->position();
    const double key = xAxis->pixelToCoord(pos.x());
    int best = -1;
    double bestDistance = kHoverPixels;
    QCPGraphData bestPoint;
    for (int s = 0; s < SeriesCount; ++s) {
        const auto data = m_series[s]->data();
        auto it = data->findBegin(key, false);
        for (auto candidate : {it, it == data->constBegin() ? it : it - 1}) {
            if (candidate == data->constEnd()) continue;
            const double distance = std::hypot(xAxis->coordToPixel(candidate->key) - pos.x(),
                                               yAxis->coordToPixel(candidate->value) - pos.y());
            if (distance < bestDistance) {
                bestDistance = distance;
                best = s;
                bestPoint = *candidate;
            }
        }
    }
    if (best < 0) {
        QToolTip::hideText();
        return;
    }
    const QString name = m_series[best]->name().section(QLatin1Char(':'), 0, 0);
    QToolTip::showText(
        event->globalPosition().toPoint(),
        tr("<b>%1</b><br>q = %2 workers: ρ = %3")
            .arg(name.toHtmlEscaped(), formatNumber(bestPoint.key), formatRounded(bestPoint.value, 7)),
        this);
}

void DivisibleThroughputPlot::showContextMenu(const QPoint& position) {
    QMenu menu(this);
    menu.addAction(tr("Fit view"), this, [this] {
        fitView();
        replot();
    });
    menu.addAction(tr("Export plot…"), this, &DivisibleThroughputPlot::exportRequested);
    menu.exec(mapToGlobal(position));
}

}  // namespace hetsched::ui
