#include "run_table.h"

#include <QHeaderView>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

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
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    QHeaderView* header = m_view->horizontalHeader();
    header->setStretchLastSection(true);
    header->resizeSection(RunTableModel::NumberColumn, 48);  // room for the outdated mark
    header->resizeSection(RunTableModel::SolverColumn, 96);
    header->resizeSection(RunTableModel::StatusColumn, 74);
    header->resizeSection(RunTableModel::ObjectiveColumn, 86);
    header->resizeSection(RunTableModel::SecondsColumn, 66);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this] { emit currentRunChanged(currentRun()); });
    connect(m_view, &QWidget::customContextMenuRequested, this, &RunTable::showContextMenu);
    // A new run is selected so that its chart shows at once.
    connect(m_model, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex&, int, int last) { selectRun(last); });
    // After a reset (another entry, a file opened) the newest run is shown, as after a solve.
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        if (m_model->rowCount() > 0)
            selectRun(m_model->rowCount() - 1);
        emit currentRunChanged(currentRun());
    });
}

void RunTable::setEntry(EntryId id) {
    m_model->setEntry(id);  // its modelReset selects the last run
}

int RunTable::currentRun() const {
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    if (!current.isValid() || !m_view->selectionModel()->isRowSelected(current.row(), {})) return -1;
    return m_proxy->mapToSource(current).row();
}

void RunTable::selectRun(int runIndex) {
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(runIndex, 0));
    if (!index.isValid()) return;
    m_view->selectionModel()->setCurrentIndex(
        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(index);
}

void RunTable::showContextMenu(const QPoint& position) {
    const QModelIndex index = m_view->indexAt(position);
    if (!index.isValid()) return;
    const int run = m_proxy->mapToSource(index).row();
    QMenu menu(this);
    menu.addAction(tr("Export result…"), this, [this, run] { emit exportRunRequested(run); });
    menu.addSeparator();
    menu.addAction(tr("Remove run"), this, [this, run] { emit removeRunRequested(run); });
    menu.exec(m_view->viewport()->mapToGlobal(position));
}

}  // namespace hetsched::ui
