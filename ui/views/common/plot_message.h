// The message a plot shows in the middle of an axis rect ("Run a solver to see its schedule").
#pragma once

#include <qcustomplot.h>

namespace hetsched::ui {

// Grey text on a translucent white box, centred on `rect` (the plot's first axis rect when null), not
// selectable; hidden or changed by the plot as its content comes and goes.
inline QCPItemText* addCentredMessage(QCustomPlot* plot, QCPAxisRect* rect = nullptr) {
    auto* message = new QCPItemText(plot);
    message->setPositionAlignment(Qt::AlignCenter);
    message->position->setType(QCPItemPosition::ptAxisRectRatio);
    if (rect) message->position->setAxisRect(rect);
    message->position->setCoords(0.5, 0.5);
    message->setColor(QColor(0x60, 0x60, 0x60));
    message->setBrush(QColor(255, 255, 255, 220));
    message->setPadding(QMargins(10, 6, 10, 6));
    message->setSelectable(false);
    return message;
}

}  // namespace hetsched::ui
