#include "dialogs/task_graph_import_dialog.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QDoubleValidator>
#include <QLocale>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QIntValidator>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>
#include <memory>

#include "util/background_job.h"

namespace hetsched::ui {

namespace {

QDoubleSpinBox* doubleBox(QWidget* parent, double low, double high, int decimals, double value) {
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(low, high);
    box->setDecimals(decimals);
    box->setValue(value);
    return box;
}

QSpinBox* intBox(QWidget* parent, int low, int high, int value) {
    auto* box = new QSpinBox(parent);
    box->setRange(low, high);
    box->setValue(value);
    return box;
}

QWidget* fileRow(QWidget* parent, QLineEdit* edit, QPushButton* browse) {
    auto* row = new QWidget(parent);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit, 1);
    layout->addWidget(browse);
    return row;
}

}  // namespace

TaskGraphImportDialog::TaskGraphImportDialog(QWidget* parent)
    : QDialog(parent), m_result(invalidInput("choose a task graph file")) {
    setObjectName(QStringLiteral("taskGraphImportDialog"));
    setWindowTitle(tr("Import Task Graph"));

    // The graph.
    m_graphFile = new QLineEdit(this);
    m_graphFile->setObjectName(QStringLiteral("graphFile"));
    m_graphFile->setPlaceholderText(tr("DOT (.dot, .gv), WfFormat JSON (.json), Pegasus DAX (.dax, .xml), STG (.stg), daggen"));
    auto* browseGraph = new QPushButton(tr("Browse…"), this);
    m_format = new QComboBox(this);
    m_format->addItem(tr("by extension, then content"), int(TaskGraphFormat::Auto));
    m_format->addItem(tr("DOT (Graphviz: daggen, SimGrid, any graph)"), int(TaskGraphFormat::Dot));
    m_format->addItem(tr("WfFormat (WfCommons 1.0-1.5, WorkflowHub, SimGrid, WRENCH JSON)"), int(TaskGraphFormat::WfFormat));
    m_format->addItem(tr("Pegasus DAX (XML)"), int(TaskGraphFormat::Dax));
    m_format->addItem(tr("STG (Standard Task Graph Set)"), int(TaskGraphFormat::Stg));
    m_format->addItem(tr("daggen text output"), int(TaskGraphFormat::DaggenText));
    m_referenceSpeed = doubleBox(this, 1e-6, 1e9, 3, 1);
    m_referenceSpeed->setSuffix(tr(" Gflop/s"));
    m_referenceSpeed->setToolTip(tr("WfFormat, DAX, STG: a task that ran r seconds gets r × this speed flops (the "
                                    "speed of the machine that measured the runtimes)"));
    m_alpha = doubleBox(this, 0, 1, 3, 0);
    m_alpha->setSingleStep(0.05);
    m_alpha->setToolTip(tr("Amdahl's non-parallel fraction of the tasks whose file gives none (daggen gives its own)"));
    const auto sizeField = [this](const char* name, const QString& placeholder, const QString& tip) {
        auto* edit = new QLineEdit(this);
        edit->setObjectName(QLatin1String(name));
        edit->setPlaceholderText(placeholder);
        edit->setToolTip(tip);
        edit->setValidator(new QDoubleValidator(0, 1e30, 17, edit));
        return edit;
    };
    m_defaultFlops = sizeField("defaultFlops", tr("none (refuse tasks without a size)"),
                               tr("Flops of the tasks the file gives no size (a DOT graph from Snakemake or drawn by "
                                  "hand, a task without runtime); the CLI's --default-flops"));
    m_defaultBytes = sizeField("defaultBytes", tr("none (refuse dependencies without a size)"),
                               tr("Bytes of the dependencies the file gives no size; the CLI's --default-bytes"));
    auto* graphBox = new QGroupBox(tr("Task graph"), this);
    auto* graphForm = new QFormLayout(graphBox);
    graphForm->addRow(tr("File"), fileRow(this, m_graphFile, browseGraph));
    graphForm->addRow(tr("Format"), m_format);
    auto* wf = new QHBoxLayout;
    wf->addWidget(m_referenceSpeed);
    wf->addWidget(new QLabel(tr("alpha"), this));
    wf->addWidget(m_alpha);
    wf->addStretch(1);
    graphForm->addRow(tr("Reference speed"), wf);
    graphForm->addRow(tr("Default flops"), m_defaultFlops);
    graphForm->addRow(tr("Default bytes"), m_defaultBytes);

    // The platform.
    m_fileSource = new QRadioButton(tr("Platform file"), this);
    m_fileSource->setToolTip(tr("A SimGrid platform XML (loaded by SimGrid: clusters, zones and hosts) or a JSON dag "
                                "instance or platform"));
    m_currentSource = new QRadioButton(tr("The current instance's platform"), this);
    m_randomSource = new QRadioButton(tr("Random platform (N'Takpé and Suter 2006)"), this);
    m_sources = new QButtonGroup(this);
    m_sources->addButton(m_fileSource, int(PlatformSource::File));
    m_sources->addButton(m_currentSource, int(PlatformSource::Current));
    m_sources->addButton(m_randomSource, int(PlatformSource::Random));
    m_platformFile = new QLineEdit(this);
    m_platformFile->setObjectName(QStringLiteral("platformFile"));
    m_platformFile->setPlaceholderText(tr("SimGrid platform .xml, or .json"));
    auto* browsePlatform = new QPushButton(tr("Browse…"), this);
    m_clusters = new QComboBox(this);
    m_clusters->setEditable(true);
    m_clusters->addItems({QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("4"), QStringLiteral("8")});
    m_clusters->setValidator(new QIntValidator(1, 1000, m_clusters));
    m_clusters->setCurrentIndex(2);
    m_minProcessors = intBox(this, 1, 100000, 16);
    m_maxProcessors = intBox(this, 1, 100000, 128);
    m_minSpeed = doubleBox(this, 1e-6, 1e9, 3, 1);
    m_minSpeed->setSuffix(tr(" Gflop/s"));
    m_heterogeneity = doubleBox(this, 1, 1e6, 2, 2);
    m_heterogeneity->setToolTip(tr("Cluster speeds are uniform in [min speed, min speed × heterogeneity]"));
    m_seed = intBox(this, 0, 2147483647, 1);
    m_currentSource->setEnabled(false);

    auto* platformBox = new QGroupBox(tr("Platform"), this);
    auto* platformLayout = new QVBoxLayout(platformBox);
    auto* fileLine = new QHBoxLayout;
    fileLine->addWidget(m_fileSource);
    fileLine->addWidget(fileRow(this, m_platformFile, browsePlatform), 1);
    platformLayout->addLayout(fileLine);
    platformLayout->addWidget(m_currentSource);
    platformLayout->addWidget(m_randomSource);
    auto* randomForm = new QFormLayout;
    randomForm->setContentsMargins(24, 0, 0, 0);
    randomForm->addRow(tr("Clusters"), m_clusters);
    auto* processors = new QHBoxLayout;
    processors->addWidget(m_minProcessors);
    processors->addWidget(new QLabel(tr("to"), this));
    processors->addWidget(m_maxProcessors);
    processors->addStretch(1);
    randomForm->addRow(tr("Processors per cluster"), processors);
    randomForm->addRow(tr("Min speed"), m_minSpeed);
    randomForm->addRow(tr("Heterogeneity"), m_heterogeneity);
    randomForm->addRow(tr("Seed"), m_seed);
    platformLayout->addLayout(randomForm);

    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("entryName"));
    m_preview = new QLabel(this);
    m_preview->setObjectName(QStringLiteral("preview"));
    m_preview->setWordWrap(true);
    m_preview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Import"));

    auto* nameForm = new QFormLayout;
    nameForm->addRow(tr("Instance name"), m_name);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(graphBox);
    layout->addWidget(platformBox);
    layout->addLayout(nameForm);
    layout->addWidget(m_preview);
    layout->addWidget(m_buttons);
    setMinimumWidth(560);

    m_job = new BackgroundJob(this);
    m_refreshTimer = new QTimer(this);
    m_refreshTimer->setSingleShot(true);
    m_refreshTimer->setInterval(250);
    connect(m_refreshTimer, &QTimer::timeout, this, &TaskGraphImportDialog::refreshInBackground);
    connect(browseGraph, &QPushButton::clicked, this, &TaskGraphImportDialog::browseGraph);
    connect(browsePlatform, &QPushButton::clicked, this, &TaskGraphImportDialog::browsePlatform);
    for (QLineEdit* edit : {m_graphFile, m_platformFile, m_defaultFlops, m_defaultBytes})
        connect(edit, &QLineEdit::textChanged, this, &TaskGraphImportDialog::scheduleRefresh);
    connect(m_platformFile, &QLineEdit::textEdited, this, [this] { setPlatformSource(PlatformSource::File); });
    connect(m_format, &QComboBox::currentIndexChanged, this, &TaskGraphImportDialog::scheduleRefresh);
    connect(m_clusters, &QComboBox::currentTextChanged, this, &TaskGraphImportDialog::scheduleRefresh);
    for (QDoubleSpinBox* box : {m_referenceSpeed, m_alpha, m_minSpeed, m_heterogeneity})
        connect(box, &QDoubleSpinBox::valueChanged, this, &TaskGraphImportDialog::scheduleRefresh);
    for (QSpinBox* box : {m_minProcessors, m_maxProcessors, m_seed})
        connect(box, &QSpinBox::valueChanged, this, &TaskGraphImportDialog::scheduleRefresh);
    connect(m_sources, &QButtonGroup::idToggled, this, [this](int, bool checked) {
        if (checked) scheduleRefresh();
    });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &TaskGraphImportDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_name, &QLineEdit::textChanged, this, [this] {
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_result.ok() && !m_name->text().trimmed().isEmpty());
    });
    m_randomSource->setChecked(true);
    refresh();
}

