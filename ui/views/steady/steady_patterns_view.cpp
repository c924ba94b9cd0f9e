#include "views/steady/steady_patterns_view.h"

#include <qcustomplot.h>

#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTextDocument>
#include <QStyle>
#include <QTabBar>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <numeric>

#include "util/number_text.h"
#include "views/common/chart_export.h"
#include "views/common/figure_header.h"
#include "views/steady/steady_graph_view.h"
#include "views/steady/steady_period_strip.h"
#include "views/steady/steady_tables.h"
#include "util/vertical_scroll.h"

namespace hetsched::ui {

namespace {

// The periodic schedule keeps room for this many lanes' names at its font; more lanes zoom and pan.
constexpr int kLeastLanesNamed = 16;
// The allocations and patterns tables keep room for this many rows under their header.
constexpr int kLeastTableRows = 2;

QTableView* makeTable(QWidget* parent, QAbstractItemModel* model, const QString& name) {
    auto* table = new QTableView(parent);
    table->setObjectName(name);
    table->setModel(model);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSortingEnabled(true);
    table->setAlternatingRowColors(true);
    table->setWordWrap(false);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    table->horizontalHeader()->setStretchLastSection(true);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    return table;
}

QString applicationText(const SteadyStateInstance& in) {
    const QString source = QString::fromStdString(in.nodes[in.application.source].name);
    switch (in.application.type) {
        case SteadyApplicationType::BagOfTasks: return QObject::tr("Bag of tasks from %1").arg(source);
        case SteadyApplicationType::Broadcast: return QObject::tr("Series of broadcasts from %1").arg(source);
        case SteadyApplicationType::Multicast:
            return QObject::tr("Series of multicasts from %1 to %2 targets").arg(source).arg(in.application.targets.size());
    }
    return {};
}

QString modelText(CommunicationModel model) {
    switch (model) {
        case CommunicationModel::BidirectionalOnePort: return QObject::tr("bidirectional one-port");
        case CommunicationModel::UnidirectionalOnePort: return QObject::tr("unidirectional one-port");
        case CommunicationModel::BoundedMultiport: return QObject::tr("bounded multi-port");
    }
    return {};
}

}  // namespace

SteadyPatternsView::SteadyPatternsView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("steadyPatternsView"));
    m_header = new QLabel(this);
    m_header->setObjectName(QStringLiteral("steadyHeader"));
    m_header->setTextFormat(Qt::RichText);
    m_header->setWordWrap(true);

    m_graph = new SteadyGraphView(this);
    m_strip = new SteadyPeriodStrip(this);
    m_strip->setMinimumHeight(80);
    m_strip->setMaximumHeight(150);
    m_selection = new QLabel(this);
    m_selection->setObjectName(QStringLiteral("steadySelection"));
    m_selection->setWordWrap(true);
    // At most three lines: the rest is in the tooltip (a long list must not push the tables away).
    m_selection->setMaximumHeight(3 * m_selection->fontMetrics().lineSpacing() + 6);
    m_selection->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_selection->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_selection->setStyleSheet(QStringLiteral("QLabel { color:#333; padding:2px 4px; }"));

    m_allocationModel = new SteadyAllocationModel(this);
    m_patternModel = new SteadyPatternModel(this);
    m_allocationProxy = new QSortFilterProxyModel(this);
    m_allocationProxy->setSourceModel(m_allocationModel);
    m_allocationProxy->setSortRole(Qt::UserRole);
    m_patternProxy = new QSortFilterProxyModel(this);
    m_patternProxy->setSourceModel(m_patternModel);
    m_patternProxy->setSortRole(Qt::UserRole);
    m_tabs = new QTabWidget(this);
    m_allocationTable = makeTable(m_tabs, m_allocationProxy, QStringLiteral("steadyAllocationTable"));
    m_patternTable = makeTable(m_tabs, m_patternProxy, QStringLiteral("steadyPatternTable"));
    m_tabs->addTab(m_allocationTable, tr("Allocations"));
    m_tabs->addTab(m_patternTable, tr("Patterns"));
    // The tables keep room for their header and a few rows over their scroll bar: a low pane scrolls rather
    // than leave the header alone.
    {
        const int frame = 2 * m_allocationTable->frameWidth() + 2 * m_tabs->style()->pixelMetric(QStyle::PM_DefaultFrameWidth);
        m_tabs->setMinimumHeight(m_tabs->tabBar()->sizeHint().height() + m_allocationTable->horizontalHeader()->sizeHint().height() +
                                 kLeastTableRows * m_allocationTable->verticalHeader()->defaultSectionSize() +
                                 m_allocationTable->horizontalScrollBar()->sizeHint().height() + frame + 4);
    }

    auto* right = new QWidget(this);
    right->setMinimumWidth(300);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->setSpacing(2);
    rightLayout->addWidget(m_strip);
    rightLayout->addWidget(m_selection);
    rightLayout->addWidget(m_tabs, 1);
    // The selection's lines wrap (a height for its width the splitter does not ask): the column keeps room
    // for all three, or the tables' scroll bar would slip under the schedule.
    right->setMinimumHeight(m_strip->minimumHeight() + m_selection->maximumHeight() + m_tabs->minimumHeight() +
                            2 * rightLayout->spacing());

    m_horizontal = new QSplitter(Qt::Horizontal, this);
    m_horizontal->addWidget(m_graph);
    m_horizontal->addWidget(right);
    m_horizontal->setStretchFactor(0, 5);
    m_horizontal->setStretchFactor(1, 4);
    m_gantt = new SteadyGanttView(this);
    // Every lane named, the title, header, marker labels and legend whole: the schedule keeps the height they
    // need, and the view scrolls in a low pane rather than lay the names over each other.
    m_gantt->setLeastLanesShown(kLeastLanesNamed);
    m_vertical = new QSplitter(Qt::Vertical, this);
    m_vertical->addWidget(m_horizontal);
    m_vertical->addWidget(m_gantt);
    m_vertical->setStretchFactor(0, 11);
    m_vertical->setStretchFactor(1, 9);
    m_vertical->setChildrenCollapsible(false);
    // Initial shares (scaled to the space there is): the graph and patterns over the schedule.
    m_vertical->setSizes({550, 450});
    m_horizontal->setSizes({560, 440});

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_header);
    // The parts keep their least heights (the graph's, the tables' rows, the schedule's lanes) and scroll
    // under the header in a pane lower than their sum (1280x800).
    m_scroll = verticalScrollArea(m_vertical, QStringLiteral("steadyScroll"), this);
    // The pane keeps the graph and a schedule at their fixed least heights in view, as before it scrolled:
    // the editor above does not take that room.
    m_scroll->setMinimumHeight(m_graph->minimumHeight() + m_gantt->minimumHeight() + m_vertical->handleWidth());
    layout->addWidget(m_scroll, 1);

    connect(m_vertical, &QSplitter::splitterMoved, this, [this] { m_userSizedGantt = true; });
    connect(m_strip, &SteadyPeriodStrip::patternClicked, this, [this](std::optional<std::size_t> p) {
        selectPattern(p && p == m_pattern ? std::nullopt : p);  // a second click clears
    });
    connect(m_gantt, &SteadyGanttView::barClicked, this, [this](std::size_t p, std::size_t) { selectPattern(p); });
    connect(m_gantt, &SteadyGanttView::emptyClicked, this, [this] { selectPattern(std::nullopt); });
    connect(m_gantt, &SteadyGanttView::coloringChanged, this, &SteadyPatternsView::coloringChanged);
    connect(m_allocationTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (m_syncing || !current.isValid()) return;
                selectAllocation(static_cast<std::size_t>(m_allocationProxy->mapToSource(current).row()));
            });
    connect(m_patternTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (m_syncing || !current.isValid()) return;
                selectPattern(static_cast<std::size_t>(m_patternProxy->mapToSource(current).row()));
            });
    // Every part's menu exports the whole view.
    connect(m_graph, &SteadyGraphView::exportRequested, this, &SteadyPatternsView::exportRequested);
    connect(m_strip, &SteadyPeriodStrip::exportRequested, this, &SteadyPatternsView::exportRequested);
    connect(m_gantt, &GanttView::exportRequested, this, &SteadyPatternsView::exportRequested);

    showMessage(tr("Run a solver to see its allocations, patterns and periodic schedule"));
}

