// Option tables drive both the GUI forms and the CLI flags (issue 14): every solver's form shows its table's
// editors, ranges and defaults; the template dialog's random DAG fields and `hetsched generate dag`, each
// experiment dialog and its `hetsched experiment NAME`, read the same tables, so no range can disagree: one
// past it is refused by both, each message naming the range.
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QProcess>
#include <QSpinBox>
#include <QtTest>

#include "io/instance_io.h"
#include "model/dag_random.h"
#include "model/generator_options.h"
#include "util/number_spin_box.h"
#include "util/option_form.h"
#include "panels/solver_panel.h"
#include "solvers/registry.h"
#include "dialogs/template_dialog.h"
#include "experiments/cpugpu_experiment_dialog.h"
#include "experiments/dag_evaluation_dialog.h"
#include "experiments/divisible_simulation_dialog.h"
#include "experiments/cpugpu_experiments.h"
#include "experiments/dag_experiments.h"
#include "experiments/divisible_experiments.h"

#include <functional>
#include <limits>
#include <set>
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
            for (int k = 0; k < box->count(); ++k)
                QCOMPARE(box->itemData(k).toString().toStdString(), option.choices[std::size_t(k)]);
            QCOMPARE(box->currentData().toString().toStdString(), std::get<std::string>(option.defaultValue));
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

// How a dialog shows one option of a table: in a unit of its own (scale: shown = table / scale), under a label
// its errors name, with the value the dialog opens with.
struct ShownOption {
    const OptionSpec* spec;
    double scale;
    QString label;
    OptionValue opensWith;
};

OptionSpec inShownUnit(const OptionSpec& spec, double scale) {
    OptionSpec shown = spec;
    shown.minimum /= scale;
    shown.maximum /= scale;
    return shown;
}

// One past the option's largest value (a choice it does not have), as text in the unit of `scale`.
QString onePast(const OptionSpec& spec, double scale) {
    switch (spec.type) {
        case OptionType::Int: return QString::number(static_cast<qlonglong>(spec.maximum) + 1);
        case OptionType::Enum: return QStringLiteral("neither");
        case OptionType::NumberList:
            if (spec.integers) return QString::number(static_cast<qlonglong>(spec.maximum) + 1);
            [[fallthrough]];
        default: return QString::number(spec.maximum * 1.5 / scale, 'g', 17);
    }
}

bool near(double a, double b) { return a == b || std::abs(a - b) <= 1e-12 * std::max(std::abs(a), std::abs(b)); }

