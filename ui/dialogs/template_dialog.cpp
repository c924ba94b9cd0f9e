#include "dialogs/template_dialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSpinBox>
#include <QStackedWidget>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>

#include "document/instance_list_model.h"
#include "model/dag_random.h"
#include "model/platform_generators.h"
#include "util/number_text.h"
#include "util/option_form.h"

namespace hetsched::ui {

namespace {

struct TemplateInfo {
    QString id;
    QString title;
    int page;       // 0 divisible, 1 cpugpu, 2 steady, 3 dag
    int topology;   // steady only: the SteadyTopology
    QString description;
};

const QList<TemplateInfo>& templates() {
    static const QList<TemplateInfo> list = {
        {QStringLiteral("divisible-star"), QObject::tr("Divisible-load star"), 0, 0,
         QObject::tr("A master and p workers with return messages (Beaumont, Marchal and Robert 2005). Give a "
                     "range for c, w and d to draw each worker's values, or equal ends for identical workers; "
                     "d = z·c makes the FIFO theorem apply.")},
        {QStringLiteral("cpugpu-node"), QObject::tr("CPU + GPU node"), 1, 0,
         QObject::tr("m CPUs and k GPUs with n independent tasks drawn as in Kedad-Sidhoum et al. 2013, "
                     "section 5.2: CPU times uniform integers in [10, 100], each task 15 or 35 times faster "
                     "on a GPU.")},
        {QStringLiteral("steady-random"), QObject::tr("Steady state: random graph"), 2,
         static_cast<int>(SteadyTopology::RandomConnected),
         QObject::tr("A connected random platform (a random spanning tree plus random links up to the average "
                     "degree) for steady-state scheduling (Beaumont and Marchal, chapter 8).")},
        {QStringLiteral("steady-grid"), QObject::tr("Steady state: grid or torus"), 2,
         static_cast<int>(SteadyTopology::Grid),
         QObject::tr("A rows × columns grid of processors linked to their neighbours; a torus wraps the rows "
                     "and the columns.")},
        {QStringLiteral("steady-tree"), QObject::tr("Steady state: tree"), 2, static_cast<int>(SteadyTopology::Tree),
         QObject::tr("A complete tree: every inner node has the same number of children; the root is node 0.")},
        {QStringLiteral("steady-star"), QObject::tr("Steady state: star"), 2, static_cast<int>(SteadyTopology::Star),
         QObject::tr("Node 0 in the centre linked to every other node: the master-worker platform.")},
        {QStringLiteral("dag-clusters"), QObject::tr("Task graph on clusters of clusters"), 3, 0,
         QObject::tr("The platforms of N'Takpé and Suter (2006, section 5): clusters of U{min..max} processors, "
                     "half on Fast Ethernet and half on Gigabit Ethernet, and a random DAG with daggen's "
                     "parameters.")},
    };
    return list;
}

const TemplateInfo* findTemplate(const QString& id) {
    for (const TemplateInfo& t : templates())
        if (t.id == id) return &t;
    return nullptr;
}

}  // namespace

TemplateDialog::TemplateDialog(QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("templateDialog"));
    setWindowTitle(tr("New from Template"));

    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("templateList"));
    for (const TemplateInfo& t : templates()) {
        auto* item = new QListWidgetItem(t.title, m_list);
        item->setData(Qt::UserRole, t.id);
        item->setToolTip(t.description);
    }
    m_list->setFixedWidth(m_list->sizeHintForColumn(0) + 24);

    m_description = new QLabel(this);
    m_description->setObjectName(QStringLiteral("templateDescription"));
    m_description->setWordWrap(true);
    m_description->setStyleSheet(QStringLiteral("color:#555;"));

    m_pages = new QStackedWidget(this);
    m_pages->addWidget(buildDivisiblePage());
    m_pages->addWidget(buildCpuGpuPage());
    m_pages->addWidget(buildSteadyPage());
    m_pages->addWidget(buildDagPage());

    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("nameEdit"));
    m_name->setToolTip(tr("The instance's name in the project"));
    connect(m_name, &QLineEdit::textEdited, this, [this] { m_nameEdited = !m_name->text().trimmed().isEmpty(); });
    // The seed of every template; the random DAG's table gives its range and default (`hetsched generate dag --seed`).
    const OptionSpec& seed = *findOption(dagGeneratorOptions(), "seed");
    m_seed = static_cast<QDoubleSpinBox*>(createOptionEditor(seed, this));
    m_seed->setObjectName(QStringLiteral("seedSpinBox"));
    m_seed->setToolTip(tr("The same seed and parameters give the same instance\n%1")
                           .arg(QString::fromStdString(optionAcceptsText(seed))));
    auto* dice = new QToolButton(this);
    dice->setText(tr("New Seed"));
    dice->setToolTip(tr("Draw another seed"));
    connect(dice, &QToolButton::clicked, this,
            [this] { m_seed->setValue(QRandomGenerator::global()->bounded(1, 1'000'000)); });
    onOptionEdited(m_seed, this, [this] { revalidate(); });
    auto* seedRow = new QHBoxLayout;
    seedRow->addWidget(m_seed, 1);
    seedRow->addWidget(dice);
    auto* common = new QFormLayout;
    common->addRow(tr("&Name:"), m_name);
    common->addRow(tr("Seed:"), seedRow);

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("validationLabel"));
    m_message->setWordWrap(true);
    m_message->setMinimumHeight(m_message->fontMetrics().height() * 2 + 8);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Add to Project"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &TemplateDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* right = new QVBoxLayout;
    right->addWidget(m_description);
    right->addWidget(m_pages, 1);
    right->addLayout(common);
    right->addWidget(m_message);
    auto* body = new QHBoxLayout;
    body->addWidget(m_list);
    body->addLayout(right, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(body, 1);
    layout->addWidget(m_buttons);

    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row < 0) return;
        const TemplateInfo& t = templates()[row];
        m_pages->setCurrentIndex(t.page);
        if (t.page == 2) m_topologyPages->setCurrentIndex(t.topology);
        m_description->setText(t.description);
        revalidate();
    });
    m_list->setCurrentRow(0);
    resize(860, 620);
}

