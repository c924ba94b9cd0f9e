// Shows or hides a QCustomPlot legend as a row below the plot.
#pragma once

#include <qcustomplot.h>

namespace hetsched::ui {

// An empty legend grid would cap the width of its layout column, so a hidden legend leaves the
// layout instead of staying in it invisible.
inline void placeLegendBelow(QCustomPlot& plot, bool shown) {
    QCPLegend* legend = plot.legend;
    const bool placed = legend->layout() != nullptr;
    if (shown && !placed) {
        const int row = plot.plotLayout()->rowCount();
        plot.plotLayout()->addElement(row, 0, legend);
        plot.plotLayout()->setRowStretchFactor(row, 0.001);
    } else if (!shown && placed) {
        plot.plotLayout()->take(legend);
        plot.plotLayout()->simplify();
    }
    legend->setVisible(shown);
}

}  // namespace hetsched::ui
