// File > Export Schedule…: the current run, or the runs selected together, written in a trace or table format of
// the format table (TikZ, Paje, Jedule, Chrome trace, interval CSV, metrics CSV, LaTeX table), as `hetsched
// export` writes them; a run replayed on SimGrid adds its simulated schedule beside the planned one.
#pragma once

#include <QObject>
#include <QString>
#include <functional>
#include <vector>

#include "common/expected.h"
#include "document/run_record.h"
#include "export/schedule_set.h"

class QAction;
class QWidget;

namespace hetsched {
struct FileFormat;
}

namespace hetsched::ui {

// The schedules of those runs as the writers take them: one run named by its solver; several named "(a) heft",
// "(b) mheft" as the panels of a comparison; each simulated run followed by "... (simulated)". `title` is the
// set's (a single run's own title when empty). Runs without a schedule are left out.
ScheduleSet scheduleSetOfRuns(const std::vector<const RunRecord*>& runs, const std::string& title = {});

// The trace and table writers whose extension `path` has (".csv": the intervals and the metrics table).
std::vector<const FileFormat*> scheduleWritersFor(const QString& path);
// What the Export Schedule dialog says of a file name whose extension no writer has: the extensions to use
// (the dialog has no --format; that is the command line's word).
QString unknownScheduleExtensionMessage(const QString& path);

class ScheduleExportController : public QObject {
    Q_OBJECT
public:
    // `runs` gives the runs to export now (the selected ones, else the current one; none: the action is off);
    // `fileStem` the name offered ("dag-two-clusters-hcpa").
    ScheduleExportController(QWidget* window, std::function<std::vector<const RunRecord*>()> runs,
                             std::function<QString()> fileStem);

    QAction* action() const { return m_action; }
    // Writes the runs to `path` in the format named `format` (a writer of the format table: "paje", "tikz", ...),
    // by the path's extension when empty; errors name the file, the format or the run.
    Expected<bool> exportTo(const QString& path, const QString& format = {}) const;
    // Enables the action when there are runs to export.
    void updateAction();

private:
    void exportWithDialog();

    QWidget* m_window;
    std::function<std::vector<const RunRecord*>()> m_runs;
    std::function<QString()> m_fileStem;
    QAction* m_action;
};

}  // namespace hetsched::ui
