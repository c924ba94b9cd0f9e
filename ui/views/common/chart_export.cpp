#include "views/common/chart_export.h"
#include "views/common/figure_fit.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QBuffer>
#include <QFileInfo>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QPointer>
#include <QSaveFile>
#include <QSvgGenerator>
#include <algorithm>
#include <cmath>

#include "common/number_format.h"
#include "io/formats.h"

namespace hetsched::ui {

namespace {

constexpr int kDefaultPhysicalDotsPerInch = 300;
constexpr int kMinPixels = 16;
constexpr int kMaxPixels = 20000;

Error writeError(const QString& path, const QString& why) {
    return ioError(QObject::tr("cannot write %1: %2").arg(path, why).toStdString());
}

Expected<bool> writeAtomically(const QString& path, const QByteArray& bytes) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return writeError(path, file.errorString());
    if (file.write(bytes) != bytes.size()) return writeError(path, file.errorString());
    if (!file.commit()) return writeError(path, file.errorString());
    return true;
}

Error unknownFormat(const QString& path, const QString& format) {
    if (!format.isEmpty())
        return invalidInput(
            QObject::tr("--format must be png, pdf or svg for a chart, got '%1'").arg(format).toStdString());
    const QString suffix = QFileInfo(path).suffix();
    return invalidInput(QObject::tr("cannot export a chart to \"%1\": unknown format%2 (use .png, .pdf or .svg)")
                            .arg(path, suffix.isEmpty() ? QString() : QStringLiteral(" .%1").arg(suffix))
                            .toStdString());
}

int rounded(double value) {
    return std::max(1, static_cast<int>(std::lround(value)));
}

// The painter scaled from the layout onto `device` pixels.
void scaleToDevice(QCPPainter& painter, QSize layout, QSizeF device) {
    if (std::abs(device.width() - layout.width()) > 1e-6 || std::abs(device.height() - layout.height()) > 1e-6)
        painter.scale(device.width() / layout.width(), device.height() / layout.height());
}

Expected<bool> writePng(const QString& path, const FigureCanvas& canvas,
                        const std::function<void(QCPPainter& painter)>& paint) {
    QImage image(canvas.pixels, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QCPPainter painter(&image);
    if (!painter.isActive()) return writeError(path, QObject::tr("the chart could not be rendered"));
    if (canvas.layout != canvas.pixels) {
        // Lines keep their width in the scaled drawing, as QCustomPlot::toPixmap does.
        if (canvas.pixels.width() > canvas.layout.width()) painter.setMode(QCPPainter::pmNonCosmetic);
        scaleToDevice(painter, canvas.layout, QSizeF(canvas.pixels));
    }
    paint(painter);
    painter.end();
    // Tagged once painted: fonts in points were sized at the image's (the layout's) resolution while painting.
    if (canvas.dotsPerInch > 0) {
        const int dotsPerMeter = static_cast<int>(std::lround(canvas.dotsPerInch / 0.0254));
        image.setDotsPerMeterX(dotsPerMeter);
        image.setDotsPerMeterY(dotsPerMeter);
    }
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG")) return writeError(path, QObject::tr("PNG encoding failed"));
    return writeAtomically(path, buffer.data());
}

Expected<bool> writeSvg(const QString& path, const FigureCanvas& canvas,
                        const std::function<void(QCPPainter& painter)>& paint) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    // Its width and height attributes are the page's length: the layout's pixels at the layout's resolution.
    generator.setResolution(layoutDotsPerInch());
    generator.setSize(canvas.layout);
    generator.setViewBox(QRect(QPoint(0, 0), canvas.layout));
    generator.setTitle(QFileInfo(path).completeBaseName());
    generator.setDescription(QObject::tr("Chart exported by HetSched"));
    QCPPainter painter;
    if (!painter.begin(&generator)) return writeError(path, QObject::tr("the SVG painter could not start"));
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    paint(painter);
    painter.end();
    return writeAtomically(path, buffer.data());
}

Expected<bool> writePdf(const QString& path, const FigureCanvas& canvas,
                        const std::function<void(QCPPainter& painter)>& paint) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setTitle(QFileInfo(path).completeBaseName());
    writer.setCreator(QStringLiteral("HetSched"));
    // At the layout's resolution a font of p points is as many pixels as it was measured at.
    const int dpi = layoutDotsPerInch();
    writer.setResolution(dpi);
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    writer.setPageSize(QPageSize(canvas.pagePoints, QPageSize::Point, QString(), QPageSize::ExactMatch));
    QCPPainter painter;
    if (!painter.begin(&writer)) return writeError(path, QObject::tr("the PDF painter could not start"));
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    painter.setMode(QCPPainter::pmNonCosmetic);
    const QSizeF device(canvas.pagePoints.width() * dpi / 72.0, canvas.pagePoints.height() * dpi / 72.0);
    scaleToDevice(painter, canvas.layout, device);
    paint(painter);
    painter.end();
    return writeAtomically(path, buffer.data());
}