QStringList TemplateDialog::templateIds() {
    QStringList ids;
    for (const TemplateInfo& t : templates()) ids << t.id;
    return ids;
}

void TemplateDialog::selectTemplate(const QString& id) {
    const QStringList ids = templateIds();
    if (ids.contains(id)) m_list->setCurrentRow(static_cast<int>(ids.indexOf(id)));
}

QString TemplateDialog::currentTemplate() const {
    const int row = m_list->currentRow();
    return row >= 0 ? templates()[row].id : QString();
}

QString TemplateDialog::templateTitle() const {
    const int row = m_list->currentRow();
    return row >= 0 ? templates()[row].title : QString();
}

QString TemplateDialog::summary() const {
    return m_summary;
}

QString TemplateDialog::instanceName() const {
    const QString typed = m_name->text().trimmed();
    return typed.isEmpty() ? defaultName() : typed;
}

// ------------------------------------------------------------------------------------------------ fields

void TemplateDialog::watch(QObject* field) {
    if (auto* line = qobject_cast<QLineEdit*>(field))
        connect(line, &QLineEdit::textChanged, this, &TemplateDialog::revalidate);
    else if (auto* spin = qobject_cast<QSpinBox*>(field))
        connect(spin, &QSpinBox::valueChanged, this, &TemplateDialog::revalidate);
    else if (auto* check = qobject_cast<QCheckBox*>(field))
        connect(check, &QCheckBox::toggled, this, &TemplateDialog::revalidate);
    else if (auto* combo = qobject_cast<QComboBox*>(field))
        connect(combo, &QComboBox::currentIndexChanged, this, &TemplateDialog::revalidate);
}

QLineEdit* TemplateDialog::numberField(const QString& name, const QString& text, const QString& tip) {
    auto* field = new QLineEdit(text, this);
    field->setObjectName(name);
    field->setToolTip(tip);
    m_numbers.insert(name, field);
    watch(field);
    return field;
}

QWidget* TemplateDialog::rangeField(const QString& name, const QString& min, const QString& max,
                                    const QString& tip) {
    auto* box = new QWidget(this);
    auto* row = new QHBoxLayout(box);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("from"), box));
    row->addWidget(numberField(name + QStringLiteral("Min"), min, tip), 1);
    row->addWidget(new QLabel(tr("to"), box));
    row->addWidget(numberField(name + QStringLiteral("Max"), max, tip), 1);
    return box;
}

