// File > Import Task Graph: a task graph in any format core reads (DOT, WfFormat, DAX, STG, daggen) on a
// platform (a SimGrid XML or JSON platform file, the platform of the current dag instance, or the random
// platform of N'Takpé and Suter 2006), previewed (tasks, edges, clusters, processors, what was read as
// what, and what was defaulted or merged) with any error shown in the dialog. The files are read off the
// GUI thread (a WfFormat of 100,000 tasks, a SimGrid platform in its child process), a moment after each change.
// The import's settings and the random platform's are fields of the option tables `hetsched import` reads
// (taskGraphImportOptionTable, dagPlatformOptions): the same ranges, defaults and checks as the CLI's.
#pragma once

#include <QDialog>
#include <optional>

#include "common/expected.h"
#include "common/options.h"
#include "common/progress.h"
#include "io/dag_import.h"
#include "model/dag_random.h"
#include "util/option_form.h"

class QButtonGroup;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QTimer;

namespace hetsched::ui {

class BackgroundJob;

class TaskGraphImportDialog : public QDialog {
    Q_OBJECT
public:
    enum class PlatformSource { File, Current, Random };

    explicit TaskGraphImportDialog(QWidget* parent = nullptr);

    // The platform of the current entry when it is a dag instance (offered as a source, chosen by default).
    void setCurrentPlatform(const QString& entryName, const DagPlatform& platform);

    void setGraphFile(const QString& path);
    void setFormat(const std::string& format);   // "auto" or a name of the format table
    void setTaskGraphImportOptions(const TaskGraphImportOptions& options);
    void setPlatformSource(PlatformSource source);
    void setPlatformFile(const QString& path);
    void setRandomPlatform(const DagPlatformConfig& config);

    // Reads the files now, on this thread (the form also refreshes by itself a moment after each change,
    // reading off the GUI thread).
    void refresh();
    bool isReading() const;
    // The imported instance, or the error naming the file and the problem.
    const Expected<DagInstance>& result() const { return m_result; }
    // "12 tasks, 15 edges on 2 clusters (64 processors)" then "Read as daggen DOT." and the reader's
    // notes (what was defaulted, merged or dropped), one a line; or the error.
    QString previewText() const;
    const std::vector<std::string>& notes() const { return m_notes; }
    // The makespan the graph's file records for its own run (WfFormat); none when it records none.
    std::optional<double> recordedMakespan() const { return m_recordedMakespan; }
    // The notes that are warnings, shown in a bar above the preview; empty when none.
    QString warningText() const;
    // The name of the new entry (the graph file's base name unless edited).
    QString entryName() const;

    // Imports what the form says now (read at once if a change is still being read).
    void accept() override;

signals:
    void previewUpdated();  // result() and previewText() are those of the form as it is

private:
    // What the form asks for: the files and settings, read nowhere yet.
    struct Request {
        std::string graph;
        std::string format = "auto";
        TaskGraphImportOptions options;
        std::optional<DagPlatform> platform;   // the current one, or...
        std::string platformFile;              // ...a file, or...
        std::optional<DagPlatformConfig> random;  // ...a random one
    };
    void scheduleRefresh();
    void refreshInBackground();
    // The form's state (enabled fields, proposed name) and its request; an error names the field.
    Expected<Request> updateForm();
    // Any thread; the file is read in the hetsched-import child process, stopped by `progress`.
    static Expected<DagImport> load(const Request& request, const Progress& progress = {});
    void showResult(Expected<DagImport> result);
    void browseGraph();
    void browsePlatform();
    QWidget* addField(std::vector<OptionField>& fields, const OptionTable& table, const char* name,
                      const QString& label, const OptionDisplay& display);
    QWidget* field(const std::vector<OptionField>& fields, const char* name) const;
    // The fields' values over the table's defaults; the first bad one is the error.
    static Expected<OptionValues> read(const std::vector<OptionField>& fields, const OptionTable& table);

    QLineEdit* m_graphFile;
    std::vector<OptionField> m_importFields;     // of taskGraphImportOptionTable(): format, reference speed, alpha, defaults
    std::vector<OptionField> m_platformFields;   // of dagPlatformOptions(): the random platform
    QButtonGroup* m_sources;
    QRadioButton* m_fileSource;
    QRadioButton* m_currentSource;
    QRadioButton* m_randomSource;
    QLineEdit* m_platformFile;
    QLineEdit* m_name;
    QLabel* m_preview;
    class MessageBar* m_warning;   // the import's warnings: perfectly parallel tasks, a record far from the platform's bounds
    QDialogButtonBox* m_buttons;
    QTimer* m_refreshTimer;
    BackgroundJob* m_job;
    std::optional<DagPlatform> m_currentPlatform;
    QString m_nameFromFile;             // the name proposed for the current graph file
    Expected<DagInstance> m_result;
    std::string m_formatRead;           // what the reader recognised ("WfFormat 1.4")
    std::vector<std::string> m_notes;
    std::optional<double> m_recordedMakespan;
};

}  // namespace hetsched::ui
