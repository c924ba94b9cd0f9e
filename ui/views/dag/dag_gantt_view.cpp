#include "views/dag/dag_gantt_view.h"

#include <QElapsedTimer>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "util/number_text.h"
#include "views/common/chart_export.h"
#include "views/common/chart_palette.h"
#include "views/common/swatch_legend_item.h"
#include "views/gantt/time_marker_layer.h"
#include "views/common/plot_message.h"

namespace hetsched::ui {

namespace {

constexpr double kOutlineMinPixels = 4.0;
constexpr double kHatchMinPixels = 4.0;
constexpr double kLabelPadding = 6.0;
constexpr std::size_t kMaxLabelCandidates = 3000;
constexpr std::size_t kMinElidedChars = 3;  // an elided name keeps at least this many characters
constexpr double kConnectorPixels = 4.0;    // the width of the bar joining the runs of a task, at most
constexpr double kConnectorMinTaskPixels = 8.0;
constexpr double kConnectorMinRowPixels = 3.0;  // thinner rows: runs cannot be told apart, no bars
constexpr double kClickSlack = 4.0;
constexpr int kMinZoomBoxPixels = 6;    // a Shift+drag narrower than this leaves that axis alone
constexpr int kAxisLabelPadding = 5;    // QCustomPlot's default between tick labels and axis label
constexpr double kBandColumnGap = 6.0;  // around the cluster names' column
constexpr double kBracketWidth = 4.0;
constexpr double kMaxBandNamePixels = 120.0;
constexpr int kRampSwatchPixels = 60;

QFont bandFont(const QFont& plotFont) {
    QFont font = plotFont;
    font.setBold(true);
    return font;
}

// A bar a quarter of the task's width, between 2 and kConnectorPixels.
double connectorWidth(double taskPixels) {
    return std::clamp(std::floor(taskPixels / 4), 2.0, kConnectorPixels);
}

// The smallest of 1, 2, 5, 10, 20, 50, ... that is at least `rows`.
int readableStep(double rows) {
    if (rows <= 1.0) return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(rows)));
    for (double mantissa : {1.0, 2.0, 5.0, 10.0})
        if (mantissa * magnitude >= rows) return static_cast<int>(std::lround(mantissa * magnitude));
    return static_cast<int>(std::lround(10.0 * magnitude));
}

}  // namespace

// ---------------------------------------------------------------------------------------------------
DagGanttPlottable::DagGanttPlottable(QCPAxis* timeAxis, QCPAxis* rowAxis) : GanttPlottableBase(timeAxis, rowAxis) {}

void DagGanttPlottable::setData(std::shared_ptr<const DagViewData> data) {
    m_data = std::move(data);
    rebuildIndex();
}

void DagGanttPlottable::setColors(const DagColors& colors) {
    m_palette = colors.palette;
    m_taskColor = colors.taskColor;
    if (colors.critical.isValid()) m_critical = colors.critical;
}

void DagGanttPlottable::rebuildIndex() {
    m_clusters.clear();
    if (!m_data) return;
    const DagViewData& d = *m_data;
    m_clusters.resize(d.instance.platform.clusters.size());
    for (std::size_t t = 0; t < d.taskCount(); ++t) {
        const DagPlacement& p = d.placements[t];
        const DagTaskTrace& tr = d.trace.tasks[t];
        for (const auto& [first, last] : d.runs[t]) {
            const auto c = static_cast<std::size_t>(d.processors.clusterOf[static_cast<std::size_t>(first)]);
            if (tr.hasWait()) m_clusters[c].pieces.push_back({tr.waitStart, tr.waitEnd, first, last, static_cast<std::uint32_t>(t), true});
            m_clusters[c].pieces.push_back({p.start, p.end, first, last, static_cast<std::uint32_t>(t), false});
        }
    }
    for (ClusterIndex& index : m_clusters) {
        std::stable_sort(index.pieces.begin(), index.pieces.end(),
                         [](const Piece& a, const Piece& b) { return a.start < b.start; });
        index.maxEndSoFar.resize(index.pieces.size());
        double m = -std::numeric_limits<double>::infinity();
        for (std::size_t k = 0; k < index.pieces.size(); ++k) index.maxEndSoFar[k] = m = std::max(m, index.pieces[k].end);
    }
}

std::vector<QRectF> DagGanttPlottable::taskPixelRects(std::size_t task) const {
    std::vector<QRectF> rects;
    if (!m_data || task >= m_data->taskCount()) return rects;
    const DagPlacement& p = m_data->placements[task];
    const GanttGeometry g = geometry();
    for (const auto& [first, last] : m_data->runs[task]) rects.push_back(g.pixelRect(p.start, p.end, first, last));
    return rects;
}

QRectF DagGanttPlottable::connectorRect(double start, double end, int upperRow, int lowerRow) const {
    const GanttGeometry g = geometry();
    const QRectF above = g.pixelRect(start, end, upperRow, upperRow);
    const QRectF below = g.pixelRect(start, end, lowerRow, lowerRow);
    const double top = std::min(above.bottom(), below.bottom());
    const double bottom = std::max(above.top(), below.top());
    return QRectF(above.left(), top, std::min(connectorWidth(above.width()), above.width()), bottom - top);
}

std::vector<QRectF> DagGanttPlottable::taskConnectorRects(std::size_t task) const {
    std::vector<QRectF> bars;
    if (!m_data || task >= m_data->taskCount()) return bars;
    const DagPlacement& p = m_data->placements[task];
    const auto& runs = m_data->runs[task];
    for (std::size_t k = 1; k < runs.size(); ++k)
        bars.push_back(connectorRect(p.start, p.end, runs[k - 1].second, runs[k].first));
    return bars;
}