QSpinBox* TemplateDialog::intField(const QString& name, int min, int max, int value, const QString& tip) {
    auto* spin = new QSpinBox(this);
    spin->setObjectName(name);
    spin->setRange(min, max);
    spin->setValue(value);
    spin->setToolTip(tip);
    spin->setGroupSeparatorShown(true);
    m_ints.insert(name, spin);
    watch(spin);
    return spin;
}

// A page whose group keeps its natural height at the top.
static QWidget* topAligned(QWidget* group, QWidget* parent) {
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(group);
    layout->addStretch(1);
    return page;
}

QWidget* TemplateDialog::buildDivisiblePage() {
    auto* group = new QGroupBox(tr("Star platform"), this);
    auto* form = new QFormLayout(group);
    form->addRow(tr("Workers p:"), intField(QStringLiteral("workers"), 1, 100000, 8, tr("Workers P1..Pp")));
    form->addRow(tr("c (receive per unit):"),
                 rangeField(QStringLiteral("c"), QStringLiteral("1"), QStringLiteral("2"),
                            tr("c_i > 0: time to receive one unit of load, uniform in the range")));
    form->addRow(tr("w (compute per unit):"),
                 rangeField(QStringLiteral("w"), QStringLiteral("1"), QStringLiteral("4"),
                            tr("w_i > 0: time to compute one unit of load, uniform in the range")));
    form->addRow(tr("d (return per unit):"),
                 rangeField(QStringLiteral("d"), QStringLiteral("0.5"), QStringLiteral("1"),
                            tr("d_i >= 0: time to return the results of one unit (0: no return message)")));
    auto* proportional = new QCheckBox(tr("d = z · c with z ="), this);
    proportional->setObjectName(QStringLiteral("proportionalCheckBox"));
    proportional->setToolTip(tr("Return messages proportional to the data: the FIFO theorem's case"));
    m_checks.insert(QStringLiteral("proportional"), proportional);
    watch(proportional);
    QLineEdit* ratio = numberField(QStringLiteral("ratio"), QStringLiteral("0.8"), tr("z >= 0"));
    ratio->setEnabled(false);
    connect(proportional, &QCheckBox::toggled, ratio, &QWidget::setEnabled);
    connect(proportional, &QCheckBox::toggled, this, [this](bool on) {
        m_numbers.value(QStringLiteral("dMin"))->setEnabled(!on);
        m_numbers.value(QStringLiteral("dMax"))->setEnabled(!on);
    });
    auto* ratioRow = new QHBoxLayout;
    ratioRow->addWidget(proportional);
    ratioRow->addWidget(ratio, 1);
    form->addRow(QString(), ratioRow);
    form->addRow(tr("Horizon T:"), numberField(QStringLiteral("horizon"), QStringLiteral("1"),
                                                tr("T > 0: the load processed by time T is maximised")));
    return topAligned(group, this);
}

QWidget* TemplateDialog::buildCpuGpuPage() {
    auto* group = new QGroupBox(tr("Node"), this);
    auto* form = new QFormLayout(group);
    form->addRow(tr("CPUs m:"), intField(QStringLiteral("cpus"), 0, 100000, 4, tr("Identical CPUs")));
    form->addRow(tr("GPUs k:"), intField(QStringLiteral("gpus"), 0, 100000, 2, tr("Identical GPUs")));
    form->addRow(tr("Tasks n:"), intField(QStringLiteral("tasks"), 1, 100000, 50, tr("Independent tasks")));
    form->addRow(tr("ε (dual approximation):"),
                 numberField(QStringLiteral("epsilon"), QStringLiteral("0.001"),
                             tr("The binary search stops within a factor 1 + ε of the lower bound, in [1e-6, 1]")));
    return topAligned(group, this);
}

