// Throughput against the number of workers used, for one divisible-load platform: the optimal FIFO and
// LIFO schedules and the two FIFO heuristics on the first q workers of their own orders, q = 1..p.
#pragma once

#include <qcustomplot.h>

#include <optional>

#include "experiments/divisible_experiments.h"

namespace hetsched::ui {

class DivisibleThroughputPlot : public QCustomPlot {
    Q_OBJECT
public:
    // The four strategies, in the order of their graphs.
    enum Series { FifoOptimal, LifoOptimal, FifoByC, FifoByW, SeriesCount };

    explicit DivisibleThroughputPlot(QWidget* parent = nullptr);
    ~DivisibleThroughputPlot() override;

    void setCurve(const WorkerCountCurve& curve);
    // No curve: empty axes and a message ("computing…", an error).
    void showMessage(const QString& message);
    // A run's throughput as a horizontal line (a solver's answer on the whole platform); none clears it.
    void setRunThroughput(std::optional<double> throughput, const QString& solver = {});
    void fitView();

    QCPGraph* series(Series s) const { return m_series[s]; }
    bool hasCurve() const { return m_hasCurve; }

signals:
    void exportRequested();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void placeLegend(bool shown);
    void updateLegendColumns();
    void onMouseMove(QMouseEvent* event);
    void showContextMenu(const QPoint& position);

    QCPGraph* m_series[SeriesCount];
    QCPTextElement* m_title;
    QCPItemText* m_message;
    QCPItemStraightLine* m_runLine;
    QCPItemText* m_runLabel;
    std::optional<double> m_runThroughput;
    bool m_hasCurve = false;
};

}  // namespace hetsched::ui
