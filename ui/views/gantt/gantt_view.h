// The Gantt chart of a Schedule: one lane per schedule lane, time across, zoom and pan, hover details.
#pragma once

#include <qcustomplot.h>

#include <QSharedPointer>
#include <memory>
#include <optional>

#include "export/figure_options.h"
#include "views/gantt/gantt_plot_base.h"
#include "views/gantt/gantt_plottable.h"
#include "views/common/result_chart.h"

class QMenu;

namespace hetsched::ui {

class LaneAxisTicker;
class GanttCategoryLayer;
class TimeMarkerLayer;

class GanttView : public GanttPlotBase, public ResultChart {
    Q_OBJECT
public:
    explicit GanttView(QWidget* parent = nullptr);
    ~GanttView() override;

    ChartType chartType() const override { return ChartType::Gantt; }
    QCustomPlot* plot() override { return this; }
    void showResult(const Instance& instance, std::shared_ptr<const SolveResult> result) override;
    void showMessage(const QString& message) override;
    void fitView() override;
    Expected<bool> exportFigure(const QString& path, const FigureCanvas& canvas, const FigureOptions& options) override;

    // Draws any schedule; `subtitle` says where it comes from (solver, status, metrics).
    void setSchedule(std::shared_ptr<const Schedule> schedule, const QString& subtitle = {});
    const Schedule* schedule() const { return m_gantt->schedule(); }
    GanttPlottable* gantt() const { return m_gantt; }

    void setColorMode(GanttColorMode mode);
    GanttColorMode colorMode() const { return m_gantt->colorMode(); }
    // Lanes grouped by category (cluster, node), one named row each: see GanttPlottable::setLanesGrouped.
    // On screen a view groups its lanes by itself where they would be lower than 4 pixels each (g5k's 1,528
    // hosts), and ungroups them where they have the room; the context menu's choice overrides that.
    void setLanesGrouped(bool grouped);
    bool lanesGrouped() const { return m_gantt->lanesGrouped(); }
    // Whether a plot area of `height` pixels names every lane, or every row drawn (lanes or groups), at the
    // plot's font (the lane ticker would thin them otherwise): a figure groups its lanes when it does not
    // name every lane and grouping helps.
    bool namesEveryLane(int height) const;
    bool namesEveryRow(int height) const;
    // The least height that draws the title, the header, the marker labels, the axes and the legend whole
    // around a plot area of `plotPixels`, at the width laid out last: lower, QCustomPlot lays them over each
    // other (a title over its header).
    int leastHeight(int plotPixels) const;
    // On screen, keeps the view at least as high as its texts need around room for `lanes` lanes' names (0:
    // its fixed minimum only): a comparison's Gantts then scroll in their pane rather than squeeze.
    void setLeastLanesShown(int lanes) { m_leastLanesShown = lanes; }
    // On screen, keeps room for the names of up to `lanes` lanes at the least readable size (7 pt) beyond those
    // of setLeastLanesShown: a pane holding it scrolls (a comparison's runs, an editor's preview) rather than
    // name every other lane of a schedule with more lanes than its view has room for.
    void setLanesNamedAtLeastSize(int lanes) { m_lanesNamedAtLeastSize = lanes; }

    // The parts drawn around the chart: on screen the schedule's title, the header and the legend below; a
    // figure's as its options ask.
    struct Parts {
        std::optional<QString> title;   // none: the schedule's own; empty: no title
        bool header = true;
        LegendPlacement legend = LegendPlacement::Below;
        PaletteName palette = PaletteName::Default;
        bool figure = false;            // laid out for a figure: the header cut to a few lines
        bool timeTickLabels = true;     // false: the time axis' ticks without their numbers (a stacked figure)
        bool markersInTitle = false;    // the markers' labels ("makespan = 74.5 s") after the title, not over the chart
        // The plot area's least distance to the left and right edges (pixels): stacked Gantts of a figure share
        // their time axis' position this way.
        int minimumLeft = 0;
        int minimumRight = 0;
    };
    void setParts(const Parts& parts);
    const Parts& parts() const { return m_parts; }

signals:
    void colorModeChanged(hetsched::ui::GanttColorMode mode);
    void exportRequested();

protected:
    // Entries a chart adds to the context menu, between the colour modes and the export.
    virtual void addContextMenuActions(QMenu& menu) { Q_UNUSED(menu) }
    void rebuildLegend();
    // Wraps the subtitle to the width being laid out (the screen's, or an export's) before the layout.
    void updateLayout() override;

private:
    void placeLegend();
    void updateTitle();
    // The lane names' font on screen for a plot area `plotHeight` pixels high: the plot's, or smaller down
    // to kMinLaneNamePoints where that names every lane in view.
    QFont laneNameFontFor(int plotHeight) const;
    // The plot area's height on screen that names `rows` rows (setLeastLanesShown, setLanesNamedAtLeastSize).
    int namesPlotPixels(int rows) const;
    // On screen: lanes grouped where they would be drawn lower than a readable height, not where they have it.
    void groupLanesWhereUnreadable();
    void setOverlayMessage(const QString& message);
    void onMouseMove(QMouseEvent* event);
    void showContextMenu(const QPoint& position);
    void setHovered(std::optional<GanttHit> hit);
    QString tooltipText(const GanttHit& hit) const;
    QString timeText(double time) const;

    GanttPlottable* m_gantt;
    GanttCategoryLayer* m_categories;
    QSharedPointer<LaneAxisTicker> m_laneTicker;
    QFont m_laneNameFont;   // the lane names' font on screen when they have room
    int m_leastLanesShown = 0;
    int m_lanesNamedAtLeastSize = 0;
    std::optional<int> m_groupingChosen;   // the lane count of the schedule whose grouping the user chose
    QCPTextElement* m_title;
    QCPTextElement* m_subtitle;
    // Right of the chart: the legend between two stretching spacers, its entries together at the middle of the
    // chart's height rather than spread over it. Owned by the layout while placed; deleted by the view otherwise.
    QCPLayoutGrid* m_legendColumn;
    QString m_subtitleText;   // unwrapped: parts joined by " · "
    QString m_scheduleTitle;
    Parts m_parts;
    QCPItemText* m_overlayText;
    QCPItemRect* m_highlight;
    std::optional<GanttHit> m_hovered;
};

}  // namespace hetsched::ui
