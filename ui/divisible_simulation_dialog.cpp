#include "divisible_simulation_dialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>
#include <cmath>
#include <limits>

#include "io/instance_io.h"
#include "util/background_job.h"
#include "util/message_bar.h"
#include "util/number_text.h"
#include "views/chart_export.h"
#include "views/divisible_simulation_plot.h"

namespace hetsched::ui {

namespace {

constexpr int kDefaultRatioPoints = 25;  // the core's default: 25 values log-spaced from 0.1 to 100
constexpr double kLowestRatio = 0.1;
constexpr double kHighestRatio = 100;
const QString kLastDirectoryKey = QStringLiteral("lastDirectory");

std::vector<double> logSpacedRatios(int points) {
    std::vector<double> ratios;
    for (int k = 0; k < points; ++k)
        ratios.push_back(kLowestRatio * std::pow(kHighestRatio / kLowestRatio,
                                                 points == 1 ? 0.0 : double(k) / (points - 1)));
    return ratios;
}

}  // namespace

DivisibleSimulationDialog::DivisibleSimulationDialog(QWidget* parent)
    : QDialog(parent), m_job(new BackgroundJob(this)) {
    setObjectName(QStringLiteral("divisibleSimulationDialog"));
    setWindowTitle(tr("Divisible-Load Simulation"));
    setSizeGripEnabled(true);

    m_workers = new QSpinBox(this);
    m_workers->setObjectName(QStringLiteral("workersSpinBox"));
    m_workers->setRange(1, 2000);
    m_workers->setValue(100);
    m_workers->setToolTip(tr("p: the workers of each random platform"));
    m_platforms = new QSpinBox(this);
    m_platforms->setObjectName(QStringLiteral("platformsSpinBox"));
    m_platforms->setRange(1, 1000);
    m_platforms->setValue(10);
    m_platforms->setToolTip(tr("Random platforms drawn at each ratio w/c; the plots show their mean"));
    m_ratioPoints = new QSpinBox(this);
    m_ratioPoints->setObjectName(QStringLiteral("ratioPointsSpinBox"));
    m_ratioPoints->setRange(1, 200);
    m_ratioPoints->setValue(kDefaultRatioPoints);
    m_ratioPoints->setToolTip(tr("Values of the ratio w/c, log-spaced from 0.1 to 100"));
    m_seed = new QSpinBox(this);
    m_seed->setObjectName(QStringLiteral("seedSpinBox"));
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setValue(1);
    m_seed->setToolTip(tr("The same seed draws the same platforms (as the command line does)"));
    m_zValues = new QLineEdit(QStringLiteral("0.8, 1"), this);
    m_zValues->setObjectName(QStringLiteral("zValuesEdit"));
    m_zValues->setToolTip(
        tr("z with d_i = z c_i: the size of the results relative to the data, e.g. 0.8, 1"));
    m_estimate = new QLabel(this);
    m_estimate->setStyleSheet(QStringLiteral("color:#555;"));
    m_estimate->setWordWrap(true);

    auto* form = new QFormLayout;
    form->addRow(tr("Workers p"), m_workers);
    form->addRow(tr("Platforms per point"), m_platforms);
    form->addRow(tr("Points w/c (0.1 to 100)"), m_ratioPoints);
    form->addRow(tr("Values of z"), m_zValues);
    form->addRow(tr("Seed"), m_seed);
    form->addRow(m_estimate);

    m_runButton = new QPushButton(tr("Run"), this);
    m_runButton->setObjectName(QStringLiteral("runSimulationButton"));
    m_runButton->setDefault(true);
    m_cancelButton = new QPushButton(tr("Cancel"), this);
    m_cancelButton->setObjectName(QStringLiteral("cancelSimulationButton"));
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_message = new MessageBar(this);
    m_message->hide();
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(m_runButton);
    runRow->addWidget(m_cancelButton);
    runRow->addWidget(m_progress, 1);

    m_exportThroughputButton = new QPushButton(tr("Export Throughput Chart…"), this);
    m_exportWorkersButton = new QPushButton(tr("Export Workers Chart…"), this);
    m_saveCsvButton = new QPushButton(tr("Save CSV…"), this);
    m_saveCsvButton->setObjectName(QStringLiteral("saveCsvButton"));

    auto* controls = new QVBoxLayout;
    controls->addLayout(form);
    controls->addLayout(runRow);
    controls->addWidget(m_status);
    controls->addWidget(m_message);
    controls->addStretch(1);
    controls->addWidget(m_exportThroughputButton);
    controls->addWidget(m_exportWorkersButton);
    controls->addWidget(m_saveCsvButton);
    auto* controlPane = new QWidget(this);
    controlPane->setLayout(controls);
    controlPane->setMaximumWidth(330);

    m_throughputPlot = new DivisibleSimulationPlot(DivisibleSimulationPlot::Kind::RelativeThroughput, this);
    m_workersPlot = new DivisibleSimulationPlot(DivisibleSimulationPlot::Kind::WorkersUsed, this);
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

    connect(m_runButton, &QPushButton::clicked, this, &DivisibleSimulationDialog::run);
    connect(m_cancelButton, &QPushButton::clicked, this, &DivisibleSimulationDialog::cancel);
    connect(m_exportThroughputButton, &QPushButton::clicked, this,
            [this] { exportWithDialog(m_throughputPlot, QStringLiteral("throughput")); });
    connect(m_exportWorkersButton, &QPushButton::clicked, this,
            [this] { exportWithDialog(m_workersPlot, QStringLiteral("workers")); });
    connect(m_throughputPlot, &DivisibleSimulationPlot::exportRequested, this,
            [this] { exportWithDialog(m_throughputPlot, QStringLiteral("throughput")); });
    connect(m_workersPlot, &DivisibleSimulationPlot::exportRequested, this,
            [this] { exportWithDialog(m_workersPlot, QStringLiteral("workers")); });
    connect(m_saveCsvButton, &QPushButton::clicked, this, &DivisibleSimulationDialog::saveCsvWithDialog);
    for (QSpinBox* box : {m_workers, m_platforms, m_ratioPoints})
        connect(box, &QSpinBox::valueChanged, this, &DivisibleSimulationDialog::updateState);
    connect(m_zValues, &QLineEdit::textChanged, this, &DivisibleSimulationDialog::updateState);
    connect(m_job, &BackgroundJob::progressed, this, [this](double fraction, const QString& stage) {
        m_progress->setValue(static_cast<int>(1000 * std::clamp(fraction, 0.0, 1.0)));
        if (!stage.isEmpty()) m_status->setText(stage);
    });
    connect(m_job, &BackgroundJob::finished, this, [this](const QString& error) {
        if (!error.isEmpty()) {
            m_message->showMessage(tr("The simulation failed: %1").arg(error), MessageBar::Level::Error);
            emit simulationFailed(error);
        }
        updateState();
    });
    connect(m_job, &BackgroundJob::cancelled, this, [this] {
        m_status->setText(tr("Cancelled"));
        updateState();
        emit simulationCancelled();
    });
    updateState();
}

DivisibleSimulationDialog::~DivisibleSimulationDialog() = default;

Expected<DivisibleSimulationConfig> DivisibleSimulationDialog::config() const {
    DivisibleSimulationConfig config;
    config.workers = m_workers->value();
    config.platforms = m_platforms->value();
    config.seed = static_cast<std::uint64_t>(m_seed->value());
    if (m_ratioPoints->value() != kDefaultRatioPoints)
        config.ratios = logSpacedRatios(m_ratioPoints->value());
    config.zValues.clear();
    const QStringList parts =
        m_zValues->text().split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts);
    for (const QString& part : parts) {
        const std::optional<double> z = parseNumber(part);
        if (!z || *z <= 0 || *z > 1e6)
            return invalidInput(tr("z: \"%1\" is not a positive number").arg(part).toStdString());
        config.zValues.push_back(*z);
    }
    if (config.zValues.empty())
        return invalidInput(tr("z: give at least one value, e.g. 0.8, 1").toStdString());
    return config;
}

