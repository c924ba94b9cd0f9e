#include "editors/dag_editor.h"

#include <QCheckBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressDialog>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QToolBar>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <atomic>
#include <memory>
#include <set>

#include "canvas/canvas_widget.h"
#include "canvas/dag_adapter.h"
#include "canvas/dag_platform_adapter.h"
#include "io/dag_import.h"
#include "io/isolated_import.h"
#include "model/dag_random.h"
#include "util/number_text.h"
#include "util/quantity_delegate.h"

namespace hetsched::ui {

namespace {

const DagInstance* dagOf(const Instance* instance) { return instance ? std::get_if<DagInstance>(instance) : nullptr; }

enum Column { Name, Processors, Speed, Bandwidth, Latency, ColumnCount };

}  // namespace

DagEditor::DagEditor(ProjectDocument* document, QWidget* parent) : InstanceEditor(parent), m_document(document) {
    setObjectName(QStringLiteral("dagEditor"));
    m_canvas = new CanvasWidget(document, std::make_unique<DagAdapter>(), this);
    m_canvas->setIdleText(tr("A moldable task graph (N'Takpé and Suter 2006): each task runs on p processors of one "
                             "cluster in (α + (1 − α)/p) · flops / speed; a dependency carries D_ij bytes. "
                             "Drawing a dependency that closes a cycle is refused."));
    connect(m_canvas, &CanvasWidget::statusMessage, this, &InstanceEditor::statusMessage);
    m_canvas->toolBar()->addSeparator();
    m_canvas->toolBar()->addAction(tr("Import…"), this, &DagEditor::openImport)
        ->setToolTip(tr("Replace the task graph by a daggen DOT file or a WfCommons workflow (the platform stays)"));
    m_canvas->toolBar()->addAction(tr("Generate…"), this, &DagEditor::openGenerator)
        ->setToolTip(tr("Replace the task graph by a random one with daggen's parameters"));

    m_clusters = new QTableWidget(0, ColumnCount, this);
    m_clusters->setObjectName(QStringLiteral("dagClusterTable"));
    m_clusters->setHorizontalHeaderLabels({tr("Cluster"), tr("Processors"), tr("Speed (flop/s)"),
                                           tr("Bandwidth (B/s)"), tr("Latency (s)")});
    m_clusters->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_clusters->horizontalHeader()->setStretchLastSection(true);
    m_clusters->verticalHeader()->hide();
    m_clusters->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_clusters->setToolTip(tr("Each cluster: P_i processors of one speed behind a switch (per-processor LAN bandwidth and latency)"));
    // Shown with units ("1.14 Gflop/s"), edited in full precision.
    m_clusters->setItemDelegateForColumn(Speed, new QuantityDelegate(QStringLiteral("flop/s"), m_clusters));
    m_clusters->setItemDelegateForColumn(Bandwidth, new QuantityDelegate(QStringLiteral("B/s"), m_clusters));
    m_clusters->setItemDelegateForColumn(Latency, new QuantityDelegate(QStringLiteral("s"), m_clusters));
    m_backboneBandwidth = new QLineEdit(this);
    m_backboneBandwidth->setObjectName(QStringLiteral("backboneBandwidthEdit"));
    m_backboneLatency = new QLineEdit(this);
    m_backboneLatency->setObjectName(QStringLiteral("backboneLatencyEdit"));
    auto* add = new QPushButton(tr("Add cluster"), this);
    auto* remove = new QPushButton(tr("Remove"), this);

    // The platform on its own tab, its table (and the backbone) beside its canvas: both get the editor's
    // full height, where under the task graph the canvas had a strip of it.
    auto* platform = new QWidget(this);
    auto* platformLayout = new QVBoxLayout(platform);
    platformLayout->setContentsMargins(4, 4, 4, 0);
    auto* title = new QLabel(tr("Clusters of clusters joined by a backbone: the table and the canvas edit the same platform"), platform);
    title->setStyleSheet(QStringLiteral("font-weight:bold"));
    platformLayout->addWidget(title);
    auto* table = new QWidget(platform);
    auto* tableLayout = new QVBoxLayout(table);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addWidget(m_clusters, 1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    tableLayout->addLayout(buttons);
    auto* backbone = new QFormLayout;
    backbone->addRow(tr("Backbone bandwidth (B/s)"), m_backboneBandwidth);
    backbone->addRow(tr("Backbone latency (s)"), m_backboneLatency);
    tableLayout->addLayout(backbone);
    m_platformCanvas = new CanvasWidget(document, std::make_unique<DagPlatformAdapter>(), platform);
    m_platformCanvas->setObjectName(QStringLiteral("dagPlatformCanvas"));
    m_platformCanvas->setIdleText(tr("The clusters of clusters: each cluster has P_i processors of one speed behind a switch "
                                     "(per-processor LAN bandwidth and latency); the backbone joins their gateways."));
    connect(m_platformCanvas, &CanvasWidget::statusMessage, this, &InstanceEditor::statusMessage);
    auto* platformSplitter = new QSplitter(Qt::Horizontal, platform);
    platformSplitter->addWidget(table);
    platformSplitter->addWidget(m_platformCanvas);
    platformSplitter->setStretchFactor(0, 1);
    platformSplitter->setStretchFactor(1, 1);
    platformSplitter->setSizes({480, 620});  // the table's headers in full, the canvas the rest
    platformSplitter->setChildrenCollapsible(false);
    platformLayout->addWidget(platformSplitter, 1);

    m_views = new QTabWidget(this);
    m_views->setObjectName(QStringLiteral("dagEditorViews"));
    m_views->setDocumentMode(true);
    m_views->addTab(m_canvas, tr("Task graph"));
    m_views->addTab(platform, tr("Platform"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_views);

    connect(m_clusters, &QTableWidget::cellChanged, this, &DagEditor::commitClusterCell);
    connect(m_backboneBandwidth, &QLineEdit::editingFinished, this, &DagEditor::commitBackbone);
    connect(m_backboneLatency, &QLineEdit::editingFinished, this, &DagEditor::commitBackbone);
    connect(add, &QPushButton::clicked, this, &DagEditor::addCluster);
    connect(remove, &QPushButton::clicked, this, &DagEditor::removeClusters);
    connect(m_document, &ProjectDocument::instanceChanged, this, [this](EntryId id) {
        if (id == m_canvas->entryId()) refreshPlatform();
    });
}

void DagEditor::setEntry(EntryId id) {
    m_platformCanvas->setEntry(id);
    m_canvas->setEntry(id);
    refreshPlatform();
}

EntryId DagEditor::entryId() const {
    return m_canvas->entryId();
}

void DagEditor::refreshPlatform() {
    const DagInstance* in = dagOf(m_canvas->instance());
    setEnabled(in != nullptr);
    if (!in) return;
    const QSignalBlocker block(m_clusters);
    m_clusters->setRowCount(static_cast<int>(in->platform.clusters.size()));
    for (int r = 0; r < m_clusters->rowCount(); ++r) {
        const DagCluster& c = in->platform.clusters[static_cast<std::size_t>(r)];
        const QStringList cells = {QString::fromStdString(c.name), QString::number(c.processors), formatNumber(c.speed),
                                   formatNumber(c.bandwidth), formatNumber(c.latency)};
        // Existing items are updated, not replaced: this may run inside the table's own cellChanged.
        for (int col = 0; col < ColumnCount; ++col) {
            if (QTableWidgetItem* item = m_clusters->item(r, col)) item->setText(cells[col]);
            else m_clusters->setItem(r, col, new QTableWidgetItem(cells[col]));
        }
    }
    m_backboneBandwidth->setText(formatNumber(in->platform.backbone.bandwidth));
    m_backboneLatency->setText(formatNumber(in->platform.backbone.latency));
}

void DagEditor::commitClusterCell(int row, int column) {
    const DagInstance* in = dagOf(m_canvas->instance());
    if (!in || row < 0 || row >= static_cast<int>(in->platform.clusters.size())) return;
    DagInstance next = *in;
    DagCluster& c = next.platform.clusters[static_cast<std::size_t>(row)];
    const QString text = m_clusters->item(row, column)->text().trimmed();
    const QString name = QString::fromStdString(c.name);
    const QString header = m_clusters->horizontalHeaderItem(column)->text();
    if (column == Name) {
        c.name = text.toStdString();
    } else if (column == Processors) {
        const std::optional<std::int64_t> p = parseInteger(text);
        if (!p || *p < 1 || *p > 1'000'000) {
            m_canvas->refuse(tr("processors of cluster %1 must be a whole number from 1, got \"%2\"").arg(name, text));
            refreshPlatform();
            return;
        }
        c.processors = static_cast<int>(*p);
    } else {
        const std::optional<double> v = parseNumber(text);
        if (!v) {
            m_canvas->refuse(tr("%1 of cluster %2: \"%3\" is not a number").arg(header, name, text));
            refreshPlatform();
            return;
        }
        (column == Speed ? c.speed : column == Bandwidth ? c.bandwidth : c.latency) = *v;
    }
    if (!m_canvas->apply({Instance(std::move(next)), {}, tr("Set %1 of cluster %2 to %3").arg(header, name, text), {}}))
        refreshPlatform();
}

void DagEditor::commitBackbone() {
    const DagInstance* in = dagOf(m_canvas->instance());
    if (!in) return;
    const std::optional<double> bw = parseNumber(m_backboneBandwidth->text());
    const std::optional<double> lat = parseNumber(m_backboneLatency->text());
    if (!bw || !lat) {
        m_canvas->refuse(tr("the backbone's bandwidth and latency must be numbers"));
        refreshPlatform();
        return;
    }
    if (*bw == in->platform.backbone.bandwidth && *lat == in->platform.backbone.latency) return;
    DagInstance next = *in;
    next.platform.backbone = {*bw, *lat};
    if (!m_canvas->apply({Instance(std::move(next)), {}, tr("Set the backbone to %1 B/s, %2 s").arg(formatNumber(*bw), formatNumber(*lat)), {}}))
        refreshPlatform();
}

void DagEditor::addCluster() {
    const DagInstance* in = dagOf(m_canvas->instance());
    if (!in) return;
    DagInstance next = *in;
    std::set<std::string> names;
    for (const DagCluster& c : next.platform.clusters) names.insert(c.name);
    DagCluster cluster = next.platform.clusters.empty() ? DagCluster{} : next.platform.clusters.back();
    for (int n = static_cast<int>(names.size());; ++n) {
        cluster.name = std::string("C").append(std::to_string(n));
        if (!names.count(cluster.name)) break;
    }
    const QString name = QString::fromStdString(cluster.name);
    next.platform.clusters.push_back(cluster);
    m_canvas->apply({Instance(std::move(next)), {}, tr("Add cluster %1").arg(name), {}});
}

void DagEditor::removeClusters() {
    const DagInstance* in = dagOf(m_canvas->instance());
    if (!in) return;
    std::set<int> rows;
    for (const QModelIndex& index : m_clusters->selectionModel()->selectedIndexes()) rows.insert(index.row());
    if (rows.empty()) return;
    DagInstance next = *in;
    next.platform.clusters.clear();
    for (std::size_t r = 0; r < in->platform.clusters.size(); ++r)
        if (!rows.count(static_cast<int>(r))) next.platform.clusters.push_back(in->platform.clusters[r]);
    if (next.platform.clusters.empty()) {
        m_canvas->refuse(tr("the platform keeps at least one cluster"));
        return;
    }
    m_canvas->apply({Instance(std::move(next)), {}, tr("Remove %n cluster(s)", nullptr, static_cast<int>(rows.size())), {}});
}

bool DagEditor::importTaskGraph(const QString& path) {
    const DagInstance* in = dagOf(m_canvas->instance());
    if (!in) return false;
    // Read in the hetsched-import child process (a reader that fails badly ends the child and is this
    // message), off the GUI thread, with a Cancel that stops the child.
    QProgressDialog progress(tr("Reading %1…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0, 0, this);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    std::atomic<bool> stop{false};
    QFutureWatcher<Expected<DagImport>> watcher;
    QEventLoop loop;
    connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
    connect(&progress, &QProgressDialog::canceled, this, [&stop] { stop = true; });
    watcher.setFuture(QtConcurrent::run([file = path.toStdString(), platform = in->platform, &stop] {
        return importTaskGraphFileIsolated(file, platform, {}, "auto",
                                           ChildOptions(kIsolatedImportTimeoutSeconds, Progress({}, &stop)));
    }));
    loop.exec();
    progress.reset();
    Expected<DagImport> imported = watcher.result();
    if (!imported && imported.error().kind == ErrorKind::Cancelled) return false;
    if (!imported) {
        m_canvas->refuse(QString::fromStdString(imported.error().message));
        return false;
    }
    const int tasks = static_cast<int>(imported->instance.tasks.size());
    return m_canvas->apply({Instance(std::move(imported->instance)), {},
                            tr("Import %n task(s) from %1", nullptr, tasks).arg(QFileInfo(path).fileName()), {}});
}

void DagEditor::openImport() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Task Graph"), QString(),
                                                      QString::fromStdString(fileDialogFilters(FormatDirection::Read, {FormatContent::TaskGraph}, "Task graphs")));
    if (!path.isEmpty()) importTaskGraph(path);
}

void DagEditor::openGenerator() {
    const DagInstance* in = dagOf(m_canvas->instance());
    if (!in) return;
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Random Task Graph"));
    DagGeneratorConfig config;
    auto* n = new QSpinBox(&dialog);
    n->setRange(1, 100000);
    n->setValue(std::max(20, static_cast<int>(in->tasks.size())));
    const auto unit = [&](double value, double maximum) {
        auto* box = new QDoubleSpinBox(&dialog);
        box->setRange(0, maximum);
        box->setDecimals(2);
        box->setSingleStep(0.1);
        box->setValue(value);
        return box;
    };
    QDoubleSpinBox* fat = unit(config.fat, 1);
    QDoubleSpinBox* regularity = unit(config.regularity, 1);
    QDoubleSpinBox* density = unit(config.density, 1);
    QDoubleSpinBox* ccr = unit(config.ccr, 1000);
    QDoubleSpinBox* alpha = unit(config.maxAlpha, 1);
    auto* jump = new QSpinBox(&dialog);
    jump->setRange(1, 100);
    jump->setValue(config.jump);
    auto* seed = new QSpinBox(&dialog);
    seed->setRange(0, 2147483647);
    seed->setValue(1);
    auto* form = new QFormLayout(&dialog);
    form->addRow(new QLabel(tr("daggen's parameters (Suter); costs as in N'Takpé and Suter 2006, section 5."), &dialog));
    form->addRow(tr("Tasks n"), n);
    form->addRow(tr("Fat (width n^fat)"), fat);
    form->addRow(tr("Regularity"), regularity);
    form->addRow(tr("Density"), density);
    form->addRow(tr("Jump"), jump);
    form->addRow(tr("CCR (bytes per flop, 0: the paper's)"), ccr);
    form->addRow(tr("Largest α"), alpha);
    form->addRow(tr("Seed"), seed);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(box);
    connect(box, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted) return;
    config.n = n->value();
    config.fat = std::max(0.01, fat->value());
    config.regularity = regularity->value();
    config.density = density->value();
    config.jump = jump->value();
    config.ccr = ccr->value();
    config.maxAlpha = alpha->value();
    config.seed = static_cast<std::uint64_t>(seed->value());
    Expected<DagInstance> generated = generateDag(config, in->platform);
    if (!generated) {
        m_canvas->refuse(QString::fromStdString(generated.error().message));
        return;
    }
    m_canvas->apply({Instance(std::move(*generated)), {},
                     tr("Generate %1 random tasks (seed %2)").arg(config.n).arg(config.seed), {}});
}

}  // namespace hetsched::ui