QCustomPlot* SteadyPatternsView::plot() {
    return m_gantt;
}

void SteadyPatternsView::fitGanttHeight() {
    const int total = m_vertical->height();
    if (m_userSizedGantt) return;
    if (total < 200) {
        m_fitPending = true;
        return;
    }
    m_fitPending = false;
    // The schedule's comfortable height, at most 3/5 of the pane and what the graph and tables leave; never
    // below its least (every lane named): the pane scrolls then.
    const int upperLeast = std::max(m_horizontal->minimumHeight(), m_horizontal->minimumSizeHint().height());
    const int room = total - upperLeast - m_vertical->handleWidth();
    const int want = std::max(m_gantt->minimumHeight(), std::min({m_gantt->preferredHeight(), total * 3 / 5, room}));
    m_vertical->setSizes({total - want, want});
}

void SteadyPatternsView::fitHeaderHeight() {
    // The header wraps: its lines at this width are its least height, or the layout (which asks a label's
    // minimum, not its height for the width) would push the parts below out of the pane.
    const int lines = m_header->heightForWidth(width());
    if (lines > 0 && lines != m_header->minimumHeight()) m_header->setMinimumHeight(lines);
}

void SteadyPatternsView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitHeaderHeight();
    if (m_fitPending) fitGanttHeight();
}

