#include "views/gantt/gantt_view.h"

#include <QClipboard>
#include <QApplication>
#include <QActionGroup>
#include <QMenu>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "util/number_text.h"
#include "views/gantt/gantt_category_layer.h"
#include "views/gantt/lane_axis_ticker.h"
#include "views/common/swatch_legend_item.h"
#include "views/gantt/time_marker_layer.h"
#include "views/common/plot_legend.h"
#include "views/common/plot_message.h"
#include "views/common/figure_fit.h"
#include "views/common/chart_palette.h"
#include "views/common/chart_export.h"

namespace hetsched::ui {

namespace {

constexpr int kMaxLegendEntries = 16;
constexpr double kRightPadding = 0.05;  // of the time span, so a marker at the end is not on the border
const QString kSubtitleSeparator = QStringLiteral("   ·   ");
// The smallest lane names shrink to on screen so that every lane keeps its name (issue 25); below it they
// stay at the plot's size and the lane axis names every other lane, or fewer.
constexpr double kMinLaneNamePoints = 7.0;
constexpr int kLeastHeight = 200;   // pixels: the view's fixed minimum
// On screen, lanes lower than this (pixels) cannot be told apart: their bars are thin lines without outlines
// (GanttPlottable outlines bars of 4 pixels and more). Such a schedule's lanes are grouped by category (a
// cluster's hosts, a node's devices) unless the user chose otherwise in the context menu.
constexpr double kReadableLanePixels = 4.0;

// The runs of consecutive lanes of one category the lane axis shows (none when its rows are the groups).
std::vector<std::pair<int, int>> laneGroups(const GanttPlottable& gantt) {
    std::vector<std::pair<int, int>> groups;
    const Schedule* schedule = gantt.schedule();
    if (!schedule || gantt.lanesGrouped() || gantt.categoryCount() < 2) return groups;
    const auto& lanes = schedule->lanes;
    for (std::size_t lane = 0; lane < lanes.size(); ++lane)
        if (lane == 0 || lanes[lane].category != lanes[lane - 1].category)
            groups.emplace_back(static_cast<int>(lane), static_cast<int>(lane));
        else
            groups.back().second = static_cast<int>(lane);
    return groups;
}

QString statusText(const SolveResult& result) {
    return QString::fromStdString(solveStatusText(result));
}

}  // namespace

GanttView::GanttView(QWidget* parent) : GanttPlotBase(parent) {
    setObjectName(QStringLiteral("ganttView"));
    setMinimumSize(320, kLeastHeight);

    xAxis->setLabel(tr("time"));
    m_laneTicker = QSharedPointer<LaneAxisTicker>::create(yAxis);
    yAxis->setTicker(m_laneTicker);
    m_laneNameFont = yAxis->tickLabelFont();

    m_gantt = new GanttPlottable(xAxis, yAxis);
    m_gantt->setName(tr("schedule"));
    m_gantt->removeFromLegend();
    setBars(m_gantt);
    m_categories = new GanttCategoryLayer(axisRect(), m_gantt, markersLayerName());
    // Marker lines (a dual approximation's guesses, bounds) pass behind the bars, never through their names.
    markerLayer()->setCoveredTest([this](const QPointF& pixel) {
        const std::optional<GanttHit> hit = m_gantt->hitTest(pixel);
        if (!hit) return false;
        const Interval& bar = m_gantt->interval(*hit);
        const double left = std::min(xAxis->coordToPixel(bar.start), xAxis->coordToPixel(bar.end));
        const double right = std::max(xAxis->coordToPixel(bar.start), xAxis->coordToPixel(bar.end));
        return pixel.x() > left + 1 && pixel.x() < right - 1;   // inside, not along its edge
    });

    m_highlight = new QCPItemRect(this);
    m_highlight->setLayer(QStringLiteral("overlay"));
    m_highlight->setPen(QPen(QColor(0x10, 0x10, 0x10), 2));
    m_highlight->setBrush(Qt::NoBrush);
    m_highlight->setSelectable(false);
    m_highlight->setVisible(false);

    m_overlayText = addCentredMessage(this);
    QFont overlayFont = font();
    overlayFont.setPointSizeF(overlayFont.pointSizeF() * 1.15);
    m_overlayText->setFont(overlayFont);

    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.1);
    m_title = new QCPTextElement(this, QString(), titleFont);
    m_subtitle = new QCPTextElement(this, QString(), font());
    m_subtitle->setTextColor(QColor(0x50, 0x50, 0x50));
    m_title->setMargins(QMargins(0, 4, 0, 0));
    m_subtitle->setMargins(QMargins(0, 0, 0, 0));
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, m_title);
    plotLayout()->insertRow(1);
    plotLayout()->addElement(1, 0, m_subtitle);

    // The legend of kinds or groups sits in its own row under the chart, filled left to right.
    axisRect()->insetLayout()->take(legend);
    axisRect()->insetLayout()->simplify();
    m_legendColumn = new QCPLayoutGrid;
    m_legendColumn->setRowSpacing(0);
    m_legendColumn->addElement(0, 0, new QCPLayoutElement(this));
    m_legendColumn->addElement(2, 0, new QCPLayoutElement(this));
    placeLegend();
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setWrap(8);
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    legend->setIconSize(14, 12);
    legend->setMargins(QMargins(6, 2, 6, 6));
    plotLayout()->setRowStretchFactor(0, 0.001);
    plotLayout()->setRowStretchFactor(1, 0.001);
    plotLayout()->setRowSpacing(2);

    connect(this, &QCustomPlot::mouseMove, this, &GanttView::onMouseMove);
    setContextMenuPolicy(Qt::CustomContextMenu);
    connect(this, &QWidget::customContextMenuRequested, this, &GanttView::showContextMenu);

    showMessage(tr("Run a solver to see its schedule"));
}

