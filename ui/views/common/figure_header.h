// The title and metrics over a figure that a composite view paints (the task graph result, comparisons, the
// steady-state patterns): laid out for the figure's width at its text size, never over what is below it.
#pragma once

#include <QFont>
#include <QPointF>
#include <QString>
#include <QStringList>

class QPainter;

namespace hetsched::ui {

class FigureHeader {
public:
    // `title` empty: none. The metrics break into lines between parts (a part wider than the figure is
    // elided); beyond `maxHeight` pixels the last line kept ends in an ellipsis.
    FigureHeader(const QString& title, const QStringList& metrics, const QFont& titleFont, const QFont& textFont,
                 double width, double maxHeight);
    // Pixels the header takes, with the gap under it (0 when it is empty).
    double height() const;
    void paint(QPainter& painter, QPointF topLeft) const;
    const QStringList& metricLines() const { return m_lines; }

private:
    QFont m_titleFont;
    QFont m_textFont;
    QString m_title;
    QStringList m_lines;
    double m_width = 0;
};

}  // namespace hetsched::ui
