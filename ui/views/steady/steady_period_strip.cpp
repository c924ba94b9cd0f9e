#include "views/steady/steady_period_strip.h"

#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "util/number_text.h"
#include "views/common/chart_palette.h"
#include "views/gantt/gantt_plot_base.h"
#include "views/gantt/gantt_plottable_base.h"

namespace hetsched::ui {

namespace {

constexpr double kBandInset = 3.0;  // pixels between the bands and the axis rect's top and bottom

}  // namespace

PatternBands::PatternBands(QCPAxis* timeAxis, QCPAxis* valueAxis) : QCPAbstractPlottable(timeAxis, valueAxis) {
    setSelectable(QCP::stNone);
    setAntialiased(false);
}

void PatternBands::setData(std::shared_ptr<const SteadyViewData> data) {
    m_data = std::move(data);
    m_selected.reset();
    m_emphasis.clear();
}

QRectF PatternBands::bandRect(std::size_t p) const {
    if (!m_data || !mKeyAxis) return {};
    const QRect area = mKeyAxis->axisRect()->rect();
    const double x0 = mKeyAxis->coordToPixel(m_data->patternStart(p));
    const double x1 = mKeyAxis->coordToPixel(m_data->patternEnd(p));
    return QRectF(QPointF(std::min(x0, x1), area.top() + kBandInset), QPointF(std::max(x0, x1), area.bottom() - kBandInset));
}

std::optional<std::size_t> PatternBands::patternAt(const QPointF& pixel) const {
    if (!m_data || !mKeyAxis) return std::nullopt;
    const QRect area = mKeyAxis->axisRect()->rect();
    if (!area.contains(pixel.toPoint())) return std::nullopt;
    const std::size_t count = m_data->solution.patterns.size();
    // The band under the pointer, else the nearest one within two pixels (thin bands stay clickable).
    std::optional<std::size_t> best;
    double bestDistance = 2.0;
    for (std::size_t p = 0; p < count; ++p) {
        const QRectF band = bandRect(p);
        const double distance = pixel.x() < band.left()    ? band.left() - pixel.x()
                                : pixel.x() > band.right() ? pixel.x() - band.right()
                                                           : -1.0 / (1.0 + band.width());
        if (distance <= bestDistance) {
            best = p;
            bestDistance = distance;
        }
    }
    return best;
}

double PatternBands::selectTest(const QPointF& pos, bool onlySelectable, QVariant* details) const {
    Q_UNUSED(details)
    if (onlySelectable) return -1;
    return patternAt(pos) ? 0 : -1;
}

QCPRange PatternBands::getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain) const {
    Q_UNUSED(inSignDomain)
    foundRange = m_data != nullptr;
    return foundRange ? QCPRange(0, m_data->solution.periodic.period) : QCPRange();
}

QCPRange PatternBands::getValueRange(bool& foundRange, QCP::SignDomain inSignDomain, const QCPRange& inKeyRange) const {
    Q_UNUSED(inSignDomain)
    Q_UNUSED(inKeyRange)
    foundRange = true;
    return QCPRange(0, 1);
}

