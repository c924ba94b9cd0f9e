#include "dialogs/solver_list_dialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "solvers/registry.h"
#include "util/number_text.h"

namespace hetsched::ui {

SolverListDialog::SolverListDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Solvers"));
    auto* tree = new QTreeWidget(this);
    tree->setColumnCount(2);
    tree->setHeaderLabels({tr("Solver"), tr("Description")});
    tree->setWordWrap(true);
    tree->setRootIsDecorated(true);
    QTreeWidgetItem* family = nullptr;
    for (const SolverSpec& spec : solverSpecs()) {
        const QString kind = QString::fromStdString(spec.kind);
        if (!family || family->text(0) != kind) {
            family = new QTreeWidgetItem(tree, {kind, tr("instances of kind \"%1\"").arg(kind)});
            QFont bold = family->font(0);
            bold.setBold(true);
            family->setFont(0, bold);
            family->setExpanded(true);
        }
        auto* solver = new QTreeWidgetItem(
            family, {QString::fromStdString(spec.name), QString::fromStdString(spec.description)});
        solver->setToolTip(1, solver->text(1));
        solver->setExpanded(true);
        for (const OptionSpec& option : spec.options) {
            new QTreeWidgetItem(
                solver, {QString::fromStdString(option.name),
                         tr("%1 — %2, default %3")
                             .arg(QString::fromStdString(option.description),
                                  QString::fromStdString(optionAcceptsText(option)),
                                  QString::fromStdString(optionDefaultText(option)))});
        }
    }
    tree->header()->resizeSection(0, 160);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(tree);
    layout->addWidget(buttons);
    resize(760, 380);
}

}  // namespace hetsched::ui
