#include "dialogs/task_graph_import_dialog.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTimer>
#include <QVBoxLayout>
#include <memory>

#include "io/isolated_import.h"
#include "util/background_job.h"
#include "util/message_bar.h"
#include "util/option_form.h"

namespace hetsched::ui {

namespace {

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
    const OptionTable& importTable = taskGraphImportOptionTable();
    OptionDisplay formats;
    formats.choiceTexts = {{"auto", tr("by extension, then content")},
                           {"dot", tr("DOT (Graphviz: daggen, SimGrid, any graph)")},
                           {"wfformat", tr("WfFormat (WfCommons 1.0-1.5, WorkflowHub, SimGrid, WRENCH JSON)")},
                           {"dax", tr("Pegasus DAX (XML)")},
                           {"stg", tr("STG (Standard Task Graph Set)")},
                           {"daggen", tr("daggen text output")}};
    OptionDisplay gigaflops{1e9, tr(" Gflop/s"), {}, {}};
    QWidget* format = addField(m_importFields, importTable, "format", tr("Format"), formats);
    QWidget* referenceSpeed = addField(m_importFields, importTable, "reference-speed", tr("Reference speed"), gigaflops);
    m_importFields.back().setHelp(tr("WfFormat, DAX, STG: a task that ran r seconds gets r × this speed flops (the "
                                     "speed of the machine that measured the runtimes); the CLI's --reference-speed"));
    QWidget* alpha = addField(m_importFields, importTable, "alpha", tr("alpha"), {});
    m_importFields.back().setHelp(
        tr("Amdahl fraction of the tasks whose file gives none: the share of a task that more processors do not "
           "speed up. 1 (the default): sequential, as a runtime measured on one core is. 0: perfectly parallel, p "
           "processors run it p times faster, on up to all the processors of a cluster. The CLI's --alpha"));
    OptionDisplay noFlops;
    noFlops.unsetText = tr("none (refuse tasks without a size)");
    QWidget* defaultFlops = addField(m_importFields, importTable, "default-flops", tr("Default flops"), noFlops);
    OptionDisplay noBytes;
    noBytes.unsetText = tr("none (refuse dependencies without a size)");
    QWidget* defaultBytes = addField(m_importFields, importTable, "default-bytes", tr("Default bytes"), noBytes);
    // What one file may ask for (a small file can name millions of dependencies); the CLI's --max-tasks, --max-edges.
    QWidget* maxTasks = addField(m_importFields, importTable, "max-tasks", tr("Max tasks"), {});
    QWidget* maxEdges = addField(m_importFields, importTable, "max-edges", tr("Max dependencies"), {});
    auto* graphBox = new QGroupBox(tr("Task graph"), this);
    auto* graphForm = new QFormLayout(graphBox);
    graphForm->addRow(tr("File"), fileRow(this, m_graphFile, browseGraph));
    graphForm->addRow(tr("Format"), format);
    auto* wf = new QHBoxLayout;
    wf->addWidget(referenceSpeed);
    wf->addWidget(new QLabel(tr("Amdahl α (1: sequential)"), this));
    wf->addWidget(alpha);
    wf->addStretch(1);
    graphForm->addRow(tr("Reference speed"), wf);
    graphForm->addRow(tr("Default flops"), defaultFlops);
    graphForm->addRow(tr("Default bytes"), defaultBytes);
    auto* limits = new QHBoxLayout;
    limits->addWidget(maxTasks);
    limits->addWidget(new QLabel(tr("dependencies"), this));
    limits->addWidget(maxEdges);
    limits->addStretch(1);
    graphForm->addRow(tr("Max tasks"), limits);

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
    const OptionTable& platformTable = dagPlatformOptions();
    QWidget* clusters = addField(m_platformFields, platformTable, "clusters", tr("Clusters"), {});
    QWidget* minProcessors = addField(m_platformFields, platformTable, "min-processors", tr("Processors per cluster"), {});
    QWidget* maxProcessors = addField(m_platformFields, platformTable, "max-processors", tr("Processors per cluster"), {});
    QWidget* minSpeed = addField(m_platformFields, platformTable, "min-speed", tr("Min speed"), gigaflops);
    QWidget* heterogeneity = addField(m_platformFields, platformTable, "heterogeneity", tr("Heterogeneity"), {});
    QWidget* seed = addField(m_platformFields, platformTable, "platform-seed", tr("Seed"), {});
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
    randomForm->addRow(tr("Clusters"), clusters);
    auto* processors = new QHBoxLayout;
    processors->addWidget(minProcessors);
    processors->addWidget(new QLabel(tr("to"), this));
    processors->addWidget(maxProcessors);
    processors->addStretch(1);
    randomForm->addRow(tr("Processors per cluster"), processors);
    randomForm->addRow(tr("Min speed"), minSpeed);
    randomForm->addRow(tr("Heterogeneity"), heterogeneity);
    randomForm->addRow(tr("Seed"), seed);
    platformLayout->addLayout(randomForm);

    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("entryName"));
    m_preview = new QLabel(this);
    m_preview->setObjectName(QStringLiteral("preview"));
    m_preview->setWordWrap(true);
    m_preview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_warning = new MessageBar(this);
    m_warning->setObjectName(QStringLiteral("importWarning"));
    m_warning->hide();
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Import"));

