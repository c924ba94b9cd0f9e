// What the table editors of instances share (the partition resources, the divisible workers): a table of
// whole rows edited in place, and under it Add, Remove (also the Delete key on the table) and a hint.
#pragma once

#include <QString>

class QHBoxLayout;
class QPushButton;
class QTableView;
class QWidget;

namespace hetsched::ui {

// Rows selected whole, a cell edited on double-click or by typing, one line a row.
void setUpEditableTable(QTableView* table);

struct TableControls {
    QPushButton* add;
    QPushButton* remove;  // the Delete key on the table clicks it
    QHBoxLayout* row;     // add, remove, the hint
};

// "Add <item>" and "Remove", named add<Stem>Button and remove<Stem>Button (tests find them so).
TableControls makeTableControls(QTableView* table, const QString& item, const QString& objectStem, const QString& hint,
                                QWidget* parent);

}  // namespace hetsched::ui
