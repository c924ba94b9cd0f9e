// What the pattern decomposition view draws, read once from a steady-state result: the instance, the
// solution (allocations, valid patterns, periodic schedule) and the load of every resource.
#pragma once

#include <QColor>
#include <QString>
#include <memory>
#include <set>
#include <vector>

#include "common/expected.h"
#include "solvers/registry.h"
#include "solvers/steady/steady_solvers.h"

namespace hetsched::ui {

struct SteadyViewData {
    SteadyStateInstance instance;
    SteadySolution solution;
    std::vector<SteadyArc> arcs;
    std::vector<int> reverseArc;      // per arc: the arc in the other direction, -1 when none
    std::vector<double> load;         // per resource (arcs, then processors): busy fraction, (8.1) left side
    std::vector<double> sendLoad;     // per node: t_u^out, the out-port's busy fraction
    std::vector<double> receiveLoad;  // per node: t_u^in
    // Per allocation: the patterns in which the periodic schedule places some of its operations.
    std::vector<std::set<std::size_t>> patternsOfAllocation;

    std::size_t arcCount() const { return arcs.size(); }
    QString nodeName(std::size_t u) const { return QString::fromStdString(instance.nodes[u].name); }
    QString arcName(std::size_t e) const;      // "P1→P2"
    QString patternName(std::size_t p) const;  // "π3"
    // "P1 → P3 → P2" for a path; for a tree, its links in order.
    QString pathText(const std::vector<std::size_t>& arcIds) const;
    // A pattern's interval in the period: [start, end].
    double patternStart(std::size_t p) const;
    double patternEnd(std::size_t p) const;
    // "1/8" when exact, else the rounded number.
    QString weightText(std::size_t a) const;
    QString durationText(std::size_t p) const;
};

// The data of `result` for `instance`; errors say why the result cannot be drawn this way.
Expected<std::shared_ptr<const SteadyViewData>> steadyViewData(const SteadyStateInstance& instance,
                                                               const SolveResult& result);

// The colour of pattern p (the same in the strip, the tables and the Gantt).
QColor patternColor(std::size_t p);
// A busy fraction in [0, 1] on a light-yellow to dark-red ramp (loads above 1 saturate).
QColor loadColor(double fraction);
// The same colour washed out towards white, for what is not selected.
QColor fadedColor(const QColor& color, double amount = 0.75);

// Highlight colours of the selections, on the graph and in the legend.
QColor patternHighlightColor();
QColor dataPathColor();
QColor resultPathColor();

}  // namespace hetsched::ui
