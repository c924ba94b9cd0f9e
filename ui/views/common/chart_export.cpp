#include "views/common/chart_export.h"

#include <qcustomplot.h>

#include <QBuffer>
#include <QImage>
#include <QFileInfo>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <algorithm>
#include <cmath>

#include "io/formats.h"

namespace hetsched::ui {

namespace {

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

// The SVG of what `paint` draws on a width x height drawing titled after the file.
Expected<bool> writeSvg(const QString& path, int width, int height,
                        const std::function<void(QCPPainter& painter)>& paint) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(QSize(width, height));
    generator.setViewBox(QRect(0, 0, width, height));
    generator.setTitle(QFileInfo(path).completeBaseName());
    generator.setDescription(QObject::tr("Chart exported by HetSched"));
    QCPPainter painter;
    if (!painter.begin(&generator)) return writeError(path, QObject::tr("the SVG painter could not start"));
    paint(painter);
    painter.end();
    return writeAtomically(path, buffer.data());
}

// The PNG of what `paint` draws at the layout size, scaled to width x height pixels and tagged with the DPI.
Expected<bool> writePng(const QString& path, int width, int height, const RasterOptions& raster,
                        const QColor& background, const std::function<void(QCPPainter& painter)>& paint) {
    const QSize layout = layoutSize(width, height, raster);
    QImage image(width, height, QImage::Format_ARGB32_Premultiplied);
    image.fill(background);
    QCPPainter painter(&image);
    if (!painter.isActive()) return writeError(path, QObject::tr("the chart could not be rendered"));
    if (layout != QSize(width, height)) {
        // Lines keep their width in the scaled drawing, as QCustomPlot::toPixmap does.
        if (width > layout.width()) painter.setMode(QCPPainter::pmNonCosmetic);
        painter.scale(static_cast<double>(width) / layout.width(), static_cast<double>(height) / layout.height());
    }
    paint(painter);
    painter.end();
    // Tagged once painted: fonts in points were sized at the image's resolution while painting.
    if (raster.dotsPerInch > 0) {
        const int dotsPerMeter = static_cast<int>(std::lround(raster.dotsPerInch / 0.0254));
        image.setDotsPerMeterX(dotsPerMeter);
        image.setDotsPerMeterY(dotsPerMeter);
    }
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG")) return writeError(path, QObject::tr("PNG encoding failed"));
    return writeAtomically(path, buffer.data());
}

// QCustomPlot writes the PDF itself; it goes to a file beside the target that replaces it once complete.
Expected<bool> writePdf(QCustomPlot* plot, const QString& path, int width, int height) {
    const QString partial = path + QStringLiteral(".part");
    if (!plot->savePdf(partial, width, height, QCP::epNoCosmetic, QStringLiteral("HetSched"),
                       QFileInfo(path).completeBaseName())) {
        QFile::remove(partial);
        return writeError(path, QObject::tr("the PDF could not be created"));
    }
    if (QFile::exists(path) && !QFile::remove(path)) {
        QFile::remove(partial);
        return writeError(path, QObject::tr("the existing file could not be replaced"));
    }
    if (!QFile::rename(partial, path)) {
        QFile::remove(partial);
        return writeError(path, QObject::tr("the PDF could not be moved into place"));
    }
    return true;
}

}  // namespace

std::optional<ChartFormat> chartFormatForPath(const QString& path) {
    // The figure writers of the format table (io/formats.h).
    Expected<const FileFormat*> format = writeFormatFor(path.toStdString(), {}, {FormatContent::Figure});
    if (!format) return std::nullopt;
    const std::string& name = (*format)->name;
    if (name == "png") return ChartFormat::Png;
    if (name == "pdf") return ChartFormat::Pdf;
    if (name == "svg") return ChartFormat::Svg;
    return std::nullopt;
}

QString chartFileFilter() {
    QString filters = QString::fromStdString(fileDialogFilters(FormatDirection::Write, {FormatContent::Figure}));
    return filters.left(filters.lastIndexOf(QLatin1String(";;")));   // no "All files": a chart needs a format
}

