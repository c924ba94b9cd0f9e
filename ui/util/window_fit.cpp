#include "util/window_fit.h"

#include <QGuiApplication>
#include <QScreen>
#include <QStyle>
#include <QWidget>
#include <algorithm>

namespace hetsched::ui {

QRect fittedFrame(const QRect& frame, const QRect& available) {
    if (!available.isValid()) return frame;
    QRect fitted(frame.topLeft(), frame.size().boundedTo(available.size()));
    // Then moved in: the right and bottom edges first, so that the top-left corner (title bar) wins.
    if (fitted.right() > available.right()) fitted.moveRight(available.right());
    if (fitted.bottom() > available.bottom()) fitted.moveBottom(available.bottom());
    if (fitted.left() < available.left()) fitted.moveLeft(available.left());
    if (fitted.top() < available.top()) fitted.moveTop(available.top());
    return fitted;
}

void fitWindowIntoScreen(QWidget* window) {
    if (!window) return;
    QScreen* screen = window->screen();
    if (!screen) screen = QGuiApplication::primaryScreen();
    if (!screen) return;
    const QRect available = screen->availableGeometry();
    // The frame (title bar, borders) around the client area; none known before the window is shown.
    const QRect frame = window->frameGeometry();
    const QRect client = window->geometry();
    QMargins margins(client.left() - frame.left(), client.top() - frame.top(), frame.right() - client.right(),
                     frame.bottom() - client.bottom());
    // Not shown yet: the window manager's title bar will come on top, about this high.
    if (!window->isVisible() && margins.isNull()) margins.setTop(window->style()->pixelMetric(QStyle::PM_TitleBarHeight));
    const QRect fitted = fittedFrame(client.marginsAdded(margins), available);
    if (fitted == client.marginsAdded(margins)) return;
    const QRect fittedClient = fitted.marginsRemoved(margins);
    window->resize(fittedClient.size());
    window->move(fitted.topLeft());
}

}  // namespace hetsched::ui
