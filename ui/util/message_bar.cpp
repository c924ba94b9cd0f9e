#include "util/message_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace hetsched::ui {

MessageBar::MessageBar(QWidget* parent) : QFrame(parent), m_label(new QLabel(this)) {
    m_label->setWordWrap(true);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* close = new QToolButton(this);
    close->setAutoRaise(true);
    close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close->setToolTip(tr("Dismiss"));
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(m_label, 1);
    layout->addWidget(close, 0, Qt::AlignTop);
    hide();
}

void MessageBar::showMessage(const QString& text, Level level) {
    m_level = level;
    m_label->setText(text);
    // Background and border of the bar, then the text colour.
    const char* frame = "background:#e8f1fb; border:1px solid #9dbde3;";
    const char* textColor = "#1d3d63";
    if (level == Level::Warning) {
        frame = "background:#fff6dd; border:1px solid #e5c66b;";
        textColor = "#5a4300";
    } else if (level == Level::Error) {
        frame = "background:#fbe9e9; border:1px solid #e09a9a;";
        textColor = "#6b1010";
    }
    setStyleSheet(QStringLiteral("hetsched--ui--MessageBar { %1 border-radius:3px; }"
                                 " QLabel { border:none; background:transparent; color:%2; }")
                      .arg(QLatin1String(frame), QLatin1String(textColor)));
    show();
}

QString MessageBar::text() const {
    return m_label->text();
}

}  // namespace hetsched::ui
