// The Help menu: pages made from their one source (the user guide in the resources, the solver registry, the
// window's own actions for the shortcuts), the papers' BibTeX, About.
#pragma once

#include <functional>

#include <QString>

class QMainWindow;

namespace hetsched::ui {

// Adds Help to `window`'s menu bar; `status` shows a short message (the status bar).
void addHelpMenu(QMainWindow* window, std::function<void(const QString&)> status);

}  // namespace hetsched::ui