void GanttView::showResult(const Instance& instance, std::shared_ptr<const SolveResult> result) {
    Q_UNUSED(instance)
    if (!result) {
        showMessage(tr("No result"));
        return;
    }
    QStringList parts;
    parts << tr("%1 · %2").arg(QString::fromStdString(result->solver), statusText(*result));
    for (const Metric& metric : result->schedule.metrics) parts << metricText(metric);
    parts << tr("solved in %1").arg(quantityText(result->seconds, u"s"));
    // The schedule lives as long as the result it belongs to, without a copy.
    setSchedule(std::shared_ptr<const Schedule>(result, &result->schedule),
                parts.join(kSubtitleSeparator));
    if (result->status == SolveStatus::Infeasible)
        setOverlayMessage(result->message.empty()
                              ? tr("Infeasible")
                              : tr("Infeasible: %1").arg(QString::fromStdString(result->message)));
    replot();
}

void GanttView::showMessage(const QString& message) {
    setSchedule(nullptr);
    setOverlayMessage(message);
    replot();
}

void GanttView::setSchedule(std::shared_ptr<const Schedule> schedule, const QString& subtitle) {
    setHovered(std::nullopt);
    std::vector<TimeMarker> markers;
    QString title;
    QString timeUnit;
    if (schedule) {
        for (const Marker& marker : schedule->markers)
            markers.push_back({QStringLiteral("%1 = %2").arg(QString::fromStdString(marker.name),
                                                             quantityText(marker.time, QString::fromStdString(schedule->timeUnit))),
                               marker.time, marker.dashed});
        title = QString::fromStdString(schedule->title);
        timeUnit = QString::fromStdString(schedule->timeUnit);
    }
    // Grouped or not as the user chose for the same lanes (the same run shown again); else by their height.
    if (m_groupingChosen && (!schedule || static_cast<int>(schedule->lanes.size()) != *m_groupingChosen)) {
        m_groupingChosen.reset();
        if (m_gantt->lanesGrouped()) m_gantt->setLanesGrouped(false);
    }
    m_gantt->setSchedule(schedule);
    if (m_gantt->lanesGrouped() && !m_gantt->groupingHelps()) m_gantt->setLanesGrouped(false);   // nothing to group
    yAxis->setPadding(m_categories->stripWidth());
    m_laneTicker->setLaneNames(m_gantt->rowNames());
    m_laneTicker->setLaneGroups(laneGroups(*m_gantt));
    markerLayer()->setMarkers(std::move(markers));
    axisRect()->setMinimumMargins(QMargins(0, markerLayer()->labelAreaHeight(), 0, 0));
    m_scheduleTitle = title.isEmpty() ? tr("Schedule") : title;
    m_subtitleText = subtitle;
    updateTitle();
    xAxis->setLabel(timeUnit.isEmpty() ? tr("time") : tr("time (%1)").arg(timeUnit));
    const bool empty = !schedule || schedule->intervalCount() == 0;
    setOverlayMessage(empty && schedule ? tr("The schedule is empty") : QString());
    rebuildLegend();
    fitView();
}

