// The comparison table of an instance's runs; selecting a run shows its chart, selecting several compares them.
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
    // The selected runs' indices in the table's row order (Ctrl+click or Shift+click selects several).
    QList<int> selectedRuns() const;
    void selectRun(int runIndex);
    // Selects these runs (indices in the entry's runs) and no other.
    void selectRuns(const QList<int>& runIndices);
    // Emits the selection again as it is (currentRunChanged or runsCompared), for a change of the runs'
    // instance that did not change the selection.
    void republishSelection();

signals:
    // One run selected (or none, -1): the run to show.
    void currentRunChanged(int runIndex);
    // Several runs selected, in the table's row order: the runs to compare.
    void runsCompared(const QList<int>& runIndices);
    void removeRunRequested(int runIndex);
    // The Delete key on the table: the selected runs (indices in the entry's runs).
    void removeRunsRequested(const QList<int>& runIndices);
    void exportRunRequested(int runIndex);
    void simulateRunRequested(int runIndex);

private:
    void showContextMenu(const QPoint& position);
    // Emits currentRunChanged when the selected run is another one, runsCompared when several are selected.
    void publishCurrentRun();

    RunTableModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_view;
    int m_publishedRun = -1;
    QList<int> m_publishedRuns;
    bool m_resetting = false;
};

}  // namespace hetsched::ui
