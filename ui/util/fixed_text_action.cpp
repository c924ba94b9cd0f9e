#include "util/fixed_text_action.h"

#include <QAction>
#include <QKeySequence>

namespace hetsched::ui {

QAction* fixedTextAction(QAction* source, const QString& label, QObject* parent) {
    auto* action = new QAction(source->icon(), label, parent);
    const auto follow = [action, source] {
        QString tip = source->text();
        tip.remove(QLatin1Char('&'));
        if (!source->shortcut().isEmpty())
            tip += QStringLiteral(" (%1)").arg(source->shortcut().toString(QKeySequence::NativeText));
        action->setToolTip(tip);
        action->setStatusTip(tip);
        action->setEnabled(source->isEnabled());
    };
    follow();
    QObject::connect(source, &QAction::changed, action, follow);
    QObject::connect(action, &QAction::triggered, source, [source] { source->trigger(); });
    return action;
}

}  // namespace hetsched::ui