void TaskGraphImportDialog::setCurrentPlatform(const QString& entryName, const DagPlatform& platform) {
    m_currentPlatform = platform;
    m_currentSource->setText(tr("The platform of \"%1\" (%n cluster(s))", nullptr,
                                static_cast<int>(platform.clusters.size()))
                                 .arg(entryName));
    m_currentSource->setEnabled(true);
    m_currentSource->setChecked(true);
    scheduleRefresh();
}

void TaskGraphImportDialog::setGraphFile(const QString& path) {
    m_graphFile->setText(path);
}

void TaskGraphImportDialog::setFormat(TaskGraphFormat format) {
    m_format->setCurrentIndex(m_format->findData(int(format)));
}

void TaskGraphImportDialog::setTaskGraphImportOptions(const TaskGraphImportOptions& options) {
    m_referenceSpeed->setValue(options.referenceSpeed / 1e9);
    m_alpha->setValue(options.alpha);
    const auto text = [](const std::optional<double>& v) { return v ? QString::number(*v, 'g', 17) : QString(); };
    m_defaultFlops->setText(text(options.defaultFlops));
    m_defaultBytes->setText(text(options.defaultBytes));
}

void TaskGraphImportDialog::setPlatformSource(PlatformSource source) {
    if (source == PlatformSource::Current && !m_currentPlatform) return;
    m_sources->button(int(source))->setChecked(true);
}