void GanttView::updateTitle() {
    QString title = m_parts.title.value_or(m_scheduleTitle);
    markerLayer()->setLabelsShown(!m_parts.markersInTitle);
    if (m_parts.markersInTitle && !title.isEmpty())
        for (const TimeMarker& marker : markerLayer()->markers()) title += QStringLiteral(" · ") + marker.label;
    m_title->setText(title);
    m_title->setVisible(!title.isEmpty());
    m_title->setMargins(title.isEmpty() ? QMargins() : QMargins(0, m_parts.figure ? 0 : 4, 0, 0));
    const bool header = m_parts.header && !m_subtitleText.isEmpty();
    m_subtitle->setText(header ? m_subtitleText : QString());
    m_subtitle->setVisible(header);
    // Hidden, the title and the header give their rows no height (an empty text element keeps a line's).
    // (A text element's least height is a line even when empty: a least size of one pixel overrides it.)
    m_title->setMaximumSize(QWIDGETSIZE_MAX, title.isEmpty() ? 0 : QWIDGETSIZE_MAX);
    m_title->setMinimumSize(title.isEmpty() ? QSize(1, 1) : QSize());
    m_subtitle->setMaximumSize(QWIDGETSIZE_MAX, header ? QWIDGETSIZE_MAX : 0);
    m_subtitle->setMinimumSize(header ? QSize() : QSize(1, 1));
}

void GanttView::setParts(const Parts& parts) {
    const bool recolour = parts.palette != m_parts.palette;
    m_parts = parts;
    // A figure's rows (title, header, chart, legend) without the screen's spacing between them.
    plotLayout()->setRowSpacing(parts.figure ? 0 : 2);
    // A figure's bars are at least kFigureMinimumBarPoints high at the printed size, the screen's a few pixels.
    m_gantt->setMinimumBarPixels(parts.figure ? kFigureMinimumBarPoints * layoutDotsPerInch() / 72.0
                                              : kScreenMinimumBarPixels);
    if (recolour) m_gantt->setPaletteName(parts.palette);
    updateTitle();
    rebuildLegend();
}

