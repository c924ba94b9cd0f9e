#include "app_entry.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QFileInfo>
#include <QIcon>
#include <QMessageBox>
#include <QTimer>
#include <memory>

#include "io/dag_import.h"
#include "io/instance_io.h"
#include "mainwindow.h"
#include "util/resources.h"
#include "views/chart_export.h"
#include "views/result_chart.h"

namespace hetsched::ui {

int runGui(int argc, char** argv, const QString& file) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("HetSched"));
    QApplication::setApplicationName(QStringLiteral("HetSched"));
    QApplication::setApplicationVersion(QStringLiteral(HETSCHED_VERSION));
    ensureResourcesLoaded();
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/hetsched.svg")));

    MainWindow window;
    // A task graph or a SimGrid platform opens on the built-in example, through its import dialog.
    const Expected<std::string> text = file.isEmpty() ? Expected<std::string>(std::string()) : readTextFile(file.toStdString());
    const ExternalFileKind kind = text && !file.isEmpty() ? classifyExternalFile(file.toStdString(), *text)
                                                          : ExternalFileKind::HetSched;
    if (kind == ExternalFileKind::TaskGraph || kind == ExternalFileKind::SimGridPlatform) {
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
    if (!QApplication::instance())
        return invalidInput("exportChart needs a QApplication (use QT_QPA_PLATFORM=offscreen)");
    ensureResourcesLoaded();
    // The same chart the GUI builds, never shown: it renders at the requested size.
    const std::unique_ptr<ResultChart> chart(createResultChart(chartTypeFor(instance)));
    chart->widget()->resize(width, height);
    chart->showResult(instance, std::make_shared<const SolveResult>(result));
    return chart->exportTo(path, width, height);
}

}  // namespace hetsched::ui
