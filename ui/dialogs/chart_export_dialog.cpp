#include "dialogs/chart_export_dialog.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <optional>
#include <vector>

#include "views/gantt/gantt_view.h"
#include "views/common/result_chart.h"

namespace hetsched::ui {

namespace {

constexpr double kPointsPerInch = 72;
constexpr double kMillimetresPerInch = 25.4;
constexpr int kDefaultDotsPerInch = 300;
constexpr QSize kUnshownSize(1200, 700);
constexpr int kPreviewDelayMs = 250;   // the preview follows the fields once they rest

// What the dialog remembers of the last export (a figure's physical size, its text, parts and palette; a size
// in pixels follows the chart on screen instead).
const QString kSettingsGroup = QStringLiteral("chartExport");

struct PresetSize {
    ChartExportDialog::Preset preset;
    double widthMm;
    double heightMm;
};
// One column and two columns of a paper (the widths of IEEE and ACM two-column layouts), a 16:9 slide of 10 in.
constexpr PresetSize kPresets[] = {{ChartExportDialog::Preset::OneColumn, 85, 50},
                                   {ChartExportDialog::Preset::TwoColumns, 175, 100},
                                   {ChartExportDialog::Preset::Slide, 254, 142.875}};

// The plots whose axes an export of the whole schedule changes, to put back afterwards.
std::vector<QCustomPlot*> plotsOf(ResultChart* chart) {
    if (auto* dag = dynamic_cast<DagScheduleView*>(chart)) return {dag->ganttPlot(), dag->graphPlot()};
    return {chart->plot()};
}

// The axis ranges of some plots, restored on destruction.
class SavedRanges {
public:
    explicit SavedRanges(const std::vector<QCustomPlot*>& plots) {
        for (QCustomPlot* plot : plots)
            for (QCPAxis* axis : plot->axisRect()->axes()) m_ranges.emplace_back(axis, axis->range());
        m_plots = plots;
    }
    ~SavedRanges() {
        for (const auto& [axis, range] : m_ranges) axis->setRange(range);
        for (QCustomPlot* plot : m_plots) plot->replot();
    }
    SavedRanges(const SavedRanges&) = delete;
    SavedRanges& operator=(const SavedRanges&) = delete;

private:
    std::vector<std::pair<QCPAxis*, QCPRange>> m_ranges;
    std::vector<QCustomPlot*> m_plots;
};

}  // namespace

bool canExportWholeSchedule(ResultChart* chart) {
    return dynamic_cast<GanttView*>(chart) != nullptr || dynamic_cast<DagScheduleView*>(chart) != nullptr;
}

bool hasExportParts(ResultChart* chart) {
    return dynamic_cast<DagScheduleView*>(chart) != nullptr;
}

QSize onScreenExportSize(ResultChart* chart, DagExportPart part) {
    const QWidget* shown = chart->widget();
    QSize size = shown->size();
    if (auto* dag = dynamic_cast<DagScheduleView*>(chart); dag && part != DagExportPart::Both) {
        // The part's width, the height of the whole view (its header is exported above the part).
        const QWidget* plot = part == DagExportPart::Gantt ? static_cast<QWidget*>(dag->ganttPlot())
                                                           : static_cast<QWidget*>(dag->graphPlot());
        size.setWidth(plot->width());
    }
    if (!shown->isVisible() || size.width() < 100 || size.height() < 100) return kUnshownSize;
    return size;
}

QString defaultChartFileName(const QString& entry, const QString& solver, const QString& suffix) {
    QString base = solver.isEmpty() ? entry : entry + QLatin1Char('-') + solver;
    static const QRegularExpression unsafe(QStringLiteral("[^\\w.+-]+"));
    static const QRegularExpression dashes(QStringLiteral("-{2,}"));
    base.replace(unsafe, QStringLiteral("-")).replace(dashes, QStringLiteral("-"));
    while (base.startsWith(QLatin1Char('-')) || base.startsWith(QLatin1Char('.'))) base.remove(0, 1);
    while (base.endsWith(QLatin1Char('-'))) base.chop(1);
    if (base.isEmpty()) base = QStringLiteral("chart");
    return base + QLatin1Char('.') + suffix;
}

Expected<bool> exportResultChart(ResultChart* chart, const QString& path, const ChartExportRequest& request,
                                 QStringList* notes) {
    if (!chart) return invalidInput("there is no chart to export");
    // A dag result still being prepared is shown at once: the ranges saved below are then the result's.
    if (auto* dag = dynamic_cast<DagScheduleView*>(chart)) dag->finishPreparing();
    if (request.figure) {
        Expected<FigureCanvas> canvas = figureCanvas(path, *request.figure, request.format);
        if (!canvas) return canvas.error();
        std::optional<SavedRanges> saved;
        if (request.extent == ChartExtent::WholeSchedule && canExportWholeSchedule(chart)) {
            saved.emplace(plotsOf(chart));
            chart->fitView();
        }
        Expected<bool> written = chart->exportFigure(path, *canvas, *request.figure);
        if (notes) *notes = *canvas->notes;
        return written;
    }
    const int width = request.size.width();
    const int height = request.size.height();
    std::optional<SavedRanges> saved;
    if (request.extent == ChartExtent::WholeSchedule && canExportWholeSchedule(chart)) {
        saved.emplace(plotsOf(chart));
        chart->fitView();
    }
    if (auto* dag = dynamic_cast<DagScheduleView*>(chart))
        return dag->exportPart(path, width, height, request.part, request.raster);
    if (chart->widget() == chart->plot()) return exportPlot(chart->plot(), path, width, height, request.raster);
    // Another composite view lays itself out at the pixels asked.
    return chart->exportTo(path, width, height);
}

ChartExportDialog::ChartExportDialog(ResultChart* chart, const QString& defaultPath, QWidget* parent)
    : QDialog(parent), m_chart(chart) {
    setObjectName(QStringLiteral("chartExportDialog"));
    setWindowTitle(tr("Export Chart"));

    m_pathEdit = new QLineEdit(defaultPath, this);
    m_pathEdit->setObjectName(QStringLiteral("exportPathEdit"));
    m_pathEdit->setMinimumWidth(360);
    auto* browse = new QPushButton(tr("Browse…"), this);
    browse->setObjectName(QStringLiteral("exportBrowseButton"));
    browse->setAutoDefault(false);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_pathEdit, 1);
    pathRow->addWidget(browse);
    m_formatLabel = new QLabel(this);
    m_formatLabel->setObjectName(QStringLiteral("exportFormatLabel"));