QString millimetres(double points) {
    return QString::fromStdString(formatSignificant(points * 25.4 / 72.0, 3));
}

}  // namespace

std::optional<ChartFormat> chartFormatForPath(const QString& path) {
    // The figure writers of the format table (io/formats.h), by extension.
    Expected<const FileFormat*> format = writeFormatFor(path.toStdString(), {}, {FormatContent::Figure});
    return format ? chartFormatFromName(QString::fromStdString((*format)->name)) : std::nullopt;
}

std::optional<ChartFormat> chartFormatFromName(const QString& name) {
    const QString lower = name.toLower();
    if (!findFileFormat(lower.toStdString(), FormatDirection::Write, {FormatContent::Figure})) return std::nullopt;
    if (lower == QLatin1String("png")) return ChartFormat::Png;
    if (lower == QLatin1String("pdf")) return ChartFormat::Pdf;
    if (lower == QLatin1String("svg")) return ChartFormat::Svg;
    return std::nullopt;
}

QString chartFileFilter() {
    QString filters = QString::fromStdString(fileDialogFilters(FormatDirection::Write, {FormatContent::Figure}));
    return filters.left(filters.lastIndexOf(QLatin1String(";;")));   // no "All files": a chart needs a format
}

Expected<ChartFormat> checkedFormat(const QString& path, int width, int height) {
    const std::optional<ChartFormat> format = chartFormatForPath(path);
    if (!format) return unknownFormat(path, QString());
    if (width < kMinPixels || height < kMinPixels || width > kMaxPixels || height > kMaxPixels)
        return invalidInput(QObject::tr("cannot export a chart of %1 x %2 pixels (16 to 20000 each)")
                                .arg(width)
                                .arg(height)
                                .toStdString());
    return *format;
}

int layoutDotsPerInch() {
    // QFontMetrics(font) measures at qt_defaultDpiY(), which a new image's resolution is made of.
    static const int dpi = [] {
        const QImage probe(1, 1, QImage::Format_ARGB32);
        const int measured = probe.logicalDpiY();
        return measured >= 36 && measured <= 600 ? measured : kScreenDotsPerInch;
    }();
    return dpi;
}

QSize layoutSize(int width, int height, const RasterOptions& raster) {
    if (raster.dotsPerInch <= 0) return {width, height};
    const double perPixel = static_cast<double>(layoutDotsPerInch()) / raster.dotsPerInch;
    return {rounded(width * perPixel), rounded(height * perPixel)};
}

