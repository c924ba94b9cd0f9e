#include "experiments/benchmark_dialog.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <set>

#include "io/instance_io.h"
#include "solvers/registry.h"
#include "util/flow_layout.h"
#include "views/common/chart_palette.h"

namespace hetsched::ui {

namespace {

// The q-quantile of sorted values, interpolated linearly between order statistics (R type 7).
double quantile(const std::vector<double>& sorted, double q) {
    const double position = q * double(sorted.size() - 1);
    const std::size_t below = static_cast<std::size_t>(std::floor(position));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    return sorted[below] + (position - double(below)) * (sorted[above] - sorted[below]);
}

QStringList lines(const QPlainTextEdit* edit) {
    QStringList result;
    for (const QString& line : edit->toPlainText().split(QLatin1Char('\n'))) {
        const QString trimmed = line.trimmed();
        if (!trimmed.isEmpty()) result << trimmed;
    }
    return result;
}

std::vector<std::string> paths(const QPlainTextEdit* edit) {
    std::vector<std::string> result;
    for (const QString& line : lines(edit)) result.push_back(line.toStdString());
    return result;
}

QString fileName(const std::string& path) {
    return path.empty() ? QString() : QFileInfo(QString::fromStdString(path)).fileName();
}

QString number(const std::optional<double>& value) {
    return value ? QString::number(*value, 'g', 6) : QString();
}

QTableWidget* newTable(QWidget* parent, const QString& name, const QStringList& headers) {
    auto* table = new QTableWidget(parent);
    table->setObjectName(name);
    table->setColumnCount(int(headers.size()));
    table->setHorizontalHeaderLabels(headers);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->setVisible(false);
    return table;
}

void setRow(QTableWidget* table, int row, const QStringList& cells) {
    for (int column = 0; column < cells.size(); ++column) {
        auto* item = new QTableWidgetItem(cells[column]);
        bool numeric = false;
        cells[column].toDouble(&numeric);
        if (numeric) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        table->setItem(row, column, item);
    }
}

// Ticks of a logarithmic ratio axis from 1: the round values (1, 1.2, 1.5, 2, 3, 5, 10, 20, 50, ...) in
// range, each kept only when its label clears the one below at the axis' current length and label font, so
// that a one-column figure and the dialog alike read without overlaps.
class RatioTicker : public QCPAxisTicker {
public:
    explicit RatioTicker(QCPAxis* axis) : m_axis(axis) {}
    // The axis length the ticks were chosen for: QCustomPlot makes ticks before it lays out, so after a
    // resize they are one layout late (showPlot's afterLayout hook then replots once more).
    double usedLength() const { return m_usedLength; }

protected:
    int getSubTickCount(double) override { return 0; }
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return QString::number(tick, 'g', 4); }
    QVector<double> createTickVector(double, const QCPRange& range) override {
        static constexpr double kRound[] = {1, 1.2, 1.5, 2, 3, 5};
        const double low = std::max(range.lower, 1e-9), high = std::max(range.upper, low * 1.0001);
        // A new axis rect has not been laid out yet: most of the plot's height until it is.
        const int height = m_axis->axisRect()->height();
        const double length = height > 10 ? height : std::max(50.0, 0.6 * m_axis->parentPlot()->viewport().height());
        m_usedLength = height;
        const double gap = QFontMetricsF(m_axis->tickLabelFont()).height() * 1.15;
        const auto position = [&](double v) { return length * std::log(v / low) / std::log(high / low); };
        QVector<double> ticks;
        for (double decade = 1; decade <= high; decade *= 10)
            for (double r : kRound) {
                const double v = r * decade;
                if (v < low || v > high || (decade > 1 && r == 1.2)) continue;
                if (!ticks.isEmpty() && position(v) - position(ticks.back()) < gap) continue;
                ticks.push_back(v);
            }
        return ticks;
    }

private:
    QCPAxis* m_axis;
    double m_usedLength = -1;
};

}  // namespace

