// The Jedule-style Gantt of a dag schedule: processors down, grouped in cluster bands (named beside their
// processor indices), time across, each task one rectangle over its processors (one per run of
// consecutive processors, joined by a bar at its start, one name), the waits for redistributions hatched.
// Draws only what is visible, from a per-cluster index sorted by start.
#pragma once

#include <qcustomplot.h>

#include <QMap>
#include <QPainterPath>
#include <QSharedPointer>
#include <memory>
#include <optional>
#include <vector>

#include "export/figure_options.h"
#include "views/dag/dag_view_data.h"
#include "views/gantt/gantt_plot_base.h"
#include "views/gantt/gantt_plottable_base.h"

namespace hetsched::ui {

class TimeMarkerLayer;

// What is under the mouse: a task's rectangle, or its wait for data.
struct DagGanttHit {
    std::size_t task = 0;
    bool wait = false;
};

// What the last draw() did, for tests and tuning.
struct DagGanttDrawStats {
    std::size_t candidates = 0;     // index entries examined
    std::size_t visiblePieces = 0;  // rectangles intersecting the view
    std::size_t drawnRects = 0;     // rectangles sent to the painter
    std::size_t mergedPixels = 0;   // sub-pixel rectangles folded into a pixel already painted
    std::size_t labels = 0;         // task names written (one per task at most)
    std::size_t connectors = 0;     // bars joining consecutive runs of a task
    double thinnestBar = 0;         // the least height (pixels) of a task's bar drawn; 0: none drawn
    double milliseconds = 0;
};

// A task's name as the last draw wrote it, on one of its runs: across it, or upright in a tall narrow one.
struct DagGanttLabel {
    std::size_t task = 0;
    QRectF run;    // the visible pixels of the run it is written on
    QString text;  // the name, or its start and an ellipsis
    bool upright = false;
};

// A cluster's name beside its band of rows in the processor axis' margin (pixels of the plot).
struct DagBandLabel {
    std::size_t cluster = 0;
    QString text;    // the name, elided to the column
    QRectF rect;     // where it is written
    double top = 0;  // the visible part of the band, for its bracket
    double bottom = 0;
};

class DagGanttPlottable : public GanttPlottableBase {
    Q_OBJECT
public:
    DagGanttPlottable(QCPAxis* timeAxis, QCPAxis* rowAxis);

    void setData(std::shared_ptr<const DagViewData> data);
    const DagViewData* data() const { return m_data.get(); }
    void setColors(const DagColors& colors);
    void setShowCriticalPath(bool shown) { m_showCritical = shown; }
    void setShowWaits(bool shown) { m_showWaits = shown; }

    // Processor rows are the lanes, filled whole (geometry(): the mapping the schedule's Gantt uses, shared by
    // drawing, hit tests, labels and zoom).
    bool timeExtent(double& first, double& last) const override;
    int rowCount() const override { return m_data ? m_data->processorCount() : 0; }
    // Pixel rectangles of a task's runs (in the current axis ranges), for tests and overlays.
    std::vector<QRectF> taskPixelRects(std::size_t task) const;
    // The bars joining each run of a task to the next one (in the gap between them, at the task's start).
    std::vector<QRectF> taskConnectorRects(std::size_t task) const;
    // The names the last draw wrote, one per task at most.
    const std::vector<DagGanttLabel>& lastLabels() const { return m_labels; }
    std::optional<DagGanttHit> hitTest(const QPointF& pixel) const;
    const DagGanttDrawStats& lastDrawStats() const { return m_stats; }

protected:
    void draw(QCPPainter* painter) override;
    double barFraction() const override { return 1.0; }
    bool hitsSomething(const QPointF& pixel) const override { return hitTest(pixel).has_value(); }
    QColor iconColor() const override { return m_palette.empty() ? QColor(Qt::gray) : m_palette.front(); }

private:
    // One rectangle: a run of a task's processors over its time, or over its wait for data.
    struct Piece {
        double start;
        double end;
        int firstRow;
        int lastRow;
        std::uint32_t task;
        bool wait;
    };
    // A cluster's pieces sorted by start, with the running maximum of their ends for the visible search.
    struct ClusterIndex {
        std::vector<Piece> pieces;
        std::vector<double> maxEndSoFar;
    };
    void rebuildIndex();
    // The bar from the bottom of the run above (`upperRow`, its last row) to the top of the one below.
    QRectF connectorRect(double start, double end, int upperRow, int lowerRow) const;
    void drawClusterBands(QCPPainter* painter, double rowLow, double rowHigh) const;
    void drawLabels(QCPPainter* painter);