void TaskGraphImportDialog::setPlatformFile(const QString& path) {
    m_platformFile->setText(path);
    setPlatformSource(PlatformSource::File);
}

void TaskGraphImportDialog::setRandomPlatform(const DagPlatformConfig& config) {
    m_clusters->setCurrentText(QString::number(config.clusters));
    m_minProcessors->setValue(config.minProcessors);
    m_maxProcessors->setValue(config.maxProcessors);
    m_minSpeed->setValue(config.minSpeed / 1e9);
    m_heterogeneity->setValue(config.heterogeneity);
    m_seed->setValue(static_cast<int>(std::min<std::uint64_t>(config.seed, 2147483647)));
    setPlatformSource(PlatformSource::Random);
}

void TaskGraphImportDialog::scheduleRefresh() {
    // What is shown is the form as it was: not importable until read again.
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
    m_refreshTimer->start();
}

Expected<TaskGraphImportDialog::Request> TaskGraphImportDialog::updateForm() {
    const bool random = m_randomSource->isChecked();
    for (QWidget* w : std::initializer_list<QWidget*>{m_clusters, m_minProcessors, m_maxProcessors, m_minSpeed,
                                                      m_heterogeneity, m_seed})
        w->setEnabled(random);
    const QString graph = m_graphFile->text().trimmed();
    // Runtimes become flops at the reference speed; DOT and daggen files give flops.
    const auto format = static_cast<TaskGraphFormat>(m_format->currentData().toInt());
    const QString suffix = QFileInfo(graph).suffix().toLower();
    const bool flopsGiven = format == TaskGraphFormat::Dot || format == TaskGraphFormat::DaggenText ||
                            (format == TaskGraphFormat::Auto && (suffix == QLatin1String("dot") || suffix == QLatin1String("gv")));
    m_referenceSpeed->setEnabled(!flopsGiven);
    const QString proposed = graph.isEmpty() ? QString() : QFileInfo(graph).completeBaseName();
    if (m_name->text().isEmpty() || m_name->text() == m_nameFromFile) m_name->setText(proposed);
    m_nameFromFile = proposed;

    if (graph.isEmpty()) return invalidInput(tr("choose a task graph file").toStdString());
    Request request;
    request.graph = graph.toStdString();
    request.format = format;
    request.options.referenceSpeed = m_referenceSpeed->value() * 1e9;
    request.options.alpha = m_alpha->value();
    const auto optionalSize = [](QLineEdit* edit, const QString& field) -> Expected<std::optional<double>> {
        const QString text = edit->text().trimmed();
        if (text.isEmpty()) return std::optional<double>{};
        bool ok = false;
        const double v = QLocale::c().toDouble(text, &ok);
        if (!ok || !std::isfinite(v) || v < 0)
            return invalidInput(tr("%1: a number of 0 or more, got '%2'").arg(field, text).toStdString());
        return std::optional<double>(v);
    };
    Expected<std::optional<double>> flops = optionalSize(m_defaultFlops, tr("Default flops"));
    if (!flops) return flops.error();
    Expected<std::optional<double>> bytes = optionalSize(m_defaultBytes, tr("Default bytes"));
    if (!bytes) return bytes.error();
    request.options.defaultFlops = *flops;
    request.options.defaultBytes = *bytes;
    const auto platformError = [](const QString& why) {
        return invalidInput(tr("Platform: %1").arg(why).toStdString());
    };
    switch (static_cast<PlatformSource>(m_sources->checkedId())) {
    case PlatformSource::Current:
        if (!m_currentPlatform) return platformError(tr("there is no current dag instance"));
        request.platform = *m_currentPlatform;
        return request;
    case PlatformSource::File:
        request.platformFile = m_platformFile->text().trimmed().toStdString();
        if (request.platformFile.empty()) return platformError(tr("choose a platform file"));
        return request;
    case PlatformSource::Random:
        break;
    }
    DagPlatformConfig config;
    bool ok = false;
    config.clusters = m_clusters->currentText().toInt(&ok);
    if (!ok || config.clusters < 1 || config.clusters > 1000)
        return platformError(tr("clusters: a whole number from 1 to 1000"));
    config.minProcessors = m_minProcessors->value();
    config.maxProcessors = m_maxProcessors->value();
    if (config.maxProcessors < config.minProcessors)
        return platformError(tr("processors per cluster: the largest is below the smallest"));
    config.minSpeed = m_minSpeed->value() * 1e9;
    config.heterogeneity = m_heterogeneity->value();
    config.seed = static_cast<std::uint64_t>(m_seed->value());
    request.random = config;
    return request;
}

