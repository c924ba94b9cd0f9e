#include "experiments/cpugpu_experiment_dialog.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <algorithm>
#include <cmath>
#include <map>
#include <memory>

#include "io/instance_io.h"
#include "views/common/chart_palette.h"
#include "views/common/plot_legend.h"
#include "views/common/plot_message.h"

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
    m_plot->yAxis->setLabel(tr("deviation (%)"));
    // As the paper's Figure 2: a title saying what is plotted over how many instances, one panel per case
    // (m CPUs, k GPUs), never an average over cases; one legend under the panels.
    QCPAxisRect* first = m_plot->axisRect();
    first->insetLayout()->take(m_plot->legend);
    m_plot->plotLayout()->take(first);
    m_plot->plotLayout()->simplify();
    QFont titleFont = m_plot->font();
    titleFont.setBold(true);
    m_title = new QCPTextElement(m_plot, QString(), titleFont);
    m_panels = new QCPLayoutGrid;
    m_panels->addElement(0, 0, first);
    m_plot->plotLayout()->addElement(0, 0, m_title);
    m_plot->plotLayout()->addElement(1, 0, m_panels);
    m_plot->plotLayout()->addElement(2, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_plot->plotLayout()->setRowStretchFactor(2, 0.001);
    m_emptyMessage = addCentredMessage(m_plot, first);
    m_emptyMessage->setText(tr("Run the experiment to see each solver's deviation per case"));
    m_plot->legend->setVisible(true);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setWrap(4);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setIconSize(20, 8);
    m_plot->legend->setIconTextPadding(4);
    m_plot->legend->setColumnSpacing(2);
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
    showExperiment();
    updateState();
}

