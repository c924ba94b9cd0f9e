// The result view of a task graph schedule: the Jedule-style Gantt beside the layered DAG, one selection
// shared by both (a click in one selects the task and centres it in the other), colours and export for
// both at once.
#pragma once

#include <QWidget>
#include <cstddef>
#include <memory>

#include "views/common/chart_export.h"
#include "views/dag/dag_graph_view.h"
#include "views/dag/dag_gantt_view.h"
#include "views/common/result_chart.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QSplitter;

namespace hetsched::ui {

class BackgroundJob;
class ElidedLabel;

// What an export of the view shows under its header: the Gantt beside the graph, or one of them alone.
enum class DagExportPart { Both, Gantt, Graph };

class DagScheduleView : public QWidget, public ResultChart {
    Q_OBJECT
public:
    explicit DagScheduleView(QWidget* parent = nullptr);
    ~DagScheduleView() override;

    ChartType chartType() const override { return ChartType::DagGantt; }
    QCustomPlot* plot() override { return m_gantt; }
    QWidget* widget() override { return this; }
    // The header (solver, metrics) over the Gantt and the graph side by side, painted into one painter:
    // vectors in PDF and SVG.
    Expected<bool> exportTo(const QString& path, int width, int height) override;
    // The header over that part of the view; a PNG with a DPI is laid out at its size at screen resolution.
    Expected<bool> exportPart(const QString& path, int width, int height, DagExportPart part,
                              const RasterOptions& raster = {});
    // The figure: the header (title, metrics) over the part options.part names ("gantt", "dag", "both" or
    // empty: both), each plot laid out at its share of the canvas with the figure's fonts and palette.
    Expected<bool> exportFigure(const QString& path, const FigureCanvas& canvas, const FigureOptions& options) override;
    // A result of at least kBackgroundTasks tasks given while the view is in a shown window is prepared off
    // the GUI thread (makeDagViewData and the colours, from copies of the instance and the result), the
    // view saying "Preparing the schedule view…" meanwhile, then put on screen in steps between which the
    // event loop runs (the Gantt, the graph's layout, the graph's drawing): isPreparing() until the last
    // one, then resultShown(). Smaller results, and a view in no shown window (headless export, tests),
    // are shown before showResult returns. A newer showResult or showMessage drops what is pending.
    void showResult(const Instance& instance, std::shared_ptr<const SolveResult> result) override;
    void showMessage(const QString& message) override;
    static constexpr std::size_t kBackgroundTasks = 2000;
    bool isPreparing() const { return m_pending != nullptr; }
    // Shows the pending result at once (on the GUI thread); exports call it, so they draw the whole result.
    void finishPreparing();
    // What the view says instead of a schedule ("This result cannot be drawn: ..."), empty when it draws one.
    QString message() const;
    void fitView() override;

    DagGanttPlot* ganttPlot() const { return m_gantt; }
    DagGraphPlot* graphPlot() const { return m_graph; }
    // The result shown (null while one is being prepared).
    const DagViewData* data() const { return m_data.get(); }

    void setColorMode(DagColorMode mode);
    DagColorMode colorMode() const { return m_colorMode; }
    void setNodeSize(DagNodeSize size);
    void setShowCriticalPath(bool shown);

    // Selects a task in both views (-1 clears) and centres it in the views other than `from`.
    enum class Origin { None, Gantt, Graph };
    void selectTask(int task, Origin from = Origin::None);
    int selectedTask() const { return m_selected; }
    // The least height of a task's bar the last figure drew, in points at its printed size (0: none drawn).
    double figureThinnestBarPoints() const { return m_figureThinnestBarPoints; }
    // The line that names the selected task, where it runs and when (the whole text, however it is shown).
    QString selectionText() const;

signals:
    void exportRequested();
    void selectionChanged(int task);
    // A result prepared off the GUI thread is on screen (data() holds it).
    void resultShown();

private:
    struct Pending;
    // Drops the pending result, if any: its thread's answer and its remaining steps are ignored.
    void dropPending();
    // The view without a result: the header's default title, empty plots, `message` over the Gantt.
    void clearResult(const QString& message);
    void prepareInBackground(std::shared_ptr<const DagInstance> dag, std::shared_ptr<const SolveResult> result);
    // The prepared data came (generation checked): the first step, then the others from the event loop.
    void prepared(Expected<std::shared_ptr<const DagViewData>> data, DagColors colors);
    // One step of putting the pending result on screen; the last one ends the preparation.
    void applyStep();
    void scheduleStep();
    // Puts data on screen at once: the header, both plots, their drawing.
    void showData(std::shared_ptr<const SolveResult> result, std::shared_ptr<const DagViewData> data,
                  const DagColors& colors);
    void showHeader(const DagViewData& data);
    void showContextMenu(QWidget* source, const QPoint& position);
    void replotBoth();
    void updateSelectionText();

    std::shared_ptr<const DagViewData> m_data;
    std::shared_ptr<const SolveResult> m_result;   // keeps what m_data was made from alive for reruns
    std::unique_ptr<Pending> m_pending;            // a result being prepared or put on screen
    quint64 m_generation = 0;                      // counts showResult/showMessage: older answers are dropped
    BackgroundJob* m_job;
    DagColorMode m_colorMode = DagColorMode::ByLevel;
    int m_selected = -1;
    double m_figureThinnestBarPoints = 0;
    QLabel* m_title;
    QLabel* m_metrics;
    ElidedLabel* m_selection;
    QComboBox* m_colorBox;
    QComboBox* m_sizeBox;
    QCheckBox* m_criticalBox;
    QSplitter* m_splitter;
    DagGanttPlot* m_gantt;
    DagGraphPlot* m_graph;
};

}  // namespace hetsched::ui
