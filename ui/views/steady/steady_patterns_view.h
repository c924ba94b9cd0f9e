// The pattern decomposition view of a steady-state result (Beaumont and Marchal, sections 8.3-8.6):
// the platform graph with its link loads beside one period as a sequence of valid patterns (bands of
// width T*y_p) and the weighted allocations; below, the periodic schedule per port and processor.
// Selecting a pattern lights its links and computing processors; selecting an allocation draws its paths.
#pragma once

#include <QWidget>
#include <memory>
#include <optional>

#include "views/common/result_chart.h"
#include "views/steady/steady_gantt_view.h"
#include "views/steady/steady_view_data.h"

class QCPPainter;
class QLabel;
class QScrollArea;
class QSortFilterProxyModel;
class QSplitter;
class QTabWidget;
class QTableView;

namespace hetsched::ui {

class FigureHeader;

class SteadyGraphView;
class SteadyPeriodStrip;
class SteadyAllocationModel;
class SteadyPatternModel;

class SteadyPatternsView : public QWidget, public ResultChart {
    Q_OBJECT
public:
    explicit SteadyPatternsView(QWidget* parent = nullptr);

    ChartType chartType() const override { return ChartType::SteadyPatterns; }
    QCustomPlot* plot() override;
    QWidget* widget() override { return this; }
    // One picture of the parts as shown: header, graph beside the period strip and the selection, and
    // the schedule below; vector output for PDF and SVG.
    Expected<bool> exportTo(const QString& path, int width, int height) override;
    // The figure: at 560 x 400 layout pixels or more (about 150 x 105 mm) the view's picture (header, platform
    // graph, valid patterns, allocations, the period's schedule) with no hint addressed to the view's user;
    // smaller, or with options.part "gantt", the period's schedule alone.
    Expected<bool> exportFigure(const QString& path, const FigureCanvas& canvas, const FigureOptions& options) override;
    void showResult(const Instance& instance, std::shared_ptr<const SolveResult> result) override;
    void showMessage(const QString& message) override;
    // What the view says instead of a decomposition ("This view draws steady-state results"), empty when it
    // draws one.
    QString message() const { return m_message; }
    void fitView() override;

    // One selection at a time: a pattern or an allocation (nullopt clears).
    void selectPattern(std::optional<std::size_t> p);
    void selectAllocation(std::optional<std::size_t> a);
    std::optional<std::size_t> selectedPattern() const { return m_pattern; }
    std::optional<std::size_t> selectedAllocation() const { return m_allocation; }

    void setColoring(SteadyColoring coloring);
    SteadyColoring coloring() const;

    const SteadyViewData* data() const { return m_data.get(); }
    SteadyGraphView* graph() const { return m_graph; }
    SteadyPeriodStrip* strip() const { return m_strip; }
    SteadyGanttView* gantt() const { return m_gantt; }
    QTableView* allocationTable() const { return m_allocationTable; }
    QTableView* patternTable() const { return m_patternTable; }
    QString selectionText() const;

signals:
    void exportRequested();
    void coloringChanged(hetsched::ui::SteadyColoring coloring);

private:
    void setParts(std::shared_ptr<const SteadyViewData> data, std::shared_ptr<const SolveResult> result,
                  const QString& message);
    void updateSelectionText();
    void selectRow(QTableView* table, QSortFilterProxyModel* proxy, std::optional<std::size_t> row);
    // The view's picture at width x height: texts in `textFont`, the header's facts (a figure's: as `header`
    // lays them out), and the selection's line when something is selected (never the view's hint).
    void paintExport(QCPPainter& painter, int width, int height, const QFont& textFont,
                     const FigureHeader* header = nullptr);
    // Gives the periodic schedule the height its lanes need (at most 3/5), until the user moves the divider.
    void fitGanttHeight();
    // Keeps the header's wrapped lines as its least height.
    void fitHeaderHeight();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:

    std::shared_ptr<const SteadyViewData> m_data;
    std::shared_ptr<const SolveResult> m_result;
    QLabel* m_header;
    QLabel* m_selection;
    QScrollArea* m_scroll;
    QSplitter* m_vertical;
    QSplitter* m_horizontal;
    SteadyGraphView* m_graph;
    SteadyPeriodStrip* m_strip;
    QTabWidget* m_tabs;
    QTableView* m_allocationTable;
    QTableView* m_patternTable;
    SteadyAllocationModel* m_allocationModel;
    SteadyPatternModel* m_patternModel;
    QSortFilterProxyModel* m_allocationProxy;
    QSortFilterProxyModel* m_patternProxy;
    SteadyGanttView* m_gantt;
    std::optional<std::size_t> m_pattern;
    std::optional<std::size_t> m_allocation;
    bool m_syncing = false;
    QString m_message;
    bool m_fitPending = false;     // fitGanttHeight waits for a laid-out height
    bool m_userSizedGantt = false; // the user moved the divider: their sizes stay
};

}  // namespace hetsched::ui
