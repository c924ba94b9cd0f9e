// Offers back the work of sessions that ended without closing: each recovery file with the project it came
// from and when it was autosaved; Restore one into the window, Discard the selected ones, or decide Later.
#pragma once

#include <QDialog>
#include <QList>

#include "document/autosave.h"

class QPushButton;
class QTreeWidget;

namespace hetsched::ui {

class RecoveryDialog : public QDialog {
    Q_OBJECT
public:
    enum Choice { Later, Restore };

    RecoveryDialog(QList<RecoveryFile> files, QWidget* parent = nullptr);

    // What the user chose (Later when the dialog was closed); for Restore, which file.
    Choice choice() const { return m_choice; }
    RecoveryFile chosenFile() const;
    // The files discarded meanwhile (to delete from disk).
    QStringList discarded() const { return m_discarded; }
    QTreeWidget* list() const { return m_list; }

    // The button actions, as the user clicks them.
    void restoreSelected();
    void discardSelected();

private:
    void updateButtons();
    void fill();

    QList<RecoveryFile> m_files;
    QStringList m_discarded;
    Choice m_choice = Later;
    int m_chosen = -1;
    QTreeWidget* m_list;
    QPushButton* m_restore;
    QPushButton* m_discard;
    QPushButton* m_later;
};

}  // namespace hetsched::ui