void DivisibleSimulationDialog::setConfig(int workers, int platforms, int ratioPoints, quint64 seed,
                                          const std::vector<double>& zValues) {
    m_workers->setValue(workers);
    m_platforms->setValue(platforms);
    m_ratioPoints->setValue(ratioPoints);
    m_seed->setValue(static_cast<int>(std::min<quint64>(seed, std::numeric_limits<int>::max())));
    QStringList texts;
    for (double z : zValues) texts << formatNumber(z);
    m_zValues->setText(texts.join(QStringLiteral(", ")));
}

bool DivisibleSimulationDialog::isRunning() const {
    return m_job->isRunning();
}

void DivisibleSimulationDialog::run() {
    if (m_job->isRunning()) return;
    Expected<DivisibleSimulationConfig> parsed = config();
    if (!parsed) {
        m_message->showMessage(QString::fromStdString(parsed.error().message), MessageBar::Level::Error);
        return;
    }
    m_message->hide();
    const DivisibleSimulationConfig config = *parsed;
    m_progress->setValue(0);
    m_status->setText(tr("Drawing and solving platforms…"));
    m_job->start([this, config](const Progress& progress) -> BackgroundJob::Delivery {
        auto rows = std::make_shared<Expected<std::vector<DivisibleSimulationRow>>>(
            runDivisibleSimulation(config, progress));
        return [this, rows, config] {
            if (!*rows) {
                if (rows->error().kind == ErrorKind::Cancelled) {
                    m_status->setText(tr("Cancelled"));
                    emit simulationCancelled();
                    return;
                }
                const QString message = QString::fromStdString(rows->error().message);
                m_message->showMessage(tr("The simulation failed: %1").arg(message),
                                       MessageBar::Level::Error);
                m_status->clear();
                emit simulationFailed(message);
                return;
            }
            onFinished(std::move(**rows), config.workers);
        };
    });
    updateState();
}

