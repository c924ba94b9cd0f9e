#include "views/steady/steady_view_data.h"

#include <QStringList>
#include <algorithm>
#include <map>

#include "solvers/family_solution.h"
#include "util/number_text.h"
#include "views/common/chart_palette.h"

namespace hetsched::ui {

QString SteadyViewData::arcName(std::size_t e) const {
    return QStringLiteral("%1→%2").arg(nodeName(arcs[e].from), nodeName(arcs[e].to));
}

QString SteadyViewData::patternName(std::size_t p) const {
    return QStringLiteral("π%1").arg(p + 1);
}

QString SteadyViewData::pathText(const std::vector<std::size_t>& arcIds) const {
    if (arcIds.empty()) return QStringLiteral("—");
    // A path is written node by node when each arc starts where the previous one ended.
    bool chained = true;
    for (std::size_t k = 1; k < arcIds.size(); ++k) chained = chained && arcs[arcIds[k]].from == arcs[arcIds[k - 1]].to;
    QStringList parts;
    if (chained) {
        parts << nodeName(arcs[arcIds.front()].from);
        for (std::size_t e : arcIds) parts << nodeName(arcs[e].to);
        return parts.join(QStringLiteral(" → "));
    }
    for (std::size_t e : arcIds) parts << arcName(e);
    return parts.join(QStringLiteral(", "));
}

double SteadyViewData::patternStart(std::size_t p) const {
    const auto& starts = solution.periodic.patternStart;
    return p < starts.size() ? starts[p] : 0.0;
}

double SteadyViewData::patternEnd(std::size_t p) const {
    const auto& starts = solution.periodic.patternStart;
    return p + 1 < starts.size() ? starts[p + 1] : patternStart(p);
}

QString SteadyViewData::weightText(std::size_t a) const {
    const SteadyAllocation& al = solution.allocations[a];
    return al.exactWeight.empty() ? formatRounded(al.weight, 6) : QString::fromStdString(al.exactWeight);
}

QString SteadyViewData::durationText(std::size_t p) const {
    const SteadyPattern& pt = solution.patterns[p];
    return pt.exactDuration.empty() ? formatRounded(pt.duration, 6) : QString::fromStdString(pt.exactDuration);
}

Expected<std::shared_ptr<const SteadyViewData>> steadyViewData(const SteadyStateInstance& instance,
                                                               const SolveResult& result) {
    const SteadySolution* solution = solutionOf<SteadySolution>(result);
    if (!solution) return invalidInput("this result carries no steady-state solution");
    auto data = std::make_shared<SteadyViewData>();
    data->instance = instance;
    data->solution = *solution;
    data->arcs = steadyArcs(instance);
    const std::size_t E = data->arcs.size();
    const std::size_t V = instance.nodes.size();
    // The solution was verified against the instance it was solved on, which must be this one.
    if (solution->resourceLoads.size() != E + V)
        return invalidInput("this result was computed on another platform (" +
                            std::to_string(solution->resourceLoads.size()) + " resources, this one has " +
                            std::to_string(E + V) + ")");
    if (auto problems = verifySteady(instance, *solution); !problems.empty())
        return invalidInput("this result does not fit the platform: " + problems.front());
    std::map<std::pair<std::size_t, std::size_t>, std::size_t> arcOf;
    for (std::size_t e = 0; e < E; ++e) arcOf[{data->arcs[e].from, data->arcs[e].to}] = e;
    data->reverseArc.assign(E, -1);
    for (std::size_t e = 0; e < E; ++e)
        if (auto it = arcOf.find({data->arcs[e].to, data->arcs[e].from}); it != arcOf.end())
            data->reverseArc[e] = static_cast<int>(it->second);
    data->load = solution->resourceLoads;
    data->sendLoad.assign(V, 0.0);
    data->receiveLoad.assign(V, 0.0);
    for (std::size_t e = 0; e < E; ++e) {
        data->sendLoad[data->arcs[e].from] += data->load[e];
        data->receiveLoad[data->arcs[e].to] += data->load[e];
    }
    data->patternsOfAllocation.assign(data->solution.allocations.size(), {});
    for (const SteadyPlacement& pl : data->solution.periodic.placements)
        if (pl.allocation < data->patternsOfAllocation.size())
            data->patternsOfAllocation[pl.allocation].insert(pl.pattern);
    return std::shared_ptr<const SteadyViewData>(std::move(data));
}

QColor patternColor(std::size_t p) {
    return categoricalColor(static_cast<int>(p % 100000));
}

QColor loadColor(double fraction) {
    // YlOrRd-like stops: light yellow, orange, red, dark red.
    struct Stop {
        double at;
        QColor color;
    };
    static const Stop stops[] = {{0.0, QColor(0xff, 0xe9, 0x8f)},
                                 {0.35, QColor(0xfd, 0xa8, 0x3d)},
                                 {0.7, QColor(0xe3, 0x3a, 0x1f)},
                                 {1.0, QColor(0x80, 0x00, 0x26)}};
    const double x = std::clamp(fraction, 0.0, 1.0);
    for (std::size_t k = 1; k < std::size(stops); ++k) {
        if (x > stops[k].at) continue;
        const double t = (x - stops[k - 1].at) / (stops[k].at - stops[k - 1].at);
        const QColor& a = stops[k - 1].color;
        const QColor& b = stops[k].color;
        return QColor::fromRgbF(static_cast<float>(a.redF() + t * (b.redF() - a.redF())),
                                static_cast<float>(a.greenF() + t * (b.greenF() - a.greenF())),
                                static_cast<float>(a.blueF() + t * (b.blueF() - a.blueF())));
    }
    return stops[std::size(stops) - 1].color;
}

QColor fadedColor(const QColor& color, double amount) {
    const double keep = 1.0 - std::clamp(amount, 0.0, 1.0);
    return QColor::fromRgbF(static_cast<float>(1.0 - keep * (1.0 - color.redF())),
                            static_cast<float>(1.0 - keep * (1.0 - color.greenF())),
                            static_cast<float>(1.0 - keep * (1.0 - color.blueF())));
}

QColor patternHighlightColor() { return QColor(0x1f, 0x5f, 0xbf); }
QColor dataPathColor() { return QColor(0x1f, 0x5f, 0xbf); }
QColor resultPathColor() { return QColor(0xb0, 0x1f, 0x9a); }

}  // namespace hetsched::ui
