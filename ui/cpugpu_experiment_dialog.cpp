#include "cpugpu_experiment_dialog.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <map>
#include <memory>

#include "util/background_job.h"
#include "views/chart_palette.h"

namespace hetsched::ui {

namespace {

std::optional<std::vector<int>> parseCounts(const QString& text) {
    std::vector<int> counts;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int value = part.trimmed().toInt(&ok);
        if (!ok || value < 1) return std::nullopt;
        counts.push_back(value);
    }
    if (counts.empty()) return std::nullopt;
    return counts;
}

QString countsText(const std::vector<int>& counts) {
    QStringList parts;
    for (int c : counts) parts << QString::number(c);
    return parts.join(QStringLiteral(", "));
}

QSpinBox* spinBox(QWidget* parent, int low, int high) {
    auto* box = new QSpinBox(parent);
    box->setRange(low, high);
    return box;
}

}  // namespace

CpuGpuExperimentDialog::CpuGpuExperimentDialog(QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("cpuGpuExperimentDialog"));
    setWindowTitle(tr("CPU/GPU Experiment"));
    m_minTasks = spinBox(this, 1, 100000);
    m_maxTasks = spinBox(this, 1, 100000);
    m_taskStep = spinBox(this, 1, 100000);
    m_instances = spinBox(this, 1, 10000);
    m_cpus = new QLineEdit(this);
    m_gpus = new QLineEdit(this);
    m_seed = spinBox(this, 0, 2147483647);
    m_exactLimit = new QDoubleSpinBox(this);
    m_exactLimit->setRange(0, 3600);
    m_exactLimit->setDecimals(1);
    m_exactLimit->setSpecialValueText(tr("off"));
    m_exactLimit->setToolTip(tr("Also run the exact MIP on every instance with this time limit (seconds), to know the "
                                "optimum where it finishes"));
    m_statistic = new QComboBox(this);
    m_statistic->addItems({tr("mean deviation from the lower bound (%)"), tr("max deviation from the lower bound (%)"),
                           tr("mean deviation from the optimum (%)"), tr("max deviation from the optimum (%)")});
    m_runButton = new QPushButton(tr("Run"), this);
    m_saveButton = new QPushButton(tr("Save CSV…"), this);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_status = new QLabel(this);
    m_plot = new QCustomPlot(this);
    m_plot->setMinimumSize(560, 320);
    m_plot->xAxis->setLabel(tr("tasks n"));
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    m_plot->yAxis->setLabel(tr("mean deviation from the lower bound (%)"));
    m_plot->legend->setVisible(true);
    m_job = new BackgroundJob(this);

    auto* form = new QFormLayout;
    auto* tasks = new QHBoxLayout;
    tasks->addWidget(m_minTasks);
    tasks->addWidget(new QLabel(tr("to"), this));
    tasks->addWidget(m_maxTasks);
    tasks->addWidget(new QLabel(tr("step"), this));
    tasks->addWidget(m_taskStep);
    form->addRow(tr("Tasks n"), tasks);
    form->addRow(tr("CPUs m"), m_cpus);
    form->addRow(tr("GPUs k"), m_gpus);
    form->addRow(tr("Instances per case"), m_instances);
    form->addRow(tr("Seed"), m_seed);
    form->addRow(tr("Exact MIP time limit"), m_exactLimit);
    form->addRow(tr("Plot"), m_statistic);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_runButton);
    buttons->addWidget(m_progress, 1);
    buttons->addWidget(m_saveButton);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    layout->addWidget(m_plot, 1);
    layout->addWidget(close);

    CpuGpuExperimentOptions defaults;
    defaults.maxTasks = 100;
    defaults.cpuCounts = {4, 16};
    defaults.gpuCounts = {2};
    defaults.instancesPerCase = 5;
    setOptions(defaults);

    connect(m_statistic, &QComboBox::currentIndexChanged, this, [this] { showExperiment(); });
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_runButton, &QPushButton::clicked, this, [this] { isRunning() ? cancel() : run(); });
    connect(m_saveButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save the Experiment"),
                                                          QStringLiteral("cpugpu-experiment.csv"),
                                                          tr("CSV (*.csv)"));
        if (path.isEmpty()) return;
        const Expected<bool> saved = saveCsv(path);
        m_status->setText(saved ? tr("Saved %1").arg(path) : QString::fromStdString(saved.error().message));
    });
    connect(m_job, &BackgroundJob::progressed, this, [this](double fraction, const QString&) {
        m_progress->setValue(static_cast<int>(1000 * std::clamp(fraction, 0.0, 1.0)));
    });
    connect(m_job, &BackgroundJob::finished, this, [this](const QString& error) {
        if (!error.isEmpty()) {
            m_status->setText(tr("The experiment failed: %1").arg(error));
            emit experimentFailed(error);
        }
        updateState();
    });
    connect(m_job, &BackgroundJob::cancelled, this, [this] {
        m_status->setText(tr("Cancelled"));
        updateState();
        emit experimentCancelled();
    });
    updateState();
}