Expected<DagImport> TaskGraphImportDialog::load(const Request& request) {
    Expected<DagPlatform> platform = request.platform         ? Expected<DagPlatform>(*request.platform)
                                     : request.random         ? generatePlatform(*request.random)
                                                              : readDagPlatformFile(request.platformFile);
    if (!platform) return Error{platform.error().kind, "Platform: " + platform.error().message};
    return importTaskGraphFile(request.graph, *platform, request.options, request.format);
}

void TaskGraphImportDialog::refresh() {
    m_refreshTimer->stop();
    m_job->cancel();
    Expected<Request> request = updateForm();
    showResult(request ? load(*request) : Expected<DagImport>(request.error()));
}

void TaskGraphImportDialog::refreshInBackground() {
    Expected<Request> request = updateForm();
    if (!request) {
        m_job->cancel();
        showResult(request.error());
        return;
    }
    m_result = invalidInput(tr("reading %1…").arg(QFileInfo(QString::fromStdString(request->graph)).fileName()).toStdString());
    m_preview->setText(QString::fromStdString(m_result.error().message));
    m_preview->setStyleSheet(QStringLiteral("color: #555;"));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
    m_job->start([this, request = *request](const Progress&) -> BackgroundJob::Delivery {
        auto result = std::make_shared<Expected<DagImport>>(load(request));
        return [this, result] { showResult(std::move(*result)); };
    });
}