std::optional<DagGanttHit> DagGanttPlottable::hitTest(const QPointF& pixel) const {
    if (!m_data || !mKeyAxis || !mValueAxis) return std::nullopt;
    const GanttGeometry g = geometry();
    const double time = g.pixelToTime(pixel.x());
    const double slack = g.timeOfPixels(2);
    const int row = g.laneAtPixel(pixel.y());
    if (row < 0 || row >= m_data->processorCount()) return std::nullopt;
    const auto c = static_cast<std::size_t>(m_data->processors.clusterOf[static_cast<std::size_t>(row)]);
    const ClusterIndex& index = m_clusters[c];
    const auto begin = std::lower_bound(index.maxEndSoFar.begin(), index.maxEndSoFar.end(), time - slack);
    // A bar thinner than its least height is drawn that high (see draw): it is hit where it is drawn.
    const auto [bandTop, bandBottom] = g.bandSpan(m_data->processors.offset[c], m_data->processors.offset[c + 1] - 1);
    const double least = std::min(m_minimumBarPixels, std::floor(bandBottom - bandTop));
    const auto drawnHere = [&](const Piece& piece) {
        if (row >= piece.firstRow && row <= piece.lastRow) return true;
        if (piece.wait || least <= 0) return false;
        const QRectF r = g.pixelRect(piece.start, piece.end, piece.firstRow, piece.lastRow);
        if (r.height() >= least) return false;
        double top = std::round(r.top());
        double bottom = std::max(std::round(r.bottom()), std::min(top + least, std::floor(bandBottom)));
        top = std::min(top, bottom - least);
        return pixel.y() >= top && pixel.y() <= bottom;
    };
    std::optional<DagGanttHit> best;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (auto k = static_cast<std::size_t>(begin - index.maxEndSoFar.begin());
         k < index.pieces.size() && index.pieces[k].start <= time + slack; ++k) {
        const Piece& piece = index.pieces[k];
        if (piece.end < time - slack || !drawnHere(piece)) continue;
        // Inside beats near; a task beats its own wait.
        const double distance = (time < piece.start ? piece.start - time : time > piece.end ? time - piece.end : 0.0) +
                                (piece.wait ? slack / 2 : 0.0);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = DagGanttHit{piece.task, piece.wait};
        }
    }
    return best;
}

bool DagGanttPlottable::timeExtent(double& first, double& last) const {
    first = 0;
    last = m_data ? std::max(m_data->makespan, 1e-12) : 0;
    return m_data && m_data->taskCount() > 0;
}

void DagGanttPlottable::drawClusterBands(QCPPainter* painter, double rowLow, double rowHigh) const {
    const QRect area = clipRect();
    const auto& offset = m_data->processors.offset;
    const std::size_t clusters = m_data->instance.platform.clusters.size();
    const GanttGeometry g = geometry();
    QVector<QRectF> shaded;
    QVector<QLineF> borders;
    // A line between two clusters only where both are at least this high (pixels): on g5k.xml's 40 clusters in
    // a plot area under 200 px high the lines, one every 4 px, drew it as a dark grey block; the shading
    // alternates and tells them apart there.
    constexpr double kLeastBandPixelsForBorder = 6;
    double previousHeight = 0;
    for (std::size_t c = 0; c < clusters; ++c) {
        const double low = offset[c] - 0.5;
        const double high = offset[c + 1] - 0.5;
        const auto [y0, y1] = g.bandSpan(offset[c], offset[c + 1] - 1);
        const double height = std::abs(y1 - y0);
        const bool visible = high >= rowLow && low <= rowHigh;
        if (visible && c % 2 == 1) shaded.append(QRectF(area.left(), y0, area.width(), y1 - y0));
        if (visible && c > 0 && std::min(height, previousHeight) >= kLeastBandPixelsForBorder)
            borders.append(QLineF(area.left(), std::round(y0), area.right(), std::round(y0)));
        previousHeight = height;
    }
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(0xee, 0xf0, 0xf4));
    painter->drawRects(shaded);
    painter->setPen(QPen(QColor(0x55, 0x55, 0x55), 1.5));
    painter->drawLines(borders);
}