void PatternBands::draw(QCPPainter* painter) {
    m_drawnLabels = 0;
    if (!m_data || !mKeyAxis) return;
    const QRect area = clipRect();
    const QCPRange shown = mKeyAxis->range();
    const auto& patterns = m_data->solution.patterns;
    const double period = m_data->solution.periodic.period;
    const double used = m_data->patternStart(patterns.size());
    const QFont font = mParentPlot->font();
    const QFontMetricsF metrics(font);
    painter->setFont(font);

    // The idle end of the period (when the patterns do not fill it, constraint (8.2) is slack).
    if (used < period * (1 - 1e-12)) {
        const double x0 = mKeyAxis->coordToPixel(used);
        const double x1 = mKeyAxis->coordToPixel(period);
        const QRectF idle(QPointF(x0, area.top() + kBandInset), QPointF(x1, area.bottom() - kBandInset));
        painter->setPen(QPen(QColor(0xb0, 0xb0, 0xb0), 1));
        painter->setBrush(QBrush(QColor(0xc8, 0xc8, 0xc8), Qt::BDiagPattern));
        painter->drawRect(idle);
        const QString text = tr("idle");
        if (metrics.horizontalAdvance(text) + 6 < idle.width()) {
            painter->setPen(QColor(0x70, 0x70, 0x70));
            painter->drawText(idle, Qt::AlignCenter, text);
        }
    }

    PixelFold fold;   // sub-pixel bands: the first band of a pixel column stands for the others
    fold.reset(area);
    std::vector<std::size_t> labelled;
    for (std::size_t p = 0; p < patterns.size(); ++p) {
        const double start = m_data->patternStart(p);
        const double end = m_data->patternEnd(p);
        if (end < shown.lower || start > shown.upper) continue;
        QRectF band = bandRect(p);
        band.setLeft(std::max(band.left(), area.left() - 2.0));
        band.setRight(std::min(band.right(), area.right() + 2.0));
        QColor color = patternColor(p);
        const bool dimmed = (m_selected && *m_selected != p) || (!m_selected && !m_emphasis.empty() && !m_emphasis.count(p));
        if (dimmed) color = fadedColor(color, 0.65);
        if (band.width() < 1.0) {
            // Sub-pixel bands: one pixel column each (the selected band is drawn whatever was there).
            if (!fold.claim(band) && !(m_selected && *m_selected == p)) continue;
            painter->setPen(Qt::NoPen);
        } else {
            painter->setPen(QPen(color.darker(135), 1));
        }
        painter->setBrush(color);
        painter->drawRect(band);
        if (band.width() >= metrics.horizontalAdvance(QStringLiteral("π99")) * 0.6) labelled.push_back(p);
    }
    // The selected band on top, outlined.
    if (m_selected && *m_selected < patterns.size()) {
        QRectF band = bandRect(*m_selected);
        if (band.width() < 3) band.adjust(-1.5, 0, 1.5, 0);
        painter->setPen(QPen(QColor(0x10, 0x10, 0x10), 2.5));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(band.adjusted(0, -1.5, 0, 1.5));
    }
    // Labels: the name, and y_p under it when there is room; skipped rather than overlapped.
    for (std::size_t p : labelled) {
        const QRectF band = bandRect(p).intersected(QRectF(area));
        const QString name = m_data->patternName(p);
        const double nameWidth = metrics.horizontalAdvance(name) + 4;
        if (nameWidth > band.width()) continue;
        const bool dimmed = (m_selected && *m_selected != p) || (!m_selected && !m_emphasis.empty() && !m_emphasis.count(p));
        QColor background = patternColor(p);
        if (dimmed) background = fadedColor(background, 0.65);
        painter->setPen(textColorOn(background));
        const QString duration = QStringLiteral("y=%1").arg(m_data->durationText(p));
        if (band.height() >= 2.3 * metrics.height() && metrics.horizontalAdvance(duration) + 4 <= band.width()) {
            painter->drawText(QRectF(band.left(), band.center().y() - metrics.height(), band.width(), metrics.height()),
                              Qt::AlignCenter, name);
            painter->drawText(QRectF(band.left(), band.center().y(), band.width(), metrics.height()), Qt::AlignCenter,
                              duration);
        } else {
            painter->drawText(band, Qt::AlignCenter, name);
        }
        ++m_drawnLabels;
    }
}

void PatternBands::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const {
    painter->setPen(Qt::NoPen);
    painter->setBrush(patternColor(0));
    painter->drawRect(rect);
}

void SteadyPeriodStrip::wheelEvent(QWheelEvent* event) {
    if (event->modifiers() & Qt::ControlModifier) {
        QCustomPlot::wheelEvent(event);
        event->accept();
    } else if (!scrollPaneWith(this, event)) {
        event->ignore();
    }
}

SteadyPeriodStrip::SteadyPeriodStrip(QWidget* parent) : QCustomPlot(parent) {
    setObjectName(QStringLiteral("steadyPeriodStrip"));
    setMinimumHeight(80);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    axisRect()->setRangeDrag(Qt::Horizontal);
    axisRect()->setRangeZoom(Qt::Horizontal);
    yAxis->setVisible(false);
    yAxis->setRange(0, 1);
    xAxis->grid()->setVisible(false);
    xAxis->setLabel(QString());  // the title says what the axis is
    m_bands = new PatternBands(xAxis, yAxis);
    m_bands->removeFromLegend();
    legend->setVisible(false);
    QFont titleFont = font();
    titleFont.setBold(true);
    m_title = new QCPTextElement(this, tr("Valid patterns in one period"), titleFont);
    m_title->setMargins(QMargins(0, 2, 0, 0));
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, m_title);
    plotLayout()->setRowStretchFactor(0, 0.001);
    axisRect()->setMinimumMargins(QMargins(8, 2, 12, 0));

    connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &SteadyPeriodStrip::clampRange);
    // Time labels like "1.5·10^8" are wide: fewer ticks on a narrow strip, so they never overlap.
    connect(this, &QCustomPlot::beforeReplot, this, [this] { fitToWidth(viewport().width()); });
    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) { m_pressAt = event->position(); });
    connect(this, &QCustomPlot::mouseRelease, this, [this](QMouseEvent* event) {
        if (event->button() != Qt::LeftButton || !m_data) return;
        const QPointF moved = event->position() - m_pressAt;
        if (std::abs(moved.x()) + std::abs(moved.y()) > 4) return;  // a drag, not a click
        if (!axisRect()->rect().contains(event->position().toPoint())) return;
        emit patternClicked(m_bands->patternAt(event->position()));
    });
    connect(this, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
        if (event->buttons() != Qt::NoButton || !m_data) return;
        if (auto p = m_bands->patternAt(event->position()))
            QToolTip::showText(event->globalPosition().toPoint(), tooltipText(*p), this);
        else
            QToolTip::hideText();
    });
    connect(this, &QCustomPlot::mouseDoubleClick, this, [this] {
        fitView();
        replot();
    });
    setContextMenuPolicy(Qt::CustomContextMenu);
    connect(this, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
        QMenu menu(this);
        menu.addAction(tr("Fit view"), this, [this] {
            fitView();
            replot();
        });
        menu.addSeparator();
        menu.addAction(tr("Export chart…"), this, &SteadyPeriodStrip::exportRequested);
        menu.exec(mapToGlobal(at));
    });
    setMouseTracking(true);
}

