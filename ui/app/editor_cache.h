// The editors of the entries shown last, each bound to its entry, kept so that showing an entry again shows
// its editor as it was left (a task graph of 10,000 tasks takes a second to draw). The least recently shown
// go beyond the few kept; an entry removed takes its editor along.
#pragma once

#include <QPointer>
#include <QString>

#include <cstddef>
#include <functional>
#include <vector>

#include "document/project_document.h"

class QStackedWidget;

namespace hetsched::ui {

class InstanceEditor;

class EditorCache {
public:
    static constexpr std::size_t kKept = 4;

    // New editors go into `host`; `prepare` connects each new one to the window (its messages, its plots' exports).
    EditorCache(ProjectDocument* document, QStackedWidget* host, std::function<void(InstanceEditor&)> prepare);

    // The entry's editor: the kept one as it was left (it followed its entry meanwhile), or a new one; null
    // when the entry's kind has no editor.
    InstanceEditor* editorFor(const DocumentEntry& entry);
    // Deletes the kept editors of entries no longer in the document (every one: `all`). True when `current`
    // was among them.
    bool drop(bool all, const InstanceEditor* current);

private:
    struct Kept {
        EntryId entry = 0;
        QString kind;
        QPointer<InstanceEditor> editor;
    };
    ProjectDocument* m_document;
    QStackedWidget* m_host;
    std::function<void(InstanceEditor&)> m_prepare;
    std::vector<Kept> m_kept;   // least recently shown first
};

}  // namespace hetsched::ui