void TaskGraphImportDialog::accept() {
    if (isReading()) refresh();
    if (!m_result.ok() || entryName().isEmpty()) return;
    QDialog::accept();
}

bool TaskGraphImportDialog::isReading() const {
    return m_job->isRunning() || m_refreshTimer->isActive();
}

void TaskGraphImportDialog::showResult(Expected<DagImport> result) {
    m_formatRead.clear();
    m_notes.clear();
    if (result) {
        m_formatRead = std::move(result->format);
        m_notes = std::move(result->notes);
        m_result = std::move(result->instance);
    } else {
        m_result = result.error();
    }
    m_preview->setText(previewText());
    m_preview->setStyleSheet(m_result.ok() ? QString() : QStringLiteral("color: #b00020;"));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_result.ok() && !m_name->text().trimmed().isEmpty());
    emit previewUpdated();
}

QString TaskGraphImportDialog::previewText() const {
    if (!m_result) return QString::fromStdString(m_result.error().message);
    long long processors = 0;
    for (const DagCluster& c : m_result->platform.clusters) processors += c.processors;
    QString text = tr("%1 tasks, %2 edges on %3 cluster(s), %4 processors")
                       .arg(m_result->tasks.size())
                       .arg(m_result->edges.size())
                       .arg(m_result->platform.clusters.size())
                       .arg(processors);
    if (!m_formatRead.empty()) text += QLatin1Char('\n') + tr("Read as %1.").arg(QString::fromStdString(m_formatRead));
    for (const std::string& note : m_notes) text += QLatin1Char('\n') + QString::fromStdString(note);
    return text;
}

QString TaskGraphImportDialog::entryName() const {
    return m_name->text().trimmed();
}

void TaskGraphImportDialog::browseGraph() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Task Graph"), QFileInfo(m_graphFile->text()).path(),
        tr("Task graphs (*.dot *.gv *.json *.dax *.xml *.stg *.txt);;DOT (*.dot *.gv);;WfFormat JSON (*.json);;"
           "Pegasus DAX (*.dax *.xml);;STG (*.stg);;All files (*)"));
    if (!path.isEmpty()) setGraphFile(path);
}

void TaskGraphImportDialog::browsePlatform() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Platform"), QFileInfo(m_platformFile->text()).path(),
        tr("Platforms (*.xml *.json);;SimGrid platform (*.xml);;JSON instance or platform (*.json);;All files (*)"));
    if (!path.isEmpty()) setPlatformFile(path);
}

}  // namespace hetsched::ui
