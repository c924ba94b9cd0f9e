// Lane names as the ticks of a Gantt's lane axis, thinned out so that labels never overlap.
#pragma once

#include <qcustomplot.h>

#include <QStringList>

namespace hetsched::ui {

class LaneAxisTicker : public QCPAxisTicker {
public:
    // `axis` is the vertical lane axis this ticker serves (it owns the ticker through a shared pointer).
    explicit LaneAxisTicker(QCPAxis* axis);

    void setLaneNames(QStringList names) { m_names = std::move(names); }
    const QStringList& laneNames() const { return m_names; }
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
    int m_lastViewportHeight = 0;
};

}  // namespace hetsched::ui
