#include "dialogs/recovery_dialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace hetsched::ui {

namespace {

enum Column { ProjectColumn, SavedColumn, InstancesColumn, PathColumn };

}  // namespace

RecoveryDialog::RecoveryDialog(QList<RecoveryFile> files, QWidget* parent)
    : QDialog(parent), m_files(std::move(files)) {
    setObjectName(QStringLiteral("recoveryDialog"));
    setWindowTitle(tr("Recover Unsaved Work"));
    auto* icon = new QLabel(this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(32, 32));
    auto* intro = new QLabel(
        tr("<b>HetSched did not close normally.</b><br>"
           "The unsaved changes below were autosaved before it stopped. Restore one to keep working on it "
           "(it opens with its changes unsaved, and Save writes to its original file), discard what you do "
           "not need, or decide later: the files are kept until then."),
        this);
    intro->setWordWrap(true);
    auto* top = new QHBoxLayout;
    top->addWidget(icon, 0, Qt::AlignTop);
    top->addWidget(intro, 1);

    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("recoveryList"));
    m_list->setRootIsDecorated(false);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setHeaderLabels({tr("Project"), tr("Autosaved"), tr("Instances"), tr("Original file")});
    m_list->header()->setStretchLastSection(true);
    m_list->setMinimumSize(720, 160);

    m_restore = new QPushButton(tr("&Restore"), this);
    m_restore->setObjectName(QStringLiteral("restoreButton"));
    m_restore->setDefault(true);
    m_discard = new QPushButton(tr("&Discard"), this);
    m_discard->setObjectName(QStringLiteral("discardButton"));
    m_later = new QPushButton(tr("&Later"), this);
    m_later->setObjectName(QStringLiteral("laterButton"));
    m_restore->setToolTip(tr("Open the selected project with its autosaved changes"));
    m_discard->setToolTip(tr("Delete the selected autosaves for good"));
    m_later->setToolTip(tr("Keep the autosaves and ask again at the next start"));
    auto* buttons = new QDialogButtonBox(this);
    buttons->addButton(m_restore, QDialogButtonBox::AcceptRole);
    buttons->addButton(m_discard, QDialogButtonBox::DestructiveRole);
    buttons->addButton(m_later, QDialogButtonBox::RejectRole);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_list, 1);
    layout->addWidget(buttons);

    connect(m_restore, &QPushButton::clicked, this, &RecoveryDialog::restoreSelected);
    connect(m_discard, &QPushButton::clicked, this, [this] {
        const auto selected = m_list->selectedItems();
        if (selected.isEmpty()) return;
        const auto answer = QMessageBox::question(
            this, tr("Discard Autosaves"),
            tr("Delete %n autosave(s) for good? Their unsaved changes cannot be recovered afterwards.", nullptr,
               static_cast<int>(selected.size())),
            QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer == QMessageBox::Discard) discardSelected();
    });
    connect(m_later, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_list, &QTreeWidget::itemSelectionChanged, this, &RecoveryDialog::updateButtons);
    connect(m_list, &QTreeWidget::itemDoubleClicked, this, &RecoveryDialog::restoreSelected);
    fill();
}

void RecoveryDialog::fill() {
    m_list->clear();
    const QLocale locale;
    for (int i = 0; i < m_files.size(); ++i) {
        const RecoveryFile& f = m_files[i];
        if (m_discarded.contains(f.path)) continue;
        auto* item = new QTreeWidgetItem(m_list);
        item->setData(ProjectColumn, Qt::UserRole, i);
        item->setText(ProjectColumn, f.displayName);
        item->setText(SavedColumn, locale.toString(f.savedAt, QLocale::ShortFormat));
        item->setText(InstancesColumn, f.error.isEmpty() ? QString::number(f.entryCount) : tr("—"));
        item->setTextAlignment(InstancesColumn, Qt::AlignRight | Qt::AlignVCenter);
        item->setText(PathColumn, f.error.isEmpty()
                                      ? (f.originalPath.isEmpty() ? tr("(never saved)")
                                                                  : QDir::toNativeSeparators(f.originalPath))
                                      : tr("unreadable: %1").arg(f.error));
        const QString tip = tr("Autosaved %1\nOriginal file: %2\nRecovery file: %3")
                                .arg(locale.toString(f.savedAt, QLocale::LongFormat),
                                     f.originalPath.isEmpty() ? tr("(never saved)")
                                                              : QDir::toNativeSeparators(f.originalPath),
                                     QDir::toNativeSeparators(f.path));
        for (int c = 0; c <= PathColumn; ++c) item->setToolTip(c, f.error.isEmpty() ? tip : f.error);
        if (!f.error.isEmpty()) item->setForeground(PathColumn, QBrush(QColor(0xb0, 0x20, 0x20)));
    }
    for (int c = ProjectColumn; c < PathColumn; ++c) m_list->resizeColumnToContents(c);
    if (m_list->topLevelItemCount() > 0) {
        m_list->setCurrentItem(m_list->topLevelItem(0));
        m_list->clearSelection();
        m_list->topLevelItem(0)->setSelected(true);
    }
    updateButtons();
}

void RecoveryDialog::updateButtons() {
    const auto selected = m_list->selectedItems();
    bool readable = selected.size() == 1;
    if (readable) readable = m_files[selected.front()->data(ProjectColumn, Qt::UserRole).toInt()].error.isEmpty();
    m_restore->setEnabled(readable);
    m_discard->setEnabled(!selected.isEmpty());
}

RecoveryFile RecoveryDialog::chosenFile() const {
    return m_chosen >= 0 ? m_files[m_chosen] : RecoveryFile{};
}

void RecoveryDialog::restoreSelected() {
    const auto selected = m_list->selectedItems();
    if (selected.size() != 1) return;
    const int index = selected.front()->data(ProjectColumn, Qt::UserRole).toInt();
    if (!m_files[index].error.isEmpty()) return;
    m_chosen = index;
    m_choice = Restore;
    accept();
}

void RecoveryDialog::discardSelected() {
    for (QTreeWidgetItem* item : m_list->selectedItems())
        m_discarded << m_files[item->data(ProjectColumn, Qt::UserRole).toInt()].path;
    fill();
    if (m_list->topLevelItemCount() == 0) reject();
}

}  // namespace hetsched::ui
