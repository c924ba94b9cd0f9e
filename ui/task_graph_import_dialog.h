// File > Import Task Graph: a daggen DOT or WfFormat JSON graph on a platform (a SimGrid XML or JSON
// platform file, the platform of the current dag instance, or the random platform of N'Takpé and Suter
// 2006), previewed (tasks, edges, clusters, processors) with any error shown in the dialog. The files are
// read off the GUI thread (a WfFormat of 100,000 tasks takes a while), a moment after each change.
#pragma once

#include <QDialog>
#include <optional>

#include "common/expected.h"
#include "io/dag_import.h"
#include "model/dag_random.h"

class QButtonGroup;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QSpinBox;
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
    void setFormat(TaskGraphFormat format);
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
    // "12 tasks, 15 edges on 2 clusters (64 processors)" or the error.
    QString previewText() const;
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
        TaskGraphFormat format = TaskGraphFormat::Auto;
        TaskGraphImportOptions options;
        std::optional<DagPlatform> platform;   // the current one, or...
        std::string platformFile;              // ...a file, or...
        std::optional<DagPlatformConfig> random;  // ...a random one
    };
    void scheduleRefresh();
    void refreshInBackground();
    // The form's state (enabled fields, proposed name) and its request; an error names the field.
    Expected<Request> updateForm();
    static Expected<DagInstance> load(const Request& request);  // any thread
    void showResult(Expected<DagInstance> result);
    void browseGraph();
    void browsePlatform();

    QLineEdit* m_graphFile;
    QComboBox* m_format;
    QDoubleSpinBox* m_referenceSpeed;   // Gflop/s
    QDoubleSpinBox* m_alpha;
    QButtonGroup* m_sources;
    QRadioButton* m_fileSource;
    QRadioButton* m_currentSource;
    QRadioButton* m_randomSource;
    QLineEdit* m_platformFile;
    QComboBox* m_clusters;
    QSpinBox* m_minProcessors;
    QSpinBox* m_maxProcessors;
    QDoubleSpinBox* m_minSpeed;         // Gflop/s
    QDoubleSpinBox* m_heterogeneity;
    QSpinBox* m_seed;
    QLineEdit* m_name;
    QLabel* m_preview;
    QDialogButtonBox* m_buttons;
    QTimer* m_refreshTimer;
    BackgroundJob* m_job;
    std::optional<DagPlatform> m_currentPlatform;
    QString m_nameFromFile;             // the name proposed for the current graph file
    Expected<DagInstance> m_result;
};

}  // namespace hetsched::ui
