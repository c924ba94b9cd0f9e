#include "views/partition/cost_function_plot.h"

#include <QMenu>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <limits>

#include "util/number_text.h"
#include "views/common/chart_palette.h"
#include "views/common/plot_legend.h"

namespace hetsched::ui {

namespace {

constexpr std::int64_t kMaxSamples = 4000;  // beyond this a curve is drawn from a summary of its shape
constexpr int kMaxLegendCurves = 16;
constexpr double kHoverPixels = 10.0;

void addPoint(QVector<QCPGraphData>& data, const PartitionResource& r, std::int64_t x) {
    data.append(QCPGraphData(static_cast<double>(x), r.costOf(x)));
}

// The curve of C_i over the admissible counts x <= T. Affine and measured-point costs are exact from their
// breakpoints; a long table keeps its envelope (min and max per bucket) so spikes stay visible.
QVector<QCPGraphData> sampleCost(const PartitionResource& r, std::int64_t tasks) {
    QVector<QCPGraphData> data;
    const std::int64_t n =
        r.hasAllowedList()
            ? static_cast<std::int64_t>(std::upper_bound(r.allowed.begin(), r.allowed.end(), tasks) -
                                        r.allowed.begin())
            : std::max<std::int64_t>(0, std::min(r.upper, tasks) - r.lower + 1);
    if (n <= 0) return data;
    const std::int64_t first = r.countAt(0);
    const std::int64_t last = r.countAt(n - 1);
    if (n <= kMaxSamples) {
        data.reserve(static_cast<qsizetype>(n));
        for (std::int64_t k = 0; k < n; ++k) addPoint(data, r, r.countAt(k));
        return data;
    }
    if (!r.hasAllowedList() && r.cost.kind == CostFunction::Kind::Affine) {
        addPoint(data, r, first);
        if (first == 0) addPoint(data, r, 1);  // the jump from an unused resource to the fixed cost
        addPoint(data, r, last);
        return data;
    }
    if (!r.hasAllowedList() && r.cost.kind == CostFunction::Kind::Points) {
        addPoint(data, r, first);
        for (const auto& [x, cost] : r.cost.points) {
            const auto count = static_cast<std::int64_t>(std::llround(x));
            if (count > first && count < last) addPoint(data, r, count);
        }
        addPoint(data, r, last);
        return data;
    }
    const std::int64_t buckets = kMaxSamples / 2;
    for (std::int64_t b = 0; b < buckets; ++b) {
        const std::int64_t from = b * n / buckets;
        const std::int64_t to = (b + 1) * n / buckets;
        std::int64_t lowK = from;
        std::int64_t highK = from;
        for (std::int64_t k = from; k < to; ++k) {
            const double c = r.costAt(k);
            if (c < r.costAt(lowK)) lowK = k;
            if (c > r.costAt(highK)) highK = k;
        }
        for (std::int64_t k : {std::min(lowK, highK), std::max(lowK, highK)})
            data.append(QCPGraphData(static_cast<double>(r.countAt(k)), r.costAt(k)));
    }
    return data;
}

}  // namespace

CostFunctionPlot::CostFunctionPlot(QWidget* parent) : QCustomPlot(parent) {
    setObjectName(QStringLiteral("costFunctionPlot"));
    setMinimumSize(260, 200);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    xAxis->setLabel(tr("tasks x"));
    yAxis->setLabel(tr("cost C(x)"));
    xAxis->grid()->setPen(QPen(QColor(215, 215, 215), 1, Qt::DotLine));
    yAxis->grid()->setPen(QPen(QColor(215, 215, 215), 1, Qt::DotLine));

    // The legend is a row under the plot: inside, it would hide the curves near the solution.
    QFont legendFont = font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.9);
    legend->setFont(legendFont);
    legend->setBrush(Qt::NoBrush);
    legend->setBorderPen(Qt::NoPen);
    legend->setIconSize(18, 8);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setWrap(4);
    legend->setMargins(QMargins(4, 0, 4, 4));
    axisRect()->insetLayout()->take(legend);
    axisRect()->insetLayout()->simplify();
    placeLegend(true);

