// Option tables drive both the GUI forms and the CLI flags (issue 14): every solver's form shows its table's
// editors, ranges and defaults; the template dialog's random DAG fields and `hetsched generate dag` read the
// same table, so the range of the tasks (one number) cannot disagree between them.
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QProcess>
#include <QSpinBox>
#include <QtTest>

#include "io/instance_io.h"
#include "model/dag_random.h"
#include "util/option_form.h"
#include "panels/solver_panel.h"
#include "solvers/registry.h"
#include "dialogs/template_dialog.h"
#include "experiments/cpugpu_experiment_dialog.h"
#include "experiments/dag_evaluation_dialog.h"
#include "experiments/divisible_simulation_dialog.h"
#include "solvers/cpugpu/cpugpu_experiments.h"
#include "solvers/dag/dag_experiments.h"
#include "solvers/divisible/divisible_experiments.h"

#include <limits>
#include <tuple>

namespace hetsched::ui {

namespace {

// The editor of `option` shows its table's type, range and default.
void checkEditor(QWidget* editor, const OptionSpec& option) {
    QVERIFY2(editor, option.name.c_str());
    switch (option.type) {
        case OptionType::Int: {
            auto* spin = qobject_cast<QSpinBox*>(editor);
            QVERIFY2(spin, option.name.c_str());
            QCOMPARE(double(spin->minimum()), option.minimum);
            QCOMPARE(double(spin->maximum()), option.maximum);
            QCOMPARE(double(spin->value()), optionValueNumber(option.defaultValue));
            break;
        }
        case OptionType::Double: {
            auto* spin = qobject_cast<QDoubleSpinBox*>(editor);
            QVERIFY2(spin, option.name.c_str());
            QCOMPARE(spin->minimum(), option.minimum);
            QCOMPARE(spin->maximum(), option.maximum);
            QCOMPARE(spin->value(), optionValueNumber(option.defaultValue));
            break;
        }
        case OptionType::Bool: {
            auto* box = qobject_cast<QCheckBox*>(editor);
            QVERIFY2(box, option.name.c_str());
            QCOMPARE(box->isChecked(), std::get<bool>(option.defaultValue));
            break;
        }
        case OptionType::Enum: {
            auto* box = qobject_cast<QComboBox*>(editor);
            QVERIFY2(box, option.name.c_str());
            QCOMPARE(box->count(), int(option.choices.size()));
            QCOMPARE(box->currentText().toStdString(), std::get<std::string>(option.defaultValue));
            break;
        }
        case OptionType::NumberList:
        case OptionType::TextList: {
            auto* line = qobject_cast<QLineEdit*>(editor);
            QVERIFY2(line, option.name.c_str());
            const Expected<std::optional<OptionValue>> shown = optionEditorValue(option, editor);
            QVERIFY2(shown.ok() && shown->has_value(), option.name.c_str());
            QCOMPARE(optionValueText(**shown), optionValueText(option.defaultValue));
            break;
        }
    }
}

QString binary() { return QStringLiteral(HETSCHED_BINARY); }

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

Run hetsched(const QStringList& arguments) {
    QProcess process;
    process.start(binary(), arguments);
    process.waitForFinished(60000);
    return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

}  // namespace

class OptionFormTest : public QObject {
    Q_OBJECT
private slots:
    void theFormOfEveryTypeShowsItsTableAndReadsBackTyped() {
        const OptionTable table = {OptionSpec::integer("rounds", "rounds", 1, 5000, 1000000),
                                   OptionSpec::number("time_limit", "seconds", 0.01, 60, 86400),
                                   OptionSpec::flag("compact", "compact", true),
                                   OptionSpec::choice("complexity", "model", {"mixed", "same"}, "mixed"),
                                   OptionSpec::numberList("cpus", "CPU counts", 1, {4, 16}, 1024, true),
                                   OptionSpec::textList("solvers", "solvers", {"heft", "exact"}, {"heft"})};
        OptionForm form;
        form.setTable(table);
        for (const OptionSpec& option : table) checkEditor(form.editor(option.name), option);
        Expected<OptionValues> values = form.values();
        QVERIFY(values.ok());
        QCOMPARE(*values, OptionValues(table));

        qobject_cast<QSpinBox*>(form.editor("rounds"))->setValue(12);
        qobject_cast<QCheckBox*>(form.editor("compact"))->setChecked(false);
        qobject_cast<QComboBox*>(form.editor("complexity"))->setCurrentIndex(1);
        qobject_cast<QLineEdit*>(form.editor("cpus"))->setText(QStringLiteral("2, 8"));
        values = form.values();
        QVERIFY(values.ok());
        QCOMPARE(values->integer("rounds"), std::int64_t(12));
        QVERIFY(!values->flag("compact"));
        QCOMPARE(values->text("complexity"), std::string("same"));
        QCOMPARE(values->numbers("cpus"), (std::vector<double>{2, 8}));

        // A list entry out of range is refused with the option's name and range, as the CLI refuses it.
        qobject_cast<QLineEdit*>(form.editor("cpus"))->setText(QStringLiteral("2,2000"));
        values = form.values();
        QVERIFY(!values.ok());
        QVERIFY2(values.error().message.find("option cpus must be") != std::string::npos,
                 values.error().message.c_str());
        qobject_cast<QLineEdit*>(form.editor("solvers"))->setText(QStringLiteral("heft,exakt"));
        qobject_cast<QLineEdit*>(form.editor("cpus"))->setText(QStringLiteral("2"));
        values = form.values();
        QVERIFY(!values.ok());
        QVERIFY2(values.error().message.find("'exakt'") != std::string::npos, values.error().message.c_str());
    }