    m_partBox = new QComboBox(this);
    m_partBox->setObjectName(QStringLiteral("exportPartComboBox"));
    m_partBox->addItem(tr("Gantt and task graph"), static_cast<int>(DagExportPart::Both));
    m_partBox->addItem(tr("Gantt only"), static_cast<int>(DagExportPart::Gantt));
    m_partBox->addItem(tr("Task graph only"), static_cast<int>(DagExportPart::Graph));

    m_currentViewButton = new QRadioButton(tr("Current view (zoom and pan as shown)"), this);
    m_currentViewButton->setObjectName(QStringLiteral("exportCurrentViewRadio"));
    m_wholeButton = new QRadioButton(tr("Whole schedule (every lane, the full time range)"), this);
    m_wholeButton->setObjectName(QStringLiteral("exportWholeScheduleRadio"));
    m_currentViewButton->setChecked(true);
    const bool whole = canExportWholeSchedule(chart);
    m_wholeButton->setEnabled(whole);
    if (!whole) m_wholeButton->setToolTip(tr("This chart always shows all of its result"));
    auto* extent = new QVBoxLayout;
    extent->addWidget(m_currentViewButton);
    extent->addWidget(m_wholeButton);

    m_unitBox = new QComboBox(this);
    m_unitBox->setObjectName(QStringLiteral("exportUnitComboBox"));
    m_widthSpin = new QDoubleSpinBox(this);
    m_widthSpin->setObjectName(QStringLiteral("exportWidthSpinBox"));
    m_heightSpin = new QDoubleSpinBox(this);
    m_heightSpin->setObjectName(QStringLiteral("exportHeightSpinBox"));
    for (QDoubleSpinBox* spin : {m_widthSpin, m_heightSpin}) {
        spin->setRange(0.01, 20000);
        spin->setKeyboardTracking(true);
    }
    m_dpiSpin = new QSpinBox(this);
    m_dpiSpin->setObjectName(QStringLiteral("exportDpiSpinBox"));
    m_dpiSpin->setRange(36, 2400);
    m_dpiSpin->setValue(kDefaultDotsPerInch);
    m_dpiSpin->setSuffix(tr(" DPI"));
    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_widthSpin);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(m_heightSpin);
    sizeRow->addWidget(m_unitBox);
    sizeRow->addWidget(m_dpiSpin);
    m_sizeNote = new QLabel(this);
    m_sizeNote->setObjectName(QStringLiteral("exportSizeNote"));
    m_sizeNote->setStyleSheet(QStringLiteral("color: #505050"));

    m_errorLabel = new QLabel(this);
    m_errorLabel->setObjectName(QStringLiteral("exportErrorLabel"));
    m_errorLabel->setStyleSheet(QStringLiteral("color: #a00000"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->hide();

    m_presetBox = new QComboBox(this);
    m_presetBox->setObjectName(QStringLiteral("exportPresetComboBox"));
    m_presetBox->addItem(tr("Custom"), static_cast<int>(Preset::Custom));
    m_presetBox->addItem(tr("One column (85 × 50 mm)"), static_cast<int>(Preset::OneColumn));
    m_presetBox->addItem(tr("Two columns (175 × 100 mm)"), static_cast<int>(Preset::TwoColumns));
    m_presetBox->addItem(tr("Slide 16:9 (254 × 143 mm)"), static_cast<int>(Preset::Slide));

    m_fontSpin = new QDoubleSpinBox(this);
    m_fontSpin->setObjectName(QStringLiteral("exportFontSpinBox"));
    m_fontSpin->setRange(kMinFontPoints, kMaxFontPoints);
    m_fontSpin->setDecimals(1);
    m_fontSpin->setSingleStep(0.5);
    m_fontSpin->setValue(kDefaultFontPoints);
    m_fontSpin->setSuffix(tr(" pt"));
    m_fontSpin->setToolTip(tr("The size of the figure's text, whatever its size (8 pt: the figure text of a paper)"));

    m_titleEdit = new QLineEdit(this);
    m_titleEdit->setObjectName(QStringLiteral("exportTitleEdit"));
    m_titleEdit->setPlaceholderText(tr("the result's own title"));
    m_noTitleBox = new QCheckBox(tr("No title"), this);
    m_noTitleBox->setObjectName(QStringLiteral("exportNoTitleCheckBox"));
    auto* titleRow = new QHBoxLayout;
    titleRow->addWidget(m_titleEdit, 1);
    titleRow->addWidget(m_noTitleBox);

    m_headerBox = new QCheckBox(tr("Metrics header"), this);
    m_headerBox->setObjectName(QStringLiteral("exportHeaderCheckBox"));
    m_headerBox->setChecked(true);
    m_legendBox = new QComboBox(this);
    m_legendBox->setObjectName(QStringLiteral("exportLegendComboBox"));
    m_legendBox->addItem(tr("Legend right"), static_cast<int>(LegendPlacement::Right));
    m_legendBox->addItem(tr("Legend below"), static_cast<int>(LegendPlacement::Below));
    m_legendBox->addItem(tr("No legend"), static_cast<int>(LegendPlacement::None));
    auto* partsRow = new QHBoxLayout;
    partsRow->addWidget(m_headerBox);
    partsRow->addWidget(m_legendBox);
    partsRow->addStretch(1);

    m_paletteBox = new QComboBox(this);
    m_paletteBox->setObjectName(QStringLiteral("exportPaletteComboBox"));
    m_paletteBox->addItem(tr("Default colours"), static_cast<int>(PaletteName::Default));
    m_paletteBox->addItem(tr("Colour-blind safe (Okabe-Ito)"), static_cast<int>(PaletteName::ColorBlind));
    m_paletteBox->addItem(tr("Grey, with hatching"), static_cast<int>(PaletteName::Grey));

    // The figure as it will be, at its real size (scrolled when larger than the room).
    m_preview = new QLabel(this);
    m_preview->setObjectName(QStringLiteral("exportPreview"));
    m_preview->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_previewArea = new QScrollArea(this);
    m_previewArea->setObjectName(QStringLiteral("exportPreviewArea"));
    m_previewArea->setWidget(m_preview);
    m_previewArea->setWidgetResizable(false);
    m_previewArea->setMinimumSize(360, 240);
    m_previewArea->setBackgroundRole(QPalette::Dark);
    m_previewNote = new QLabel(this);
    m_previewNote->setObjectName(QStringLiteral("exportPreviewNote"));
    m_previewNote->setWordWrap(true);
    m_previewNote->setStyleSheet(QStringLiteral("color: #505050"));
    m_previewTimer = new QTimer(this);
    m_previewTimer->setSingleShot(true);
    m_previewTimer->setInterval(kPreviewDelayMs);
    connect(m_previewTimer, &QTimer::timeout, this, &ChartExportDialog::updatePreview);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    buttons->button(QDialogButtonBox::Ok)->setObjectName(QStringLiteral("exportOkButton"));

    auto* form = new QFormLayout;
    form->addRow(tr("File:"), pathRow);
    form->addRow(tr("Format:"), m_formatLabel);
    if (hasExportParts(chart)) form->addRow(tr("Show:"), m_partBox);
    else m_partBox->hide();
    form->addRow(tr("Extent:"), extent);
    form->addRow(tr("Preset:"), m_presetBox);
    form->addRow(tr("Size:"), sizeRow);
    form->addRow(QString(), m_sizeNote);
    form->addRow(tr("Text:"), m_fontSpin);
    form->addRow(tr("Title:"), titleRow);
    form->addRow(tr("Parts:"), partsRow);
    form->addRow(tr("Palette:"), m_paletteBox);
    auto* previewColumn = new QVBoxLayout;
    previewColumn->addWidget(new QLabel(tr("Preview at the real size:"), this));
    previewColumn->addWidget(m_previewArea, 1);
    previewColumn->addWidget(m_previewNote);
    auto* columns = new QHBoxLayout;
    columns->addLayout(form);
    columns->addLayout(previewColumn, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(m_errorLabel);
    layout->addWidget(buttons);

    m_png = chartFormatForPath(defaultPath).value_or(ChartFormat::Png) == ChartFormat::Png;
    setUnits(m_png, m_png ? Unit::Pixels : Unit::Points);
    showDefaultSize();
    updateFormat();
    restoreSettings();

    connect(buttons, &QDialogButtonBox::accepted, this, &ChartExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ChartExportDialog::reject);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString chosen = QFileDialog::getSaveFileName(this, tr("Export Chart"), path(), chartFileFilter());
        if (!chosen.isEmpty()) m_pathEdit->setText(chosen);
    });
    connect(m_pathEdit, &QLineEdit::textChanged, this, &ChartExportDialog::updateFormat);
    connect(m_partBox, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_sizeEdited) showDefaultSize();
    });
    connect(m_unitBox, &QComboBox::currentIndexChanged, this, [this] { setUnit(unit()); });
    for (QDoubleSpinBox* spin : {m_widthSpin, m_heightSpin})
        connect(spin, &QDoubleSpinBox::valueChanged, this, [this] {
            if (!m_updating) m_sizeEdited = true;
            updateSizeNote();
        });
    connect(m_dpiSpin, &QSpinBox::valueChanged, this, &ChartExportDialog::updateSizeNote);
    connect(m_presetBox, &QComboBox::activated, this,
            [this] { applyPreset(static_cast<Preset>(m_presetBox->currentData().toInt())); });
    // A size typed after a preset is a size of the user's own.
    for (QDoubleSpinBox* spin : {m_widthSpin, m_heightSpin})
        connect(spin, &QDoubleSpinBox::valueChanged, this, [this] {
            if (!m_applyingPreset && !m_updating) m_presetBox->setCurrentIndex(0);
        });
    connect(m_noTitleBox, &QCheckBox::toggled, m_titleEdit, &QWidget::setDisabled);
    // Every field redraws the preview once the typing rests.
    for (QComboBox* box : {m_partBox, m_unitBox, m_presetBox, m_legendBox, m_paletteBox})
        connect(box, &QComboBox::currentIndexChanged, this, &ChartExportDialog::schedulePreview);
    for (QDoubleSpinBox* spin : {m_widthSpin, m_heightSpin, m_fontSpin})
        connect(spin, &QDoubleSpinBox::valueChanged, this, &ChartExportDialog::schedulePreview);
    connect(m_dpiSpin, &QSpinBox::valueChanged, this, &ChartExportDialog::schedulePreview);
    connect(m_titleEdit, &QLineEdit::textChanged, this, &ChartExportDialog::schedulePreview);
    for (QCheckBox* box : {m_noTitleBox, m_headerBox}) connect(box, &QCheckBox::toggled, this, &ChartExportDialog::schedulePreview);
    for (QRadioButton* button : {m_currentViewButton, m_wholeButton})
        connect(button, &QRadioButton::toggled, this, &ChartExportDialog::schedulePreview);
    connect(m_pathEdit, &QLineEdit::textChanged, this, &ChartExportDialog::schedulePreview);
    schedulePreview();
}