CpuGpuExperimentDialog::~CpuGpuExperimentDialog() {
    // The plot deletes the legend with its layout, so it must be in the layout then.
    placeLegendBelow(*m_plot, true);
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
    m_plot->clearPlottables();
    // The panels of the previous run, but the first (whose axes are the plot's own), go.
    QCPAxisRect* first = m_plot->axisRect(0);
    for (int k = m_panels->elementCount() - 1; k >= 0; --k)
        if (QCPLayoutElement* element = m_panels->elementAt(k); element && element != first) m_panels->remove(element);
    if (m_panels->elementAt(0) != first) {
        m_panels->take(first);
        m_panels->simplify();
        m_panels->addElement(0, 0, first);
    }
    m_panels->simplify();
    // Before any run: the plot area fills the plot and says what to do (an empty legend in the layout would
    // narrow it to a small box at the left).
    m_emptyMessage->setVisible(!m_experiment);
    placeLegendBelow(*m_plot, m_experiment.has_value());
    if (!m_experiment) {
        m_title->setText(QString());
        m_plot->replot();
        return;
    }
    // Figure 2 (means) and Table 1 (maxima): each solver's deviation per n in each (m, k) case; against the
    // optimum only over instances whose optimum is known. A mean has a whisker up to the maximum.
    const int statistic = m_statistic->currentIndex();
    const bool maximum = statistic == 1 || statistic == 3;
    const bool fromOptimum = statistic >= 2;
    std::vector<std::pair<int, int>> cases;
    int instances = 0;
    for (const CpuGpuExperimentRow& row : m_experiment->rows) {
        if (std::find(cases.begin(), cases.end(), std::pair{row.cpus, row.gpus}) == cases.end())
            cases.emplace_back(row.cpus, row.gpus);
        instances = std::max(instances, fromOptimum ? row.optimalInstances : row.instances);
    }
    const int columns = std::max(1, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(cases.size())))));
    const int rows = (static_cast<int>(cases.size()) + columns - 1) / columns;
    // The title says which statistic over how many instances; the axis what is measured and its unit.
    const QString statisticText = m_statistic->currentText().section(QStringLiteral(" ("), 0, 0);
    m_title->setText(tr("%1, %2 per point%3")
                         .arg(statisticText.left(1).toUpper() + statisticText.mid(1),
                              instances == 1 ? tr("1 instance") : tr("%1 instances").arg(instances),
                              maximum ? QString() : tr(", whisker to the max.")));
    // The axis says what is measured and its unit; the title says which statistic.
    const QString valueTitle = tr("deviation (%)");
    for (std::size_t c = 0; c < cases.size(); ++c) {
        const auto [cpus, gpus] = cases[c];
        const int row = static_cast<int>(c) / columns;
        const int column = static_cast<int>(c) % columns;
        QCPAxisRect* rect = c == 0 ? first : new QCPAxisRect(m_plot);
        if (c > 0) m_panels->addElement(row, column, rect);
        QCPAxis* x = rect->axis(QCPAxis::atBottom);
        QCPAxis* y = rect->axis(QCPAxis::atLeft);
        QCPAxis* top = rect->axis(QCPAxis::atTop);
        top->setVisible(true);
        top->setTicks(false);
        top->setTickLabels(false);
        top->setBasePen(Qt::NoPen);
        top->setLabel(tr("%1, %2").arg(cpus == 1 ? tr("1 CPU") : tr("%1 CPUs").arg(cpus),
                                       gpus == 1 ? tr("1 GPU") : tr("%1 GPUs").arg(gpus)));
        top->setLabelPadding(2);
        // Axis titles on the outer panels only: the bottom row and the first column.
        x->setLabel(row == rows - 1 || static_cast<int>(c) + columns >= static_cast<int>(cases.size()) ? tr("tasks n") : QString());
        y->setLabel(column == 0 ? valueTitle : QString());
        int index = 0;
        for (const std::string& solver : m_experiment->options.solvers) {
            QCPGraph* graph = m_plot->addGraph(x, y);
            graph->setName(QString::fromStdString(solver));
            const QColor color = categoricalColor(index++);
            graph->setPen(QPen(color, 1.5));
            graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, color, color, 4));
            QVector<double> keys, values, above;
            for (const CpuGpuExperimentRow& r : m_experiment->rows) {
                if (r.solver != solver || r.cpus != cpus || r.gpus != gpus) continue;
                if (fromOptimum && r.optimalInstances == 0) continue;
                const double mean = fromOptimum ? r.meanDeviationFromOptimum : r.meanDeviationFromBound;
                const double most = fromOptimum ? r.maxDeviationFromOptimum : r.maxDeviationFromBound;
                keys << r.tasks;
                values << 100 * (maximum ? most : mean);
                above << (maximum ? 0.0 : 100 * (most - mean));
            }
            graph->setData(keys, values, true);
            if (c > 0) graph->removeFromLegend();
            if (!maximum && !keys.isEmpty()) {
                auto* bars = new QCPErrorBars(x, y);
                bars->removeFromLegend();
                bars->setDataPlottable(graph);
                bars->setData(QVector<double>(above.size(), 0.0), above);
                bars->setPen(QPen(color, 1));
                bars->setWhiskerWidth(4);
            }
        }
        x->rescale(true);
        y->rescale(true);
        // Half a step of margin, so the first and last points are not on the border.
        const QCPRange tasks = x->range();
        const double margin = std::max(1.0, 0.05 * tasks.size());
        x->setRange(tasks.lower - margin, tasks.upper + margin);
        double highest = 0;
        for (QCPAbstractPlottable* p : rect->plottables()) {
            bool found = false;
            const QCPRange values = p->getValueRange(found);
            if (found) highest = std::max(highest, values.upper);
        }
        y->setRange(0, highest * 1.1 + 1e-9);
    }
    m_plot->replot();
    updateState();
}

Expected<bool> CpuGpuExperimentDialog::saveCsv(const QString& path) const {
    if (!m_experiment) return invalidInput(tr("no experiment to save: run it first").toStdString());
    return writeTable(path, cpuGpuExperimentCsv(*m_experiment));
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
