#include "util/number_text.h"

#include <QLocale>
#include <charconv>
#include <cmath>
#include <limits>

namespace hetsched::ui {

QString formatNumber(double value) {
    char buffer[64];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
    if (error != std::errc()) return QString::number(value, 'g', 17);
    return QString::fromLatin1(buffer, static_cast<qsizetype>(end - buffer));
}

QString formatRounded(double value, int significant) {
    return QLocale::c().toString(value, 'g', significant);
}

QString countOf(long long count, const QString& singular, const QString& plural) {
    return QStringLiteral("%1 %2").arg(count).arg(count == 1 ? singular : plural);
}

std::optional<double> parseNumber(QStringView text) {
    bool ok = false;
    const double value = QLocale::c().toDouble(text.trimmed(), &ok);
    if (!ok || !std::isfinite(value)) return std::nullopt;
    return value;
}

std::optional<std::int64_t> parseInteger(QStringView text) {
    bool ok = false;
    const qlonglong value = QLocale::c().toLongLong(text.trimmed(), &ok);
    if (ok) return static_cast<std::int64_t>(value);
    // Accept "1e3" and "12.0": the value matters, not its spelling.
    const std::optional<double> number = parseNumber(text);
    if (!number || std::floor(*number) != *number || std::abs(*number) > 9.0e15) return std::nullopt;
    return static_cast<std::int64_t>(*number);
}

QString withSiPrefix(double value, const char* unit) {
    static const char* prefixes[] = {"", "k", "M", "G", "T", "P", "E"};
    int p = 0;
    while (std::abs(value) >= 1000 && p < 6) {
        value /= 1000;
        ++p;
    }
    return QStringLiteral("%1 %2%3").arg(formatRounded(value, 3), QLatin1String(prefixes[p]), QLatin1String(unit));
}

QString quantityText(double value, QStringView unit) {
    if (!std::isfinite(value)) return unit.isEmpty() ? formatRounded(value) : QStringLiteral("%1 %2").arg(formatRounded(value), unit);
    if (unit.isEmpty())
        return std::floor(value) == value && std::abs(value) < 1e15 ? QString::number(static_cast<qint64>(value))
                                                                    : formatRounded(value, 4);
    if (unit == u"s") {
        // Seconds: ms, µs and ns below one second; plain seconds above (no "ks").
        const double magnitude = std::abs(value);
        if (magnitude >= 1 || magnitude == 0) return QStringLiteral("%1 s").arg(formatRounded(value, magnitude >= 1000 ? 6 : 4));
        static const char* prefixes[] = {"m", "µ", "n"};
        int p = 0;
        double scaled = value * 1000;
        while (std::abs(scaled) < 1 && p < 2) {
            scaled *= 1000;
            ++p;
        }
        return QStringLiteral("%1 %2s").arg(formatRounded(scaled, 3), QString::fromUtf8(prefixes[p]));
    }
    if (unit == u"flop" || unit == u"flop/s" || unit == u"B" || unit == u"B/s")
        return withSiPrefix(value, unit.toLatin1().constData());
    return QStringLiteral("%1 %2").arg(formatRounded(value, 3), unit);
}

QString metricText(const Metric& metric) {
    return QStringLiteral("%1 = %2").arg(QString::fromStdString(metric.name),
                                         quantityText(metric.value, QString::fromStdString(metric.unit)));
}

QString bytesText(double bytes) {
    return withSiPrefix(bytes, "B");
}

QString flopsText(double flops) {
    return withSiPrefix(flops, "flop");
}

}  // namespace hetsched::ui
