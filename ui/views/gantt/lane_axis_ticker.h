// Lane names as the ticks of a Gantt's lane axis, thinned out so that labels never overlap.
#pragma once

#include <qcustomplot.h>

#include <QMap>
#include <QStringList>
#include <utility>
#include <vector>

namespace hetsched::ui {

class LaneAxisTicker : public QCPAxisTicker {
public:
    // `axis` is the vertical lane axis this ticker serves (it owns the ticker through a shared pointer).
    explicit LaneAxisTicker(QCPAxis* axis);

    void setLaneNames(QStringList names) { m_names = std::move(names); }
    const QStringList& laneNames() const { return m_names; }
    // Runs of consecutive lanes of one category (first, last lane), none when lanes have no categories. Where
    // not every lane can be named and every run is in view, each run is named once at its middle by the
    // range of its lanes' names ("CPU 0–7", "GPU 0–1") rather than every fifth lane.
    void setLaneGroups(std::vector<std::pair<int, int>> groups) { m_groups = std::move(groups); }
    // The label of a run of lanes so named: "CPU 0–7" for "CPU 0" ... "CPU 7", "P1–2 send" for "P1 send" and
    // "P2 send"; empty unless the names differ only by consecutive numbers ("P1 send", "P3 send": empty).
    static QString rangeLabel(const QStringList& names);
    // The pixels a lane needs for its name not to touch its neighbours' at that font.
    static double labelPixels(const QFont& font) { return QFontMetricsF(font).height() * 1.2; }

protected:
    double getTickStep(const QCPRange& range) override;
    int getSubTickCount(double tickStep) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override;

private:
    // Pixels the axis will span in the frame being laid out (ticks are made before the layout of that frame).
    double availablePixels();

    QCPAxis* m_axis;
    QStringList m_names;
    std::vector<std::pair<int, int>> m_groups;
    QMap<double, QString> m_groupLabels;   // this frame's run labels by tick, when the runs are named
    double m_fitting = 0;                  // names the axis holds this frame
    double m_available = 0;                // its pixels this frame
    int m_lastViewportHeight = 0;
};

}  // namespace hetsched::ui