Expected<FigureCanvas> figureCanvas(const QString& path, const FigureOptions& options, const QString& format) {
    const std::optional<ChartFormat> chosen = format.isEmpty() ? chartFormatForPath(path) : chartFormatFromName(format);
    if (!chosen) return unknownFormat(path, format);
    if (std::optional<Error> problem = figureOptionsProblem(options)) return *problem;
    FigureCanvas canvas;
    canvas.format = *chosen;
    canvas.fontPoints = options.fontPoints;
    const FigureSize size = options.size.value_or(FigureSize{1200, 700, SizeUnit::Pixel});
    const int dpi = layoutDotsPerInch();
    canvas.sizeText = QString::fromStdString(figureSizeText(size));
    canvas.size = size;
    if (canvas.format != ChartFormat::Png) {
        if (options.dotsPerInch != 0)
            return invalidInput("--dpi applies to PNG only (a PDF or SVG page is sized in points: use --size "
                                "with mm, cm, in or pt)");
        canvas.pagePoints = QSizeF(size.widthPoints(), size.heightPoints());
        canvas.layout = QSize(rounded(size.widthPoints() * dpi / 72.0), rounded(size.heightPoints() * dpi / 72.0));
        return canvas;
    }
    if (size.isPhysical()) {
        canvas.dotsPerInch = options.dotsPerInch > 0 ? options.dotsPerInch : kDefaultPhysicalDotsPerInch;
        canvas.pixels = QSize(rounded(size.widthPoints() * canvas.dotsPerInch / 72.0),
                              rounded(size.heightPoints() * canvas.dotsPerInch / 72.0));
        canvas.layout = QSize(rounded(size.widthPoints() * dpi / 72.0), rounded(size.heightPoints() * dpi / 72.0));
        if (canvas.pixels.width() > kMaxPixels || canvas.pixels.height() > kMaxPixels)
            return invalidInput(QObject::tr("--size %1 at %2 DPI would be %3 x %4 pixels (at most 20000 a side): "
                                            "lower --dpi")
                                    .arg(canvas.sizeText)
                                    .arg(canvas.dotsPerInch)
                                    .arg(canvas.pixels.width())
                                    .arg(canvas.pixels.height())
                                    .toStdString());
        return canvas;
    }
    canvas.pixels = QSize(rounded(size.width), rounded(size.height));
    canvas.dotsPerInch = options.dotsPerInch;
    canvas.layout = layoutSize(canvas.pixels.width(), canvas.pixels.height(), RasterOptions{options.dotsPerInch});
    return canvas;
}

Expected<FigureCanvas> pixelCanvas(const QString& path, int width, int height, const RasterOptions& raster) {
    Expected<ChartFormat> format = checkedFormat(path, width, height);
    if (!format) return format.error();
    FigureCanvas canvas;
    canvas.format = *format;
    const QFont font = QApplication::font();
    canvas.fontPoints = font.pointSizeF() > 0 ? font.pointSizeF() : 9;
    canvas.sizeText = QStringLiteral("%1x%2").arg(width).arg(height);
    canvas.size = FigureSize{static_cast<double>(width), static_cast<double>(height),
                             *format == ChartFormat::Png ? SizeUnit::Pixel : SizeUnit::Point};
    canvas.checkRoom = false;
    if (canvas.format == ChartFormat::Png) {
        canvas.pixels = QSize(width, height);
        canvas.dotsPerInch = raster.dotsPerInch;
        canvas.layout = layoutSize(width, height, raster);
        return canvas;
    }
    const int dpi = layoutDotsPerInch();
    canvas.pagePoints = QSizeF(width, height);
    canvas.layout = QSize(rounded(width * dpi / 72.0), rounded(height * dpi / 72.0));
    return canvas;
}

Expected<bool> writeFigure(const QString& path, const FigureCanvas& canvas,
                           const std::function<void(QCPPainter& painter)>& paint) {
    switch (canvas.format) {
        case ChartFormat::Png: return writePng(path, canvas, paint);
        case ChartFormat::Svg: return writeSvg(path, canvas, paint);
        case ChartFormat::Pdf: return writePdf(path, canvas, paint);
    }
    return writeError(path, QObject::tr("unknown format"));
}

