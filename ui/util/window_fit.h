// Keeps a top-level window within the screen it is on: a geometry saved on a bigger screen, or a default
// size larger than a small screen, never puts the window's edges (and its buttons) off screen.
#pragma once

#include <QRect>

class QWidget;

namespace hetsched::ui {

// `frame` (a window's frame geometry) moved and shrunk into `available` (a screen's available geometry).
QRect fittedFrame(const QRect& frame, const QRect& available);

// Moves and resizes `window` (top level) so that its frame lies within its screen's available geometry.
void fitWindowIntoScreen(QWidget* window);

}  // namespace hetsched::ui