    void theSolverPanelShowsEverySolversTable() {
        SolverPanel panel;
        for (const char* example : {"cpugpu-small.json", "steady-state-bag-of-tasks.json", "partition-small.json",
                                    "divisible-small.json", "dag-two-clusters.json"}) {
            const Expected<Instance> instance =
                readInstanceFile(QStringLiteral(HETSCHED_EXAMPLES_DIR "/%1").arg(QLatin1String(example)).toStdString());
            QVERIFY2(instance.ok(), example);
            panel.showInstance(&*instance);
            for (const SolverSpec& spec : solversForKind(instanceKind(*instance))) {
                panel.setCurrentSolver(QString::fromStdString(spec.name));
                for (const OptionSpec& option : spec.options)
                    checkEditor(panel.findChild<QWidget*>(QStringLiteral("option_%1").arg(QString::fromStdString(option.name))),
                                option);
                // Untouched, the panel runs the solver with its table's defaults.
                const Expected<SolverOptions> defaults = resolveOptions(spec, {});
                QVERIFY(defaults.ok());
                QCOMPARE(panel.optionsFor(QString::fromStdString(spec.name)), *defaults);
            }
        }
        // A changed value is what the run gets, as a number (a boolean as 0/1, the result JSON's "options").
        const Expected<Instance> cpugpu =
            readInstanceFile(QStringLiteral(HETSCHED_EXAMPLES_DIR "/cpugpu-small.json").toStdString());
        panel.showInstance(&*cpugpu);
        panel.setCurrentSolver(QStringLiteral("heteroprio"));
        panel.findChild<QCheckBox*>(QStringLiteral("option_spoliation"))->setChecked(false);
        panel.setCurrentSolver(QStringLiteral("exact"));
        QCOMPARE(panel.optionsFor(QStringLiteral("heteroprio")), (SolverOptions{{"spoliation", 0}}));
    }

