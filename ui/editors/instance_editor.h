// The editor of one instance of the document, chosen by the instance's kind.
#pragma once

#include <QWidget>

#include "document/project_document.h"

namespace hetsched::ui {

class InstanceEditor : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;

    virtual void setEntry(EntryId id) = 0;
    virtual EntryId entryId() const = 0;
    // A run drawn on the editor's own plots while it matches the current instance; null clears.
    virtual void showRun(const RunRecord* run) = 0;

signals:
    void statusMessage(const QString& message);
};

// Whether an editor exists for this kind of instance.
bool hasInstanceEditor(const Instance& instance);
InstanceEditor* createInstanceEditor(const Instance& instance, ProjectDocument* document,
                                     QWidget* parent = nullptr);

}  // namespace hetsched::ui
