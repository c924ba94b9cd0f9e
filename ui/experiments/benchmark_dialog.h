// Tools > Benchmark (issue 28): every chosen solver on the user's own instances (`hetsched experiment
// benchmark`), off the GUI thread with progress and Cancel. The form picks instance folders, files and glob
// patterns, the platforms task graphs are placed on, the solvers (from the registry) and the import's options;
// the results are the summary per solver, every run, and the ratios to the best of each case as box plots per
// solver, one panel per platform (on a log scale when the worst ratio passes 4), exported like any figure;
// Save CSV writes every run, Run on a Cluster the SLURM job script of the same sweep.
#pragma once

#include <QStringList>
#include <optional>
#include <string>
#include <vector>

#include "experiments/benchmark.h"
#include "experiments/experiment_dialog.h"

class QCheckBox;
class QCustomPlot;
class QCPMarginGroup;
class QPlainTextEdit;
class QTableWidget;
class QTabWidget;

namespace hetsched::ui {

// A box of a box plot (Tukey): the quartiles (linear interpolation between order statistics, as R's type 7
// and numpy's default), the whiskers at the farthest values within 1.5 interquartile ranges of the box, and
// the values beyond them as outliers. `values` must not be empty.
struct BoxStatistics {
    double lowerWhisker = 0;
    double lowerQuartile = 0;
    double median = 0;
    double upperQuartile = 0;
    double upperWhisker = 0;
    std::vector<double> outliers;
};
BoxStatistics boxStatistics(std::vector<double> values);

class BenchmarkDialog : public ExperimentDialog {
    Q_OBJECT
public:
    explicit BenchmarkDialog(QWidget* parent = nullptr);

    // The configuration of the form (errors name the field); setConfig fills the form.
    Expected<BenchmarkConfig> config() const;
    void setConfig(const BenchmarkConfig& config);
    const std::optional<BenchmarkTable>& table() const { return m_table; }
    QCustomPlot* plot() const { return m_plot; }
    // The panels of the plot, one per platform in the order of the runs ("own platform" for instances).
    QStringList panelTitles() const { return m_panelTitles; }
    QTableWidget* summaryTable() const { return m_summary; }
    QTableWidget* runsTable() const { return m_runs; }
    QTabWidget* resultTabs() const { return m_results; }
    // Every run, as `hetsched experiment benchmark` prints it.
    Expected<bool> saveCsv(const QString& path) const override;

protected:
    Expected<BackgroundJob::Work> makeWork() override;
    Expected<SlurmSweepOptions> clusterSweep() const override;
    bool hasResults() const override { return m_table.has_value(); }
    void setFormEnabled(bool enabled) override;

private:
    void addFolder(QPlainTextEdit* list, const QString& caption);
    void addFiles(QPlainTextEdit* list, const QString& caption, const QString& filter);
    void showTable();
    void showPlot();

    QPlainTextEdit* m_instances;
    QPlainTextEdit* m_platforms;
    std::vector<QWidget*> m_pathButtons;
    std::vector<QCheckBox*> m_solvers;   // objectName solver-NAME
    QCheckBox* m_simulate;
    OptionField m_format;
    OptionField m_referenceSpeed;
    OptionField m_alpha;
    OptionField m_defaultFlops;
    OptionField m_defaultBytes;
    QTabWidget* m_results;
    QTableWidget* m_summary;
    QTableWidget* m_runs;
    QCustomPlot* m_plot;
    QCPMarginGroup* m_margins = nullptr;   // the panels' left and right sides lined up
    QStringList m_panelTitles;
    std::optional<BenchmarkTable> m_table;
    QString m_lastDirectory;
};

}  // namespace hetsched::ui