void DagGanttPlottable::draw(QCPPainter* painter) {
    QElapsedTimer timer;
    timer.start();
    m_stats = {};
    m_labels.clear();
    if (!m_data || !mKeyAxis || !mValueAxis || m_data->taskCount() == 0 || m_palette.empty()) return;
    const DagViewData& d = *m_data;
    const QRect area = clipRect();
    const GanttGeometry g = geometry();
    const QCPRange time = g.visibleTime();
    const QCPRange rows = g.visibleLaneRange();
    drawClusterBands(painter, rows.lower, rows.upper);

    // Sub-pixel rectangles are folded per pixel (PixelFold): the first to land on a pixel paints it.
    m_fold.reset(area);

    const double leftLimit = area.left() - 2.0;
    const double rightLimit = area.right() + 2.0;
    const double topLimit = area.top() - 2.0;
    const double bottomLimit = area.bottom() + 2.0;
    GanttBarBatches batches;
    batches.reset(m_palette.size());
    auto& plain = batches.plain;
    auto& outlined = batches.outlined;
    QVector<QRectF> waitsHatched;
    QVector<QRectF> waitsPlain;
    QVector<QRectF> critical;
    // A task's runs are joined by bars in the gaps between them.
    struct Connector {
        QRectF rect;
        std::uint16_t color;
    };
    std::vector<Connector> connectors;
    // Every run a name might be written on; one per task is kept once all are known.
    struct LabelCandidate {
        QRectF rect;
        std::uint32_t task;
        double middleDistance;  // pixels from the middle of the task's rows: ties go to the central run
    };
    std::vector<LabelCandidate> candidates;
    const QFontMetricsF metrics(mParentPlot->font());
    // A name needs its whole line's height: names of bars stacked one above the other must not touch.
    const double minLabelSide = metrics.height();
    const bool joinRuns = g.lanePixels() >= kConnectorMinRowPixels;

    for (std::size_t c = 0; c < m_clusters.size(); ++c) {
        const double low = d.processors.offset[c] - 0.5;
        const double high = d.processors.offset[c + 1] - 0.5;
        if (high < rows.lower || low > rows.upper) continue;
        const ClusterIndex& index = m_clusters[c];
        const auto begin = std::lower_bound(index.maxEndSoFar.begin(), index.maxEndSoFar.end(), time.lower);
        for (auto k = static_cast<std::size_t>(begin - index.maxEndSoFar.begin());
             k < index.pieces.size() && index.pieces[k].start <= time.upper; ++k) {
            ++m_stats.candidates;
            const Piece& piece = index.pieces[k];
            if (piece.end < time.lower || piece.lastRow + 0.5 < rows.lower || piece.firstRow - 0.5 > rows.upper) continue;
            if (piece.wait && !m_showWaits) continue;
            ++m_stats.visiblePieces;
            QRectF r = g.pixelRect(piece.start, piece.end, piece.firstRow, piece.lastRow);
            const double x0 = std::round(std::max(r.left(), leftLimit));
            const double x1 = std::round(std::min(r.right(), rightLimit));
            const double y0 = std::round(std::max(r.top(), topLimit));
            const double y1 = std::round(std::min(r.bottom(), bottomLimit));
            r = QRectF(x0, y0, x1 - x0, y1 - y0);   // on whole pixels; thinner than one: folded, one pixel
            if (!piece.wait && r.height() < m_minimumBarPixels) {
                // A bar at least its least height (the screen's or a figure's), inside its cluster's band: down,
                // or up at its end.
                const auto [bandTop, bandBottom] = g.bandSpan(d.processors.offset[c], d.processors.offset[c + 1] - 1);
                const double least = std::min(m_minimumBarPixels, std::floor(bandBottom - bandTop));
                r.setBottom(std::max(r.bottom(), std::min(r.top() + least, std::floor(bandBottom))));
                r.setTop(std::min(r.top(), r.bottom() - least));
            }
            if (!m_fold.claim(r)) continue;
            if (piece.wait) {
                (r.width() >= kHatchMinPixels && r.height() >= kHatchMinPixels ? waitsHatched : waitsPlain).append(r);
                continue;
            }
            const std::uint16_t color = m_taskColor[piece.task];
            m_stats.thinnestBar = m_stats.thinnestBar > 0 ? std::min(m_stats.thinnestBar, r.height()) : r.height();
            const bool big = r.width() >= kOutlineMinPixels && r.height() >= kOutlineMinPixels;
            (big ? outlined : plain)[color].append(r);
            if (m_showCritical && d.trace.onCriticalPath[piece.task]) critical.append(r);
            const auto& runs = d.runs[piece.task];
            if (joinRuns && runs.size() > 1 && r.width() >= kConnectorMinTaskPixels) {
                // The bar to the run above, and to the run below when that one is out of view (else it draws
                // it).
                const auto run =
                    static_cast<std::size_t>(std::lower_bound(runs.begin(), runs.end(),
                                                              std::make_pair(piece.firstRow, piece.lastRow)) -
                                             runs.begin());
                const auto join = [&](std::size_t upper) {
                    const double top = std::max(topLimit, std::round(g.laneToPixel(runs[upper].second + 0.5)));
                    const double bottom =
                        std::min(bottomLimit, std::round(g.laneToPixel(runs[upper + 1].first - 0.5)));
                    if (bottom - top >= 1)
                        connectors.push_back(
                            {QRectF(r.left(), top, connectorWidth(r.width()), bottom - top), color});
                };
                if (run > 0 && run < runs.size()) join(run - 1);
                if (run + 1 < runs.size() && runs[run + 1].first - 0.5 > rows.upper) join(run);
            }
            if (big && std::min(r.width(), r.height()) >= minLabelSide &&
                std::max(r.width(), r.height()) >= 2 * kLabelPadding &&
                candidates.size() < kMaxLabelCandidates) {
                const double middle = g.laneToPixel((runs.front().first + runs.back().second) / 2.0);
                candidates.push_back({r, piece.task, std::abs(r.center().y() - middle)});
            }
        }
    }

    painter->setPen(Qt::NoPen);
    if (!waitsPlain.isEmpty()) {
        painter->setBrush(dagRedistributionColor().lighter(130));
        painter->drawRects(waitsPlain);
    }
    if (!waitsHatched.isEmpty()) {
        painter->setBrush(QColor(0xf3, 0xec, 0xe6));
        painter->drawRects(waitsHatched);
        painter->setPen(QPen(dagRedistributionColor(), 1));
        if (!painter->modes().testFlag(QCPPainter::pmVectorized)) {
            painter->setBrush(QBrush(dagRedistributionColor(), Qt::BDiagPattern));
            painter->drawRects(waitsHatched);
        } else {
            // SVG has no pattern brushes (Qt writes them as solid fills): the hatching as lines.
            painter->setBrush(Qt::NoBrush);
            painter->drawRects(waitsHatched);
            QVector<QLineF> hatch;
            for (const QRectF& r : waitsHatched) {
                hatch.clear();
                for (double d = 6; d < r.width() + r.height(); d += 6) {
                    // The segment of the line x + y = left + top + d inside r.
                    const double x0 = std::max(r.left(), r.left() + d - r.height());
                    const double x1 = std::min(r.right(), r.left() + d);
                    hatch.append(QLineF(x0, r.top() + d - (x0 - r.left()), x1, r.top() + d - (x1 - r.left())));
                }
                painter->drawLines(hatch);
            }
        }
    }
    m_stats.drawnRects += static_cast<std::size_t>(waitsPlain.size() + waitsHatched.size());
    // Under the tasks: a bar shows where the processors between two runs are idle, never over another task.
    if (!connectors.empty()) {
        std::sort(connectors.begin(), connectors.end(),
                  [](const Connector& a, const Connector& b) { return a.color < b.color; });
        QVector<QRectF> batch;
        for (std::size_t k = 0; k < connectors.size(); ++k) {
            batch.append(connectors[k].rect);
            if (k + 1 < connectors.size() && connectors[k + 1].color == connectors[k].color) continue;
            const QColor& color = m_palette[connectors[k].color];
            painter->setPen(QPen(color.darker(150), 1));
            painter->setBrush(color);
            painter->drawRects(batch);
            batch.clear();
        }
        m_stats.connectors = connectors.size();
    }
    m_stats.drawnRects += batches.draw(painter, m_palette, 150).first;
    m_stats.mergedPixels = m_fold.folded();
    if (!critical.isEmpty()) {
        // Thin rectangles get a thin outline, so that their own colour still shows.
        QVector<QRectF> small;
        QVector<QRectF> large;
        for (const QRectF& r : critical) (r.width() >= 8 && r.height() >= 8 ? large : small).append(r);
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(m_critical, 2));
        painter->drawRects(large);
        painter->setPen(QPen(m_critical, 1));
        painter->drawRects(small);
    }
    // One name per task: on its tallest visible run (all of a task's runs are as wide), the central one of
    // equals; across it, else upright in a tall narrow run, else its start and an ellipsis.
    std::sort(candidates.begin(), candidates.end(), [](const LabelCandidate& a, const LabelCandidate& b) {
        if (a.task != b.task) return a.task < b.task;
        if (a.rect.height() != b.rect.height()) return a.rect.height() > b.rect.height();
        return a.middleDistance < b.middleDistance;
    });
    for (std::size_t k = 0; k < candidates.size(); ++k) {
        if (k > 0 && candidates[k].task == candidates[k - 1].task) continue;
        const QRectF& r = candidates[k].rect;
        const QString name = d.taskName(candidates[k].task);
        const double width = metrics.horizontalAdvance(name) + kLabelPadding;
        DagGanttLabel label{candidates[k].task, r, name, false};
        const bool across = width <= r.width() && r.height() >= minLabelSide;
        label.upright = !across && width <= r.height() && r.width() >= minLabelSide;
        if (!across && !label.upright) {
            if (r.height() < minLabelSide) continue;
            label.text = metrics.elidedText(name, Qt::ElideRight, r.width() - kLabelPadding);
            if (label.text.size() < static_cast<qsizetype>(kMinElidedChars + 1)) continue;
        }
        m_labels.push_back(std::move(label));
    }
    drawLabels(painter);
    m_stats.labels = m_labels.size();
    m_stats.milliseconds = static_cast<double>(timer.nsecsElapsed()) / 1e6;
}

