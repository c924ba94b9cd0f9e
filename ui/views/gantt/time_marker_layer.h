// Vertical marker lines across a time chart (makespan, horizons, guesses) with labels that never overlap.
#pragma once

#include <qcustomplot.h>

#include <QString>
#include <QStringList>
#include <functional>
#include <vector>

namespace hetsched::ui {

struct TimeMarker {
    QString label;  // "makespan = 51.03"
    double time = 0;
    bool dashed = false;
};

// Drawn in every render path (screen, PNG, PDF, SVG): labels are placed at draw time, in up to
// kLabelRows rows above the axis rect, and dropped rather than overlapped when there is no room; solid
// markers (the makespan) are placed first, the dashed ones (guesses, bounds) where room is left.
class TimeMarkerLayer : public QCPLayerable {
    Q_OBJECT
public:
    static constexpr int kLabelRows = 3;

    TimeMarkerLayer(QCPAxisRect* axisRect, QCPAxis* timeAxis, const QString& layer);

    void setMarkers(std::vector<TimeMarker> markers);
    const std::vector<TimeMarker>& markers() const { return m_markers; }
    // The height above the axis rect the labels need, for its top margin.
    int labelAreaHeight() const;
    // Without labels, only the lines are drawn (a chart that says the markers elsewhere, in its title).
    void setLabelsShown(bool shown) { m_labelsShown = shown; }
    bool labelsShown() const { return m_labelsShown; }
    // Where the chart draws something a line must not cross (a bar with its name), by pixel: the lines are
    // broken there, so that they pass behind the bars. None: the lines run unbroken.
    void setCoveredTest(std::function<bool(const QPointF&)> covered) { m_covered = std::move(covered); }
    // The labels the last draw placed (the others were dropped for want of room).
    const QStringList& drawnLabels() const { return m_drawnLabels; }

protected:
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override;
    void draw(QCPPainter* painter) override;

private:
    // Where each label in view goes: its row (0 next to the chart) and its extent across.
    struct PlacedLabel {
        std::size_t marker = 0;
        int row = 0;
        double left = 0;
        double width = 0;
        double x = 0;   // the marker's line
    };
    std::vector<PlacedLabel> placeLabels(const QFontMetricsF& metrics) const;
    // The room kept between the labels and the chart (pixels).
    double clearance(const std::vector<PlacedLabel>& placed, const QFontMetricsF& metrics) const;

    QCPAxisRect* m_axisRect;
    QCPAxis* m_timeAxis;
    std::vector<TimeMarker> m_markers;
    bool m_labelsShown = true;
    std::function<bool(const QPointF&)> m_covered;
    QStringList m_drawnLabels;
};

}  // namespace hetsched::ui