void ChartExportDialog::applyPreset(Preset preset) {
    for (const PresetSize& size : kPresets) {
        if (size.preset != preset) continue;
        m_applyingPreset = true;
        const int mm = m_unitBox->findData(static_cast<int>(Unit::Millimetres));
        m_unitBox->setCurrentIndex(mm);
        setUnit(Unit::Millimetres);
        m_widthSpin->setValue(size.widthMm);
        m_heightSpin->setValue(size.heightMm);
        m_sizeEdited = true;
        m_applyingPreset = false;
        m_presetBox->setCurrentIndex(m_presetBox->findData(static_cast<int>(preset)));
        updateSizeNote();
    }
}

void ChartExportDialog::schedulePreview() {
    m_previewTimer->start();
}

QPixmap ChartExportDialog::preview() const {
    return m_preview->pixmap();
}

void ChartExportDialog::updatePreview() {
    m_previewTimer->stop();
    ChartExportRequest asked = request();
    if (!chartFormatForPath(path()) && asked.format.isEmpty()) asked.format = QStringLiteral("png");
    // The layout of the figure asked, drawn one pixel a layout pixel: its size on a screen of the layout's DPI.
    Expected<FigureCanvas> canvas = figureCanvas(path(), *asked.figure, asked.format.isEmpty() ? QString() : asked.format);
    if (!canvas) {
        m_preview->setPixmap(QPixmap());
        m_preview->resize(0, 0);
        m_previewNote->setText(QString::fromStdString(canvas.error().message));
        return;
    }
    QTemporaryDir directory;
    const QString file = directory.filePath(QStringLiteral("preview.png"));
    ChartExportRequest drawn = asked;
    drawn.figure->size = FigureSize{static_cast<double>(canvas->layout.width()),
                                    static_cast<double>(canvas->layout.height()), SizeUnit::Pixel};
    drawn.figure->dotsPerInch = 0;
    drawn.format = QStringLiteral("png");
    QStringList notes;
    const Expected<bool> written = exportResultChart(m_chart, file, drawn, &notes);
    if (!written) {
        m_preview->setPixmap(QPixmap());
        m_preview->resize(0, 0);
        m_previewNote->setText(QString::fromStdString(written.error().message));
        return;
    }
    const QPixmap pixmap(file);
    m_preview->setPixmap(pixmap);
    m_preview->resize(pixmap.size());
    // What the figure leaves out of what was asked (a legend that does not fit) is said under the preview.
    QString note = tr("%1, text at %2 pt").arg(canvas->sizeText).arg(asked.figure->fontPoints);
    for (const QString& leftOut : notes) note += QStringLiteral("\n") + leftOut.left(1).toUpper() + leftOut.mid(1) + QLatin1Char('.');
    m_previewNote->setText(note);
}

