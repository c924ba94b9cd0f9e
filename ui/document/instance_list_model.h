// The project's instances as a list (name, kind and size), renamed in place through undo commands.
#pragma once

#include <QAbstractListModel>

#include "document/project_document.h"

namespace hetsched::ui {

class InstanceListModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role { EntryIdRole = Qt::UserRole + 1 };

    explicit InstanceListModel(ProjectDocument* document, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    EntryId entryIdAt(int row) const;

private:
    void refreshRow(EntryId id);

    ProjectDocument* m_document;
};

// One line describing an instance for lists and status bars ("partition, T = 1000, 7 resources").
QString describeInstance(const Instance& instance);

}  // namespace hetsched::ui