BoxStatistics boxStatistics(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    BoxStatistics box;
    box.lowerQuartile = quantile(values, 0.25);
    box.median = quantile(values, 0.5);
    box.upperQuartile = quantile(values, 0.75);
    const double reach = 1.5 * (box.upperQuartile - box.lowerQuartile);
    box.lowerWhisker = box.lowerQuartile;
    box.upperWhisker = box.upperQuartile;
    for (double v : values) {
        if (v < box.lowerQuartile - reach || v > box.upperQuartile + reach) {
            box.outliers.push_back(v);
            continue;
        }
        box.lowerWhisker = std::min(box.lowerWhisker, v);
        box.upperWhisker = std::max(box.upperWhisker, v);
    }
    return box;
}

BenchmarkDialog::BenchmarkDialog(QWidget* parent) : ExperimentDialog(QStringLiteral("benchmark"), parent) {
    setObjectName(QStringLiteral("benchmarkDialog"));
    setWindowTitle(tr("Benchmark"));
    const ExperimentOptions& table = benchmarkOptions();

    auto pathList = [this](const QString& name, const QString& placeholder) {
        auto* edit = new QPlainTextEdit(this);
        edit->setObjectName(name);
        edit->setPlaceholderText(placeholder);
        edit->setLineWrapMode(QPlainTextEdit::NoWrap);
        edit->setTabChangesFocus(true);   // Tab goes on through the form; Return starts a new line
        edit->setFixedHeight(fontMetrics().lineSpacing() * 4 + 12);
        return edit;
    };
    m_instances = pathList(QStringLiteral("instances"),
                           tr("One per line: a folder (searched recursively), a file or a pattern such as "
                              "corpus/wfcommons/*/*.json. HetSched instances of any family and task graphs of any "
                              "format hetsched imports."));
    m_platforms = pathList(QStringLiteral("platforms"),
                           tr("One per line: SimGrid XML or JSON platform files, folders or patterns. Every task "
                              "graph runs on each; HetSched instances on their own platform."));
    auto pathRow = [this](QPlainTextEdit* edit, const QString& what, const QString& filter) {
        auto* buttons = new QVBoxLayout;
        auto* folder = new QPushButton(tr("Add Folder…"), this);
        folder->setObjectName(edit->objectName() + QStringLiteral("AddFolder"));
        connect(folder, &QPushButton::clicked, this, [this, edit, what] { addFolder(edit, tr("Folder of %1").arg(what)); });
        auto* files = new QPushButton(tr("Add Files…"), this);
        files->setObjectName(edit->objectName() + QStringLiteral("AddFiles"));
        connect(files, &QPushButton::clicked, this,
                [this, edit, what, filter] { addFiles(edit, tr("Files of %1").arg(what), filter); });
        buttons->addWidget(folder);
        buttons->addWidget(files);
        buttons->addStretch(1);
        m_pathButtons.push_back(folder);
        m_pathButtons.push_back(files);
        auto* row = new QHBoxLayout;
        row->addWidget(edit, 1);
        row->addLayout(buttons);
        return row;
    };

    // The solvers of every family, by name (a name shared by families runs in each); none ticked: every
    // solver of each instance's family.
    auto* solverBox = new QWidget(this);
    auto* solverFlow = new FlowLayout(solverBox);
    std::map<std::string, QStringList> kindsOf;
    std::vector<std::string> names;
    for (const SolverSpec& spec : solverSpecs()) {
        if (!kindsOf.count(spec.name)) names.push_back(spec.name);
        kindsOf[spec.name] << QString::fromStdString(spec.kind + ": " + spec.description);
    }
    for (const std::string& name : names) {
        auto* box = new QCheckBox(QString::fromStdString(name), solverBox);
        box->setObjectName(QStringLiteral("solver-") + QString::fromStdString(name));
        box->setToolTip(kindsOf[name].join(QLatin1Char('\n')));
        solverFlow->addWidget(box);
        m_solvers.push_back(box);
    }
    auto* solverScroll = new QScrollArea(this);
    solverScroll->setObjectName(QStringLiteral("solvers"));
    solverScroll->setWidget(solverBox);
    solverScroll->setWidgetResizable(true);
    solverScroll->setFrameShape(QFrame::NoFrame);
    solverScroll->setFixedHeight(fontMetrics().lineSpacing() * 4 + 16);
    auto* solverHint = new QLabel(tr("None ticked: every solver of each instance's family. Hover a name for its "
                                     "family and method."), this);
    solverHint->setEnabled(false);
    auto* solverColumn = new QVBoxLayout;
    solverColumn->addWidget(solverScroll);
    solverColumn->addWidget(solverHint);

    m_simulate = new QCheckBox(tr("Also replay every schedule on SimGrid (simulated makespan)"), this);
    m_simulate->setObjectName(QStringLiteral("simulate"));
    m_format = OptionField(table.table, "format", tr("Task graph format"), this);
    m_referenceSpeed = OptionField(table.table, "reference-speed", tr("Reference speed"), this);
    m_alpha = OptionField(table.table, "alpha", tr("Alpha"), this);
    m_defaultFlops = OptionField(table.table, "default-flops", tr("Default flops"), this);
    m_defaultBytes = OptionField(table.table, "default-bytes", tr("Default bytes"), this);

    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("ratioPlot"));
    m_plot->setMinimumSize(560, 320);
    addExport(m_plot, tr("Export Plot…"), QStringLiteral("-ratios"), QSize(1200, 600));

    m_summary = newTable(this, QStringLiteral("summary"),
                         {tr("kind"), tr("solver"), tr("runs"), tr("answered"), tr("errors"), tr("mean ratio"),
                          tr("median ratio"), tr("worst ratio"), tr("wins"), tr("mean SLR"), tr("mean speedup"),
                          tr("mean seconds")});
    m_runs = newTable(this, QStringLiteral("runs"),
                      {tr("instance"), tr("platform"), tr("solver"), tr("status"), tr("objective"), tr("ratio"),
                       tr("SLR"), tr("speedup"), tr("seconds"), tr("simulated makespan"), tr("message")});
    m_runs->horizontalHeader()->setStretchLastSection(true);   // the message
    m_results = new QTabWidget(this);
    m_results->setObjectName(QStringLiteral("results"));
    m_results->addTab(m_plot, tr("Ratios"));
    m_results->addTab(m_summary, tr("Summary"));
    m_results->addTab(m_runs, tr("Runs"));

    auto* form = new QFormLayout;
    form->addRow(tr("Instances"), pathRow(m_instances, tr("instances"),
                                          tr("Instances and task graphs (*.json *.dot *.gv *.xml *.dax *.stg *.txt);;"
                                             "All files (*)")));
    form->addRow(tr("Platforms"), pathRow(m_platforms, tr("platforms"), tr("Platforms (*.xml *.json);;All files (*)")));
    form->addRow(tr("Solvers"), solverColumn);
    auto* import = new QHBoxLayout;
    for (const OptionField* field : {&m_format, &m_referenceSpeed, &m_alpha, &m_defaultFlops, &m_defaultBytes}) {
        auto* label = new QLabel(field->label(), this);
        label->setBuddy(field->editor());
        import->addWidget(label);
        import->addWidget(field->editor(), 1);
    }
    form->addRow(tr("Import"), import);
    form->addRow(QString(), m_simulate);
    layOut(form, m_results);
    // Log-axis ticks made for a stale length (the plot was resized, or a panel is new) are made again.
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        for (QCPAxisRect* rect : m_plot->axisRects()) {
            const auto ticker = rect->axis(QCPAxis::atLeft)->ticker().dynamicCast<RatioTicker>();
            if (ticker && std::abs(ticker->usedLength() - rect->height()) > 1) {
                m_plot->replot(QCustomPlot::rpQueuedReplot);
                return;
            }
        }
    });
    setConfig(BenchmarkConfig{});
    resize(1100, 850);
    showPlot();
    updateState();
}

