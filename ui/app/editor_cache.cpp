#include "app/editor_cache.h"

#include <QStackedWidget>

#include <algorithm>

#include "editors/instance_editor.h"

namespace hetsched::ui {

EditorCache::EditorCache(ProjectDocument* document, QStackedWidget* host, std::function<void(InstanceEditor&)> prepare)
    : m_document(document), m_host(host), m_prepare(std::move(prepare)) {}

InstanceEditor* EditorCache::editorFor(const DocumentEntry& entry) {
    const QString kind = QString::fromStdString(instanceKind(entry.instance));
    const auto cached = std::find_if(m_kept.begin(), m_kept.end(), [&](const Kept& k) {
        return k.entry == entry.id && k.kind == kind && k.editor;
    });
    if (cached != m_kept.end()) {
        std::rotate(cached, cached + 1, m_kept.end());
        return m_kept.back().editor;
    }
    InstanceEditor* editor = createInstanceEditor(entry.instance, m_document, m_host);
    if (!editor) return nullptr;
    m_host->addWidget(editor);
    if (m_prepare) m_prepare(*editor);
    editor->setEntry(entry.id);
    m_kept.push_back({entry.id, kind, editor});
    while (m_kept.size() > kKept) {
        delete m_kept.front().editor;
        m_kept.erase(m_kept.begin());
    }
    return editor;
}

bool EditorCache::drop(bool all, const InstanceEditor* current) {
    bool droppedCurrent = false;
    for (auto it = m_kept.begin(); it != m_kept.end();) {
        if (all || !it->editor || !m_document->entry(it->entry)) {
            if (it->editor.data() == current) droppedCurrent = true;
            // A removal may come from a signal its own editor is in: that one goes when control is back.
            if (all) delete it->editor;
            else if (it->editor) it->editor->deleteLater();
            it = m_kept.erase(it);
        } else {
            ++it;
        }
    }
    return droppedCurrent;
}

}  // namespace hetsched::ui
