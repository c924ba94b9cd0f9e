// The editor of a partition instance: T, the objective, the resource table and a plot of every cost function.
#pragma once

#include <optional>
#include <vector>

#include "document/run_record.h"
#include "editors/instance_editor.h"

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableView;

namespace hetsched::ui {

class CostFunctionPlot;
class MessageBar;
class PartitionResourceModel;

class PartitionEditor : public InstanceEditor {
    Q_OBJECT
public:
    explicit PartitionEditor(ProjectDocument* document, QWidget* parent = nullptr);

    void setEntry(EntryId id) override;
    EntryId entryId() const override { return m_entryId; }
    void showRun(const RunRecord* run) override;

    PartitionResourceModel* resourceModel() const { return m_model; }
    QTableView* resourceTable() const { return m_table; }
    CostFunctionPlot* costPlot() const { return m_plot; }
    MessageBar* messageBar() const { return m_message; }

signals:
    void exportCostPlotRequested();

private:
    void refresh();
    void refreshRunMarks();
    void showRunProblem(const RunRecord* run);   // a run that cannot be read back says so in the message bar
    void commitTasks(int tasks);
    void commitObjective(int index);
    void removeSelectedResources();
    // "Import costs...": measured costs (device records, long profiles) replace the resources, one undoable edit.
    void importCosts();
    void updateButtons();

    ProjectDocument* m_document;
    EntryId m_entryId = 0;
    PartitionResourceModel* m_model;
    QSpinBox* m_tasks;
    QComboBox* m_objective;
    QLabel* m_summary;
    MessageBar* m_message;
    QTableView* m_table;
    QPushButton* m_addButton;
    QPushButton* m_removeButton;
    QPushButton* m_importButton;
    CostFunctionPlot* m_plot;

    // The run drawn on the cost plot, kept as values: the document's runs may move.
    std::vector<AssignedCount> m_runAssignment;
    std::optional<double> m_runMakespan;
    std::optional<std::size_t> m_runDigest;
    QString m_runProblem;   // the message shown about the selected run (empty: none)
};

}  // namespace hetsched::ui
