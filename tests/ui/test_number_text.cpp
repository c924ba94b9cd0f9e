// Numbers as the GUI shows them: units with SI prefixes and sensible digits in headings and tables,
// full precision only where the user edits.
#include <QtTest>

#include "util/number_text.h"
#include "util/quantity_delegate.h"

namespace hetsched::ui {

class NumberTextTests : public QObject {
    Q_OBJECT
private slots:
    void quantitiesCarryTheirUnitWithAPrefix_data() {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<QString>("text");
        QTest::newRow("seconds") << 9.924233 << QStringLiteral("s") << QStringLiteral("9.924 s");
        QTest::newRow("milliseconds") << 0.005 << QStringLiteral("s") << QStringLiteral("5 ms");
        QTest::newRow("microseconds") << 0.000244 << QStringLiteral("s") << QStringLiteral("244 µs");
        QTest::newRow("nanoseconds") << 3.2e-9 << QStringLiteral("s") << QStringLiteral("3.2 ns");
        QTest::newRow("an hour stays in seconds") << 3600.0 << QStringLiteral("s") << QStringLiteral("3600 s");
        QTest::newRow("zero seconds") << 0.0 << QStringLiteral("s") << QStringLiteral("0 s");
        QTest::newRow("Gflop/s") << 1.14e9 << QStringLiteral("flop/s") << QStringLiteral("1.14 Gflop/s");
        QTest::newRow("peak power") << 5.25e10 << QStringLiteral("flop/s") << QStringLiteral("52.5 Gflop/s");
        QTest::newRow("flop") << 5.21022e11 << QStringLiteral("flop") << QStringLiteral("521 Gflop");
        QTest::newRow("bytes") << 1.5e6 << QStringLiteral("B") << QStringLiteral("1.5 MB");
        QTest::newRow("bandwidth") << 1.25e8 << QStringLiteral("B/s") << QStringLiteral("125 MB/s");
        QTest::newRow("other unit") << 5.29292e-10 << QStringLiteral("s²/flop") << QStringLiteral("5.29e-10 s²/flop");
        QTest::newRow("count") << 48.0 << QString() << QStringLiteral("48");
        QTest::newRow("plain") << 9.31054 << QString() << QStringLiteral("9.311");
        QTest::newRow("negative ms") << -0.0125 << QStringLiteral("s") << QStringLiteral("-12.5 ms");
    }
    void quantitiesCarryTheirUnitWithAPrefix() {
        QFETCH(double, value);
        QFETCH(QString, unit);
        QFETCH(QString, text);
        QCOMPARE(quantityText(value, unit), text);
    }

    void metricsReadAsNameEqualsQuantity() {
        QCOMPARE(metricText(Metric{"makespan", 9.924233, "s"}), QStringLiteral("makespan = 9.924 s"));
        QCOMPARE(metricText(Metric{"speedup over seq", 9.31054}), QStringLiteral("speedup over seq = 9.311"));
    }

    // A table cell keeps the full number (the editor starts from it) and displays it with its unit.
    void aQuantityCellDisplaysItsUnit() {
        QuantityDelegate speed(QStringLiteral("flop/s"), nullptr);
        QCOMPARE(speed.displayText(QStringLiteral("1140000000"), QLocale::c()), QStringLiteral("1.14 Gflop/s"));
        QCOMPARE(speed.displayText(QStringLiteral("fast"), QLocale::c()), QStringLiteral("fast"));
        QuantityDelegate latency(QStringLiteral("s"), nullptr);
        QCOMPARE(latency.displayText(QStringLiteral("1e-4"), QLocale::c()), QStringLiteral("100 µs"));
    }

    // What a field shows for editing reads back as exactly the value; the display text does not need to.
    void editingKeepsFullPrecision() {
        const double value = 1.0 / 3.0;
        QCOMPARE(*parseNumber(formatNumber(value)), value);
        QVERIFY(*parseNumber(quantityText(value, {})) != value);
    }
};

}  // namespace hetsched::ui

QTEST_MAIN(hetsched::ui::NumberTextTests)
#include "test_number_text.moc"
