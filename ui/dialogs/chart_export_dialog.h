// The Export Chart dialog: file and format, size in pixels or at a DPI (PNG) or as a page (PDF, SVG), the
// current view or the whole schedule, and for a dag result the Gantt, the graph or both; and the one export
// function it and `hetsched export` share.
#pragma once

#include <QDialog>
#include <QPixmap>
#include <QSize>
#include <QString>
#include <optional>

#include "common/expected.h"
#include "export/figure_options.h"
#include "views/common/chart_export.h"
#include "views/dag/dag_schedule_view.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QScrollArea;
class QTimer;
class QLabel;
class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace hetsched::ui {

class ResultChart;

// What the export shows: the zoom and pan on screen, or every lane over the full time range.
enum class ChartExtent { CurrentView, WholeSchedule };

struct ChartExportRequest {
    QSize size;            // pixels for PNG, points for PDF and SVG (without `figure`)
    RasterOptions raster;  // PNG only (without `figure`)
    ChartExtent extent = ChartExtent::CurrentView;
    DagExportPart part = DagExportPart::Both;  // dag results only (without `figure`)
    // A figure: its physical size, text size, parts and palette (size, raster and part above then unused).
    std::optional<FigureOptions> figure;
    QString format;        // "png", "pdf", "svg"; empty: by the file's extension
};

// Whether the chart can show its whole schedule for an export (the Gantt views fit to all of it).
bool canExportWholeSchedule(ResultChart* chart);
// Whether the chart has parts to export alone (the dag result: Gantt and graph).
bool hasExportParts(ResultChart* chart);
// The size that part of the chart has on screen, 1200 x 700 when it was never shown.
QSize onScreenExportSize(ResultChart* chart, DagExportPart part);
// "<entry>-<solver>.<suffix>", with what a file name should not hold replaced by dashes.
QString defaultChartFileName(const QString& entry, const QString& solver, const QString& suffix = QStringLiteral("png"));

// Renders the chart as asked into `path` (the format by its extension), leaving the view as it was on screen.
// `notes`, when given, receives what a figure left out of what was asked and why (a legend that did not fit).
Expected<bool> exportResultChart(ResultChart* chart, const QString& path, const ChartExportRequest& request,
                                 QStringList* notes = nullptr);

class ChartExportDialog : public QDialog {
    Q_OBJECT
public:
    ChartExportDialog(ResultChart* chart, const QString& defaultPath, QWidget* parent = nullptr);

    QString path() const;
    // The request the widgets describe now: always a figure (its size, text, parts and palette).
    ChartExportRequest request() const;
    // The figure's preview at its real size (its layout's pixels), as last drawn; null before the first.
    QPixmap preview() const;
    // Redraws the preview now (it follows the fields a moment after each change).
    void updatePreview();

    // The sizes offered in one click: one column of a paper, two columns, a 16:9 slide.
    enum class Preset { Custom, OneColumn, TwoColumns, Slide };

    // Exports; stays open saying why (naming the file) when it fails.
    void accept() override;

private:
    enum class Unit { Pixels, Points, Millimetres, Centimetres, Inches };
    void applyPreset(Preset preset);
    void restoreSettings();
    void saveSettings() const;
    void schedulePreview();
    static double inchesPer(Unit unit);
    void updateFormat();
    void setUnits(bool png, Unit preferred);
    void setUnit(Unit unit);
    void setSizeInUnit(QSizeF inches, Unit unit);
    QSizeF sizeInInches() const;
    void showDefaultSize();
    void updateSizeNote();
    Unit unit() const;

    ResultChart* m_chart;
    bool m_png = true;
    bool m_sizeEdited = false;
    bool m_updating = false;
    Unit m_shownUnit = Unit::Pixels;
    QLineEdit* m_pathEdit;
    QLabel* m_formatLabel;
    QComboBox* m_partBox;
    QRadioButton* m_currentViewButton;
    QRadioButton* m_wholeButton;
    QComboBox* m_unitBox;
    QDoubleSpinBox* m_widthSpin;
    QDoubleSpinBox* m_heightSpin;
    QSpinBox* m_dpiSpin;
    QLabel* m_sizeNote;
    QLabel* m_errorLabel;
    QComboBox* m_presetBox;
    QDoubleSpinBox* m_fontSpin;
    QLineEdit* m_titleEdit;
    QCheckBox* m_noTitleBox;
    QCheckBox* m_headerBox;
    QComboBox* m_legendBox;
    QComboBox* m_paletteBox;
    QLabel* m_preview;
    QLabel* m_previewNote;
    QScrollArea* m_previewArea;
    QTimer* m_previewTimer;
    bool m_applyingPreset = false;
};

}  // namespace hetsched::ui
