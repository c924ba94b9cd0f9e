// The editor of a moldable task graph instance: the DAG on the canvas (tasks with flops and alpha,
// dependencies with bytes, layered layout, cycles refused) on one tab; the clusters of clusters and their
// backbone on another, as a table beside their own canvas; import (daggen DOT, WfCommons) and daggen-style
// generation.
#pragma once

#include "editors/instance_editor.h"

class QLineEdit;
class QTabWidget;
class QTableWidget;

namespace hetsched::ui {

class CanvasWidget;

class DagEditor : public InstanceEditor {
    Q_OBJECT
public:
    explicit DagEditor(ProjectDocument* document, QWidget* parent = nullptr);

    void setEntry(EntryId id) override;
    EntryId entryId() const override;
    void showRun(const RunRecord*) override {}

    CanvasWidget* canvas() const { return m_canvas; }
    CanvasWidget* platformCanvas() const { return m_platformCanvas; }
    QTabWidget* views() const { return m_views; }  // "Task graph", "Platform"
    QTableWidget* clusterTable() const { return m_clusters; }
    QLineEdit* backboneBandwidthEdit() const { return m_backboneBandwidth; }
    QLineEdit* backboneLatencyEdit() const { return m_backboneLatency; }

    // Replaces the task graph by the file's (the platform stays), as one undoable edit laid out in layers.
    bool importTaskGraph(const QString& path);
    void openImport();
    void openGenerator();

private:
    void refreshPlatform();
    void commitClusterCell(int row, int column);
    void commitBackbone();
    void addCluster();
    void removeClusters();

    ProjectDocument* m_document;
    CanvasWidget* m_canvas;
    CanvasWidget* m_platformCanvas;
    QTabWidget* m_views;
    QTableWidget* m_clusters;
    QLineEdit* m_backboneBandwidth;
    QLineEdit* m_backboneLatency;
};

}  // namespace hetsched::ui
