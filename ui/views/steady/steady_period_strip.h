// One period of a steady-state schedule as its sequence of valid patterns: pattern p is a band of
// width T*y_p starting at T*sum_{q<p} y_q (section 8.4.2), labelled where it fits, clickable.
#pragma once

#include <qcustomplot.h>

#include <memory>
#include <optional>
#include <set>

#include "views/steady/steady_view_data.h"

namespace hetsched::ui {

// The bands, drawn only where visible, labels thinned to what fits; hit-testing in the same geometry.
class PatternBands : public QCPAbstractPlottable {
    Q_OBJECT
public:
    PatternBands(QCPAxis* timeAxis, QCPAxis* valueAxis);

    void setData(std::shared_ptr<const SteadyViewData> data);
    void setSelectedPattern(std::optional<std::size_t> p) { m_selected = p; }
    // Patterns drawn at full colour when nothing is selected (all when empty).
    void setEmphasis(std::set<std::size_t> patterns) { m_emphasis = std::move(patterns); }
    std::optional<std::size_t> patternAt(const QPointF& pixel) const;
    // The on-screen rectangle of band p.
    QRectF bandRect(std::size_t p) const;
    int drawnLabelCount() const { return m_drawnLabels; }

    double selectTest(const QPointF& pos, bool onlySelectable, QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    std::shared_ptr<const SteadyViewData> m_data;
    std::optional<std::size_t> m_selected;
    std::set<std::size_t> m_emphasis;
    int m_drawnLabels = 0;
};

class SteadyPeriodStrip : public QCustomPlot {
    Q_OBJECT
public:
    explicit SteadyPeriodStrip(QWidget* parent = nullptr);

    void setData(std::shared_ptr<const SteadyViewData> data);
    void setSelectedPattern(std::optional<std::size_t> p);
    void setEmphasis(std::set<std::size_t> patterns);
    void fitView();
    // The title and the number of time ticks for a width in pixels (on replot, and before an export).
    void fitToWidth(int width);
    PatternBands* bands() const { return m_bands; }
    // The band widths T*y_p as drawn (time units), for the tests.
    std::vector<double> bandWidths() const;

protected:
    // As over a Gantt: Ctrl+wheel zooms, a plain wheel scrolls the result pane (GanttPlotBase::wheelEvent).
    void wheelEvent(QWheelEvent* event) override;

signals:
    void patternClicked(std::optional<std::size_t> p);
    void exportRequested();

private:
    void clampRange(const QCPRange& range);
    QString tooltipText(std::size_t p) const;

    std::shared_ptr<const SteadyViewData> m_data;
    PatternBands* m_bands;
    QCPTextElement* m_title;
    QStringList m_titles;  // the title, longest first
    QPointF m_pressAt;
    bool m_clamping = false;
};

}  // namespace hetsched::ui