void ChartExportDialog::restoreSettings() {
    QSettings settings;
    settings.beginGroup(kSettingsGroup);
    if (settings.contains(QStringLiteral("fontPoints")))
        m_fontSpin->setValue(settings.value(QStringLiteral("fontPoints")).toDouble());
    m_headerBox->setChecked(settings.value(QStringLiteral("header"), true).toBool());
    m_noTitleBox->setChecked(settings.value(QStringLiteral("noTitle"), false).toBool());
    const auto select = [](QComboBox* box, const QVariant& data) {
        const int index = box->findData(data);
        if (index >= 0) box->setCurrentIndex(index);
    };
    select(m_legendBox, settings.value(QStringLiteral("legend"), static_cast<int>(LegendPlacement::Right)));
    select(m_paletteBox, settings.value(QStringLiteral("palette"), static_cast<int>(PaletteName::Default)));
    if (hasExportParts(m_chart)) select(m_partBox, settings.value(QStringLiteral("part"), static_cast<int>(DagExportPart::Both)));
    // A physical size is the paper's and is kept; pixels follow the chart on screen.
    const auto unit = static_cast<Unit>(settings.value(QStringLiteral("unit"), static_cast<int>(Unit::Pixels)).toInt());
    if (unit != Unit::Pixels && unit != Unit::Points && m_unitBox->findData(static_cast<int>(unit)) >= 0) {
        m_unitBox->setCurrentIndex(m_unitBox->findData(static_cast<int>(unit)));
        setUnit(unit);
        m_updating = true;
        m_widthSpin->setValue(settings.value(QStringLiteral("width"), m_widthSpin->value()).toDouble());
        m_heightSpin->setValue(settings.value(QStringLiteral("height"), m_heightSpin->value()).toDouble());
        m_updating = false;
        m_sizeEdited = true;
        m_dpiSpin->setValue(settings.value(QStringLiteral("dpi"), kDefaultDotsPerInch).toInt());
        select(m_presetBox, settings.value(QStringLiteral("preset"), static_cast<int>(Preset::Custom)));
        updateSizeNote();
    }
    settings.endGroup();
}