// The format of `path`, or why a chart cannot be written there at that size.
Expected<ChartFormat> checkedFormat(const QString& path, int width, int height) {
    const std::optional<ChartFormat> format = chartFormatForPath(path);
    if (!format) {
        const QString suffix = QFileInfo(path).suffix();
        return invalidInput(
            QObject::tr("cannot export a chart to \"%1\": unknown format%2 (use .png, .pdf or .svg)")
                .arg(path, suffix.isEmpty() ? QString() : QStringLiteral(" .%1").arg(suffix))
                .toStdString());
    }
    if (width < 16 || height < 16 || width > 20000 || height > 20000)
        return invalidInput(QObject::tr("cannot export a chart of %1 x %2 pixels (16 to 20000 each)")
                                .arg(width)
                                .arg(height)
                                .toStdString());
    return *format;
}

QSize layoutSize(int width, int height, const RasterOptions& raster) {
    if (raster.dotsPerInch <= 0) return {width, height};
    const double perPixel = static_cast<double>(kScreenDotsPerInch) / raster.dotsPerInch;
    return {std::max(1, static_cast<int>(std::lround(width * perPixel))),
            std::max(1, static_cast<int>(std::lround(height * perPixel)))};
}

Expected<bool> exportPlot(QCustomPlot* plot, const QString& path, int width, int height,
                          const RasterOptions& raster) {
    Expected<ChartFormat> format = checkedFormat(path, width, height);
    if (!format) return format.error();
    const QSize layout = *format == ChartFormat::Png ? layoutSize(width, height, raster) : QSize(width, height);
    // A first frame at the target size settles layout-dependent parts (lane labels, marker label rows).
    plot->toPixmap(layout.width(), layout.height());
    Expected<bool> written = true;
    switch (*format) {
        case ChartFormat::Png:
            // toPainter fills the plot's own background over the white.
            written = writePng(path, width, height, raster, Qt::white,
                               [&](QCPPainter& painter) { plot->toPainter(&painter, layout.width(), layout.height()); });
            break;
        case ChartFormat::Svg:
            written = writeSvg(path, width, height,
                               [&](QCPPainter& painter) { plot->toPainter(&painter, width, height); });
            break;
        case ChartFormat::Pdf:
            written = writePdf(plot, path, width, height);
            break;
    }
    // Rendering at another size re-laid the plot out: lay it out again for the screen.
    if (plot->isVisible()) plot->replot();
    return written;
}

Expected<bool> exportPainted(const QString& path, int width, int height,
                             const std::function<void(QCPPainter& painter)>& paint, const RasterOptions& raster) {
    Expected<ChartFormat> format = checkedFormat(path, width, height);
    if (!format) return format.error();
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    switch (*format) {
        case ChartFormat::Png:
            return writePng(path, width, height, raster, Qt::white, paint);
        case ChartFormat::Svg:
            return writeSvg(path, width, height, [&](QCPPainter& painter) {
                painter.setMode(QCPPainter::pmVectorized);
                painter.setMode(QCPPainter::pmNoCaching);
                paint(painter);
            });
        case ChartFormat::Pdf: {
            QPdfWriter writer(&buffer);
            writer.setTitle(QFileInfo(path).completeBaseName());
            writer.setCreator(QStringLiteral("HetSched"));
            writer.setResolution(72);  // one pixel of the chart is one point of the page
            writer.setPageSize(QPageSize(QSizeF(width, height), QPageSize::Point));
            writer.setPageMargins(QMarginsF(0, 0, 0, 0));
            QCPPainter painter;
            if (!painter.begin(&writer)) return writeError(path, QObject::tr("the PDF painter could not start"));
            painter.setMode(QCPPainter::pmVectorized);
            painter.setMode(QCPPainter::pmNoCaching);
            painter.setMode(QCPPainter::pmNonCosmetic);
            paint(painter);
            painter.end();
            break;
        }
    }
    return writeAtomically(path, buffer.data());
}

}  // namespace hetsched::ui
