#include "editors/divisible_edits.h"

#include <QObject>
#include <QStringList>
#include <algorithm>
#include <numeric>
#include <set>

#include "util/number_text.h"

namespace hetsched::ui {

namespace {

std::vector<std::size_t> identity(std::size_t n) {
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    return order;
}

bool isPermutationOf(std::vector<std::size_t> a, std::vector<std::size_t> b) {
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
}

}  // namespace

DivisibleScenario effectiveScenario(const DivisibleInstance& in) {
    DivisibleScenario s;
    s.sendOrder = in.sendOrder.empty() ? identity(in.workers.size()) : in.sendOrder;
    s.returnOrder = in.returnOrder.empty() ? s.sendOrder : in.returnOrder;
    return s;
}

DivisibleWorker newDivisibleWorker(const DivisibleInstance& in) {
    std::set<std::string> names;
    for (const DivisibleWorker& w : in.workers) names.insert(w.name);
    DivisibleWorker worker = in.workers.empty() ? DivisibleWorker{} : in.workers.back();
    for (std::size_t n = in.workers.size() + 1;; ++n) {
        worker.name = QStringLiteral("P%1").arg(n).toStdString();
        if (!names.count(worker.name)) break;
    }
    return worker;
}

DivisibleInstance withoutWorkers(const DivisibleInstance& in, QList<int> rows) {
    std::vector<bool> removed(in.workers.size(), false);
    for (int row : rows)
        if (row >= 0 && row < static_cast<int>(in.workers.size()))
            removed[static_cast<std::size_t>(row)] = true;
    // The new index of each kept worker.
    std::vector<std::size_t> renumbered(in.workers.size(), 0);
    DivisibleInstance out = in;
    out.workers.clear();
    for (std::size_t i = 0; i < in.workers.size(); ++i) {
        if (removed[i]) continue;
        renumbered[i] = out.workers.size();
        out.workers.push_back(in.workers[i]);
    }
    const auto keep = [&](const std::vector<std::size_t>& order) {
        std::vector<std::size_t> kept;
        for (std::size_t i : order)
            if (i < removed.size() && !removed[i]) kept.push_back(renumbered[i]);
        return kept;
    };
    out.sendOrder = keep(in.sendOrder);
    out.returnOrder = keep(in.returnOrder);
    // Without a send order, a return order must list every worker; it still does once the removed are gone.
    if (out.sendOrder.empty() && !in.sendOrder.empty()) out.returnOrder.clear();
    return out;
}

Expected<DivisibleInstance> withSendOrder(const DivisibleInstance& in, std::vector<std::size_t> sendOrder) {
    if (sendOrder.empty())
        return invalidInput(QObject::tr("at least one worker must take part in the scenario").toStdString());
    std::set<std::size_t> participants;
    for (std::size_t i : sendOrder) {
        if (i >= in.workers.size()) return invalidInput(QObject::tr("no such worker").toStdString());
        if (!participants.insert(i).second)
            return invalidInput(QObject::tr("%1 is listed twice in the send order")
                                    .arg(QString::fromStdString(in.workers[i].name))
                                    .toStdString());
    }
    DivisibleInstance out = in;
    out.sendOrder = std::move(sendOrder);
    if (!in.returnOrder.empty()) {
        std::vector<std::size_t> back;
        for (std::size_t i : in.returnOrder)
            if (participants.count(i)) back.push_back(i);
        for (std::size_t i : out.sendOrder)
            if (std::find(back.begin(), back.end(), i) == back.end()) back.push_back(i);
        out.returnOrder = std::move(back);
    }
    return out;
}

Expected<DivisibleInstance> withReturnOrder(const DivisibleInstance& in,
                                            std::vector<std::size_t> returnOrder) {
    if (!isPermutationOf(returnOrder, effectiveScenario(in).sendOrder))
        return invalidInput(
            QObject::tr("the return order must list exactly the workers of the send order").toStdString());
    DivisibleInstance out = in;
    out.returnOrder = std::move(returnOrder);
    return out;
}

DivisibleInstance withSendsByCommunication(const DivisibleInstance& in) {
    DivisibleInstance out = in;
    const std::vector<std::size_t> participants = effectiveScenario(in).sendOrder;
    std::vector<std::size_t> order;
    for (std::size_t i : orderByCommunication(in))
        if (std::find(participants.begin(), participants.end(), i) != participants.end()) order.push_back(i);
    out.sendOrder = std::move(order);
    return out;
}

DivisibleInstance withFifoReturns(const DivisibleInstance& in) {
    DivisibleInstance out = in;
    out.sendOrder = effectiveScenario(in).sendOrder;
    out.returnOrder = out.sendOrder;
    return out;
}

DivisibleInstance withLifoReturns(const DivisibleInstance& in) {
    DivisibleInstance out = in;
    out.sendOrder = effectiveScenario(in).sendOrder;
    out.returnOrder.assign(out.sendOrder.rbegin(), out.sendOrder.rend());
    return out;
}

DivisibleInstance withoutScenario(const DivisibleInstance& in) {
    DivisibleInstance out = in;
    out.sendOrder.clear();
    out.returnOrder.clear();
    return out;
}

QString workerNames(const DivisibleInstance& in, const std::vector<std::size_t>& order) {
    QStringList names;
    for (std::size_t i : order)
        if (i < in.workers.size()) names << QString::fromStdString(in.workers[i].name);
    return names.join(QStringLiteral(", "));
}

QString returnRatioText(const DivisibleInstance& in) {
    const std::optional<double> z = constantReturnRatio(in);
    if (!z) return {};
    if (*z == 0) return QObject::tr("no return messages (d = 0)");
    return QObject::tr("d = %1 c").arg(formatRounded(*z, 6));
}

}  // namespace hetsched::ui
