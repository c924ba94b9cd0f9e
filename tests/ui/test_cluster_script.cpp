// Run on a Cluster (issue 16): each experiment dialog's button opens the SLURM job script of the sweep on
// screen, with the knobs set there; Save writes the script the CLI's --slurm-script writes for the same
// flags, and the script runs (--dry-run) to the job array and the merge of that sweep.
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include "experiments/cpugpu_experiment_dialog.h"
#include "experiments/dag_evaluation_dialog.h"
#include "dialogs/cluster_script_dialog.h"
#include "experiments/divisible_simulation_dialog.h"
#include "util/message_bar.h"

namespace hetsched::ui {

namespace {

template <class T>
T* child(QObject* parent, const char* name) {
    T* found = parent->findChild<T*>(QString::fromLatin1(name));
    if (!found) qWarning("no child %s", name);
    return found;
}

QString readAll(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(file.readAll());
}

// The job script's flags line for these flags, as the generator quotes them.
QString flagsLine(const std::vector<std::string>& flags) {
    QStringList words;
    for (const std::string& flag : flags) words << QStringLiteral("'%1'").arg(QString::fromStdString(flag));
    return QStringLiteral("\nflags=(%1)\n").arg(words.join(QLatin1Char(' ')));
}

}  // namespace

class ClusterScriptTests : public QObject {
    Q_OBJECT

private:
    // Clicks Run on a Cluster in `dialog`, sets the knobs, clicks Save; the script's text.
    QString saveScriptFrom(ExperimentDialog& dialog, const QString& name) {
        dialog.show();
        if (!QTest::qWaitForWindowExposed(&dialog)) return QStringLiteral("not exposed");
        QPushButton* button = child<QPushButton>(&dialog, "runOnClusterButton");
        if (!button || !button->isEnabled()) return QStringLiteral("no enabled Run on a Cluster button");
        QTest::mouseClick(button, Qt::LeftButton);
        ClusterScriptDialog* cluster = dialog.clusterScriptDialog();
        if (!cluster || !cluster->isVisible()) return QStringLiteral("the cluster dialog did not open");
        child<QSpinBox>(cluster, "clusterShards")->setValue(4);
        child<QLineEdit>(cluster, "clusterTime")->setText(QStringLiteral("00:20:00"));
        child<QLineEdit>(cluster, "clusterPartition")->setText(QStringLiteral("short"));
        const QString path = m_temp.filePath(name);
        child<QLineEdit>(cluster, "clusterScriptPath")->setText(path);
        const QString preview = child<QPlainTextEdit>(cluster, "clusterScriptPreview")->toPlainText();
        QSignalSpy saved(cluster, &ClusterScriptDialog::scriptSaved);
        QTest::mouseClick(child<QPushButton>(cluster, "saveClusterScriptButton"), Qt::LeftButton);
        if (saved.count() != 1) return QStringLiteral("not saved");
        const QString text = readAll(path);
        if (text != preview) return QStringLiteral("the file is not the preview");
        if (!(QFile::permissions(path) & QFileDevice::ExeOwner)) return QStringLiteral("not executable");
        return text;
    }

    // Runs the saved script with --dry-run: the job scripts it writes for its 4 tasks.
    QString dryRun(const QString& script, const QString& outDir) {
        QProcess bash;
        bash.start(QStringLiteral("bash"), {script, QStringLiteral("--out-dir"), outDir, QStringLiteral("--dry-run")});
        if (!bash.waitForFinished(30000) || bash.exitCode() != 0)
            return QStringLiteral("dry run failed: ") + QString::fromUtf8(bash.readAllStandardError());
        return readAll(QDir(outDir).filePath(QStringLiteral("shard.sbatch")));
    }

private slots:
    void theDagEvaluationDialogWritesTheJobScriptOfItsSettings() {
        DagEvaluationDialog dialog;
        DagEvaluationConfig config;
        config.taskCounts = {20, 50};
        config.clusterCounts = {1, 4};
        config.heterogeneities = {2};
        config.minSpeeds = {1e9};
        config.dagSamples = 3;
        config.seed = 7;
        dialog.setConfig(config);
        const Expected<DagEvaluationConfig> shown = dialog.config();
        QVERIFY(shown.ok());
        const QString script = saveScriptFrom(dialog, QStringLiteral("dag-evaluation-slurm.sh"));
        QVERIFY2(script.startsWith(QStringLiteral("#!/usr/bin/env bash\n# hetsched experiment dag-evaluation --samples 3")),
                 qPrintable(script.left(200)));
        QVERIFY2(script.contains(flagsLine(dagEvaluationFlags(*shown))), qPrintable(script));
        QVERIFY(script.contains(QStringLiteral("'--sizes' '20,50' '--clusters' '1,4' '--heterogeneity' '2'")));
        QVERIFY(script.contains(QStringLiteral("'--seed' '7'")));
        QVERIFY(script.contains(QStringLiteral("\nexperiment='dag-evaluation'\n")));
        QVERIFY(script.contains(QStringLiteral("\nunits=12\n")));   // 2 x 1 x 1 platforms x 2 sizes x 3 graphs
        QVERIFY(script.contains(QStringLiteral("\nshards=4\n")));
        QVERIFY(script.contains(QStringLiteral("\ntime_limit='00:20:00'\n")));
        QVERIFY(script.contains(QStringLiteral("\npartition='short'\n")));
        QVERIFY(script.contains(QStringLiteral("\nhetsched='%1'\n").arg(QCoreApplication::applicationFilePath())));
        QVERIFY(child<QLabel>(&dialog, "experimentStatus")->text().startsWith(QStringLiteral("Job script saved to")));
        QVERIFY(!dialog.clusterScriptDialog() || !dialog.clusterScriptDialog()->isVisible());

        const QString shard = dryRun(m_temp.filePath(QStringLiteral("dag-evaluation-slurm.sh")), m_temp.filePath("dag"));
        QVERIFY2(shard.contains(QStringLiteral(" experiment dag-evaluation --samples 3 ")), qPrintable(shard));
        QVERIFY2(shard.contains(QStringLiteral("--shard \"$SLURM_ARRAY_TASK_ID/4\"")), qPrintable(shard));
    }