void DagGanttPlottable::drawLabels(QCPPainter* painter) {
    painter->setFont(mParentPlot->font());
    for (const DagGanttLabel& label : m_labels) {
        painter->setPen(textColorOn(m_palette[m_taskColor[label.task]]));
        if (!label.upright) {
            painter->drawText(label.run, Qt::AlignCenter, label.text);
            continue;
        }
        // Read from the bottom up, as a book's spine.
        painter->save();
        painter->translate(label.run.left(), label.run.bottom());
        painter->rotate(-90);
        painter->drawText(QRectF(0, 0, label.run.height(), label.run.width()), Qt::AlignCenter, label.text);
        painter->restore();
    }
}

// ---------------------------------------------------------------------------------------------------
double DagProcessorTicker::availablePixels() {
    const int viewportHeight = m_axis->parentPlot()->viewport().height();
    const int axisHeight = m_axis->axisRect()->height();
    const int chrome = m_lastViewportHeight > 0 && axisHeight > 0 ? m_lastViewportHeight - axisHeight : 110;
    m_lastViewportHeight = viewportHeight;
    return std::max(20, viewportHeight - chrome);
}

QVector<double> DagProcessorTicker::createTickVector(double tickStep, const QCPRange& range) {
    Q_UNUSED(tickStep)
    m_labels.clear();
    QVector<double> ticks;
    if (!m_data || m_data->processorCount() == 0) return ticks;
    const auto& offset = m_data->processors.offset;
    const std::size_t clusters = m_data->instance.platform.clusters.size();
    const double labelPixels = QFontMetricsF(m_axis->tickLabelFont()).height() * 1.15;
    const double pixelsPerRow = availablePixels() / std::max(1e-9, range.size());
    m_step = readableStep(labelPixels / pixelsPerRow);
    const int first = std::max(0, static_cast<int>(std::ceil(range.lower)));
    const int last = std::min(m_data->processorCount() - 1, static_cast<int>(std::floor(range.upper)));
    // Every band counts from 0 at its top; a band's last labels give way to the next band's 0, and a label
    // too close to the one before it (a band of fewer rows than the step) is left out.
    double lastRow = -std::numeric_limits<double>::infinity();
    for (std::size_t c = 0; c < clusters; ++c) {
        if (offset[c + 1] <= first || offset[c] > last) continue;
        const int from = std::max(0, (first - offset[c] + m_step - 1) / m_step * m_step);
        const bool nextZeroShown = c + 1 < clusters && offset[c + 1] <= last;
        for (int index = from; offset[c] + index < offset[c + 1] && offset[c] + index <= last;
             index += m_step) {
            const int row = offset[c] + index;
            if (nextZeroShown && (offset[c + 1] - row) * pixelsPerRow < labelPixels) break;
            if ((row - lastRow) * pixelsPerRow < labelPixels) continue;
            ticks.append(row);
            m_labels.insert(row, QString::number(index));
            lastRow = row;
        }
    }
    return ticks;
}

