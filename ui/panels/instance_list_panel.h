// The instances of the project: select one to edit it, add, duplicate, rename (double-click) or remove.
#pragma once

#include <QWidget>

#include "document/project_document.h"

class QListView;
class QToolButton;

namespace hetsched::ui {

class InstanceListModel;

class InstanceListPanel : public QWidget {
    Q_OBJECT
public:
    explicit InstanceListPanel(ProjectDocument* document, QWidget* parent = nullptr);

    EntryId currentEntry() const;
    void selectEntry(EntryId id);
    QListView* view() const { return m_view; }
    InstanceListModel* model() const { return m_model; }

signals:
    void currentEntryChanged(hetsched::ui::EntryId id);
    void newInstanceRequested();
    void importRequested();

private:
    void duplicateCurrent();
    void removeCurrent();
    void updateButtons();

    ProjectDocument* m_document;
    InstanceListModel* m_model;
    QListView* m_view;
    QToolButton* m_duplicateButton;
    QToolButton* m_removeButton;
};

}  // namespace hetsched::ui
