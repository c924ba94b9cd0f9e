#include "editors/instance_editor.h"

#include "families/ui_family.h"

namespace hetsched::ui {

bool hasInstanceEditor(const Instance& instance) {
    const UiFamily* family = uiFamilyOf(instance);
    return family && family->createEditor;
}

InstanceEditor* createInstanceEditor(const Instance& instance, ProjectDocument* document, QWidget* parent) {
    const UiFamily* family = uiFamilyOf(instance);
    return family && family->createEditor ? family->createEditor(document, parent) : nullptr;
}

}  // namespace hetsched::ui
