// The names of a Gantt's lane categories ("send ports", "processors"), written upright in a strip at the
// left of the lane names, each beside a bracket spanning its lanes: in the margin, never over a bar.
#pragma once

#include <qcustomplot.h>

#include <QString>
#include <vector>

namespace hetsched::ui {

class GanttPlottable;

class GanttCategoryLayer : public QCPLayerable {
    Q_OBJECT
public:
    GanttCategoryLayer(QCPAxisRect* axisRect, const GanttPlottable* gantt, const QString& layer);

    // The strip's width, to reserve as the lane axis' padding: 0 unless the schedule has two categories and
    // one of them is more than a lane named after it (small_platform.xml's one-host clusters: "Tremblay #0").
    int stripWidth() const;
    // The least height of the plot area (pixels) at which every category's name is whole in the strip (the
    // names may use a line and a half above and below it): 0 without a strip.
    int namesPixels() const;
    // The names the last draw wrote (elided where short of room), each with the span of pixel rows it was
    // given, top to bottom.
    struct DrawnName {
        QString text;
        double from = 0;
        double to = 0;
    };
    const std::vector<DrawnName>& drawnNames() const { return m_drawnNames; }

protected:
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override;
    void draw(QCPPainter* painter) override;

private:
    // Whether some category is not merely one lane whose name says it: the strip has something to add.
    bool anyNameToAdd() const;

    QCPAxisRect* m_axisRect;
    const GanttPlottable* m_gantt;
    std::vector<DrawnName> m_drawnNames;
};

}  // namespace hetsched::ui
