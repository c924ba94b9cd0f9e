#include "experiments/dag_evaluation_dialog.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <algorithm>
#include <map>
#include <memory>

#include "views/common/plot_legend.h"
#include "views/common/plot_message.h"
#include "io/instance_io.h"
#include "solvers/registry.h"
#include "views/common/chart_palette.h"

namespace hetsched::ui {

DagEvaluationDialog::DagEvaluationDialog(QWidget* parent) : ExperimentDialog(QStringLiteral("dag-evaluation"), parent) {
    setObjectName(QStringLiteral("dagEvaluationDialog"));
    setWindowTitle(tr("Task Graph Evaluation"));
    const ExperimentOptions& table = dagEvaluationOptions();
    m_sizes = OptionField(table.table, "sizes", tr("Tasks per graph"), this);
    m_sizes.setHelp(tr("Number of tasks of the random graphs"));
    m_clusters = OptionField(table.table, "clusters", tr("Clusters"), this);
    m_heterogeneities = OptionField(table.table, "heterogeneity", tr("Heterogeneity"), this);
    m_heterogeneities.setHelp(tr("Cluster speeds are uniform in [min speed, min speed × heterogeneity]"));
    OptionDisplay gflops;
    gflops.scale = 1e9;
    gflops.suffix = QStringLiteral(" Gflop/s");
    m_minSpeeds = OptionField(table.table, "min-speeds", tr("Min speeds (Gflop/s)"), this, gflops);
    m_minSpeeds.setHelp(tr("The slowest cluster's speed of each platform configuration"));
    m_dagSamples = OptionField(table.table, "samples", tr("Graphs per size"), this);
    m_dagSamples.setHelp(tr("Random graphs per size, each with its shape drawn from the paper's grid (fat, "
                            "regularity, density, jump, complexity)"));
    m_platformSamples = OptionField(table.table, "platform-samples", tr("Platforms per configuration"), this);
    m_seed = OptionField(table.table, "seed", tr("Seed"), this);
    auto* solverRow = new QHBoxLayout;
    for (const SolverSpec& spec : solversForKind("dag")) {
        auto* box = new QCheckBox(QString::fromStdString(spec.name), this);
        box->setObjectName(QStringLiteral("solver-") + QString::fromStdString(spec.name));
        box->setToolTip(QString::fromStdString(spec.description));
        box->setChecked(true);
        solverRow->addWidget(box);
        m_solvers.push_back(box);
    }
    solverRow->addStretch(1);
    m_groupBy = new QComboBox(this);
    m_groupBy->setObjectName(QStringLiteral("groupBy"));
    m_groupBy->addItems({tr("by number of clusters (Figure 2)"), tr("by heterogeneity (Figure 4)")});
    m_metric = new QComboBox(this);
    m_metric->setObjectName(QStringLiteral("metric"));
    m_metric->addItems({tr("makespan (s)"), tr("makespan × peak power (s × Gflop/s)"),
                        tr("makespan / average power (s / Gflop/s)"), tr("speedup over seq")});
    m_plot = new QCustomPlot(this);
    m_plot->setMinimumSize(560, 320);
    m_plot->legend->setVisible(true);
    // The title, the axes, the legend under them in one row (fitted onto more rows in a narrow figure): a
    // legend at the side would take a third of a paper's column.
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    QFont titleFont = m_plot->font();
    titleFont.setBold(true);
    m_title = new QCPTextElement(m_plot, QString(), titleFont);
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, m_title);
    m_plot->plotLayout()->addElement(2, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_plot->plotLayout()->setRowStretchFactor(2, 0.001);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setWrap(6);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setIconSize(20, 8);
    m_plot->xAxis->grid()->setZeroLinePen(Qt::NoPen);
    m_emptyMessage = addCentredMessage(m_plot);
    m_emptyMessage->setText(tr("Run the evaluation to see each solver's mean per setting"));
    addExport(m_plot, tr("Export Plot…"), QString(), QSize(1000, 600));

    auto* form = new QFormLayout;
    for (const OptionField* field : {&m_sizes, &m_clusters, &m_heterogeneities, &m_minSpeeds})
        form->addRow(field->label(), field->editor());
    auto* samples = new QHBoxLayout;
    samples->addWidget(m_dagSamples.editor());
    samples->addWidget(new QLabel(tr("platforms per configuration"), this));
    samples->addWidget(m_platformSamples.editor());
    samples->addWidget(new QLabel(tr("seed"), this));
    samples->addWidget(m_seed.editor());
    samples->addStretch(1);
    form->addRow(m_dagSamples.label(), samples);
    form->addRow(tr("Solvers"), solverRow);
    auto* show = new QHBoxLayout;
    show->addWidget(m_metric, 1);
    show->addWidget(m_groupBy, 1);
    form->addRow(tr("Plot"), show);
    layOut(form, m_plot);

    // A run of a few seconds by default (the paper's grid is far larger: 1296 graphs, 5 platforms each).
    DagEvaluationConfig defaults;
    defaults.taskCounts = {20, 50};
    defaults.minSpeeds = {0.5e9, 1e9};
    setConfig(defaults);

    connect(m_groupBy, &QComboBox::currentIndexChanged, this, [this] { showRows(); });
    connect(m_metric, &QComboBox::currentIndexChanged, this, [this] { showRows(); });
    showRows();
    updateState();
}

DagEvaluationDialog::~DagEvaluationDialog() {
    // The plot deletes the legend with its layout, so it must be in the layout then.
    placeLegendBelow(*m_plot, true);
}

Expected<DagEvaluationConfig> DagEvaluationDialog::config() const {
    // The options the form does not show (simulate) keep the table's defaults; the solvers are the boxes ticked.
    OptionValues values = dagEvaluationValues(DagEvaluationConfig{});
    if (std::optional<Error> error = readOptionFields(values, {&m_sizes, &m_clusters, &m_heterogeneities, &m_minSpeeds,
                                                         &m_dagSamples, &m_platformSamples, &m_seed}))
        return *error;
    DagEvaluationConfig config = dagEvaluationConfig(values);
    config.solvers.clear();
    for (QCheckBox* box : m_solvers)
        if (box->isChecked()) config.solvers.push_back(box->text().toStdString());
    if (config.solvers.empty()) return invalidInput(tr("Solvers: choose at least one").toStdString());
    return config;
}

void DagEvaluationDialog::setConfig(const DagEvaluationConfig& config) {
    showOptionFields(dagEvaluationValues(config), {&m_sizes, &m_clusters, &m_heterogeneities, &m_minSpeeds, &m_dagSamples,
                                             &m_platformSamples, &m_seed});
    for (QCheckBox* box : m_solvers)
        box->setChecked(config.solvers.empty() ||
                        std::find(config.solvers.begin(), config.solvers.end(), box->text().toStdString()) !=
                            config.solvers.end());
}

Expected<BackgroundJob::Work> DagEvaluationDialog::makeWork() {
    const Expected<DagEvaluationConfig> given = config();
    if (!given) return given.error();
    const DagEvaluationConfig cfg = *given;
    return BackgroundJob::Work([this, cfg](const Progress& progress) -> BackgroundJob::Delivery {
        auto result = std::make_shared<Expected<std::vector<DagEvaluationRow>>>(runDagEvaluation(cfg, progress));
        return [this, result, cfg] {
            if (!*result) {
                fail(result->error());
                return;
            }
            m_rows = **result;
            m_rowSolvers = cfg.solvers;
            int runs = 0;
            for (const DagEvaluationRow& row : *m_rows)
                if (row.groupBy == "clusters") runs += row.runs;
            showRows();
            finish(tr("%n solver run(s) on random task graphs", nullptr, runs));
        };
    });
}

void DagEvaluationDialog::setFormEnabled(bool enabled) {
    for (const OptionField* field : {&m_sizes, &m_clusters, &m_heterogeneities, &m_minSpeeds, &m_dagSamples,
                                     &m_platformSamples, &m_seed})
        field->editor()->setEnabled(enabled);
    for (QCheckBox* box : m_solvers) box->setEnabled(enabled);
}

void DagEvaluationDialog::showGroup(GroupBy group) {
    m_groupBy->setCurrentIndex(int(group));
}

void DagEvaluationDialog::showMetric(Metric metric) {
    m_metric->setCurrentIndex(int(metric));
}

void DagEvaluationDialog::showRows() {
    m_plot->clearPlottables();
    const bool byClusters = m_groupBy->currentIndex() == int(GroupBy::Clusters);
    const Metric metric = static_cast<Metric>(m_metric->currentIndex());
    m_plot->xAxis->setLabel(byClusters ? tr("clusters") : tr("heterogeneity (fastest / slowest speed bound)"));
    m_plot->yAxis->setLabel(m_metric->currentText());
    // Before any run: the plot area fills the plot and says what to do (an empty legend in the layout would
    // narrow it to a small box at the left).
    m_emptyMessage->setVisible(!m_rows);
    placeLegendBelow(*m_plot, m_rows.has_value());
    if (!m_rows) {
        m_title->setText(QString());
        m_plot->replot();
        return;
    }
    int runs = 0;
    for (const DagEvaluationRow& row : *m_rows)
        if (row.groupBy == (byClusters ? "clusters" : "heterogeneity")) runs = std::max(runs, row.runs);
    // The settings averaged over are named: the plot has no panel for them.
    m_title->setText(tr("Task graphs: mean ± standard deviation of %1 per point, over every %2")
                         .arg(runs == 1 ? tr("1 run") : tr("%1 runs").arg(runs),
                              byClusters ? tr("task count, speed and heterogeneity")
                                         : tr("task count, speed and cluster count")));
    // The group values, in increasing order, at evenly spaced positions (1, 2, 4, 8 clusters as in the paper).
    const std::string group = byClusters ? "clusters" : "heterogeneity";
    std::vector<double> values;
    for (const DagEvaluationRow& row : *m_rows)
        if (row.groupBy == group) values.push_back(row.value);
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (std::size_t k = 0; k < values.size(); ++k) ticker->addTick(double(k), QString::number(values[k], 'g', 6));
    m_plot->xAxis->setTicker(ticker);
    int index = 0;
    double high = 0;
    // Each point is a mean with a bar of one standard deviation either side; the solvers' points of one value
    // are set a little apart so that their bars do not hide each other.
    const double spread = m_rowSolvers.size() > 1 ? 0.3 / double(m_rowSolvers.size() - 1) : 0.0;
    for (std::size_t s = 0; s < m_rowSolvers.size(); ++s) {
        const std::string& solver = m_rowSolvers[s];
        QCPGraph* graph = nullptr;
        QVector<double> deviations;
        for (const DagEvaluationRow& row : *m_rows) {
            if (row.groupBy != group || row.solver != solver) continue;
            if (!graph) {
                graph = m_plot->addGraph();
                graph->setName(QString::fromStdString(solver));
                const QColor color = categoricalColor(index++);
                graph->setPen(QPen(color, 2));
                graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, color, color, 6));
            }
            const double y = metric == Metric::Makespan                 ? row.makespan
                             : metric == Metric::MakespanTimesPeakPower ? row.makespanTimesPeakPower
                             : metric == Metric::MakespanOverAveragePower ? row.makespanOverAveragePower
                                                                          : row.speedupOverSeq;
            const double sd = metric == Metric::Makespan                 ? row.makespanSd
                              : metric == Metric::MakespanTimesPeakPower ? row.makespanTimesPeakPowerSd
                              : metric == Metric::MakespanOverAveragePower ? row.makespanOverAveragePowerSd
                                                                           : row.speedupOverSeqSd;
            const double x = double(std::lower_bound(values.begin(), values.end(), row.value) - values.begin()) +
                             (double(s) - 0.5 * double(m_rowSolvers.size() - 1)) * spread;
            graph->addData(x, y);
            deviations << sd;
            high = std::max(high, y + sd);
        }
        if (graph) {
            auto* bars = new QCPErrorBars(m_plot->xAxis, m_plot->yAxis);
            bars->removeFromLegend();
            bars->setDataPlottable(graph);
            bars->setData(deviations);
            bars->setPen(graph->pen().color());
            bars->setWhiskerWidth(4);
        }
    }
    // Half a step of margin so the first and last points are off the border; y from 0.
    m_plot->xAxis->setRange(-0.5, std::max(0.5, double(values.size()) - 0.5));
    m_plot->yAxis->setRange(0, high > 0 ? high * 1.12 : 1);
    m_plot->replot();
    updateState();
}

Expected<bool> DagEvaluationDialog::saveCsv(const QString& path) const {
    if (!m_rows) return invalidInput(tr("no evaluation to save: run it first").toStdString());
    return writeTable(path, dagEvaluationCsv(*m_rows));
}

Expected<SlurmSweepOptions> DagEvaluationDialog::clusterSweep() const {
    const Expected<DagEvaluationConfig> given = config();
    if (!given) return given.error();
    Expected<std::size_t> units = dagEvaluationUnitCount(*given);
    if (!units) return units.error();
    SlurmSweepOptions sweep;
    sweep.experiment = kDagEvaluationExperiment;
    sweep.flags = dagEvaluationFlags(*given);
    sweep.units = *units;
    return sweep;
}

}  // namespace hetsched::ui