void GanttView::updateLayout() {
    // The title and the header are centred over the chart's column: beside a legend on the right, the
    // viewport less the legend's width. (minimumOuterSizeHint is public in the layout element.)
    const bool legendRight = legend->layout() && m_parts.legend == LegendPlacement::Right;
    const int legendWidth = legendRight ? static_cast<const QCPLayoutElement*>(legend)->minimumOuterSizeHint().width() : 0;
    const double width = std::max(40, viewport().width() - legendWidth - 16);
    // Metrics wider than the chart would be centred and clipped on both sides: break them into lines
    // between parts (a part longer than the width keeps a line of its own, elided in a figure). A figure
    // keeps at most a fifth of its height for them; what does not fit ends in an ellipsis.
    if (m_subtitle->visible() && !m_subtitleText.isEmpty()) {
        // The parts joined into lines as wide as the chart at `at`'s size.
        const auto linesAt = [&](const QFontMetricsF& at) {
            QStringList set;
            for (const QString& part : m_subtitleText.split(kSubtitleSeparator)) {
                if (!set.isEmpty() && at.horizontalAdvance(set.back() + kSubtitleSeparator + part) <= width)
                    set.back() += kSubtitleSeparator + part;
                else
                    set << part;
            }
            return set;
        };
        QStringList lines = linesAt(QFontMetricsF(m_subtitle->font()));
        if (m_parts.figure) {
            // Lines that do not fit the fifth are set smaller first, by half points down to 6 pt; then what does
            // not fit is cut after a whole part, with an ellipsis.
            // (The figure's font scope puts the header's font back after the export.)
            const QFont font = m_subtitle->font();
            const auto fittingAt = [&](const QFontMetricsF& at) {
                return std::max(1, static_cast<int>(std::floor(viewport().height() * 0.2 / at.lineSpacing())));
            };
            for (double points = font.pointSizeF(); points >= kMinFontPoints - 1e-9; points -= 0.5) {
                QFont smaller = font;
                smaller.setPointSizeF(points);
                const QFontMetricsF at(smaller);
                const QStringList set = linesAt(at);
                if (set.size() <= fittingAt(at) || points - 0.5 < kMinFontPoints - 1e-9) {
                    if (smaller != m_subtitle->font()) m_subtitle->setFont(smaller);
                    lines = set;
                    break;
                }
            }
            const QFontMetricsF at(m_subtitle->font());
            const int fitting = fittingAt(at);
            if (lines.size() > fitting) {
                lines = lines.mid(0, fitting);
                lines.back() += QStringLiteral(" …");
            }
            for (QString& line : lines) line = at.elidedText(line, Qt::ElideRight, width);
        }
        const QString wrapped = lines.join(QLatin1Char('\n'));
        if (wrapped != m_subtitle->text()) m_subtitle->setText(wrapped);
    }
    // Room for the marker labels and the category names at the font of this layout (a figure's may differ).
    axisRect()->setMinimumMargins(
        QMargins(m_parts.minimumLeft, markerLayer()->labelAreaHeight(), m_parts.minimumRight, 0));
    yAxis->setPadding(m_categories->stripWidth());
    xAxis->setTickLabels(m_parts.timeTickLabels);
    // A figure's time axis title sits close above the legend (the screen keeps QCustomPlot's 5 pixels).
    xAxis->setPadding(m_parts.figure ? 1 : 5);
    // A title wider than the chart is not cut on both sides: a figure's is elided, the screen's broken into
    // lines between words (all of it is read there, e.g. what a lower bound's schedule is).
    if (m_title->visible()) {
        QString title = m_parts.title.value_or(m_scheduleTitle);
        if (m_parts.markersInTitle)
            for (const TimeMarker& marker : markerLayer()->markers()) title += QStringLiteral(" · ") + marker.label;
        const QFontMetricsF metrics(m_title->font());
        QString shown;
        if (m_parts.figure) {
            // A figure's title on up to two lines between words, the second elided if still too long; never
            // broken around an equals sign ("T = 2" stays whole).
            QStringList lines;
            const QChar space(0x00A0);
            QString unbroken = title;
            unbroken.replace(QStringLiteral(" = "), QString(space) + QLatin1Char('=') + space);
            const QStringList words = unbroken.split(QLatin1Char(' '));
            for (qsizetype k = 0; k < words.size(); ++k) {
                if (!lines.isEmpty() && metrics.horizontalAdvance(lines.back() + QLatin1Char(' ') + words[k]) <= width) {
                    lines.back() += QLatin1Char(' ') + words[k];
                } else if (lines.size() == 2) {
                    lines.back() += QLatin1Char(' ') + words.mid(k).join(QLatin1Char(' '));
                    break;
                } else {
                    lines << words[k];
                }
            }
            for (QString& line : lines) line = metrics.elidedText(line, Qt::ElideRight, width);
            shown = lines.join(QLatin1Char('\n'));
        } else {
            QStringList lines;
            for (const QString& word : title.split(QLatin1Char(' '))) {
                if (!lines.isEmpty() && metrics.horizontalAdvance(lines.back() + QLatin1Char(' ') + word) <= width)
                    lines.back() += QLatin1Char(' ') + word;
                else
                    lines << word;
            }
            shown = lines.join(QLatin1Char('\n'));
        }
        if (shown != m_title->text()) m_title->setText(shown);
    }
    // The legend's rows (below) or columns (right) as many as fit.
    if (legend->layout() && legend->itemCount() > 0) {
        int widest = 1;
        int tallest = 1;
        for (int k = 0; k < legend->itemCount(); ++k) {
            const QCPAbstractLegendItem* item = legend->item(k);
            if (!item) continue;   // an empty cell of the legend's grid
            const QSize hint = item->minimumOuterSizeHint();
            widest = std::max(widest, hint.width());
            tallest = std::max(tallest, hint.height());
        }
        QCPLegend::FillOrder order = QCPLegend::foColumnsFirst;
        int wrap = 1;
        if (m_parts.legend == LegendPlacement::Right) {
            // As many rows as the height beside the chart and its axis holds, then another column.
            // (minimumOuterSizeHint is public in the layout element; a text element hides it.)
            const auto hintHeight = [](const QCPLayoutElement* element) { return element->minimumOuterSizeHint().height(); };
            const int room = viewport().height() - (m_title->visible() ? hintHeight(m_title) : 0) -
                             (m_subtitle->visible() ? hintHeight(m_subtitle) : 0) - legend->margins().top() -
                             legend->margins().bottom() - 4;
            order = QCPLegend::foRowsFirst;
            wrap = std::max(1, room / (tallest + legend->rowSpacing()));
        } else {
            const int room = viewport().width() - legend->margins().left() - legend->margins().right();
            wrap = std::clamp(room / (widest + legend->columnSpacing()), 1, 8);
        }
        if (order != legend->fillOrder() || wrap != legend->wrap()) {
            legend->setWrap(wrap);
            legend->setFillOrder(order, true);
        }
    }
    QCustomPlot::updateLayout();
    // The marker labels' rows follow the plot area's width, known now (the top margin changes only its height):
    // laid out again when they changed.
    if (const int labels = markerLayer()->labelAreaHeight(); labels != axisRect()->minimumMargins().top()) {
        axisRect()->setMinimumMargins(QMargins(m_parts.minimumLeft, labels, m_parts.minimumRight, 0));
        QCustomPlot::updateLayout();
    }
    // On screen, lanes closer than their names' height: the names shrink (down to a readable size) rather
    // than every other lane losing its name. The font changes only the axis' width, so a second layout
    // keeps the plot's height and its ticks are made for that font.
    if (m_parts.figure) {
        // A figure's lane names are set smaller, by half points down to 6 pt, where that names every lane;
        // else they keep the figure's size (the time axis') and are stepped or named by category.
        const QFont base = xAxis->tickLabelFont();
        QFont wanted = base;
        const double rows = yAxis->range().size();
        for (double points = base.pointSizeF(); points >= kMinFontPoints - 1e-9; points -= 0.5) {
            QFont smaller = base;
            smaller.setPointSizeF(points);
            if (rows * LaneAxisTicker::labelPixels(smaller) <= axisRect()->height()) {
                wanted = smaller;
                break;
            }
        }
        if (wanted != yAxis->tickLabelFont()) {
            yAxis->setTickLabelFont(wanted);
            QCustomPlot::updateLayout();
        }
        // The lane names' width moved the time axis: the marker labels may now take another number of rows.
        const int labelRows = markerLayer()->labelAreaHeight();
        if (labelRows != axisRect()->minimumMargins().top()) {
            axisRect()->setMinimumMargins(QMargins(m_parts.minimumLeft, labelRows, m_parts.minimumRight, 0));
            QCustomPlot::updateLayout();
        }
    } else {
        const QFont wanted = laneNameFontFor(axisRect()->height());
        if (wanted != yAxis->tickLabelFont()) {
            yAxis->setTickLabelFont(wanted);
            QCustomPlot::updateLayout();
        }
        if (m_leastLanesShown > 0 || m_lanesNamedAtLeastSize > 0) {
            const int rows = std::max(1, m_gantt->rowCount());
            int plotPixels = namesPlotPixels(rows);
            // All lanes in view at the plot's font: their categories' names whole too ("send ports", "receive
            // ports", "processors"). (Named at the least size, one-lane categories' names are elided in the strip:
            // the lane names say them.)
            if (rows <= m_leastLanesShown)
                plotPixels = std::max(plotPixels, m_categories->namesPixels());
            const int least = std::max(kLeastHeight, leastHeight(plotPixels));
            // Not while this layout is painted: the new least size resizes the view, which lays it out again.
            if (least != minimumHeight())
                QMetaObject::invokeMethod(this, [this, least] { setMinimumHeight(least); }, Qt::QueuedConnection);
        }
        groupLanesWhereUnreadable();
    }
}