QString legendLeftOutNote(const FigureCanvas& canvas, int neededLayoutHeight) {
    QString note = QObject::tr("the legend was left out: at --size %1 with %2 pt text it does not fit beside or "
                               "under the chart")
                       .arg(canvas.sizeText, QString::fromStdString(formatShortest(canvas.fontPoints)));
    if (neededLayoutHeight > canvas.layout.height() && canvas.layout.height() > 0) {
        // The same width, the height in the unit asked, rounded up (to a tenth for cm and in).
        FigureSize larger = canvas.size;
        const double step = larger.unit == SizeUnit::Centimetre || larger.unit == SizeUnit::Inch ? 0.1 : 1.0;
        larger.height = std::ceil(larger.height * neededLayoutHeight / canvas.layout.height() / step - 1e-9) * step;
        note += QObject::tr("; --size %1 holds it").arg(QString::fromStdString(figureSizeText(larger)));
    }
    return note + QObject::tr(" (or a smaller --font-pt, or --no-header)");
}

QFont figureFont(double points, bool bold) {
    QFont font = QApplication::font();
    font.setPointSizeF(std::max(kMinFontPoints, points));
    font.setBold(bold);
    font.setItalic(false);
    return font;
}

PlotFontScope::PlotFontScope(QCustomPlot* plot, double points) {
    // Each text keeps its weight and slant; its size is the figure's.
    const auto sized = [points](QFont font) {
        font.setPointSizeF(std::max(kMinFontPoints, points));
        return font;
    };
    const QFont widgetFont = plot->font();
    plot->setFont(sized(widgetFont));
    m_restore.push_back([plot, widgetFont] { plot->setFont(widgetFont); });
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : rect->axes()) {
            const QFont tick = axis->tickLabelFont(), label = axis->labelFont();
            const QFont selectedTick = axis->selectedTickLabelFont(), selectedLabel = axis->selectedLabelFont();
            axis->setTickLabelFont(sized(tick));
            axis->setLabelFont(sized(label));
            axis->setSelectedTickLabelFont(sized(selectedTick));
            axis->setSelectedLabelFont(sized(selectedLabel));
            m_restore.push_back([axis, tick, label, selectedTick, selectedLabel] {
                axis->setTickLabelFont(tick);
                axis->setLabelFont(label);
                axis->setSelectedTickLabelFont(selectedTick);
                axis->setSelectedLabelFont(selectedLabel);
            });
        }
    const auto legendFonts = [&](QCPLegend* legend) {
        const QFont font = legend->font();
        legend->setFont(sized(font));
        m_restore.push_back([legend, font] { legend->setFont(font); });
        for (int k = 0; k < legend->itemCount(); ++k) {
            QCPAbstractLegendItem* item = legend->item(k);
            if (!item) continue;   // an empty cell of the legend's grid
            const QFont itemFont = item->font();
            item->setFont(sized(itemFont));
            // A legend rebuilt meanwhile (another placement) has deleted its items: those are skipped.
            m_restore.push_back([item = QPointer<QCPAbstractLegendItem>(item), itemFont] {
                if (item) item->setFont(itemFont);
            });
        }
    };
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        if (auto* text = dynamic_cast<QCPTextElement*>(element)) {
            const QFont font = text->font();
            text->setFont(sized(font));
            m_restore.push_back([text = QPointer<QCPTextElement>(text), font] {
                if (text) text->setFont(font);
            });
        } else if (auto* legend = dynamic_cast<QCPLegend*>(element)) {
            legendFonts(legend);
        }
    }
    if (plot->legend && !plot->legend->layout()) legendFonts(plot->legend);
    for (int k = 0; k < plot->itemCount(); ++k)
        if (auto* text = dynamic_cast<QCPItemText*>(plot->item(k))) {
            const QFont font = text->font();
            text->setFont(sized(font));
            m_restore.push_back([text = QPointer<QCPItemText>(text), font] {
                if (text) text->setFont(font);
            });
        }
}

PlotFontScope::~PlotFontScope() {
    for (auto it = m_restore.rbegin(); it != m_restore.rend(); ++it) (*it)();
}

