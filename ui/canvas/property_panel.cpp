#include "canvas/property_panel.h"

#include <QApplication>

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QVBoxLayout>

namespace hetsched::ui {

namespace {
const char* kNameProperty = "canvasPropertyName";
const QString kInvalidStyle = QStringLiteral("QLineEdit { border: 2px solid #c62828; background: #fdecea; }");
}  // namespace

PropertyPanel::PropertyPanel(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("canvasPropertyPanel"));
    m_title = new QLabel(this);
    m_title->setStyleSheet(QStringLiteral("font-weight:bold"));
    m_title->setWordWrap(true);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("propertyError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color:#c62828"));
    m_error->hide();
    m_text = new QLabel(this);
    m_text->setWordWrap(true);
    m_text->setStyleSheet(QStringLiteral("color:#555"));
    m_text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_title);
    layout->addWidget(m_text);
    layout->addWidget(m_error);
    layout->addStretch(1);
    setMinimumWidth(220);
}

void PropertyPanel::clearForm() {
    m_focusedProperty.clear();
    if (m_form) {
        // Tab out of a field commits it, the focus already on the next field: that one keeps it.
        if (QWidget* focused = QApplication::focusWidget(); focused && m_form->isAncestorOf(focused))
            m_focusedProperty = focused->property(kNameProperty).toString();
        // Later: the field that triggered this may still be inside its own signal.
        m_form->hide();
        m_form->deleteLater();
        m_form = nullptr;
    }
    m_error->hide();
    m_error->clear();
}

void PropertyPanel::showText(const QString& title, const QString& text) {
    clearForm();
    m_validator = nullptr;
    m_committer = nullptr;
    m_title->setText(title);
    m_text->setText(text);
    m_text->setVisible(!text.isEmpty());
}

void PropertyPanel::showProperties(const QString& title, const std::vector<CanvasProperty>& properties,
                                   Validator validator, Committer committer) {
    clearForm();
    m_title->setText(title);
    m_text->hide();
    m_validator = std::move(validator);
    m_committer = std::move(committer);
    m_form = new QWidget(this);
    auto* form = new QFormLayout(m_form);
    form->setContentsMargins(0, 4, 0, 0);
    for (const CanvasProperty& p : properties) {
        QWidget* editor = nullptr;
        switch (p.kind) {
            case CanvasProperty::Kind::Bool: {
                auto* box = new QCheckBox(m_form);
                const bool original = p.value == QLatin1String("true");
                box->setChecked(original);
                QPointer<QCheckBox> guard(box);
                connect(box, &QCheckBox::toggled, this, [this, guard, name = p.name, original](bool on) {
                    if (!m_committer || m_committer(name, on ? QStringLiteral("true") : QStringLiteral("false")) || !guard) return;
                    const QSignalBlocker block(guard);
                    guard->setChecked(original);
                });
                editor = box;
                break;
            }
            case CanvasProperty::Kind::Choice: {
                auto* combo = new QComboBox(m_form);
                combo->addItems(p.choices);
                combo->setCurrentText(p.value);
                QPointer<QComboBox> guard(combo);
                connect(combo, &QComboBox::activated, this, [this, guard, name = p.name, original = p.value] {
                    if (!guard || !m_committer || m_committer(name, guard->currentText()) || !guard) return;
                    const QSignalBlocker block(guard);
                    guard->setCurrentText(original);
                });
                editor = combo;
                break;
            }
            default: {
                auto* edit = new QLineEdit(p.value, m_form);
                const QString original = p.value;
                connect(edit, &QLineEdit::textEdited, this, [this, edit, name = p.name](const QString& text) {
                    const QString why = m_validator ? m_validator(name, text) : QString();
                    edit->setStyleSheet(why.isEmpty() ? QString() : kInvalidStyle);
                    m_error->setText(why);
                    m_error->setVisible(!why.isEmpty());
                });
                QPointer<QLineEdit> guard(edit);
                connect(edit, &QLineEdit::editingFinished, this, [this, guard, name = p.name, original] {
                    // A field of a form being replaced (focus left it as it was hidden) commits nothing.
                    if (!guard || guard->parentWidget() != m_form || guard->text() == original) return;
                    if (!m_committer || m_committer(name, guard->text()) || !guard) return;
                    guard->setText(original);  // the message bar says why
                    guard->setStyleSheet(QString());
                    m_error->hide();
                });
                editor = edit;
                break;
            }
        }
        editor->setObjectName(QStringLiteral("property_") + p.name);
        editor->setProperty(kNameProperty, p.name);
        if (!p.toolTip.isEmpty()) editor->setToolTip(p.toolTip);
        form->addRow(p.label, editor);
    }
    static_cast<QVBoxLayout*>(layout())->insertWidget(2, m_form);
    m_form->show();
    if (QWidget* field = m_focusedProperty.isEmpty() ? nullptr : editorOf(m_focusedProperty)) {
        field->setFocus(Qt::TabFocusReason);
        if (auto* edit = qobject_cast<QLineEdit*>(field)) edit->selectAll();
    }
}

QWidget* PropertyPanel::editorOf(const QString& name) const {
    if (!m_form) return nullptr;
    for (QWidget* w : m_form->findChildren<QWidget*>())
        if (w->property(kNameProperty).toString() == name) return w;
    return nullptr;
}

QString PropertyPanel::errorText() const {
    return m_error->isHidden() ? QString() : m_error->text();
}

QString PropertyPanel::title() const {
    return m_title->text();
}

}  // namespace hetsched::ui
