#include "panels/run_table.h"

#include <QAction>
#include <QHeaderView>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

#include "document/run_table_model.h"

namespace hetsched::ui {

RunTable::RunTable(ProjectDocument* document, QWidget* parent)
    : QWidget(parent), m_model(new RunTableModel(document, this)), m_proxy(new QSortFilterProxyModel(this)) {
    setObjectName(QStringLiteral("runTable"));
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(RunTableModel::SortRole);
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("runTableView"));
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(RunTableModel::NumberColumn, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    QHeaderView* header = m_view->horizontalHeader();
    header->setStretchLastSection(true);
    header->resizeSection(RunTableModel::NumberColumn, 48);  // room for the outdated mark
    header->resizeSection(RunTableModel::SolverColumn, 96);
    // The objective beside the solver, then the status: the three fit a narrow panel (issue 25). A long
    // status ("cancelled, best found, gap 9.1 %") is elided; its tooltip and the heading say it whole.
    header->moveSection(header->visualIndex(RunTableModel::ObjectiveColumn), header->visualIndex(RunTableModel::StatusColumn));
    header->resizeSection(RunTableModel::StatusColumn,
                          m_view->fontMetrics().horizontalAdvance(QStringLiteral("optimal (FIFO)")) + 12);
    header->resizeSection(RunTableModel::ObjectiveColumn, 86);
    header->resizeSection(RunTableModel::SecondsColumn, 66);
    header->resizeSection(RunTableModel::SimulatedColumn, 80);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);

    // The selected row is the shown run. A mouse click makes the row current before it selects it (a
    // keyboard move selects first), so following the current row alone missed every click.
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        if (!m_resetting) publishCurrentRun();
    });
    connect(m_view, &QWidget::customContextMenuRequested, this, &RunTable::showContextMenu);
    // A new run is selected so that its chart shows at once.
    connect(m_model, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex&, int, int last) { selectRun(last); });
    // A removed run before the selected one moves it up without a change of selection; the selected run
    // removed, the run that takes its place (or the new last one) is selected.
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, [this](const QModelIndex&, int first, int) {
        if (selectedRuns().isEmpty() && m_model->rowCount() > 0) selectRun(std::min(first, m_model->rowCount() - 1));
        publishCurrentRun();
    });
    // Delete removes the selected runs (one undoable step).
    auto* remove = new QAction(tr("Remove runs"), m_view);
    remove->setObjectName(QStringLiteral("removeRunsAction"));
    remove->setShortcut(QKeySequence::Delete);
    remove->setShortcutContext(Qt::WidgetShortcut);
    connect(remove, &QAction::triggered, this, [this] {
        if (const QList<int> runs = selectedRuns(); !runs.isEmpty()) emit removeRunsRequested(runs);
    });
    m_view->addAction(remove);
    // After a reset (another entry, a file opened) the newest run is shown, as after a solve.
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_resetting = true;
        if (m_model->rowCount() > 0) selectRun(m_model->rowCount() - 1);
        m_resetting = false;
        // Published even when the index is the same: the runs are another entry's.
        m_publishedRun = currentRun();
        m_publishedRuns = selectedRuns();
        emit currentRunChanged(m_publishedRun);
    });
}

void RunTable::setEntry(EntryId id) {
    m_model->setEntry(id);  // its modelReset selects the last run
}

int RunTable::currentRun() const {
    const QList<int> runs = selectedRuns();
    return runs.isEmpty() ? -1 : runs.front();
}

QList<int> RunTable::selectedRuns() const {
    QModelIndexList rows = m_view->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(), [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
    QList<int> runs;
    for (const QModelIndex& row : rows) runs << m_proxy->mapToSource(row).row();
    return runs;
}

void RunTable::publishCurrentRun() {
    const QList<int> runs = selectedRuns();
    if (runs.size() >= 2) {
        if (runs == m_publishedRuns) return;
        m_publishedRuns = runs;
        m_publishedRun = runs.front();
        emit runsCompared(runs);
        return;
    }
    const int run = runs.isEmpty() ? -1 : runs.front();
    // Back from a comparison to one of its runs, that run is shown again.
    const bool wasComparing = m_publishedRuns.size() >= 2;
    m_publishedRuns = runs;
    if (run == m_publishedRun && !wasComparing) return;
    m_publishedRun = run;
    emit currentRunChanged(run);
}

void RunTable::republishSelection() {
    m_publishedRuns = selectedRuns();
    m_publishedRun = currentRun();
    if (m_publishedRuns.size() >= 2)
        emit runsCompared(m_publishedRuns);
    else
        emit currentRunChanged(m_publishedRun);
}

void RunTable::selectRun(int runIndex) {
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(runIndex, 0));
    if (!index.isValid()) return;
    m_view->selectionModel()->setCurrentIndex(
        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(index);
}

void RunTable::selectRuns(const QList<int>& runIndices) {
    QItemSelection selection;
    for (const int run : runIndices) {
        const QModelIndex index = m_proxy->mapFromSource(m_model->index(run, 0));
        if (index.isValid()) selection.select(index, index);
    }
    m_view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void RunTable::showContextMenu(const QPoint& position) {
    const QModelIndex index = m_view->indexAt(position);
    if (!index.isValid()) return;
    const int run = m_proxy->mapToSource(index).row();
    QMenu menu(this);
    menu.addAction(tr("Export result…"), this, [this, run] { emit exportRunRequested(run); });
    menu.addAction(tr("Simulate on SimGrid"), this, [this, run] { emit simulateRunRequested(run); });
    menu.addSeparator();
    menu.addAction(tr("Remove run"), this, [this, run] { emit removeRunRequested(run); });
    menu.exec(m_view->viewport()->mapToGlobal(position));
}

}  // namespace hetsched::ui
