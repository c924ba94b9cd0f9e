#include "dialogs/cluster_script_dialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

#include "io/instance_io.h"
#include "util/message_bar.h"

namespace hetsched::ui {

ClusterScriptDialog::ClusterScriptDialog(const SlurmSweepOptions& sweep, const QString& defaultPath, QWidget* parent)
    : QDialog(parent), m_sweep(sweep) {
    setObjectName(QStringLiteral("clusterScriptDialog"));
    setWindowTitle(tr("Run on a Cluster"));
    setSizeGripEnabled(true);
    const int units = static_cast<int>(std::min<std::size_t>(sweep.units, 1'000'000));
    m_shards = new QSpinBox(this);
    m_shards->setObjectName(QStringLiteral("clusterShards"));
    m_shards->setRange(1, std::max(1, units));
    m_shards->setValue(std::clamp(sweep.shards, 1, std::max(1, units)));
    m_shards->setToolTip(tr("Tasks of the SLURM job array: task K runs part K of the sweep"));
    auto line = [this](const QString& name, const std::string& text, const QString& tip) {
        auto* edit = new QLineEdit(QString::fromStdString(text), this);
        edit->setObjectName(name);
        edit->setToolTip(tip);
        return edit;
    };
    m_time = line(QStringLiteral("clusterTime"), sweep.timeLimit, tr("Time limit of each task, HH:MM:SS or D-HH:MM:SS"));
    m_memory = line(QStringLiteral("clusterMemory"), sweep.memory, tr("Memory of each task, as sbatch --mem: 2G, 500M"));
    m_partition = line(QStringLiteral("clusterPartition"), sweep.partition, tr("Empty: the cluster's default"));
    m_account = line(QStringLiteral("clusterAccount"), sweep.account, tr("Empty: your default account"));
    m_hetsched = line(QStringLiteral("clusterHetsched"), sweep.hetsched, tr("The hetsched executable on the cluster"));
    m_outDir = line(QStringLiteral("clusterOutDir"), sweep.outDir.empty() ? sweep.experiment + "-sweep" : sweep.outDir,
                    tr("Where the parts, the logs and the results go (relative: to where the script is run)"));
    m_pathEdit = new QLineEdit(defaultPath, this);
    m_pathEdit->setObjectName(QStringLiteral("clusterScriptPath"));
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString chosen = QFileDialog::getSaveFileName(this, tr("Save the Job Script"), path(),
                                                            tr("Shell scripts (*.sh)"));
        if (!chosen.isEmpty()) m_pathEdit->setText(chosen);
    });
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_pathEdit, 1);
    pathRow->addWidget(browse);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("clusterSummary"));
    m_summary->setWordWrap(true);
    m_preview = new QPlainTextEdit(this);
    m_preview->setObjectName(QStringLiteral("clusterScriptPreview"));
    m_preview->setReadOnly(true);
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview->setMinimumSize(640, 220);
    m_message = new MessageBar(this);
    m_message->hide();

    auto* form = new QFormLayout;
    form->addRow(tr("Array tasks"), m_shards);
    form->addRow(tr("Time per task"), m_time);
    form->addRow(tr("Memory per task"), m_memory);
    form->addRow(tr("Partition"), m_partition);
    form->addRow(tr("Account"), m_account);
    form->addRow(tr("hetsched on the cluster"), m_hetsched);
    form->addRow(tr("Output directory"), m_outDir);
    form->addRow(tr("Save to"), pathRow);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Save)->setObjectName(QStringLiteral("saveClusterScriptButton"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ClusterScriptDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ClusterScriptDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_summary);
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_message);
    layout->addWidget(buttons);

    for (QLineEdit* edit : {m_time, m_memory, m_partition, m_account, m_hetsched, m_outDir})
        connect(edit, &QLineEdit::textChanged, this, &ClusterScriptDialog::updatePreview);
    connect(m_shards, &QSpinBox::valueChanged, this, &ClusterScriptDialog::updatePreview);
    updatePreview();
}

QString ClusterScriptDialog::path() const {
    return m_pathEdit->text().trimmed();
}

Expected<SlurmSweepOptions> ClusterScriptDialog::options() const {
    SlurmSweepOptions o = m_sweep;
    o.shards = m_shards->value();
    static const QRegularExpression time(QStringLiteral("^(\\d+-)?\\d{1,2}:\\d{2}:\\d{2}$"));
    if (!time.match(m_time->text().trimmed()).hasMatch())
        return invalidInput(tr("Time per task: HH:MM:SS or D-HH:MM:SS, as 01:30:00").toStdString());
    static const QRegularExpression memory(QStringLiteral("^\\d+[KMGT]?$"));
    if (!memory.match(m_memory->text().trimmed()).hasMatch())
        return invalidInput(tr("Memory per task: a size as sbatch takes it, as 2G or 500M").toStdString());
    if (m_hetsched->text().trimmed().isEmpty())
        return invalidInput(tr("hetsched on the cluster: the path of the executable there").toStdString());
    if (m_outDir->text().trimmed().isEmpty()) return invalidInput(tr("Output directory: give one").toStdString());
    o.timeLimit = m_time->text().trimmed().toStdString();
    o.memory = m_memory->text().trimmed().toStdString();
    o.partition = m_partition->text().trimmed().toStdString();
    o.account = m_account->text().trimmed().toStdString();
    o.hetsched = m_hetsched->text().trimmed().toStdString();
    o.outDir = m_outDir->text().trimmed().toStdString();
    return o;
}

QString ClusterScriptDialog::script() const {
    return m_preview->toPlainText();
}

void ClusterScriptDialog::updatePreview() {
    const Expected<SlurmSweepOptions> o = options();
    if (!o) {
        m_message->showMessage(QString::fromStdString(o.error().message), MessageBar::Level::Error);
        return;
    }
    m_message->hide();
    const std::size_t perTask = (o->units + std::size_t(o->shards) - 1) / std::size_t(o->shards);
    m_summary->setText(tr("%1 units (an instance with every solver) in %2 array tasks, at most %3 units each, then a "
                          "merge. On the cluster's login node: bash %4 (--help for the options).")
                           .arg(o->units)
                           .arg(o->shards)
                           .arg(perTask)
                           .arg(QFileInfo(path()).fileName()));
    m_preview->setPlainText(QString::fromStdString(slurmSweepScript(*o)));
}

void ClusterScriptDialog::accept() {
    const Expected<SlurmSweepOptions> o = options();
    if (!o) {
        m_message->showMessage(QString::fromStdString(o.error().message), MessageBar::Level::Error);
        return;
    }
    if (path().isEmpty()) {
        m_message->showMessage(tr("Save to: choose a file"), MessageBar::Level::Error);
        return;
    }
    const Expected<bool> written = writeTextFileAtomically(path().toStdString(), slurmSweepScript(*o));
    if (!written) {
        m_message->showMessage(QString::fromStdString(written.error().message), MessageBar::Level::Error);
        return;
    }
    QFile::setPermissions(path(), QFile::permissions(path()) | QFileDevice::ExeOwner | QFileDevice::ExeGroup);
    emit scriptSaved(path());
    QDialog::accept();
}

}  // namespace hetsched::ui
