#include "editors/table_controls.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>

namespace hetsched::ui {

void setUpEditableTable(QTableView* table) {
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                           QAbstractItemView::AnyKeyPressed);
    table->setWordWrap(false);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
}

TableControls makeTableControls(QTableView* table, const QString& item, const QString& objectStem, const QString& hint,
                                QWidget* parent) {
    TableControls controls;
    controls.add = new QPushButton(QObject::tr("Add %1").arg(item), parent);
    controls.add->setObjectName(QStringLiteral("add%1Button").arg(objectStem));
    controls.remove = new QPushButton(QObject::tr("Remove"), parent);
    controls.remove->setObjectName(QStringLiteral("remove%1Button").arg(objectStem));
    auto* removeAction = new QAction(QObject::tr("Remove %1").arg(item), table);
    removeAction->setShortcut(QKeySequence::Delete);
    removeAction->setShortcutContext(Qt::WidgetShortcut);
    QObject::connect(removeAction, &QAction::triggered, controls.remove, &QPushButton::click);
    table->addAction(removeAction);
    auto* label = new QLabel(hint, parent);
    label->setStyleSheet(QStringLiteral("color:#666;"));
    label->setWordWrap(true);
    label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    controls.row = new QHBoxLayout;
    controls.row->addWidget(controls.add);
    controls.row->addWidget(controls.remove);
    controls.row->addWidget(label, 1);
    return controls;
}

}  // namespace hetsched::ui
