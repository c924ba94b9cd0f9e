#include "experiments/cpugpu_experiment_dialog.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <algorithm>
#include <map>
#include <memory>

#include "io/instance_io.h"
#include "views/common/chart_palette.h"

namespace hetsched::ui {

CpuGpuExperimentDialog::CpuGpuExperimentDialog(QWidget* parent)
    : ExperimentDialog(QStringLiteral("cpugpu-experiment"), parent) {
    setObjectName(QStringLiteral("cpuGpuExperimentDialog"));
    setWindowTitle(tr("CPU/GPU Experiment"));
    const ExperimentOptions& table = cpuGpuExperimentOptionTable();
    const OptionSpec& taskCounts = *findOption(table.table, "tasks");
    const QString taskTip = tr("The numbers of tasks n: from, to and step\neach an integer between %1 and %2")
                                .arg(qlonglong(taskCounts.minimum))
                                .arg(qlonglong(taskCounts.maximum));
    m_minTasks = entrySpinBox(this, table, "tasks");
    m_minTasks->setObjectName(QStringLiteral("tasksFrom"));
    m_maxTasks = entrySpinBox(this, table, "tasks");
    m_maxTasks->setObjectName(QStringLiteral("tasksTo"));
    m_taskStep = entrySpinBox(this, table, "tasks");
    m_taskStep->setObjectName(QStringLiteral("tasksStep"));
    for (QSpinBox* box : {m_minTasks, m_maxTasks, m_taskStep}) box->setToolTip(taskTip);
    m_instances = OptionField(table.table, "instances", tr("Instances per case"), this);
    m_cpus = OptionField(table.table, "cpus", tr("CPUs m"), this);
    m_gpus = OptionField(table.table, "gpus", tr("GPUs k"), this);
    m_seed = OptionField(table.table, "seed", tr("Seed"), this);
    m_exactLimit = OptionField(table.table, "exact-time-limit", tr("Exact MIP time limit"), this);
    static_cast<QAbstractSpinBox*>(m_exactLimit.editor())->setSpecialValueText(tr("off"));
    m_exactLimit.setHelp(tr("Also run the exact MIP on every instance with this time limit (seconds), to know the "
                            "optimum where it finishes"));
    m_statistic = new QComboBox(this);
    m_statistic->addItems({tr("mean deviation from the lower bound (%)"), tr("max deviation from the lower bound (%)"),
                           tr("mean deviation from the optimum (%)"), tr("max deviation from the optimum (%)")});
    m_plot = new QCustomPlot(this);
    m_plot->setMinimumSize(560, 320);
    m_plot->xAxis->setLabel(tr("tasks n"));
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    m_plot->yAxis->setLabel(tr("mean deviation from the lower bound (%)"));
    m_plot->legend->setVisible(true);
    addExport(m_plot, tr("Export Plot…"), QString(), QSize(1000, 600));

    auto* form = new QFormLayout;
    auto* tasks = new QHBoxLayout;
    tasks->addWidget(m_minTasks);
    tasks->addWidget(new QLabel(tr("to"), this));
    tasks->addWidget(m_maxTasks);
    tasks->addWidget(new QLabel(tr("step"), this));
    tasks->addWidget(m_taskStep);
    form->addRow(tr("Tasks n"), tasks);
    for (const OptionField* field : {&m_cpus, &m_gpus, &m_instances, &m_seed, &m_exactLimit})
        form->addRow(field->label(), field->editor());
    form->addRow(tr("Plot"), m_statistic);
    layOut(form, m_plot);

    // A run of seconds by default: the table's defaults (the CLI's, the paper's grid) on a smaller grid.
    CpuGpuExperimentOptions defaults;
    defaults.maxTasks = 100;
    defaults.cpuCounts = {4, 16};
    defaults.gpuCounts = {2};
    defaults.instancesPerCase = 5;
    setOptions(defaults);

    connect(m_statistic, &QComboBox::currentIndexChanged, this, [this] { showExperiment(); });
    updateState();
}

Expected<CpuGpuExperimentOptions> CpuGpuExperimentDialog::options() const {
    // The options the form does not show (solvers, epsilon) keep the table's defaults.
    OptionValues values = cpuGpuExperimentValues(CpuGpuExperimentOptions{});
    if (m_maxTasks->value() < m_minTasks->value())
        return invalidInput(tr("Tasks n: the largest is below the smallest").toStdString());
    values.set("tasks", std::vector<double>{double(m_minTasks->value()), double(m_maxTasks->value()),
                                            double(m_taskStep->value())});
    if (std::optional<Error> error = readOptionFields(values, {&m_cpus, &m_gpus, &m_instances, &m_seed, &m_exactLimit}))
        return *error;
    return cpuGpuExperimentOptions(values);
}

void CpuGpuExperimentDialog::setOptions(const CpuGpuExperimentOptions& options) {
    m_minTasks->setValue(options.minTasks);
    m_maxTasks->setValue(options.maxTasks);
    m_taskStep->setValue(options.taskStep);
    showOptionFields(cpuGpuExperimentValues(options), {&m_cpus, &m_gpus, &m_instances, &m_seed, &m_exactLimit});
}

Expected<BackgroundJob::Work> CpuGpuExperimentDialog::makeWork() {
    const Expected<CpuGpuExperimentOptions> given = options();
    if (!given) return given.error();
    const CpuGpuExperimentOptions opts = *given;
    return BackgroundJob::Work([this, opts](const Progress& progress) -> BackgroundJob::Delivery {
        auto result = std::make_shared<Expected<CpuGpuExperiment>>(runCpuGpuExperiment(opts, progress));
        return [this, result] {
            if (!*result) {
                fail(result->error());
                return;
            }
            m_experiment = **result;
            showExperiment();
            finish(tr("%n row(s)", nullptr, static_cast<int>(m_experiment->rows.size())));
        };
    });
}

void CpuGpuExperimentDialog::setFormEnabled(bool enabled) {
    for (QWidget* field : {m_minTasks, m_maxTasks, m_taskStep})
        field->setEnabled(enabled);
    for (const OptionField* field : {&m_cpus, &m_gpus, &m_instances, &m_seed, &m_exactLimit})
        field->editor()->setEnabled(enabled);
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
    return writeTextFileAtomically(path.toStdString(), cpuGpuExperimentCsv(*m_experiment));
}

Expected<SlurmSweepOptions> CpuGpuExperimentDialog::clusterSweep() const {
    const Expected<CpuGpuExperimentOptions> given = options();
    if (!given) return given.error();
    Expected<std::size_t> units = cpuGpuExperimentUnitCount(*given);
    if (!units) return units.error();
    SlurmSweepOptions sweep;
    sweep.experiment = kCpuGpuExperiment;
    sweep.flags = cpuGpuExperimentFlags(*given);
    sweep.units = *units;
    return sweep;
}

}  // namespace hetsched::ui