namespace {

// Whether consecutive tick labels of the axis (as last laid out) come closer than a small gap.
bool tickLabelsTouch(QCPAxis* axis) {
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    if (ticks.size() < 2 || labels.size() != ticks.size() || !axis->tickLabels()) return false;
    const QFontMetricsF metrics(axis->tickLabelFont());
    const bool horizontal = axis->orientation() == Qt::Horizontal;
    constexpr double kGap = 4;
    for (qsizetype k = 1; k < ticks.size(); ++k) {
        const double distance = std::abs(axis->coordToPixel(ticks[k]) - axis->coordToPixel(ticks[k - 1]));
        // Multi-line labels (date tickers) count their lines.
        const auto extent = [&](const QString& text) {
            const QRectF box = metrics.boundingRect(QRectF(0, 0, 1e6, 1e6), Qt::AlignLeft, text);
            return horizontal ? box.width() : box.height();
        };
        if (labels[k].isEmpty() || labels[k - 1].isEmpty()) continue;
        if (distance < (extent(labels[k]) + extent(labels[k - 1])) / 2 + kGap) return true;
    }
    return false;
}

// The smallest plot area a figure may have (plotAreaProblem's default).
constexpr QSize kSmallestPlotArea(40, 24);

// `text` broken at spaces into lines no wider than `width`, at most `maxLines` of them (the last elided when
// the words do not fit); a text that fits is returned as it is.
QString wrappedText(const QString& text, const QFont& font, double width, int maxLines) {
    const QFontMetricsF metrics(font);
    if (text.isEmpty() || text.contains(QLatin1Char('\n')) || metrics.horizontalAdvance(text) <= width) return text;
    QStringList lines;
    QString line;
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (qsizetype k = 0; k < words.size(); ++k) {
        const QString longer = line.isEmpty() ? words[k] : line + QLatin1Char(' ') + words[k];
        if (line.isEmpty() || metrics.horizontalAdvance(longer) <= width) {
            line = longer;
            continue;
        }
        lines << line;
        line = words[k];
        if (lines.size() == maxLines - 1) {
            line = words.mid(k).join(QLatin1Char(' '));
            break;
        }
    }
    lines << line;
    for (QString& each : lines) each = metrics.elidedText(each, Qt::ElideRight, std::max(0.0, width));
    return lines.join(QLatin1Char('\n'));
}

// The legends laid out in the plot's own layout (not inset in an axis rect).
std::vector<QCPLegend*> layoutLegends(QCustomPlot* plot) {
    std::vector<QCPLegend*> legends;
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true))
        if (auto* legend = dynamic_cast<QCPLegend*>(element); legend && legend->visible()) legends.push_back(legend);
    return legends;
}

}  // namespace

