// The simulation of the divisible-load slides (part 4) as a built-in experiment: random platforms, the
// strategies relative to the optimal FIFO schedule against w/c, run off the GUI thread, plotted and exported.
#pragma once

#include <vector>

#include "experiments/experiment_dialog.h"
#include "experiments/divisible_experiments.h"

class QLabel;
class QSpinBox;

namespace hetsched::ui {

class DivisibleSimulationPlot;

class DivisibleSimulationDialog : public ExperimentDialog {
    Q_OBJECT
public:
    explicit DivisibleSimulationDialog(QWidget* parent = nullptr);
    ~DivisibleSimulationDialog() override;

    // The configuration the form describes, or why it is not one (a bad list of z), naming the field.
    Expected<DivisibleSimulationConfig> config() const;
    // Fills the form: `ratioPoints` values of w/c, log-spaced from 0.1 to 100.
    void setConfig(int workers, int platforms, int ratioPoints, quint64 seed,
                   const std::vector<double>& zValues);

    const std::vector<DivisibleSimulationRow>& rows() const { return m_rows; }

    DivisibleSimulationPlot* throughputPlot() const { return m_throughputPlot; }
    DivisibleSimulationPlot* workersPlot() const { return m_workersPlot; }
    // Without dialogs, for scripts and tests; errors name the file.
    Expected<bool> exportThroughputChart(const QString& path, int width = 1200, int height = 600);
    Expected<bool> exportWorkersChart(const QString& path, int width = 1000, int height = 500);
    Expected<bool> saveCsv(const QString& path) const override;

protected:
    Expected<BackgroundJob::Work> makeWork() override;
    Expected<SlurmSweepOptions> clusterSweep() const override;
    bool hasResults() const override { return !m_rows.empty(); }
    void setFormEnabled(bool enabled) override;

private:
    void updateEstimate();

    OptionField m_workers;
    OptionField m_platforms;
    QSpinBox* m_ratioPoints;   // --ratios log:0.1:100:POINTS, in a form of its own
    OptionField m_seed;
    OptionField m_zValues;
    QLabel* m_estimate;
    DivisibleSimulationPlot* m_throughputPlot;
    DivisibleSimulationPlot* m_workersPlot;
    std::vector<DivisibleSimulationRow> m_rows;
};

}  // namespace hetsched::ui
