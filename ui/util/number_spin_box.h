// A spin box for numbers of any magnitude: it shows the shortest text that reads back as the value ("0.125",
// "1e+09", "60") and takes what a user types in C syntax, exponents included ("2e9"), within its range. In
// whole-number mode it holds integers past int's range exactly (seeds up to 2^52).
#pragma once

#include <QDoubleSpinBox>

namespace hetsched::ui {

class NumberSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    explicit NumberSpinBox(QWidget* parent = nullptr);

    void setWholeNumbers(bool whole);
    bool wholeNumbers() const { return m_whole; }
    // The unit of the value held ("s", "B", "flop", "flop/s"): the box then also takes it typed with an SI
    // prefix ("3 ms", "8 MB", parseQuantity); empty (the default) takes plain numbers only.
    void setUnit(const QString& unit) { m_unit = unit; }
    QString unit() const { return m_unit; }

    QValidator::State validate(QString& text, int& pos) const override;
    double valueFromText(const QString& text) const override;
    QString textFromValue(double value) const override;
    void fixup(QString& text) const override;
    // Steps by a tenth of the value's order of magnitude (2 -> 0.1, 1e9 -> 1e8; from 0, a tenth of the range's
    // order, at most 1), at least 1 for whole numbers.
    void stepBy(int steps) override;
    // Wide enough for a few decimals even when the range's ends are short ("0" to "1").
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

private:
    QString numberPart(const QString& text) const;   // without prefix, suffix and surrounding spaces

    bool m_whole = false;
    QString m_unit;
};

}  // namespace hetsched::ui
