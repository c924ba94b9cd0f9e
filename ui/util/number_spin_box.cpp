#include "util/number_spin_box.h"

#include <QFontMetrics>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>

#include "util/number_text.h"
#include "util/quantity_input.h"

namespace hetsched::ui {

NumberSpinBox::NumberSpinBox(QWidget* parent) : QDoubleSpinBox(parent) {
    // The value is rounded to `decimals` places on every set: enough for any value a table admits, so that
    // what is typed is what is kept (1e-6 stays 1e-6, 0.1 stays 0.1).
    setDecimals(20);
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
    if (!specialValueText().isEmpty() && text == specialValueText()) return QValidator::Acceptable;   // the minimum
    const QString part = numberPart(text);
    // The beginnings of a number ("", "-", "1e", "2.") may still become one.
    static const QRegularExpression partial(QStringLiteral(R"(^[+-]?(\d+\.?\d*|\.\d*)?([eE][+-]?\d*)?$)"));
    // With a unit, also a number followed by what may become a prefixed unit ("3 m", "3 ms").
    static const QRegularExpression partialWithUnit(
        QStringLiteral(R"(^[+-]?(\d+\.?\d*|\.\d*)?([eE][+-]?\d*)?\s*[A-Za-zµ/]*$)"));
    if (!(m_unit.isEmpty() ? partial : partialWithUnit).match(part).hasMatch()) return QValidator::Invalid;
    const std::optional<double> value = m_unit.isEmpty() ? parseNumber(part) : parseQuantity(part, m_unit);
    if (!value) return QValidator::Intermediate;
    if (m_whole && std::floor(*value) != *value) return QValidator::Intermediate;
    if (*value < minimum() || *value > maximum()) return QValidator::Intermediate;
    return QValidator::Acceptable;
}

double NumberSpinBox::valueFromText(const QString& text) const {
    if (!specialValueText().isEmpty() && text == specialValueText()) return minimum();
    const QString part = numberPart(text);
    return (m_unit.isEmpty() ? parseNumber(part) : parseQuantity(part, m_unit)).value_or(value());
}

QString NumberSpinBox::textFromValue(double value) const {
    if (m_whole) return QString::number(static_cast<qlonglong>(std::llround(value)));
    return formatNumber(value);
}

void NumberSpinBox::stepBy(int steps) {
    const double v = value();
    double step = 0;
    if (v != 0) {
        step = std::pow(10.0, std::floor(std::log10(std::abs(v))) - 1);
    } else {
        const double reach = std::max(std::abs(minimum()), std::abs(maximum()));
        step = reach > 0 ? std::min(1.0, std::pow(10.0, std::floor(std::log10(reach)) - 1)) : 1.0;
    }
    if (m_whole) step = std::max(1.0, std::round(step));
    setValue(std::clamp(v + steps * step, minimum(), maximum()));
    selectAll();
}

namespace {

QSize widened(QSize hint, const QFontMetrics& metrics, const QString& text) {
    // The text, the frame and the arrows (about two of the font's heights).
    hint.setWidth(std::max(hint.width(), metrics.horizontalAdvance(text) + 2 * metrics.height()));
    return hint;
}

}  // namespace

QSize NumberSpinBox::sizeHint() const {
    return widened(QDoubleSpinBox::sizeHint(), fontMetrics(), prefix() + QStringLiteral("0.00001") + suffix());
}

QSize NumberSpinBox::minimumSizeHint() const {
    return widened(QDoubleSpinBox::minimumSizeHint(), fontMetrics(), prefix() + QStringLiteral("0.001") + suffix());
}

void NumberSpinBox::fixup(QString& text) const {
    // An unfinished or out-of-range entry goes back to the value held.
    text = prefix() + textFromValue(value()) + suffix();
}

}  // namespace hetsched::ui
