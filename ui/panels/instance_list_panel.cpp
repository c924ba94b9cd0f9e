#include "panels/instance_list_panel.h"

#include <QGridLayout>
#include <QListView>
#include <QToolButton>
#include <QVBoxLayout>

#include "document/instance_list_model.h"

namespace hetsched::ui {

InstanceListPanel::InstanceListPanel(ProjectDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_model(new InstanceListModel(document, this)) {
    setObjectName(QStringLiteral("instanceListPanel"));
    m_view = new QListView(this);
    m_view->setObjectName(QStringLiteral("instanceList"));
    m_view->setModel(m_model);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_view->setUniformItemSizes(true);

    const auto makeButton = [this](const QString& text, const QString& tip) {
        auto* button = new QToolButton(this);
        button->setText(text);
        button->setToolTip(tip);
        button->setAutoRaise(true);
        return button;
    };
    QToolButton* addButton = makeButton(tr("New"), tr("Add an empty instance to the project (choose its kind)"));
    QToolButton* importButton = makeButton(tr("Import…"), tr("Add an instance file (.json) to the project"));
    m_duplicateButton =
        makeButton(tr("Duplicate"), tr("Add a copy of the selected instance, without its runs"));
    m_removeButton = makeButton(tr("Remove"), tr("Remove the selected instance and its runs (undoable)"));
    addButton->setObjectName(QStringLiteral("newInstanceButton"));
    m_duplicateButton->setObjectName(QStringLiteral("duplicateInstanceButton"));
    m_removeButton->setObjectName(QStringLiteral("removeInstanceButton"));
    // Two by two: the dock stays narrow enough for the editor and the Runs table at 1280 px (issue 25).
    auto* buttons = new QGridLayout;
    buttons->setSpacing(0);
    buttons->addWidget(addButton, 0, 0);
    buttons->addWidget(importButton, 0, 1);
    buttons->addWidget(m_duplicateButton, 1, 0);
    buttons->addWidget(m_removeButton, 1, 1);
    buttons->setColumnStretch(2, 1);
    for (QToolButton* button : {addButton, importButton, m_duplicateButton, m_removeButton})
        button->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_view, 1);
    layout->addLayout(buttons);

    connect(addButton, &QToolButton::clicked, this, &InstanceListPanel::newInstanceRequested);
    connect(importButton, &QToolButton::clicked, this, &InstanceListPanel::importRequested);
    connect(m_duplicateButton, &QToolButton::clicked, this, &InstanceListPanel::duplicateCurrent);
    connect(m_removeButton, &QToolButton::clicked, this, &InstanceListPanel::removeCurrent);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        updateButtons();
        emit currentEntryChanged(currentEntry());
    });
    // New entries (added, imported, restored by undo) become the current one; a removal selects a neighbour.
    connect(m_model, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex&, int first) { m_view->setCurrentIndex(m_model->index(first)); });
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, [this](const QModelIndex&, int first) {
        if (m_model->rowCount() > 0)
            m_view->setCurrentIndex(m_model->index(std::min(first, m_model->rowCount() - 1)));
        updateButtons();
        emit currentEntryChanged(currentEntry());
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        if (m_model->rowCount() > 0) m_view->setCurrentIndex(m_model->index(0));
        updateButtons();
        emit currentEntryChanged(currentEntry());
    });
    updateButtons();
}

EntryId InstanceListPanel::currentEntry() const {
    const QModelIndex current = m_view->currentIndex();
    return current.isValid() ? m_model->entryIdAt(current.row()) : 0;
}

void InstanceListPanel::selectEntry(EntryId id) {
    const int row = m_document->rowOf(id);
    if (row >= 0) m_view->setCurrentIndex(m_model->index(row));
}

void InstanceListPanel::duplicateCurrent() {
    const DocumentEntry* entry = m_document->entry(currentEntry());
    if (entry) m_document->addEntry(tr("%1 copy").arg(entry->name), entry->instance, {}, entry->recordedMakespan);
}

void InstanceListPanel::removeCurrent() {
    if (const EntryId id = currentEntry()) m_document->removeEntry(id);
}

void InstanceListPanel::updateButtons() {
    const bool selected = currentEntry() != 0;
    m_duplicateButton->setEnabled(selected);
    m_removeButton->setEnabled(selected);
}

}  // namespace hetsched::ui