void ChartExportDialog::saveSettings() const {
    QSettings settings;
    settings.beginGroup(kSettingsGroup);
    settings.setValue(QStringLiteral("fontPoints"), m_fontSpin->value());
    settings.setValue(QStringLiteral("header"), m_headerBox->isChecked());
    settings.setValue(QStringLiteral("noTitle"), m_noTitleBox->isChecked());
    settings.setValue(QStringLiteral("legend"), m_legendBox->currentData());
    settings.setValue(QStringLiteral("palette"), m_paletteBox->currentData());
    if (hasExportParts(m_chart)) settings.setValue(QStringLiteral("part"), m_partBox->currentData());
    settings.setValue(QStringLiteral("unit"), static_cast<int>(m_shownUnit));
    settings.setValue(QStringLiteral("width"), m_widthSpin->value());
    settings.setValue(QStringLiteral("height"), m_heightSpin->value());
    settings.setValue(QStringLiteral("dpi"), m_dpiSpin->value());
    settings.setValue(QStringLiteral("preset"), m_presetBox->currentData());
    settings.endGroup();
}

// Pixels are as large as on screen; points, mm, cm and inches are lengths.
double ChartExportDialog::inchesPer(Unit unit) {
    switch (unit) {
        case Unit::Pixels: return 1.0 / kScreenDotsPerInch;
        case Unit::Points: return 1.0 / kPointsPerInch;
        case Unit::Millimetres: return 1.0 / kMillimetresPerInch;
        case Unit::Centimetres: return 10.0 / kMillimetresPerInch;
        case Unit::Inches: return 1.0;
    }
    return 1.0;
}

