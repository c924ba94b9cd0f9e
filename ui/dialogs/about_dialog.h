// Help > About HetSched: the version, what the tool is for, the five papers it implements (with a button
// copying their BibTeX, as Help > Cite does) and what it is built with.
#pragma once

#include <QDialog>

namespace hetsched::ui {

class AboutDialog : public QDialog {
    Q_OBJECT
public:
    explicit AboutDialog(QWidget* parent = nullptr);
};

// Puts every paper's BibTeX on the clipboard (Help > Cite, About's button).
void copyPapersBibtex();

}  // namespace hetsched::ui
