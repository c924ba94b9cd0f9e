// Small helpers shared by the canvas adapters.
#pragma once

#include <QObject>
#include <QString>
#include <algorithm>
#include <optional>
#include <set>
#include <string>

#include "util/number_text.h"

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

// A number typed into a property field; `error` says why not.
inline std::optional<double> number(const QString& label, const QString& text, QString& error) {
    const std::optional<double> v = parseNumber(text);
    if (!v) error = QObject::tr("%1: \"%2\" is not a number").arg(label, text.trimmed());
    return v;
}

inline QString shortNumber(double v) { return formatRounded(v, 4); }

}  // namespace hetsched::ui::adapter_util
