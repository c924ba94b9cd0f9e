// The paper's experiment (Kedad-Sidhoum et al. 2013, section 6) off the GUI thread: random instances over a
// grid of n, m and k, each solver's mean deviation from the lower bound plotted against n, saved as CSV,
// exported as a chart.
#pragma once

#include <optional>

#include "experiments/experiment_dialog.h"
#include "experiments/cpugpu_experiments.h"

class QCustomPlot;
class QCPLayoutGrid;
class QCPTextElement;
class QCPItemText;
class QComboBox;
class QSpinBox;

namespace hetsched::ui {

class CpuGpuExperimentDialog : public ExperimentDialog {
    Q_OBJECT
public:
    explicit CpuGpuExperimentDialog(QWidget* parent = nullptr);
    ~CpuGpuExperimentDialog() override;

    // The options of the form (errors name the field); setOptions fills the form.
    Expected<CpuGpuExperimentOptions> options() const;
    void setOptions(const CpuGpuExperimentOptions& options);
    const std::optional<CpuGpuExperiment>& experiment() const { return m_experiment; }
    QCustomPlot* plot() const { return m_plot; }
    Expected<bool> saveCsv(const QString& path) const override;

protected:
    Expected<BackgroundJob::Work> makeWork() override;
    Expected<SlurmSweepOptions> clusterSweep() const override;
    bool hasResults() const override { return m_experiment.has_value(); }
    void setFormEnabled(bool enabled) override;

private:
    void showExperiment();

    // --tasks FROM:TO:STEP as three boxes ("tasksFrom", "tasksTo", "tasksStep"), each in the table's range.
    QSpinBox* m_minTasks;
    QSpinBox* m_maxTasks;
    QSpinBox* m_taskStep;
    OptionField m_instances;
    OptionField m_cpus;
    OptionField m_gpus;
    OptionField m_seed;
    OptionField m_exactLimit;   // seconds per instance for `exact`; 0 ("off"): not run
    QComboBox* m_statistic;         // which deviation the plot shows (Figure 2: mean; Table 1: max)
    QCustomPlot* m_plot;            // a title, one panel per (m, k) case, the legend under them
    QCPTextElement* m_title;
    QCPLayoutGrid* m_panels;
    QCPItemText* m_emptyMessage;    // before any run, in the middle of the plot area
    std::optional<CpuGpuExperiment> m_experiment;
};

}  // namespace hetsched::ui
