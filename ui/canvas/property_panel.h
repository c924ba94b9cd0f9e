// The property panel of the canvas: a form for the selected element, validated as the user types
// (the field turns red and says why), committed on Enter or when the field loses focus.
#pragma once

#include <QWidget>
#include <functional>
#include <vector>

#include "canvas/canvas_adapter.h"

class QFormLayout;
class QLabel;

namespace hetsched::ui {

class PropertyPanel : public QWidget {
    Q_OBJECT
public:
    // Why `value` cannot be given to property `name` (empty when it can).
    using Validator = std::function<QString(const QString& name, const QString& value)>;
    // Gives `value` to property `name`; false when refused: the field then shows the stored value again
    // (and the rest of the form, where the user may just have clicked, stays as it is).
    using Committer = std::function<bool(const QString& name, const QString& value)>;

    explicit PropertyPanel(QWidget* parent = nullptr);

    void showProperties(const QString& title, const std::vector<CanvasProperty>& properties,
                        Validator validator, Committer committer);
    void showText(const QString& title, const QString& text);

    // The editor of a property (QLineEdit, QCheckBox or QComboBox), null when not shown.
    QWidget* editorOf(const QString& name) const;
    QString errorText() const;  // the message under the last field that failed validation
    QString title() const;

private:
    void clearForm();

    QLabel* m_title;
    QLabel* m_error;
    // The property whose field had the focus when the form was last replaced (an edit commits, the canvas
    // rebuilds the form): the new form gives it back, so that Tab after a field goes on to the next one.
    QString m_focusedProperty;
    QWidget* m_form = nullptr;
    QLabel* m_text;
    Validator m_validator;
    Committer m_committer;
};

}  // namespace hetsched::ui
