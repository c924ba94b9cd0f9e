// The resources compiled into hetsched_ui (examples, icons), registered once whoever needs them first.
#pragma once

namespace hetsched::ui {

// A static library's resources are only linked when referenced: every entry point calls this.
void ensureResourcesLoaded();

}  // namespace hetsched::ui