Expected<BenchmarkConfig> BenchmarkDialog::config() const {
    OptionValues values = benchmarkValues(BenchmarkConfig{});
    if (std::optional<Error> error =
            readOptionFields(values, {&m_format, &m_referenceSpeed, &m_alpha, &m_defaultFlops, &m_defaultBytes}))
        return *error;
    BenchmarkConfig config = benchmarkConfig(values);
    config.instances = paths(m_instances);
    config.platforms = paths(m_platforms);
    if (config.instances.empty())
        return invalidInput(tr("Instances: give a folder, a file or a pattern").toStdString());
    for (const QCheckBox* box : m_solvers)
        if (box->isChecked()) config.solvers.push_back(box->text().toStdString());
    config.simulate = m_simulate->isChecked();
    config.summary = false;
    return config;
}

void BenchmarkDialog::setConfig(const BenchmarkConfig& config) {
    showOptionFields(benchmarkValues(config), {&m_format, &m_referenceSpeed, &m_alpha, &m_defaultFlops, &m_defaultBytes});
    QStringList instances, platforms;
    for (const std::string& path : config.instances) instances << QString::fromStdString(path);
    for (const std::string& path : config.platforms) platforms << QString::fromStdString(path);
    m_instances->setPlainText(instances.join(QLatin1Char('\n')));
    m_platforms->setPlainText(platforms.join(QLatin1Char('\n')));
    for (QCheckBox* box : m_solvers)
        box->setChecked(std::find(config.solvers.begin(), config.solvers.end(), box->text().toStdString()) !=
                        config.solvers.end());
    m_simulate->setChecked(config.simulate);
}