void SteadyPatternsView::showResult(const Instance& instance, std::shared_ptr<const SolveResult> result) {
    const auto* in = std::get_if<SteadyStateInstance>(&instance);
    if (!in || !result) {
        showMessage(result ? tr("This view draws steady-state results") : tr("No result"));
        return;
    }
    if (result->status == SolveStatus::Infeasible) {
        setParts(nullptr, result,
                 result->message.empty() ? tr("Infeasible") : tr("Infeasible: %1").arg(QString::fromStdString(result->message)));
        return;
    }
    Expected<std::shared_ptr<const SteadyViewData>> data = steadyViewData(*in, *result);
    if (!data) {
        setParts(nullptr, result, tr("The allocations and patterns cannot be drawn: %1").arg(QString::fromStdString(data.error().message)));
        return;
    }
    setParts(*data, result, QString());
}

void SteadyPatternsView::showMessage(const QString& message) {
    setParts(nullptr, nullptr, message);
}

void SteadyPatternsView::setParts(std::shared_ptr<const SteadyViewData> data, std::shared_ptr<const SolveResult> result,
                                  const QString& message) {
    m_data = std::move(data);
    m_result = std::move(result);
    m_message = m_data ? QString() : message;
    m_pattern.reset();
    m_allocation.reset();
    {
        const QSignalBlocker blockA(m_allocationTable->selectionModel());
        const QSignalBlocker blockP(m_patternTable->selectionModel());
        m_allocationModel->setData(m_data);
        m_patternModel->setData(m_data);
    }
    if (m_data) {
        m_graph->setData(m_data);
        // The heaviest allocations first: they carry most of the throughput.
        m_allocationTable->sortByColumn(1, Qt::DescendingOrder);
        m_patternTable->sortByColumn(0, Qt::AscendingOrder);
        m_allocationTable->resizeColumnsToContents();
        m_patternTable->resizeColumnsToContents();
        for (QTableView* table : {m_allocationTable, m_patternTable})
            for (int c = 0; c < table->model()->columnCount(); ++c)
                table->setColumnWidth(c, std::min(table->columnWidth(c), 320));
    } else {
        m_graph->showMessage(message);
    }
    m_strip->setData(m_data);
    if (m_result) {
        m_gantt->setSteadyResult(m_data, m_result);
        fitGanttHeight();
        // Again once the schedule has asked for the least height its lanes need (posted by its layout).
        QMetaObject::invokeMethod(this, [this] { fitGanttHeight(); }, Qt::QueuedConnection);
    } else {
        m_gantt->showMessage(message);
    }

    if (m_data) {
        const SteadyStateInstance& in = m_data->instance;
        const SteadySolution& s = m_data->solution;
        QString rho = QStringLiteral("ρ = %1").arg(formatRounded(s.throughput, 7));
        const QString exact = QString::fromStdString(s.exactThroughput);
        if (!exact.isEmpty() && exact != formatRounded(s.throughput, 7)) rho += QStringLiteral(" (%1)").arg(exact);
        QStringList parts;
        parts << QStringLiteral("<b>%1</b>").arg(applicationText(in).toHtmlEscaped()) << modelText(in.model)
              << tr("%1, %2").arg(countOf(static_cast<long long>(in.nodes.size()), tr("node"), tr("nodes")),
                                  countOf(static_cast<long long>(m_data->arcCount()), tr("directed link"), tr("directed links")))
              << tr("throughput <b>%1</b> per time unit").arg(rho.toHtmlEscaped());
        if (s.upperBound) parts << tr("upper bound %1").arg(formatRounded(*s.upperBound, 7));
        parts << tr("%1, %2").arg(countOf(static_cast<long long>(s.allocations.size()), tr("allocation"), tr("allocations")),
                                  countOf(static_cast<long long>(s.patterns.size()), tr("pattern"), tr("patterns")));
        if (m_result)
            parts << tr("%1 (%2)").arg(QString::fromStdString(m_result->solver), QString::fromLatin1(solveStatusName(m_result->status)));
        m_header->setText(parts.join(QStringLiteral(" · ")));
    } else {
        m_header->setText(m_result ? tr("<b>%1</b> (%2)").arg(QString::fromStdString(m_result->solver),
                                                                QString::fromLatin1(solveStatusName(m_result->status)))
                                   : tr("<b>Steady state</b>"));
    }
    fitHeaderHeight();
    updateSelectionText();
}