PlotFitScope::PlotFitScope(QCustomPlot* plot, QSize layout) {
    // A plot area may be as small as plotAreaProblem allows (QCustomPlot's own minimum is 50 x 50 pixels).
    for (QCPAxisRect* rect : plot->axisRects()) {
        const QSize minimum = rect->minimumSize();
        rect->setMinimumSize(std::min(minimum.width(), kSmallestPlotArea.width()),
                             std::min(minimum.height(), kSmallestPlotArea.height()));
        m_restore.push_back([rect = QPointer<QCPAxisRect>(rect), minimum] {
            if (rect) rect->setMinimumSize(minimum);
        });
    }
    // Titles wider than the figure are set on up to three lines; legends wider than it on more rows.
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        auto* text = dynamic_cast<QCPTextElement*>(element);
        if (!text || !text->visible()) continue;
        const QString before = text->text();
        const QMargins margins = text->margins();
        const QString wrapped = wrappedText(before, text->font(), layout.width() - margins.left() - margins.right() - 8, 3);
        if (wrapped == before) continue;
        text->setText(wrapped);
        m_restore.push_back([text = QPointer<QCPTextElement>(text), before] {
            if (text) text->setText(before);
        });
    }
    for (QCPLegend* legend : layoutLegends(plot)) {
        const int wrap = legend->wrap();
        if (wrap <= 1 || legend->fillOrder() != QCPLegend::foColumnsFirst) continue;
        // setWrap alone keeps the cells where they are: setFillOrder rearranges them.
        for (int columns = wrap; columns >= 1; --columns) {
            legend->setWrap(columns);
            legend->setFillOrder(QCPLegend::foColumnsFirst, true);
            if (legend->minimumOuterSizeHint().width() <= layout.width()) break;
        }
        if (legend->wrap() != wrap)
            m_restore.push_back([legend = QPointer<QCPLegend>(legend), wrap] {
                if (!legend) return;
                legend->setWrap(wrap);
                legend->setFillOrder(QCPLegend::foColumnsFirst, true);
            });
    }
    plot->toPixmap(layout.width(), layout.height());
    plot->toPixmap(layout.width(), layout.height());
    bool changed = false;
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : rect->axes()) {
            if (!axis->visible()) continue;
            const QString label = axis->label();
            const double length = axis->orientation() == Qt::Horizontal ? rect->width() : rect->height();
            // A title longer than its axis goes on two lines; a word still too long for the axis is set smaller,
            // by half points down to 6 pt, before anything is elided.
            QString fitted = wrappedText(label, axis->labelFont(), std::max(0.0, length), 2);
            if (!label.isEmpty() && fitted.contains(QStringLiteral("…"))) {
                const QFont labelFont = axis->labelFont();
                QFont smaller = labelFont;
                for (double points = labelFont.pointSizeF() - 0.5; points >= kMinFontPoints - 1e-9; points -= 0.5) {
                    smaller.setPointSizeF(points);
                    const QString wrapped = wrappedText(label, smaller, std::max(0.0, length), 2);
                    if (wrapped.contains(QStringLiteral("…"))) continue;
                    axis->setLabelFont(smaller);
                    m_restore.push_back([axis, labelFont] { axis->setLabelFont(labelFont); });
                    fitted = wrapped;
                    break;
                }
            }
            // Still too long even at 6 pt: the shorter title the chart gave the axis for a figure, if any
            // (property kFigureShortLabel), then the same steps.
            const QString shorter = axis->property(kFigureShortLabel).toString();
            if (!label.isEmpty() && fitted.contains(QStringLiteral("…")) && !shorter.isEmpty()) {
                const QFont labelFont = axis->labelFont();
                QFont smaller = labelFont;
                for (double points = labelFont.pointSizeF(); points >= kMinFontPoints - 1e-9; points -= 0.5) {
                    smaller.setPointSizeF(points);
                    const QString wrapped = wrappedText(shorter, smaller, std::max(0.0, length), 2);
                    if (wrapped.contains(QStringLiteral("…")) && points - 0.5 >= kMinFontPoints - 1e-9) continue;
                    axis->setLabelFont(smaller);
                    m_restore.push_back([axis, labelFont] { axis->setLabelFont(labelFont); });
                    fitted = wrapped;
                    break;
                }
            }
            if (!label.isEmpty() && fitted != label) {
                const bool nothingLeft = fitted.startsWith(QStringLiteral("…"));
                axis->setLabel(nothingLeft ? QString() : fitted);
                m_restore.push_back([axis, label] { axis->setLabel(label); });
                changed = true;
            }
            QSharedPointer<QCPAxisTicker> ticker = axis->ticker();
            if (!ticker || !tickLabelsTouch(axis)) continue;
            const int count = ticker->tickCount();
            m_restore.push_back([ticker, count] { ticker->setTickCount(count); });
            for (int fewer = count - 1; fewer >= 2; --fewer) {
                ticker->setTickCount(fewer);
                plot->toPixmap(layout.width(), layout.height());
                if (!tickLabelsTouch(axis)) break;
            }
            if (tickLabelsTouch(axis)) {
                // Two ticks still touch: only the ends of the range are labelled.
                ticker->setTickCount(1);
            }
            changed = true;
        }
    if (changed) {
        plot->toPixmap(layout.width(), layout.height());
        plot->toPixmap(layout.width(), layout.height());
    }
}

PlotFitScope::~PlotFitScope() {
    for (auto it = m_restore.rbegin(); it != m_restore.rend(); ++it) (*it)();
}