QWidget* TemplateDialog::buildSteadyPage() {
    auto* page = new QWidget(this);
    auto* topology = new QGroupBox(tr("Topology"), page);
    m_topologyPages = new QStackedWidget(topology);
    {
        auto* random = new QWidget(m_topologyPages);
        auto* form = new QFormLayout(random);
        form->addRow(tr("Nodes:"), intField(QStringLiteral("randomNodes"), 1, 100000, 12, tr("Processors and routers")));
        form->addRow(tr("Average degree:"),
                     numberField(QStringLiteral("degree"), QStringLiteral("3"),
                                 tr("Links per node on average (at least a spanning tree, at most complete)")));
        m_topologyPages->addWidget(random);
    }
    {
        auto* grid = new QWidget(m_topologyPages);
        auto* form = new QFormLayout(grid);
        form->addRow(tr("Rows:"), intField(QStringLiteral("rows"), 1, 100000, 3, QString()));
        form->addRow(tr("Columns:"), intField(QStringLiteral("cols"), 1, 100000, 4, QString()));
        auto* torus = new QCheckBox(tr("Torus (wrap rows and columns)"), grid);
        torus->setObjectName(QStringLiteral("torusCheckBox"));
        m_checks.insert(QStringLiteral("torus"), torus);
        watch(torus);
        form->addRow(QString(), torus);
        m_topologyPages->addWidget(grid);
    }
    {
        auto* tree = new QWidget(m_topologyPages);
        auto* form = new QFormLayout(tree);
        form->addRow(tr("Branching factor:"), intField(QStringLiteral("branching"), 1, 100000, 2, tr("Children per inner node")));
        form->addRow(tr("Depth:"), intField(QStringLiteral("depth"), 0, 100000, 3, tr("Levels below the root")));
        m_topologyPages->addWidget(tree);
    }
    {
        auto* star = new QWidget(m_topologyPages);
        auto* form = new QFormLayout(star);
        form->addRow(tr("Nodes:"), intField(QStringLiteral("starNodes"), 1, 100000, 9, tr("The centre and the leaves")));
        m_topologyPages->addWidget(star);
    }
    auto* topologyLayout = new QVBoxLayout(topology);
    topologyLayout->addWidget(m_topologyPages);

    auto* platform = new QGroupBox(tr("Processors and links"), page);
    auto* form = new QFormLayout(platform);
    form->addRow(tr("Speed:"), rangeField(QStringLiteral("speed"), QStringLiteral("1"), QStringLiteral("10"),
                                          tr("Flops per time unit, uniform in the range")));
    form->addRow(tr("Bandwidth:"), rangeField(QStringLiteral("bandwidth"), QStringLiteral("1"), QStringLiteral("10"),
                                              tr("Bytes per time unit of each link, uniform in the range")));
    auto* integers = new QCheckBox(tr("Whole numbers only (exact rationals in the LPs)"), platform);
    integers->setObjectName(QStringLiteral("integerCheckBox"));
    m_checks.insert(QStringLiteral("integer"), integers);
    watch(integers);
    form->addRow(QString(), integers);
    form->addRow(tr("Router fraction:"),
                 numberField(QStringLiteral("routers"), QStringLiteral("0"),
                             tr("Share of the nodes other than the source that only route (speed 0), in [0, 1]")));
    auto* model = new QComboBox(platform);
    model->setObjectName(QStringLiteral("modelComboBox"));
    model->addItem(tr("Bidirectional one-port"), static_cast<int>(CommunicationModel::BidirectionalOnePort));
    model->addItem(tr("Unidirectional one-port"), static_cast<int>(CommunicationModel::UnidirectionalOnePort));
    model->addItem(tr("Bounded multiport"), static_cast<int>(CommunicationModel::BoundedMultiport));
    m_combos.insert(QStringLiteral("model"), model);
    watch(model);
    form->addRow(tr("Communication model:"), model);

    auto* application = new QGroupBox(tr("Application"), page);
    auto* appForm = new QFormLayout(application);
    auto* type = new QComboBox(application);
    type->setObjectName(QStringLiteral("applicationComboBox"));
    type->addItem(tr("Bag of tasks"), static_cast<int>(SteadyApplicationType::BagOfTasks));
    type->addItem(tr("Series of broadcasts"), static_cast<int>(SteadyApplicationType::Broadcast));
    type->addItem(tr("Series of multicasts"), static_cast<int>(SteadyApplicationType::Multicast));
    m_combos.insert(QStringLiteral("application"), type);
    watch(type);
    appForm->addRow(tr("Type:"), type);
    appForm->addRow(tr("Source node:"), intField(QStringLiteral("source"), 0, 99999, 0,
                                                 tr("Index of the master or the broadcast's source, from 0")));
    appForm->addRow(tr("Data / message size:"),
                    numberField(QStringLiteral("data"), QStringLiteral("1"),
                                tr("Bag of tasks: bytes per task; broadcast and multicast: the message size")));
    QLineEdit* result = numberField(QStringLiteral("result"), QStringLiteral("0"), tr("Bytes returned per task (0: none)"));
    QLineEdit* work = numberField(QStringLiteral("work"), QStringLiteral("1"), tr("Flops per task"));
    QLineEdit* targets = numberField(QStringLiteral("targets"), QStringLiteral("0.5"),
                                     tr("Share of the other nodes the multicast reaches, in (0, 1]"));
    appForm->addRow(tr("Result size:"), result);
    appForm->addRow(tr("Work per task:"), work);
    appForm->addRow(tr("Target fraction:"), targets);
    const auto updateApplication = [type, result, work, targets] {
        const auto t = static_cast<SteadyApplicationType>(type->currentData().toInt());
        result->setEnabled(t == SteadyApplicationType::BagOfTasks);
        work->setEnabled(t == SteadyApplicationType::BagOfTasks);
        targets->setEnabled(t == SteadyApplicationType::Multicast);
    };
    connect(type, &QComboBox::currentIndexChanged, this, updateApplication);
    updateApplication();

    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(topology);
    auto* row = new QHBoxLayout;
    row->addWidget(platform, 1);
    row->addWidget(application, 1);
    layout->addLayout(row);
    layout->addStretch(1);
    return page;
}