void DivisibleSimulationDialog::cancel() {
    m_job->cancel();
}

void DivisibleSimulationDialog::reject() {
    // Closing the dialog stops the work: nobody would see its result.
    m_job->cancel();
    QDialog::reject();
}

void DivisibleSimulationDialog::onFinished(std::vector<DivisibleSimulationRow> rows, int workers) {
    m_rows = std::move(rows);
    m_throughputPlot->setRows(m_rows, workers);
    m_workersPlot->setRows(m_rows, workers);
    m_progress->setValue(m_progress->maximum());
    m_status->setText(tr("Done: %1 points (values of z × ratios w/c).").arg(m_rows.size()));
    emit simulationFinished();
}

void DivisibleSimulationDialog::updateState() {
    const bool running = m_job->isRunning();
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_workers, m_platforms, m_ratioPoints, m_seed, m_zValues})
        w->setEnabled(!running);
    m_runButton->setEnabled(!running);
    m_cancelButton->setEnabled(running);
    m_progress->setVisible(running);
    const bool hasRows = !m_rows.empty();
    m_exportThroughputButton->setEnabled(hasRows);
    m_exportWorkersButton->setEnabled(hasRows);
    m_saveCsvButton->setEnabled(hasRows);
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

QString DivisibleSimulationDialog::suggestedPath(const QString& suffix) const {
    const QString directory = QSettings().value(kLastDirectoryKey, QDir::homePath()).toString();
    return QDir(directory).filePath(QStringLiteral("divisible-simulation-%1").arg(suffix));
}

void DivisibleSimulationDialog::exportWithDialog(DivisibleSimulationPlot* plot, const QString& suffix) {
    if (m_rows.empty()) return;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Chart"), suggestedPath(suffix + QStringLiteral(".png")), chartFileFilter());
    if (path.isEmpty()) return;
    QSettings().setValue(kLastDirectoryKey, QFileInfo(path).absolutePath());
    const Expected<bool> written =
        plot == m_throughputPlot ? exportThroughputChart(path) : exportWorkersChart(path);
    if (!written)
        m_message->showMessage(QString::fromStdString(written.error().message), MessageBar::Level::Error);
    else
        m_status->setText(tr("Chart exported to %1").arg(QDir::toNativeSeparators(path)));
}

void DivisibleSimulationDialog::saveCsvWithDialog() {
    if (m_rows.empty()) return;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save Simulation CSV"), suggestedPath(QStringLiteral("results.csv")), tr("CSV (*.csv)"));
    if (path.isEmpty()) return;
    QSettings().setValue(kLastDirectoryKey, QFileInfo(path).absolutePath());
    const Expected<bool> written = saveCsv(path);
    if (!written)
        m_message->showMessage(QString::fromStdString(written.error().message), MessageBar::Level::Error);
    else
        m_status->setText(tr("Results saved to %1").arg(QDir::toNativeSeparators(path)));
}

Expected<bool> DivisibleSimulationDialog::exportThroughputChart(const QString& path, int width, int height) {
    if (m_rows.empty()) return invalidInput("run the simulation first");
    return exportPlot(m_throughputPlot, path, width, height);
}

Expected<bool> DivisibleSimulationDialog::exportWorkersChart(const QString& path, int width, int height) {
    if (m_rows.empty()) return invalidInput("run the simulation first");
    return exportPlot(m_workersPlot, path, width, height);
}

Expected<bool> DivisibleSimulationDialog::saveCsv(const QString& path) {
    if (m_rows.empty()) return invalidInput("run the simulation first");
    return writeTextFileAtomically(path.toStdString(), divisibleSimulationCsv(m_rows));
}

}  // namespace hetsched::ui
