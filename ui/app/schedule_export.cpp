#include "app/schedule_export.h"

#include <QAction>
#include <algorithm>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMessageBox>
#include <QSettings>
#include <QWidget>

#include "io/formats.h"
#include "io/instance_io.h"
#include "simulation/simulation.h"

namespace hetsched::ui {

namespace {

const auto kScheduleContents = {FormatContent::Trace, FormatContent::Table};
const char* const kLastDirectoryKey = "scheduleExport/lastDirectory";
const char* const kLastFormatKey = "scheduleExport/lastFormat";

}  // namespace

ScheduleSet scheduleSetOfRuns(const std::vector<const RunRecord*>& runs, const std::string& title) {
    ScheduleSet set;
    std::vector<const RunRecord*> drawn;
    for (const RunRecord* run : runs)
        if (run && run->result) drawn.push_back(run);
    set.title = title.empty() && drawn.size() == 1 ? drawn.front()->result->schedule.title : title;
    for (std::size_t k = 0; k < drawn.size(); ++k) {
        const RunRecord& run = *drawn[k];
        // The runs of a comparison are named as a paper's panels: (a), (b), ... as `hetsched export` does.
        std::string name = run.result->solver;
        if (drawn.size() > 1) name = std::string("(").append(1, static_cast<char>('a' + k % 26)).append(") ").append(name);
        set.runs.push_back({name, run.result->schedule});
        if (run.simulation) set.runs.push_back({name + " (simulated)", run.simulation->schedule});
    }
    return set;
}

std::vector<const FileFormat*> scheduleWritersFor(const QString& path) {
    std::vector<const FileFormat*> writers;
    for (const FileFormat* format : fileFormats(FormatDirection::Write, kScheduleContents))
        if (format->hasExtension(path.toStdString())) writers.push_back(format);
    return writers;
}

QString unknownScheduleExtensionMessage(const QString& path) {
    QStringList extensions;
    for (const FileFormat* format : fileFormats(FormatDirection::Write, kScheduleContents))
        for (const std::string& extension : format->extensions)
            if (!extensions.contains(QString::fromStdString(extension))) extensions << QString::fromStdString(extension);
    return QObject::tr("HetSched cannot tell which format to write %1 in from its name: end it with one of %2, or "
                       "pick the format in the dialog's file type list.")
        .arg(QFileInfo(path).fileName(), extensions.join(QStringLiteral(", ")));
}

ScheduleExportController::ScheduleExportController(QWidget* window, std::function<std::vector<const RunRecord*>()> runs,
                                                   std::function<QString()> fileStem)
    : QObject(window), m_window(window), m_runs(std::move(runs)), m_fileStem(std::move(fileStem)) {
    setObjectName(QStringLiteral("scheduleExportController"));
    m_action = new QAction(tr("Export &Schedule…"), this);
    m_action->setObjectName(QStringLiteral("exportScheduleAction"));
    m_action->setStatusTip(tr("Save the schedule of the selected runs for LaTeX (TikZ, a booktabs table), ViTE and "
                              "PajeNG (Paje), Jedule, Perfetto (Chrome trace) or pandas (CSV)"));
    connect(m_action, &QAction::triggered, this, &ScheduleExportController::exportWithDialog);
    updateAction();
}

void ScheduleExportController::updateAction() {
    m_action->setEnabled(!scheduleSetOfRuns(m_runs()).runs.empty());
}

Expected<bool> ScheduleExportController::exportTo(const QString& path, const QString& format) const {
    const ScheduleSet set = scheduleSetOfRuns(m_runs());
    if (set.runs.empty()) return invalidInput("select a run with a schedule to export");
    Expected<const FileFormat*> writer = writeFormatFor(path.toStdString(), format.toStdString(), kScheduleContents);
    if (!writer) return writer.error();
    Expected<std::string> text = (*writer)->writeSchedule(set, FigureOptions{});
    if (!text) return text.error();
    return writeTextFileAtomically(path.toStdString(), *text);
}

void ScheduleExportController::exportWithDialog() {
    QSettings settings;
    const std::vector<const FileFormat*> formats = fileFormats(FormatDirection::Write, kScheduleContents);
    if (formats.empty()) return;
    // The format used last is offered first, with its extension.
    const QString lastFormat = settings.value(QLatin1String(kLastFormatKey), QStringLiteral("paje")).toString();
    const FileFormat* offered = formats.front();
    for (const FileFormat* format : formats)
        if (QString::fromStdString(format->name) == lastFormat) offered = format;
    const QString directory = settings.value(QLatin1String(kLastDirectoryKey), QDir::homePath()).toString();
    const QString suggested =
        QDir(directory).filePath(m_fileStem() + QString::fromStdString(offered->extensions.front()));
    QString selectedFilter = QString::fromStdString(offered->dialogFilter());
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export Schedule"), suggested,
        QString::fromStdString(fileDialogFilters(FormatDirection::Write, kScheduleContents)), &selectedFilter);
    if (path.isEmpty()) return;
    // The filter chosen decides between formats sharing an extension (.csv: intervals or metrics); an extension
    // of another format wins over the filter.
    QString name;
    for (const FileFormat* format : formats)
        if (QString::fromStdString(format->dialogFilter()) == selectedFilter && format->hasExtension(path.toStdString()))
            name = QString::fromStdString(format->name);
    // Under "All files" the extension decides; one several writers share is asked about, one none has is said.
    if (name.isEmpty()) {
        const std::vector<const FileFormat*> writers = scheduleWritersFor(path);
        if (writers.empty()) {
            QMessageBox::warning(m_window, tr("Export Schedule"), unknownScheduleExtensionMessage(path));
            return;
        }
        if (writers.size() > 1) {
            QStringList labels;
            for (const FileFormat* writer : writers) labels << QString::fromStdString(writer->label);
            bool chosen = false;
            const QString label = QInputDialog::getItem(
                m_window, tr("Export Schedule"), tr("%1 can be written as:").arg(QFileInfo(path).fileName()), labels, 0,
                false, &chosen);
            if (!chosen) return;
            name = QString::fromStdString(writers[static_cast<std::size_t>(std::max<qsizetype>(0, labels.indexOf(label)))]->name);
        }
    }
    const Expected<bool> written = exportTo(path, name);
    if (!written) {
        QMessageBox::warning(m_window, tr("Export Schedule"), QString::fromStdString(written.error().message));
        return;
    }
    settings.setValue(QLatin1String(kLastDirectoryKey), QFileInfo(path).absolutePath());
    Expected<const FileFormat*> used = writeFormatFor(path.toStdString(), name.toStdString(), kScheduleContents);
    if (used) settings.setValue(QLatin1String(kLastFormatKey), QString::fromStdString((*used)->name));
}

}  // namespace hetsched::ui
