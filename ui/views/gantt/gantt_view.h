// The Gantt chart of a Schedule: one lane per schedule lane, time across, zoom and pan, hover details.
#pragma once

#include <qcustomplot.h>

#include <QSharedPointer>
#include <memory>
#include <optional>

#include "export/figure_options.h"
#include "views/gantt/gantt_plottable.h"
#include "views/common/result_chart.h"

class QMenu;

namespace hetsched::ui {

class LaneAxisTicker;
class GanttCategoryLayer;
class TimeMarkerLayer;

class GanttView : public QCustomPlot, public ResultChart {
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

    // The parts drawn around the chart: on screen the schedule's title, the header and the legend below; a
    // figure's as its options ask.
    struct Parts {
        std::optional<QString> title;   // none: the schedule's own; empty: no title
        bool header = true;
        LegendPlacement legend = LegendPlacement::Below;
        PaletteName palette = PaletteName::Default;
        bool figure = false;            // laid out for a figure: the header cut to a few lines
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
    void setOverlayMessage(const QString& message);
    void clampTimeRange(const QCPRange& range);
    void clampLaneRange(const QCPRange& range);
    void onMouseMove(QMouseEvent* event);
    void onMouseWheel(QWheelEvent* event);
    void showContextMenu(const QPoint& position);
    void setHovered(std::optional<GanttHit> hit);
    QString tooltipText(const GanttHit& hit) const;
    QString timeText(double time) const;

    GanttPlottable* m_gantt;
    GanttCategoryLayer* m_categories;
    QSharedPointer<LaneAxisTicker> m_laneTicker;
    TimeMarkerLayer* m_markers;
    QCPTextElement* m_title;
    QCPTextElement* m_subtitle;
    QString m_subtitleText;   // unwrapped: parts joined by " · "
    QString m_scheduleTitle;
    Parts m_parts;
    QCPItemText* m_overlayText;
    QCPItemRect* m_highlight;
    std::optional<GanttHit> m_hovered;
    bool m_clamping = false;
    int m_laidOutAxisHeight = -1;  // the lane axis height of the last layout
};

}  // namespace hetsched::ui