int GanttView::namesPlotPixels(int rows) const {
    double names = std::min(rows, m_leastLanesShown) * LaneAxisTicker::labelPixels(m_laneNameFont);
    // More rows than that: each row's name at the least readable size, rather than every other name.
    // (More rows than can be named that way zoom and pan in a view of the other least height.)
    QFont leastFont = m_laneNameFont;
    leastFont.setPointSizeF(std::min(kMinLaneNamePoints, leastFont.pointSizeF()));
    if (rows <= m_lanesNamedAtLeastSize) names = std::max(names, rows * LaneAxisTicker::labelPixels(leastFont));
    return static_cast<int>(std::ceil(names)) + 1;
}

void GanttView::groupLanesWhereUnreadable() {
    if (m_groupingChosen || !m_gantt->groupingHelps() || !isVisible() || axisRect()->height() < 10) return;
    const int lanes = m_gantt->laneCount();
    // The plot area's height with every lane a row: the present one, or, grouped and held at the least height
    // the groups' names asked for, the least height of the lanes (which the groups' made taller).
    int plot = axisRect()->height();
    if (lanesGrouped() && height() <= minimumHeight() + 1)
        plot = std::max(namesPlotPixels(lanes), kLeastHeight - leastHeight(0));   // (the view's fixed minimum's plot)
    const bool grouped = plot < kReadableLanePixels * lanes;
    // Not while this layout is painted: regrouping lays the view out again.
    if (grouped != lanesGrouped())
        QMetaObject::invokeMethod(this, [this, grouped] { if (!m_groupingChosen) setLanesGrouped(grouped); }, Qt::QueuedConnection);
}

