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

QString LaneAxisTicker::rangeLabel(const QStringList& names) {
    if (names.isEmpty()) return {};
    const QString& a = names.front();
    const QString& b = names.back();
    if (names.size() == 1) return a;
    qsizetype prefix = 0;
    while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) ++prefix;
    qsizetype suffix = 0;
    while (suffix < a.size() - prefix && suffix < b.size() - prefix && a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
        ++suffix;
    // Digits shared at the edges belong to the numbers ("CPU 10" and "CPU 17": "CPU 10–17").
    while (prefix > 0 && a[prefix - 1].isDigit()) --prefix;
    while (suffix > 0 && a[a.size() - suffix].isDigit()) --suffix;
    const QString first = a.mid(prefix, a.size() - prefix - suffix);
    const QString last = b.mid(prefix, b.size() - prefix - suffix);
    const auto number = [](const QString& text) {
        return !text.isEmpty() && std::all_of(text.begin(), text.end(), [](QChar c) { return c.isDigit(); });
    };
    if (!number(first) || !number(last)) return {};
    // Every lane between them numbered one more than the one before: a range, not a list with gaps.
    const long long from = first.toLongLong();
    for (qsizetype k = 0; k < names.size(); ++k)
        if (names[k] != a.left(prefix) + QString::number(from + k) + a.right(suffix)) return {};
    return a.left(prefix) + first + QChar(0x2013) + last + a.right(suffix);
}

double LaneAxisTicker::getTickStep(const QCPRange& range) {
    m_available = availablePixels();
    const double fitting = std::max(1.0, std::floor(m_available / labelPixels(m_axis->tickLabelFont())));
    m_fitting = fitting;
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
    if (!m_groupLabels.isEmpty()) return m_groupLabels.value(tick);
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
    m_groupLabels.clear();
    if (m_names.isEmpty()) return ticks;
    const double step = std::max(1.0, tickStep);
    // Not every lane named, and every run of a category in view: each run named once, by its lanes' range,
    // when the runs' names are far enough apart and say ranges of numbered lanes.
    const bool wholeInView = !m_groups.empty() && range.lower <= m_groups.front().first &&
                             range.upper >= m_groups.back().second && m_groups.back().second < m_names.size();
    if (step > 1 && wholeInView && m_groups.size() >= 2 && static_cast<double>(m_groups.size()) <= m_fitting) {
        const double pixelsPerLane = m_available / std::max(1e-9, range.size());
        const double need = labelPixels(m_axis->tickLabelFont());
        QMap<double, QString> labels;
        double previous = -1e300;
        bool fits = true;
        for (const auto& [first, last] : m_groups) {
            const QString label = rangeLabel(m_names.mid(first, last - first + 1));
            const double middle = (first + last) / 2.0;
            if (label.isEmpty() || (middle - previous) * pixelsPerLane < need) {
                fits = false;
                break;
            }
            labels.insert(middle, label);
            previous = middle;
        }
        if (fits) {
            m_groupLabels = labels;
            return QVector<double>(labels.keyBegin(), labels.keyEnd());
        }
    }
    const double first = std::max(0.0, std::ceil(range.lower / step) * step);
    const double last = std::min(static_cast<double>(m_names.size() - 1), range.upper);
    for (double lane = first; lane <= last; lane += step) ticks.append(lane);
    return ticks;
}

}  // namespace hetsched::ui