// The editor "option_<name>" of `dialog` has the option's range (in the shown unit) and the value the dialog
// opens with; one past the range cannot be entered (a spin box keeps its maximum, its tooltip names the range)
// or is refused by the form (`formError`, naming the label and the range); `command` + "--<name> <one past>"
// is refused by the CLI, naming the range too.
void checkShownOption(QWidget* dialog, const ShownOption& shown, const std::function<QString()>& formError,
                      const QStringList& command) {
    const OptionSpec& spec = *shown.spec;
    const OptionSpec inUnit = inShownUnit(spec, shown.scale);
    const QString name = QString::fromStdString(spec.name);
    QWidget* editor = dialog->findChild<QWidget*>(QStringLiteral("option_") + name);
    QVERIFY2(editor, qPrintable(name));
    const QString accepts = QString::fromStdString(optionAcceptsText(inUnit));
    QVERIFY2(editor->toolTip().contains(accepts), qPrintable(name + QStringLiteral(": ") + editor->toolTip()));
    const Expected<std::optional<OptionValue>> value = optionEditorValue(spec, editor);
    QVERIFY2(value.ok() && value->has_value(), qPrintable(name));
    QCOMPARE(optionValueText(**value), optionValueText(shown.opensWith));

    if (auto* spin = qobject_cast<QSpinBox*>(editor)) {
        QCOMPARE(double(spin->minimum()), spec.minimum);
        QCOMPARE(double(spin->maximum()), spec.maximum);
        const int before = spin->value();
        spin->setValue(spin->maximum() + 1);
        QCOMPARE(spin->value(), spin->maximum());
        spin->setValue(before);
    } else if (auto* real = qobject_cast<QDoubleSpinBox*>(editor)) {
        QVERIFY2(near(real->minimum(), inUnit.minimum), qPrintable(name));
        QVERIFY2(near(real->maximum(), inUnit.maximum), qPrintable(name));
        const double before = real->value();
        real->setValue(real->maximum() * 1.5 + 1);
        QVERIFY2(near(real->value(), real->maximum()), qPrintable(name));
        real->setValue(before);
        if (spec.minimumExcluded) {   // the box holds the minimum, the form refuses it
            real->setValue(real->minimum());
            QVERIFY2(formError().contains(QStringLiteral("%1: must be %2").arg(shown.label, accepts)),
                     qPrintable(formError()));
            real->setValue(before);
        }
    } else if (auto* box = qobject_cast<QComboBox*>(editor)) {
        QCOMPARE(box->count(), int(spec.choices.size()));
    } else if (auto* line = qobject_cast<QLineEdit*>(editor)) {
        QCOMPARE(spec.type, OptionType::NumberList);
        const QString before = line->text();
        // Both ends are taken...
        line->setText(QStringLiteral("%1, %2").arg(QString::number(inUnit.minimum, 'g', 17),
                                                    QString::number(inUnit.maximum, 'g', 17)));
        const Expected<std::optional<OptionValue>> ends = optionEditorValue(spec, editor);
        QVERIFY2(ends.ok(), ends.ok() ? "" : ends.error().message.c_str());
        QVERIFY2(formError().isEmpty() || !formError().startsWith(shown.label), qPrintable(formError()));
        // ...one past the largest is refused, the message naming the field and the range.
        line->setText(QStringLiteral("%1, %2").arg(before, onePast(spec, shown.scale)));
        const QString error = formError();
        QVERIFY2(error.startsWith(QStringLiteral("%1: must be %2, got").arg(shown.label, accepts)), qPrintable(error));
        line->setText(before);
    } else {
        QFAIL(qPrintable(name + QStringLiteral(": an editor of an unexpected type")));
    }
    QVERIFY2(formError().isEmpty(), qPrintable(formError()));

    const Run cli = hetsched(command + QStringList{QStringLiteral("--") + name, onePast(spec, 1)});
    QCOMPARE(cli.exitCode, 2);
    QVERIFY2(cli.err.contains(QStringLiteral("--%1 must be %2").arg(name, QString::fromStdString(optionAcceptsText(spec)))),
             qPrintable(cli.err));
}