void SteadyPeriodStrip::setData(std::shared_ptr<const SteadyViewData> data) {
    m_data = std::move(data);
    m_bands->setData(m_data);
    if (m_data) {
        const SteadyPeriodicSchedule& periodic = m_data->solution.periodic;
        const QString patterns = countOf(static_cast<long long>(m_data->solution.patterns.size()), tr("valid pattern"),
                                         tr("valid patterns"));
        const QString period = formatRounded(periodic.period, 6);
        // From the fullest title to the shortest: the one that fits the strip's width is shown.
        m_titles = {tr("%1 · period T = %2 · K = %3 instances per period%4")
                        .arg(patterns, period, formatRounded(periodic.tasksPerPeriod, 9),
                             periodic.exact ? QString() : tr(" (rates, no exact period)")),
                    tr("%1 · T = %2 · K = %3").arg(patterns, period, formatRounded(periodic.tasksPerPeriod, 6)),
                    tr("%1 · T = %2").arg(patterns, period), tr("T = %1").arg(period)};
        m_title->setText(m_titles.front());
    } else {
        m_titles.clear();
        m_title->setText(tr("Valid patterns in one period"));
    }
    fitView();
    replot();
}

void SteadyPeriodStrip::fitToWidth(int width) {
    xAxis->ticker()->setTickCount(std::clamp(width / 110, 2, 8));
    const QFontMetricsF metrics(m_title->font());
    for (const QString& title : m_titles)
        if (metrics.horizontalAdvance(title) + 12 <= width || title == m_titles.back()) {
            m_title->setText(title);
            break;
        }
}

void SteadyPeriodStrip::setSelectedPattern(std::optional<std::size_t> p) {
    m_bands->setSelectedPattern(p);
    replot();
}

void SteadyPeriodStrip::setEmphasis(std::set<std::size_t> patterns) {
    m_bands->setEmphasis(std::move(patterns));
    replot();
}

void SteadyPeriodStrip::fitView() {
    const double period = m_data ? m_data->solution.periodic.period : 1.0;
    m_clamping = true;
    xAxis->setRange(0, period > 0 ? period : 1.0);
    m_clamping = false;
}

std::vector<double> SteadyPeriodStrip::bandWidths() const {
    std::vector<double> widths;
    if (!m_data) return widths;
    for (std::size_t p = 0; p < m_data->solution.patterns.size(); ++p)
        widths.push_back(m_data->patternEnd(p) - m_data->patternStart(p));
    return widths;
}

void SteadyPeriodStrip::clampRange(const QCPRange& range) {
    if (m_clamping || !m_data) return;
    const double period = m_data->solution.periodic.period > 0 ? m_data->solution.periodic.period : 1.0;
    // Zoom in down to a millionth of the period, never out beyond it.
    const double size = std::clamp(range.size(), period * 1e-6, period);
    const double lower = std::clamp(range.size() == size ? range.lower : range.center() - size / 2, 0.0, period - size);
    if (lower == range.lower && lower + size == range.upper) return;
    m_clamping = true;
    xAxis->setRange(lower, lower + size);
    m_clamping = false;
}

QString SteadyPeriodStrip::tooltipText(std::size_t p) const {
    const SteadyPattern& pattern = m_data->solution.patterns[p];
    QStringList links;
    for (std::size_t k = 0; k < pattern.arcs.size() && k < 12; ++k) links << m_data->arcName(pattern.arcs[k]);
    if (pattern.arcs.size() > 12) links << tr("… %1 more").arg(pattern.arcs.size() - 12);
    QStringList processors;
    for (std::size_t k = 0; k < pattern.processors.size() && k < 12; ++k) processors << m_data->nodeName(pattern.processors[k]);
    if (pattern.processors.size() > 12) processors << tr("… %1 more").arg(pattern.processors.size() - 12);
    return tr("<span style='color:%1'>&#9632;</span> <b>%2</b> y = %3, T·y = %4, from %5 to %6<br>links: %7<br>computing: %8")
        .arg(patternColor(p).name(), m_data->patternName(p), m_data->durationText(p),
             formatRounded(m_data->patternEnd(p) - m_data->patternStart(p), 6), formatRounded(m_data->patternStart(p), 6),
             formatRounded(m_data->patternEnd(p), 6),
             links.isEmpty() ? tr("none") : links.join(QStringLiteral(", ")).toHtmlEscaped(),
             processors.isEmpty() ? tr("none") : processors.join(QStringLiteral(", ")).toHtmlEscaped());
}

}  // namespace hetsched::ui
