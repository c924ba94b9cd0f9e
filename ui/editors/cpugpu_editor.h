// The editor of a CPU/GPU instance: the numbers of CPUs and GPUs, epsilon, the task table (paste from CSV),
// and the paper's random instances.
#pragma once

#include <cstdint>

#include "editors/instance_editor.h"

class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableView;

namespace hetsched::ui {

class CanvasWidget;

class CpuGpuTaskModel;
class MessageBar;

class CpuGpuEditor : public InstanceEditor {
    Q_OBJECT
public:
    explicit CpuGpuEditor(ProjectDocument* document, QWidget* parent = nullptr);

    void setEntry(EntryId id) override;
    EntryId entryId() const override { return m_entryId; }
    void showRun(const RunRecord* run) override { Q_UNUSED(run) }

    CpuGpuTaskModel* taskModel() const { return m_tasks; }
    QTableView* taskTable() const { return m_table; }
    QSpinBox* cpuSpinBox() const { return m_cpus; }
    QSpinBox* gpuSpinBox() const { return m_gpus; }
    QLineEdit* epsilonEdit() const { return m_epsilon; }
    MessageBar* messageBar() const { return m_message; }
    // The node drawn on a canvas (CPUs and GPUs around the host), edited through the same commands.
    CanvasWidget* nodeCanvas() const { return m_node; }

    // Replaces the instance by the paper's random instance (randomCpuGpuInstance), as one undoable edit.
    bool generate(int tasks, int cpus, int gpus, std::uint64_t seed);
    // Appends the tasks of the clipboard's text.
    void pasteFromClipboard();

private:
    void refresh();
    void commitPlatform();
    void commitEpsilon();
    void openGenerator();

    ProjectDocument* m_document;
    EntryId m_entryId = 0;
    CpuGpuTaskModel* m_tasks;
    QSpinBox* m_cpus;
    QSpinBox* m_gpus;
    QLineEdit* m_epsilon;
    QLabel* m_summary;
    MessageBar* m_message;
    QTableView* m_table;
    CanvasWidget* m_node;
    QPushButton* m_removeButton;
};

}  // namespace hetsched::ui
