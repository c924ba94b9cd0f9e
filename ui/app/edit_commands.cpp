#include "app/edit_commands.h"

#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QKeySequence>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QTextEdit>
#include <utility>
#include <vector>

#include "canvas/canvas_widget.h"

namespace hetsched::ui {

namespace {

enum class Command { Cut, Copy, Paste, Delete, SelectAll };

CanvasWidget* canvasOf(QWidget* widget) {
    for (QWidget* w = widget; w; w = w->parentWidget())
        if (auto* canvas = qobject_cast<CanvasWidget*>(w)) return canvas;
    return nullptr;
}

QLineEdit* lineEditOf(QWidget* widget) {
    if (auto* edit = qobject_cast<QLineEdit*>(widget)) return edit;
    if (auto* box = qobject_cast<QAbstractSpinBox*>(widget)) return box->findChild<QLineEdit*>();
    return nullptr;
}

// Whether `command` applies to a QTextEdit or a QPlainTextEdit (the same editing calls, no common base),
// and does it when `run`.
template <class Text>
bool applyToText(Command command, Text* text, bool run) {
    const bool editable = !text->isReadOnly();
    const bool selected = text->textCursor().hasSelection();
    switch (command) {
        case Command::Cut: if (run) text->cut(); return editable && selected;
        case Command::Copy: if (run) text->copy(); return selected;
        case Command::Paste: if (run) text->paste(); return editable;
        case Command::Delete: if (run) text->textCursor().removeSelectedText(); return editable && selected;
        case Command::SelectAll: if (run) text->selectAll(); return true;
    }
    return false;
}

// Whether `command` applies to `focus`, and does it when `run`.
bool apply(Command command, QWidget* focus, bool run) {
    if (QLineEdit* edit = lineEditOf(focus)) {
        const bool editable = !edit->isReadOnly();
        switch (command) {
            case Command::Cut: if (run) edit->cut(); return editable && edit->hasSelectedText();
            case Command::Copy: if (run) edit->copy(); return edit->hasSelectedText();
            case Command::Paste: if (run) edit->paste(); return editable;
            case Command::Delete: if (run) edit->del(); return editable && (edit->hasSelectedText() || edit->cursorPosition() < edit->text().size());
            case Command::SelectAll: if (run) edit->selectAll(); return !edit->text().isEmpty();
        }
    }
    if (auto* text = qobject_cast<QTextEdit*>(focus)) return applyToText(command, text, run);
    if (auto* text = qobject_cast<QPlainTextEdit*>(focus)) return applyToText(command, text, run);
    if (CanvasWidget* canvas = canvasOf(focus)) {
        switch (command) {
            case Command::Cut:
                if (run) {
                    canvas->copySelection();
                    canvas->deleteSelection();
                }
                return true;
            case Command::Copy: if (run) canvas->copySelection(); return true;
            case Command::Paste: if (run) canvas->paste(); return true;
            case Command::Delete: if (run) canvas->deleteSelection(); return true;
            case Command::SelectAll: if (run) canvas->selectAll(); return true;
        }
    }
    if (auto* view = qobject_cast<QAbstractItemView*>(focus); view && command == Command::SelectAll) {
        if (run) view->selectAll();
        return view->selectionMode() == QAbstractItemView::ExtendedSelection ||
               view->selectionMode() == QAbstractItemView::MultiSelection;
    }
    return false;
}

}  // namespace

void addEditCommands(QMenu* menu, QWidget* window) {
    struct Entry {
        Command command;
        const char* text;
        QKeySequence::StandardKey key;
        const char* name;
    };
    static const Entry kEntries[] = {
        {Command::Cut, QT_TRANSLATE_NOOP("EditCommands", "Cu&t"), QKeySequence::Cut, "cutAction"},
        {Command::Copy, QT_TRANSLATE_NOOP("EditCommands", "&Copy"), QKeySequence::Copy, "copyAction"},
        {Command::Paste, QT_TRANSLATE_NOOP("EditCommands", "&Paste"), QKeySequence::Paste, "pasteAction"},
        {Command::Delete, QT_TRANSLATE_NOOP("EditCommands", "&Delete"), QKeySequence::Delete, "deleteAction"},
        {Command::SelectAll, QT_TRANSLATE_NOOP("EditCommands", "Select &All"), QKeySequence::SelectAll, "selectAllAction"},
    };
    menu->addSeparator();
    std::vector<std::pair<QAction*, Command>> actions;
    for (const Entry& e : kEntries) {
        // The key as a label after a tab: shown, but not a second shortcut beside the focused widget's own.
        const QString key = QKeySequence(e.key).toString(QKeySequence::NativeText);
        auto* action = new QAction(QCoreApplication::translate("EditCommands", e.text) + QLatin1Char('\t') + key, window);
        action->setObjectName(QLatin1String(e.name));
        action->setProperty("shortcutText", key);
        const Command command = e.command;
        QObject::connect(action, &QAction::triggered, window, [command] { apply(command, QApplication::focusWidget(), true); });
        menu->addAction(action);
        actions.emplace_back(action, command);
    }
    // The menu opens with the focus still on the widget it acts on: enabled where the command applies.
    QObject::connect(menu, &QMenu::aboutToShow, window, [actions] {
        for (const auto& [action, command] : actions) action->setEnabled(apply(command, QApplication::focusWidget(), false));
    });
}

}  // namespace hetsched::ui
