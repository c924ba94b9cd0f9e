// Forms built from option tables (common/options.h): one editor per option with the table's type, range,
// choices and default, so a dialog cannot disagree with the CLI flags built from the same table. OptionForm
// lays a whole table out; a dialog with a layout of its own makes each field with createOptionEditor and
// reads it back with optionEditorValue, through the same code.
#pragma once

#include <QWidget>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/options.h"

class QFormLayout;

namespace hetsched::ui {

// How a form shows an option beyond its table: in a unit of its own (a table in flop/s shown in Gflop/s:
// scale 1e9, suffix " Gflop/s"; the value is read back times the scale), the text of each choice, and the
// placeholder of an optional option's empty field.
struct OptionDisplay {
    double scale = 1;                 // Double and NumberList options only
    QString suffix;                   // " Gflop/s": spin boxes show it; other editors' tooltips do
    QString unsetText;                // optional options: the empty field's placeholder (default "none")
    std::vector<std::pair<std::string, QString>> choiceTexts;  // Enum: choice -> the text shown
};

// An editor for one option, showing its default: Int a QSpinBox (a whole-number NumberSpinBox past int's
// range), Double a NumberSpinBox, an optional Int, Double or list a QLineEdit (empty: unset), Bool a QCheckBox, Enum a
// QComboBox (each item's data is its choice), lists a QLineEdit of comma-separated entries. It is named
// "option_<name>"; its tooltip gives the help, what it accepts (in the shown unit) and the default.
QWidget* createOptionEditor(const OptionSpec& spec, QWidget* parent, const OptionDisplay& display = {});
// Calls `edited` on each change the user or the code makes to an editor of createOptionEditor.
void onOptionEdited(QWidget* editor, QObject* context, std::function<void()> edited);
// Shows `value` (null: unset, an optional option's empty field).
void setOptionEditorValue(const OptionSpec& spec, QWidget* editor, const OptionValue* value);
// The value as typed, checked against the table; nullopt for an optional option left empty. The error names
// `label` when given ("Default flops: must be in [0, 1e+30], got '-1'"), else the option.
Expected<std::optional<OptionValue>> optionEditorValue(const OptionSpec& spec, const QWidget* editor,
                                                       const QString& label = {});

// One option of a table as a field of a dialog that lays its fields out itself: the editor createOptionEditor
// makes of it and the label the form shows it under, which its errors name ("Clusters: must be a
// comma-separated list of integers in [1, 10000], got 20000").
class OptionField {
public:
    OptionField() = default;
    // The option `name` of `table` (a programming error, std::logic_error, when the table has none).
    OptionField(const OptionTable& table, const std::string& name, QString label, QWidget* parent,
                const OptionDisplay& display = {});

    QWidget* editor() const { return m_editor; }
    const OptionSpec& spec() const { return *m_spec; }
    const QString& label() const { return m_label; }
    // The dialog's own help in place of the table's description (what it accepts and the default stay).
    void setHelp(const QString& help);
    // The value typed, checked against the table; nullopt for an optional option left empty.
    Expected<std::optional<OptionValue>> value() const;
    void setValue(const OptionValue* value);   // null: empty (an optional option)
    void setValue(const OptionValue& value) { setValue(&value); }

private:
    const OptionSpec* m_spec = nullptr;
    QWidget* m_editor = nullptr;
    QString m_label;
};

// Each field's value into `values` (an optional one left empty unset); the first field's error instead.
std::optional<Error> readOptionFields(OptionValues& values, std::initializer_list<const OptionField*> fields);
std::optional<Error> readOptionFields(OptionValues& values, const std::vector<OptionField>& fields);
// Each value `values` holds into its field (an optional one it does not hold emptied).
void showOptionFields(const OptionValues& values, std::initializer_list<OptionField*> fields);

// A whole table as a QFormLayout of labelled editors.
class OptionForm : public QWidget {
    Q_OBJECT
public:
    explicit OptionForm(QWidget* parent = nullptr);

    // Rebuilds the editors (createOptionEditor), each labelled; `values` (the defaults when empty) fills them.
    void setTable(const OptionTable& table, const OptionValues& values = {});
    const OptionTable& table() const { return m_table; }
    // Shows `values` (options it does not name keep theirs; an optional one it does not name is left as is).
    void setValues(const OptionValues& values);
    // The values as typed, each checked against the table (a list entry out of range is an error naming it);
    // an optional option left empty is unset.
    Expected<OptionValues> values() const;
    QWidget* editor(const std::string& name) const;
    // The label shown for an option (its name unless set before setTable).
    void setLabel(const std::string& name, const QString& label) { m_labels.emplace_back(name, label); }
    // How an option is shown (set before setTable).
    void setDisplay(const std::string& name, OptionDisplay display) { m_displays.emplace_back(name, std::move(display)); }

signals:
    void changed();

private:
    QString labelOf(const std::string& name) const;

    OptionTable m_table;
    std::vector<QWidget*> m_editors;   // parallel to m_table
    std::vector<std::pair<std::string, QString>> m_labels;
    std::vector<std::pair<std::string, OptionDisplay>> m_displays;
    QFormLayout* m_layout;
};

}  // namespace hetsched::ui