    m_makespanLine = new QCPItemStraightLine(this);
    QPen makespanPen(QColor(0xc0, 0x39, 0x2b), 1.5, Qt::DashLine);
    m_makespanLine->setPen(makespanPen);
    m_makespanLine->setSelectable(false);
    m_makespanLabel = new QCPItemText(this);
    m_makespanLabel->setColor(QColor(0xc0, 0x39, 0x2b));
    m_makespanLabel->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_makespanLabel->position->setTypeY(QCPItemPosition::ptPlotCoords);
    m_makespanLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_makespanLabel->setPadding(QMargins(2, 0, 4, 1));
    m_makespanLabel->setSelectable(false);
    // Above the cost curves (drawn later, on the main layer), on a light ground: read where curves cross it.
    m_makespanLabel->setLayer(QStringLiteral("axes"));
    m_makespanLabel->setBrush(QColor(255, 255, 255, 225));
    clearAssignment();

    setMouseTracking(true);
    connect(this, &QCustomPlot::mouseMove, this, &CostFunctionPlot::onMouseMove);
    connect(this, &QCustomPlot::mouseDoubleClick, this, [this] {
        fitView();
        replot();
    });
    setContextMenuPolicy(Qt::CustomContextMenu);
    connect(this, &QWidget::customContextMenuRequested, this, &CostFunctionPlot::showContextMenu);
}

void CostFunctionPlot::setInstance(const PartitionInstance& instance) {
    m_instance = instance;
    clearGraphs();
    m_curves.clear();
    m_chosen.clear();
    m_chosenCounts.assign(instance.resources.size(), -1);
    const bool withLegend = static_cast<int>(instance.resources.size()) <= kMaxLegendCurves;
    for (std::size_t i = 0; i < instance.resources.size(); ++i) {
        const PartitionResource& r = instance.resources[i];
        const QColor color = categoricalColor(static_cast<int>(i));
        QCPGraph* curve = addGraph();
        curve->setName(QString::fromStdString(r.name));
        curve->setPen(QPen(color, 1.8));
        const QVector<QCPGraphData> data = sampleCost(r, instance.tasks);
        curve->data()->set(data, true);
        if (r.hasAllowedList() && data.size() <= 200)
            curve->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, color, Qt::white, 5));
        else if (data.size() <= 40)
            curve->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, 4));
        if (!withLegend) curve->removeFromLegend();
        m_curves.push_back(curve);

        QCPGraph* chosen = addGraph();
        chosen->setLineStyle(QCPGraph::lsNone);
        chosen->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(color.darker(160), 2), color, 11));
        chosen->removeFromLegend();
        m_chosen.push_back(chosen);
    }
    placeLegend(withLegend && !instance.resources.empty());
    clearAssignment();
    fitView();
}

CostFunctionPlot::~CostFunctionPlot() {
    // The plot deletes the legend with its layout, so it must be in the layout then.
    placeLegend(true);
}

void CostFunctionPlot::placeLegend(bool shown) {
    placeLegendBelow(*this, shown);
}

void CostFunctionPlot::setAssignment(const std::vector<AssignedCount>& assignment,
                                     std::optional<double> makespan) {
    clearAssignment();
    for (std::size_t i = 0; i < m_instance.resources.size(); ++i) {
        const PartitionResource& r = m_instance.resources[i];
        const auto it = std::find_if(assignment.begin(), assignment.end(),
                                     [&](const AssignedCount& a) { return a.resource == r.name; });
        if (it == assignment.end()) continue;
        m_chosen[i]->data()->clear();
        m_chosen[i]->addData(static_cast<double>(it->tasks), it->cost);
        m_chosenCounts[i] = it->tasks;
    }
    if (makespan) {
        m_makespanLine->point1->setCoords(0, *makespan);
        m_makespanLine->point2->setCoords(1, *makespan);
        m_makespanLabel->position->setCoords(1.0, *makespan);
        m_makespanLabel->setText(tr("makespan = %1").arg(formatRounded(*makespan, 7)));
    }
    m_makespanLine->setVisible(makespan.has_value());
    m_makespanLabel->setVisible(makespan.has_value());
    focusOnAssignment(makespan);
}

