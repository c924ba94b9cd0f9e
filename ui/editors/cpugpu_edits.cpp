#include "editors/cpugpu_edits.h"

#include <QRegularExpression>
#include <QStringList>
#include <QObject>
#include <set>

#include "util/number_text.h"

namespace hetsched::ui {

namespace {

std::string freshName(const CpuGpuInstance& in, std::size_t& next) {
    std::set<std::string> taken;
    for (const CpuGpuTask& t : in.tasks) taken.insert(t.name);
    std::string name;
    do name = QStringLiteral("t%1").arg(next++).toStdString();
    while (taken.count(name));
    return name;
}

QStringList splitFields(const QString& line) {
    static const QRegularExpression separators(QStringLiteral("\\s*[,;\\t]\\s*"));
    static const QRegularExpression spaces(QStringLiteral("\\s+"));
    const QString trimmed = line.trimmed();
    QStringList fields = trimmed.split(separators);
    if (fields.size() == 1) fields = trimmed.split(spaces, Qt::SkipEmptyParts);
    for (QString& field : fields) {
        field = field.trimmed();
        if (field.size() >= 2 && field.startsWith(QLatin1Char('"')) && field.endsWith(QLatin1Char('"')))
            field = field.mid(1, field.size() - 2);
    }
    return fields;
}

}  // namespace

CpuGpuTask newCpuGpuTask(const CpuGpuInstance& in) {
    CpuGpuTask task;
    task.cpu = in.tasks.empty() ? 10.0 : in.tasks.back().cpu;
    task.gpu = in.tasks.empty() ? 1.0 : in.tasks.back().gpu;
    std::size_t next = in.tasks.size();
    task.name = freshName(in, next);
    return task;
}

Expected<std::vector<CpuGpuTask>> parseCpuGpuTasks(const QString& text, std::size_t firstIndex) {
    std::vector<CpuGpuTask> tasks;
    const QStringList lines = text.split(QRegularExpression(QStringLiteral("\r\n|\r|\n")));
    bool first = true;
    for (int l = 0; l < lines.size(); ++l) {
        if (lines[l].trimmed().isEmpty()) continue;
        const QStringList fields = splitFields(lines[l]);
        const QString where = QObject::tr("line %1").arg(l + 1);
        if (fields.size() != 2 && fields.size() != 3)
            return invalidInput(QObject::tr("%1: %2 columns, expected \"name, cpu, gpu\" or \"cpu, gpu\"")
                                    .arg(where)
                                    .arg(fields.size())
                                    .toStdString());
        const bool named = fields.size() == 3;
        const std::optional<double> cpu = parseNumber(fields[named ? 1 : 0]);
        const std::optional<double> gpu = parseNumber(fields[named ? 2 : 1]);
        if (first && !cpu && !gpu) {  // a header
            first = false;
            continue;
        }
        first = false;
        if (!cpu)
            return invalidInput(QObject::tr("%1, cpu: \"%2\" is not a number").arg(where, fields[named ? 1 : 0]).toStdString());
        if (!gpu)
            return invalidInput(QObject::tr("%1, gpu: \"%2\" is not a number").arg(where, fields[named ? 2 : 1]).toStdString());
        CpuGpuTask task;
        task.name = named ? fields[0].toStdString()
                          : QStringLiteral("t%1").arg(firstIndex + tasks.size()).toStdString();
        if (task.name.empty()) return invalidInput(QObject::tr("%1, name: a task needs a name").arg(where).toStdString());
        task.cpu = *cpu;
        task.gpu = *gpu;
        tasks.push_back(std::move(task));
    }
    if (tasks.empty()) return invalidInput(QObject::tr("no task in the pasted text").toStdString());
    return tasks;
}

}  // namespace hetsched::ui