void BenchmarkDialog::addFolder(QPlainTextEdit* list, const QString& caption) {
    const QString folder = QFileDialog::getExistingDirectory(this, caption, m_lastDirectory);
    if (folder.isEmpty()) return;
    m_lastDirectory = folder;
    list->appendPlainText(folder);
}

void BenchmarkDialog::addFiles(QPlainTextEdit* list, const QString& caption, const QString& filter) {
    const QStringList files = QFileDialog::getOpenFileNames(this, caption, m_lastDirectory, filter);
    if (files.isEmpty()) return;
    m_lastDirectory = QFileInfo(files.front()).absolutePath();
    for (const QString& file : files) list->appendPlainText(file);
}

Expected<BackgroundJob::Work> BenchmarkDialog::makeWork() {
    const Expected<BenchmarkConfig> given = config();
    if (!given) return given.error();
    // The cases are listed before the run starts: a folder or pattern that names nothing is said at once.
    if (Expected<std::vector<BenchmarkCase>> cases = benchmarkCases(*given); !cases) return cases.error();
    const BenchmarkConfig cfg = *given;
    return BackgroundJob::Work([this, cfg](const Progress& progress) -> BackgroundJob::Delivery {
        auto result = std::make_shared<Expected<BenchmarkTable>>(runBenchmark(cfg, progress));
        return [this, result] {
            if (!*result) {
                fail(result->error());
                return;
            }
            m_table = std::move(**result);
            showTable();
            std::set<std::size_t> cases;
            int errors = 0;
            for (const BenchmarkRun& run : m_table->runs) {
                cases.insert(run.unit);
                if (run.status == "error") ++errors;
            }
            QString status = tr("%n run(s)", nullptr, int(m_table->runs.size())) + tr(" on %n case(s)", nullptr, int(cases.size()));
            if (errors > 0) status += tr(", %n error(s) (see Runs)", nullptr, errors);
            finish(status);
        };
    });
}

