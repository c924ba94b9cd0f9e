#include "util/vertical_scroll.h"

#include <QScrollArea>

namespace hetsched::ui {

QScrollArea* verticalScrollArea(QWidget* content, const QString& objectName, QWidget* parent) {
    auto* area = new QScrollArea(parent);
    area->setObjectName(objectName);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    area->setWidget(content);
    return area;
}

}  // namespace hetsched::ui
