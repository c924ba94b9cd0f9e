// Small helpers shared by the canvas adapters.
#pragma once

#include <QObject>
#include <QString>
#include <algorithm>
#include <optional>
#include <set>
#include <string>

#include "util/number_text.h"
#include "util/quantity_input.h"

namespace hetsched::ui::adapter_util {

// `base` if free, else "base (2)", "base (3)", ...
inline std::string uniqueName(const std::string& base, const std::set<std::string>& taken) {
    if (!taken.count(base)) return base;
    for (int n = 2;; ++n) {
        std::string candidate = base;
        candidate.append(" (").append(std::to_string(n)).append(")");
        if (!taken.count(candidate)) return candidate;
    }
}

// The first free name prefixN for N = 1, 2, ...
inline std::string numberedName(const std::string& prefix, const std::set<std::string>& taken) {
    for (std::size_t n = 1;; ++n) {
        std::string candidate = prefix;
        candidate.append(std::to_string(n));
        if (!taken.count(candidate)) return candidate;
    }
}

// A number typed into a property field, with its unit where it has one ("8 MB" for "B", see parseQuantity);
// `error` says why not and what the field accepts.
inline std::optional<double> number(const QString& label, const QString& text, QString& error, QStringView unit = {}) {
    const std::optional<double> v = parseQuantity(text, unit);
    if (!v)
        error = QObject::tr("%1: \"%2\" is not a number (it takes %3)").arg(label, text.trimmed(), acceptedQuantityText(unit));
    return v;
}

inline QString shortNumber(double v) { return formatRounded(v, 4); }

}  // namespace hetsched::ui::adapter_util