QString DagProcessorTicker::getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) {
    Q_UNUSED(locale)
    Q_UNUSED(formatChar)
    Q_UNUSED(precision)
    return m_labels.value(tick);
}

// ---------------------------------------------------------------------------------------------------
// The hovered and the selected task's outlines, on the overlay layer so that hovering redraws only them.
class DagGanttPlot::Overlay : public QCPLayerable {
public:
    Overlay(DagGanttPlot* plot) : QCPLayerable(plot, QStringLiteral("overlay")), m_plot(plot) {}

protected:
    QRect clipRect() const override { return m_plot->axisRect()->rect(); }
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override { painter->setAntialiasing(false); }
    void draw(QCPPainter* painter) override {
        const auto outline = [&](int task, const QPen& pen) {
            if (task < 0) return;
            painter->setPen(pen);
            painter->setBrush(Qt::NoBrush);
            painter->drawPath(m_plot->taskHighlight(static_cast<std::size_t>(task)));
        };
        if (m_plot->m_hovered && static_cast<int>(m_plot->m_hovered->task) != m_plot->m_selected)
            outline(static_cast<int>(m_plot->m_hovered->task), QPen(QColor(0x30, 0x30, 0x30), 1.5));
        outline(m_plot->m_selected, QPen(QColor(0, 0, 0), 3));
        if (m_plot->m_selected >= 0) outline(m_plot->m_selected, QPen(QColor(0xff, 0xd7, 0x00), 1));
    }

private:
    DagGanttPlot* m_plot;
};

// The cluster names in their column between the axis label and the processor indices, each beside a
// bracket spanning the visible part of its band.
class DagGanttPlot::BandLabels : public QCPLayerable {
public:
    BandLabels(DagGanttPlot* plot) : QCPLayerable(plot, QStringLiteral("axes")), m_plot(plot) {}

protected:
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override { painter->setAntialiasing(false); }
    void draw(QCPPainter* painter) override {
        const std::vector<DagBandLabel> labels = m_plot->bandLabels();
        if (labels.empty()) return;
        const double bracket = m_plot->bandColumnLeft() + m_plot->m_bandNameWidth + kBandColumnGap / 2;
        painter->setPen(QPen(QColor(0x60, 0x60, 0x60), 1));
        for (const DagBandLabel& label : labels) {
            const double top = std::round(label.top) + 2;
            const double bottom = std::round(label.bottom) - 2;
            if (bottom - top < 2) continue;
            painter->drawLine(QLineF(bracket, top, bracket, bottom));
            painter->drawLine(QLineF(bracket, top, bracket + kBracketWidth, top));
            painter->drawLine(QLineF(bracket, bottom, bracket + kBracketWidth, bottom));
        }
        painter->setFont(bandFont(m_plot->yAxis->tickLabelFont()));
        painter->setPen(QColor(0x20, 0x20, 0x20));
        for (const DagBandLabel& label : labels)
            if (!label.text.isEmpty())
                painter->drawText(label.rect, Qt::AlignRight | Qt::AlignVCenter, label.text);
    }

private:
    DagGanttPlot* m_plot;
};

DagGanttPlot::DagGanttPlot(QWidget* parent) : GanttPlotBase(parent) {
    setObjectName(QStringLiteral("dagGanttPlot"));
    setMinimumSize(280, 200);
    selectionRect()->setPen(QPen(QColor(0x1f, 0x5f, 0xbf), 1, Qt::DashLine));
    selectionRect()->setBrush(QColor(0x1f, 0x5f, 0xbf, 36));
    xAxis->setLabel(tr("time (s)"));
    m_ticker = QSharedPointer<DagProcessorTicker>::create(yAxis);
    yAxis->setTicker(m_ticker);
    yAxis->setLabel(tr("processor (# in its cluster)"));
    // A figure's Gantt too low for the whole title at 6 pt names the axis only.
    yAxis->setProperty(kFigureShortLabel, tr("processor"));

    m_gantt = new DagGanttPlottable(xAxis, yAxis);
    m_gantt->setName(tr("tasks"));
    m_gantt->removeFromLegend();
    setBars(m_gantt);
    m_overlay = new Overlay(this);
    m_bandLabels = new BandLabels(this);

    m_message = addCentredMessage(this);

    // Under the plot: what the colour encodes, then the legend's entries.
    axisRect()->insetLayout()->take(legend);
    axisRect()->insetLayout()->simplify();
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setWrap(6);
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    legend->setIconSize(14, 12);
    legend->setMargins(QMargins(6, 2, 6, 10));
    legend->setRowSpacing(0);
    m_legendTitle = new QCPTextElement(this, QString(), font());
    m_legendTitle->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap);
    m_legendTitle->setTextColor(QColor(0x30, 0x30, 0x30));
    m_legendTitle->setMargins(QMargins(8, 4, 8, 0));
    m_legendBox = new QCPLayoutGrid;
    m_legendBox->setRowSpacing(0);
    // Right of the chart, the title and the entries sit together at the middle of its height between two
    // stretching spacers, not spread over it.
    m_legendBox->addElement(0, 0, new QCPLayoutElement(this));
    m_legendBox->addElement(1, 0, m_legendTitle);
    m_legendBox->addElement(2, 0, legend);
    m_legendBox->addElement(3, 0, new QCPLayoutElement(this));
    m_legendBox->setRowStretchFactors({1.0, 0.001, 0.001, 1.0});
    placeLegend(false);

    connect(this, &QCustomPlot::mouseMove, this, &DagGanttPlot::onMouseMove);
    connect(this, &QCustomPlot::mousePress, this, &DagGanttPlot::onMousePress);
    connect(this, &QCustomPlot::mouseRelease, this, &DagGanttPlot::onMouseRelease);
}

