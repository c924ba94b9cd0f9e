#include "views/gantt/lane_axis_ticker.h"

#include <algorithm>
#include <cmath>

namespace hetsched::ui {

namespace {
constexpr int kLeastElidedPixels = 130;   // a lane name is never elided shorter
}  // namespace

LaneAxisTicker::LaneAxisTicker(QCPAxis* axis) : m_axis(axis) {}

double LaneAxisTicker::availablePixels() {
    // The axis rect of the previous layout tells how much of the viewport titles, legend and margins take;
    // the viewport may have changed since (an export at another size), the chrome around the axis rect has
    // not.
    const int viewportHeight = m_axis->parentPlot()->viewport().height();
    const int axisHeight = m_axis->axisRect()->height();
    const int chrome = m_lastViewportHeight > 0 && axisHeight > 0 ? m_lastViewportHeight - axisHeight : 90;
    m_lastViewportHeight = viewportHeight;
    return std::max(20, viewportHeight - chrome);
}

double LaneAxisTicker::getTickStep(const QCPRange& range) {
    const double fitting = std::max(1.0, std::floor(availablePixels() / labelPixels(m_axis->tickLabelFont())));
    const double needed = range.size() / fitting;
    if (needed <= 1.0) return 1.0;
    // A readable step: 1, 2, 5, 10, 20, 50, ...
    const double magnitude = std::pow(10.0, std::floor(std::log10(needed)));
    for (double mantissa : {1.0, 2.0, 5.0, 10.0})
        if (mantissa * magnitude >= needed) return mantissa * magnitude;
    return 10.0 * magnitude;
}

int LaneAxisTicker::getSubTickCount(double tickStep) {
    Q_UNUSED(tickStep)
    return 0;
}

QString LaneAxisTicker::getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) {
    Q_UNUSED(locale)
    Q_UNUSED(formatChar)
    Q_UNUSED(precision)
    const long long lane = std::llround(tick);
    if (lane < 0 || lane >= m_names.size()) return {};
    // A name wider than a quarter of the chart ("AS_netgear08.orsay.grid5000.fr #17" of SimGrid's g5k) is
    // elided in its middle, keeping its start and its number, so that the bars keep the width; a bar's
    // tooltip names its lane whole.
    const int widest = std::max(kLeastElidedPixels, m_axis->parentPlot()->viewport().width() / 4);
    return QFontMetrics(m_axis->tickLabelFont()).elidedText(m_names[static_cast<qsizetype>(lane)], Qt::ElideMiddle, widest);
}

QVector<double> LaneAxisTicker::createTickVector(double tickStep, const QCPRange& range) {
    QVector<double> ticks;
    if (m_names.isEmpty()) return ticks;
    const double step = std::max(1.0, tickStep);
    const double first = std::max(0.0, std::ceil(range.lower / step) * step);
    const double last = std::min(static_cast<double>(m_names.size() - 1), range.upper);
    for (double lane = first; lane <= last; lane += step) ticks.append(lane);
    return ticks;
}

}  // namespace hetsched::ui