QWidget* TemplateDialog::tableField(const OptionTable& table, const char* name, const QString& label,
                                    const QString& help) {
    OptionDisplay display;
    if (std::string_view(name) == "complexity")
        display.choiceTexts = {{"mixed", tr("Mixed (each task its own)")}, {"same", tr("Same for every task")}};
    OptionField field(table, name, label, this, display);
    field.setHelp(help);
    QWidget* editor = field.editor();
    if (auto* spin = qobject_cast<QSpinBox*>(editor)) spin->setGroupSeparatorShown(true);
    onOptionEdited(editor, this, [this] { revalidate(); });
    m_tableFields[name] = field;
    return editor;
}

int TemplateDialog::tableInteger(const char* name) const {
    const auto found = m_tableFields.find(name);
    auto* spin = found == m_tableFields.end() ? nullptr : qobject_cast<QSpinBox*>(found->second.editor());
    return spin ? spin->value() : 0;
}

QWidget* TemplateDialog::buildDagPage() {
    // Every field is an option of the generators' tables, the ones `hetsched generate dag` reads: the same
    // ranges, defaults and messages.
    const OptionTable& platformOptions = dagPlatformOptions();
    const OptionTable& graphOptions = dagGeneratorOptions();
    auto* page = new QWidget(this);
    auto* platform = new QGroupBox(tr("Clusters of clusters"), page);
    auto* form = new QFormLayout(platform);
    form->addRow(tr("Clusters:"), tableField(platformOptions, "clusters", tr("Clusters"),
                                             tr("Half on Fast Ethernet, half on Gigabit")));
    auto* processors = new QWidget(platform);
    auto* procRow = new QHBoxLayout(processors);
    procRow->setContentsMargins(0, 0, 0, 0);
    procRow->addWidget(new QLabel(tr("from"), processors));
    procRow->addWidget(tableField(platformOptions, "min-processors", tr("Processors from"), tr("Processors per cluster")), 1);
    procRow->addWidget(new QLabel(tr("to"), processors));
    procRow->addWidget(tableField(platformOptions, "max-processors", tr("Processors to"), tr("Processors per cluster")), 1);
    form->addRow(tr("Processors:"), processors);
    form->addRow(tr("Minimum speed (flop/s):"), tableField(platformOptions, "min-speed", tr("Minimum speed"),
                                                            tr("The slowest cluster's speed")));
    form->addRow(tr("Heterogeneity:"), tableField(platformOptions, "heterogeneity", tr("Heterogeneity"),
                                                   tr("Speeds uniform in [min, min × heterogeneity]")));

    auto* graph = new QGroupBox(tr("Random DAG (daggen)"), page);
    auto* g = new QFormLayout(graph);
    g->addRow(tr("Tasks n:"), tableField(graphOptions, "tasks", tr("Tasks n"), tr("Moldable tasks")));
    g->addRow(tr("Fat:"), tableField(graphOptions, "fat", tr("Fat"), tr("Mean level width n^fat")));
    g->addRow(tr("Regularity:"), tableField(graphOptions, "regularity", tr("Regularity"),
                                            tr("Level widths within ±(1 - regularity) of the mean")));
    g->addRow(tr("Density:"), tableField(graphOptions, "density", tr("Density"), tr("Share of extra parents")));
    g->addRow(tr("Jump:"), tableField(graphOptions, "jump", tr("Jump"), tr("Levels an edge may skip")));
    g->addRow(tr("CCR:"), tableField(graphOptions, "ccr", tr("CCR"), tr("Bytes per flop on edges; 0: the paper's data sizes")));
    g->addRow(tr("Max α:"), tableField(graphOptions, "max-alpha", tr("Max α"),
                                       tr("Amdahl's non-parallel fraction uniform in [0, max α]")));
    g->addRow(tr("Complexities:"), tableField(graphOptions, "complexity", tr("Complexities"),
                                              tr("Each task's cost in a·N, a·N log N or a·N^1.5: drawn per task, "
                                                 "or one for all")));

    auto* layout = new QHBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(platform, 1, Qt::AlignTop);
    layout->addWidget(graph, 1, Qt::AlignTop);
    return page;
}