QString ChartExportDialog::path() const {
    return m_pathEdit->text().trimmed();
}

ChartExportDialog::Unit ChartExportDialog::unit() const {
    return static_cast<Unit>(m_unitBox->currentData().toInt());
}

QSizeF ChartExportDialog::sizeInInches() const {
    const double per = inchesPer(m_shownUnit);
    return {m_widthSpin->value() * per, m_heightSpin->value() * per};
}

void ChartExportDialog::setSizeInUnit(QSizeF inches, Unit unit) {
    const double per = inchesPer(unit);
    const bool whole = unit == Unit::Pixels || unit == Unit::Points;
    m_updating = true;
    for (QDoubleSpinBox* spin : {m_widthSpin, m_heightSpin}) {
        spin->setDecimals(whole ? 0 : unit == Unit::Millimetres ? 1 : 2);
        spin->setSingleStep(whole ? 10 : unit == Unit::Millimetres ? 5 : 0.5);
    }
    m_widthSpin->setValue(inches.width() / per);
    m_heightSpin->setValue(inches.height() / per);
    m_updating = false;
    m_shownUnit = unit;
    m_dpiSpin->setEnabled(m_png && unit != Unit::Pixels && unit != Unit::Points);
    updateSizeNote();
}

void ChartExportDialog::setUnit(Unit unit) {
    if (unit == m_shownUnit) return;
    setSizeInUnit(sizeInInches(), unit);
}