void BenchmarkDialog::setFormEnabled(bool enabled) {
    m_instances->setEnabled(enabled);
    m_platforms->setEnabled(enabled);
    for (QWidget* button : m_pathButtons) button->setEnabled(enabled);
    for (QCheckBox* box : m_solvers) box->setEnabled(enabled);
    m_simulate->setEnabled(enabled);
    for (const OptionField* field : {&m_format, &m_referenceSpeed, &m_alpha, &m_defaultFlops, &m_defaultBytes})
        field->editor()->setEnabled(enabled);
}

void BenchmarkDialog::showTable() {
    m_summary->setRowCount(0);
    m_runs->setRowCount(0);
    if (m_table) {
        m_summary->setRowCount(int(m_table->summary.size()));
        for (std::size_t k = 0; k < m_table->summary.size(); ++k) {
            const BenchmarkSummary& s = m_table->summary[k];
            const bool any = s.answered > 0;
            setRow(m_summary, int(k),
                   {QString::fromStdString(s.kind), QString::fromStdString(s.solver), QString::number(s.runs),
                    QString::number(s.answered), QString::number(s.errors),
                    any ? QString::number(s.meanRatio, 'f', 4) : QString(),
                    any ? QString::number(s.medianRatio, 'f', 4) : QString(),
                    any ? QString::number(s.worstRatio, 'f', 4) : QString(), QString::number(s.wins),
                    number(s.meanSlr), number(s.meanSpeedup), QString::number(s.meanSeconds, 'g', 3)});
        }
        m_runs->setRowCount(int(m_table->runs.size()));
        for (std::size_t k = 0; k < m_table->runs.size(); ++k) {
            const BenchmarkRun& r = m_table->runs[k];
            setRow(m_runs, int(k),
                   {fileName(r.instance), fileName(r.platform), QString::fromStdString(r.solver),
                    QString::fromStdString(r.status), number(r.objective), number(r.ratio), number(r.slr),
                    number(r.speedup), QString::number(r.seconds, 'g', 3), number(r.simulatedMakespan),
                    QString::fromStdString(r.message)});
        }
        m_summary->resizeColumnsToContents();
        m_runs->resizeColumnsToContents();
    }
    showPlot();
    updateState();
}