// --------------------------------------------------------------------------------------- configurations

namespace {

// Reads the form's fields into a generator configuration; the first unreadable field ends it with a message.
class FieldReader {
public:
    FieldReader(const QMap<QString, QLineEdit*>& numbers, const QMap<QString, QSpinBox*>& ints)
        : m_numbers(numbers), m_ints(ints) {}

    double number(const QString& key, const QString& label) {
        QLineEdit* field = m_numbers.value(key);
        if (!field) return 0;
        const std::optional<double> value = parseNumber(field->text());
        if (!value && m_error.isEmpty())
            m_error = field->text().trimmed().isEmpty()
                          ? QObject::tr("%1: a number is needed").arg(label)
                          : QObject::tr("%1: \"%2\" is not a number").arg(label, field->text().trimmed());
        return value.value_or(0);
    }
    ValueRange range(const QString& key, const QString& label) {
        ValueRange r;
        r.min = number(key + QStringLiteral("Min"), QObject::tr("%1 min").arg(label));
        r.max = number(key + QStringLiteral("Max"), QObject::tr("%1 max").arg(label));
        return r;
    }
    int integer(const QString& key) const {
        QSpinBox* spin = m_ints.value(key);
        return spin ? spin->value() : 0;
    }
    const QString& error() const { return m_error; }

private:
    const QMap<QString, QLineEdit*>& m_numbers;
    const QMap<QString, QSpinBox*>& m_ints;
    QString m_error;
};

}  // namespace

struct TemplateConfigs {
    DivisibleStarConfig divisible;
    CpuGpuNodeConfig cpugpu;
    SteadyPlatformConfig steady;
    DagPlatformConfig dagPlatform;
    DagGeneratorConfig dag;
};

namespace {

QString coreMessage(const Error& error) {
    return QString::fromStdString(error.message);
}

}  // namespace

