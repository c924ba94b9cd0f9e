#include "experiments/experiment_dialog.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <limits>
#include <stdexcept>
#include <qcustomplot.h>

#include "dialogs/cluster_script_dialog.h"
#include "export/table_latex.h"
#include "io/instance_io.h"
#include "util/message_bar.h"
#include "views/common/chart_export.h"

namespace hetsched::ui {

namespace {

const QString kLastDirectoryKey = QStringLiteral("lastDirectory");  // shared with File > Open and Save

}  // namespace

ExperimentDialog::ExperimentDialog(const QString& fileStem, QWidget* parent)
    : QDialog(parent), m_fileStem(fileStem), m_job(new BackgroundJob(this)) {
    setSizeGripEnabled(true);
    m_runButton = new QPushButton(tr("Run"), this);
    m_runButton->setObjectName(QStringLiteral("runExperimentButton"));
    m_runButton->setDefault(true);
    m_saveButton = new QPushButton(tr("Save CSV…"), this);
    m_saveButton->setObjectName(QStringLiteral("saveCsvButton"));
    m_clusterButton = new QPushButton(tr("Run on a Cluster…"), this);
    m_clusterButton->setObjectName(QStringLiteral("runOnClusterButton"));
    m_clusterButton->setToolTip(tr("Save a SLURM job script that runs this experiment, as set here, as a job array "
                                   "and merges the parts into the same table"));
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("experimentStatus"));
    m_status->setWordWrap(true);
    m_message = new MessageBar(this);
    m_message->hide();

    connect(m_runButton, &QPushButton::clicked, this, [this] { isRunning() ? cancel() : run(); });
    connect(m_saveButton, &QPushButton::clicked, this, &ExperimentDialog::saveWithDialog);
    connect(m_clusterButton, &QPushButton::clicked, this, &ExperimentDialog::openClusterScript);
    connect(m_job, &BackgroundJob::progressed, this, [this](double fraction, const QString& stage) {
        m_progress->setValue(static_cast<int>(1000 * std::clamp(fraction, 0.0, 1.0)));
        if (!stage.isEmpty()) m_status->setText(stage);
    });
    connect(m_job, &BackgroundJob::finished, this, [this](const QString& error) {
        if (!error.isEmpty()) fail(Error{ErrorKind::Solver, error.toStdString()});
        updateState();
    });
    connect(m_job, &BackgroundJob::cancelled, this, [this] {
        m_status->setText(tr("Cancelled"));
        updateState();
        emit experimentCancelled();
    });
}

void ExperimentDialog::run() {
    if (isRunning()) return;
    Expected<BackgroundJob::Work> work = makeWork();
    if (!work) {
        fail(work.error());
        return;
    }
    m_message->hide();
    m_progress->setValue(0);
    m_status->setText(tr("Running…"));
    m_job->start(std::move(*work));
    updateState();
}

void ExperimentDialog::cancel() {
    m_job->cancel();
}

void ExperimentDialog::reject() {
    // Closing the dialog stops the work: nobody would see its result.
    m_job->cancel();
    QDialog::reject();
}

void ExperimentDialog::openClusterScript() {
    if (m_clusterDialog) {
        m_clusterDialog->raise();
        return;
    }
    Expected<SlurmSweepOptions> sweep = clusterSweep();
    if (!sweep) {
        m_message->showMessage(QString::fromStdString(sweep.error().message), MessageBar::Level::Error);
        return;
    }
    m_message->hide();
    sweep->shards = suggestedShards(sweep->units);
    sweep->hetsched = QCoreApplication::applicationFilePath().toStdString();
    m_clusterDialog = new ClusterScriptDialog(*sweep, suggestedPath(m_fileStem + QStringLiteral("-slurm.sh")), this);
    m_clusterDialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_clusterDialog, &ClusterScriptDialog::scriptSaved, this, [this](const QString& path) {
        QSettings().setValue(kLastDirectoryKey, QFileInfo(path).absolutePath());
        m_status->setText(tr("Job script saved to %1: on the cluster's login node, bash %2")
                              .arg(QDir::toNativeSeparators(path), QFileInfo(path).fileName()));
    });
    connect(m_clusterDialog, &QObject::destroyed, this, [this] { m_clusterDialog = nullptr; });
    m_clusterDialog->open();
}

void ExperimentDialog::finish(const QString& status) {
    m_progress->setValue(m_progress->maximum());
    m_status->setText(status);
    updateState();
    emit experimentFinished();
}

void ExperimentDialog::fail(const Error& error) {
    if (error.kind == ErrorKind::Cancelled) {
        m_status->setText(tr("Cancelled"));
        updateState();
        emit experimentCancelled();
        return;
    }
    const QString message = QString::fromStdString(error.message);
    m_message->showMessage(message, MessageBar::Level::Error);
    m_status->clear();
    updateState();
    emit experimentFailed(message);
}