    void theTemplateDialogAndGenerateDagReadOneTable() {
        TemplateDialog dialog;
        dialog.selectTemplate(QStringLiteral("dag-clusters"));
        const std::pair<const char*, const char*> fields[] = {
            {"dagTasks", "tasks"}, {"jump", "jump"}};
        for (const auto& [field, name] : fields) {
            const OptionSpec* option = findOption(dagGeneratorOptions(), name);
            QVERIFY(option);
            checkEditor(dialog.findChild<QSpinBox*>(QLatin1String(field)), *option);
        }
        const std::pair<const char*, const char*> platformFields[] = {
            {"clusters", "clusters"}, {"minProcessors", "min-processors"}, {"maxProcessors", "max-processors"}};
        for (const auto& [field, name] : platformFields)
            checkEditor(dialog.findChild<QSpinBox*>(QLatin1String(field)), *findOption(dagPlatformOptions(), name));
        for (const auto& [field, name] : {std::pair{"fat", "fat"}, std::pair{"alpha", "max-alpha"}})
            QCOMPARE(dialog.findChild<QLineEdit*>(QLatin1String(field))->text().toStdString(),
                     optionValueText(findOption(dagGeneratorOptions(), name)->defaultValue));

        // The CLI: its help lists the same defaults and ranges, one past the GUI's maximum is refused by both.
        const Run help = hetsched({QStringLiteral("generate"), QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        for (const OptionSpec& option : dagGeneratorOptions()) {
            const QString flag = QStringLiteral("--%1 %2").arg(QString::fromStdString(option.name),
                                                               QString::fromStdString(optionValueText(option.defaultValue)));
            QVERIFY2(help.out.contains(flag), qPrintable(flag));
            QVERIFY2(help.out.contains(QString::fromStdString(optionAcceptsText(option))), option.name.c_str());
        }
        auto* tasks = dialog.findChild<QSpinBox*>(QStringLiteral("dagTasks"));
        const Run tooMany = hetsched({QStringLiteral("generate"), QStringLiteral("dag"), QStringLiteral("--tasks"),
                                      QString::number(tasks->maximum() + 1)});
        QCOMPARE(tooMany.exitCode, 2);
        QVERIFY2(tooMany.err.contains(QStringLiteral("--tasks must be an integer between %1 and %2")
                                          .arg(tasks->minimum())
                                          .arg(tasks->maximum())),
                 qPrintable(tooMany.err));
        tasks->setValue(tasks->maximum());
        QVERIFY2(dialog.validationError().isEmpty(), qPrintable(dialog.validationError()));
    }

    // Each experiment dialog's number boxes take the ranges of the experiment's option table, the one its
    // `hetsched experiment NAME` flags are made of; one past a box's maximum is refused by the CLI too.
    void theExperimentDialogsAndTheirCommandsReadOneTable() {
        DivisibleSimulationDialog divisible;
        CpuGpuExperimentDialog cpugpu;
        DagEvaluationDialog dag;
        const std::tuple<QWidget*, const ExperimentOptions*, QString, int> dialogs[] = {
            {&divisible, &divisibleSimulationOptions(), QStringLiteral("divisible-simulation"), 3},
            {&cpugpu, &cpuGpuExperimentOptionTable(), QStringLiteral("cpugpu"), 6},
            {&dag, &dagEvaluationOptions(), QStringLiteral("dag-evaluation"), 3}};
        for (const auto& [dialog, options, name, expected] : dialogs) {
            int checked = 0;
            for (QAbstractSpinBox* box : dialog->findChildren<QAbstractSpinBox*>()) {
                const QString option = box->property("option").toString();
                if (option.isEmpty()) continue;
                const OptionSpec* spec = findOption(options->table, option.toStdString());
                QVERIFY2(spec, qPrintable(name + ": " + option));
                ++checked;
                if (auto* spin = qobject_cast<QSpinBox*>(box)) {
                    QCOMPARE(double(spin->minimum()), spec->minimum);
                    QCOMPARE(double(spin->maximum()), std::min(spec->maximum, double(std::numeric_limits<int>::max())));
                    if (spin->maximum() == std::numeric_limits<int>::max() || option == QLatin1String("tasks")) continue;
                    const Run tooMany = hetsched({QStringLiteral("experiment"), name, QStringLiteral("--") + option,
                                                  QString::number(spin->maximum() + 1)});
                    QCOMPARE(tooMany.exitCode, 2);
                    QVERIFY2(tooMany.err.contains(QStringLiteral("--%1 must be an integer between %2 and %3")
                                                      .arg(option)
                                                      .arg(spin->minimum())
                                                      .arg(spin->maximum())),
                             qPrintable(tooMany.err));
                } else if (auto* real = qobject_cast<QDoubleSpinBox*>(box)) {
                    QCOMPARE(real->minimum(), spec->minimum);
                    QCOMPARE(real->maximum(), spec->maximum);
                }
            }
            QCOMPARE(checked, expected);
        }
    }
};

}  // namespace hetsched::ui

QTEST_MAIN(hetsched::ui::OptionFormTest)
#include "test_option_forms.moc"
