// An inline message above a form (a refused edit, an adapted value, a failed solve), dismissable.
#pragma once

#include <QFrame>

class QLabel;

namespace hetsched::ui {

class MessageBar : public QFrame {
    Q_OBJECT
public:
    enum class Level { Information, Warning, Error };

    explicit MessageBar(QWidget* parent = nullptr);

    void showMessage(const QString& text, Level level);
    QString text() const;
    Level level() const { return m_level; }

private:
    QLabel* m_label;
    Level m_level = Level::Information;
};

}  // namespace hetsched::ui
