// The evaluation of N'Takpé and Suter (2006, sections 5 and 6) off the GUI thread: every chosen dag solver
// on random task graphs and clusters of clusters, one of the paper's four metrics plotted by number of
// clusters (Figure 2) or by heterogeneity (Figure 4), one curve per solver; saved as CSV, exported as a chart.
#pragma once

#include <optional>
#include <vector>

#include "experiments/experiment_dialog.h"
#include "experiments/dag_experiments.h"

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QCPTextElement;
class QCPItemText;

namespace hetsched::ui {

class DagEvaluationDialog : public ExperimentDialog {
    Q_OBJECT
public:
    explicit DagEvaluationDialog(QWidget* parent = nullptr);
    ~DagEvaluationDialog() override;

    // The configuration of the form (errors name the field); setConfig fills the form.
    Expected<DagEvaluationConfig> config() const;
    void setConfig(const DagEvaluationConfig& config);
    const std::optional<std::vector<DagEvaluationRow>>& rows() const { return m_rows; }
    QCustomPlot* plot() const { return m_plot; }
    Expected<bool> saveCsv(const QString& path) const override;

    enum class GroupBy { Clusters, Heterogeneity };
    enum class Metric { Makespan, MakespanTimesPeakPower, MakespanOverAveragePower, SpeedupOverSeq };
    void showGroup(GroupBy group);
    void showMetric(Metric metric);

protected:
    Expected<BackgroundJob::Work> makeWork() override;
    Expected<SlurmSweepOptions> clusterSweep() const override;
    bool hasResults() const override { return m_rows.has_value(); }
    void setFormEnabled(bool enabled) override;

private:
    void showRows();

    OptionField m_sizes;
    OptionField m_clusters;
    OptionField m_heterogeneities;
    OptionField m_minSpeeds;       // shown in Gflop/s
    OptionField m_dagSamples;
    OptionField m_platformSamples;
    OptionField m_seed;
    std::vector<QCheckBox*> m_solvers;
    QComboBox* m_groupBy;
    QComboBox* m_metric;
    QCustomPlot* m_plot;
    QCPItemText* m_emptyMessage;   // before any run, in the middle of the plot area
    QCPTextElement* m_title;   // what a point is: a mean over the other settings, and of how many runs
    std::optional<std::vector<DagEvaluationRow>> m_rows;
    std::vector<std::string> m_rowSolvers;   // the solvers of the shown run, in the form's order
};

}  // namespace hetsched::ui