void SteadyPatternsView::fitView() {
    m_graph->fitView();
    m_strip->fitView();
    m_strip->replot();
    m_gantt->fitView();
    m_gantt->replot();
}

void SteadyPatternsView::selectRow(QTableView* table, QSortFilterProxyModel* proxy, std::optional<std::size_t> row) {
    m_syncing = true;
    if (row) {
        const QModelIndex index = proxy->mapFromSource(proxy->sourceModel()->index(static_cast<int>(*row), 0));
        table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        table->scrollTo(index);
    } else {
        table->selectionModel()->clearSelection();
        table->selectionModel()->setCurrentIndex(QModelIndex(), QItemSelectionModel::NoUpdate);
    }
    m_syncing = false;
}

void SteadyPatternsView::selectPattern(std::optional<std::size_t> p) {
    if (!m_data || (p && *p >= m_data->solution.patterns.size())) p.reset();
    m_pattern = p;
    m_allocation.reset();
    m_graph->showPattern(p);
    m_strip->setEmphasis({});
    m_strip->setSelectedPattern(p);
    m_gantt->highlightAllocation(std::nullopt);
    m_gantt->highlightPattern(p);
    selectRow(m_allocationTable, m_allocationProxy, std::nullopt);
    selectRow(m_patternTable, m_patternProxy, p);
    updateSelectionText();
}