int GanttView::leastHeight(int plotPixels) const {
    QCPLayoutGrid* grid = plotLayout();
    int height = 0;
    int rows = 0;
    for (int row = 0; row < grid->rowCount(); ++row) {
        int rowHeight = -1;
        for (int column = 0; column < grid->columnCount(); ++column) {
            // (minimumOuterSizeHint is public in the layout element; a text element hides it.)
            const QCPLayoutElement* element = grid->hasElement(row, column) ? grid->element(row, column) : nullptr;
            if (!element) continue;
            if (element == axisRect())
                rowHeight = std::max(rowHeight, plotPixels + axisRect()->margins().top() + axisRect()->margins().bottom());
            else if (element->visible())
                rowHeight = std::max(rowHeight, std::min(element->minimumOuterSizeHint().height(), element->maximumOuterSizeHint().height()));
        }
        if (rowHeight < 0) continue;
        height += rowHeight;
        ++rows;
    }
    return height + std::max(0, rows - 1) * grid->rowSpacing();
}

QFont GanttView::laneNameFontFor(int plotHeight) const {
    const double rows = yAxis->range().size();
    QFont font = m_laneNameFont;
    if (rows * LaneAxisTicker::labelPixels(font) <= plotHeight) return font;
    for (double points = font.pointSizeF() - 0.5; points >= kMinLaneNamePoints; points -= 0.5) {
        font.setPointSizeF(points);
        if (rows * LaneAxisTicker::labelPixels(font) <= plotHeight) return font;
    }
    font.setPointSizeF(kMinLaneNamePoints);   // the least size itself, whatever the steps from the plot's font
    if (font.pointSizeF() < m_laneNameFont.pointSizeF() && rows * LaneAxisTicker::labelPixels(font) <= plotHeight)
        return font;
    return m_laneNameFont;   // too many lanes even then: every name readable, some lanes unnamed
}

void GanttView::setOverlayMessage(const QString& message) {
    m_overlayText->setText(message);
    m_overlayText->setVisible(!message.isEmpty());
}

void GanttView::setColorMode(GanttColorMode mode) {
    if (mode == m_gantt->colorMode()) return;
    m_gantt->setColorMode(mode);
    rebuildLegend();
    replot();
    emit colorModeChanged(mode);
}

void GanttView::rebuildLegend() {
    legend->clearItems();
    const auto& entries = m_gantt->legendEntries();
    const int shown = std::min<int>(static_cast<int>(entries.size()), kMaxLegendEntries);
    for (int k = 0; k < shown; ++k) {
        const auto& [name, color] = entries[static_cast<std::size_t>(k)];
        Swatch swatch;
        swatch.fill.push_back(color);
        swatch.hatch = greyPatternStyle(m_gantt->legendPattern(static_cast<std::size_t>(k)));
        legend->addItem(new SwatchLegendItem(legend, swatch, name));
    }
    if (static_cast<int>(entries.size()) > shown)
        legend->addItem(new SwatchLegendItem(legend, Qt::white,
                                             tr("… %1 more").arg(static_cast<int>(entries.size()) - shown)));
    placeLegend();
}

void GanttView::placeLegend() {
    const bool shown = legend->itemCount() > 0 && m_parts.legend != LegendPlacement::None;
    // Out of the layout first, then where the parts ask.
    if (legend->layout()) {
        legend->layout()->take(legend);
        plotLayout()->simplify();
    }
    if (m_legendColumn->layout()) {
        plotLayout()->take(m_legendColumn);
        plotLayout()->simplify();
    }
    if (shown && m_parts.legend == LegendPlacement::Right) {
        int row = 0;
        for (int r = 0; r < plotLayout()->rowCount(); ++r)
            if (plotLayout()->element(r, 0) == axisRect()) row = r;
        m_legendColumn->addElement(1, 0, legend);
        m_legendColumn->setRowStretchFactors({1.0, 0.001, 1.0});
        plotLayout()->addElement(row, 1, m_legendColumn);
        plotLayout()->setColumnStretchFactor(1, 0.001);
        legend->setMargins(QMargins(4, 2, 2, 2));
        legend->setVisible(true);
        return;
    }
    // A figure's legend below sits close under the time axis, its rows packed.
    legend->setMargins(m_parts.figure ? QMargins(4, 1, 4, 1) : QMargins(6, 2, 6, 6));
    placeLegendBelow(*this, shown);
}