void ChartExportDialog::setUnits(bool png, Unit preferred) {
    const QSignalBlocker block(m_unitBox);
    m_unitBox->clear();
    if (png) m_unitBox->addItem(tr("pixels"), static_cast<int>(Unit::Pixels));
    else m_unitBox->addItem(tr("points"), static_cast<int>(Unit::Points));
    m_unitBox->addItem(tr("mm"), static_cast<int>(Unit::Millimetres));
    m_unitBox->addItem(tr("cm"), static_cast<int>(Unit::Centimetres));
    m_unitBox->addItem(tr("inches"), static_cast<int>(Unit::Inches));
    m_unitBox->setCurrentIndex(std::max(0, m_unitBox->findData(static_cast<int>(preferred))));
}

// The part's size on screen: as many pixels (or points: one point a pixel, as before) as it has there.
void ChartExportDialog::showDefaultSize() {
    const QSize screen = onScreenExportSize(m_chart, static_cast<DagExportPart>(m_partBox->currentData().toInt()));
    const Unit kept = m_shownUnit;
    m_shownUnit = m_png ? Unit::Pixels : Unit::Points;
    m_updating = true;
    m_widthSpin->setValue(screen.width());
    m_heightSpin->setValue(screen.height());
    m_updating = false;
    setSizeInUnit(sizeInInches(), kept);
}

void ChartExportDialog::updateFormat() {
    const std::optional<ChartFormat> format = chartFormatForPath(path());
    m_errorLabel->hide();
    if (!format) {
        m_formatLabel->setText(tr("unknown: the file name must end in .png, .pdf or .svg"));
        return;
    }
    m_formatLabel->setText(*format == ChartFormat::Png ? tr("PNG image")
                           : *format == ChartFormat::Pdf ? tr("PDF document")
                                                         : tr("SVG drawing"));
    const bool png = *format == ChartFormat::Png;
    if (png == m_png) return;
    m_png = png;
    // Pixels and points keep their numbers (a chart of W pixels on screen is a page of W points);
    // physical sizes keep their length.
    const Unit old = m_shownUnit;
    const bool counted = old == Unit::Pixels || old == Unit::Points;
    const Unit next = counted ? (png ? Unit::Pixels : Unit::Points) : old;
    if (counted) m_shownUnit = next;  // same numbers, read in the new unit
    setUnits(png, next);
    setSizeInUnit(sizeInInches(), next);
}