DagGanttPlot::~DagGanttPlot() {
    // Out of the plot's layout, nothing else deletes the legend's box (and the legend and title in it).
    if (!m_legendBox->layout()) delete m_legendBox;
}

QString DagGanttPlot::interactionHint() {
    return tr("%1 · Shift+drag: zoom to the box (both axes) · drag: pan · double click: fit · click: select a task")
        .arg(wheelHint(tr("processors")));
}

void DagGanttPlot::setLegendPlacement(LegendPlacement placement) {
    if (placement == m_legendPlacement) return;
    m_legendPlacement = placement;
    rebuildLegend();
}

void DagGanttPlot::updateLayout() {
    // Room for the makespan's label and the cluster names at this layout's font (a figure's may differ).
    axisRect()->setMinimumMargins(QMargins(0, markerLayer()->labelAreaHeight(), 0, 0));
    reserveBandColumn();
    // The legend's title broken into lines of the legend's width (beside the plot) or the plot's (below).
    if (m_legendTitle->visible() && !m_legendMeaning.isEmpty()) {
        const QFontMetricsF metrics(m_legendTitle->font());
        double width = viewport().width() - 16;
        if (m_legendPlacement == LegendPlacement::Right) {
            width = 0;
            for (int k = 0; k < legend->itemCount(); ++k)
                if (QCPAbstractLegendItem* item = legend->item(k))
                    width = std::max(width, static_cast<double>(item->minimumOuterSizeHint().width()));
            width = std::max(width, metrics.horizontalAdvance(QStringLiteral("Colour: task level")));
        }
        QStringList lines;
        for (const QString& word : m_legendMeaning.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            if (!lines.isEmpty() && metrics.horizontalAdvance(lines.back() + QLatin1Char(' ') + word) <= width)
                lines.back() += QLatin1Char(' ') + word;
            else
                lines << word;
        }
        const QString wrapped = lines.join(QLatin1Char('\n'));
        if (wrapped != m_legendTitle->text()) m_legendTitle->setText(wrapped);
    }
    // As many legend columns as the width holds, the entries re-flowed into them (one beside the plot).
    if (legend->itemCount() > 0) {
        int widest = 1;
        int items = 0;
        for (int k = 0; k < legend->itemCount(); ++k) {
            if (QCPAbstractLegendItem* item = legend->item(k)) {   // empty cells of the grid are null
                widest = std::max(widest, item->minimumOuterSizeHint().width() + legend->columnSpacing());
                ++items;
            }
        }
        const int columns = m_legendPlacement == LegendPlacement::Right
                                ? 1
                                : std::clamp((viewport().width() - 12) / widest, 1, std::max(1, items));
        if (columns != legend->wrap()) {
            legend->setWrap(columns);
            legend->setFillOrder(QCPLegend::foColumnsFirst, true);
        }
    }
    QCustomPlot::updateLayout();
    // The marker labels' rows follow the plot area's width, known now: laid out again when they changed.
    if (const int labels = markerLayer()->labelAreaHeight(); labels != axisRect()->minimumMargins().top()) {
        axisRect()->setMinimumMargins(QMargins(0, labels, 0, 0));
        QCustomPlot::updateLayout();
    }
}

bool DagGanttPlot::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        // Tasks and waits show theirs as the mouse moves over them; empty space tells what the mouse can do.
        const auto* help = static_cast<QHelpEvent*>(event);
        if (m_gantt->data() && m_gantt->data()->taskCount() > 0 && axisRect()->rect().contains(help->pos()) &&
            !m_gantt->hitTest(help->pos()))
            QToolTip::showText(help->globalPos(),
                               interactionHint().replace(QStringLiteral(" · "), QStringLiteral("\n")), this);
        return true;
    }
    return QCustomPlot::event(event);
}

void DagGanttPlot::mousePressEvent(QMouseEvent* event) {
    // Shift+drag draws the box to zoom to, a plain drag pans: QCustomPlot reads the mode as the press
    // arrives.
    const bool box = event->button() == Qt::LeftButton && event->modifiers().testFlag(Qt::ShiftModifier);
    setSelectionRectMode(box ? QCP::srmZoom : QCP::srmNone);
    QCustomPlot::mousePressEvent(event);
}

void DagGanttPlot::processRectZoom(QRect rect, QMouseEvent* event) {
    Q_UNUSED(event)
    // Each axis the box spans enough of zooms to it (a flat box zooms the time only); the clamps keep the
    // ranges on the data. A Shift+click is a click, no zoom.
    const QRect box = rect.normalized().intersected(axisRect()->rect());
    const GanttGeometry g = m_gantt->geometry();
    const QCPRange time = g.timeRangeOf(box.left(), box.right());
    const QCPRange rows = g.laneRangeOf(box.top(), box.bottom());
    if (box.width() >= kMinZoomBoxPixels) xAxis->setRange(time);
    if (box.height() >= kMinZoomBoxPixels) yAxis->setRange(rows);
    replot(rpQueuedReplot);  // also clears the box
}

void DagGanttPlot::setData(std::shared_ptr<const DagViewData> data, const DagColors& colors) {
    m_hovered.reset();
    m_selected = -1;
    m_gantt->setData(data);
    m_ticker->setData(data);
    std::vector<TimeMarker> markers;
    if (data && data->taskCount() > 0)
        markers.push_back({tr("makespan = %1").arg(quantityText(data->makespan, u"s")), data->makespan, true});
    markerLayer()->setMarkers(std::move(markers));
    axisRect()->setMinimumMargins(QMargins(0, markerLayer()->labelAreaHeight(), 0, 0));
    reserveBandColumn();
    setColors(colors);
    setMessage(data && data->taskCount() == 0 ? tr("The task graph is empty") : QString());
    fitView();
}

