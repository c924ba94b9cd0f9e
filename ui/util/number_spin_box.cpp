#include "util/number_spin_box.h"

#include <QRegularExpression>
#include <cmath>

#include "util/number_text.h"

namespace hetsched::ui {

NumberSpinBox::NumberSpinBox(QWidget* parent) : QDoubleSpinBox(parent) {
    // The value is rounded to `decimals` places on every set: enough for any value a table admits, so that
    // what is typed is what is kept (1e-6 stays 1e-6, 0.1 stays 0.1).
    setDecimals(20);
    setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
}

void NumberSpinBox::setWholeNumbers(bool whole) {
    m_whole = whole;
    setDecimals(whole ? 0 : 20);
    setSingleStep(1);
}

QString NumberSpinBox::numberPart(const QString& text) const {
    QString part = text;
    if (!prefix().isEmpty() && part.startsWith(prefix())) part.remove(0, prefix().size());
    if (!suffix().isEmpty() && part.endsWith(suffix())) part.chop(suffix().size());
    return part.trimmed();
}

QValidator::State NumberSpinBox::validate(QString& text, int&) const {
    const QString part = numberPart(text);
    // The beginnings of a number ("", "-", "1e", "2.") may still become one.
    static const QRegularExpression partial(QStringLiteral(R"(^[+-]?(\d+\.?\d*|\.\d*)?([eE][+-]?\d*)?$)"));
    if (!partial.match(part).hasMatch()) return QValidator::Invalid;
    const std::optional<double> value = parseNumber(part);
    if (!value) return QValidator::Intermediate;
    if (m_whole && std::floor(*value) != *value) return QValidator::Intermediate;
    if (*value < minimum() || *value > maximum()) return QValidator::Intermediate;
    return QValidator::Acceptable;
}

double NumberSpinBox::valueFromText(const QString& text) const {
    return parseNumber(numberPart(text)).value_or(value());
}

QString NumberSpinBox::textFromValue(double value) const {
    if (m_whole) return QString::number(static_cast<qlonglong>(std::llround(value)));
    return formatNumber(value);
}

void NumberSpinBox::fixup(QString& text) const {
    // An unfinished or out-of-range entry goes back to the value held.
    text = prefix() + textFromValue(value()) + suffix();
}

}  // namespace hetsched::ui
