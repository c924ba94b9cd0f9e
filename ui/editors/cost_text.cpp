#include "editors/cost_text.h"

#include <QRegularExpression>
#include <QStringList>

#include "util/number_text.h"

namespace hetsched::ui {

namespace {

QStringList splitList(const QString& text, const QRegularExpression& separators) {
    QStringList parts = text.split(separators, Qt::SkipEmptyParts);
    for (QString& part : parts) part = part.trimmed();
    parts.removeAll(QString());
    return parts;
}

Error textError(const QString& message) {
    return invalidInput(message.toStdString());
}

Expected<CostFunction> parseAffine(const QString& text) {
    CostFunction cost;
    cost.kind = CostFunction::Kind::Affine;
    bool hasPerTask = false;
    for (const QString& part : splitList(text, QRegularExpression(QStringLiteral("[,;]")))) {
        const qsizetype equals = part.indexOf(QLatin1Char('='));
        if (equals < 0)
            return textError(QObject::tr("\"%1\" is not key=value; write fixed=2, per_task=0.5").arg(part));
        const QString key = part.left(equals).trimmed().toLower().replace(QLatin1Char('-'), QLatin1Char('_'));
        const std::optional<double> value = parseNumber(QStringView(part).mid(equals + 1));
        if (!value) return textError(QObject::tr("the value of %1 is not a number").arg(key));
        if (key == QLatin1String("fixed")) {
            cost.fixed = *value;
        } else if (key == QLatin1String("per_task")) {
            cost.perTask = *value;
            hasPerTask = true;
        } else {
            return textError(
                QObject::tr("unknown key \"%1\" (an affine cost has fixed and per_task)").arg(key));
        }
    }
    if (!hasPerTask) return textError(QObject::tr("an affine cost needs per_task (fixed=2, per_task=0.5)"));
    return cost;
}

Expected<CostFunction> parsePoints(const QString& text) {
    CostFunction cost;
    cost.kind = CostFunction::Kind::Points;
    for (const QString& part : splitList(text, QRegularExpression(QStringLiteral(";")))) {
        const QStringList pair = part.split(QLatin1Char(':'));
        if (pair.size() != 2)
            return textError(QObject::tr("\"%1\" is not tasks:cost; write 0:0; 4:3.0; 8:5.5").arg(part));
        const std::optional<double> x = parseNumber(pair[0]);
        const std::optional<double> y = parseNumber(pair[1]);
        if (!x) return textError(QObject::tr("\"%1\" is not a task count").arg(pair[0].trimmed()));
        if (!y) return textError(QObject::tr("\"%1\" is not a cost").arg(pair[1].trimmed()));
        cost.points.emplace_back(*x, *y);
    }
    if (cost.points.empty()) return textError(QObject::tr("enter at least one measured point tasks:cost"));
    return cost;
}

Expected<CostFunction> parseTable(const QString& text) {
    CostFunction cost;
    cost.kind = CostFunction::Kind::Table;
    for (const QString& part : splitList(text, QRegularExpression(QStringLiteral("[,;\\s]+")))) {
        const std::optional<double> value = parseNumber(part);
        if (!value) return textError(QObject::tr("\"%1\" is not a number").arg(part));
        cost.table.push_back(*value);
    }
    if (cost.table.empty())
        return textError(
            QObject::tr("enter the costs: a table \"0, 1, 2.1\", "
                        "an affine cost \"fixed=2, per_task=0.5\" "
                        "or points \"0:0; 4:3.0; 8:5.5\""));
    return cost;
}

}  // namespace

QString costKindName(CostFunction::Kind kind) {
    switch (kind) {
        case CostFunction::Kind::Table:
            return QStringLiteral("table");
        case CostFunction::Kind::Affine:
            return QStringLiteral("affine");
        case CostFunction::Kind::Points:
            return QStringLiteral("points");
    }
    return QStringLiteral("table");
}

QString formatCost(const CostFunction& cost) {
    return formatCostShort(cost, -1);
}

QString formatCostShort(const CostFunction& cost, int maxCharacters) {
    QString text;
    const auto full = [&] { return maxCharacters >= 0 && text.size() > maxCharacters; };
    switch (cost.kind) {
        case CostFunction::Kind::Affine:
            return QStringLiteral("fixed=%1, per_task=%2")
                .arg(formatNumber(cost.fixed), formatNumber(cost.perTask));
        case CostFunction::Kind::Table:
            for (std::size_t k = 0; k < cost.table.size(); ++k) {
                if (full()) return text + QObject::tr(", … (%1 values)").arg(cost.table.size());
                if (k > 0) text += QStringLiteral(", ");
                text += formatNumber(cost.table[k]);
            }
            return text;
        case CostFunction::Kind::Points:
            for (std::size_t k = 0; k < cost.points.size(); ++k) {
                if (full()) return text + QObject::tr("; … (%1 points)").arg(cost.points.size());
                if (k > 0) text += QStringLiteral("; ");
                text += formatNumber(cost.points[k].first) + QLatin1Char(':') +
                        formatNumber(cost.points[k].second);
            }
            return text;
    }
    return text;
}

Expected<CostFunction> parseCost(const QString& text) {
    if (text.contains(QLatin1Char('='))) return parseAffine(text);
    if (text.contains(QLatin1Char(':'))) return parsePoints(text);
    return parseTable(text);
}

QString formatCounts(const std::vector<std::int64_t>& counts) {
    QStringList parts;
    parts.reserve(static_cast<qsizetype>(counts.size()));
    for (std::int64_t count : counts) parts << QString::number(count);
    return parts.join(QStringLiteral(", "));
}

Expected<std::vector<std::int64_t>> parseCounts(const QString& text) {
    std::vector<std::int64_t> counts;
    for (const QString& part : splitList(text, QRegularExpression(QStringLiteral("[,;\\s]+")))) {
        const std::optional<std::int64_t> count = parseInteger(part);
        if (!count) return textError(QObject::tr("\"%1\" is not a whole number of tasks").arg(part));
        counts.push_back(*count);
    }
    return counts;
}

}  // namespace hetsched::ui
