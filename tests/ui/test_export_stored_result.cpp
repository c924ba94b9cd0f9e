// `hetsched export FILE --result RESULT.json` (issue 28): a result stored by `hetsched solve -o` is drawn as
// the very figure export makes when it solves: the same bytes as the library's figure of the solved result,
// for every family, a comparison of several stored results, and a trace.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "app/app_entry.h"
#include "export/schedule_set.h"
#include "io/formats.h"
#include "io/instance_io.h"
#include "io/json_reader.h"
#include "results/result_io.h"
#include "solvers/registry.h"

using namespace hetsched;

namespace {

Instance example(const char* name) {
    Expected<Instance> instance = readInstanceFile(std::string(HETSCHED_EXAMPLES_DIR) + "/" + name);
    if (!instance) qFatal("%s", instance.error().message.c_str());
    return *instance;
}

QByteArray readAll(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.readAll();
}

// The result as `hetsched solve -o` writes it.
QString store(const Instance& solvedOn, const SolveResult& result, const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    file.write(QByteArray::fromStdString(resultToJson(solvedOn, result).dump(2) + "\n"));
    return path;
}

struct Run {
    int exitCode = -1;
    QString err;
};

Run hetschedExport(const QStringList& arguments) {
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(HETSCHED_BINARY), QStringList{QStringLiteral("export")} + arguments);
    if (!process.waitForFinished(120000)) return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardError())};
}

// dir/FOLDER/NAME: figures compared are written under the same file name (an SVG's <title> is its stem).
QString figurePath(const QTemporaryDir& dir, const char* folder, const QString& name) {
    QDir(dir.path()).mkpath(QLatin1String(folder));
    return dir.filePath(QLatin1String(folder) + QLatin1Char('/') + name);
}

}  // namespace

