#include "experiments/divisible_simulation_dialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "io/instance_io.h"
#include "util/message_bar.h"
#include "views/divisible/divisible_simulation_plot.h"

namespace hetsched::ui {

namespace {

constexpr int kDefaultRatioPoints = 25;  // the core's default: 25 values log-spaced from 0.1 to 100
constexpr double kLowestRatio = 0.1;
constexpr double kHighestRatio = 100;

std::vector<double> logSpacedRatios(int points) {
    std::vector<double> ratios;
    for (int k = 0; k < points; ++k)
        ratios.push_back(kLowestRatio * std::pow(kHighestRatio / kLowestRatio,
                                                 points == 1 ? 0.0 : double(k) / (points - 1)));
    return ratios;
}

}  // namespace

DivisibleSimulationDialog::DivisibleSimulationDialog(QWidget* parent)
    : ExperimentDialog(QStringLiteral("divisible-simulation"), parent) {
    setObjectName(QStringLiteral("divisibleSimulationDialog"));
    setWindowTitle(tr("Divisible-Load Simulation"));

    const ExperimentOptions& table = divisibleSimulationOptions();
    m_workers = OptionField(table.table, "workers", tr("Workers p"), this);
    m_workers.setHelp(tr("p: the workers of each random platform"));
    m_platforms = OptionField(table.table, "platforms", tr("Platforms per point"), this);
    m_platforms.setHelp(tr("Random platforms drawn at each ratio w/c; the plots show their mean"));
    m_ratioPoints = new QSpinBox(this);
    m_ratioPoints->setObjectName(QStringLiteral("ratioPointsSpinBox"));
    m_ratioPoints->setRange(1, 200);
    m_ratioPoints->setValue(kDefaultRatioPoints);
    m_ratioPoints->setToolTip(tr("Values of the ratio w/c, log-spaced from 0.1 to 100"));
    m_seed = OptionField(table.table, "seed", tr("Seed"), this);
    m_seed.setHelp(tr("The same seed draws the same platforms (as the command line does)"));
    m_zValues = OptionField(table.table, "z", tr("Values of z"), this);
    m_zValues.setHelp(tr("z with d_i = z c_i: the size of the results relative to the data, e.g. 0.8, 1"));
    m_estimate = new QLabel(this);
    m_estimate->setStyleSheet(QStringLiteral("color:#555;"));
    m_estimate->setWordWrap(true);

    auto* form = new QFormLayout;
    form->addRow(m_workers.label(), m_workers.editor());
    form->addRow(m_platforms.label(), m_platforms.editor());
    form->addRow(tr("Points w/c (0.1 to 100)"), m_ratioPoints);
    form->addRow(m_zValues.label(), m_zValues.editor());
    form->addRow(m_seed.label(), m_seed.editor());
    form->addRow(m_estimate);

    m_throughputPlot = new DivisibleSimulationPlot(DivisibleSimulationPlot::Kind::RelativeThroughput, this);
    m_workersPlot = new DivisibleSimulationPlot(DivisibleSimulationPlot::Kind::WorkersUsed, this);
    QPushButton* exportThroughput = addExport(m_throughputPlot, tr("Export Throughput Chart…"), QStringLiteral("-throughput"), QSize(1200, 600));
    QPushButton* exportWorkers = addExport(m_workersPlot, tr("Export Workers Chart…"), QStringLiteral("-workers"), QSize(1000, 500));
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(runButton());
    runRow->addWidget(progressBar(), 1);

    auto* controls = new QVBoxLayout;
    controls->addLayout(form);
    controls->addLayout(runRow);
    controls->addWidget(statusLabel());
    controls->addWidget(messageBar());
    controls->addStretch(1);
    controls->addWidget(exportThroughput);
    controls->addWidget(exportWorkers);
    controls->addWidget(saveButton());
    controls->addWidget(clusterButton());
    auto* controlPane = new QWidget(this);
    controlPane->setLayout(controls);
    controlPane->setMaximumWidth(330);

    auto* plots = new QSplitter(Qt::Vertical, this);
    plots->addWidget(m_throughputPlot);
    plots->addWidget(m_workersPlot);
    plots->setStretchFactor(0, 3);
    plots->setStretchFactor(1, 2);
    plots->setChildrenCollapsible(false);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &DivisibleSimulationDialog::reject);

