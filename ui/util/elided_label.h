// A one-line label for text of any length (a task's processor list, a path): it takes the width the layout
// gives it, never asks for more, elides what does not fit and shows the whole text as its tooltip.
#pragma once

#include <QFrame>

namespace hetsched::ui {

class ElidedLabel : public QFrame {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    void setText(const QString& text);
    QString text() const { return m_text; }  // the whole text, as given
    void clear() { setText(QString()); }
    // What is drawn at the current width: the text, or its start and an ellipsis.
    QString shownText() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QString m_text;
};

}  // namespace hetsched::ui
