// A pane that scrolls up and down rather than squeeze what it holds below its least height.
#pragma once

#include <QString>

class QScrollArea;
class QWidget;

namespace hetsched::ui {

// `content` in a frameless scroll area of `parent` named `objectName`: its width follows the area's (no
// horizontal scroll bar), and the area scrolls vertically where it is lower than the content's least height.
QScrollArea* verticalScrollArea(QWidget* content, const QString& objectName, QWidget* parent);

}  // namespace hetsched::ui
