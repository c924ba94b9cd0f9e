// The comparison table of an instance's runs; selecting a run shows its chart.
#pragma once

#include <QWidget>

#include "document/project_document.h"

class QSortFilterProxyModel;
class QTableView;

namespace hetsched::ui {

class RunTableModel;

class RunTable : public QWidget {
    Q_OBJECT
public:
    explicit RunTable(ProjectDocument* document, QWidget* parent = nullptr);

    void setEntry(EntryId id);
    RunTableModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    // The selected run's index in the entry's runs (the highlighted row, wherever the current index is),
    // -1 when none.
    int currentRun() const;
    void selectRun(int runIndex);

signals:
    void currentRunChanged(int runIndex);
    void removeRunRequested(int runIndex);
    void exportRunRequested(int runIndex);

private:
    void showContextMenu(const QPoint& position);
    // Emits currentRunChanged when the selected run is another one.
    void publishCurrentRun();

    RunTableModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_view;
    int m_publishedRun = -1;
    bool m_resetting = false;
};

}  // namespace hetsched::ui