GanttView::~GanttView() {
    // The plot deletes the legend with its layout, so it must be in the layout then; the legend's column
    // goes with the layout when placed, else here.
    if (!legend->layout()) placeLegendBelow(*this, true);
    if (!m_legendColumn->layout()) delete m_legendColumn;
}

Expected<bool> GanttView::exportFigure(const QString& path, const FigureCanvas& canvas, const FigureOptions& options) {
    const Parts screen = m_parts;
    Parts figure;
    if (options.title) figure.title = QString::fromStdString(*options.title);
    figure.header = options.header;
    figure.legend = options.legend;
    figure.palette = options.palette;
    figure.figure = true;
    const bool overlayShown = m_overlayText->visible();
    const bool highlightShown = m_highlight->visible();
    m_highlight->setVisible(false);
    setParts(figure);
    if (figure.legend == LegendPlacement::Right) {
        const PlotFontScope fonts(this, canvas.fontPoints);
        toPixmap(canvas.layout.width(), canvas.layout.height());
        toPixmap(canvas.layout.width(), canvas.layout.height());
        // A legend beside the chart wider than a third of the figure, or leaving the chart less than half of
        // it, goes under the chart instead.
        const int legendWidth = static_cast<const QCPLayoutElement*>(legend)->minimumOuterSizeHint().width();
        if (axisRect()->width() < canvas.layout.width() / 2 || legendWidth > canvas.layout.width() / 3)
            figure.legend = LegendPlacement::Below;
    }
    if (figure.legend != m_parts.legend) setParts(figure);
    if (figure.legend == LegendPlacement::Below) {
        // A legend that does not fit under the chart either is left out, as the header is cut.
        {
            const PlotFontScope fonts(this, canvas.fontPoints);
            toPixmap(canvas.layout.width(), canvas.layout.height());
            if (layoutSqueezed(this, canvas.layout.height())) {
                // Left out, and the canvas' notes say so and what height would hold it.
                int needed = 0;
                for (int height = canvas.layout.height() + 2; height <= 4 * canvas.layout.height() && needed == 0; height += 2) {
                    toPixmap(canvas.layout.width(), height);
                    if (!layoutSqueezed(this, height)) needed = height;
                }
                figure.legend = LegendPlacement::None;
                canvas.notes->append(legendLeftOutNote(canvas, needed));
            }
        }
        if (figure.legend == LegendPlacement::None) setParts(figure);
    }
    Expected<bool> written = exportPlot(this, path, canvas);
    setParts(screen);
    m_highlight->setVisible(highlightShown);
    m_overlayText->setVisible(overlayShown);
    replot();
    return written;
}

void GanttView::fitView() {
    double first = 0;
    double last = 0;
    if (!m_gantt->timeExtent(first, last)) {
        first = 0;
        last = 1;
    }
    for (const TimeMarker& marker : markerLayer()->markers()) last = std::max(last, marker.time);
    first = std::min(first, 0.0);
    const double span = last > first ? last - first : std::max(1.0, std::abs(first));
    setRangesUnclamped(QCPRange(first, last + kRightPadding * span),
                       QCPRange(-0.5, std::max(1, m_gantt->rowCount()) - 0.5));
}

void GanttView::setLanesGrouped(bool grouped) {
    if (grouped == m_gantt->lanesGrouped()) return;
    setHovered(std::nullopt);
    m_gantt->setLanesGrouped(grouped);
    m_laneTicker->setLaneNames(m_gantt->rowNames());
    m_laneTicker->setLaneGroups(laneGroups(*m_gantt));
    yAxis->setPadding(m_categories->stripWidth());
    const QCPRange time = xAxis->range();
    setRangesUnclamped(time, QCPRange(-0.5, std::max(1, m_gantt->rowCount()) - 0.5));
    replot(rpQueuedReplot);
}

bool GanttView::namesEveryLane(int height) const {
    return m_gantt->laneCount() * LaneAxisTicker::labelPixels(yAxis->tickLabelFont()) <= height;
}

bool GanttView::namesEveryRow(int height) const {
    return m_gantt->rowCount() * LaneAxisTicker::labelPixels(yAxis->tickLabelFont()) <= height;
}