void DagGanttPlot::setColors(const DagColors& colors) {
    m_gantt->setColors(colors);
    m_colors = colors;
    rebuildLegend();
}

void DagGanttPlot::rebuildLegend() {
    legend->clearItems();
    const DagViewData* data = m_gantt->data();
    const bool shown = data && data->taskCount() > 0;
    if (shown) {
        // Each entry drawn as the Gantt draws what it names.
        for (const DagLegendEntry& entry : m_colors.legend) {
            Swatch swatch;
            swatch.fill = entry.colors;
            if (entry.colors.size() > 1) swatch.width = kRampSwatchPixels;
            legend->addItem(new SwatchLegendItem(legend, swatch, entry.text));
        }
        Swatch wait;  // hatched over a light fill
        wait.fill = {QColor(0xf3, 0xec, 0xe6)};
        wait.outline = dagRedistributionColor();
        wait.hatch = Qt::BDiagPattern;
        legend->addItem(new SwatchLegendItem(legend, wait, tr("waiting for data")));
        if (m_showCritical) {
            Swatch critical;  // an outline around the task's own colour
            critical.outline = m_colors.critical.isValid() ? m_colors.critical : dagCriticalColor();
            critical.outlineWidth = 2;
            legend->addItem(new SwatchLegendItem(legend, critical, tr("critical path (outlined)")));
        }
    }
    m_legendMeaning = shown ? m_colors.meaning : QString();
    m_legendTitle->setText(m_legendMeaning);
    placeLegend(shown && m_legendPlacement != LegendPlacement::None);
}

void DagGanttPlot::placeLegend(bool shown) {
    // An empty legend grid would cap the width of its layout column: hidden, the box leaves the layout.
    if (m_legendBox->layout()) {
        plotLayout()->take(m_legendBox);
        plotLayout()->simplify();
    }
    if (shown && m_legendPlacement == LegendPlacement::Right) {
        plotLayout()->addElement(0, 1, m_legendBox);
        plotLayout()->setColumnStretchFactor(1, 0.001);
        m_legendBox->setMinimumMargins(QMargins(4, 0, 0, 0));
    } else if (shown) {
        const int row = plotLayout()->rowCount();
        plotLayout()->addElement(row, 0, m_legendBox);
        plotLayout()->setRowStretchFactor(row, 0.001);
    }
    legend->setVisible(shown);
    // A legend without a title (a figure's compact one) gives its row no room.
    const bool titled = shown && !m_legendMeaning.isEmpty();
    m_legendTitle->setVisible(titled);
    m_legendTitle->setMargins(titled ? QMargins(8, 4, 8, 0) : QMargins());
}

QString DagGanttPlot::legendTitle() const {
    return m_legendMeaning;
}

void DagGanttPlot::reserveBandColumn() {
    const DagViewData* data = m_gantt->data();
    double widest = 0;
    if (data) {
        const QFontMetricsF metrics(bandFont(yAxis->tickLabelFont()));
        for (const DagCluster& cluster : data->instance.platform.clusters)
            widest = std::max(widest, metrics.horizontalAdvance(QString::fromStdString(cluster.name)));
    }
    m_bandNameWidth = std::ceil(std::min(widest, kMaxBandNamePixels));
    const double column = m_bandNameWidth > 0 ? kBandColumnGap + m_bandNameWidth + kBandColumnGap / 2 +
                                                    kBracketWidth + kBandColumnGap
                                              : 0;
    yAxis->setLabelPadding(kAxisLabelPadding + static_cast<int>(std::ceil(column)));
}

double DagGanttPlot::bandColumnLeft() const {
    // The margin holds, from the outside in: the axis' padding, its label (upright), the label padding
    // (this column, then QCustomPlot's own gap), the indices, the ticks (QCPAxis::calculateMargin).
    const QRect label =
        QFontMetrics(yAxis->labelFont())
            .boundingRect(0, 0, 0, 0, Qt::TextDontClip | Qt::AlignHCenter | Qt::AlignVCenter, yAxis->label());
    const int labelHeight = yAxis->label().isEmpty() ? 0 : label.height();
    return axisRect()->outerRect().left() + yAxis->padding() + labelHeight + kAxisLabelPadding +
           kBandColumnGap;
}