// The current template's configuration from the form; the first unreadable field's message, or empty.
QString TemplateDialog::readConfigs(TemplateConfigs& out) const {
    const TemplateInfo* t = findTemplate(currentTemplate());
    if (!t) return tr("choose a template");
    FieldReader read(m_numbers, m_ints);
    const auto seed = static_cast<std::uint64_t>(std::llround(m_seed->value()));
    const auto checked = [this](const char* key) { return m_checks.value(QLatin1String(key))->isChecked(); };
    switch (t->page) {
        case 0: {
            DivisibleStarConfig& c = out.divisible;
            c.workers = read.integer(QStringLiteral("workers"));
            c.c = read.range(QStringLiteral("c"), QStringLiteral("c"));
            c.w = read.range(QStringLiteral("w"), QStringLiteral("w"));
            if (checked("proportional")) {
                c.returnRatio = read.number(QStringLiteral("ratio"), QStringLiteral("z"));
                if (read.error().isEmpty() && c.returnRatio < 0) return tr("z: must be at least 0");
            } else {
                c.d = read.range(QStringLiteral("d"), QStringLiteral("d"));
            }
            c.horizon = read.number(QStringLiteral("horizon"), QStringLiteral("T"));
            c.seed = seed;
            break;
        }
        case 1: {
            CpuGpuNodeConfig& c = out.cpugpu;
            c.cpus = read.integer(QStringLiteral("cpus"));
            c.gpus = read.integer(QStringLiteral("gpus"));
            c.tasks = read.integer(QStringLiteral("tasks"));
            c.epsilon = read.number(QStringLiteral("epsilon"), QStringLiteral("ε"));
            c.seed = seed;
            break;
        }
        case 2: {
            SteadyPlatformConfig& c = out.steady;
            c.topology = static_cast<SteadyTopology>(t->topology);
            c.nodes = read.integer(c.topology == SteadyTopology::Star ? QStringLiteral("starNodes")
                                                                      : QStringLiteral("randomNodes"));
            if (c.topology == SteadyTopology::RandomConnected)
                c.averageDegree = read.number(QStringLiteral("degree"), tr("average degree"));
            c.rows = read.integer(QStringLiteral("rows"));
            c.cols = read.integer(QStringLiteral("cols"));
            c.torus = checked("torus");
            c.branching = read.integer(QStringLiteral("branching"));
            c.depth = read.integer(QStringLiteral("depth"));
            c.speed = read.range(QStringLiteral("speed"), tr("speed"));
            c.bandwidth = read.range(QStringLiteral("bandwidth"), tr("bandwidth"));
            c.integerValues = checked("integer");
            c.routerFraction = read.number(QStringLiteral("routers"), tr("router fraction"));
            c.model = static_cast<CommunicationModel>(m_combos.value(QStringLiteral("model"))->currentData().toInt());
            c.application = static_cast<SteadyApplicationType>(
                m_combos.value(QStringLiteral("application"))->currentData().toInt());
            c.source = read.integer(QStringLiteral("source"));
            c.data = read.number(QStringLiteral("data"), tr("data"));
            if (c.application == SteadyApplicationType::BagOfTasks) {
                c.result = read.number(QStringLiteral("result"), tr("result"));
                c.work = read.number(QStringLiteral("work"), tr("work"));
            }
            if (c.application == SteadyApplicationType::Multicast)
                c.targetFraction = read.number(QStringLiteral("targets"), tr("target fraction"));
            c.seed = seed;
            break;
        }
        case 3: {
            // Each field read and checked by its table, into the values `hetsched generate dag` reads.
            OptionValues graph(dagGeneratorOptions());
            OptionValues platform(dagPlatformOptions());
            for (const auto& [name, field] : m_tableFields) {
                Expected<std::optional<OptionValue>> value = field.value();
                if (!value) return QString::fromStdString(value.error().message);
                if (!*value) continue;
                (findOption(dagGeneratorOptions(), name) ? graph : platform).set(name, std::move(**value));
            }
            graph.set("seed", static_cast<std::int64_t>(seed));
            platform.set("platform-seed", static_cast<std::int64_t>(seed));
            out.dag = dagGeneratorConfig(graph);
            out.dagPlatform = dagPlatformConfig(platform);
            if (out.dagPlatform.minProcessors > out.dagPlatform.maxProcessors)
                return tr("processors: from %1 > to %2").arg(out.dagPlatform.minProcessors).arg(out.dagPlatform.maxProcessors);
            break;
        }
        default:
            break;
    }
    return read.error();
}

