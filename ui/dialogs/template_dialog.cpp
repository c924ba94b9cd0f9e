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
#include <algorithm>
#include <cmath>

#include "document/instance_list_model.h"
#include "model/dag_random.h"
#include "model/generator_options.h"
#include "model/platform_generators.h"
#include "util/number_text.h"
#include "util/option_form.h"

namespace hetsched::ui {

namespace {

struct TemplateInfo {
    QString id;
    QString title;
    int page;           // 0 divisible, 1 cpugpu, 2 steady, 3 dag, 4 partition
    QString kind;       // the generator's: `hetsched generate KIND` reads the same table
    QString topology;   // steady only: the table's "topology" choice
    QString description;
};

const QList<TemplateInfo>& templates() {
    static const QList<TemplateInfo> list = {
        {QStringLiteral("divisible-star"), QObject::tr("Divisible-load star"), 0, QStringLiteral("divisible"), {},
         QObject::tr("A master and p workers with return messages (Beaumont, Marchal and Robert 2005). Give a "
                     "range for c, w and d to draw each worker's values, or equal ends for identical workers; "
                     "d = z·c makes the FIFO theorem apply.")},
        {QStringLiteral("cpugpu-node"), QObject::tr("CPU + GPU node"), 1, QStringLiteral("cpugpu"), {},
         QObject::tr("m CPUs and k GPUs with n independent tasks drawn as in Kedad-Sidhoum et al. 2013, "
                     "section 5.2: CPU times uniform integers in [10, 100], each task 15 or 35 times faster "
                     "on a GPU.")},
        {QStringLiteral("steady-random"), QObject::tr("Steady state: random graph"), 2,
         QStringLiteral("steady_state"), QStringLiteral("random"),
         QObject::tr("A connected random platform (a random spanning tree plus random links up to the average "
                     "degree) for steady-state scheduling (Beaumont and Marchal, chapter 8).")},
        {QStringLiteral("steady-grid"), QObject::tr("Steady state: grid or torus"), 2,
         QStringLiteral("steady_state"), QStringLiteral("grid"),
         QObject::tr("A rows × columns grid of processors linked to their neighbours; a torus wraps the rows "
                     "and the columns.")},
        {QStringLiteral("steady-tree"), QObject::tr("Steady state: tree"), 2, QStringLiteral("steady_state"),
         QStringLiteral("tree"),
         QObject::tr("A complete tree: every inner node has the same number of children; the root is node 0.")},
        {QStringLiteral("steady-star"), QObject::tr("Steady state: star"), 2, QStringLiteral("steady_state"),
         QStringLiteral("star"),
         QObject::tr("Node 0 in the centre linked to every other node: the master-worker platform.")},
        {QStringLiteral("dag-clusters"), QObject::tr("Task graph on clusters of clusters"), 3,
         QStringLiteral("dag"), {},
         QObject::tr("The platforms of N'Takpé and Suter (2006, section 5): clusters of U{min..max} processors, "
                     "half on Fast Ethernet and half on Gigabit Ethernet, and a random DAG with daggen's "
                     "parameters.")},
        {QStringLiteral("partition-random"), QObject::tr("Partition: identical tasks"), 4, QStringLiteral("partition"), {},
         QObject::tr("T identical tasks over n resources with seeded cost functions, linear, convex, concave or "
                     "without shape, and optional lower and upper limits (Pilla 2022's setting).")},
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

    // One page per generator, named "templatePage_<kind>" (each page's editors are "option_<name>").
    m_pages = new QStackedWidget(this);
    const std::pair<QWidget*, const char*> pages[] = {{buildDivisiblePage(), "divisible"},
                                                      {buildCpuGpuPage(), "cpugpu"},
                                                      {buildSteadyPage(), "steady_state"},
                                                      {buildDagPage(), "dag"},
                                                      {buildPartitionPage(), "partition"}};
    for (const auto& [page, kind] : pages) {
        page->setObjectName(QStringLiteral("templatePage_%1").arg(QLatin1String(kind)));
        m_pages->addWidget(page);
    }

    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("nameEdit"));
    m_name->setToolTip(tr("The instance's name in the project"));
    connect(m_name, &QLineEdit::textEdited, this, [this] { m_nameEdited = !m_name->text().trimmed().isEmpty(); });
    // The seed of every template: every generator table's "seed" has the range and default of the random DAG's
    // (`hetsched generate KIND --seed`).
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
        if (t.page == 2) showTopologyRows(t.topology);
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

namespace {

// A range of two options shown on one row: "from [min] to [max]".
QWidget* rangeRow(QWidget* min, QWidget* max, QWidget* parent) {
    auto* box = new QWidget(parent);
    auto* row = new QHBoxLayout(box);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(QObject::tr("from"), box));
    row->addWidget(min, 1);
    row->addWidget(new QLabel(QObject::tr("to"), box));
    row->addWidget(max, 1);
    return box;
}

// A page whose group keeps its natural height at the top.
QWidget* topAligned(QWidget* group, QWidget* parent) {
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(group);
    layout->addStretch(1);
    return page;
}

}  // namespace

QWidget* TemplateDialog::tableField(const char* kind, const OptionTable& table, const char* name, const QString& label,
                                    const QString& help, const OptionDisplay& display) {
    OptionDisplay shown = display;
    if (std::string_view(name) == "complexity")
        shown.choiceTexts = {{"mixed", tr("Mixed (each task its own)")}, {"same", tr("Same for every task")}};
    OptionField field(table, name, label, this, shown);
    field.setHelp(help);
    QWidget* editor = field.editor();
    if (auto* spin = qobject_cast<QSpinBox*>(editor)) spin->setGroupSeparatorShown(true);
    onOptionEdited(editor, this, [this] { revalidate(); });
    m_tableFields[kind][name] = field;
    return editor;
}

int TemplateDialog::tableInteger(const char* kind, const char* name) const {
    const auto page = m_tableFields.find(kind);
    if (page == m_tableFields.end()) return 0;
    const auto found = page->second.find(name);
    auto* spin = found == page->second.end() ? nullptr : qobject_cast<QSpinBox*>(found->second.editor());
    return spin ? spin->value() : 0;
}

QWidget* TemplateDialog::buildDivisiblePage() {
    // Every field an option of the generator's table, the one `hetsched generate divisible` reads.
    const OptionTable& t = divisibleStarOptions();
    const char* k = "divisible";
    auto* group = new QGroupBox(tr("Star platform"), this);
    auto* form = new QFormLayout(group);
    form->addRow(tr("Workers p:"), tableField(k, t, "workers", tr("Workers p"), tr("Workers P1..Pp")));
    const QString c = tr("c_i > 0: time to receive one unit of load, uniform in the range");
    form->addRow(tr("c (receive per unit):"),
                 rangeRow(tableField(k, t, "min-c", tr("c from"), c), tableField(k, t, "max-c", tr("c to"), c), group));
    const QString w = tr("w_i > 0: time to compute one unit of load, uniform in the range");
    form->addRow(tr("w (compute per unit):"),
                 rangeRow(tableField(k, t, "min-w", tr("w from"), w), tableField(k, t, "max-w", tr("w to"), w), group));
    const QString d = tr("d_i >= 0: time to return the results of one unit (0: no return message)");
    QWidget* dMin = tableField(k, t, "min-d", tr("d from"), d);
    QWidget* dMax = tableField(k, t, "max-d", tr("d to"), d);
    form->addRow(tr("d (return per unit):"), rangeRow(dMin, dMax, group));
    OptionDisplay ratioDisplay;
    ratioDisplay.unsetText = tr("none: d drawn in its range");
    QWidget* ratio = tableField(k, t, "return-ratio", tr("Return ratio z"),
                                tr("d = z · c for every worker: return messages proportional to the data, the FIFO "
                                   "theorem's case (empty: d drawn in its range)"),
                                ratioDisplay);
    form->addRow(tr("d = z · c with z:"), ratio);
    if (auto* line = qobject_cast<QLineEdit*>(ratio))
        connect(line, &QLineEdit::textChanged, this, [dMin, dMax](const QString& text) {
            dMin->setEnabled(text.trimmed().isEmpty());
            dMax->setEnabled(text.trimmed().isEmpty());
        });
    form->addRow(tr("Horizon T:"), tableField(k, t, "horizon", tr("Horizon T"),
                                              tr("T > 0: the load processed by time T is maximised")));
    return topAligned(group, this);
}

QWidget* TemplateDialog::buildCpuGpuPage() {
    const OptionTable& t = cpuGpuNodeOptions();
    const char* k = "cpugpu";
    auto* group = new QGroupBox(tr("Node"), this);
    auto* form = new QFormLayout(group);
    form->addRow(tr("CPUs m:"), tableField(k, t, "cpus", tr("CPUs m"), tr("Identical CPUs")));
    form->addRow(tr("GPUs k:"), tableField(k, t, "gpus", tr("GPUs k"), tr("Identical GPUs")));
    form->addRow(tr("Tasks n:"), tableField(k, t, "tasks", tr("Tasks n"), tr("Independent tasks")));
    form->addRow(tr("ε (dual approximation):"),
                 tableField(k, t, "epsilon", tr("ε"), tr("The binary search stops within a factor 1 + ε of the lower bound")));
    return topAligned(group, this);
}

QWidget* TemplateDialog::buildSteadyPage() {
    // The topology is the template's; its parameters are rows of one form, those of other topologies hidden.
    const OptionTable& t = steadyPlatformOptions();
    const char* k = "steady_state";
    auto* page = new QWidget(this);
    auto* topology = new QGroupBox(tr("Topology"), page);
    m_topologyForm = new QFormLayout(topology);
    m_topologyForm->addRow(tr("Nodes:"), tableField(k, t, "nodes", tr("Nodes"), tr("Processors and routers")));
    m_topologyForm->addRow(tr("Average degree:"),
                           tableField(k, t, "degree", tr("Average degree"),
                                      tr("Links per node on average (at least a spanning tree, at most complete)")));
    m_topologyForm->addRow(tr("Rows:"), tableField(k, t, "rows", tr("Rows"), tr("Rows of the grid")));
    m_topologyForm->addRow(tr("Columns:"), tableField(k, t, "cols", tr("Columns"), tr("Columns of the grid")));
    m_topologyForm->addRow(QString(), tableField(k, t, "torus", tr("Torus (wrap rows and columns)"),
                                                 tr("Wrap the rows and the columns")));
    m_topologyForm->addRow(tr("Branching factor:"),
                           tableField(k, t, "branching", tr("Branching factor"), tr("Children per inner node")));
    m_topologyForm->addRow(tr("Depth:"), tableField(k, t, "depth", tr("Depth"), tr("Levels below the root")));
    if (auto* torus = qobject_cast<QCheckBox*>(m_tableFields[k]["torus"].editor()))
        torus->setText(tr("Torus (wrap rows and columns)"));

    auto* platform = new QGroupBox(tr("Processors and links"), page);
    auto* form = new QFormLayout(platform);
    const QString speed = tr("Flops per time unit, uniform in the range");
    form->addRow(tr("Speed:"), rangeRow(tableField(k, t, "min-speed", tr("Speed from"), speed),
                                        tableField(k, t, "max-speed", tr("Speed to"), speed), platform));
    const QString bandwidth = tr("Bytes per time unit of each link, uniform in the range");
    form->addRow(tr("Bandwidth:"), rangeRow(tableField(k, t, "min-bandwidth", tr("Bandwidth from"), bandwidth),
                                            tableField(k, t, "max-bandwidth", tr("Bandwidth to"), bandwidth), platform));
    QWidget* integers = tableField(k, t, "integer", tr("Whole numbers only"), tr("Exact rationals in the LPs"));
    if (auto* box = qobject_cast<QCheckBox*>(integers)) box->setText(tr("Whole numbers only (exact rationals in the LPs)"));
    form->addRow(QString(), integers);
    form->addRow(tr("Router fraction:"),
                 tableField(k, t, "routers", tr("Router fraction"),
                            tr("Share of the nodes other than the source that only route (speed 0)")));
    OptionDisplay models;
    models.choiceTexts = {{"bidirectional_one_port", tr("Bidirectional one-port")},
                          {"unidirectional_one_port", tr("Unidirectional one-port")},
                          {"bounded_multiport", tr("Bounded multiport")}};
    form->addRow(tr("Communication model:"),
                 tableField(k, t, "model", tr("Communication model"), tr("How a node sends and receives"), models));

    auto* application = new QGroupBox(tr("Application"), page);
    auto* appForm = new QFormLayout(application);
    OptionDisplay types;
    types.choiceTexts = {{"bag_of_tasks", tr("Bag of tasks")},
                         {"broadcast", tr("Series of broadcasts")},
                         {"multicast", tr("Series of multicasts")}};
    auto* type = qobject_cast<QComboBox*>(
        tableField(k, t, "application", tr("Type"), tr("What the platform runs in steady state"), types));
    appForm->addRow(tr("Type:"), type);
    appForm->addRow(tr("Source node:"), tableField(k, t, "source", tr("Source node"),
                                                   tr("Index of the master or the broadcast's source, from 0")));
    appForm->addRow(tr("Data / message size:"),
                    tableField(k, t, "data", tr("Data"), tr("Bag of tasks: bytes per task; broadcast and multicast: the "
                                                            "message size")));
    QWidget* result = tableField(k, t, "result", tr("Result size"), tr("Bytes returned per task (0: none)"));
    QWidget* work = tableField(k, t, "work", tr("Work per task"), tr("Flops per task"));
    QWidget* targets = tableField(k, t, "targets", tr("Target fraction"), tr("Share of the other nodes the multicast reaches"));
    appForm->addRow(tr("Result size:"), result);
    appForm->addRow(tr("Work per task:"), work);
    appForm->addRow(tr("Target fraction:"), targets);
    const auto updateApplication = [type, result, work, targets] {
        const QString t = type->currentData().toString();
        result->setEnabled(t == QLatin1String("bag_of_tasks"));
        work->setEnabled(t == QLatin1String("bag_of_tasks"));
        targets->setEnabled(t == QLatin1String("multicast"));
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

void TemplateDialog::showTopologyRows(const QString& topology) {
    const auto rows = std::vector<std::pair<const char*, std::vector<QString>>>{
        {"nodes", {QStringLiteral("random"), QStringLiteral("star")}},
        {"degree", {QStringLiteral("random")}},
        {"rows", {QStringLiteral("grid")}},
        {"cols", {QStringLiteral("grid")}},
        {"torus", {QStringLiteral("grid")}},
        {"branching", {QStringLiteral("tree")}},
        {"depth", {QStringLiteral("tree")}}};
    for (const auto& [name, topologies] : rows)
        m_topologyForm->setRowVisible(m_tableFields["steady_state"][name].editor(),
                                      std::find(topologies.begin(), topologies.end(), topology) != topologies.end());
}

QWidget* TemplateDialog::buildPartitionPage() {
    const OptionTable& t = partitionGeneratorOptions();
    const char* k = "partition";
    auto* group = new QGroupBox(tr("Resources and costs"), this);
    auto* form = new QFormLayout(group);
    form->addRow(tr("Resources n:"), tableField(k, t, "resources", tr("Resources n"), tr("Resources R1..Rn")));
    form->addRow(tr("Tasks T:"), tableField(k, t, "tasks", tr("Tasks T"), tr("Identical, independent tasks")));
    OptionDisplay shapes;
    shapes.choiceTexts = {{"linear", tr("Linear: a·x")},
                          {"convex", tr("Convex: a·x^e, e in [1.2, 2]")},
                          {"concave", tr("Concave: a·x^e, e in [0.5, 0.8]")},
                          {"arbitrary", tr("Arbitrary: each C(x) in [min·x, max·x]")}};
    form->addRow(tr("Cost shape:"), tableField(k, t, "shape", tr("Cost shape"), tr("The shape of each C_i"), shapes));
    const QString cost = tr("a_i, the cost of one task, uniform in the range");
    form->addRow(tr("Cost per task:"), rangeRow(tableField(k, t, "min-cost", tr("Cost from"), cost),
                                                tableField(k, t, "max-cost", tr("Cost to"), cost), group));
    QWidget* limits = tableField(k, t, "limits", tr("Limits"), tr("Draw L_i in [0, T/(2n)] and U_i in [T/n, T]"));
    if (auto* box = qobject_cast<QCheckBox*>(limits)) box->setText(tr("Lower and upper limits per resource"));
    form->addRow(QString(), limits);
    OptionDisplay objectives;
    objectives.choiceTexts = {{"makespan", tr("Makespan (the largest cost)")}, {"total_cost", tr("Total cost")}};
    form->addRow(tr("Objective:"), tableField(k, t, "objective", tr("Objective"), tr("What the solvers minimise"), objectives));
    return topAligned(group, this);
}

QWidget* TemplateDialog::buildDagPage() {
    // Every field is an option of the generators' tables, the ones `hetsched generate dag` reads: the same
    // ranges, defaults and messages.
    const OptionTable& platformOptions = dagPlatformOptions();
    const OptionTable& graphOptions = dagGeneratorOptions();
    const char* k = "dag";
    auto* page = new QWidget(this);
    auto* platform = new QGroupBox(tr("Clusters of clusters"), page);
    auto* form = new QFormLayout(platform);
    form->addRow(tr("Clusters:"), tableField(k, platformOptions, "clusters", tr("Clusters"),
                                             tr("Half on Fast Ethernet, half on Gigabit")));
    form->addRow(tr("Processors:"),
                 rangeRow(tableField(k, platformOptions, "min-processors", tr("Processors from"), tr("Processors per cluster")),
                          tableField(k, platformOptions, "max-processors", tr("Processors to"), tr("Processors per cluster")),
                          platform));
    form->addRow(tr("Minimum speed (flop/s):"), tableField(k, platformOptions, "min-speed", tr("Minimum speed"),
                                                            tr("The slowest cluster's speed")));
    form->addRow(tr("Heterogeneity:"), tableField(k, platformOptions, "heterogeneity", tr("Heterogeneity"),
                                                   tr("Speeds uniform in [min, min × heterogeneity]")));

    auto* graph = new QGroupBox(tr("Random DAG (daggen)"), page);
    auto* g = new QFormLayout(graph);
    g->addRow(tr("Tasks n:"), tableField(k, graphOptions, "tasks", tr("Tasks n"), tr("Moldable tasks")));
    g->addRow(tr("Fat:"), tableField(k, graphOptions, "fat", tr("Fat"), tr("Mean level width n^fat")));
    g->addRow(tr("Regularity:"), tableField(k, graphOptions, "regularity", tr("Regularity"),
                                            tr("Level widths within ±(1 - regularity) of the mean")));
    g->addRow(tr("Density:"), tableField(k, graphOptions, "density", tr("Density"), tr("Share of extra parents")));
    g->addRow(tr("Jump:"), tableField(k, graphOptions, "jump", tr("Jump"), tr("Levels an edge may skip")));
    g->addRow(tr("CCR:"), tableField(k, graphOptions, "ccr", tr("CCR"), tr("Bytes per flop on edges; 0: the paper's data sizes")));
    g->addRow(tr("Max α:"), tableField(k, graphOptions, "max-alpha", tr("Max α"),
                                       tr("Amdahl's non-parallel fraction uniform in [0, max α]")));
    g->addRow(tr("Complexities:"), tableField(k, graphOptions, "complexity", tr("Complexities"),
                                              tr("Each task's cost in a·N, a·N log N or a·N^1.5: drawn per task, "
                                                 "or one for all")));

    auto* layout = new QHBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(platform, 1, Qt::AlignTop);
    layout->addWidget(graph, 1, Qt::AlignTop);
    return page;
}

// --------------------------------------------------------------------------------------- configurations

struct TemplateConfigs {
    OptionValues generator;   // the values of a generator table (every kind but dag)
    DagPlatformConfig dagPlatform;
    DagGeneratorConfig dag;
};

namespace {

QString coreMessage(const Error& error) {
    return QString::fromStdString(error.message);
}

}  // namespace

// The current template's configuration from the form, each field checked by its table; the first field's
// message, or empty.
QString TemplateDialog::readConfigs(TemplateConfigs& out) const {
    const TemplateInfo* t = findTemplate(currentTemplate());
    if (!t) return tr("choose a template");
    const auto seed = static_cast<std::int64_t>(std::llround(m_seed->value()));
    const std::string kind = t->kind.toStdString();
    const auto fields = m_tableFields.find(kind);
    if (kind != "dag") {
        out.generator = OptionValues(generatorOptionTable(kind));
        if (fields != m_tableFields.end())
            for (const auto& [name, field] : fields->second) {
                Expected<std::optional<OptionValue>> value = field.value();
                if (!value) return QString::fromStdString(value.error().message);
                if (*value) out.generator.set(name, std::move(**value));
                else out.generator.unset(name);
            }
        out.generator.set("seed", seed);
        if (kind == "steady_state") out.generator.set("topology", t->topology.toStdString());
        return {};
    }
    // Each field read and checked by its table, into the values `hetsched generate dag` reads.
    OptionValues graph(dagGeneratorOptions());
    OptionValues platform(dagPlatformOptions());
    for (const auto& [name, field] : fields->second) {
        Expected<std::optional<OptionValue>> value = field.value();
        if (!value) return QString::fromStdString(value.error().message);
        if (!*value) continue;
        (findOption(dagGeneratorOptions(), name) ? graph : platform).set(name, std::move(**value));
    }
    graph.set("seed", seed);
    platform.set("platform-seed", seed);
    out.dag = dagGeneratorConfig(graph);
    out.dagPlatform = dagPlatformConfig(platform);
    if (out.dagPlatform.minProcessors > out.dagPlatform.maxProcessors)
        return tr("processors: from %1 > to %2").arg(out.dagPlatform.minProcessors).arg(out.dagPlatform.maxProcessors);
    return {};
}

void TemplateDialog::revalidate() {
    m_generated.reset();
    const TemplateInfo* t = findTemplate(currentTemplate());
    if (!t) return;
    TemplateConfigs c;
    QString error = readConfigs(c);
    QString summary;
    const std::string kind = t->kind.toStdString();
    if (error.isEmpty()) {
        if (kind != "dag") {
            if (Expected<bool> ok = checkGeneratorValues(kind, c.generator); !ok)
                error = coreMessage(ok.error());
            else
                summary = QString::fromStdString(generatorSummary(kind, c.generator));
        } else if (Expected<DagPlatform> platform = generatePlatform(c.dagPlatform); !platform) {
            error = coreMessage(platform.error());
        } else if (Expected<bool> ok = checkDagGeneratorConfig(c.dag); !ok) {
            error = coreMessage(ok.error());
        } else {
            summary = tr("%1 tasks on %2 clusters").arg(c.dag.n).arg(c.dagPlatform.clusters);
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
    if (id == QLatin1String("divisible-star")) return tr("star-%1-workers").arg(tableInteger("divisible", "workers"));
    if (id == QLatin1String("cpugpu-node"))
        return tr("node-%1cpu-%2gpu-%3tasks")
            .arg(tableInteger("cpugpu", "cpus"))
            .arg(tableInteger("cpugpu", "gpus"))
            .arg(tableInteger("cpugpu", "tasks"));
    const auto steady = [this](const char* name) { return tableInteger("steady_state", name); };
    if (id == QLatin1String("steady-random")) return tr("random-%1-nodes").arg(steady("nodes"));
    if (id == QLatin1String("steady-grid")) {
        const auto fields = m_tableFields.find("steady_state");
        const auto* torus = qobject_cast<QCheckBox*>(fields->second.at("torus").editor());
        return (torus && torus->isChecked() ? tr("torus-%1x%2") : tr("grid-%1x%2")).arg(steady("rows")).arg(steady("cols"));
    }
    if (id == QLatin1String("steady-tree")) return tr("tree-%1-ary-depth-%2").arg(steady("branching")).arg(steady("depth"));
    if (id == QLatin1String("steady-star")) return tr("star-%1-nodes").arg(steady("nodes"));
    if (id == QLatin1String("partition-random"))
        return tr("partition-%1-tasks-%2-resources").arg(tableInteger("partition", "tasks")).arg(tableInteger("partition", "resources"));
    if (id == QLatin1String("dag-clusters"))
        return tr("dag-%1-tasks-%2-clusters").arg(tableInteger("dag", "tasks")).arg(tableInteger("dag", "clusters"));
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
    const std::string kind = t->kind.toStdString();
    if (kind != "dag") {
        made = generateInstance(kind, c.generator);
    } else if (Expected<DagPlatform> platform = generatePlatform(c.dagPlatform); !platform) {
        made = platform.error();
    } else {
        made = asInstance(generateDag(c.dag, *platform));
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
