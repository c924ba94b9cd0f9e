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

#include "canvas/canvas_widget.h"
#include "canvas/steady_state_adapter.h"
#include "util/flow_layout.h"
#include "util/number_text.h"

namespace hetsched::ui {

namespace {

const SteadyStateInstance* steadyOf(const Instance* instance) {
    return instance ? std::get_if<SteadyStateInstance>(instance) : nullptr;
}

const QString kInvalidStyle = QStringLiteral("QLineEdit { border: 2px solid #c62828; background: #fdecea; }");

using ArcKey = std::pair<std::string, std::string>;

// The occupation of each directed link in one period: sum over allocations of x_a * size / bw_e.
std::map<ArcKey, double> linkLoads(const SteadyStateInstance& in, const nlohmann::json& run) {
    std::map<ArcKey, double> bandwidth;
    for (const SteadyArc& a : steadyArcs(in)) bandwidth[{in.nodes[a.from].name, in.nodes[a.to].name}] = a.bandwidth;
    std::map<ArcKey, double> load;
    const auto add = [&](const nlohmann::json& links, double weight, double size) {
        if (!links.is_array()) return;
        for (const nlohmann::json& l : links) {
            if (!l.is_array() || l.size() != 2 || !l[0].is_string() || !l[1].is_string()) continue;
            const ArcKey key{l[0].get<std::string>(), l[1].get<std::string>()};
            const auto bw = bandwidth.find(key);
            if (bw != bandwidth.end()) load[key] += weight * size / bw->second;
        }
    };
    for (const nlohmann::json& a : run.value("allocations", nlohmann::json::array())) {
        const double weight = a.value("weight", 0.0);
        if (a.contains("data_links")) {
            add(a["data_links"], weight, in.application.data);
            add(a.value("result_links", nlohmann::json::array()), weight, in.application.result);
        } else {
            add(a.value("links", nlohmann::json::array()), weight, in.application.data);
        }
    }
    return load;
}

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
    m_result->setToolTip(tr("δ_result: bytes sent back to the source per task (0: none)"));
    m_work = new QLineEdit(this);
    m_work->setObjectName(QStringLiteral("steadyWorkEdit"));
    m_work->setToolTip(tr("w_comp: flops per task"));
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
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
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
    m_data->setToolTip(bag ? tr("δ_data: bytes sent to the worker per task") : tr("Bytes of each message"));
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

void SteadyStateEditor::validateAsTyped(QLineEdit* edit) {
    const SteadyStateInstance* in = steadyOf(m_canvas->instance());
    if (!in) return;
    QString why;
    const std::optional<double> v = parseNumber(edit->text());
    if (!v) {
        why = tr("\"%1\" is not a number").arg(edit->text().trimmed());
    } else {
        SteadyStateInstance next = *in;
        (edit == m_data ? next.application.data : edit == m_result ? next.application.result : next.application.work) = *v;
        why = ProjectDocument::validationError(Instance(std::move(next)));
    }
    edit->setStyleSheet(why.isEmpty() ? QString() : kInvalidStyle);
    edit->setToolTip(why);
}

void SteadyStateEditor::commitNumber(QLineEdit* edit) {
    const SteadyStateInstance* in = steadyOf(m_canvas->instance());
    if (!in) return;
    const QString label = edit == m_data ? m_dataLabel->text() : edit == m_result ? tr("δ_result") : tr("w_comp");
    const std::optional<double> v = parseNumber(edit->text());
    if (!v) {
        m_canvas->refuse(tr("%1: \"%2\" is not a number").arg(label, edit->text().trimmed()));
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
    m_run = nlohmann::json();
    m_runDigest = 0;
    m_resultView->clear();
    m_resultView->addItem(tr("Platform only"));
    if (run && run->result && run->json.is_object() && run->json.contains("allocations")) {
        m_run = run->json;
        m_runDigest = run->instanceDigest;
        m_resultView->addItem(tr("Link loads (%1)").arg(run->solver()));
        const nlohmann::json patterns = m_run.value("patterns", nlohmann::json::array());
        for (std::size_t p = 0; p < patterns.size(); ++p)
            m_resultView->addItem(tr("Pattern %1 (%2 of the period)")
                                      .arg(p + 1)
                                      .arg(formatRounded(patterns[p].value("duration", 0.0), 3)));
    }
    m_resultView->setCurrentIndex(m_run.is_null() ? 0 : (previous > 0 && previous < m_resultView->count() ? previous : 1));
    m_canvas->refresh();
}

void SteadyStateEditor::decorate(CanvasGraph& graph) const {
    const SteadyStateInstance* in = steadyOf(m_canvas->instance());
    const DocumentEntry* entry = m_document->entry(m_canvas->entryId());
    const int view = m_resultView->currentIndex();
    // A run made on another version of the platform is not drawn on this one.
    if (!in || !entry || m_run.is_null() || view <= 0 || m_runDigest != entry->digest) return;
    std::map<std::string, std::size_t> index;
    for (std::size_t u = 0; u < in->nodes.size(); ++u) index[in->nodes[u].name] = u;
    if (view == 1) {
        const std::map<ArcKey, double> load = linkLoads(*in, m_run);
        const auto at = [&](const std::string& a, const std::string& b) {
            const auto it = load.find({a, b});
            return it == load.end() ? 0.0 : it->second;
        };
        for (std::size_t k = 0; k < in->links.size(); ++k) {
            const SteadyLink& l = in->links[k];
            const std::string& a = in->nodes[l.from].name;
            const std::string& b = in->nodes[l.to].name;
            CanvasLink& link = graph.links[k];
            const double forward = at(a, b);
            link.load = forward;
            link.value = QStringLiteral("bw %1 · %2%").arg(formatRounded(l.bandwidth, 4)).arg(formatRounded(100 * forward, 3));
            if (l.bidirectional) {
                const double back = at(b, a);
                link.load = std::max(forward, back);
                link.value += QStringLiteral(" / %1%").arg(formatRounded(100 * back, 3));
            }
            link.toolTip += tr("\nbusy %1% of the period").arg(formatRounded(100 * link.load, 3));
        }
        // Bag of tasks: the processors that compute, with their tasks per time unit.
        std::map<std::string, double> rate;
        for (const nlohmann::json& a : m_run.value("allocations", nlohmann::json::array()))
            if (a.contains("processor") && a["processor"].is_string())
                rate[a["processor"].get<std::string>()] += a.value("weight", 0.0);
        for (const auto& [name, x] : rate) {
            const auto it = index.find(name);
            if (it == index.end() || x <= 0) continue;
            CanvasNode& node = graph.nodes[it->second];
            node.marked = true;
            node.value = QStringLiteral("s=%1 · %2 t/u").arg(formatRounded(in->nodes[it->second].speed, 4), formatRounded(x, 3));
        }
        return;
    }
    const nlohmann::json patterns = m_run.value("patterns", nlohmann::json::array());
    const auto p = static_cast<std::size_t>(view - 2);
    if (p >= patterns.size()) return;
    std::set<ArcKey> arcs;
    for (const nlohmann::json& l : patterns[p].value("links", nlohmann::json::array()))
        if (l.is_array() && l.size() == 2 && l[0].is_string() && l[1].is_string())
            arcs.insert({l[0].get<std::string>(), l[1].get<std::string>()});
    for (std::size_t k = 0; k < in->links.size(); ++k) {
        const SteadyLink& l = in->links[k];
        const std::string& a = in->nodes[l.from].name;
        const std::string& b = in->nodes[l.to].name;
        graph.links[k].highlighted = arcs.count({a, b}) || (l.bidirectional && arcs.count({b, a}));
    }
    for (const nlohmann::json& name : patterns[p].value("processors", nlohmann::json::array()))
        if (name.is_string()) {
            const auto it = index.find(name.get<std::string>());
            if (it != index.end()) graph.nodes[it->second].marked = true;
        }
}

}  // namespace hetsched::ui
