// A toolbar's stand-in for an action whose text changes (QUndoStack's "Undo Add cluster C3"): a fixed
// label, so that the toolbar's buttons stay where they are, with the action's current text as tooltip.
#pragma once

#include <QString>

class QAction;
class QObject;

namespace hetsched::ui {

// Triggers `source`, is enabled when it is, shows `label` and tells `source`'s text (and shortcut) as its
// tooltip. The shortcut stays on `source` alone.
QAction* fixedTextAction(QAction* source, const QString& label, QObject* parent);

}  // namespace hetsched::ui
