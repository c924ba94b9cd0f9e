#include "editors/cpugpu_editor.h"

#include <QApplication>
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <memory>

#include "canvas/canvas_widget.h"
#include "canvas/cpugpu_node_adapter.h"
#include "editors/cpugpu_task_model.h"
#include "experiments/cpugpu_experiments.h"
#include "util/message_bar.h"
#include "util/number_text.h"

namespace hetsched::ui {

namespace {

constexpr int kCpusMergeKey = 4101;
constexpr int kGpusMergeKey = 4102;
constexpr int kEpsilonMergeKey = 4103;

}  // namespace

CpuGpuEditor::CpuGpuEditor(ProjectDocument* document, QWidget* parent)
    : InstanceEditor(parent), m_document(document) {
    setObjectName(QStringLiteral("cpuGpuEditor"));
    m_tasks = new CpuGpuTaskModel(document, this);

    m_cpus = new QSpinBox(this);
    m_cpus->setObjectName(QStringLiteral("cpusSpinBox"));
    m_cpus->setRange(0, 4096);
    m_cpus->setToolTip(tr("m: the number of identical CPUs"));
    m_gpus = new QSpinBox(this);
    m_gpus->setObjectName(QStringLiteral("gpusSpinBox"));
    m_gpus->setRange(0, 4096);
    m_gpus->setToolTip(tr("k: the number of identical GPUs"));
    m_epsilon = new QLineEdit(this);
    m_epsilon->setObjectName(QStringLiteral("epsilonEdit"));
    m_epsilon->setToolTip(tr("ε: the dual approximation's binary search stops within a factor 1 + ε of the lower bound"));
    m_epsilon->setMaximumWidth(100);
    m_summary = new QLabel(this);
    m_summary->setStyleSheet(QStringLiteral("color:#555"));
    m_message = new MessageBar(this);
    m_message->hide();

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("cpuGpuTaskTable"));
    m_table->setModel(m_tasks);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setToolTip(tr("Paste \"name, cpu, gpu\" or \"cpu, gpu\" lines (CSV or TSV) with Ctrl+V"));

    auto* add = new QPushButton(tr("Add"), this);
    m_removeButton = new QPushButton(tr("Remove"), this);
    auto* paste = new QPushButton(tr("Paste CSV"), this);
    paste->setToolTip(m_table->toolTip());
    auto* generate = new QPushButton(tr("Generate…"), this);
    generate->setObjectName(QStringLiteral("generateButton"));
    generate->setToolTip(tr("The paper's random instance: CPU times in [10, 100], GPUs 15 or 35 times faster"));