void SteadyPatternsView::selectAllocation(std::optional<std::size_t> a) {
    if (!m_data || (a && *a >= m_data->solution.allocations.size())) a.reset();
    m_allocation = a;
    m_pattern.reset();
    m_graph->showAllocation(a);
    m_strip->setSelectedPattern(std::nullopt);
    m_strip->setEmphasis(a ? m_data->patternsOfAllocation[*a] : std::set<std::size_t>{});
    m_gantt->highlightPattern(std::nullopt);
    m_gantt->highlightAllocation(a);
    selectRow(m_patternTable, m_patternProxy, std::nullopt);
    selectRow(m_allocationTable, m_allocationProxy, a);
    updateSelectionText();
}

void SteadyPatternsView::setColoring(SteadyColoring coloring) {
    m_gantt->setColoring(coloring);
}

SteadyColoring SteadyPatternsView::coloring() const {
    return m_gantt->coloring();
}

QString SteadyPatternsView::selectionText() const {
    if (!m_data) return {};
    const SteadySolution& s = m_data->solution;
    auto names = [&](const auto& ids, auto name, std::size_t limit) {
        QStringList list;
        for (std::size_t k = 0; k < ids.size() && k < limit; ++k) list << name(ids[k]);
        if (ids.size() > limit) list << tr("… %1 more").arg(ids.size() - limit);
        return list.isEmpty() ? tr("none") : list.join(QStringLiteral(", "));
    };
    if (m_pattern) {
        const SteadyPattern& p = s.patterns[*m_pattern];
        return tr("%1: y = %2, from %3 to %4 of the period (T·y = %5). Links (%6): %7. Computing (%8): %9.")
            .arg(m_data->patternName(*m_pattern), m_data->durationText(*m_pattern), formatRounded(m_data->patternStart(*m_pattern), 6),
                 formatRounded(m_data->patternEnd(*m_pattern), 6),
                 formatRounded(m_data->patternEnd(*m_pattern) - m_data->patternStart(*m_pattern), 6))
            .arg(p.arcs.size())
            .arg(names(p.arcs, [&](std::size_t e) { return m_data->arcName(e); }, 16))
            .arg(p.processors.size())
            .arg(names(p.processors, [&](std::size_t u) { return m_data->nodeName(u); }, 16));
    }
    if (m_allocation) {
        const SteadyAllocation& al = s.allocations[*m_allocation];
        const std::vector<std::size_t> used(m_data->patternsOfAllocation[*m_allocation].begin(),
                                            m_data->patternsOfAllocation[*m_allocation].end());
        QString text = tr("Allocation %1: x = %2 per time unit (%3% of ρ).")
                           .arg(*m_allocation + 1)
                           .arg(m_data->weightText(*m_allocation))
                           .arg(formatRounded(s.throughput > 0 ? 100.0 * al.weight / s.throughput : 0.0, 3));
        if (m_data->instance.application.type == SteadyApplicationType::BagOfTasks && al.dataArcs.empty() &&
            al.resultArcs.empty()) {
            text += tr(" Computes on %1, no transfer.").arg(al.processor ? m_data->nodeName(*al.processor) : tr("none"));
        } else if (m_data->instance.application.type == SteadyApplicationType::BagOfTasks) {
            text += tr(" Data %1; computes on %2; result %3.")
                        .arg(m_data->pathText(al.dataArcs), al.processor ? m_data->nodeName(*al.processor) : tr("none"),
                             al.resultArcs.empty() ? tr("none") : m_data->pathText(al.resultArcs));
        } else {
            text += tr(" Tree of %1.").arg(countOf(static_cast<long long>(al.dataArcs.size()), tr("link"), tr("links")));
        }
        text += tr(" Runs in %1.").arg(names(used, [&](std::size_t p) { return m_data->patternName(p); }, 24));
        return text;
    }
    return tr("Click a pattern (band, bar or row) to light its links and processors; an allocation to draw its paths.");
}

void SteadyPatternsView::updateSelectionText() {
    m_selection->setText(selectionText());
    m_selection->setToolTip(selectionText());
    m_selection->setVisible(m_data != nullptr);
}

