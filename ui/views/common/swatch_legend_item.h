// A legend entry that is just a swatch and a name (the kinds or groups of a Gantt have no plottable each).
#pragma once

#include <qcustomplot.h>

#include <QColor>
#include <QString>
#include <vector>

namespace hetsched::ui {

// How a swatch looks, as the chart draws what it names: filled with one colour or several side by side
// (a ramp, a cycle), hatched, or only outlined; no fill and no outline: no swatch, the text alone.
struct Swatch {
    std::vector<QColor> fill;
    QColor outline;  // invalid: the first fill colour darkened
    double outlineWidth = 1;
    Qt::BrushStyle hatch = Qt::NoBrush;  // drawn over the fill in the outline's colour
    int width = 0;                       // pixels; 0: the legend's icon width
};

class SwatchLegendItem : public QCPAbstractLegendItem {
    Q_OBJECT
public:
    SwatchLegendItem(QCPLegend* legend, QColor color, QString text);
    SwatchLegendItem(QCPLegend* legend, Swatch swatch, QString text);

    const QString& text() const { return m_text; }
    const Swatch& swatch() const { return m_swatch; }

protected:
    void draw(QCPPainter* painter) override;
    QSize minimumOuterSizeHint() const override;

private:
    QRect textRect(const QFontMetrics& metrics) const;
    int swatchWidth() const;

    Swatch m_swatch;
    QString m_text;
};

}  // namespace hetsched::ui
