// A form built from an option table (common/options.h): one editor per option with the table's type,
// range, choices and default, so a dialog cannot disagree with the CLI flags built from the same table.
#pragma once

#include <QWidget>
#include <string>
#include <utility>
#include <vector>

#include "common/options.h"

class QFormLayout;

namespace hetsched::ui {

class OptionForm : public QWidget {
    Q_OBJECT
public:
    explicit OptionForm(QWidget* parent = nullptr);

    // Rebuilds the editors: Int a QSpinBox, Double a QDoubleSpinBox, Bool a QCheckBox, Enum a QComboBox,
    // lists a QLineEdit of comma-separated entries; each named "option_<name>", its tooltip the help, the
    // range and the default. `values` (the defaults when empty) fills them.
    void setTable(const OptionTable& table, const OptionValues& values = {});
    const OptionTable& table() const { return m_table; }
    // Shows `values` (options it does not name keep theirs).
    void setValues(const OptionValues& values);
    // The values as typed, each checked against the table (a list entry out of range is an error naming it).
    Expected<OptionValues> values() const;
    QWidget* editor(const std::string& name) const;
    // The label shown for an option (its name unless set before setTable).
    void setLabel(const std::string& name, const QString& label) { m_labels.emplace_back(name, label); }

signals:
    void changed();

private:
    void setEditorValue(const OptionSpec& spec, QWidget* editor, const OptionValue& value);

    OptionTable m_table;
    std::vector<QWidget*> m_editors;   // parallel to m_table
    std::vector<std::pair<std::string, QString>> m_labels;
    QFormLayout* m_layout;
};

// Enough decimals to show `values` exactly (none for whole numbers), at most 8.
int decimalsFor(std::initializer_list<double> values);

}  // namespace hetsched::ui