Expected<bool> ExperimentDialog::writeTable(const QString& path, const std::string& csv) const {
    if (!isLatexPath(path.toStdString())) return writeTextFileAtomically(path.toStdString(), csv);
    Expected<std::string> latex = csvAsLatexTable(csv, (windowTitle() + tr(": the results")).toStdString());
    if (!latex) return latex.error();
    return writeTextFileAtomically(path.toStdString(), *latex);
}

QPushButton* ExperimentDialog::addExport(QCustomPlot* plot, const QString& buttonText, const QString& fileSuffix, QSize size) {
    auto* button = new QPushButton(buttonText, this);
    connect(button, &QPushButton::clicked, this, [this, plot, fileSuffix, size] { exportWithDialog(plot, fileSuffix, size); });
    m_exportButtons.push_back(button);
    return button;
}

Expected<bool> ExperimentDialog::exportChart(QCustomPlot* plot, const QString& path, QSize size) const {
    if (!hasResults()) return invalidInput("run the experiment first");
    return exportPlot(plot, path, size.width(), size.height());
}

Expected<bool> ExperimentDialog::exportFigure(QCustomPlot* plot, const QString& path, const FigureOptions& options) const {
    if (!hasResults()) return invalidInput("run the experiment first");
    Expected<FigureCanvas> canvas = figureCanvas(path, options);
    if (!canvas) return canvas.error();
    const PlotTitleScope title(plot, options.title);
    return exportPlot(plot, path, *canvas);
}

QHBoxLayout* ExperimentDialog::actionRow() {
    auto* row = new QHBoxLayout;
    row->addWidget(m_runButton);
    row->addWidget(m_progress, 1);
    row->addWidget(m_clusterButton);
    row->addWidget(m_saveButton);
    for (QPushButton* button : m_exportButtons) row->addWidget(button);
    return row;
}

void ExperimentDialog::layOut(QLayout* form, QWidget* plot) {
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(close, &QDialogButtonBox::rejected, this, &ExperimentDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(actionRow());
    layout->addWidget(m_status);
    layout->addWidget(m_message);
    layout->addWidget(plot, 1);
    layout->addWidget(close);
}

void ExperimentDialog::updateState() {
    const bool running = isRunning();
    m_runButton->setText(running ? tr("Cancel") : tr("Run"));
    m_progress->setEnabled(running);
    m_clusterButton->setEnabled(!running);
    setFormEnabled(!running);
    const bool results = !running && hasResults();
    m_saveButton->setEnabled(results);
    for (QPushButton* button : m_exportButtons) button->setEnabled(results);
}

namespace {

const OptionSpec& experimentOption(const ExperimentOptions& options, const std::string& name) {
    const OptionSpec* spec = findOption(options.table, name);
    if (!spec) throw std::logic_error("the experiment has no option " + name);
    return *spec;
}

}  // namespace

QSpinBox* ExperimentDialog::entrySpinBox(QWidget* parent, const ExperimentOptions& options, const std::string& name) {
    const OptionSpec& spec = experimentOption(options, name);
    constexpr double kMost = std::numeric_limits<int>::max();
    auto* box = new QSpinBox(parent);
    box->setRange(static_cast<int>(std::max(spec.minimum, -kMost)), static_cast<int>(std::min(spec.maximum, kMost)));
    box->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    return box;
}

QString ExperimentDialog::suggestedPath(const QString& fileName) const {
    const QString directory = QSettings().value(kLastDirectoryKey, QDir::homePath()).toString();
    return QDir(directory).filePath(fileName);
}

void ExperimentDialog::saveWithDialog() {
    if (!hasResults()) return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the Results"),
                                                      suggestedPath(m_fileStem + QStringLiteral(".csv")),
                                                      tr("CSV (*.csv);;LaTeX table, booktabs (*.tex)"));
    if (path.isEmpty()) return;
    QSettings().setValue(kLastDirectoryKey, QFileInfo(path).absolutePath());
    const Expected<bool> written = saveCsv(path);
    if (!written) m_message->showMessage(QString::fromStdString(written.error().message), MessageBar::Level::Error);
    else m_status->setText(tr("Results saved to %1").arg(QDir::toNativeSeparators(path)));
}

void ExperimentDialog::exportWithDialog(QCustomPlot* plot, const QString& fileSuffix, QSize size) {
    if (!hasResults()) return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Chart"),
                                                      suggestedPath(m_fileStem + fileSuffix + QStringLiteral(".png")),
                                                      chartFileFilter());
    if (path.isEmpty()) return;
    QSettings().setValue(kLastDirectoryKey, QFileInfo(path).absolutePath());
    const Expected<bool> written = exportChart(plot, path, size);
    if (!written) m_message->showMessage(QString::fromStdString(written.error().message), MessageBar::Level::Error);
    else m_status->setText(tr("Chart exported to %1").arg(QDir::toNativeSeparators(path)));
}

}  // namespace hetsched::ui