// The figure's title over one panel per platform (HetSched instances, on their own platforms, share one), a
// box per solver of the ratios to the best of each case in each, the same ratio scale in every panel.
void BenchmarkDialog::showPlot() {
    m_plot->clearPlottables();
    QCPLayoutGrid* layout = m_plot->plotLayout();
    layout->clear();
    layout->simplify();
    m_panelTitles.clear();
    QFont titleFont = m_plot->font();
    titleFont.setBold(true);
    if (!m_table) {
        layout->addElement(0, 0, new QCPTextElement(m_plot, tr("Run the benchmark: the ratios to the best answer of "
                                                               "each case, per solver, show here"), m_plot->font()));
        m_plot->replot();
        return;
    }
    std::vector<std::string> platforms;
    std::vector<std::string> solvers;
    std::set<std::size_t> cases;
    for (const BenchmarkRun& run : m_table->runs) {
        if (std::find(platforms.begin(), platforms.end(), run.platform) == platforms.end()) platforms.push_back(run.platform);
        if (std::find(solvers.begin(), solvers.end(), run.solver) == solvers.end()) solvers.push_back(run.solver);
        cases.insert(run.unit);
    }
    double high = 1;
    std::map<std::pair<std::string, std::string>, std::vector<double>> ratios;
    for (const BenchmarkRun& run : m_table->runs)
        if (run.ratio) {
            ratios[{run.platform, run.solver}].push_back(*run.ratio);
            high = std::max(high, *run.ratio);
        }
    // The title (what export's --title replaces) over the grid of panels.
    const QString caseCount = cases.size() == 1 ? tr("1 case") : tr("%1 cases").arg(cases.size());
    layout->addElement(0, 0, new QCPTextElement(m_plot, tr("Ratio to the best of each case (%1)").arg(caseCount),
                                                titleFont));
    auto* panels = new QCPLayoutGrid;
    layout->addElement(1, 0, panels);
    layout->setRowStretchFactor(0, 0.001);
    if (!m_margins) m_margins = new QCPMarginGroup(m_plot);
    const int columns = std::min<int>(int(platforms.size()), 3);
    const bool logarithmic = high > 4;
    for (std::size_t p = 0; p < platforms.size(); ++p) {
        const QString title = platforms[p].empty() ? tr("own platform") : fileName(platforms[p]);
        m_panelTitles << title;
        const int row = 2 * int(p / std::size_t(columns));
        const int column = int(p % std::size_t(columns));
        panels->addElement(row, column, new QCPTextElement(m_plot, title, m_plot->font()));
        auto* rect = new QCPAxisRect(m_plot);
        panels->addElement(row + 1, column, rect);
        rect->setMarginGroup(QCP::msLeft | QCP::msRight, m_margins);
        QCPAxis* x = rect->axis(QCPAxis::atBottom);
        QCPAxis* y = rect->axis(QCPAxis::atLeft);
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        for (std::size_t s = 0; s < solvers.size(); ++s) ticker->addTick(double(s), QString::fromStdString(solvers[s]));
        x->setTicker(ticker);
        x->setTickLabelRotation(solvers.size() > 4 ? -35 : 0);
        x->setRange(-0.6, double(solvers.size()) - 0.4);
        x->grid()->setVisible(false);
        if (logarithmic) {
            // Ratios far apart (a baseline 50 times the best): a log scale keeps the boxes near 1 apart.
            y->setScaleType(QCPAxis::stLogarithmic);
            y->setTicker(QSharedPointer<RatioTicker>::create(y));
            y->setRange(0.97, high * 1.2);
        } else {
            y->setRange(1 - (high - 1) * 0.04 - 0.005, high + (high - 1) * 0.06 + 0.01);
        }
        if (column == 0) y->setLabel(logarithmic ? tr("ratio to the best (log scale)") : tr("ratio to the best"));
        for (std::size_t s = 0; s < solvers.size(); ++s) {
            const auto found = ratios.find({platforms[p], solvers[s]});
            if (found == ratios.end()) continue;
            const BoxStatistics box = boxStatistics(found->second);
            auto* plottable = new QCPStatisticalBox(x, y);
            plottable->setName(QString::fromStdString(solvers[s]));
            const QColor color = categoricalColor(int(s));
            QColor fill = color;
            fill.setAlpha(90);
            plottable->setBrush(fill);
            plottable->setPen(QPen(color.darker(130), 1.2));
            plottable->setMedianPen(QPen(color.darker(180), 2.2));
            plottable->setWidth(0.55);
            plottable->setOutlierStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, color.darker(130), 5));
            plottable->addData(double(s), box.lowerWhisker, box.lowerQuartile, box.median, box.upperQuartile,
                               box.upperWhisker, QVector<double>(box.outliers.begin(), box.outliers.end()));
        }
    }
    for (int row = 0; row < panels->rowCount(); ++row) panels->setRowStretchFactor(row, row % 2 == 0 ? 0.001 : 1);
    m_plot->replot();
}

Expected<bool> BenchmarkDialog::saveCsv(const QString& path) const {
    if (!m_table) return invalidInput(tr("no benchmark to save: run it first").toStdString());
    return writeTextFileAtomically(path.toStdString(), benchmarkRunsCsv(*m_table));
}

Expected<SlurmSweepOptions> BenchmarkDialog::clusterSweep() const {
    const Expected<BenchmarkConfig> given = config();
    if (!given) return given.error();
    Expected<std::size_t> units = benchmarkUnitCount(*given);
    if (!units) return units.error();
    SlurmSweepOptions sweep;
    sweep.experiment = kBenchmarkExperiment;
    sweep.flags = benchmarkFlags(*given);
    sweep.units = *units;
    return sweep;
}

}  // namespace hetsched::ui
