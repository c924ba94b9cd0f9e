// Solve > Run All Solvers: every solver of the instance's kind, one after the other. Solvers that search
// until a time limit (those with a "time_limit" option, such as cpugpu's exact) run with a short limit,
// shown in the progress, unless the user picked that solver in the panel (then with the panel's options);
// the solvers that refuse the instance are listed with their reason after the batch, not as errors.
#pragma once

#include <QString>
#include <QStringList>
#include <functional>
#include <vector>

#include "app/solve_controller.h"

namespace hetsched::ui {

class RunAllBatch {
public:
    // The time limit of a searching solver in Run all, unless it is the solver the user picked.
    static constexpr double kShortTimeLimitSeconds = 5;

    // The requests of Run all on `instance` (entry `id`): each of `solvers` with optionsFor(solver), the
    // time limit shortened as above; `chosen` is the solver selected in the panel. They join the batch.
    std::vector<SolveRequest> start(EntryId id, const Instance& instance, const QStringList& solvers,
                                    const std::function<SolverOptions(const QString&)>& optionsFor,
                                    const QString& chosen);
    // What the progress calls a running solver: "exact (at most 5 s in Run all)" when limited here.
    QString runningText(const QString& solver) const;
    // A solver of the batch ended: false when it was not one (its failure is an error as usual); true when
    // it was, and its failure (`message` not empty) is then kept as a refusal.
    bool finished(EntryId id, const QString& solver, const QString& message = {});
    // The queue ran dry: the refusals of the batch as one note ("Not run on this instance: ..."), empty
    // when none; the batch ends.
    QString takeSummary();

private:
    struct Pending {
        EntryId id;
        QString solver;
        bool limited;
    };
    std::vector<Pending> m_pending;
    QStringList m_refusals;
};

}  // namespace hetsched::ui
