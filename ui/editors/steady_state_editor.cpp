#include "editors/steady_state_editor.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>
#include <map>
#include <memory>
#include <set>

#include "canvas/adapter_util.h"
#include "canvas/canvas_widget.h"
#include "canvas/steady_state_adapter.h"
#include "solvers/family_solution.h"
#include "util/message_bar.h"
#include "util/flow_layout.h"
#include "util/number_text.h"
#include "util/quantity_input.h"

namespace hetsched::ui {

namespace {

const SteadyStateInstance* steadyOf(const Instance* instance) {
    return instance ? std::get_if<SteadyStateInstance>(instance) : nullptr;
}

const QString kInvalidStyle = QStringLiteral("QLineEdit { border: 2px solid #c62828; background: #fdecea; }");

}  // namespace

SteadyStateEditor::SteadyStateEditor(ProjectDocument* document, QWidget* parent)
    : InstanceEditor(parent), m_document(document) {
    setObjectName(QStringLiteral("steadyStateEditor"));
    m_canvas = new CanvasWidget(document, std::make_unique<SteadyStateAdapter>(), this);
    m_canvas->setIdleText(tr("The platform graph G = (V, E) of chapter 8: processors compute at speed s_u, "
                             "routers (speed 0) only forward, each link carries bw_e bytes per time unit. "
                             "The thick orange outline marks the source."));
    m_canvas->setOverlay([this](CanvasGraph& graph) { decorate(graph); });
    connect(m_canvas, &CanvasWidget::statusMessage, this, &InstanceEditor::statusMessage);

    m_model = new QComboBox(this);
    m_model->setObjectName(QStringLiteral("steadyModelCombo"));
    m_model->addItem(tr("Bidirectional one-port"), QStringLiteral("bidirectional_one_port"));
    m_model->addItem(tr("Unidirectional one-port"), QStringLiteral("unidirectional_one_port"));
    m_model->addItem(tr("Bounded multi-port"), QStringLiteral("bounded_multiport"));
    m_model->setToolTip(tr("The communication model of section 8.2.1"));
    m_type = new QComboBox(this);
    m_type->setObjectName(QStringLiteral("steadyApplicationCombo"));
    m_type->addItem(tr("Bag of tasks"), QStringLiteral("bag_of_tasks"));
    m_type->addItem(tr("Series of broadcasts"), QStringLiteral("broadcast"));
    m_type->addItem(tr("Series of multicasts"), QStringLiteral("multicast"));
    m_source = new QComboBox(this);
    m_source->setObjectName(QStringLiteral("steadySourceCombo"));
    m_source->setToolTip(tr("P_source, the node that holds the data"));
    m_data = new QLineEdit(this);
    m_data->setObjectName(QStringLiteral("steadyDataEdit"));
    m_result = new QLineEdit(this);
    m_result->setObjectName(QStringLiteral("steadyResultEdit"));
    setFieldToolTip(m_result, tr("δ_result: bytes sent back to the source per task (0: none)"));
    m_work = new QLineEdit(this);
    m_work->setObjectName(QStringLiteral("steadyWorkEdit"));
    setFieldToolTip(m_work, tr("w_comp: flops per task"));
    for (QLineEdit* e : {m_data, m_result, m_work}) e->setMaximumWidth(110);
    m_dataLabel = new QLabel(this);
    m_resultLabel = new QLabel(tr("δ_result"), this);
    m_workLabel = new QLabel(tr("w_comp"), this);
    m_resultView = new QComboBox(this);
    m_resultView->setObjectName(QStringLiteral("steadyResultViewCombo"));
    m_resultView->setToolTip(tr("What of the selected run to draw on the platform"));
    m_resultView->setMinimumContentsLength(18);
    m_resultView->addItem(tr("Platform only"));

    // Each label with its field, the pairs wrapping onto a second line in a narrow window (they never
    // widen it).
    auto* row = new FlowLayout;
    const auto addField = [this, row](QLabel* label, QWidget* field) {
        auto* pair = new QWidget(this);
        auto* pairLayout = new QHBoxLayout(pair);
        pairLayout->setContentsMargins(0, 0, 0, 0);
        pairLayout->addWidget(label);
        pairLayout->addWidget(field, 1);
        row->addWidget(pair);
    };
    addField(new QLabel(tr("Model"), this), m_model);
    addField(new QLabel(tr("Application"), this), m_type);
    addField(new QLabel(tr("Source"), this), m_source);
    addField(m_dataLabel, m_data);
    addField(m_resultLabel, m_result);
    addField(m_workLabel, m_work);
    addField(new QLabel(tr("Show"), this), m_resultView);
    m_message = new MessageBar(this);
    m_message->setObjectName(QStringLiteral("editorMessage"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_message);
    layout->addWidget(m_canvas, 1);

    connect(m_model, &QComboBox::activated, this, &SteadyStateEditor::commitModel);
    connect(m_type, &QComboBox::activated, this, &SteadyStateEditor::commitApplicationType);
    connect(m_source, &QComboBox::activated, this, &SteadyStateEditor::commitSource);
    for (QLineEdit* e : {m_data, m_result, m_work}) {
        connect(e, &QLineEdit::textEdited, this, [this, e] { validateAsTyped(e); });
        connect(e, &QLineEdit::editingFinished, this, [this, e] { commitNumber(e); });
    }
    connect(m_resultView, &QComboBox::activated, m_canvas, &CanvasWidget::refresh);
    connect(m_document, &ProjectDocument::instanceChanged, this, [this](EntryId id) {
        if (id == m_canvas->entryId()) refreshForm();
    });
}

void SteadyStateEditor::setEntry(EntryId id) {
    m_canvas->setEntry(id);
    refreshForm();
}

EntryId SteadyStateEditor::entryId() const {
    return m_canvas->entryId();
}

void SteadyStateEditor::refreshForm() {
    const SteadyStateInstance* in = steadyOf(m_canvas->instance());
    setEnabled(in != nullptr);
    if (!in) return;
    m_model->setCurrentIndex(m_model->findData(QString::fromLatin1(communicationModelName(in->model))));
    m_type->setCurrentIndex(m_type->findData(QString::fromLatin1(steadyApplicationName(in->application.type))));
    m_source->clear();
    for (const SteadyNode& n : in->nodes) m_source->addItem(QString::fromStdString(n.name));
    m_source->setCurrentIndex(static_cast<int>(in->application.source));
    const bool bag = in->application.type == SteadyApplicationType::BagOfTasks;
    m_dataLabel->setText(bag ? tr("δ_data") : tr("Size"));
    setFieldToolTip(m_data, bag ? tr("δ_data: bytes sent to the worker per task") : tr("Bytes of each message"));
    m_data->setText(formatNumber(in->application.data));
    m_result->setText(formatNumber(in->application.result));
    m_work->setText(formatNumber(in->application.work));
    // The pairs (label and field) of the bag-of-tasks values.
    for (QLineEdit* e : {m_result, m_work}) e->parentWidget()->setVisible(bag);
    for (QLineEdit* e : {m_data, m_result, m_work}) e->setStyleSheet(QString());
}

void SteadyStateEditor::commitModel() {
    const SteadyStateInstance* in = steadyOf(m_canvas->instance());
    if (!in) return;
    const std::optional<CommunicationModel> model = communicationModelFromName(m_model->currentData().toString().toStdString());
    if (!model || *model == in->model) return;
    SteadyStateInstance next = *in;
    next.model = *model;
    m_canvas->apply({Instance(std::move(next)), {}, tr("Set the model to %1").arg(m_model->currentText()), {}});
}

void SteadyStateEditor::commitApplicationType() {
    const SteadyStateInstance* in = steadyOf(m_canvas->instance());
    if (!in) return;
    const std::string name = m_type->currentData().toString().toStdString();
    SteadyStateInstance next = *in;
    SteadyApplication& app = next.application;
    const SteadyApplicationType type = name == "broadcast"   ? SteadyApplicationType::Broadcast
                                       : name == "multicast" ? SteadyApplicationType::Multicast
                                                             : SteadyApplicationType::BagOfTasks;
    if (type == app.type) return;
    app.type = type;
    app.targets.clear();
    if (type == SteadyApplicationType::Multicast) {
        // Start from every node the source reaches; the user unticks targets on the canvas.
        const std::vector<bool> reached = steadyReachable(next, app.source);
        for (std::size_t u = 0; u < next.nodes.size(); ++u)
            if (u != app.source && reached[u]) app.targets.push_back(u);
    }
    if (!m_canvas->apply({Instance(std::move(next)), {}, tr("Make the application a %1").arg(m_type->currentText()), {}}))
        refreshForm();
}

void SteadyStateEditor::commitSource() {
    const SteadyStateInstance* in = steadyOf(m_canvas->instance());
    if (!in || m_source->currentIndex() < 0) return;
    const auto source = static_cast<std::size_t>(m_source->currentIndex());
    if (source == in->application.source) return;
    SteadyStateInstance next = *in;
    next.application.source = source;
    auto& targets = next.application.targets;
    targets.erase(std::remove(targets.begin(), targets.end(), source), targets.end());
    if (!m_canvas->apply({Instance(std::move(next)), {}, tr("Make %1 the source").arg(m_source->currentText()), {}}))
        refreshForm();
}

namespace {

// The unit of the application's fields: bytes for δ_data and δ_result, flops for w_comp ("8 MB", "2 Gflop").
QStringView unitOfField(bool work) { return work ? u"flop" : u"B"; }

}  // namespace

void SteadyStateEditor::setFieldToolTip(QLineEdit* edit, const QString& meaning) {
    const QString tip = meaning + tr(". It takes %1.").arg(acceptedQuantityText(unitOfField(edit == m_work)));
    edit->setProperty("fieldToolTip", tip);
    edit->setToolTip(tip);
}

void SteadyStateEditor::validateAsTyped(QLineEdit* edit) {
    const SteadyStateInstance* in = steadyOf(m_canvas->instance());
    if (!in) return;
    QString why;
    const QStringView unit = unitOfField(edit == m_work);
    const std::optional<double> v = parseQuantity(edit->text(), unit);
    if (!v) {
        why = tr("\"%1\" is not a number (it takes %2)").arg(edit->text().trimmed(), acceptedQuantityText(unit));
    } else {
        SteadyStateInstance next = *in;
        (edit == m_data ? next.application.data : edit == m_result ? next.application.result : next.application.work) = *v;
        why = ProjectDocument::validationError(Instance(std::move(next)));
    }
    edit->setStyleSheet(why.isEmpty() ? QString() : kInvalidStyle);
    edit->setToolTip(why.isEmpty() ? edit->property("fieldToolTip").toString() : why);
}

void SteadyStateEditor::commitNumber(QLineEdit* edit) {
    const SteadyStateInstance* in = steadyOf(m_canvas->instance());
    if (!in) return;
    const QString label = edit == m_data ? m_dataLabel->text() : edit == m_result ? tr("δ_result") : tr("w_comp");
    QString error;
    const std::optional<double> v = adapter_util::number(label, edit->text(), error, unitOfField(edit == m_work));
    if (!v) {
        m_canvas->refuse(error);
        refreshForm();
        return;
    }
    SteadyStateInstance next = *in;
    double& field = edit == m_data ? next.application.data : edit == m_result ? next.application.result : next.application.work;
    if (field == *v) return;
    field = *v;
    if (!m_canvas->apply({Instance(std::move(next)), {}, tr("Set %1 to %2").arg(label, formatNumber(*v)), {}}))
        refreshForm();
}

void SteadyStateEditor::showRun(const RunRecord* run) {
    const int previous = m_resultView->currentIndex();
    m_run.reset();
    m_runDigest = 0;
    m_resultView->clear();
    m_resultView->addItem(tr("Platform only"));
    if (run && run->result && solutionOf<SteadySolution>(*run->result)) {
        m_run = run->result;
        m_runDigest = run->instanceDigest;
        m_resultView->addItem(tr("Link loads (%1)").arg(run->solver()));
        const std::vector<SteadyPattern>& patterns = solutionOf<SteadySolution>(*m_run)->patterns;
        for (std::size_t p = 0; p < patterns.size(); ++p)
            m_resultView->addItem(tr("Pattern %1 (%2 of the period)").arg(p + 1).arg(formatRounded(patterns[p].duration, 3)));
    }
    m_resultView->setCurrentIndex(!m_run ? 0 : (previous > 0 && previous < m_resultView->count() ? previous : 1));
    const QString problem = unreadableRunMessage(run, tr("Its link loads and patterns are not drawn."));
    if (!problem.isEmpty())
        m_message->showMessage(problem, MessageBar::Level::Warning);
    else if (!m_runProblem.isEmpty() && m_message->text() == m_runProblem)
        m_message->hide();
    m_runProblem = problem;
    m_canvas->refresh();
}

void SteadyStateEditor::decorate(CanvasGraph& graph) const {
    const SteadyStateInstance* in = steadyOf(m_canvas->instance());
    const DocumentEntry* entry = m_document->entry(m_canvas->entryId());
    const SteadySolution* solution = m_run ? solutionOf<SteadySolution>(*m_run) : nullptr;
    const int view = m_resultView->currentIndex();
    // A run made on another version of the platform is not drawn on this one; on this one, its arcs and
    // nodes are the instance's (steadyArcs order, node indices).
    if (!in || !entry || !solution || view <= 0 || m_runDigest != entry->digest) return;
    const std::vector<SteadyArc> arcs = steadyArcs(*in);
    if (solution->resourceLoads.size() != arcs.size() + in->nodes.size()) return;
    std::map<std::pair<std::size_t, std::size_t>, std::size_t> arcOf;
    for (std::size_t e = 0; e < arcs.size(); ++e) arcOf[{arcs[e].from, arcs[e].to}] = e;
    if (view == 1) {
        // The occupation of each directed link in one period (core's (8.1) left side).
        const auto at = [&](std::size_t from, std::size_t to) {
            const auto it = arcOf.find({from, to});
            return it == arcOf.end() ? 0.0 : solution->resourceLoads[it->second];
        };
        for (std::size_t k = 0; k < in->links.size(); ++k) {
            const SteadyLink& l = in->links[k];
            CanvasLink& link = graph.links[k];
            const double forward = at(l.from, l.to);
            link.load = forward;
            link.value = QStringLiteral("bw %1 · %2%").arg(formatRounded(l.bandwidth, 4)).arg(formatRounded(100 * forward, 3));
            if (l.bidirectional) {
                const double back = at(l.to, l.from);
                link.load = std::max(forward, back);
                link.value += QStringLiteral(" / %1%").arg(formatRounded(100 * back, 3));
            }
            link.toolTip += tr("\nbusy %1% of the period").arg(formatRounded(100 * link.load, 3));
        }
        // Bag of tasks: the processors that compute, with their tasks per time unit.
        std::map<std::size_t, double> rate;
        for (const SteadyAllocation& a : solution->allocations)
            if (a.processor) rate[*a.processor] += a.weight;
        for (const auto& [u, x] : rate) {
            if (u >= graph.nodes.size() || x <= 0) continue;
            CanvasNode& node = graph.nodes[u];
            node.marked = true;
            node.value = QStringLiteral("s=%1 · %2 t/u").arg(formatRounded(in->nodes[u].speed, 4), formatRounded(x, 3));
        }
        return;
    }
    const auto p = static_cast<std::size_t>(view - 2);
    if (p >= solution->patterns.size()) return;
    const SteadyPattern& pattern = solution->patterns[p];
    const std::set<std::size_t> used(pattern.arcs.begin(), pattern.arcs.end());
    const auto inPattern = [&](std::size_t from, std::size_t to) {
        const auto it = arcOf.find({from, to});
        return it != arcOf.end() && used.count(it->second) > 0;
    };
    for (std::size_t k = 0; k < in->links.size(); ++k) {
        const SteadyLink& l = in->links[k];
        graph.links[k].highlighted = inPattern(l.from, l.to) || (l.bidirectional && inPattern(l.to, l.from));
    }
    for (std::size_t u : pattern.processors)
        if (u < graph.nodes.size()) graph.nodes[u].marked = true;
}

}  // namespace hetsched::ui