void TemplateDialog::revalidate() {
    m_generated.reset();
    const TemplateInfo* t = findTemplate(currentTemplate());
    if (!t) return;
    TemplateConfigs c;
    QString error = readConfigs(c);
    QString summary;
    if (error.isEmpty()) {
        switch (t->page) {
            case 0:
                if (Expected<bool> ok = checkDivisibleStar(c.divisible); !ok)
                    error = coreMessage(ok.error());
                else
                    summary = tr("%1 workers around one master, T = %2")
                                  .arg(c.divisible.workers)
                                  .arg(formatNumber(c.divisible.horizon));
                break;
            case 1:
                if (Expected<bool> ok = checkCpuGpuNode(c.cpugpu); !ok)
                    error = coreMessage(ok.error());
                else
                    summary = tr("%1 tasks on %2 CPUs and %3 GPUs")
                                  .arg(c.cpugpu.tasks)
                                  .arg(c.cpugpu.cpus)
                                  .arg(c.cpugpu.gpus);
                break;
            case 2:
                if (Expected<std::int64_t> n = checkSteadyPlatform(c.steady); !n)
                    error = coreMessage(n.error());
                else
                    summary = tr("a %1 of %2 nodes")
                                  .arg(c.steady.topology == SteadyTopology::Grid && c.steady.torus
                                           ? QStringLiteral("torus")
                                           : QString::fromLatin1(steadyTopologyName(c.steady.topology)))
                                  .arg(*n);
                break;
            case 3:
                if (Expected<DagPlatform> platform = generatePlatform(c.dagPlatform); !platform)
                    error = coreMessage(platform.error());
                else if (Expected<bool> ok = checkDagGeneratorConfig(c.dag); !ok)
                    error = coreMessage(ok.error());
                else
                    summary = tr("%1 tasks on %2 clusters").arg(c.dag.n).arg(c.dagPlatform.clusters);
                break;
            default:
                break;
        }
    }
    m_error = error;
    m_summary = summary;
    if (error.isEmpty()) {
        m_message->setStyleSheet(QStringLiteral("color:#1b5e20; background:#edf7ee; padding:4px; border-radius:3px;"));
        m_message->setText(tr("Generates %1.").arg(summary));
    } else {
        m_message->setStyleSheet(QStringLiteral("color:#8b1a1a; background:#fdecea; padding:4px; border-radius:3px;"));
        m_message->setText(error);
    }
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(error.isEmpty());
    if (!m_nameEdited) m_name->setText(defaultName());
}

QString TemplateDialog::defaultName() const {
    const QString id = currentTemplate();
    const auto value = [this](const char* key) {
        QSpinBox* spin = m_ints.value(QLatin1String(key));
        return spin ? spin->value() : 0;
    };
    if (id == QLatin1String("divisible-star")) return tr("star-%1-workers").arg(value("workers"));
    if (id == QLatin1String("cpugpu-node"))
        return tr("node-%1cpu-%2gpu-%3tasks").arg(value("cpus")).arg(value("gpus")).arg(value("tasks"));
    if (id == QLatin1String("steady-random")) return tr("random-%1-nodes").arg(value("randomNodes"));
    if (id == QLatin1String("steady-grid")) {
        const bool torus = m_checks.value(QStringLiteral("torus"))->isChecked();
        return (torus ? tr("torus-%1x%2") : tr("grid-%1x%2")).arg(value("rows")).arg(value("cols"));
    }
    if (id == QLatin1String("steady-tree")) return tr("tree-%1-ary-depth-%2").arg(value("branching")).arg(value("depth"));
    if (id == QLatin1String("steady-star")) return tr("star-%1-nodes").arg(value("starNodes"));
    if (id == QLatin1String("dag-clusters"))
        return tr("dag-%1-tasks-%2-clusters").arg(tableInteger("tasks")).arg(tableInteger("clusters"));
    return tr("generated");
}

// ----------------------------------------------------------------------------------------- generation

namespace {

template <class T>
Expected<Instance> asInstance(Expected<T> made) {
    if (!made) return made.error();
    return Instance{std::move(*made)};
}

}  // namespace

bool TemplateDialog::generate() {
    revalidate();
    if (!m_error.isEmpty()) return false;
    const TemplateInfo* t = findTemplate(currentTemplate());
    TemplateConfigs c;
    readConfigs(c);
    QApplication::setOverrideCursor(Qt::WaitCursor);
    Expected<Instance> made = invalidInput("unknown template");
    switch (t->page) {
        case 0:
            made = asInstance(generateDivisibleStar(c.divisible));
            break;
        case 1:
            made = asInstance(generateCpuGpuNode(c.cpugpu));
            break;
        case 2:
            made = asInstance(generateSteadyPlatform(c.steady));
            break;
        case 3:
            if (Expected<DagPlatform> platform = generatePlatform(c.dagPlatform); !platform)
                made = platform.error();
            else
                made = asInstance(generateDag(c.dag, *platform));
            break;
        default:
            break;
    }
    QApplication::restoreOverrideCursor();
    if (!made) {
        m_error = coreMessage(made.error());
        m_message->setText(m_error);
        return false;
    }
    m_generated = std::move(*made);
    return true;
}

void TemplateDialog::accept() {
    if (!generate()) return;
    QDialog::accept();
}

}  // namespace hetsched::ui