    auto* platform = new QHBoxLayout;
    platform->addWidget(new QLabel(tr("CPUs"), this));
    platform->addWidget(m_cpus);
    platform->addSpacing(12);
    platform->addWidget(new QLabel(tr("GPUs"), this));
    platform->addWidget(m_gpus);
    platform->addSpacing(12);
    platform->addWidget(new QLabel(tr("ε"), this));
    platform->addWidget(m_epsilon);
    platform->addStretch(1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(m_removeButton);
    buttons->addWidget(paste);
    buttons->addStretch(1);
    buttons->addWidget(generate);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(platform);
    layout->addWidget(m_summary);
    layout->addWidget(m_message);
    m_node = new CanvasWidget(document, std::make_unique<CpuGpuNodeAdapter>(), this);
    m_node->setObjectName(QStringLiteral("cpugpuNodeCanvas"));
    m_node->setIdleText(tr("The node: m identical CPUs and k identical GPUs around its host. Add processors from the "
                           "palette or by double-click, delete or copy them, or set m and k on the host; each task's "
                           "CPU and GPU times are in the Tasks tab."));
    connect(m_node, &CanvasWidget::statusMessage, this, &InstanceEditor::statusMessage);
    auto* tabs = new QTabWidget(this);
    tabs->setObjectName(QStringLiteral("cpugpuViews"));
    tabs->addTab(m_table, tr("Tasks"));
    tabs->addTab(m_node, tr("Node"));
    layout->addWidget(tabs, 1);
    layout->addLayout(buttons);

    connect(m_cpus, &QSpinBox::valueChanged, this, &CpuGpuEditor::commitPlatform);
    connect(m_gpus, &QSpinBox::valueChanged, this, &CpuGpuEditor::commitPlatform);
    connect(m_epsilon, &QLineEdit::editingFinished, this, &CpuGpuEditor::commitEpsilon);
    connect(add, &QPushButton::clicked, m_tasks, &CpuGpuTaskModel::addTask);
    connect(m_removeButton, &QPushButton::clicked, this, [this] {
        QList<int> rows;
        for (const QModelIndex& index : m_table->selectionModel()->selectedRows()) rows << index.row();
        m_tasks->removeTasks(rows);
    });
    connect(paste, &QPushButton::clicked, this, &CpuGpuEditor::pasteFromClipboard);
    auto* pasteShortcut = new QShortcut(QKeySequence::Paste, m_table);
    pasteShortcut->setContext(Qt::WidgetShortcut);
    connect(pasteShortcut, &QShortcut::activated, this, &CpuGpuEditor::pasteFromClipboard);
    connect(generate, &QPushButton::clicked, this, &CpuGpuEditor::openGenerator);
    connect(m_tasks, &CpuGpuTaskModel::editRejected, this, [this](const QString& message) {
        m_message->showMessage(tr("Refused: %1").arg(message), MessageBar::Level::Error);
        emit statusMessage(tr("Edit refused: %1").arg(message));
    });
    connect(m_document, &ProjectDocument::instanceChanged, this, [this](EntryId id) {
        if (id != m_entryId) return;
        if (m_message->level() == MessageBar::Level::Error) m_message->hide();
        refresh();
    });
}

void CpuGpuEditor::setEntry(EntryId id) {
    m_entryId = id;
    m_tasks->setEntry(id);
    m_node->setEntry(id);
    m_message->hide();
    refresh();
}

void CpuGpuEditor::refresh() {
    const CpuGpuInstance* in = m_tasks->instance();
    setEnabled(in != nullptr);
    if (!in) return;
    {
        const QSignalBlocker blockCpus(m_cpus);
        const QSignalBlocker blockGpus(m_gpus);
        m_cpus->setValue(in->cpus);
        m_gpus->setValue(in->gpus);
    }
    m_epsilon->setText(formatNumber(in->epsilon));
    double cpuWork = 0;
    double gpuWork = 0;
    for (const CpuGpuTask& t : in->tasks) {
        cpuWork += t.cpu;
        gpuWork += t.gpu;
    }
    m_summary->setText(tr("%n task(s) · total CPU time %1 · total GPU time %2", nullptr,
                          static_cast<int>(in->tasks.size()))
                           .arg(formatRounded(cpuWork, 6), formatRounded(gpuWork, 6)));
}

void CpuGpuEditor::commitPlatform() {
    const CpuGpuInstance* in = m_tasks->instance();
    if (!in) return;
    CpuGpuInstance candidate = *in;
    const bool cpus = m_cpus->value() != in->cpus;
    candidate.cpus = m_cpus->value();
    candidate.gpus = m_gpus->value();
    if (candidate.cpus == in->cpus && candidate.gpus == in->gpus) return;
    const QString text = cpus ? tr("Set CPUs to %1").arg(candidate.cpus) : tr("Set GPUs to %1").arg(candidate.gpus);
    if (!m_tasks->commit(std::move(candidate), text, cpus ? kCpusMergeKey : kGpusMergeKey)) refresh();
}

void CpuGpuEditor::commitEpsilon() {
    const CpuGpuInstance* in = m_tasks->instance();
    if (!in) return;
    const QString text = m_epsilon->text();
    const std::optional<double> value = parseNumber(text);
    if (!value) {
        m_tasks->reject(tr("epsilon: \"%1\" is not a number").arg(text.trimmed()));
        m_epsilon->setText(formatNumber(in->epsilon));
        return;
    }
    if (*value == in->epsilon) return;
    CpuGpuInstance candidate = *in;
    candidate.epsilon = *value;
    if (!m_tasks->commit(std::move(candidate), tr("Change ε to %1").arg(formatNumber(*value)), kEpsilonMergeKey))
        m_epsilon->setText(formatNumber(m_tasks->instance()->epsilon));
}

void CpuGpuEditor::pasteFromClipboard() {
    m_tasks->pasteTasks(QApplication::clipboard()->text());
}

bool CpuGpuEditor::generate(int tasks, int cpus, int gpus, std::uint64_t seed) {
    const CpuGpuInstance* in = m_tasks->instance();
    if (!in) return false;
    if (tasks < 1 || cpus < 1 || gpus < 1) {
        m_tasks->reject(tr("generate: n, m and k must be at least 1"));
        return false;
    }
    CpuGpuInstance generated = randomCpuGpuInstance(tasks, cpus, gpus, seed, in->epsilon);
    return m_tasks->commit(std::move(generated), tr("Generate %1 random tasks on %2 CPUs and %3 GPUs (seed %4)")
                                                     .arg(tasks)
                                                     .arg(cpus)
                                                     .arg(gpus)
                                                     .arg(seed));
}

void CpuGpuEditor::openGenerator() {
    const CpuGpuInstance* in = m_tasks->instance();
    if (!in) return;
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Random CPU/GPU Instance"));
    auto* n = new QSpinBox(&dialog);
    n->setRange(1, 100000);
    n->setValue(std::max<int>(10, static_cast<int>(in->tasks.size())));
    auto* m = new QSpinBox(&dialog);
    m->setRange(1, 4096);
    m->setValue(in->cpus);
    auto* k = new QSpinBox(&dialog);
    k->setRange(1, 4096);
    k->setValue(in->gpus);
    auto* seed = new QSpinBox(&dialog);
    seed->setRange(0, 2147483647);
    seed->setValue(1);
    auto* form = new QFormLayout(&dialog);
    form->addRow(new QLabel(tr("CPU times uniform in [10, 100]; each task 15 or 35 times faster on a GPU\n"
                               "with probability 1/2 (Kedad-Sidhoum et al. 2013, section 6)."),
                            &dialog));
    form->addRow(tr("Tasks n"), n);
    form->addRow(tr("CPUs m"), m);
    form->addRow(tr("GPUs k"), k);
    form->addRow(tr("Seed"), seed);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(box);
    connect(box, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted) return;
    generate(n->value(), m->value(), k->value(), static_cast<std::uint64_t>(seed->value()));
}

}  // namespace hetsched::ui
