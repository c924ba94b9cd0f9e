#include "app/run_all.h"

#include <QCoreApplication>
#include <algorithm>

#include "util/number_text.h"

namespace hetsched::ui {

namespace {
constexpr const char* kTimeLimitOption = "time_limit";
}

std::vector<SolveRequest> RunAllBatch::start(EntryId id, const Instance& instance, const QStringList& solvers,
                                             const std::function<SolverOptions(const QString&)>& optionsFor,
                                             const QString& chosen) {
    std::vector<SolveRequest> requests;
    const std::string kind = instanceKind(instance);
    for (const QString& solver : solvers) {
        SolverOptions options = optionsFor(solver);
        bool limited = false;
        const SolverSpec* spec = findSolver(kind, solver.toStdString());
        const bool searches = spec && std::any_of(spec->options.begin(), spec->options.end(),
                                                  [](const OptionSpec& o) { return o.name == kTimeLimitOption; });
        if (searches && solver != chosen) {
            const auto given = options.find(kTimeLimitOption);
            if (given == options.end() || given->second > kShortTimeLimitSeconds) {
                options[kTimeLimitOption] = kShortTimeLimitSeconds;
                limited = true;
            }
        }
        m_pending.push_back({id, solver, limited});
        requests.push_back({id, instance, solver.toStdString(), std::move(options)});
    }
    return requests;
}

QString RunAllBatch::runningText(const QString& solver) const {
    const auto it = std::find_if(m_pending.begin(), m_pending.end(), [&](const Pending& p) { return p.solver == solver; });
    if (it == m_pending.end() || !it->limited) return solver;
    return QCoreApplication::translate("RunAllBatch", "%1 (at most %2 s in Run all)")
        .arg(solver, formatRounded(kShortTimeLimitSeconds, 3));
}

bool RunAllBatch::finished(EntryId id, const QString& solver, const QString& message) {
    const auto it = std::find_if(m_pending.begin(), m_pending.end(),
                                 [&](const Pending& p) { return p.id == id && p.solver == solver; });
    if (it == m_pending.end()) return false;
    m_pending.erase(it);
    if (!message.isEmpty()) m_refusals << QStringLiteral("%1: %2").arg(solver, message);
    return true;
}

QString RunAllBatch::takeSummary() {
    m_pending.clear();
    if (m_refusals.isEmpty()) return {};
    const QString summary =
        QCoreApplication::translate("RunAllBatch", "Not run on this instance (%n solver(s)):", nullptr,
                                    static_cast<int>(m_refusals.size())) +
        QStringLiteral("\n• ") + m_refusals.join(QStringLiteral("\n• "));
    m_refusals.clear();
    return summary;
}

}  // namespace hetsched::ui
