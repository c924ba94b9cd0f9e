// Numbers typed with their unit, as the views show them: "8 MB", "2.5 Gflop/s", "3 ms", "1e9", "4M".
#pragma once

#include <QString>
#include <QStringView>
#include <optional>

namespace hetsched::ui {

// `text` as a number of `unit` ("B", "B/s", "flop", "flop/s", "s"; empty for a plain number): a number in C
// syntax, optionally followed by an SI prefix (k, M, G, T, P, E; m, µ or u, n for seconds; Ki, Mi, Gi, Ti
// for bytes) and the unit itself ("flops" for "flop" too). The prefix alone works ("8M"). Nothing else.
std::optional<double> parseQuantity(QStringView text, QStringView unit);

// What a field of `unit` accepts, for its tooltip and its refusals: "a number, or with a unit: 8 MB, 1.5 GB,
// 512 KiB".
QString acceptedQuantityText(QStringView unit);

}  // namespace hetsched::ui
