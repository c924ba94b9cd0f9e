// File > New Instance (one per family), New from Template and Import Task Graph: new entries of the project,
// each added as one undoable command and selected.
#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <functional>

#include "document/project_document.h"

class QAction;
class QWidget;

namespace hetsched::ui {

class TaskGraphImportDialog;
class TemplateDialog;

class InstanceCommands : public QObject {
    Q_OBJECT
public:
    // `currentEntry` names the entry the window shows (Import Task Graph offers its platform); the actions
    // and dialogs belong to `window`.
    InstanceCommands(ProjectDocument* document, std::function<EntryId()> currentEntry, QWidget* window);

    const QList<QAction*>& newInstanceActions() const { return m_newInstanceActions; }
    QAction* newFromTemplateAction() const { return m_newFromTemplateAction; }
    QAction* importTaskGraphAction() const { return m_importTaskGraphAction; }

    // The New Instance actions and New from Template as a menu at the mouse (the instance list's "+").
    void chooseKind();
    // See MainWindow.
    EntryId addNewInstance(const QString& kind);
    EntryId newFromTemplate(const std::function<int(TemplateDialog&)>& run = {});
    TaskGraphImportDialog* createTaskGraphImportDialog();
    EntryId addImportedTaskGraph(const TaskGraphImportDialog& dialog);
    // The Import Task Graph dialog, on these files where given; its import added when accepted.
    void importTaskGraph(const QString& graphFile = {}, const QString& platformFile = {});

signals:
    void statusMessage(const QString& message);

private:
    ProjectDocument* m_document;
    std::function<EntryId()> m_currentEntry;
    QWidget* m_window;
    QList<QAction*> m_newInstanceActions;   // one per family (ui/families/)
    QAction* m_newFromTemplateAction;
    QAction* m_importTaskGraphAction;
};

}  // namespace hetsched::ui
