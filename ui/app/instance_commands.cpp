#include "app/instance_commands.h"

#include <QAction>
#include <QCursor>
#include <QMenu>
#include <QWidget>

#include "dialogs/task_graph_import_dialog.h"
#include "dialogs/template_dialog.h"
#include "document/instance_list_model.h"
#include "families/ui_family.h"

namespace hetsched::ui {

InstanceCommands::InstanceCommands(ProjectDocument* document, std::function<EntryId()> currentEntry, QWidget* window)
    : QObject(window), m_document(document), m_currentEntry(std::move(currentEntry)), m_window(window),
      m_newFromTemplateAction(new QAction(tr("New from &Template…"), window)),
      m_importTaskGraphAction(new QAction(tr("Import &Task Graph…"), window)) {
    // File > New Instance: one action per family, as the GUI's family table lists them.
    for (const UiFamily& family : uiFamilies()) {
        auto* action = new QAction(family.newInstanceText, window);
        action->setStatusTip(family.newInstanceTip);
        const QString kind = QString::fromStdString(family.kind);
        connect(action, &QAction::triggered, this, [this, kind] { addNewInstance(kind); });
        m_newInstanceActions.append(action);
    }
    m_newFromTemplateAction->setShortcut(QKeySequence(tr("Ctrl+Shift+N")));
    m_newFromTemplateAction->setStatusTip(
        tr("Generate an instance from a template (star, CPU+GPU node, random graph, grid, tree, DAG)"));
    connect(m_newFromTemplateAction, &QAction::triggered, this, [this] { newFromTemplate(); });

    m_importTaskGraphAction->setStatusTip(
        tr("Add a task graph (DOT, WfFormat, Pegasus DAX, STG, daggen) on a SimGrid, current or random platform as a "
           "dag instance"));
    connect(m_importTaskGraphAction, &QAction::triggered, this, [this] { importTaskGraph(); });
}

void InstanceCommands::chooseKind() {
    QMenu menu(m_window);
    menu.addActions(m_newInstanceActions);
    menu.addSeparator();
    menu.addAction(m_newFromTemplateAction);
    menu.exec(QCursor::pos());
}

EntryId InstanceCommands::addNewInstance(const QString& kind) {
    // The family's example instance; an unknown kind gets a partition instance, as File > New does.
    const UiFamily* family = findUiFamily(kind.toStdString());
    return m_document->addEntry(tr("untitled"), newInstanceOf(family ? *family : *findUiFamily("partition")));
}

EntryId InstanceCommands::newFromTemplate(const std::function<int(TemplateDialog&)>& run) {
    TemplateDialog dialog(m_window);
    const int result = run ? run(dialog) : dialog.exec();
    if (result != QDialog::Accepted || !dialog.generated()) return 0;
    const EntryId id = m_document->addEntry(dialog.instanceName(), *dialog.generated());
    emit statusMessage(
        tr("Added %1 from the template %2").arg(describeInstance(*dialog.generated()), dialog.templateTitle()));
    return id;
}

TaskGraphImportDialog* InstanceCommands::createTaskGraphImportDialog() {
    auto* dialog = new TaskGraphImportDialog(m_window);
    if (const DocumentEntry* entry = m_document->entry(m_currentEntry()))
        if (const auto* dag = std::get_if<DagInstance>(&entry->instance)) dialog->setCurrentPlatform(entry->name, dag->platform);
    return dialog;
}

EntryId InstanceCommands::addImportedTaskGraph(const TaskGraphImportDialog& dialog) {
    if (!dialog.result() || dialog.entryName().isEmpty()) return 0;
    const std::optional<double> recorded = dialog.recordedMakespan();
    return m_document->addEntry(m_document->uniqueName(dialog.entryName()), Instance{*dialog.result()}, {}, recorded);
}

void InstanceCommands::importTaskGraph(const QString& graphFile, const QString& platformFile) {
    TaskGraphImportDialog* dialog = createTaskGraphImportDialog();
    if (!graphFile.isEmpty()) dialog->setGraphFile(graphFile);
    if (!platformFile.isEmpty()) dialog->setPlatformFile(platformFile);
    if (dialog->exec() == QDialog::Accepted) addImportedTaskGraph(*dialog);
    dialog->deleteLater();
}

}  // namespace hetsched::ui