void GanttView::onMouseMove(QMouseEvent* event) {
    if (event->buttons() != Qt::NoButton) {
        setHovered(std::nullopt);
        return;
    }
    const std::optional<GanttHit> hit = m_gantt->hitTest(event->position());
    setHovered(hit);
    if (hit)
        QToolTip::showText(event->globalPosition().toPoint(), tooltipText(*hit), this);
    else
        QToolTip::hideText();
}

void GanttView::setHovered(std::optional<GanttHit> hit) {
    const bool same = hit.has_value() == m_hovered.has_value() &&
                      (!hit || (hit->lane == m_hovered->lane && hit->interval == m_hovered->interval));
    if (same) return;
    m_hovered = hit;
    if (hit) {
        const Interval& in = m_gantt->interval(*hit);
        const auto [upper, lower] = m_gantt->laneBarCoords(hit->lane);
        m_highlight->topLeft->setCoords(in.start, upper - 0.04);
        m_highlight->bottomRight->setCoords(in.end, lower + 0.04);
    }
    m_highlight->setVisible(hit.has_value());
    layer(QStringLiteral("overlay"))->replot();
}

QString GanttView::timeText(double time) const {
    const QString unit =
        m_gantt->schedule() ? QString::fromStdString(m_gantt->schedule()->timeUnit) : QString();
    return unit.isEmpty() ? formatRounded(time, 6) : quantityText(time, unit);
}

QString GanttView::tooltipText(const GanttHit& hit) const {
    const Lane& lane = m_gantt->schedule()->lanes[static_cast<std::size_t>(hit.lane)];
    const Interval& in = m_gantt->interval(hit);
    // The bar's colour as a swatch ties the tooltip to the legend.
    QString text = QStringLiteral("<span style='color:%1'>&#9632;</span> <b>%2</b>")
                       .arg(m_gantt->colorOf(hit).name(), QString::fromStdString(lane.name).toHtmlEscaped());
    if (!lane.category.empty())
        text += QStringLiteral(" <span style='color:#666'>(%1)</span>")
                    .arg(QString::fromStdString(lane.category).toHtmlEscaped());
    if (!in.label.empty())
        text += QStringLiteral("<br>%1").arg(QString::fromStdString(in.label).toHtmlEscaped());
    text += tr("<br>%1, start %2, end %3, duration %4")
                .arg(QString::fromLatin1(intervalKindName(in.kind)), timeText(in.start), timeText(in.end),
                     timeText(in.end - in.start));
    if (!in.group.empty()) text += tr("<br>group %1").arg(QString::fromStdString(in.group).toHtmlEscaped());
    if (const std::string detail = intervalDetail(*m_gantt->schedule(), in); !detail.empty())
        text += QStringLiteral("<br>%1").arg(QString::fromStdString(detail).toHtmlEscaped());
    return text;
}

void GanttView::showContextMenu(const QPoint& position) {
    QMenu menu(this);
    menu.addAction(tr("Fit view"), this, [this] {
        fitView();
        replot();
    });
    menu.addSeparator();
    auto* colorGroup = new QActionGroup(&menu);
    const auto addColorMode = [&](const QString& text, GanttColorMode mode) {
        QAction* action = menu.addAction(text, this, [this, mode] { setColorMode(mode); });
        action->setCheckable(true);
        action->setChecked(colorMode() == mode);
        colorGroup->addAction(action);
    };
    addColorMode(tr("Colour by kind"), GanttColorMode::ByKind);
    addColorMode(tr("Colour by group"), GanttColorMode::ByGroup);
    addColorMode(tr("Colour by lane"), GanttColorMode::ByLane);
    if (m_gantt->groupingHelps()) {
        menu.addSeparator();
        QAction* group = menu.addAction(tr("Group lanes by category"), this, [this](bool on) {
            // The user's choice holds for this schedule's lanes; no longer chosen by their height.
            m_groupingChosen = m_gantt->laneCount();
            setLanesGrouped(on);
        });
        group->setCheckable(true);
        group->setChecked(lanesGrouped());
    }
    addContextMenuActions(menu);
    menu.addSeparator();
    menu.addAction(tr("Copy image"), this, [this] { QApplication::clipboard()->setPixmap(toPixmap()); });
    menu.addAction(tr("Export chart…"), this, &GanttView::exportRequested);
    menu.exec(mapToGlobal(position));
}

}  // namespace hetsched::ui
