// What the experiment dialogs of the Tools menu share (the CPU+GPU experiment, the task-graph evaluation,
// the divisible-load simulation): the work runs off the GUI thread with a progress bar; Run becomes Cancel
// while it runs, and closing the dialog cancels it; a status line, a message bar for errors; Save CSV and
// one Export button per plot once there are results, offered in the directory used last; Run on a Cluster
// writes the SLURM job script of the same sweep for the settings on screen. Each field of the experiment's
// option table is that table's editor (OptionField, util/option_form.h), so the form takes the ranges, defaults and messages of
// the `hetsched experiment NAME` flags.
#pragma once

#include <QDialog>
#include <QSize>
#include <QString>
#include <QStringList>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.h"
#include "export/figure_options.h"
#include "sweep/slurm_script.h"
#include "sweep/sweep.h"
#include "util/background_job.h"
#include "util/option_form.h"

class QCustomPlot;
class QHBoxLayout;
class QLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace hetsched::ui {

class ClusterScriptDialog;
class MessageBar;

class ExperimentDialog : public QDialog {
    Q_OBJECT
public:
    // Starts a run from the form (an error in the form is shown and reported by experimentFailed);
    // nothing while one runs.
    void run();
    void cancel();
    bool isRunning() const { return m_job->isRunning(); }
    // Without dialogs, for scripts and tests; errors name the file. A path ending in .tex gets the same table
    // as a booktabs LaTeX table.
    virtual Expected<bool> saveCsv(const QString& path) const = 0;
    // One of the dialog's plots as a figure (hetsched export's options: physical size, text in points, title);
    // errors name the flag or the file.
    Expected<bool> exportFigure(QCustomPlot* plot, const QString& path, const FigureOptions& options) const;
    // Opens Run on a Cluster for the form's settings (the form's error instead, when it has one); the
    // dialog it opened, while it is open.
    void openClusterScript();
    ClusterScriptDialog* clusterScriptDialog() const { return m_clusterDialog; }

signals:
    void experimentFinished();
    void experimentCancelled();
    void experimentFailed(const QString& message);

protected:
    // `fileStem` names the files offered ("cpugpu-experiment" gives cpugpu-experiment.csv).
    ExperimentDialog(const QString& fileStem, QWidget* parent);

    // The work of one run, from the form; an error names the field. The work runs on a pool thread and
    // returns what to do on the GUI thread: call finish() or fail() there.
    virtual Expected<BackgroundJob::Work> makeWork() = 0;
    // The sweep of the form's settings for the job script: the experiment's name as the CLI knows it, its
    // canonical flags and its unit count (an error names the field).
    virtual Expected<SlurmSweepOptions> clusterSweep() const = 0;
    virtual bool hasResults() const = 0;
    // The form's fields are disabled while a run goes on.
    virtual void setFormEnabled(bool enabled) = 0;

    // From a delivery: the results are in (status line, full progress, experimentFinished)...
    void finish(const QString& status);
    // ...or there are none (the message bar says why; experimentFailed, or experimentCancelled for a
    // cancellation reported as an error).
    void fail(const Error& error);
    // The experiment's CSV table written to `path`, as a booktabs LaTeX table when it ends in .tex.
    Expected<bool> writeTable(const QString& path, const std::string& csv) const;
    // A plot with its Export button ("Export Plot…"), exported at `size` pixels by default.
    QPushButton* addExport(QCustomPlot* plot, const QString& buttonText, const QString& fileSuffix, QSize size);
    Expected<bool> exportChart(QCustomPlot* plot, const QString& path, QSize size) const;
    // Run, the progress bar, Save CSV and the Export buttons in one row.
    QHBoxLayout* actionRow();
    // The usual dialog: the form, the action row, the status line and message bar, the plot, Close.
    void layOut(QLayout* form, QWidget* plot);
    void updateState();

    QPushButton* runButton() const { return m_runButton; }
    QPushButton* saveButton() const { return m_saveButton; }
    QPushButton* clusterButton() const { return m_clusterButton; }
    const std::vector<QPushButton*>& exportButtons() const { return m_exportButtons; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* statusLabel() const { return m_status; }
    MessageBar* messageBar() const { return m_message; }

    void reject() override;

    // A spin box for one entry of a list option of whole numbers, in a form of the dialog's own (cpugpu's
    // FROM, TO and STEP of --tasks): the range the table gives each entry.
    static QSpinBox* entrySpinBox(QWidget* parent, const ExperimentOptions& options, const std::string& name);

private:
    QString suggestedPath(const QString& fileName) const;
    void saveWithDialog();
    void exportWithDialog(QCustomPlot* plot, const QString& fileSuffix, QSize size);

    QString m_fileStem;
    BackgroundJob* m_job;
    QPushButton* m_runButton;
    QPushButton* m_saveButton;
    QPushButton* m_clusterButton;
    ClusterScriptDialog* m_clusterDialog = nullptr;
    std::vector<QPushButton*> m_exportButtons;
    QProgressBar* m_progress;
    QLabel* m_status;
    MessageBar* m_message;
};

}  // namespace hetsched::ui
