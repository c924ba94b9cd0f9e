// File > Open and File > Import Instance on the data of the other families' users (issue 26): the dialogs' filters
// list every format of the table that gives a family instance, and opening each corpus file through the real open
// path (MainWindow::openPath: the table classifies it, the import dialog shows its family's option table) adds an
// instance of the family its README names, or refuses it with the README's reason.
#include <QApplication>
#include <QLabel>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>
#include <cstdlib>
#include <map>

#include "app/mainwindow.h"
#include "dialogs/family_import_dialog.h"
#include "document/autosave.h"
#include "document/project_document.h"
#include "io/formats.h"
#include "util/option_form.h"

namespace hetsched::ui {

class FamilyOpenTest : public QObject {
    Q_OBJECT
    QTemporaryDir m_temp;

    // The corpus (../shared/corpus), or a skip (a failure in CI) when it is missing.
    static bool corpusPresent() { return QDir(QStringLiteral(HETSCHED_CORPUS_DIR)).exists(QStringLiteral("starpu")); }
    static QString corpusFile(const char* relative) {
        return QDir(QStringLiteral(HETSCHED_CORPUS_DIR)).filePath(QLatin1String(relative));
    }

private slots:
    void initTestCase() {
        QVERIFY(m_temp.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_temp.filePath(QStringLiteral("settings")));
        QApplication::setOrganizationName(QStringLiteral("HetSchedTests"));
        QApplication::setApplicationName(QStringLiteral("family_open_tests"));
        AutosaveManager::setDefaultDirectory(m_temp.filePath(QStringLiteral("autosave")));
    }

    void theOpenAndImportFiltersListEveryFamilyFormat() {
        const QString open = MainWindow::openFileFilters();
        const QString import = MainWindow::importFileFilters();
        const std::vector<const FileFormat*> formats = fileFormats(FormatDirection::Read, {FormatContent::FamilyData});
        QVERIFY(formats.size() >= 6);
        for (const FileFormat* format : formats) {
            const QString filter = QString::fromStdString(format->dialogFilter());
            QVERIFY2(open.contains(filter), qPrintable(filter + QStringLiteral(" in ") + open));
            QVERIFY2(import.contains(filter), qPrintable(filter + QStringLiteral(" in ") + import));
        }
        // The first filter, over every extension, has the families' own.
        for (const char* pattern : {"*.rec", "*.in", "*.csv", "*.bandwidth"}) {
            QVERIFY2(open.section(QStringLiteral(";;"), 0, 0).contains(QLatin1String(pattern)), pattern);
            QVERIFY2(import.section(QStringLiteral(";;"), 0, 0).contains(QLatin1String(pattern)), pattern);
        }
    }

    void fileOpenOnEachCorpusFileGivesItsFamily() {
        if (!corpusPresent()) {
            if (std::getenv("CI")) QFAIL("no corpus at " HETSCHED_CORPUS_DIR " (CI is set: the corpus must be there)");
            QSKIP("no corpus at " HETSCHED_CORPUS_DIR);
        }
        struct Case {
            const char* file;
            const char* family;
            const char* format;
            OptionValues options;   // set in the dialog's form, as a user types them
        };
        OptionValues partition;
        partition.set("tasks", std::int64_t(100));
        partition.set("cost-column", std::vector<std::string>{"ResNet Latency"});
        OptionValues bus;
        bus.set("worker-speed", 1e12);
        const std::vector<Case> cases = {
            {"starpu/sampling/codelets/45/chol_model_22.mirage", "cpugpu", "starpu-model", {}},
            {"starpu/sampling/codelets/45/starpu_dgemm_gemm.mirage", "cpugpu", "starpu-model", {}},
            {"starpu/moldableilp/problem_n10_m4_k1_i0.in", "cpugpu", "moldableilp", {}},
            {"starpu/moldableilp/problem_n10_m16_k1_i0.in", "cpugpu", "moldableilp", {}},
            {"partition-profiles/flhetbench_training_latency_2023-11-27.json", "partition", "partition-profile", partition},
            {"starpu/sampling/bus/mirage.bandwidth", "divisible", "starpu-bus", bus},
        };
        MainWindow window;
        ProjectDocument* document = window.document();
        for (const Case& c : cases) {
            QString shownFormat;
            window.setFamilyImportRunner([&](FamilyImportDialog& dialog) {
                shownFormat = QString::fromStdString(dialog.format().name);
                // The form is the family's import table.
                [&] { QCOMPARE(dialog.form()->table().size(), dialog.format().importOptions().size()); }();
                dialog.form()->setValues(c.options);
                dialog.accept();
                if (!dialog.error().isEmpty()) qWarning("%s: %s", c.file, qPrintable(dialog.error()));
                return dialog.result();
            });
            const int before = document->entryCount();
            window.openPath(corpusFile(c.file));
            QCOMPARE(shownFormat, QLatin1String(c.format));
            QCOMPARE(document->entryCount(), before + 1);
            QCOMPARE(QString::fromStdString(instanceKind(document->entryAt(before).instance)), QLatin1String(c.family));
            QVERIFY2(ProjectDocument::validationError(document->entryAt(before).instance).isEmpty(), c.file);
        }
        const auto& divisible = std::get<DivisibleInstance>(document->entryAt(document->entryCount() - 1).instance);
        QCOMPARE(divisible.workers.size(), std::size_t{3});   // CUDA0-2 of mirage.config

        // StarVZ's dump has no GPU time: refused with the reader's reason, the dialog left open, nothing added.
        QString refusal;
        window.setFamilyImportRunner([&](FamilyImportDialog& dialog) {
            dialog.accept();
            refusal = dialog.findChild<QLabel*>(QStringLiteral("familyImportMessage"))->text();
            const int result = dialog.result();
            dialog.reject();
            return result == QDialog::Accepted ? result : dialog.result();
        });
        const int before = document->entryCount();
        window.openPath(corpusFile("starpu/rec/starvz-lu_trace/platform_file.rec"));
        QCOMPARE(document->entryCount(), before);
        QVERIFY2(refusal.contains(QStringLiteral("GPU")), qPrintable(refusal));
        document->markSaved();
    }

    // A SimGrid platform's "A divisible-load star" choice: the star of its first host (SimGrid in its child process).
    void aSimGridPlatformBecomesADivisibleStar() {
        if (!corpusPresent()) QSKIP("no corpus at " HETSCHED_CORPUS_DIR);
        MainWindow window;
        window.setFamilyImportRunner([](FamilyImportDialog& dialog) {
            dialog.accept();
            return dialog.result();
        });
        const FileFormat* star = findFileFormat("simgrid-star", FormatDirection::Read, {FormatContent::FamilyData});
        QVERIFY(star);
        const EntryId id = window.importFamilyData(corpusFile("simgrid-platforms/small_platform.xml"), star,
                                                   [](FamilyImportDialog& dialog) {
                                                       dialog.accept();
                                                       return dialog.result();
                                                   });
        QVERIFY(id != 0);
        const DocumentEntry* entry = window.document()->entry(id);
        QCOMPARE(QString::fromStdString(instanceKind(entry->instance)), QStringLiteral("divisible"));
        QVERIFY(!std::get<DivisibleInstance>(entry->instance).workers.empty());
        window.document()->markSaved();
    }
};

}  // namespace hetsched::ui

QTEST_MAIN(hetsched::ui::FamilyOpenTest)
#include "test_family_open.moc"