void SteadyPatternsView::paintExport(QCPPainter& painter, int width, int height, const QFont& textFont,
                                     const FigureHeader* header) {
    painter.fillRect(QRect(0, 0, width, height), Qt::white);
    painter.setFont(textFont);
    const QFontMetricsF metrics(textFont);
    const double line = metrics.height() + 2;
    double top = 4;
    if (header) {
        header->paint(painter, QPointF(8, 4));
        top += header->height() + 2;
    } else {
        // Header: the same facts as on screen, as plain text (one text run per line reads alike everywhere).
        QTextDocument rich;
        rich.setHtml(m_header->text());
        const QString headerText = rich.toPlainText();
        const QRectF headerBox(8, 4, width - 16, height / 4.0);
        const QRectF headerUsed = painter.boundingRect(headerBox, Qt::TextWordWrap, headerText);
        painter.setPen(QColor(0x20, 0x20, 0x20));
        painter.drawText(headerBox, Qt::TextWordWrap, headerText);
        top = headerUsed.bottom() + 6;
    }
    const double rest = height - top;
    const int upperHeight = static_cast<int>(std::max(120.0, rest * 0.52));
    const int graphWidth = static_cast<int>(width * 0.52);
    m_graph->paintGraph(painter, QRectF(0, top, graphWidth, upperHeight));

    QCPPainter* qcp = &painter;
    const int rightLeft = graphWidth + 10;
    const int rightWidth = width - rightLeft - 6;
    const int stripHeight = std::min(140, upperHeight / 2);
    if (qcp && rightWidth > 60) {
        m_strip->fitToWidth(rightWidth);
        m_strip->toPixmap(rightWidth, stripHeight);  // settles the layout at this size
        painter.save();
        painter.translate(rightLeft, top);
        m_strip->toPainter(qcp, rightWidth, stripHeight);
        painter.restore();
    }
    // Under the strip: the selection, then the allocations by throughput while they fit.
    if (rightWidth > 60 && m_data) {
        QRectF box(rightLeft + 4, top + stripHeight + 4, rightWidth - 8, upperHeight - stripHeight - 8);
        painter.setPen(QColor(0x30, 0x30, 0x30));
        double y = box.top();
        // An export tells of a selection only; the view's hint is for the view's user.
        if (m_pattern || m_allocation) {
            const QRectF used = painter.boundingRect(box, Qt::TextWordWrap, selectionText());
            painter.drawText(box, Qt::TextWordWrap, selectionText());
            y = used.bottom() + 6;
        }
        std::vector<std::size_t> order(m_data->solution.allocations.size());
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return m_data->solution.allocations[a].weight > m_data->solution.allocations[b].weight;
        });
        QFont bold = textFont;
        bold.setBold(true);
        if (y + 2 * line < box.bottom()) {
            painter.setFont(bold);
            painter.drawText(QRectF(box.left(), y, box.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
                             tr("Allocations by throughput"));
            painter.setFont(textFont);
            y += line;
        }
        const bool bag = m_data->instance.application.type == SteadyApplicationType::BagOfTasks;
        for (std::size_t k = 0; k < order.size(); ++k) {
            const std::size_t a = order[k];
            if (y + 2 * line > box.bottom() && k + 1 < order.size()) {
                painter.drawText(QRectF(box.left(), y, box.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
                                 tr("… %1 more").arg(order.size() - k));
                break;
            }
            const SteadyAllocation& al = m_data->solution.allocations[a];
            QString text = tr("%1. x = %2: ").arg(a + 1).arg(m_data->weightText(a));
            if (!bag)
                text += tr("tree of %1").arg(countOf(static_cast<long long>(al.dataArcs.size()), tr("link"), tr("links")));
            else if (al.dataArcs.empty() && al.resultArcs.empty())
                text += tr("computes on %1 (no transfer)").arg(al.processor ? m_data->nodeName(*al.processor) : QString());
            else
                text += tr("data %1, computes on %2, result %3")
                            .arg(m_data->pathText(al.dataArcs), al.processor ? m_data->nodeName(*al.processor) : QString(),
                                 al.resultArcs.empty() ? tr("none") : m_data->pathText(al.resultArcs));
            painter.setPen(m_allocation == a ? QColor(0x10, 0x10, 0x10) : QColor(0x40, 0x40, 0x40));
            painter.drawText(QRectF(box.left(), y, box.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
                             metrics.elidedText(text, Qt::ElideRight, box.width()));
            y += line;
        }
    }
    // Below: the periodic schedule across the whole width.
    const int ganttTop = static_cast<int>(top) + upperHeight + 6;
    const int ganttHeight = height - ganttTop;
    if (qcp && ganttHeight > 60) {
        m_gantt->toPixmap(width, ganttHeight);
        painter.save();
        painter.translate(0, ganttTop);
        m_gantt->toPainter(qcp, width, ganttHeight);
        painter.restore();
    }
}

Expected<bool> SteadyPatternsView::exportTo(const QString& path, int width, int height) {
    Expected<FigureCanvas> canvas = pixelCanvas(path, width, height);
    if (!canvas) return canvas.error();
    Expected<bool> written = writeFigure(path, *canvas, [&](QCPPainter& painter) {
        width = canvas->layout.width();
        height = canvas->layout.height();
        painter.setRenderHint(QPainter::Antialiasing, true);
        painter.setRenderHint(QPainter::TextAntialiasing, true);
        paintExport(painter, width, height, font());
    });
    // Rendering at another size re-laid the plots out: lay them out again for the screen.
    if (m_strip->isVisible()) m_strip->replot();
    if (m_gantt->isVisible()) m_gantt->replot();
    return written;
}

Expected<bool> SteadyPatternsView::exportFigure(const QString& path, const FigureCanvas& canvas,
                                                const FigureOptions& options) {
    const QSize layout = canvas.layout;
    const bool dashboard = options.part != "gantt" && layout.width() >= 560 && layout.height() >= 400;
    if (!dashboard) return m_gantt->exportFigure(path, canvas, options);
    // The header's facts as on screen, as plain text parts; the first (the application) is the title.
    QTextDocument rich;
    rich.setHtml(m_header->text());
    QStringList parts = rich.toPlainText().split(QStringLiteral(" · "), Qt::SkipEmptyParts);
    QString title = parts.isEmpty() ? QString() : parts.takeFirst();
    if (options.title) title = QString::fromStdString(*options.title);
    if (!options.header) parts.clear();
    const QFont textFont = figureFont(canvas.fontPoints);
    const FigureHeader header(title, parts, figureFont(canvas.fontPoints, true), textFont, layout.width() - 16,
                              layout.height() * 0.2);
    const GanttView::Parts screenParts = m_gantt->parts();
    GanttView::Parts ganttParts;
    ganttParts.title = QString();
    ganttParts.header = false;
    ganttParts.legend = options.legend;
    ganttParts.palette = options.palette;
    ganttParts.figure = true;
    m_gantt->setParts(ganttParts);
    const QFont graphFont = m_graph->font();
    m_graph->setFont(textFont);
    Expected<bool> written = true;
    {
        const PlotFontScope stripFonts(m_strip, canvas.fontPoints);
        const PlotFontScope ganttFonts(m_gantt, canvas.fontPoints);
        written = writeFigure(path, canvas, [&](QCPPainter& painter) {
            painter.setRenderHint(QPainter::Antialiasing, true);
            painter.setRenderHint(QPainter::TextAntialiasing, true);
            paintExport(painter, layout.width(), layout.height(), textFont, &header);
        });
    }
    m_graph->setFont(graphFont);
    m_gantt->setParts(screenParts);
    if (m_strip->isVisible()) m_strip->replot();
    if (m_gantt->isVisible()) m_gantt->replot();
    return written;
}

}  // namespace hetsched::ui
