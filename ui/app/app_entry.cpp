#include "app/app_entry.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QFileInfo>
#include <QIcon>
#include <QMessageBox>
#include <QTimer>
#include <memory>

#include "dialogs/chart_export_dialog.h"
#include "io/dag_import.h"
#include "app/mainwindow.h"
#include "util/resources.h"
#include "views/common/chart_export.h"
#include "views/common/result_chart.h"
#include "views/gantt/schedule_comparison_view.h"

namespace hetsched::ui {

int runGui(int argc, char** argv, const QString& file) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("HetSched"));
    QApplication::setApplicationName(QStringLiteral("HetSched"));
    QApplication::setApplicationVersion(QStringLiteral(HETSCHED_VERSION));
    ensureResourcesLoaded();
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/hetsched.svg")));
    QGuiApplication::setDesktopFileName(QStringLiteral(HETSCHED_APP_ID));

    MainWindow window;
    // A task graph, a SimGrid platform or a family's data opens on the built-in example, through its import dialog.
    const Expected<ExternalFileKind> kind =
        file.isEmpty() ? Expected<ExternalFileKind>(ExternalFileKind::HetSched) : MainWindow::fileKind(file);
    // An unreadable file goes to loadFile, which says what is wrong.
    // So does a big project or instance: read in the background with its progress, the window usable meanwhile.
    if (kind && (*kind == ExternalFileKind::TaskGraph || *kind == ExternalFileKind::SimGridPlatform ||
                 *kind == ExternalFileKind::FamilyData ||
                 QFileInfo(file).size() >= MainWindow::kBackgroundOpenBytes)) {
        window.loadFile(MainWindow::defaultExample());
        window.show();
        QTimer::singleShot(0, &window, [&window, file] { window.openPath(file); });
        QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
        return QApplication::exec();
    }
    const Expected<bool> opened = window.loadFile(file.isEmpty() ? MainWindow::defaultExample() : file);
    window.show();
    if (!opened) {
        // Still a usable window: the built-in example, and a message saying what was wrong with the file.
        window.loadFile(MainWindow::defaultExample());
        const QString message = QString::fromStdString(opened.error().message);
        QTimer::singleShot(0, &window, [&window, file, message] {
            QMessageBox box(
                QMessageBox::Warning, QObject::tr("Cannot open %1").arg(QFileInfo(file).fileName()),
                QObject::tr("Cannot open %1").arg(QFileInfo(file).fileName()), QMessageBox::Ok, &window);
            box.setInformativeText(message);
            box.exec();
        });
    }
    // Work left by sessions that ended without closing (a crash, a killed process) is offered back first.
    QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
    return QApplication::exec();
}

Expected<bool> exportChart(const Instance& instance, const SolveResult& result, const QString& path,
                           int width, int height) {
    return exportChart(instance, result, path, width, height, 0, QString());
}

Expected<bool> exportChart(const Instance& instance, const SolveResult& result, const QString& path,
                           int width, int height, int dotsPerInch, const QString& part) {
    if (!QApplication::instance())
        return invalidInput("exportChart needs a QApplication (use QT_QPA_PLATFORM=offscreen)");
    ensureResourcesLoaded();
    ChartExportRequest request;
    request.size = QSize(width, height);
    if (dotsPerInch != 0) {
        if (chartFormatForPath(path) != ChartFormat::Png)
            return invalidInput("--dpi applies to PNG only (a PDF or SVG page is sized in points)");
        if (dotsPerInch < 36 || dotsPerInch > 2400) return invalidInput("--dpi must be between 36 and 2400");
        request.raster.dotsPerInch = dotsPerInch;
    }
    if (!part.isEmpty()) {
        if (!std::holds_alternative<DagInstance>(instance))
            return invalidInput("--part applies to task graph (dag) results only");   // as before figures
        if (part == QLatin1String("gantt")) request.part = DagExportPart::Gantt;
        else if (part == QLatin1String("dag")) request.part = DagExportPart::Graph;
        else if (part == QLatin1String("both")) request.part = DagExportPart::Both;
        else return invalidInput("--part must be gantt, dag or both, not '" + part.toStdString() + "'");
    }
    // The same chart the GUI builds, never shown, laid out at the size it is drawn at: the whole schedule.
    const std::unique_ptr<ResultChart> chart(createResultChart(chartTypeFor(instance)));
    chart->widget()->resize(layoutSize(width, height, request.raster));
    chart->showResult(instance, std::make_shared<const SolveResult>(result));
    return exportResultChart(chart.get(), path, request);
}

namespace {

std::optional<Error> partProblem(const Instance& instance, const std::string& part) {
    if (part.empty()) return std::nullopt;
    if (std::holds_alternative<DagInstance>(instance)) return std::nullopt;   // figureOptionsProblem checked its name
    if (std::holds_alternative<SteadyStateInstance>(instance) && part == "gantt") return std::nullopt;
    return invalidInput("--part applies to task graph results (gantt, dag or both) and steady-state results (gantt) "
                        "only, got '" + part + "' for this instance");
}

}  // namespace

Expected<bool> exportFigure(const Instance& instance, const SolveResult& result, const QString& path,
                            const FigureOptions& options, const QString& format, QStringList* notes) {
    if (!QApplication::instance())
        return invalidInput("exportFigure needs a QApplication (use QT_QPA_PLATFORM=offscreen)");
    ensureResourcesLoaded();
    if (std::optional<Error> problem = partProblem(instance, options.part)) return *problem;
    Expected<FigureCanvas> canvas = figureCanvas(path, options, format);
    if (!canvas) return canvas.error();
    // The same chart the GUI builds, never shown, laid out at the size it is drawn at: the whole schedule.
    const std::unique_ptr<ResultChart> chart(createResultChart(chartTypeFor(instance)));
    chart->widget()->resize(canvas->layout);
    chart->showResult(instance, std::make_shared<const SolveResult>(result));
    chart->fitView();
    Expected<bool> written = chart->exportFigure(path, *canvas, options);
    if (notes) *notes = *canvas->notes;
    return written;
}

Expected<bool> exportComparisonFigure(const Instance& instance, const std::vector<NamedResult>& runs,
                                      const QString& path, const FigureOptions& options, const QString& format,
                                      QStringList* notes) {
    if (!QApplication::instance())
        return invalidInput("exportComparisonFigure needs a QApplication (use QT_QPA_PLATFORM=offscreen)");
    ensureResourcesLoaded();
    if (!options.part.empty() && options.part != "gantt")
        return invalidInput("--part of a comparison can only be gantt (each run's Gantt), got '" + options.part + "'");
    Expected<FigureCanvas> canvas = figureCanvas(path, options, format);
    if (!canvas) return canvas.error();
    ScheduleComparisonView view;
    view.resize(canvas->layout);
    std::vector<ComparedRun> compared;
    for (const NamedResult& run : runs)
        compared.push_back({run.name, std::make_shared<const SolveResult>(run.result), 0});
    view.showRuns(instance, std::move(compared));
    view.fitView();
    Expected<bool> written = view.exportFigure(path, *canvas, options);
    if (notes) *notes = *canvas->notes;
    return written;
}

}  // namespace hetsched::ui