    std::shared_ptr<const DagViewData> m_data;
    std::vector<ClusterIndex> m_clusters;
    std::vector<QColor> m_palette;
    std::vector<std::uint16_t> m_taskColor;
    QColor m_critical = dagCriticalColor();
    bool m_showCritical = true;
    bool m_showWaits = true;
    PixelFold m_fold;   // sub-pixel merging
    DagGanttDrawStats m_stats;
    std::vector<DagGanttLabel> m_labels;
};

// Each processor's index inside its cluster (0 at the top of each band), at a step of 1, 2, 5, 10, 20, ...
// rows that keeps the labels apart at the axis' height; the cluster names are the band labels beside them.
class DagProcessorTicker : public QCPAxisTicker {
public:
    explicit DagProcessorTicker(QCPAxis* axis) : m_axis(axis) {}
    void setData(std::shared_ptr<const DagViewData> data) { m_data = std::move(data); }
    // The labels of the last ticks made, by row; and the step between them, in rows.
    const QMap<double, QString>& labels() const { return m_labels; }
    int step() const { return m_step; }

protected:
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;
    int getSubTickCount(double tickStep) override {
        Q_UNUSED(tickStep)
        return 0;
    }

private:
    // Pixels the axis will span in the frame being laid out: ticks are made before the layout of that frame,
    // so this is the viewport's height less what titles, legend and margins took in the previous layout.
    double availablePixels();

    QCPAxis* m_axis;
    std::shared_ptr<const DagViewData> m_data;
    QMap<double, QString> m_labels;
    int m_step = 1;
    int m_lastViewportHeight = 0;
};

// The Gantt widget: zoom (Ctrl+wheel: time, Ctrl+Shift+wheel: processors, a plain wheel scrolls; Shift+drag: the box dragged over, both
// axes), pan (drag), fit on double click, tooltips, click to select a task (empty click clears); hovering
// or selecting a task outlines all of its runs as one shape.
class DagGanttPlot : public GanttPlotBase {
    Q_OBJECT
public:
    explicit DagGanttPlot(QWidget* parent = nullptr);
    ~DagGanttPlot() override;

    void setData(std::shared_ptr<const DagViewData> data, const DagColors& colors);
    void setColors(const DagColors& colors);
    void setShowCriticalPath(bool shown);
    // Where the legend goes: below the plot on screen; a figure's may go right of it or nowhere.
    void setLegendPlacement(LegendPlacement placement);
    void setMessage(const QString& message);
    QString message() const;   // what the plot says in place of a schedule, empty when it draws one
    DagGanttPlottable* gantt() const { return m_gantt; }
    DagProcessorTicker* processorTicker() const { return m_ticker.data(); }
    // The mouse's gestures in one line, the tooltip of empty space and the view's help text.
    static QString interactionHint();
    // What the legend says the colour encodes ("Colour: task level (depth from the entry tasks)").
    QString legendTitle() const;
    // The cluster names beside their bands, as placed in the current layout and ranges.
    std::vector<DagBandLabel> bandLabels() const;
    // The outline drawn around a hovered or selected task: its runs and the bars between them, one shape.
    QPainterPath taskHighlight(std::size_t task) const;
    int hoveredTask() const { return m_hovered ? static_cast<int>(m_hovered->task) : -1; }

    void setSelectedTask(int task);
    int selectedTask() const { return m_selected; }
    // Brings the task into the middle of the view (zooming out when it is wider than the view).
    void centreOn(std::size_t task);
    void fitView() override;

signals:
    void taskClicked(int task);   // -1: an empty place
    void exportRequested();

protected:
    void updateLayout() override;
    bool event(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void processRectZoom(QRect rect, QMouseEvent* event) override;

private:
    void rebuildLegend();
    void placeLegend(bool shown);
    // Room for the cluster names between the axis label and the processor indices, and where it starts.
    void reserveBandColumn();
    double bandColumnLeft() const;
    void onMouseMove(QMouseEvent* event);
    void onMousePress(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);
    void setHovered(std::optional<DagGanttHit> hit);

    class Overlay;
    class BandLabels;
    DagGanttPlottable* m_gantt;
    Overlay* m_overlay;
    BandLabels* m_bandLabels;
    QCPLayoutGrid* m_legendBox;  // the legend's title over the legend, in a row under the plot
    QCPTextElement* m_legendTitle;
    QSharedPointer<DagProcessorTicker> m_ticker;
    QCPItemText* m_message;
    DagColors m_colors;  // for tooltips and the legend
    bool m_showCritical = true;
    LegendPlacement m_legendPlacement = LegendPlacement::Below;
    QString m_legendMeaning;   // the legend's title, unwrapped
    double m_bandNameWidth = 0;  // pixels of the widest cluster name, elided beyond a limit
    std::optional<DagGanttHit> m_hovered;
    int m_selected = -1;
    QPointF m_pressPosition;
};

}  // namespace hetsched::ui
