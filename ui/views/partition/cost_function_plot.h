// Every cost function C_i(x) of a partition instance on one plot, with a run's chosen x_i and its makespan.
#pragma once

#include <qcustomplot.h>

#include <optional>
#include <vector>

#include "document/run_record.h"
#include "model/partition.h"

namespace hetsched::ui {

class CostFunctionPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit CostFunctionPlot(QWidget* parent = nullptr);
    ~CostFunctionPlot() override;

    void setInstance(const PartitionInstance& instance);
    // Marks x_i on each curve (matched by resource name) and the makespan as a horizontal line.
    void setAssignment(const std::vector<AssignedCount>& assignment, std::optional<double> makespan);
    void clearAssignment();
    void fitView();

    int curveCount() const { return static_cast<int>(m_curves.size()); }
    int markedCount() const;

signals:
    void exportRequested();

private:
    void placeLegend(bool shown);
    void focusOnAssignment(std::optional<double> makespan);
    void onMouseMove(QMouseEvent* event);
    void showContextMenu(const QPoint& position);

    PartitionInstance m_instance;
    std::vector<QCPGraph*> m_curves;  // one per resource, in instance order
    std::vector<QCPGraph*> m_chosen;  // the chosen (x_i, C_i(x_i)) of each resource, empty graphs when none
    std::vector<std::int64_t> m_chosenCounts;  // -1 when the resource has no marked count
    QCPItemStraightLine* m_makespanLine;
    QCPItemText* m_makespanLabel;
};

}  // namespace hetsched::ui
