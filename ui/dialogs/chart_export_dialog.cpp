#include "dialogs/chart_export_dialog.h"

#include <qcustomplot.h>

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

Expected<bool> exportResultChart(ResultChart* chart, const QString& path, const ChartExportRequest& request) {
    if (!chart) return invalidInput("there is no chart to export");
    // A dag result still being prepared is shown at once: the ranges saved below are then the result's.
    if (auto* dag = dynamic_cast<DagScheduleView*>(chart)) dag->finishPreparing();
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

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    buttons->button(QDialogButtonBox::Ok)->setObjectName(QStringLiteral("exportOkButton"));

    auto* form = new QFormLayout;
    form->addRow(tr("File:"), pathRow);
    form->addRow(tr("Format:"), m_formatLabel);
    if (hasExportParts(chart)) form->addRow(tr("Show:"), m_partBox);
    else m_partBox->hide();
    form->addRow(tr("Extent:"), extent);
    form->addRow(tr("Size:"), sizeRow);
    form->addRow(QString(), m_sizeNote);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_errorLabel);
    layout->addWidget(buttons);

    m_png = chartFormatForPath(defaultPath).value_or(ChartFormat::Png) == ChartFormat::Png;
    setUnits(m_png, m_png ? Unit::Pixels : Unit::Points);
    showDefaultSize();
    updateFormat();

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
    m_dpiSpin->setEnabled(unit == Unit::Centimetres || unit == Unit::Inches);
    updateSizeNote();
}

void ChartExportDialog::setUnit(Unit unit) {
    if (unit == m_shownUnit) return;
    setSizeInUnit(sizeInInches(), unit);
}

void ChartExportDialog::setUnits(bool png, Unit preferred) {
    const QSignalBlocker block(m_unitBox);
    m_unitBox->clear();
    if (png) {
        m_unitBox->addItem(tr("pixels"), static_cast<int>(Unit::Pixels));
        m_unitBox->addItem(tr("cm"), static_cast<int>(Unit::Centimetres));
        m_unitBox->addItem(tr("inches"), static_cast<int>(Unit::Inches));
    } else {
        m_unitBox->addItem(tr("points"), static_cast<int>(Unit::Points));
        m_unitBox->addItem(tr("mm"), static_cast<int>(Unit::Millimetres));
    }
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
    const Unit next = png ? (counted ? Unit::Pixels : Unit::Centimetres) : (counted ? Unit::Points : Unit::Millimetres);
    if (counted) m_shownUnit = next;  // same numbers, read in the new unit
    setUnits(png, next);
    setSizeInUnit(sizeInInches(), next);
}

ChartExportRequest ChartExportDialog::request() const {
    ChartExportRequest request;
    request.part = static_cast<DagExportPart>(m_partBox->currentData().toInt());
    request.extent = m_wholeButton->isChecked() ? ChartExtent::WholeSchedule : ChartExtent::CurrentView;
    const QSizeF inches = sizeInInches();
    switch (m_shownUnit) {
        case Unit::Pixels:
        case Unit::Points:
            request.size = QSize(qRound(m_widthSpin->value()), qRound(m_heightSpin->value()));
            break;
        case Unit::Millimetres:
            request.size = QSize(qRound(inches.width() * kPointsPerInch), qRound(inches.height() * kPointsPerInch));
            break;
        case Unit::Centimetres:
        case Unit::Inches:
            request.raster.dotsPerInch = m_dpiSpin->value();
            request.size = QSize(qRound(inches.width() * request.raster.dotsPerInch),
                                 qRound(inches.height() * request.raster.dotsPerInch));
            break;
    }
    return request;
}

void ChartExportDialog::updateSizeNote() {
    const ChartExportRequest asked = request();
    if (m_shownUnit == Unit::Centimetres || m_shownUnit == Unit::Inches)
        m_sizeNote->setText(tr("%1 × %2 pixels at %3 DPI")
                                .arg(asked.size.width())
                                .arg(asked.size.height())
                                .arg(asked.raster.dotsPerInch));
    else if (m_shownUnit == Unit::Millimetres)
        m_sizeNote->setText(tr("a page of %1 × %2 points").arg(asked.size.width()).arg(asked.size.height()));
    else
        m_sizeNote->setText(m_png ? tr("laid out as on screen, one pixel a pixel")
                                  : tr("one point of the page a pixel of the screen"));
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
    QDialog::accept();
}

}  // namespace hetsched::ui