    auto* nameForm = new QFormLayout;
    nameForm->addRow(tr("Instance name"), m_name);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(graphBox);
    layout->addWidget(platformBox);
    layout->addLayout(nameForm);
    layout->addWidget(m_warning);
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
    for (QLineEdit* edit : {m_graphFile, m_platformFile})
        connect(edit, &QLineEdit::textChanged, this, &TaskGraphImportDialog::scheduleRefresh);
    connect(m_platformFile, &QLineEdit::textEdited, this, [this] { setPlatformSource(PlatformSource::File); });
    for (const std::vector<OptionField>* fields : {&m_importFields, &m_platformFields})
        for (const OptionField& f : *fields) onOptionEdited(f.editor(), this, [this] { scheduleRefresh(); });
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

void TaskGraphImportDialog::setFormat(const std::string& format) {
    const OptionValue name = format;
    for (OptionField& f : m_importFields)
        if (f.spec().name == "format") f.setValue(name);
}

void TaskGraphImportDialog::setTaskGraphImportOptions(const TaskGraphImportOptions& options) {
    const OptionValues values = taskGraphImportValues(options);
    for (OptionField& f : m_importFields) {
        if (f.spec().name == "format") continue;   // setFormat's
        f.setValue(values.contains(f.spec().name) ? &values.at(f.spec().name) : nullptr);
    }
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
    const std::pair<const char*, OptionValue> values[] = {
        {"clusters", std::int64_t(config.clusters)},           {"min-processors", std::int64_t(config.minProcessors)},
        {"max-processors", std::int64_t(config.maxProcessors)}, {"min-speed", config.minSpeed},
        {"heterogeneity", config.heterogeneity},               {"platform-seed", static_cast<std::int64_t>(config.seed)}};
    for (const auto& [name, value] : values)
        for (OptionField& f : m_platformFields)
            if (f.spec().name == name) f.setValue(value);
    setPlatformSource(PlatformSource::Random);
}

QWidget* TaskGraphImportDialog::addField(std::vector<OptionField>& fields, const OptionTable& table, const char* name,
                                         const QString& label, const OptionDisplay& display) {
    fields.emplace_back(table, name, label, this, display);
    return fields.back().editor();
}

QWidget* TaskGraphImportDialog::field(const std::vector<OptionField>& fields, const char* name) const {
    for (const OptionField& f : fields)
        if (f.spec().name == name) return f.editor();
    return nullptr;
}

Expected<OptionValues> TaskGraphImportDialog::read(const std::vector<OptionField>& fields, const OptionTable& table) {
    OptionValues values(table);
    if (std::optional<Error> error = readOptionFields(values, fields)) return *error;
    return values;
}

void TaskGraphImportDialog::scheduleRefresh() {
    // What is shown is the form as it was: not importable until read again.
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
    m_refreshTimer->start();
}

Expected<TaskGraphImportDialog::Request> TaskGraphImportDialog::updateForm() {
    const bool random = m_randomSource->isChecked();
    for (const OptionField& f : m_platformFields) f.editor()->setEnabled(random);
    const QString graph = m_graphFile->text().trimmed();
    Expected<OptionValues> importValues = read(m_importFields, taskGraphImportOptionTable());
    // Runtimes become flops at the reference speed; DOT and daggen files give flops.
    const std::string format = importValues ? taskGraphFormat(*importValues) : std::string("auto");
    // "auto": known by the extension alone here (the content is read on import).
    const FileFormat* named = format == "auto" ? nullptr
                                               : findFileFormat(format, FormatDirection::Read, {FormatContent::TaskGraph});
    if (format == "auto")
        for (const FileFormat* f : fileFormats(FormatDirection::Read, {FormatContent::TaskGraph}))
            if (f->hasExtension(graph.toStdString())) named = f;
    const bool flopsGiven = named && named->sizesInFlops;
    field(m_importFields, "reference-speed")->setEnabled(!flopsGiven);
    const QString proposed = graph.isEmpty() ? QString() : QFileInfo(graph).completeBaseName();
    if (m_name->text().isEmpty() || m_name->text() == m_nameFromFile) m_name->setText(proposed);
    m_nameFromFile = proposed;

    if (graph.isEmpty()) return invalidInput(tr("choose a task graph file").toStdString());
    if (!importValues) return importValues.error();
    Request request;
    request.graph = graph.toStdString();
    request.format = format;
    request.options = taskGraphImportOptions(*importValues);
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
    Expected<OptionValues> platformValues = read(m_platformFields, dagPlatformOptions());
    if (!platformValues) return platformError(QString::fromStdString(platformValues.error().message));
    const DagPlatformConfig config = dagPlatformConfig(*platformValues);
    if (config.maxProcessors < config.minProcessors)
        return platformError(tr("processors per cluster: the largest is below the smallest"));
    request.random = config;
    return request;
}

Expected<DagImport> TaskGraphImportDialog::load(const Request& request, const Progress& progress) {
    Expected<DagPlatform> platform = request.platform         ? Expected<DagPlatform>(*request.platform)
                                     : request.random         ? generatePlatform(*request.random)
                                                              : readDagPlatformFile(request.platformFile);
    if (!platform) return Error{platform.error().kind, "Platform: " + platform.error().message};
    // The file is read in the hetsched-import child process: a reader that fails badly (cgraph, libxml2)
    // ends the child, and its end is this message naming the file; the GUI and its project go on.
    return importTaskGraphFileIsolated(request.graph, *platform, request.options, request.format,
                                       ChildOptions(kIsolatedImportTimeoutSeconds, progress));
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
    m_job->start([this, request = *request](const Progress& progress) -> BackgroundJob::Delivery {
        auto result = std::make_shared<Expected<DagImport>>(load(request, progress));
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
    m_recordedMakespan.reset();
    if (result) {
        m_formatRead = std::move(result->format);
        m_notes = std::move(result->notes);
        m_recordedMakespan = result->recordedMakespan;
        m_result = std::move(result->instance);
    } else {
        m_result = result.error();
    }
    m_preview->setText(previewText());
    m_preview->setStyleSheet(m_result.ok() ? QString() : QStringLiteral("color: #b00020;"));
    if (const QString warnings = warningText(); !warnings.isEmpty() && m_result.ok())
        m_warning->showMessage(warnings, MessageBar::Level::Warning);
    else
        m_warning->hide();
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
    for (const std::string& note : m_notes)
        if (!note.starts_with("warning: ")) text += QLatin1Char('\n') + QString::fromStdString(note);
    return text;
}

QString TaskGraphImportDialog::warningText() const {
    QStringList warnings;
    for (const std::string& note : m_notes)
        if (note.starts_with("warning: ")) {
            QString text = QString::fromStdString(note.substr(9));
            if (!text.isEmpty()) text[0] = text[0].toUpper();
            warnings << text;
        }
    return warnings.join(QLatin1Char('\n'));
}

QString TaskGraphImportDialog::entryName() const {
    return m_name->text().trimmed();
}

void TaskGraphImportDialog::browseGraph() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Task Graph"), QFileInfo(m_graphFile->text()).path(),
        QString::fromStdString(fileDialogFilters(FormatDirection::Read, {FormatContent::TaskGraph}, "Task graphs")));
    if (!path.isEmpty()) setGraphFile(path);
}

void TaskGraphImportDialog::browsePlatform() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Platform"), QFileInfo(m_platformFile->text()).path(),
        QString::fromStdString(fileDialogFilters(FormatDirection::Read, {FormatContent::Platform}, "Platforms")));
    if (!path.isEmpty()) setPlatformFile(path);
}

}  // namespace hetsched::ui