PlotTitleScope::PlotTitleScope(QCustomPlot* plot, const std::optional<std::string>& title) {
    if (!title) return;
    for (QCPLayoutElement* element : plot->plotLayout()->elements(false)) {
        auto* text = dynamic_cast<QCPTextElement*>(element);
        if (!text) continue;
        const QString before = text->text();
        const bool visible = text->visible();
        const QMargins margins = text->margins();
        text->setText(QString::fromStdString(*title));
        text->setVisible(!title->empty());
        if (title->empty()) text->setMargins(QMargins());
        m_restore.push_back([text, before, visible, margins] {
            text->setText(before);
            text->setVisible(visible);
            text->setMargins(margins);
        });
        return;
    }
}

PlotTitleScope::~PlotTitleScope() {
    for (auto it = m_restore.rbegin(); it != m_restore.rend(); ++it) (*it)();
}

bool layoutSqueezed(QCustomPlot* plot, int height) {
    return static_cast<const QCPLayoutElement*>(plot->plotLayout())->minimumOuterSizeHint().height() > height + 1;
}

std::optional<Error> plotAreaProblem(QCustomPlot* plot, const FigureCanvas& canvas, QSize minimum) {
    for (QCPAxisRect* rect : plot->axisRects()) {
        if (!rect->visible() || !rect->layout()) continue;
        if (rect->width() >= minimum.width() && rect->height() >= minimum.height()) continue;
        const int dpi = layoutDotsPerInch();
        return invalidInput(
            QObject::tr("--size %1 is too small for this chart with %2 pt text: its plot area would be %3 x %4 mm "
                        "(at least %5 x %6 mm); use a larger --size, a smaller --font-pt (at least 6), "
                        "--no-header, --no-title or --legend none")
                .arg(canvas.sizeText, QString::fromStdString(formatShortest(canvas.fontPoints)))
                .arg(millimetres(std::max(0, rect->width()) * 72.0 / dpi),
                     millimetres(std::max(0, rect->height()) * 72.0 / dpi),
                     millimetres(minimum.width() * 72.0 / dpi), millimetres(minimum.height() * 72.0 / dpi))
                .toStdString());
    }
    return std::nullopt;
}

Expected<bool> exportPlot(QCustomPlot* plot, const QString& path, int width, int height,
                          const RasterOptions& raster) {
    Expected<FigureCanvas> canvas = pixelCanvas(path, width, height, raster);
    if (!canvas) return canvas.error();
    // The older calls keep the plot's own fonts.
    const QSize layout = canvas->layout;
    plot->toPixmap(layout.width(), layout.height());
    Expected<bool> written =
        writeFigure(path, *canvas, [&](QCPPainter& painter) { plot->toPainter(&painter, layout.width(), layout.height()); });
    if (plot->isVisible()) plot->replot();
    return written;
}

Expected<bool> exportPlot(QCustomPlot* plot, const QString& path, const FigureCanvas& canvas) {
    Expected<bool> written = true;
    {
        const PlotFontScope fonts(plot, canvas.fontPoints);
        const QSize layout = canvas.layout;
        // Frames at the target size settle layout-dependent parts (lane labels, marker label rows).
        const PlotFitScope fit(plot, layout);
        std::optional<Error> problem = canvas.checkRoom ? plotAreaProblem(plot, canvas) : std::nullopt;
        if (!problem && canvas.checkRoom && layoutSqueezed(plot, layout.height()))
            problem = invalidInput(QObject::tr("--size %1 is too small for this chart with %2 pt text: its titles, "
                                               "axes and legend would overlap; use a larger --size, a smaller "
                                               "--font-pt, --no-header or --legend none")
                                       .arg(canvas.sizeText, QString::fromStdString(formatShortest(canvas.fontPoints)))
                                       .toStdString());
        if (problem) {
            written = *problem;
        } else {
            written = writeFigure(path, canvas,
                                  [&](QCPPainter& painter) { plot->toPainter(&painter, layout.width(), layout.height()); });
        }
    }
    // Rendering at another size re-laid the plot out: lay it out again for the screen.
    if (plot->isVisible()) plot->replot();
    return written;
}

}  // namespace hetsched::ui