class ExportStoredResultTest : public QObject {
    Q_OBJECT

private slots:
    // Each family's example: the figure of the stored result, drawn by the command line, equals byte for byte
    // the library's figure of the result as solved (its header with the solve's seconds included).
    void theStoredResultsFigureIsTheSolvedOnesInEveryFamily_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("format");
        for (const char* file : {"dag-two-clusters.json", "partition-small.json", "divisible-small.json",
                                 "cpugpu-small.json", "steady-state-bag-of-tasks.json"})
            for (const char* format : {"svg", "png"})
                QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(QLatin1String(file), QLatin1String(format))))
                    << QString::fromLatin1(file) << QString::fromLatin1(format);
    }
    void theStoredResultsFigureIsTheSolvedOnesInEveryFamily() {
        QFETCH(QString, file);
        QFETCH(QString, format);
        QTemporaryDir dir;
        const Instance instance = example(qPrintable(file));
        Expected<SolveResult> solved = solve(instance, "");
        QVERIFY2(solved.ok(), solved ? "" : solved.error().message.c_str());
        const QString stored = store(instance, *solved, dir.filePath(QStringLiteral("result.json")));
        FigureOptions options;   // what export's flags give when none is given
        const QString direct = figurePath(dir, "direct", QStringLiteral("figure.") + format);
        const Expected<bool> written = ui::exportFigure(instance, *solved, direct, options);
        QVERIFY2(written.ok(), written ? "" : written.error().message.c_str());

        const QString fromFile = figurePath(dir, "stored", QStringLiteral("figure.") + format);
        const Run run = hetschedExport({QStringLiteral(HETSCHED_EXAMPLES_DIR "/") + file, QStringLiteral("--result"),
                                        stored, QStringLiteral("-o"), fromFile});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QByteArray expected = readAll(direct);
        QVERIFY(expected.size() > 1000);
        QVERIFY2(readAll(fromFile) == expected, qPrintable(file + QStringLiteral(": the figures differ")));
    }

    // The figure's flags apply to a stored result as to a solved one (a paper's column, its own title).
    void theFigureFlagsApplyToAStoredResult() {
        QTemporaryDir dir;
        const Instance instance = example("dag-two-clusters.json");
        Expected<SolveResult> solved = solve(instance, "heft");
        QVERIFY(solved.ok());
        const QString stored = store(instance, *solved, dir.filePath(QStringLiteral("heft.json")));
        FigureOptions options;
        options.size = FigureSize{85, 50, SizeUnit::Millimetre};
        options.fontPoints = 7;
        options.title = "HEFT on two clusters";
        options.palette = PaletteName::Grey;
        options.legend = LegendPlacement::Below;
        options.part = "gantt";
        const QString direct = figurePath(dir, "direct", QStringLiteral("figure.svg"));
        QVERIFY(ui::exportFigure(instance, *solved, direct, options).ok());
        const QString fromFile = figurePath(dir, "stored", QStringLiteral("figure.svg"));
        const Run run = hetschedExport({QStringLiteral(HETSCHED_EXAMPLES_DIR "/dag-two-clusters.json"),
                                        QStringLiteral("--result"), stored, QStringLiteral("-o"), fromFile,
                                        QStringLiteral("--size"), QStringLiteral("85x50mm"), QStringLiteral("--font-pt"),
                                        QStringLiteral("7"), QStringLiteral("--title"),
                                        QStringLiteral("HEFT on two clusters"), QStringLiteral("--palette"),
                                        QStringLiteral("grey"), QStringLiteral("--legend"), QStringLiteral("below"),
                                        QStringLiteral("--part"), QStringLiteral("gantt")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QCOMPARE(readAll(fromFile), readAll(direct));
    }

    // Several stored results: the comparison figure of those runs, in the order given, as (a), (b), ...
    void severalStoredResultsAreTheirComparison() {
        QTemporaryDir dir;
        const Instance instance = example("dag-two-clusters.json");
        std::vector<ui::NamedResult> runs;
        QStringList arguments{QStringLiteral(HETSCHED_EXAMPLES_DIR "/dag-two-clusters.json")};
        const char* names[] = {"heft", "hcpa", "mheft"};
        for (int k = 0; k < 3; ++k) {
            Expected<SolveResult> solved = solve(instance, names[k]);
            QVERIFY2(solved.ok(), names[k]);
            arguments << QStringLiteral("--result")
                      << store(instance, *solved, dir.filePath(QStringLiteral("%1.json").arg(QLatin1String(names[k]))));
            runs.push_back({QStringLiteral("(%1)").arg(QChar(u'a' + k)), *solved});
        }
        FigureOptions options;
        options.sharedTimeAxis = false;
        const QString direct = figurePath(dir, "direct", QStringLiteral("figure.svg"));
        QVERIFY(ui::exportComparisonFigure(instance, runs, direct, options).ok());
        const QString fromFile = figurePath(dir, "stored", QStringLiteral("figure.svg"));
        const Run run = hetschedExport(arguments + QStringList{QStringLiteral("--time-axis"), QStringLiteral("own"),
                                                               QStringLiteral("-o"), fromFile});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY(readAll(direct).contains("mheft"));
        QCOMPARE(readAll(fromFile), readAll(direct));
    }

    // A trace of a stored result is the core writer's trace of the solved one.
    void aTraceOfAStoredResultIsTheSolvedOnes() {
        QTemporaryDir dir;
        const Instance instance = example("dag-two-clusters.json");
        Expected<SolveResult> solved = solve(instance, "heft");
        QVERIFY(solved.ok());
        ScheduleSet set;
        set.title = solved->schedule.title;
        set.runs.push_back({solved->solver, solved->schedule});
        Expected<std::string> expected = writeScheduleTrace("csv", set, FigureOptions{});
        QVERIFY(expected.ok());
        const QString fromFile = dir.filePath(QStringLiteral("stored.csv"));
        const Run run = hetschedExport({QStringLiteral(HETSCHED_EXAMPLES_DIR "/dag-two-clusters.json"),
                                        QStringLiteral("--result"), store(instance, *solved, dir.filePath(QStringLiteral("r.json"))),
                                        QStringLiteral("-o"), fromFile, QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QCOMPARE(readAll(fromFile), QByteArray::fromStdString(*expected));
    }

    // What cannot be drawn is said, naming the file, and nothing is written.
    void aWrongResultIsAMessageNamingTheFile() {
        QTemporaryDir dir;
        const Instance partitionInstance = example("partition-small.json");
        Expected<SolveResult> partition = solve(partitionInstance, "");
        QVERIFY(partition.ok());
        const QString stored = store(partitionInstance, *partition, dir.filePath(QStringLiteral("partition.json")));
        const QString out = dir.filePath(QStringLiteral("out.svg"));
        // A partition result is not a result of a task graph.
        Run run = hetschedExport(
            {QStringLiteral(HETSCHED_EXAMPLES_DIR "/dag-two-clusters.json"), QStringLiteral("--result"), stored,
             QStringLiteral("-o"), out});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(stored) && run.err.contains(QLatin1String("cannot belong to a dag instance")),
                 qPrintable(run.err));
        // A file that is not there.
        run = hetschedExport({QStringLiteral(HETSCHED_EXAMPLES_DIR "/partition-small.json"), QStringLiteral("--result"),
                              dir.filePath(QStringLiteral("missing.json")), QStringLiteral("-o"), out});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QLatin1String("missing.json")), qPrintable(run.err));
        // A stored result, or one solved now.
        run = hetschedExport({QStringLiteral(HETSCHED_EXAMPLES_DIR "/partition-small.json"), QStringLiteral("--result"),
                              stored, QStringLiteral("--solver"), QStringLiteral("greedy"), QStringLiteral("-o"), out});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(QLatin1String("--result and --solver/--option are exclusive")), qPrintable(run.err));
        // --time-axis needs two runs.
        run = hetschedExport({QStringLiteral(HETSCHED_EXAMPLES_DIR "/partition-small.json"), QStringLiteral("--result"),
                              stored, QStringLiteral("--time-axis"), QStringLiteral("own"), QStringLiteral("-o"), out});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(!QFile::exists(out));
    }
};

QTEST_MAIN(ExportStoredResultTest)
#include "test_export_stored_result.moc"
