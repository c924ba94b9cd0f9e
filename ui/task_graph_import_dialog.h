// File > Import Task Graph: a daggen DOT or WfFormat JSON graph on a platform (a SimGrid XML or JSON
// platform file, the platform of the current dag instance, or the random platform of N'Takpé and Suter
// 2006), previewed (tasks, edges, clusters, processors) with any error shown in the dialog.
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

class TaskGraphImportDialog : public QDialog {
    Q_OBJECT
public:
    enum class PlatformSource { File, Current, Random };

    explicit TaskGraphImportDialog(QWidget* parent = nullptr);

    // The platform of the current entry when it is a dag instance (offered as a source, chosen by default).
    void setCurrentPlatform(const QString& entryName, const DagPlatform& platform);

    void setGraphFile(const QString& path);
    void setFormat(TaskGraphFormat format);
    void setWfFormatOptions(const WfFormatOptions& options);
    void setPlatformSource(PlatformSource source);
    void setPlatformFile(const QString& path);
    void setRandomPlatform(const DagPlatformConfig& config);

    // Reads the files now (the form also refreshes by itself a moment after each change).
    void refresh();
    // The imported instance, or the error naming the file and the problem.
    const Expected<DagInstance>& result() const { return m_result; }
    // "12 tasks, 15 edges on 2 clusters (64 processors)" or the error.
    QString previewText() const;
    // The name of the new entry (the graph file's base name unless edited).
    QString entryName() const;

private:
    void scheduleRefresh();
    Expected<DagPlatform> platform() const;
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
    std::optional<DagPlatform> m_currentPlatform;
    QString m_nameFromFile;             // the name proposed for the current graph file
    Expected<DagInstance> m_result;
};

}  // namespace hetsched::ui
