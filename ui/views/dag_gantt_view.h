// The Jedule-style Gantt of a dag schedule: processors down, grouped in cluster bands, time across, each
// task one rectangle over its processors (one per run of consecutive processors, linked), the waits for
// redistributions hatched. Draws only what is visible, from a per-cluster index sorted by start.
#pragma once

#include <qcustomplot.h>

#include <QMap>
#include <QSharedPointer>
#include <memory>
#include <optional>
#include <vector>

#include "views/dag_view_data.h"

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
    std::size_t labels = 0;
    double milliseconds = 0;
};

class DagGanttPlottable : public QCPAbstractPlottable {
    Q_OBJECT
public:
    DagGanttPlottable(QCPAxis* timeAxis, QCPAxis* rowAxis);

    void setData(std::shared_ptr<const DagViewData> data);
    const DagViewData* data() const { return m_data.get(); }
    void setColors(const DagColors& colors);
    void setShowCriticalPath(bool shown) { m_showCritical = shown; }
    void setShowWaits(bool shown) { m_showWaits = shown; }

    // Pixel rectangles of a task's runs (in the current axis ranges), for tests and overlays.
    std::vector<QRectF> taskPixelRects(std::size_t task) const;
    std::optional<DagGanttHit> hitTest(const QPointF& pixel) const;
    const DagGanttDrawStats& lastDrawStats() const { return m_stats; }

    double selectTest(const QPointF& pos, bool onlySelectable, QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

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
    QRectF pixelRect(double start, double end, int firstRow, int lastRow) const;
    void drawClusterBands(QCPPainter* painter, double rowLow, double rowHigh) const;

    std::shared_ptr<const DagViewData> m_data;
    std::vector<ClusterIndex> m_clusters;
    std::vector<QColor> m_palette;
    std::vector<std::uint16_t> m_taskColor;
    bool m_showCritical = true;
    bool m_showWaits = true;
    std::vector<std::uint8_t> m_pixelUsed;   // sub-pixel merging, one byte per pixel of the axis rect
    DagGanttDrawStats m_stats;
};

// Cluster names at the middle of their bands, or each processor ("C1 #3") when the rows are tall enough.
class DagProcessorTicker : public QCPAxisTicker {
public:
    explicit DagProcessorTicker(QCPAxis* axis) : m_axis(axis) {}
    void setData(std::shared_ptr<const DagViewData> data) { m_data = std::move(data); }

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
    int m_lastViewportHeight = 0;
};

// The Gantt widget: zoom (wheel: time, Ctrl+wheel: processors), pan, fit on double click, tooltips,
// click to select a task (empty click clears).
class DagGanttPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit DagGanttPlot(QWidget* parent = nullptr);

    void setData(std::shared_ptr<const DagViewData> data, const DagColors& colors);
    void setColors(const DagColors& colors);
    void setShowCriticalPath(bool shown);
    void setMessage(const QString& message);
    DagGanttPlottable* gantt() const { return m_gantt; }

    void setSelectedTask(int task);
    int selectedTask() const { return m_selected; }
    // Brings the task into the middle of the view (zooming out when it is wider than the view).
    void centreOn(std::size_t task);
    void fitView();

signals:
    void taskClicked(int task);   // -1: an empty place
    void exportRequested();

protected:
    void updateLayout() override;

private:
    void rebuildLegend(const DagColors& colors);
    void clampTimeRange(const QCPRange& range);
    void clampRowRange(const QCPRange& range);
    void onMouseMove(QMouseEvent* event);
    void onMousePress(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);
    void setHovered(std::optional<DagGanttHit> hit);

    class Overlay;
    DagGanttPlottable* m_gantt;
    Overlay* m_overlay;
    QSharedPointer<DagProcessorTicker> m_ticker;
    TimeMarkerLayer* m_markers;
    QCPItemText* m_message;
    std::vector<QColor> m_taskColors;   // for tooltips
    std::optional<DagGanttHit> m_hovered;
    int m_selected = -1;
    QPointF m_pressPosition;
    bool m_clamping = false;
    int m_laidOutAxisHeight = -1;
};

}  // namespace hetsched::ui
