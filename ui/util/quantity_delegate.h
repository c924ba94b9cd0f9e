// Table cells that hold a number in full precision (what the editor shows and the model keeps) and display
// it with its unit and sensible digits ("1.14 Gflop/s" for 1140000000).
#pragma once

#include <QString>
#include <QStyledItemDelegate>

namespace hetsched::ui {

class QuantityDelegate : public QStyledItemDelegate {
public:
    QuantityDelegate(QString unit, QObject* parent) : QStyledItemDelegate(parent), m_unit(std::move(unit)) {}

    // quantityText of the cell's number; a cell that is not a number is shown as it is.
    QString displayText(const QVariant& value, const QLocale& locale) const override;

private:
    QString m_unit;
};

}  // namespace hetsched::ui
