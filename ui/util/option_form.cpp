#include "util/option_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <algorithm>
#include <climits>
#include <cmath>
#include <stdexcept>

#include "util/number_spin_box.h"
#include "util/quantity_input.h"
#include "util/number_text.h"

namespace hetsched::ui {

namespace {

constexpr const char* kScaleProperty = "optionScale";

double scaleOf(const QWidget* editor) {
    const QVariant scale = editor->property(kScaleProperty);
    return scale.isValid() ? scale.toDouble() : 1.0;
}

bool fitsInt(const OptionSpec& spec) { return spec.minimum >= INT_MIN && spec.maximum <= INT_MAX; }

// The option as the editor shows it: its range (and the numbers of its default) divided by the scale.
OptionSpec shownSpec(const OptionSpec& spec, double scale) {
    if (scale == 1) return spec;
    OptionSpec shown = spec;
    shown.minimum = spec.minimum / scale;
    shown.maximum = spec.maximum / scale;
    if (auto* v = std::get_if<double>(&shown.defaultValue)) *v /= scale;
    if (auto* list = std::get_if<std::vector<double>>(&shown.defaultValue))
        for (double& v : *list) v /= scale;
    return shown;
}

OptionValue scaledUp(OptionValue value, double scale) {
    if (scale == 1) return value;
    if (auto* v = std::get_if<double>(&value)) *v *= scale;
    if (auto* list = std::get_if<std::vector<double>>(&value))
        for (double& v : *list) v *= scale;
    return value;
}

// The unit an option's number is in, from its name and description ("time_limit": "seconds GLPK may
// search"): what its box accepts typed with a prefix ("3 ms"); empty when it has none.
QString optionUnit(const OptionSpec& spec) {
    const QString name = QString::fromStdString(spec.name), description = QString::fromStdString(spec.description);
    if (name.contains(QLatin1String("time_limit")) || name.endsWith(QLatin1String("seconds")) ||
        description.startsWith(QLatin1String("seconds")))
        return QStringLiteral("s");
    if (name.endsWith(QLatin1String("bytes"))) return QStringLiteral("B");
    if (name.endsWith(QLatin1String("flops"))) return QStringLiteral("flop");
    return {};
}

QString toolTipFor(const OptionSpec& shown, const OptionDisplay& display) {
    const QString unit = display.suffix.trimmed();
    QString accepts = QString::fromStdString(optionAcceptsText(shown));
    if (!unit.isEmpty()) accepts += QLatin1Char(' ') + unit;
    QString defaultText = QString::fromStdString(optionDefaultText(shown));
    if (!unit.isEmpty() && !shown.optional) defaultText += QLatin1Char(' ') + unit;
    return QObject::tr("%1\n%2, default %3").arg(QString::fromStdString(shown.description), accepts, defaultText);
}

// "option alpha must be ..." -> "Alpha: must be ...".
Error labelled(const OptionSpec& spec, const QString& label, const Error& error) {
    if (label.isEmpty()) return error;
    std::string message = error.message;
    const std::string head = "option " + spec.name + " ";
    if (message.rfind(head, 0) == 0) message.replace(0, head.size(), label.toStdString() + ": ");
    return Error{error.kind, message};
}

}  // namespace

QWidget* createOptionEditor(const OptionSpec& spec, QWidget* parent, const OptionDisplay& display) {
    const bool scaled = spec.type == OptionType::Double || spec.type == OptionType::NumberList;
    const double scale = scaled ? display.scale : 1.0;
    const OptionSpec shown = shownSpec(spec, scale);
    QWidget* editor = nullptr;
    switch (spec.type) {
        case OptionType::Int:
            if (spec.optional) {   // empty: unset (an import's --cpus, --tasks)
                auto* line = new QLineEdit(parent);
                line->setPlaceholderText(display.unsetText.isEmpty() ? QObject::tr("none") : display.unsetText);
                editor = line;
            } else if (fitsInt(spec)) {
                auto* box = new QSpinBox(parent);
                box->setRange(static_cast<int>(spec.minimum), static_cast<int>(spec.maximum));
                box->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
                box->setSuffix(display.suffix);
                editor = box;
            } else {
                auto* box = new NumberSpinBox(parent);
                box->setWholeNumbers(true);
                box->setRange(spec.minimum, spec.maximum);
                box->setSuffix(display.suffix);
                editor = box;
            }
            break;
        case OptionType::Double:
            if (spec.optional) {
                auto* line = new QLineEdit(parent);
                line->setPlaceholderText(display.unsetText.isEmpty() ? QObject::tr("none") : display.unsetText);
                editor = line;
            } else {
                auto* box = new NumberSpinBox(parent);
                box->setRange(shown.minimum, shown.maximum);
                box->setSuffix(display.suffix);
                if (scale == 1) box->setUnit(optionUnit(spec));
                editor = box;
            }
            break;
        case OptionType::Bool:
            editor = new QCheckBox(parent);
            break;
        case OptionType::Enum: {
            auto* box = new QComboBox(parent);
            for (const std::string& choice : spec.choices) {
                QString text = QString::fromStdString(choice);
                for (const auto& [name, shownText] : display.choiceTexts)
                    if (name == choice) text = shownText;
                box->addItem(text, QString::fromStdString(choice));
            }
            editor = box;
            break;
        }
        case OptionType::NumberList:
        case OptionType::TextList: {
            auto* line = new QLineEdit(parent);
            if (spec.optional)
                line->setPlaceholderText(display.unsetText.isEmpty() ? QObject::tr("none") : display.unsetText);
            editor = line;
            break;
        }
    }
    editor->setObjectName(QStringLiteral("option_%1").arg(QString::fromStdString(spec.name)));
    editor->setProperty(kScaleProperty, scale);
    editor->setToolTip(toolTipFor(shown, display));
    if (auto* box = qobject_cast<NumberSpinBox*>(editor); box && !box->unit().isEmpty())
        editor->setToolTip(editor->toolTip() + QObject::tr("\nTakes %1").arg(acceptedQuantityText(box->unit())));
    if (!spec.optional) setOptionEditorValue(spec, editor, &spec.defaultValue);
    return editor;
}

void onOptionEdited(QWidget* editor, QObject* context, std::function<void()> edited) {
    if (auto* box = qobject_cast<QSpinBox*>(editor)) QObject::connect(box, &QSpinBox::valueChanged, context, edited);
    else if (auto* box = qobject_cast<QDoubleSpinBox*>(editor))
        QObject::connect(box, &QDoubleSpinBox::valueChanged, context, edited);
    else if (auto* box = qobject_cast<QCheckBox*>(editor)) QObject::connect(box, &QCheckBox::toggled, context, edited);
    else if (auto* box = qobject_cast<QComboBox*>(editor))
        QObject::connect(box, &QComboBox::currentIndexChanged, context, edited);
    else if (auto* line = qobject_cast<QLineEdit*>(editor))
        QObject::connect(line, &QLineEdit::textChanged, context, edited);
}

void setOptionEditorValue(const OptionSpec& spec, QWidget* editor, const OptionValue* value) {
    const double scale = scaleOf(editor);
    if (!value) {
        if (auto* line = qobject_cast<QLineEdit*>(editor)) line->clear();
        return;
    }
    switch (spec.type) {
        case OptionType::Int:
            if (auto* line = qobject_cast<QLineEdit*>(editor)) line->setText(QString::number(static_cast<qlonglong>(optionValueNumber(*value))));
            else if (auto* box = qobject_cast<QSpinBox*>(editor))
                box->setValue(static_cast<int>(std::clamp(optionValueNumber(*value), double(INT_MIN), double(INT_MAX))));
            else static_cast<QDoubleSpinBox*>(editor)->setValue(optionValueNumber(*value));
            break;
        case OptionType::Double:
            if (auto* line = qobject_cast<QLineEdit*>(editor)) line->setText(formatNumber(optionValueNumber(*value) / scale));
            else static_cast<QDoubleSpinBox*>(editor)->setValue(optionValueNumber(*value) / scale);
            break;
        case OptionType::Bool:
            static_cast<QCheckBox*>(editor)->setChecked(optionValueNumber(*value) != 0);
            break;
        case OptionType::Enum: {
            auto* box = static_cast<QComboBox*>(editor);
            const int index = box->findData(QString::fromStdString(optionValueText(*value)));
            if (index >= 0) box->setCurrentIndex(index);
            break;
        }
        case OptionType::NumberList: {
            QStringList parts;
            if (const auto* list = std::get_if<std::vector<double>>(value))
                for (double v : *list) parts << formatNumber(v / scale);
            static_cast<QLineEdit*>(editor)->setText(parts.join(QStringLiteral(", ")));
            break;
        }
        case OptionType::TextList:
            static_cast<QLineEdit*>(editor)->setText(
                QString::fromStdString(optionValueText(*value)).replace(QLatin1Char(','), QStringLiteral(", ")));
            break;
    }
}

Expected<std::optional<OptionValue>> optionEditorValue(const OptionSpec& spec, const QWidget* editor,
                                                       const QString& label) {
    const double scale = scaleOf(editor);
    const OptionSpec shown = shownSpec(spec, scale);
    Expected<OptionValue> value = spec.defaultValue;
    // An optional option's empty field: unset.
    if (auto* line = qobject_cast<const QLineEdit*>(editor); line && spec.optional && line->text().trimmed().isEmpty())
        return std::optional<OptionValue>{};
    switch (spec.type) {
        case OptionType::Int:
            if (auto* line = qobject_cast<const QLineEdit*>(editor))
                value = parseOptionValue(spec, line->text().trimmed().toStdString());
            else if (auto* box = qobject_cast<const QSpinBox*>(editor))
                value = checkOptionValue(spec, std::int64_t(box->value()));
            else value = checkOptionValue(spec, static_cast<std::int64_t>(std::llround(
                                                    static_cast<const QDoubleSpinBox*>(editor)->value())));
            break;
        case OptionType::Double:
            if (auto* line = qobject_cast<const QLineEdit*>(editor)) {
                const QString text = line->text().trimmed();
                if (text.isEmpty()) {
                    if (spec.optional) return std::optional<OptionValue>{};
                    return labelled(spec, label, invalidInput("option " + spec.name + " must be " +
                                                                  optionAcceptsText(shown) + ", got nothing"));
                }
                value = parseOptionValue(shown, text.toStdString());
            } else {
                value = checkOptionValue(shown, static_cast<const QDoubleSpinBox*>(editor)->value());
            }
            break;
        case OptionType::Bool:
            value = OptionValue(static_cast<const QCheckBox*>(editor)->isChecked());
            break;
        case OptionType::Enum:
            value = checkOptionValue(spec, static_cast<const QComboBox*>(editor)->currentData().toString().toStdString());
            break;
        case OptionType::NumberList:
        case OptionType::TextList:
            value = parseOptionValue(shown, static_cast<const QLineEdit*>(editor)->text().trimmed().toStdString());
            break;
    }
    if (!value) return labelled(spec, label, value.error());
    // Back in the table's unit, checked there too (a value at the edge of the range may round across it).
    Expected<OptionValue> inTable = checkOptionValue(spec, scaledUp(std::move(*value), scale));
    if (!inTable) return labelled(spec, label, inTable.error());
    return std::optional<OptionValue>(std::move(*inTable));
}

OptionField::OptionField(const OptionTable& table, const std::string& name, QString label, QWidget* parent,
                         const OptionDisplay& display)
    : m_spec(findOption(table, name)), m_label(std::move(label)) {
    if (!m_spec) throw std::logic_error("the option table has no option " + name);
    m_editor = createOptionEditor(*m_spec, parent, display);
}

void OptionField::setHelp(const QString& help) {
    // The table's tooltip is its description, then a line of what it accepts and the default.
    const QString tip = m_editor->toolTip();
    const qsizetype newline = tip.indexOf(QLatin1Char('\n'));
    m_editor->setToolTip(newline < 0 ? help : help + tip.mid(newline));
}

Expected<std::optional<OptionValue>> OptionField::value() const {
    return optionEditorValue(*m_spec, m_editor, m_label);
}

void OptionField::setValue(const OptionValue* value) {
    setOptionEditorValue(*m_spec, m_editor, value);
}

namespace {

std::optional<Error> readOptionField(OptionValues& values, const OptionField& field) {
    Expected<std::optional<OptionValue>> value = field.value();
    if (!value) return value.error();
    if (*value) values.set(field.spec().name, std::move(**value));
    else values.unset(field.spec().name);
    return std::nullopt;
}

}  // namespace

std::optional<Error> readOptionFields(OptionValues& values, std::initializer_list<const OptionField*> fields) {
    for (const OptionField* field : fields)
        if (std::optional<Error> error = readOptionField(values, *field)) return error;
    return std::nullopt;
}

std::optional<Error> readOptionFields(OptionValues& values, const std::vector<OptionField>& fields) {
    for (const OptionField& field : fields)
        if (std::optional<Error> error = readOptionField(values, field)) return error;
    return std::nullopt;
}

void showOptionFields(const OptionValues& values, std::initializer_list<OptionField*> fields) {
    for (OptionField* field : fields) {
        const std::string& name = field->spec().name;
        if (values.contains(name)) field->setValue(&values.at(name));
        else if (field->spec().optional) field->setValue(nullptr);
    }
}

OptionForm::OptionForm(QWidget* parent) : QWidget(parent), m_layout(new QFormLayout(this)) {
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
}

QString OptionForm::labelOf(const std::string& name) const {
    for (const auto& [option, text] : m_labels)
        if (option == name) return text;
    return QString::fromStdString(name);
}

void OptionForm::setTable(const OptionTable& table, const OptionValues& values) {
    while (m_layout->rowCount() > 0) m_layout->removeRow(0);
    m_editors.clear();
    m_table = table;
    for (const OptionSpec& spec : m_table) {
        OptionDisplay display;
        for (const auto& [name, d] : m_displays)
            if (name == spec.name) display = d;
        QWidget* editor = createOptionEditor(spec, this, display);
        if (values.contains(spec.name)) setOptionEditorValue(spec, editor, &values.at(spec.name));
        onOptionEdited(editor, this, [this] { emit changed(); });
        auto* label = new QLabel(labelOf(spec.name), this);
        label->setToolTip(editor->toolTip());
        label->setBuddy(editor);
        m_layout->addRow(label, editor);
        m_editors.push_back(editor);
    }
}

void OptionForm::setValues(const OptionValues& values) {
    for (std::size_t k = 0; k < m_table.size(); ++k)
        if (values.contains(m_table[k].name)) setOptionEditorValue(m_table[k], m_editors[k], &values.at(m_table[k].name));
}

Expected<OptionValues> OptionForm::values() const {
    OptionValues values(m_table);
    for (std::size_t k = 0; k < m_table.size(); ++k) {
        const OptionSpec& spec = m_table[k];
        Expected<std::optional<OptionValue>> value = optionEditorValue(spec, m_editors[k]);
        if (!value) return value.error();
        if (*value) values.set(spec.name, std::move(**value));
        else values.unset(spec.name);
    }
    return values;
}

QWidget* OptionForm::editor(const std::string& name) const {
    for (std::size_t k = 0; k < m_table.size(); ++k)
        if (m_table[k].name == name) return m_editors[k];
    return nullptr;
}

}  // namespace hetsched::ui
