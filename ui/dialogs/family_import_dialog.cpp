#include "dialogs/family_import_dialog.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "util/option_form.h"

namespace hetsched::ui {

FamilyImportDialog::FamilyImportDialog(const QString& path, const FileFormat& format, QWidget* parent)
    : QDialog(parent), m_path(path), m_format(format) {
    setObjectName(QStringLiteral("familyImportDialog"));
    setWindowTitle(tr("Import %1").arg(QFileInfo(path).fileName()));
    auto* what = new QLabel(tr("<b>%1</b> is %2: it becomes a <b>%3</b> instance.")
                                .arg(QFileInfo(path).fileName().toHtmlEscaped(),
                                     QString::fromStdString(format.label).toHtmlEscaped(),
                                     QString::fromStdString(format.family)),
                            this);
    what->setObjectName(QStringLiteral("familyImportFormat"));
    what->setWordWrap(true);
    m_form = new OptionForm(this);
    m_form->setObjectName(QStringLiteral("familyImportOptions"));
    // The partition import's task count has no default and no measurement gives it: the field says so.
    if (format.family == "partition") {
        OptionDisplay tasks;
        tasks.unsetText = tr("required: T, the tasks to distribute");
        m_form->setDisplay("tasks", tasks);
    }
    if (format.importOptions) m_form->setTable(format.importOptions());
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("familyImportMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setStyleSheet(QStringLiteral("color:#8b1a1a;"));
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Add to Project"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &FamilyImportDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(what);
    layout->addWidget(m_form);
    layout->addWidget(m_message);
    layout->addStretch(1);
    layout->addWidget(m_buttons);
    resize(600, sizeHint().height());
}

bool FamilyImportDialog::read() {
    m_imported.reset();
    Expected<OptionValues> values = m_form->values();
    if (!values) {
        m_error = QString::fromStdString(values.error().message);
    } else {
        QApplication::setOverrideCursor(Qt::WaitCursor);
        Expected<FamilyImport> read = m_format.readFamily({m_path.toStdString()}, *values);
        QApplication::restoreOverrideCursor();
        if (read) {
            m_imported = std::move(*read);
            m_error.clear();
        } else {
            m_error = QString::fromStdString(read.error().message);
        }
    }
    m_message->setText(m_error);
    return m_error.isEmpty();
}

void FamilyImportDialog::accept() {
    if (!read()) return;
    QDialog::accept();
}

}  // namespace hetsched::ui
