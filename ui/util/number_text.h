// Numbers as the user reads and types them: shortest round-trip text, C locale, no surprises.
#pragma once

#include <QString>
#include <QStringView>
#include <cstdint>
#include <optional>

#include "schedule/schedule.h"

namespace hetsched::ui {

// The shortest text that reads back as exactly `value` ("2.1", "1e-05", "1000").
QString formatNumber(double value);
// `value` rounded to `significant` digits for display in tables and titles ("51.03").
QString formatRounded(double value, int significant = 6);

// `value` with an SI prefix and `unit`, 3 significant digits: "1.5 MB", "20 Gflop", "512 B".
QString withSiPrefix(double value, const char* unit);
// A measured quantity for display, never for editing (fields show formatNumber): "9.92 s", "5 ms",
// "52.5 Gflop/s", "1.5 MB", "5.29e-10 s²/flop"; without a unit a whole number exactly ("48") and any other
// to 4 significant digits ("9.311").
QString quantityText(double value, QStringView unit);
// "makespan = 9.92 s": a schedule's metric as the charts' headings show it.
QString metricText(const Metric& metric);
QString bytesText(double bytes);   // withSiPrefix(bytes, "B")
QString flopsText(double flops);   // withSiPrefix(flops, "flop")

// "1 resource", "7 resources": English plurals without a translation catalogue.
QString countOf(long long count, const QString& singular, const QString& plural);

// A finite number in C locale syntax, surrounding spaces ignored.
std::optional<double> parseNumber(QStringView text);
// A whole number (no fraction, no exponent beyond what is exactly integral).
std::optional<std::int64_t> parseInteger(QStringView text);

}  // namespace hetsched::ui
