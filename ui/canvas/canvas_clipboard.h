// The canvas's clipboard: copied nodes (with the links among them and their positions) as a family's JSON
// fragment on the system clipboard, and a paste read back from whatever another program may have put there.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QPointF>
#include <QString>
#include <optional>
#include <vector>

#include "canvas/canvas_adapter.h"

namespace hetsched::ui {

class CanvasClipboard {
public:
    // A paste: the edit the adapter made of the fragment and where its new nodes go (their copied positions,
    // shifted), or why nothing can be pasted (`edit` refused).
    struct Paste {
        CanvasEdit edit;
        QHash<QString, QPointF> placed;
    };

    // The nodes `nodes` of `instance` (drawn at `positions`, one per node) as the clipboard's content.
    static QByteArray copied(const CanvasAdapter& adapter, const Instance& instance, const std::vector<int>& nodes,
                             const std::vector<QPointF>& positions);
    // Puts them on the system clipboard.
    static void copy(const CanvasAdapter& adapter, const Instance& instance, const std::vector<int>& nodes,
                     const std::vector<QPointF>& positions);

    // The system clipboard's content pasted into `instance`; nothing when the clipboard is empty.
    static std::optional<Paste> paste(const CanvasAdapter& adapter, const Instance& instance);
    // `bytes` pasted into `instance`: refused, with a message, when they are not nodes this family copied.
    static Paste pasted(const CanvasAdapter& adapter, const Instance& instance, const QByteArray& bytes);
};

}  // namespace hetsched::ui
