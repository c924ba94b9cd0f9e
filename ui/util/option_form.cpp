#include "util/option_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <algorithm>
#include <climits>
#include <cmath>

#include "util/number_text.h"

namespace hetsched::ui {

namespace {

int clampedInt(double value) { return static_cast<int>(std::clamp(value, double(INT_MIN), double(INT_MAX))); }

QString toolTipFor(const OptionSpec& spec) {
    return QObject::tr("%1\n%2, default %3")
        .arg(QString::fromStdString(spec.description), QString::fromStdString(optionAcceptsText(spec)),
             QString::fromStdString(optionValueText(spec.defaultValue)));
}

}  // namespace

int decimalsFor(std::initializer_list<double> values) {
    int decimals = 0;
    for (double value : values) {
        int d = 0;
        while (d < 8 && std::abs(value * std::pow(10.0, d) - std::round(value * std::pow(10.0, d))) > 1e-9) ++d;
        decimals = std::max(decimals, d);
    }
    return decimals;
}

OptionForm::OptionForm(QWidget* parent) : QWidget(parent), m_layout(new QFormLayout(this)) {
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
}

void OptionForm::setTable(const OptionTable& table, const OptionValues& values) {
    while (m_layout->rowCount() > 0) m_layout->removeRow(0);
    m_editors.clear();
    m_table = table;
    for (const OptionSpec& spec : m_table) {
        QWidget* editor = nullptr;
        switch (spec.type) {
            case OptionType::Int: {
                auto* box = new QSpinBox(this);
                box->setRange(clampedInt(spec.minimum), clampedInt(spec.maximum));
                box->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
                connect(box, &QSpinBox::valueChanged, this, &OptionForm::changed);
                editor = box;
                break;
            }
            case OptionType::Double: {
                auto* box = new QDoubleSpinBox(this);
                box->setDecimals(decimalsFor({spec.minimum, optionValueNumber(spec.defaultValue), spec.maximum}));
                box->setRange(spec.minimum, spec.maximum);
                box->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
                connect(box, &QDoubleSpinBox::valueChanged, this, &OptionForm::changed);
                editor = box;
                break;
            }
            case OptionType::Bool: {
                auto* box = new QCheckBox(this);
                connect(box, &QCheckBox::toggled, this, &OptionForm::changed);
                editor = box;
                break;
            }
            case OptionType::Enum: {
                auto* box = new QComboBox(this);
                for (const std::string& c : spec.choices) box->addItem(QString::fromStdString(c));
                connect(box, &QComboBox::currentIndexChanged, this, &OptionForm::changed);
                editor = box;
                break;
            }
            case OptionType::NumberList:
            case OptionType::TextList: {
                auto* line = new QLineEdit(this);
                connect(line, &QLineEdit::textChanged, this, &OptionForm::changed);
                editor = line;
                break;
            }
        }
        editor->setObjectName(QStringLiteral("option_%1").arg(QString::fromStdString(spec.name)));
        editor->setToolTip(toolTipFor(spec));
        setEditorValue(spec, editor, values.contains(spec.name) ? values.at(spec.name) : spec.defaultValue);
        QString labelText = QString::fromStdString(spec.name);
        for (const auto& [name, text] : m_labels)
            if (name == spec.name) labelText = text;
        auto* label = new QLabel(labelText, this);
        label->setToolTip(editor->toolTip());
        label->setBuddy(editor);
        m_layout->addRow(label, editor);
        m_editors.push_back(editor);
    }
}

void OptionForm::setEditorValue(const OptionSpec& spec, QWidget* editor, const OptionValue& value) {
    switch (spec.type) {
        case OptionType::Int:
            static_cast<QSpinBox*>(editor)->setValue(clampedInt(optionValueNumber(value)));
            break;
        case OptionType::Double:
            static_cast<QDoubleSpinBox*>(editor)->setValue(optionValueNumber(value));
            break;
        case OptionType::Bool:
            static_cast<QCheckBox*>(editor)->setChecked(optionValueNumber(value) != 0);
            break;
        case OptionType::Enum: {
            auto* box = static_cast<QComboBox*>(editor);
            const int index = box->findText(QString::fromStdString(optionValueText(value)));
            if (index >= 0) box->setCurrentIndex(index);
            break;
        }
        case OptionType::NumberList:
        case OptionType::TextList:
            static_cast<QLineEdit*>(editor)->setText(QString::fromStdString(optionValueText(value)));
            break;
    }
}

void OptionForm::setValues(const OptionValues& values) {
    for (std::size_t k = 0; k < m_table.size(); ++k)
        if (values.contains(m_table[k].name)) setEditorValue(m_table[k], m_editors[k], values.at(m_table[k].name));
}

Expected<OptionValues> OptionForm::values() const {
    OptionValues values(m_table);
    for (std::size_t k = 0; k < m_table.size(); ++k) {
        const OptionSpec& spec = m_table[k];
        QWidget* editor = m_editors[k];
        Expected<OptionValue> value = spec.defaultValue;
        switch (spec.type) {
            case OptionType::Int:
                value = checkOptionValue(spec, std::int64_t(static_cast<QSpinBox*>(editor)->value()));
                break;
            case OptionType::Double:
                value = checkOptionValue(spec, static_cast<QDoubleSpinBox*>(editor)->value());
                break;
            case OptionType::Bool:
                value = OptionValue(static_cast<QCheckBox*>(editor)->isChecked());
                break;
            case OptionType::Enum:
                value = checkOptionValue(spec, static_cast<QComboBox*>(editor)->currentText().toStdString());
                break;
            case OptionType::NumberList:
            case OptionType::TextList:
                value = parseOptionValue(spec, static_cast<QLineEdit*>(editor)->text().trimmed().toStdString());
                break;
        }
        if (!value) return value.error();
        values.set(spec.name, std::move(*value));
    }
    return values;
}

QWidget* OptionForm::editor(const std::string& name) const {
    for (std::size_t k = 0; k < m_table.size(); ++k)
        if (m_table[k].name == name) return m_editors[k];
    return nullptr;
}

}  // namespace hetsched::ui
