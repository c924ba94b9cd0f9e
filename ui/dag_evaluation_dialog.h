// The evaluation of N'Takpé and Suter (2006, sections 5 and 6) off the GUI thread: every chosen dag solver
// on random task graphs and clusters of clusters, one of the paper's four metrics plotted by number of
// clusters (Figure 2) or by heterogeneity (Figure 4), one curve per solver; saved as CSV, exported as a chart.
#pragma once

#include <QDialog>
#include <optional>
#include <vector>

#include "common/expected.h"
#include "solvers/dag/dag_experiments.h"

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace hetsched::ui {

class BackgroundJob;

class DagEvaluationDialog : public QDialog {
    Q_OBJECT
public:
    explicit DagEvaluationDialog(QWidget* parent = nullptr);

    // The configuration of the form (errors name the field); setConfig fills the form.
    Expected<DagEvaluationConfig> config() const;
    void setConfig(const DagEvaluationConfig& config);
    void run();
    void cancel();
    bool isRunning() const;
    const std::optional<std::vector<DagEvaluationRow>>& rows() const { return m_rows; }
    QCustomPlot* plot() const { return m_plot; }
    Expected<bool> saveCsv(const QString& path) const;

    enum class GroupBy { Clusters, Heterogeneity };
    enum class Metric { Makespan, MakespanTimesPeakPower, MakespanOverAveragePower, SpeedupOverSeq };
    void showGroup(GroupBy group);
    void showMetric(Metric metric);

signals:
    void experimentFinished();
    void experimentCancelled();
    void experimentFailed(const QString& message);

private:
    void showRows();
    void updateState();

    QLineEdit* m_sizes;
    QLineEdit* m_clusters;
    QLineEdit* m_heterogeneities;
    QLineEdit* m_minSpeeds;       // Gflop/s
    QSpinBox* m_dagSamples;
    QSpinBox* m_platformSamples;
    QSpinBox* m_seed;
    std::vector<QCheckBox*> m_solvers;
    QComboBox* m_groupBy;
    QComboBox* m_metric;
    QPushButton* m_runButton;
    QPushButton* m_saveButton;
    QPushButton* m_exportButton;
    QProgressBar* m_progress;
    QLabel* m_status;
    QCustomPlot* m_plot;
    BackgroundJob* m_job;
    std::optional<std::vector<DagEvaluationRow>> m_rows;
    std::vector<std::string> m_rowSolvers;   // the solvers of the shown run, in the form's order
};

}  // namespace hetsched::ui