Expected<CpuGpuExperimentOptions> CpuGpuExperimentDialog::options() const {
    CpuGpuExperimentOptions options;
    options.minTasks = m_minTasks->value();
    options.maxTasks = m_maxTasks->value();
    options.taskStep = m_taskStep->value();
    options.instancesPerCase = m_instances->value();
    options.seed = static_cast<std::uint64_t>(m_seed->value());
    options.exactTimeLimit = m_exactLimit->value();
    const auto cpus = parseCounts(m_cpus->text());
    if (!cpus) return invalidInput(tr("CPUs m: a list of positive integers, as \"1, 2, 4\"").toStdString());
    const auto gpus = parseCounts(m_gpus->text());
    if (!gpus) return invalidInput(tr("GPUs k: a list of positive integers, as \"1, 2, 4\"").toStdString());
    if (options.maxTasks < options.minTasks)
        return invalidInput(tr("Tasks n: the largest is below the smallest").toStdString());
    options.cpuCounts = *cpus;
    options.gpuCounts = *gpus;
    return options;
}

void CpuGpuExperimentDialog::setOptions(const CpuGpuExperimentOptions& options) {
    m_minTasks->setValue(options.minTasks);
    m_maxTasks->setValue(options.maxTasks);
    m_taskStep->setValue(options.taskStep);
    m_instances->setValue(options.instancesPerCase);
    m_cpus->setText(countsText(options.cpuCounts));
    m_gpus->setText(countsText(options.gpuCounts));
    m_seed->setValue(static_cast<int>(std::min<std::uint64_t>(options.seed, 2147483647)));
    m_exactLimit->setValue(options.exactTimeLimit);
}

bool CpuGpuExperimentDialog::isRunning() const {
    return m_job->isRunning();
}

void CpuGpuExperimentDialog::run() {
    const Expected<CpuGpuExperimentOptions> given = options();
    if (!given) {
        m_status->setText(QString::fromStdString(given.error().message));
        emit experimentFailed(m_status->text());
        return;
    }
    const CpuGpuExperimentOptions opts = *given;
    m_status->setText(tr("Running…"));
    m_progress->setValue(0);
    m_job->start([this, opts](const Progress& progress) -> BackgroundJob::Delivery {
        auto result = std::make_shared<Expected<CpuGpuExperiment>>(runCpuGpuExperiment(opts, progress));
        return [this, result] {
            if (!*result) {
                m_status->setText(tr("The experiment failed: %1").arg(QString::fromStdString(result->error().message)));
                emit experimentFailed(m_status->text());
                return;
            }
            m_experiment = **result;
            m_status->setText(tr("%n row(s)", nullptr, static_cast<int>(m_experiment->rows.size())));
            showExperiment();
            emit experimentFinished();
        };
    });
    updateState();
}

void CpuGpuExperimentDialog::cancel() {
    m_job->cancel();
}

void CpuGpuExperimentDialog::updateState() {
    m_runButton->setText(isRunning() ? tr("Cancel") : tr("Run"));
    m_saveButton->setEnabled(!isRunning() && m_experiment.has_value());
}

void CpuGpuExperimentDialog::showExperiment() {
    m_plot->clearGraphs();
    if (!m_experiment) return;
    // Figure 2 (means) and Table 1 (maxima): each solver's deviation per n, the mean over the (m, k) cases
    // for a mean, their maximum for a max; against the optimum only over instances whose optimum is known.
    const int statistic = m_statistic->currentIndex();
    const bool maximum = statistic == 1 || statistic == 3;
    const bool fromOptimum = statistic >= 2;
    m_plot->yAxis->setLabel(m_statistic->currentText());
    std::map<std::string, std::map<int, std::pair<double, int>>> sums;
    for (const CpuGpuExperimentRow& row : m_experiment->rows) {
        if (fromOptimum && row.optimalInstances == 0) continue;
        const double value = fromOptimum ? (maximum ? row.maxDeviationFromOptimum : row.meanDeviationFromOptimum)
                                         : (maximum ? row.maxDeviationFromBound : row.meanDeviationFromBound);
        auto& cell = sums[row.solver][row.tasks];
        cell.first = maximum ? std::max(cell.first, value) : cell.first + value;
        cell.second += 1;
    }
    int index = 0;
    for (const std::string& solver : m_experiment->options.solvers) {
        const auto found = sums.find(solver);
        if (found == sums.end()) continue;
        QCPGraph* graph = m_plot->addGraph();
        graph->setName(QString::fromStdString(solver));
        const QColor color = categoricalColor(index++);
        graph->setPen(QPen(color, 2));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, color, color, 5));
        for (const auto& [n, sum] : found->second) graph->addData(n, 100 * (maximum ? sum.first : sum.first / sum.second));
    }
    m_plot->rescaleAxes();
    // Half a step of margin, so the first and last points are not on the border.
    const QCPRange tasks = m_plot->xAxis->range();
    const double margin = std::max(1.0, 0.05 * tasks.size());
    m_plot->xAxis->setRange(tasks.lower - margin, tasks.upper + margin);
    m_plot->yAxis->setRangeLower(0);
    m_plot->yAxis->setRangeUpper(m_plot->yAxis->range().upper * 1.1 + 1e-9);
    m_plot->replot();
    updateState();
}

Expected<bool> CpuGpuExperimentDialog::saveCsv(const QString& path) const {
    if (!m_experiment) return invalidInput(tr("no experiment to save: run it first").toStdString());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return Error{ErrorKind::Io, (path + QStringLiteral(": ") + file.errorString()).toStdString()};
    const std::string csv = cpuGpuExperimentCsv(*m_experiment);
    if (file.write(csv.data(), static_cast<qint64>(csv.size())) != static_cast<qint64>(csv.size()))
        return Error{ErrorKind::Io, (path + QStringLiteral(": ") + file.errorString()).toStdString()};
    return true;
}

}  // namespace hetsched::ui
