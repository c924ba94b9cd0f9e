#include "editors/partition_editor.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

#include "editors/cost_text.h"
#include "editors/partition_resource_model.h"
#include "editors/table_controls.h"
#include "io/partition_profile_reader.h"
#include "solvers/family_solution.h"
#include "solvers/partition/partition_solvers.h"
#include "util/message_bar.h"
#include "util/number_text.h"
#include "util/option_form.h"
#include "views/partition/cost_function_plot.h"

namespace hetsched::ui {

namespace {

constexpr int kTasksMergeKey = 1;                // consecutive changes of T are one undo step
constexpr int kMaxTasks = 100'000'000;           // the reader's limit on T
constexpr double kFeasibilityCheckBudget = 5e6;  // admissible counts beyond which the check waits for a solve

// The cost kind column edits through a combo box of the three kinds.
class CostKindDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const override {
        auto* combo = new QComboBox(parent);
        for (CostFunction::Kind kind :
             {CostFunction::Kind::Table, CostFunction::Kind::Affine, CostFunction::Kind::Points})
            combo->addItem(costKindName(kind));
        // Committing on activation makes one click one edit.
        connect(combo, &QComboBox::activated, this, [this, combo] {
            auto* self = const_cast<CostKindDelegate*>(this);
            emit self->commitData(combo);
            emit self->closeEditor(combo);
        });
        return combo;
    }
    void setEditorData(QWidget* editor, const QModelIndex& index) const override {
        auto* combo = static_cast<QComboBox*>(editor);
        combo->setCurrentText(index.data(Qt::EditRole).toString());
    }
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override {
        model->setData(index, static_cast<QComboBox*>(editor)->currentText(), Qt::EditRole);
    }
};

double admissibleCountsUpTo(const PartitionInstance& in) {
    double total = 0;
    for (const PartitionResource& r : in.resources)
        total += static_cast<double>(
            r.hasAllowedList() ? static_cast<std::int64_t>(r.allowed.size())
                               : std::max<std::int64_t>(0, std::min(r.upper, in.tasks) - r.lower + 1));
    return total;
}

}  // namespace

PartitionEditor::PartitionEditor(ProjectDocument* document, QWidget* parent)
    : InstanceEditor(parent), m_document(document), m_model(new PartitionResourceModel(document, this)) {
    setObjectName(QStringLiteral("partitionEditor"));

    m_tasks = new QSpinBox(this);
    m_tasks->setObjectName(QStringLiteral("tasksSpinBox"));
    m_tasks->setRange(1, kMaxTasks);
    m_tasks->setKeyboardTracking(false);
    m_tasks->setGroupSeparatorShown(true);
    m_tasks->setToolTip(tr("T: the number of identical tasks to distribute"));
    m_tasks->setMinimumWidth(110);
    m_objective = new QComboBox(this);
    m_objective->setObjectName(QStringLiteral("objectiveComboBox"));
    m_objective->addItem(tr("Makespan  (min max C_i(x_i))"));
    m_objective->addItem(tr("Total cost  (min Σ C_i(x_i))"));
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("instanceSummary"));
    m_summary->setTextFormat(Qt::RichText);
    // It takes the width left beside T and the objective and wraps there: the editor never widens the window.
    m_summary->setWordWrap(true);
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_summary->setMinimumWidth(120);

    auto* header = new QHBoxLayout;
    header->addWidget(new QLabel(tr("Tasks T"), this));
    header->addWidget(m_tasks);
    header->addSpacing(12);
    header->addWidget(new QLabel(tr("Objective"), this));
    header->addWidget(m_objective);
    header->addSpacing(12);
    header->addWidget(m_summary, 1);

    m_message = new MessageBar(this);
    m_message->setObjectName(QStringLiteral("editorMessage"));

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("resourceTable"));
    m_table->setModel(m_model);
    m_table->setItemDelegateForColumn(PartitionResourceModel::KindColumn, new CostKindDelegate(m_table));
    setUpEditableTable(m_table);
    m_table->setTextElideMode(Qt::ElideRight);
    QHeaderView* columns = m_table->horizontalHeader();
    columns->setStretchLastSection(true);
    columns->resizeSection(PartitionResourceModel::NameColumn, 80);
    columns->resizeSection(PartitionResourceModel::LowerColumn, 48);
    columns->resizeSection(PartitionResourceModel::UpperColumn, 52);
    columns->resizeSection(PartitionResourceModel::AllowedColumn, 96);
    columns->resizeSection(PartitionResourceModel::KindColumn, 64);

    const TableControls controls = makeTableControls(m_table, tr("resource"), QStringLiteral("Resource"),
                                                     tr("Double-click a cell to edit; hover a header for the syntax."), this);
    m_addButton = controls.add;
    m_removeButton = controls.remove;
    QHBoxLayout* buttons = controls.row;
    m_importButton = new QPushButton(tr("Import costs..."), this);
    m_importButton->setObjectName(QStringLiteral("importCostsButton"));
    m_importButton->setToolTip(tr("Replace the resources by measured costs: device records (JSON, CSV) or long "
                                  "profiles (resource, tasks, cost)"));
    buttons->addWidget(m_importButton);

    auto* tablePane = new QWidget(this);
    auto* tableLayout = new QVBoxLayout(tablePane);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addWidget(m_table, 1);
    tableLayout->addLayout(buttons);

    m_plot = new CostFunctionPlot(this);
    m_plot->setMinimumWidth(180);   // beside the table in a 1280 px window
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(tablePane);
    splitter->addWidget(m_plot);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({580, 420});
    splitter->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(header);
    layout->addWidget(m_message);
    layout->addWidget(splitter, 1);

    connect(m_tasks, &QSpinBox::valueChanged, this, &PartitionEditor::commitTasks);
    connect(m_objective, &QComboBox::currentIndexChanged, this, &PartitionEditor::commitObjective);
    connect(m_addButton, &QPushButton::clicked, m_model, &PartitionResourceModel::addResource);
    connect(m_removeButton, &QPushButton::clicked, this, &PartitionEditor::removeSelectedResources);
    connect(m_importButton, &QPushButton::clicked, this, &PartitionEditor::importCosts);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &PartitionEditor::updateButtons);
    connect(m_model, &QAbstractItemModel::modelReset, this, &PartitionEditor::updateButtons);
    connect(m_model, &PartitionResourceModel::editRejected, this, [this](const QString& message) {
        m_message->showMessage(tr("Refused: %1").arg(message), MessageBar::Level::Error);
        emit statusMessage(tr("Edit refused: %1").arg(message));
    });
    connect(m_model, &PartitionResourceModel::editNotice, this,
            [this](const QString& message) { m_message->showMessage(message, MessageBar::Level::Warning); });
    connect(m_document, &ProjectDocument::instanceChanged, this, [this](EntryId id) {
        if (id != m_entryId) return;
        // A successful edit retires an old refusal, not a notice about the edit just made.
        if (m_message->level() == MessageBar::Level::Error) m_message->hide();
        refresh();
    });
    connect(m_plot, &CostFunctionPlot::exportRequested, this, &PartitionEditor::exportCostPlotRequested);
    updateButtons();
}

