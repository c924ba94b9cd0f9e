// The pictures of the divisible-load simulation (slides, part 4) against the ratio w/c on a log axis:
// the throughput of lifo-optimal, fifo-by-c and fifo-by-w relative to fifo-optimal, one panel per z; or
// the number of workers fifo-optimal uses, one curve per z.
#pragma once

#include <qcustomplot.h>

#include <vector>

#include "experiments/divisible_experiments.h"

namespace hetsched::ui {

class DivisibleSimulationPlot : public QCustomPlot {
    Q_OBJECT
public:
    enum class Kind { RelativeThroughput, WorkersUsed };

    explicit DivisibleSimulationPlot(Kind kind, QWidget* parent = nullptr);
    ~DivisibleSimulationPlot() override;

    Kind kind() const { return m_kind; }
    // `workers`: the platform size, for the titles and the range of the workers plot.
    void setRows(const std::vector<DivisibleSimulationRow>& rows, int workers);
    void showMessage(const QString& message);
    void fitView();

    // One axis rect per z for the relative throughput, one in all for the workers.
    int panelCount() const { return static_cast<int>(m_panels.size()); }
    bool hasData() const { return m_hasData; }

signals:
    void exportRequested();

private:
    struct Panel {
        QCPAxisRect* rect = nullptr;
        QCPTextElement* title = nullptr;
    };

    void setPanelCount(int count);
    void setupAxes(QCPAxisRect* rect);
    void placeLegend(bool shown);
    void showContextMenu(const QPoint& position);

    Kind m_kind;
    QCPTextElement* m_title;
    QCPLayoutGrid* m_panelGrid;
    QCPMarginGroup* m_marginGroup;
    std::vector<Panel> m_panels;
    QCPItemText* m_message;
    bool m_hasData = false;
};

}  // namespace hetsched::ui