std::vector<DagBandLabel> DagGanttPlot::bandLabels() const {
    std::vector<DagBandLabel> labels;
    const DagViewData* data = m_gantt->data();
    if (!data || data->processorCount() == 0 || m_bandNameWidth <= 0) return labels;
    const QRect area = axisRect()->rect();
    const QFontMetricsF metrics(bandFont(yAxis->tickLabelFont()));
    const double left = bandColumnLeft();
    const auto& offset = data->processors.offset;
    const auto& clusters = data->instance.platform.clusters;
    const GanttGeometry g = m_gantt->geometry();
    for (std::size_t c = 0; c < clusters.size(); ++c) {
        const auto [y0, y1] = g.bandSpan(offset[c], offset[c + 1] - 1);
        const double top = std::max(y0, static_cast<double>(area.top()));
        const double bottom = std::min(y1, static_cast<double>(area.bottom()));
        if (bottom - top < 1) continue;
        DagBandLabel label;
        label.cluster = c;
        label.top = top;
        label.bottom = bottom;
        label.rect = QRectF(left, (top + bottom) / 2 - metrics.height() / 2, m_bandNameWidth, metrics.height());
        labels.push_back(std::move(label));
    }
    // Each name centred on its band's visible part where it has room; bands thinner than a name (a cluster
    // of 16 beside one of 128) move their names apart, down then up inside the plot's height, as long as a
    // name still overlaps its own band beside its bracket. A name that cannot keeps the bracket only.
    const double gap = 2;
    const double h = metrics.height();
    std::vector<double> tops;
    tops.reserve(labels.size());
    for (const DagBandLabel& label : labels) tops.push_back(label.rect.top());
    const double lowest = static_cast<double>(area.bottom()) - h / 2;
    for (std::size_t k = 1; k < tops.size(); ++k) tops[k] = std::max(tops[k], tops[k - 1] + h + gap);
    if (!tops.empty()) tops.back() = std::min(tops.back(), std::max(lowest, labels.back().top - h / 2));
    for (std::size_t k = tops.size(); k-- > 1;) tops[k - 1] = std::min(tops[k - 1], tops[k] - h - gap);
    double previousBottom = area.top() - h / 2 - gap;
    for (std::size_t k = 0; k < labels.size(); ++k) {
        DagBandLabel& label = labels[k];
        label.rect.moveTop(tops[k]);
        const bool onItsBand = label.rect.top() < label.bottom - 0.5 && label.rect.bottom() > label.top + 0.5;
        if (!onItsBand || label.rect.top() < previousBottom + gap - 0.01 || label.rect.bottom() > area.bottom() + h / 2)
            continue;
        label.text = metrics.elidedText(QString::fromStdString(clusters[label.cluster].name), Qt::ElideRight,
                                        m_bandNameWidth + 1);
        previousBottom = label.rect.bottom();
    }
    return labels;
}

QPainterPath DagGanttPlot::taskHighlight(std::size_t task) const {
    QPainterPath path;
    path.setFillRule(Qt::WindingFill);
    // A task a few pixels small is still marked by a box of at least 9 pixels.
    for (const QRectF& r : m_gantt->taskPixelRects(task)) {
        QRectF box = r.adjusted(-1, -1, 1, 1);
        if (box.width() < 9) box.adjust(-(9 - box.width()) / 2, 0, (9 - box.width()) / 2, 0);
        if (box.height() < 9) box.adjust(0, -(9 - box.height()) / 2, 0, (9 - box.height()) / 2);
        path.addRect(box);
    }
    // The bars between its runs, reaching into the boxes so that the union is one outline.
    for (const QRectF& bar : m_gantt->taskConnectorRects(task)) path.addRect(bar.adjusted(-1, -2, 1, 2));
    return path.simplified();
}

void DagGanttPlot::setShowCriticalPath(bool shown) {
    m_gantt->setShowCriticalPath(shown);
    m_showCritical = shown;
    rebuildLegend();
}

QString DagGanttPlot::message() const {
    return m_message->visible() ? m_message->text() : QString();
}

void DagGanttPlot::setMessage(const QString& message) {
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
}

void DagGanttPlot::setSelectedTask(int task) {
    if (task == m_selected) return;
    m_selected = task;
    layer(QStringLiteral("overlay"))->replot();
}

void DagGanttPlot::fitView() {
    const DagViewData* data = m_gantt->data();
    const double span = data && data->makespan > 0 ? data->makespan : 1.0;
    setRangesUnclamped(QCPRange(-0.01 * span, span * 1.04),
                       QCPRange(-0.5, std::max(1, data ? data->processorCount() : 1) - 0.5));
}

void DagGanttPlot::centreOn(std::size_t task) {
    const DagViewData* data = m_gantt->data();
    if (!data || task >= data->taskCount()) return;
    const DagPlacement& p = data->placements[task];
    const double duration = p.end - p.start;
    double timeSize = xAxis->range().size();
    if (duration > 0.9 * timeSize) timeSize = duration * 1.3;
    xAxis->setRange((p.start + p.end) / 2 - timeSize / 2, (p.start + p.end) / 2 + timeSize / 2);
    const double firstRow = data->runs[task].front().first - 0.5;
    const double lastRow = data->runs[task].back().second + 0.5;
    double rowSize = yAxis->range().size();
    if (lastRow - firstRow > rowSize) rowSize = (lastRow - firstRow) * 1.1;
    const double middle = (firstRow + lastRow) / 2;
    yAxis->setRange(middle - rowSize / 2, middle + rowSize / 2);
}

void DagGanttPlot::onMouseMove(QMouseEvent* event) {
    if (event->buttons() != Qt::NoButton) {
        setHovered(std::nullopt);
        return;
    }
    const std::optional<DagGanttHit> hit = m_gantt->hitTest(event->position());
    setHovered(hit);
    const DagViewData* data = m_gantt->data();
    if (hit && data) {
        const QString text = hit->wait ? dagWaitTooltip(*data, hit->task)
                                       : dagTaskTooltip(*data, hit->task, m_colors.of(hit->task));
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
    } else {
        QToolTip::hideText();
    }
}

void DagGanttPlot::onMousePress(QMouseEvent* event) {
    m_pressPosition = event->position();
}

void DagGanttPlot::onMouseRelease(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    const QPointF moved = event->position() - m_pressPosition;
    if (std::abs(moved.x()) + std::abs(moved.y()) > kClickSlack) return;   // a drag, not a click
    if (!axisRect()->rect().contains(event->position().toPoint())) return;
    const std::optional<DagGanttHit> hit = m_gantt->hitTest(event->position());
    emit taskClicked(hit ? static_cast<int>(hit->task) : -1);
}

void DagGanttPlot::setHovered(std::optional<DagGanttHit> hit) {
    const bool same = hit.has_value() == m_hovered.has_value() &&
                      (!hit || (hit->task == m_hovered->task && hit->wait == m_hovered->wait));
    if (same) return;
    m_hovered = hit;
    layer(QStringLiteral("overlay"))->replot();
}

}  // namespace hetsched::ui