void PartitionEditor::setEntry(EntryId id) {
    m_entryId = id;
    m_model->setEntry(id);
    m_message->hide();
    m_runAssignment.clear();
    m_runMakespan.reset();
    m_runDigest.reset();
    refresh();
}

void PartitionEditor::showRun(const RunRecord* run) {
    m_runAssignment.clear();
    m_runMakespan.reset();
    m_runDigest.reset();
    const DocumentEntry* entry = m_document->entry(m_entryId);
    const PartitionSolution* solution = run && run->result ? solutionOf<PartitionSolution>(*run->result) : nullptr;
    const auto* solvedOn = run && entry ? std::get_if<PartitionInstance>(&solvedInstance(*run, entry->instance)) : nullptr;
    if (solution && solvedOn && solution->status != SolveStatus::Infeasible) {
        m_runAssignment = partitionAssignment(*solvedOn, *run->result);
        m_runMakespan = solution->makespan;
        m_runDigest = run->instanceDigest;
    }
    showRunProblem(run);
    refreshRunMarks();
    m_plot->replot();
}

void PartitionEditor::showRunProblem(const RunRecord* run) {
    const QString problem = unreadableRunMessage(run, tr("Its assignment is not marked on the cost curves."));
    if (!problem.isEmpty())
        m_message->showMessage(problem, MessageBar::Level::Warning);
    else if (!m_runProblem.isEmpty() && m_message->text() == m_runProblem)
        m_message->hide();
    m_runProblem = problem;
}

void PartitionEditor::refresh() {
    const PartitionInstance* in = m_model->instance();
    setEnabled(in != nullptr);
    if (!in) {
        m_plot->setInstance(PartitionInstance{});
        m_plot->replot();
        return;
    }
    {
        const QSignalBlocker blockTasks(m_tasks);
        const QSignalBlocker blockObjective(m_objective);
        m_tasks->setValue(static_cast<int>(in->tasks));
        m_objective->setCurrentIndex(in->objective == PartitionObjective::Makespan ? 0 : 1);
    }

    std::int64_t sumLower = 0;
    std::int64_t sumUpper = 0;
    for (const PartitionResource& r : in->resources) {
        sumLower += r.lower;
        sumUpper += std::min(r.upper, in->tasks);
    }
    QString summary = tr("Σ L<sub>i</sub> = %1, Σ min(U<sub>i</sub>, T) = %2").arg(sumLower).arg(sumUpper);
    summary += hasMonotoneCosts(*in) ? tr(" · non-decreasing costs") : tr(" · non-monotone costs");
    if (admissibleCountsUpTo(*in) <= kFeasibilityCheckBudget) {
        const std::string reason = partitionInfeasibilityReason(*in);
        if (!reason.empty())
            summary += QStringLiteral(" · <span style='color:#b02020'>%1</span>")
                           .arg(tr("infeasible: %1").arg(QString::fromStdString(reason)).toHtmlEscaped());
    }
    m_summary->setText(summary);

    m_plot->setInstance(*in);
    refreshRunMarks();
    m_plot->replot();
    updateButtons();
}