    auto* body = new QHBoxLayout;
    body->addWidget(controlPane);
    body->addWidget(plots, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(body, 1);
    layout->addWidget(buttons);
    resize(1250, 820);

    // The plots' own context menus export through the same dialog as the buttons.
    connect(m_throughputPlot, &DivisibleSimulationPlot::exportRequested, exportThroughput, &QPushButton::click);
    connect(m_workersPlot, &DivisibleSimulationPlot::exportRequested, exportWorkers, &QPushButton::click);
    for (const OptionField* field : {&m_workers, &m_platforms, &m_zValues})
        onOptionEdited(field->editor(), this, [this] { updateEstimate(); });
    connect(m_ratioPoints, &QSpinBox::valueChanged, this, &DivisibleSimulationDialog::updateEstimate);
    updateEstimate();
    updateState();
}

DivisibleSimulationDialog::~DivisibleSimulationDialog() = default;

Expected<DivisibleSimulationConfig> DivisibleSimulationDialog::config() const {
    OptionValues values = divisibleSimulationValues(DivisibleSimulationConfig{});
    if (std::optional<Error> error = readOptionFields(values, {&m_workers, &m_platforms, &m_zValues, &m_seed})) return *error;
    // The points w/c are --ratios log:0.1:100:POINTS (the default, 25, is the table's own: no list).
    if (m_ratioPoints->value() != kDefaultRatioPoints) {
        const OptionSpec& ratios = *findOption(divisibleSimulationOptions().table, "ratios");
        Expected<OptionValue> checked = checkOptionValue(ratios, logSpacedRatios(m_ratioPoints->value()));
        if (!checked)
            return invalidInput(tr("Points w/c: %1").arg(QString::fromStdString(checked.error().message)).toStdString());
        values.set("ratios", std::move(*checked));
    }
    return divisibleSimulationConfig(values);
}

void DivisibleSimulationDialog::setConfig(int workers, int platforms, int ratioPoints, quint64 seed,
                                          const std::vector<double>& zValues) {
    m_workers.setValue(std::int64_t(workers));
    m_platforms.setValue(std::int64_t(platforms));
    m_ratioPoints->setValue(ratioPoints);
    m_seed.setValue(static_cast<std::int64_t>(std::min<quint64>(seed, std::uint64_t(1) << 62)));
    m_zValues.setValue(zValues);
}

Expected<BackgroundJob::Work> DivisibleSimulationDialog::makeWork() {
    Expected<DivisibleSimulationConfig> parsed = config();
    if (!parsed) return parsed.error();
    const DivisibleSimulationConfig config = *parsed;
    return BackgroundJob::Work([this, config](const Progress& progress) -> BackgroundJob::Delivery {
        auto rows = std::make_shared<Expected<std::vector<DivisibleSimulationRow>>>(
            runDivisibleSimulation(config, progress));
        return [this, rows, config] {
            if (!*rows) {
                fail(rows->error());
                return;
            }
            m_rows = std::move(**rows);
            m_throughputPlot->setRows(m_rows, config.workers);
            m_workersPlot->setRows(m_rows, config.workers);
            finish(tr("Done: %1 points (values of z × ratios w/c).").arg(m_rows.size()));
        };
    });
}

void DivisibleSimulationDialog::setFormEnabled(bool enabled) {
    for (const OptionField* field : {&m_workers, &m_platforms, &m_seed, &m_zValues}) field->editor()->setEnabled(enabled);
    m_ratioPoints->setEnabled(enabled);
}

void DivisibleSimulationDialog::updateEstimate() {
    const Expected<DivisibleSimulationConfig> parsed = config();
    if (parsed) {
        const std::size_t ratios =
            parsed->ratios.empty() ? static_cast<std::size_t>(kDefaultRatioPoints) : parsed->ratios.size();
        const std::size_t platforms =
            parsed->zValues.size() * ratios * static_cast<std::size_t>(parsed->platforms);
        m_estimate->setText(
            tr("%1 random platforms of %2 workers, 4 strategies each").arg(platforms).arg(parsed->workers));
    } else {
        m_estimate->setText(QString::fromStdString(parsed.error().message));
    }
}

Expected<bool> DivisibleSimulationDialog::exportThroughputChart(const QString& path, int width, int height) {
    return exportChart(m_throughputPlot, path, QSize(width, height));
}

Expected<bool> DivisibleSimulationDialog::exportWorkersChart(const QString& path, int width, int height) {
    return exportChart(m_workersPlot, path, QSize(width, height));
}

Expected<bool> DivisibleSimulationDialog::saveCsv(const QString& path) const {
    if (m_rows.empty()) return invalidInput("run the simulation first");
    return writeTable(path, divisibleSimulationCsv(m_rows));
}

Expected<SlurmSweepOptions> DivisibleSimulationDialog::clusterSweep() const {
    const Expected<DivisibleSimulationConfig> given = config();
    if (!given) return given.error();
    Expected<std::size_t> units = divisibleSimulationUnitCount(*given);
    if (!units) return units.error();
    SlurmSweepOptions sweep;
    sweep.experiment = kDivisibleSimulationExperiment;
    sweep.flags = divisibleSimulationFlags(*given);
    sweep.units = *units;
    return sweep;
}

}  // namespace hetsched::ui