// Every option of `table` a dialog shows: the editor "option_<name>" exists exactly for those of `shown`, the
// others being in `ownForm` (fields of a form of the dialog's own) or `notShown`.
void checkTableCoverage(QWidget* dialog, const OptionTable& table, const std::vector<ShownOption>& shown,
                        const std::set<std::string>& ownForm, const std::set<std::string>& notShown) {
    for (const OptionSpec& spec : table) {
        const bool found = dialog->findChild<QWidget*>(QStringLiteral("option_%1").arg(QString::fromStdString(spec.name)));
        bool listed = false;
        for (const ShownOption& s : shown) listed = listed || s.spec->name == spec.name;
        QVERIFY2(found == listed, spec.name.c_str());
        QVERIFY2(listed || ownForm.count(spec.name) || notShown.count(spec.name), spec.name.c_str());
    }
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

    // Numbers of any size as a person types and reads them: the shortest text, exponents, whole numbers past
    // int, steps by the value's magnitude, and the special text at the minimum.
    void theNumberSpinBoxTakesWhatAPersonTypes() {
        NumberSpinBox box;
        box.setRange(1e-6, 1e20);
        box.setValue(1e9);
        QCOMPARE(box.text(), QStringLiteral("1e+09"));
        box.setValue(0.125);
        QCOMPARE(box.text(), QStringLiteral("0.125"));
        box.selectAll();
        QTest::keyClicks(&box, QStringLiteral("2.5e9"));
        QTest::keyClick(&box, Qt::Key_Enter);
        QCOMPARE(box.value(), 2.5e9);
        box.stepBy(1);   // a tenth of the order of magnitude
        QCOMPARE(box.value(), 2.6e9);
        box.setValue(2);
        box.stepBy(-3);
        QCOMPARE(box.value(), 1.7);
        // Past the range: not taken (as Qt's spin boxes, the last number typed within it is: "5e2").
        box.selectAll();
        QTest::keyClicks(&box, QStringLiteral("5e21"));
        QTest::keyClick(&box, Qt::Key_Enter);
        QCOMPARE(box.value(), 500.0);
        QCOMPARE(box.text(), QStringLiteral("500"));
        QString text = QStringLiteral("abc");
        int pos = 0;
        QCOMPARE(box.validate(text, pos), QValidator::Invalid);
        text = QStringLiteral("1e");
        QCOMPARE(box.validate(text, pos), QValidator::Intermediate);

        NumberSpinBox seed;
        seed.setWholeNumbers(true);
        seed.setRange(0, 4503599627370496.0);
        seed.setValue(4503599627370495.0);
        QCOMPARE(seed.text(), QStringLiteral("4503599627370495"));
        seed.stepBy(1);
        QCOMPARE(seed.value(), 4503599627370496.0);
        text = QStringLiteral("2.5");
        QCOMPARE(seed.validate(text, pos), QValidator::Intermediate);

        NumberSpinBox limit;
        limit.setRange(0, 86400);
        limit.setSpecialValueText(QStringLiteral("off"));
        limit.setValue(0);
        QCOMPARE(limit.text(), QStringLiteral("off"));
        text = QStringLiteral("off");
        QCOMPARE(limit.validate(text, pos), QValidator::Acceptable);
        limit.stepBy(1);
        QCOMPARE(limit.value(), 1.0);
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
        QVERIFY2(dialog.validationError().isEmpty(), qPrintable(dialog.validationError()));
        QWidget* page = dialog.findChild<QWidget*>(QStringLiteral("templatePage_dag"));
        QVERIFY(page);
        // Every option of both tables but the seeds is a field of the page, showing the table's default.
        const std::pair<const OptionTable*, std::vector<std::pair<const char*, const char*>>> pages[] = {
            {&dagGeneratorOptions(),
             {{"tasks", "Tasks n"}, {"fat", "Fat"}, {"regularity", "Regularity"}, {"density", "Density"},
              {"jump", "Jump"}, {"ccr", "CCR"}, {"max-alpha", "Max α"}, {"complexity", "Complexities"}}},
            {&dagPlatformOptions(),
             {{"clusters", "Clusters"}, {"min-processors", "Processors from"}, {"max-processors", "Processors to"},
              {"min-speed", "Minimum speed"}, {"heterogeneity", "Heterogeneity"}}}};
        const QStringList generate = {QStringLiteral("generate"), QStringLiteral("dag")};
        for (const auto& [table, fields] : pages) {
            std::vector<ShownOption> shown;
            for (const auto& [name, label] : fields) {
                const OptionSpec* spec = findOption(*table, name);
                QVERIFY2(spec, name);
                checkEditor(page->findChild<QWidget*>(QStringLiteral("option_%1").arg(QLatin1String(name))), *spec);
                shown.push_back({spec, 1, QString::fromUtf8(label), spec->defaultValue});
            }
            checkTableCoverage(page, *table, shown, {"seed", "platform-seed"}, {});
            for (const ShownOption& option : shown) {
                checkShownOption(page, option, [&] { return dialog.validationError(); }, generate);
                if (QTest::currentTestFailed()) return;
            }
        }
        // The one seed of every template: the range and default of the graph's (and the platform's) seed.
        auto* seed = dialog.findChild<QDoubleSpinBox*>(QStringLiteral("seedSpinBox"));
        QVERIFY(seed);
        for (const OptionSpec* spec : {findOption(dagGeneratorOptions(), "seed"), findOption(dagPlatformOptions(), "platform-seed")}) {
            QCOMPARE(seed->minimum(), spec->minimum);
            QCOMPARE(seed->maximum(), spec->maximum);
            QCOMPARE(seed->value(), optionValueNumber(spec->defaultValue));
        }
        seed->setValue(seed->maximum());
        QCOMPARE(seed->value(), 4503599627370496.0);   // 2^52, held exactly
        QVERIFY(dialog.generate());
        QVERIFY(!dialog.findChild<QSpinBox*>(QStringLiteral("dagTasks")));   // the old hand-made fields are gone

        // The CLI: its help lists the same defaults and ranges.
        const Run help = hetsched({QStringLiteral("generate"), QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        for (const OptionSpec& option : dagGeneratorOptions()) {
            const QString flag = QStringLiteral("--%1 %2").arg(QString::fromStdString(option.name),
                                                               QString::fromStdString(optionValueText(option.defaultValue)));
            QVERIFY2(help.out.contains(flag), qPrintable(flag));
            QVERIFY2(help.out.contains(QString::fromStdString(optionAcceptsText(option))), option.name.c_str());
        }
        auto* tasks = page->findChild<QSpinBox*>(QStringLiteral("option_tasks"));
        tasks->setValue(tasks->maximum());
        QVERIFY2(dialog.validationError().isEmpty(), qPrintable(dialog.validationError()));
    }

    // Every other template's page is its generator's table, the one `hetsched generate KIND` reads: each option but
    // the seed (the dialog's one seed) and the steady state's topology (the template's) is a field showing the
    // table's range and default; one past the range is refused by the field and by the CLI with the same range
    // text; the same values and seed give the instance `hetsched generate` gives.
    void theTemplatePagesAndGenerateReadOneTablePerFamily() {
        const std::vector<std::pair<QString, std::string>> templates = {{QStringLiteral("divisible-star"), "divisible"},
                                                                         {QStringLiteral("cpugpu-node"), "cpugpu"},
                                                                         {QStringLiteral("steady-random"), "steady_state"},
                                                                         {QStringLiteral("partition-random"), "partition"}};
        for (const auto& [id, kind] : templates) {
            TemplateDialog dialog;
            dialog.selectTemplate(id);
            QVERIFY2(dialog.validationError().isEmpty(), qPrintable(dialog.validationError()));
            QWidget* page = dialog.findChild<QWidget*>(QStringLiteral("templatePage_%1").arg(QString::fromStdString(kind)));
            QVERIFY2(page, kind.c_str());
            const OptionTable& table = generatorOptionTable(kind);
            std::vector<ShownOption> shown;
            for (const OptionSpec& spec : table) {
                if (spec.name == "seed" || spec.name == "topology") continue;
                QWidget* editor = page->findChild<QWidget*>(QStringLiteral("option_%1").arg(QString::fromStdString(spec.name)));
                QVERIFY2(editor, spec.name.c_str());
                if (!spec.optional) checkEditor(editor, spec);
                shown.push_back({&spec, 1, QString(), spec.optional ? OptionValue{} : spec.defaultValue});
            }
            checkTableCoverage(page, table, shown, {"seed", "topology"}, {});
            // An optional option's field opens empty (unset: return-ratio, d drawn in its range).
            std::erase_if(shown, [&](const ShownOption& option) {
                if (!option.spec->optional) return false;
                const Expected<std::optional<OptionValue>> value =
                    optionEditorValue(*option.spec, page->findChild<QWidget*>(QStringLiteral("option_%1").arg(QString::fromStdString(option.spec->name))));
                return value.ok() && !value->has_value();
            });
            for (const ShownOption& option : shown) QVERIFY2(!option.spec->optional, option.spec->name.c_str());
            const QStringList generate = {QStringLiteral("generate"), QString::fromStdString(kind)};
            for (const ShownOption& option : shown) {
                if (option.spec->minimumExcluded) continue;   // checked below with its label
                if (option.spec->type == OptionType::Bool) continue;   // a check box: no range (checkEditor above)
                checkShownOption(page, option, [&] { return dialog.validationError(); }, generate);
                if (QTest::currentTestFailed()) return;
            }
            // The same values and seed: the instance `hetsched generate KIND --seed 5` writes.
            dialog.findChild<QDoubleSpinBox*>(QStringLiteral("seedSpinBox"))->setValue(5);
            QVERIFY(dialog.generate());
            const QStringList cli = kind == "steady_state" ? QStringList{QStringLiteral("--topology"), QStringLiteral("random")}
                                                           : QStringList{};
            const Run run = hetsched(generate + cli + QStringList{QStringLiteral("--seed"), QStringLiteral("5")});
            QCOMPARE(run.exitCode, 0);
            QCOMPARE(nlohmann::json::parse(run.out.toStdString()), instanceToJson(*dialog.generated()));
        }
        // An excluded minimum (T = 0, a target fraction 0): the box holds it, the form refuses it with the range text
        // the CLI gives.
        TemplateDialog dialog;
        dialog.selectTemplate(QStringLiteral("divisible-star"));
        auto* horizon = dialog.findChild<QWidget*>(QStringLiteral("templatePage_divisible"))
                            ->findChild<QDoubleSpinBox*>(QStringLiteral("option_horizon"));
        horizon->setValue(0);
        const OptionSpec& spec = *findOption(divisibleStarOptions(), "horizon");
        const QString accepts = QString::fromStdString(optionAcceptsText(spec));
        QVERIFY2(dialog.validationError().startsWith(QStringLiteral("Horizon T: must be %1").arg(accepts)),
                 qPrintable(dialog.validationError()));
        const Run cli = hetsched({QStringLiteral("generate"), QStringLiteral("divisible"), QStringLiteral("--horizon"), QStringLiteral("0")});
        QCOMPARE(cli.exitCode, 2);
        QVERIFY2(cli.err.contains(QStringLiteral("--horizon must be %1").arg(accepts)), qPrintable(cli.err));
    }

    // Each experiment dialog shows every option of the experiment's table it offers as that table's editor:
    // the range of the `hetsched experiment NAME` flag (in the dialog's unit), the default (except where the
    // dialog opens on a smaller grid, listed here), one past the range refused by the form and by the CLI.
    void theExperimentDialogsAndTheirCommandsReadOneTable() {
        const auto experiment = [](const char* name) { return QStringList{QStringLiteral("experiment"), QLatin1String(name)}; };
        const auto errorOf = [](const auto& read) {
            return read.ok() ? QString() : QString::fromStdString(read.error().message);
        };
        const auto shownFrom = [](const ExperimentOptions& options, const OptionValues& opensWith,
                                  const std::vector<std::tuple<const char*, const char*, double>>& fields) {
            std::vector<ShownOption> shown;
            for (const auto& [name, label, scale] : fields) {
                const OptionSpec* spec = findOption(options.table, name);
                if (spec) shown.push_back({spec, scale, QString::fromUtf8(label), opensWith.at(name)});
            }
            return shown;
        };
        // The options where the dialog opens on other values than the table's defaults.
        const auto differing = [](const OptionValues& opensWith, const OptionTable& table) {
            std::set<std::string> names;
            for (const OptionSpec& spec : table)
                if (!(opensWith.at(spec.name) == spec.defaultValue)) names.insert(spec.name);
            return names;
        };

        {
            CpuGpuExperimentDialog dialog;
            const ExperimentOptions& options = cpuGpuExperimentOptionTable();
            CpuGpuExperimentOptions small;   // a run of seconds: n = 10..100, m in {4, 16}, k = 2, 5 instances
            small.maxTasks = 100;
            small.cpuCounts = {4, 16};
            small.gpuCounts = {2};
            small.instancesPerCase = 5;
            const OptionValues opensWith = cpuGpuExperimentValues(small);
            QCOMPARE(differing(opensWith, options.table), (std::set<std::string>{"tasks", "cpus", "gpus", "instances"}));
            const std::vector<ShownOption> shown =
                shownFrom(options, opensWith,
                          {{"cpus", "CPUs m", 1}, {"gpus", "GPUs k", 1}, {"instances", "Instances per case", 1},
                           {"seed", "Seed", 1}, {"exact-time-limit", "Exact MIP time limit", 1}});
            QCOMPARE(shown.size(), std::size_t{5});
            checkTableCoverage(&dialog, options.table, shown, {"tasks", "solvers"}, {"epsilon"});
            for (const ShownOption& option : shown) {
                checkShownOption(&dialog, option, [&] { return errorOf(dialog.options()); }, experiment("cpugpu"));
                if (QTest::currentTestFailed()) return;
            }
            QCOMPARE(dialog.options().value(), small);
            // --tasks FROM:TO:STEP is three boxes, each in the range of an entry.
            const OptionSpec& tasks = *findOption(options.table, "tasks");
            const std::pair<const char*, int> boxes[] = {{"tasksFrom", small.minTasks}, {"tasksTo", small.maxTasks},
                                                         {"tasksStep", small.taskStep}};
            for (const auto& [box, opensAt] : boxes) {
                auto* spin = dialog.findChild<QSpinBox*>(QLatin1String(box));
                QVERIFY2(spin, box);
                QCOMPARE(double(spin->minimum()), tasks.minimum);
                QCOMPARE(double(spin->maximum()), tasks.maximum);
                QCOMPARE(spin->value(), opensAt);
            }
            const Run tooMany = hetsched(experiment("cpugpu") + QStringList{QStringLiteral("--tasks"), QStringLiteral("1:1000001:1")});
            QCOMPARE(tooMany.exitCode, 2);
            QVERIFY2(tooMany.err.contains(QStringLiteral("--tasks must be %1").arg(QString::fromStdString(optionAcceptsText(tasks)))),
                     qPrintable(tooMany.err));
            // No CPU at all is a case the CLI takes, and so does the form.
            qobject_cast<QLineEdit*>(dialog.findChild<QWidget*>(QStringLiteral("option_cpus")))->setText(QStringLiteral("0, 4"));
            QVERIFY2(dialog.options().ok(), qPrintable(errorOf(dialog.options())));
            QCOMPARE(dialog.options()->cpuCounts, (std::vector<int>{0, 4}));
        }
        {
            DagEvaluationDialog dialog;
            const ExperimentOptions& options = dagEvaluationOptions();
            DagEvaluationConfig small;   // a run of seconds: two sizes, two speeds
            small.taskCounts = {20, 50};
            small.minSpeeds = {0.5e9, 1e9};
            const OptionValues opensWith = dagEvaluationValues(small);
            QCOMPARE(differing(opensWith, options.table), (std::set<std::string>{"sizes", "min-speeds"}));
            const std::vector<ShownOption> shown =
                shownFrom(options, opensWith,
                          {{"samples", "Graphs per size", 1}, {"platform-samples", "Platforms per configuration", 1},
                           {"sizes", "Tasks per graph", 1}, {"clusters", "Clusters", 1},
                           {"heterogeneity", "Heterogeneity", 1}, {"min-speeds", "Min speeds (Gflop/s)", 1e9},
                           {"seed", "Seed", 1}});
            QCOMPARE(shown.size(), std::size_t{7});
            checkTableCoverage(&dialog, options.table, shown, {"solvers"}, {"simulate"});
            for (const ShownOption& option : shown) {
                checkShownOption(&dialog, option, [&] { return errorOf(dialog.config()); }, experiment("dag-evaluation"));
                if (QTest::currentTestFailed()) return;
            }
            // Gflop/s on screen, flop/s in the configuration.
            auto* speeds = qobject_cast<QLineEdit*>(dialog.findChild<QWidget*>(QStringLiteral("option_min-speeds")));
            QCOMPARE(speeds->text(), QStringLiteral("0.5, 1"));
            speeds->setText(QStringLiteral("2e-6, 100"));
            QVERIFY(dialog.config().ok());
            QCOMPARE(dialog.config()->minSpeeds, (std::vector<double>{2e3, 1e11}));
            // Seeds past int's range are held exactly.
            small.seed = (std::uint64_t(1) << 52) - 3;
            dialog.setConfig(small);
            QCOMPARE(dialog.config()->seed, small.seed);
        }
        {
            DivisibleSimulationDialog dialog;
            const ExperimentOptions& options = divisibleSimulationOptions();
            const OptionValues opensWith = divisibleSimulationValues(DivisibleSimulationConfig{});
            const std::vector<ShownOption> shown =
                shownFrom(options, opensWith,
                          {{"workers", "Workers p", 1}, {"platforms", "Platforms per point", 1},
                           {"z", "Values of z", 1}, {"seed", "Seed", 1}});
            QCOMPARE(shown.size(), std::size_t{4});
            checkTableCoverage(&dialog, options.table, shown, {"ratios"}, {});
            for (const ShownOption& option : shown) {
                checkShownOption(&dialog, option, [&] { return errorOf(dialog.config()); },
                                 experiment("divisible-simulation"));
                if (QTest::currentTestFailed()) return;
            }
            QCOMPARE(dialog.config().value(), DivisibleSimulationConfig{});
            // z = 0 (no return message) is a value of the table, and of the form.
            dialog.setConfig(5, 1, 3, 7, {0, 1});
            QVERIFY2(dialog.config().ok(), qPrintable(errorOf(dialog.config())));
            QCOMPARE(dialog.config()->zValues, (std::vector<double>{0, 1}));
            QCOMPARE(dialog.config()->ratios.size(), std::size_t{3});
        }
    }
};

}  // namespace hetsched::ui

QTEST_MAIN(hetsched::ui::OptionFormTest)
#include "test_option_forms.moc"
