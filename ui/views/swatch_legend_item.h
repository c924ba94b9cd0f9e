// A legend entry that is just a colour and a name (the kinds or groups of a Gantt have no plottable each).
#pragma once

#include <qcustomplot.h>

#include <QColor>
#include <QString>

namespace hetsched::ui {

class SwatchLegendItem : public QCPAbstractLegendItem {
    Q_OBJECT
public:
    SwatchLegendItem(QCPLegend* legend, QColor color, QString text);

protected:
    void draw(QCPPainter* painter) override;
    QSize minimumOuterSizeHint() const override;

private:
    QRect textRect(const QFontMetrics& metrics) const;

    QColor m_color;
    QString m_text;
};

}  // namespace hetsched::ui