ChartExportRequest ChartExportDialog::request() const {
    ChartExportRequest request;
    request.part = static_cast<DagExportPart>(m_partBox->currentData().toInt());
    request.extent = m_wholeButton->isChecked() ? ChartExtent::WholeSchedule : ChartExtent::CurrentView;
    const QSizeF inches = sizeInInches();
    FigureOptions figure;
    const double width = m_widthSpin->value();
    const double height = m_heightSpin->value();
    switch (m_shownUnit) {
        case Unit::Pixels:
            request.size = QSize(qRound(width), qRound(height));
            figure.size = FigureSize{static_cast<double>(request.size.width()),
                                     static_cast<double>(request.size.height()), SizeUnit::Pixel};
            break;
        case Unit::Points:
            request.size = QSize(qRound(width), qRound(height));
            figure.size = FigureSize{width, height, SizeUnit::Point};
            break;
        case Unit::Millimetres:
        case Unit::Centimetres:
        case Unit::Inches:
            figure.size = FigureSize{width, height,
                                     m_shownUnit == Unit::Millimetres   ? SizeUnit::Millimetre
                                     : m_shownUnit == Unit::Centimetres ? SizeUnit::Centimetre
                                                                        : SizeUnit::Inch};
            if (m_png) {
                request.raster.dotsPerInch = m_dpiSpin->value();
                figure.dotsPerInch = m_dpiSpin->value();
                request.size = QSize(qRound(inches.width() * request.raster.dotsPerInch),
                                     qRound(inches.height() * request.raster.dotsPerInch));
            } else {
                request.size = QSize(qRound(inches.width() * kPointsPerInch), qRound(inches.height() * kPointsPerInch));
            }
            break;
    }
    figure.fontPoints = m_fontSpin->value();
    if (m_noTitleBox->isChecked()) figure.title = std::string();
    else if (!m_titleEdit->text().trimmed().isEmpty()) figure.title = m_titleEdit->text().trimmed().toStdString();
    figure.header = m_headerBox->isChecked();
    figure.legend = static_cast<LegendPlacement>(m_legendBox->currentData().toInt());
    figure.palette = static_cast<PaletteName>(m_paletteBox->currentData().toInt());
    if (hasExportParts(m_chart))
        figure.part = request.part == DagExportPart::Gantt ? "gantt" : request.part == DagExportPart::Graph ? "dag" : "both";
    request.figure = figure;
    return request;
}

void ChartExportDialog::updateSizeNote() {
    const ChartExportRequest asked = request();
    if (m_png && m_shownUnit != Unit::Pixels && m_shownUnit != Unit::Points)
        m_sizeNote->setText(tr("%1 × %2 pixels at %3 DPI")
                                .arg(asked.size.width())
                                .arg(asked.size.height())
                                .arg(asked.raster.dotsPerInch));
    else if (m_shownUnit != Unit::Pixels && m_shownUnit != Unit::Points)
        m_sizeNote->setText(tr("a page of %1 × %2 points").arg(asked.size.width()).arg(asked.size.height()));
    else
        m_sizeNote->setText(m_png ? tr("laid out as on screen, one pixel a pixel")
                                  : tr("a page of %1 × %2 points").arg(asked.size.width()).arg(asked.size.height()));
}

void ChartExportDialog::accept() {
    const QString file = path();
    Expected<bool> written = exportResultChart(m_chart, file, request());
    if (!written) {
        m_errorLabel->setText(tr("Cannot export the chart to %1: %2")
                                  .arg(QFileInfo(file).fileName(), QString::fromStdString(written.error().message)));
        m_errorLabel->show();
        return;
    }
    saveSettings();
    QDialog::accept();
}

}  // namespace hetsched::ui
