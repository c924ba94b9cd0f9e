// Edit > Cut, Copy, Paste, Delete and Select All: they act on what has the keyboard focus (a text field, a
// number box, a table, an instance canvas), and are disabled where they do not apply.
#pragma once

class QMenu;
class QWidget;

namespace hetsched::ui {

// Adds the five commands to `menu`. Their keys (Ctrl+X, Ctrl+C, Ctrl+V, Del, Ctrl+A) are shown in the menu
// and handled by the focused widget itself (text fields natively, the canvases by their own shortcuts), so
// that a key never reaches two handlers; choosing the command in the menu does the same.
void addEditCommands(QMenu* menu, QWidget* window);

}  // namespace hetsched::ui
