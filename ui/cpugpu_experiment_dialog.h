// The paper's experiment (Kedad-Sidhoum et al. 2013, section 6) off the GUI thread: random instances over a
// grid of n, m and k, each solver's mean deviation from the lower bound plotted against n, saved as CSV.
#pragma once

#include <QDialog>
#include <optional>

#include "common/expected.h"
#include "solvers/cpugpu/cpugpu_experiments.h"

class QCustomPlot;
class QLabel;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace hetsched::ui {

class BackgroundJob;

class CpuGpuExperimentDialog : public QDialog {
    Q_OBJECT
public:
    explicit CpuGpuExperimentDialog(QWidget* parent = nullptr);

    // The options of the form (errors name the field); setOptions fills the form.
    Expected<CpuGpuExperimentOptions> options() const;
    void setOptions(const CpuGpuExperimentOptions& options);
    void run();
    void cancel();
    bool isRunning() const;
    const std::optional<CpuGpuExperiment>& experiment() const { return m_experiment; }
    QCustomPlot* plot() const { return m_plot; }
    Expected<bool> saveCsv(const QString& path) const;

signals:
    void experimentFinished();
    void experimentCancelled();
    void experimentFailed(const QString& message);

private:
    void showExperiment();
    void updateState();

    QSpinBox* m_minTasks;
    QSpinBox* m_maxTasks;
    QSpinBox* m_taskStep;
    QSpinBox* m_instances;
    QLineEdit* m_cpus;
    QLineEdit* m_gpus;
    QSpinBox* m_seed;
    QDoubleSpinBox* m_exactLimit;   // seconds per instance for `exact`; 0: not run
    QComboBox* m_statistic;         // which deviation the plot shows (Figure 2: mean; Table 1: max)
    QPushButton* m_runButton;
    QPushButton* m_saveButton;
    QProgressBar* m_progress;
    QLabel* m_status;
    QCustomPlot* m_plot;
    BackgroundJob* m_job;
    std::optional<CpuGpuExperiment> m_experiment;
};

}  // namespace hetsched::ui