void PartitionEditor::refreshRunMarks() {
    const DocumentEntry* entry = m_document->entry(m_entryId);
    // A run made on another version of the instance would put its marks off the curves.
    if (entry && m_runDigest && *m_runDigest == entry->digest && !m_runAssignment.empty())
        m_plot->setAssignment(m_runAssignment, m_runMakespan);
    else
        m_plot->clearAssignment();
}

void PartitionEditor::commitTasks(int tasks) {
    const PartitionInstance* in = m_model->instance();
    if (!in || tasks == in->tasks) return;
    PartitionInstance candidate = *in;
    candidate.tasks = tasks;
    if (!m_model->commit(std::move(candidate), tr("Change T to %1").arg(tasks), kTasksMergeKey)) {
        const QSignalBlocker block(m_tasks);
        m_tasks->setValue(static_cast<int>(m_model->instance()->tasks));
    }
}

void PartitionEditor::commitObjective(int index) {
    const PartitionInstance* in = m_model->instance();
    if (!in) return;
    const PartitionObjective objective =
        index == 0 ? PartitionObjective::Makespan : PartitionObjective::TotalCost;
    if (objective == in->objective) return;
    PartitionInstance candidate = *in;
    candidate.objective = objective;
    if (!m_model->commit(
            std::move(candidate),
            tr("Change objective to %1").arg(QString::fromLatin1(partitionObjectiveName(objective))))) {
        const QSignalBlocker block(m_objective);
        m_objective->setCurrentIndex(in->objective == PartitionObjective::Makespan ? 0 : 1);
    }
}

void PartitionEditor::removeSelectedResources() {
    QList<int> rows;
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows()) rows << index.row();
    if (rows.isEmpty() && m_table->currentIndex().isValid()) rows << m_table->currentIndex().row();
    m_model->removeResources(rows);
}

void PartitionEditor::importCosts() {
    const PartitionInstance* in = m_model->instance();
    if (!in) return;
    const QString file = QFileDialog::getOpenFileName(this, tr("Import measured costs"), QString(),
                                                      tr("Cost profiles (*.json *.csv *.tsv *.txt);;All files (*)"));
    if (file.isEmpty()) return;
    // The options are the table `hetsched import --kind partition` reads; T and the objective start as the instance's.
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Import measured costs from %1").arg(QFileInfo(file).fileName()));
    auto* form = new OptionForm(&dialog);
    OptionValues defaults(partitionImportOptionTable());
    defaults.set("tasks", static_cast<std::int64_t>(in->tasks));
    defaults.set("objective", std::string(partitionObjectiveName(in->objective)));
    form->setTable(partitionImportOptionTable(), defaults);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    connect(box, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(form);
    layout->addWidget(box);
    if (dialog.exec() != QDialog::Accepted) return;
    auto refuse = [this](const std::string& message) {
        m_message->showMessage(tr("Import refused: %1").arg(QString::fromStdString(message)), MessageBar::Level::Error);
    };
    Expected<OptionValues> values = form->values();
    if (!values) return refuse(values.error().message);
    Expected<PartitionProfileOptions> options = partitionImportOptions(*values);
    if (!options) return refuse(options.error().message);
    Expected<PartitionImport> imported = importPartitionProfileFile(file.toStdString(), *options);
    if (!imported) return refuse(imported.error().message);
    QStringList notes;
    for (const std::string& note : imported->notes) notes << QString::fromStdString(note);
    if (m_model->commit(std::move(imported->instance), tr("Import costs from %1").arg(QFileInfo(file).fileName())))
        m_message->showMessage(notes.join(QStringLiteral("; ")), MessageBar::Level::Information);
}

void PartitionEditor::updateButtons() {
    const bool hasSelection = m_table->selectionModel() && m_table->selectionModel()->hasSelection();
    m_removeButton->setEnabled(hasSelection && m_model->rowCount() > 1);
    m_addButton->setEnabled(m_model->instance() != nullptr);
    m_importButton->setEnabled(m_model->instance() != nullptr);
}

}  // namespace hetsched::ui