void CostFunctionPlot::focusOnAssignment(std::optional<double> makespan) {
    // The chosen counts and the makespan sit low on curves drawn up to T: zoom on them (Fit shows all).
    std::int64_t largest = 0;
    for (std::int64_t x : m_chosenCounts) largest = std::max(largest, x);
    if (!makespan || *makespan <= 0 || largest <= 0) return;
    fitView();
    const double fullX = xAxis->range().upper;
    const double fullY = yAxis->range().upper;
    xAxis->setRange(0, std::min(fullX, std::max(1.8 * static_cast<double>(largest), 0.05 * fullX)));
    yAxis->setRange(0, std::min(fullY, 2.0 * *makespan));
}

void CostFunctionPlot::clearAssignment() {
    for (QCPGraph* chosen : m_chosen) chosen->data()->clear();
    std::fill(m_chosenCounts.begin(), m_chosenCounts.end(), -1);
    m_makespanLine->setVisible(false);
    m_makespanLabel->setVisible(false);
}

int CostFunctionPlot::markedCount() const {
    return static_cast<int>(
        std::count_if(m_chosenCounts.begin(), m_chosenCounts.end(), [](std::int64_t x) { return x >= 0; }));
}

void CostFunctionPlot::fitView() {
    double maxX = 1;
    double maxY = 0;
    for (QCPGraph* curve : m_curves) {
        bool found = false;
        const QCPRange keys = curve->getKeyRange(found);
        if (found) maxX = std::max(maxX, keys.upper);
        const QCPRange values = curve->getValueRange(found);
        if (found) maxY = std::max(maxY, values.upper);
    }
    xAxis->setRange(0, maxX * 1.02);
    yAxis->setRange(0, maxY > 0 ? maxY * 1.06 : 1);
}

void CostFunctionPlot::onMouseMove(QMouseEvent* event) {
    if (event->buttons() != Qt::NoButton || m_curves.empty()) return;
    const QPointF pos = event->position();
    const double key = xAxis->pixelToCoord(pos.x());
    int bestCurve = -1;
    double bestDistance = kHoverPixels;
    QCPGraphData bestPoint;
    for (std::size_t i = 0; i < m_curves.size(); ++i) {
        const auto data = m_curves[i]->data();
        if (data->isEmpty()) continue;
        // The nearest sample to the cursor's x, on either side.
        auto it = data->findBegin(key, false);
        for (auto candidate : {it, it == data->constBegin() ? it : it - 1}) {
            if (candidate == data->constEnd()) continue;
            const double dx = xAxis->coordToPixel(candidate->key) - pos.x();
            const double dy = yAxis->coordToPixel(candidate->value) - pos.y();
            const double distance = std::hypot(dx, dy);
            if (distance < bestDistance) {
                bestDistance = distance;
                bestCurve = static_cast<int>(i);
                bestPoint = *candidate;
            }
        }
    }
    if (bestCurve < 0) {
        QToolTip::hideText();
        return;
    }
    const auto index = static_cast<std::size_t>(bestCurve);
    QString text = tr("<b>%1</b><br>C(%2) = %3")
                       .arg(QString::fromStdString(m_instance.resources[index].name).toHtmlEscaped())
                       .arg(formatNumber(bestPoint.key), formatRounded(bestPoint.value, 7));
    if (m_chosenCounts[index] >= 0) text += tr("<br>chosen x = %1").arg(m_chosenCounts[index]);
    QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void CostFunctionPlot::showContextMenu(const QPoint& position) {
    QMenu menu(this);
    menu.addAction(tr("Fit view"), this, [this] {
        fitView();
        replot();
    });
    menu.addAction(tr("Export plot…"), this, &CostFunctionPlot::exportRequested);
    menu.exec(mapToGlobal(position));
}

}  // namespace hetsched::ui
