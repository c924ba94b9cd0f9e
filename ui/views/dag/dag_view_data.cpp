#include "views/dag/dag_view_data.h"

#include <QObject>
#include <QStringList>
#include <algorithm>
#include <cmath>

#include "solvers/family_solution.h"
#include "util/number_text.h"
#include "views/common/chart_palette.h"

namespace hetsched::ui {

namespace {

constexpr int kTaskPaletteSize = 20;   // by task: colours cycle so that neighbouring tasks differ
constexpr int kMaxLevelLegend = 8;     // more levels: one ramp entry
constexpr std::size_t kMaxTaskLegend = 12;
constexpr std::size_t kMaxClusterLegend = 16;

// A perceptually ordered ramp (viridis' end points and middle) for precedence levels.
QColor rampColor(double x, PaletteName palette = PaletteName::Default) {
    if (palette == PaletteName::Grey) {
        const int grey = static_cast<int>(std::lround(0x30 + std::clamp(x, 0.0, 1.0) * (0xe0 - 0x30)));
        return QColor(grey, grey, grey);
    }
    static const QColor stops[] = {QColor(0x44, 0x01, 0x54), QColor(0x3b, 0x52, 0x8b), QColor(0x21, 0x90, 0x8d),
                                   QColor(0x5d, 0xc8, 0x63), QColor(0xfd, 0xe7, 0x25)};
    constexpr int n = static_cast<int>(std::size(stops));
    x = std::clamp(x, 0.0, 1.0) * (n - 1);
    const int i = std::min(n - 2, static_cast<int>(std::floor(x)));
    const double f = x - i;
    const QColor& a = stops[i];
    const QColor& b = stops[i + 1];
    return QColor::fromRgbF(static_cast<float>(a.redF() + f * (b.redF() - a.redF())),
                            static_cast<float>(a.greenF() + f * (b.greenF() - a.greenF())),
                            static_cast<float>(a.blueF() + f * (b.blueF() - a.blueF())));
}

QString seconds(double s) {
    return quantityText(s, u"s");
}

}  // namespace

QString DagViewData::taskName(std::size_t task) const {
    return QString::fromStdString(instance.tasks[task].name);
}

QString DagViewData::whereText(std::size_t task) const {
    QStringList parts;
    const auto& clusters = instance.platform.clusters;
    for (const auto& [first, last] : runs[task]) {
        const auto c = static_cast<std::size_t>(processors.clusterOf[static_cast<std::size_t>(first)]);
        const int a = first - processors.offset[c];
        const int b = last - processors.offset[c];
        const QString name = QString::fromStdString(clusters[c].name);
        parts << (a == b ? QStringLiteral("%1 #%2").arg(name).arg(a) : QStringLiteral("%1 #%2–#%3").arg(name).arg(a).arg(b));
    }
    const std::size_t count = placements[task].processors.size();
    return QStringLiteral("%1 (%2)").arg(countOf(static_cast<long long>(count), QObject::tr("processor"),
                                                 QObject::tr("processors")),
                                         parts.join(QStringLiteral(", ")));
}

Expected<std::shared_ptr<const DagViewData>> makeDagViewData(const DagInstance& instance, const SolveResult& result) {
    // The placements of the result's typed solution (a simulated run's carries the simulated times).
    const DagSolution* solution = solutionOf<DagSolution>(result);
    if (!solution) return invalidInput("this result carries no task graph schedule");
    const ProcessorIndex processors = indexProcessors(instance.platform);
    if (solution->tasks.size() != instance.tasks.size())
        return invalidInput("this result places " + std::to_string(solution->tasks.size()) + " tasks, the graph has " +
                            std::to_string(instance.tasks.size()));
    auto data = std::make_shared<DagViewData>();
    data->instance = instance;
    data->placements = solution->tasks;
    for (std::size_t t = 0; t < data->placements.size(); ++t) {
        std::vector<int>& on = data->placements[t].processors;
        std::sort(on.begin(), on.end());
        if (on.empty() || on.front() < 0 || on.back() >= processors.total())
            return invalidInput("task " + instance.tasks[t].name + " is not placed on processors of this platform");
    }
    data->processors = processors;
    data->trace = traceDagSchedule(instance, data->placements);
    const std::size_t n = instance.tasks.size();
    data->runs.resize(n);
    data->clusterOf.assign(n, -1);
    data->successors.resize(n);
    data->predecessors.resize(n);
    for (std::size_t t = 0; t < n; ++t) {
        const DagPlacement& p = data->placements[t];
        auto& runs = data->runs[t];
        int cluster = -2;
        for (int q : p.processors) {
            const int c = data->processors.clusterOf[static_cast<std::size_t>(q)];
            // A run never crosses a cluster boundary: the bands are drawn apart.
            if (runs.empty() || q != runs.back().second + 1 ||
                data->processors.clusterOf[static_cast<std::size_t>(runs.back().second)] != c)
                runs.emplace_back(q, q);
            else
                runs.back().second = q;
            cluster = cluster == -2 || cluster == c ? c : -1;
        }
        data->clusterOf[t] = cluster < 0 ? -1 : cluster;
        data->makespan = std::max(data->makespan, p.end);
    }
    for (std::size_t e = 0; e < instance.edges.size(); ++e) {
        data->successors[instance.edges[e].from].push_back(e);
        data->predecessors[instance.edges[e].to].push_back(e);
    }
    data->solver = QString::fromStdString(result.solver);
    data->title = QStringLiteral("%1 · %2").arg(data->solver.isEmpty() ? QObject::tr("schedule") : data->solver,
                                                QString::fromLatin1(solveStatusName(result.status)));
    for (const Metric& metric : result.schedule.metrics)
        data->metrics << metricText(metric);
    data->metrics << QObject::tr("%1 tasks, %2 edges, %3 processors in %4 clusters")
                         .arg(n)
                         .arg(instance.edges.size())
                         .arg(data->processors.total())
                         .arg(instance.platform.clusters.size());
    if (result.seconds > 0) data->metrics << QObject::tr("solved in %1").arg(seconds(result.seconds));
    return std::shared_ptr<const DagViewData>(std::move(data));
}

DagColors dagColors(const DagViewData& data, DagColorMode mode, PaletteName palette) {
    DagColors colors;
    colors.critical = dagCriticalColor(palette);
    const std::size_t n = data.taskCount();
    colors.taskColor.assign(n, 0);
    switch (mode) {
        case DagColorMode::ByTask:
            for (int k = 0; k < kTaskPaletteSize; ++k) colors.palette.push_back(categoricalColor(k, palette));
            for (std::size_t t = 0; t < n; ++t) colors.taskColor[t] = static_cast<std::uint16_t>(t % kTaskPaletteSize);
            colors.meaning = QObject::tr("Colour: each task its own");
            if (n <= kMaxTaskLegend) {
                for (std::size_t t = 0; t < n; ++t)
                    colors.legend.push_back({data.taskName(t), {colors.of(t)}});
            } else {
                // Too many names: the cycle of colours, and where the name is.
                colors.legend.push_back(
                    {QObject::tr("%1 colours by task number, repeating (hover a task for its name)")
                         .arg(kTaskPaletteSize),
                     colors.palette});
            }
            break;
        case DagColorMode::ByLevel: {
            const int levels = std::max(1, data.trace.levels);
            for (int l = 0; l < levels; ++l)
                colors.palette.push_back(rampColor(levels == 1 ? 0.5 : static_cast<double>(l) / (levels - 1), palette));
            for (std::size_t t = 0; t < n; ++t)
                colors.taskColor[t] = static_cast<std::uint16_t>(std::clamp(data.trace.tasks[t].level, 0, levels - 1));
            colors.meaning = QObject::tr("Colour: task level (depth from the entry tasks)");
            if (levels <= kMaxLevelLegend) {
                for (int l = 0; l < levels; ++l)
                    colors.legend.push_back(
                        {QObject::tr("level %1").arg(l), {colors.palette[static_cast<std::size_t>(l)]}});
            } else {
                // One ramp for them all: dozens of swatches would be a wall of nearly equal colours.
                colors.legend.push_back({QObject::tr("level 0 … %1").arg(levels - 1), colors.palette});
            }
            break;
        }
        case DagColorMode::ByCluster: {
            const auto& clusters = data.instance.platform.clusters;
            for (std::size_t c = 0; c < clusters.size(); ++c) colors.palette.push_back(categoricalColor(static_cast<int>(c), palette));
            const std::uint16_t several = static_cast<std::uint16_t>(colors.palette.size());
            colors.palette.push_back(QColor(0x9e, 0x9e, 0x9e));
            bool anySeveral = false;
            std::vector<bool> used(clusters.size(), false);
            for (std::size_t t = 0; t < n; ++t) {
                const int c = data.clusterOf[t];
                if (c < 0) {
                    colors.taskColor[t] = several;
                    anySeveral = true;
                } else {
                    colors.taskColor[t] = static_cast<std::uint16_t>(c);
                    used[static_cast<std::size_t>(c)] = true;
                }
            }
            colors.meaning = QObject::tr("Colour: the cluster a task runs on");
            std::size_t unnamed = 0;
            for (std::size_t c = 0; c < clusters.size(); ++c) {
                if (!used[c]) continue;
                if (colors.legend.size() < kMaxClusterLegend)
                    colors.legend.push_back({QString::fromStdString(clusters[c].name), {colors.palette[c]}});
                else
                    ++unnamed;
            }
            if (unnamed > 0) colors.legend.push_back({QObject::tr("… %1 more clusters").arg(unnamed), {}});
            if (anySeveral)
                colors.legend.push_back({QObject::tr("several clusters"), {colors.palette[several]}});
            break;
        }
    }
    if (colors.palette.empty()) colors.palette.push_back(QColor(0x4e, 0x79, 0xa7));
    return colors;
}

QColor dagRedistributionColor() {
    return QColor(0x9c, 0x75, 0x5f);
}

QColor dagCriticalColor(PaletteName palette) {
    if (palette == PaletteName::Grey) return QColor(0, 0, 0);
    return QColor(0xd6, 0x27, 0x28);
}

QString dagTaskTooltip(const DagViewData& data, std::size_t t, const QColor& color) {
    const DagTask& task = data.instance.tasks[t];
    const DagPlacement& p = data.placements[t];
    const DagTaskTrace& tr = data.trace.tasks[t];
    QString text = QStringLiteral("<span style='color:%1'>&#9632;</span> <b>%2</b>")
                       .arg(color.name(), data.taskName(t).toHtmlEscaped());
    if (data.trace.onCriticalPath[t])
        text += QStringLiteral(" <span style='color:%1'>%2</span>").arg(dagCriticalColor().name(), QObject::tr("critical path"));
    text += QObject::tr("<br>%1, Amdahl α %2, level %3")
                .arg(flopsText(task.flops), formatRounded(task.alpha, 3))
                .arg(tr.level);
    text += QStringLiteral("<br>") + data.whereText(t).toHtmlEscaped();
    text += QObject::tr("<br>start %1, end %2, duration %3").arg(seconds(p.start), seconds(p.end), seconds(p.end - p.start));
    if (!data.predecessors[t].empty()) {
        text += QObject::tr("<br>input data ready at %1").arg(seconds(tr.dataReady));
        if (tr.criticalPredecessor >= 0)
            text += QObject::tr(" (last from %1)").arg(data.taskName(static_cast<std::size_t>(tr.criticalPredecessor)).toHtmlEscaped());
        if (tr.waitedForProcessors)
            text += QObject::tr("<br>waited %1 for its processors").arg(seconds(p.start - tr.dataReady));
    }
    text += QObject::tr("<br>%1 predecessor(s), %2 successor(s)").arg(data.predecessors[t].size()).arg(data.successors[t].size());
    return text;
}

QString dagWaitTooltip(const DagViewData& data, std::size_t t) {
    const DagTaskTrace& tr = data.trace.tasks[t];
    QString text = QObject::tr("<b>redistribution for %1</b><br>its processors wait from %2 to %3 (%4)")
                       .arg(data.taskName(t).toHtmlEscaped(), seconds(tr.waitStart), seconds(tr.waitEnd),
                            seconds(tr.waitEnd - tr.waitStart));
    // The incoming transfers, the slowest first (at most a few).
    std::vector<std::size_t> edges = data.predecessors[t];
    std::sort(edges.begin(), edges.end(), [&](std::size_t a, std::size_t b) {
        const auto arrival = [&](std::size_t e) {
            return data.placements[data.instance.edges[e].from].end + data.trace.edgeSeconds[e];
        };
        return arrival(a) > arrival(b);
    });
    for (std::size_t k = 0; k < edges.size() && k < 6; ++k) {
        const DagEdge& e = data.instance.edges[edges[k]];
        text += QObject::tr("<br>from %1: %2 in %3, arrives at %4")
                    .arg(data.taskName(e.from).toHtmlEscaped(), bytesText(e.bytes), seconds(data.trace.edgeSeconds[edges[k]]),
                         seconds(data.placements[e.from].end + data.trace.edgeSeconds[edges[k]]));
    }
    if (edges.size() > 6) text += QObject::tr("<br>… %1 more").arg(edges.size() - 6);
    return text;
}

}  // namespace hetsched::ui
