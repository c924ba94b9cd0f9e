#include "util/quantity_input.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>

#include "util/number_text.h"

namespace hetsched::ui {

namespace {

struct Prefix {
    const char16_t* text;
    double factor;
};
constexpr Prefix kPrefixes[] = {{u"", 1},       {u"k", 1e3},      {u"K", 1e3},      {u"M", 1e6},
                                {u"G", 1e9},    {u"T", 1e12},     {u"P", 1e15},     {u"E", 1e18},
                                {u"Ki", 1024.0}, {u"Mi", 1048576.0}, {u"Gi", 1073741824.0}, {u"Ti", 1099511627776.0},
                                {u"m", 1e-3},   {u"µ", 1e-6},     {u"u", 1e-6},     {u"n", 1e-9}};

bool binary(const Prefix& p) { return QStringView(p.text).endsWith(u'i'); }
bool fractional(const Prefix& p) { return p.factor < 1; }

// The spellings of a unit a user may type.
QStringList spellings(QStringView unit) {
    if (unit == u"flop") return {QStringLiteral("flop"), QStringLiteral("flops")};
    if (unit == u"flop/s") return {QStringLiteral("flop/s"), QStringLiteral("flops/s"), QStringLiteral("flops")};
    if (unit.isEmpty()) return {QString()};
    return {unit.toString()};
}

}  // namespace

std::optional<double> parseQuantity(QStringView text, QStringView unit) {
    const QString trimmed = text.trimmed().toString();
    if (const std::optional<double> plain = parseNumber(trimmed)) return plain;
    static const QRegularExpression shape(QStringLiteral(R"(^([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(\S+)$)"));
    const QRegularExpressionMatch match = shape.match(trimmed);
    if (!match.hasMatch()) return std::nullopt;
    const std::optional<double> number = parseNumber(match.captured(1));
    if (!number) return std::nullopt;
    const QString rest = match.captured(2);
    const QStringList names = spellings(unit);
    for (const Prefix& prefix : kPrefixes) {
        if (binary(prefix) && unit != u"B" && unit != u"B/s") continue;
        if (fractional(prefix) && unit != u"s") continue;
        const QString p = QStringView(prefix.text).toString();
        // With the unit ("8 MB"), or the prefix alone ("8M"; never "3m" for milliseconds).
        const bool matches = std::any_of(names.begin(), names.end(), [&](const QString& name) { return rest == p + name; }) ||
                             (prefix.factor > 1 && rest == p);
        if (!matches) continue;
        const double value = *number * prefix.factor;
        return std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
    }
    return std::nullopt;
}

QString acceptedQuantityText(QStringView unit) {
    if (unit == u"B") return QCoreApplication::translate("Quantity", "a number of bytes, or with a unit: 8 MB, 1.5 GB, 512 KiB, 1e9");
    if (unit == u"B/s")
        return QCoreApplication::translate("Quantity", "bytes per second, or with a unit: 125 MB/s, 10 GB/s, 1e9");
    if (unit == u"flop") return QCoreApplication::translate("Quantity", "flop, or with a unit: 2 Gflop, 3.5e9, 500 Mflop");
    if (unit == u"flop/s")
        return QCoreApplication::translate("Quantity", "flop per second, or with a unit: 2.5 Gflop/s, 1 Tflop/s, 1e9");
    if (unit == u"s") return QCoreApplication::translate("Quantity", "seconds, or with a unit: 3 ms, 20 µs (or us), 0.5 s, 1e-4");
    return QCoreApplication::translate("Quantity", "a number: 12, 0.5, 1e9, or with a prefix: 8k, 2.5M, 1G");
}

}  // namespace hetsched::ui
