#include "util/quantity_delegate.h"

#include "util/number_text.h"

namespace hetsched::ui {

QString QuantityDelegate::displayText(const QVariant& value, const QLocale& locale) const {
    if (const std::optional<double> number = parseNumber(value.toString())) return quantityText(*number, m_unit);
    return QStyledItemDelegate::displayText(value, locale);
}

}  // namespace hetsched::ui