    void theCpuGpuDialogWritesTheJobScriptOfItsSettings() {
        CpuGpuExperimentDialog dialog;
        CpuGpuExperimentOptions options;
        options.minTasks = 100;
        options.maxTasks = 300;
        options.taskStep = 100;
        options.cpuCounts = {4, 16};
        options.gpuCounts = {2};
        options.instancesPerCase = 5;
        dialog.setOptions(options);
        const Expected<CpuGpuExperimentOptions> shown = dialog.options();
        QVERIFY(shown.ok());
        const QString script = saveScriptFrom(dialog, QStringLiteral("cpugpu-slurm.sh"));
        QVERIFY2(script.contains(flagsLine(cpuGpuExperimentFlags(*shown))), qPrintable(script));
        QVERIFY(script.contains(QStringLiteral("'--tasks' '100:300:100' '--cpus' '4,16' '--gpus' '2' '--instances' '5'")));
        QVERIFY(script.contains(QStringLiteral("\nunits=30\n")));   // 3 x 2 x 1 cases x 5 instances
        QVERIFY(dryRun(m_temp.filePath(QStringLiteral("cpugpu-slurm.sh")), m_temp.filePath("cpugpu"))
                    .contains(QStringLiteral(" experiment cpugpu --tasks 100:300:100 ")));
    }

    void theDivisibleSimulationDialogWritesTheJobScriptOfItsSettings() {
        DivisibleSimulationDialog dialog;
        dialog.setConfig(50, 8, 5, 3, {0.8, 1});
        const Expected<DivisibleSimulationConfig> shown = dialog.config();
        QVERIFY(shown.ok());
        const QString script = saveScriptFrom(dialog, QStringLiteral("divisible-slurm.sh"));
        QVERIFY2(script.contains(flagsLine(divisibleSimulationFlags(*shown))), qPrintable(script));
        QVERIFY(script.contains(QStringLiteral("'--workers' '50' '--platforms' '8' '--seed' '3' '--z' '0.8,1' '--ratios' ")));
        QVERIFY(script.contains(QStringLiteral("\nunits=80\n")));   // 2 z x 5 ratios x 8 platforms
    }

    void aFormOrAKnobThatIsWrongIsSaidAndNothingIsWritten() {
        DagEvaluationDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        for (QCheckBox* box : dialog.findChildren<QCheckBox*>()) box->setChecked(false);
        QTest::mouseClick(child<QPushButton>(&dialog, "runOnClusterButton"), Qt::LeftButton);
        QVERIFY(!dialog.clusterScriptDialog());
        MessageBar* bar = dialog.findChild<MessageBar*>(QString(), Qt::FindDirectChildrenOnly);
        QVERIFY(bar && bar->isVisible());
        QVERIFY(bar->text().startsWith(QStringLiteral("Solvers")));

        for (QCheckBox* box : dialog.findChildren<QCheckBox*>()) box->setChecked(true);
        QTest::mouseClick(child<QPushButton>(&dialog, "runOnClusterButton"), Qt::LeftButton);
        ClusterScriptDialog* cluster = dialog.clusterScriptDialog();
        QVERIFY(cluster);
        child<QLineEdit>(cluster, "clusterTime")->setText(QStringLiteral("an hour"));
        const QString path = m_temp.filePath(QStringLiteral("never.sh"));
        child<QLineEdit>(cluster, "clusterScriptPath")->setText(path);
        QTest::mouseClick(child<QPushButton>(cluster, "saveClusterScriptButton"), Qt::LeftButton);
        QVERIFY(cluster->isVisible());
        QVERIFY(!QFile::exists(path));
        MessageBar* clusterBar = cluster->findChild<MessageBar*>();
        QVERIFY(clusterBar && clusterBar->text().startsWith(QStringLiteral("Time per task")));
        cluster->reject();
    }

private:
    QTemporaryDir m_temp;
};

}  // namespace hetsched::ui

QTEST_MAIN(hetsched::ui::ClusterScriptTests)
#include "test_cluster_script.moc"
