#include "panels/solver_panel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "util/elided_label.h"
#include "util/option_form.h"
#include "util/message_bar.h"
#include "util/number_text.h"

namespace hetsched::ui {

SolverPanel::SolverPanel(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("solverPanel"));
    m_solverCombo = new QComboBox(this);
    m_solverCombo->setObjectName(QStringLiteral("solverComboBox"));
    m_description = new QLabel(this);
    m_description->setObjectName(QStringLiteral("solverDescription"));
    m_description->setWordWrap(true);
    m_description->setStyleSheet(QStringLiteral("color:#555;"));

    m_optionsBox = new QGroupBox(tr("Options"), this);
    auto* optionsLayout = new QVBoxLayout(m_optionsBox);
    m_noOptions = new QLabel(tr("This solver has no options."), m_optionsBox);
    m_noOptions->setStyleSheet(QStringLiteral("color:#777;"));
    m_optionForm = new OptionForm(m_optionsBox);
    m_noOptions->hide();
    optionsLayout->addWidget(m_noOptions);
    optionsLayout->addWidget(m_optionForm);

    m_runButton = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("Run"), this);
    m_runButton->setObjectName(QStringLiteral("runButton"));
    m_runButton->setToolTip(tr("Run the selected solver on the current instance (Ctrl+R)"));
    m_runButton->setDefault(true);
    m_runAllButton = new QPushButton(tr("Run all"), this);
    m_runAllButton->setObjectName(QStringLiteral("runAllButton"));
    m_runAllButton->setToolTip(tr("Run every solver of this kind, one after the other, to compare them"));
    m_cancelButton = new QPushButton(style()->standardIcon(QStyle::SP_MediaStop), tr("Cancel"), this);
    m_cancelButton->setObjectName(QStringLiteral("cancelButton"));
    m_cancelButton->setEnabled(false);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_runButton);
    buttons->addWidget(m_runAllButton);
    buttons->addStretch(1);
    buttons->addWidget(m_cancelButton);

    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("solveProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setTextVisible(false);
    m_progress->setMaximumHeight(12);
    m_stage = new ElidedLabel(this);
    m_stage->setObjectName(QStringLiteral("solveStage"));
    m_stage->setText(tr("Idle"));
    m_stage->setStyleSheet(QStringLiteral("color:#555;"));
    m_message = new MessageBar(this);
    m_message->setObjectName(QStringLiteral("solverMessage"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    auto* solverRow = new QFormLayout;
    solverRow->addRow(tr("Solver"), m_solverCombo);
    layout->addLayout(solverRow);
    layout->addWidget(m_description);
    layout->addWidget(m_optionsBox);
    layout->addLayout(buttons);
    layout->addWidget(m_progress);
    layout->addWidget(m_stage);
    layout->addWidget(m_message);
    layout->addStretch(1);

    connect(m_solverCombo, &QComboBox::currentIndexChanged, this, &SolverPanel::rebuildOptionsForm);
    connect(m_runButton, &QPushButton::clicked, this, [this] {
        rememberOptions();
        if (!currentSolver().isEmpty()) emit runRequested(currentSolver(), optionsFor(currentSolver()));
    });
    connect(m_runAllButton, &QPushButton::clicked, this, [this] {
        rememberOptions();
        emit runAllRequested();
    });
    connect(m_cancelButton, &QPushButton::clicked, this, &SolverPanel::cancelRequested);
    m_elapsedTimer.setInterval(100);
    connect(&m_elapsedTimer, &QTimer::timeout, this, &SolverPanel::updateElapsed);
    showInstance(nullptr);
}

void SolverPanel::showInstance(const Instance* instance) {
    rememberOptions();
    const QString kind = instance ? QString::fromStdString(instanceKind(*instance)) : QString();
    m_defaultSolver = instance ? QString::fromStdString(defaultSolverFor(*instance)) : QString();
    const std::vector<SolverSpec> specs =
        kind.isEmpty() ? std::vector<SolverSpec>{} : solversForKind(kind.toStdString());
    const bool sameKind =
        specs.size() == m_specs.size() &&
        std::equal(specs.begin(), specs.end(), m_specs.begin(),
                   [](const SolverSpec& a, const SolverSpec& b) { return a.name == b.name; });
    if (!sameKind) {
        m_specs = specs;
        const QSignalBlocker block(m_solverCombo);
        m_solverCombo->clear();
        for (std::size_t i = 0; i < m_specs.size(); ++i) {
            m_solverCombo->addItem(QString::fromStdString(m_specs[i].name), QString::fromStdString(m_specs[i].name));
            m_solverCombo->setItemData(static_cast<int>(i), QString::fromStdString(m_specs[i].description),
                                       Qt::ToolTipRole);
        }
    }
    markDefault();
    // Each instance shown starts from its own default, never from the previous instance's choice: the
    // default of a 7-worker star (exhaustive) refuses a 12-worker one.
    setCurrentSolver(m_defaultSolver);
    if (!sameKind) rebuildOptionsForm();
    const bool enabled = !m_specs.empty();
    m_solverCombo->setEnabled(enabled);
    m_runButton->setEnabled(enabled && !m_busy);
    m_runAllButton->setEnabled(enabled && !m_busy);
    if (!enabled)
        m_description->setText(kind.isEmpty() ? tr("No instance selected.")
                                              : tr("No solver for %1 instances.").arg(kind));
}

void SolverPanel::updateDefault(const Instance& instance) {
    const QString next = QString::fromStdString(defaultSolverFor(instance));
    if (next == m_defaultSolver) return;
    const bool followDefault = currentSolver() == m_defaultSolver;
    m_defaultSolver = next;
    markDefault();
    if (followDefault) setCurrentSolver(m_defaultSolver);
}

void SolverPanel::markDefault() {
    for (int i = 0; i < m_solverCombo->count(); ++i) {
        const QString name = m_solverCombo->itemData(i).toString();
        m_solverCombo->setItemText(i, name == m_defaultSolver ? tr("%1 (default)").arg(name) : name);
    }
}

QString SolverPanel::currentSolver() const {
    return m_solverCombo->currentData().toString();
}

void SolverPanel::setCurrentSolver(const QString& name) {
    const int index = m_solverCombo->findData(name);
    if (index >= 0) m_solverCombo->setCurrentIndex(index);
}

QStringList SolverPanel::solverNames() const {
    QStringList names;
    for (const SolverSpec& spec : m_specs) names << QString::fromStdString(spec.name);
    return names;
}

SolverOptions SolverPanel::optionsFor(const QString& solver) const {
    const auto it = m_options.find(solver);
    if (it != m_options.end()) return *it;
    for (const SolverSpec& spec : m_specs)
        if (QString::fromStdString(spec.name) == solver) return solverOptionNumbers(OptionValues(spec.options));
    return {};
}

const SolverSpec* SolverPanel::currentSpec() const {
    const std::string name = currentSolver().toStdString();
    for (const SolverSpec& spec : m_specs)
        if (spec.name == name) return &spec;
    return nullptr;
}

void SolverPanel::rememberOptions() {
    if (m_optionForm->table().empty()) return;
    // The editors keep every value in its range: the form's values are always valid.
    if (Expected<OptionValues> values = m_optionForm->values())
        m_options[m_optionsBox->property("solver").toString()] = solverOptionNumbers(*values);
}

void SolverPanel::rebuildOptionsForm() {
    rememberOptions();
    const SolverSpec* spec = currentSpec();
    m_optionsBox->setProperty("solver", currentSolver());
    m_description->setText(spec ? QString::fromStdString(spec->description) : QString());
    m_solverCombo->setToolTip(m_description->text());
    const OptionTable table = spec ? spec->options : OptionTable{};
    m_noOptions->setVisible(spec && table.empty());
    m_optionForm->setVisible(!table.empty());
    if (!spec) {
        m_optionForm->setTable({});
        return;
    }
    // The remembered numbers were valid for this table when the form recorded them.
    const Expected<OptionValues> values = resolveSolverOptions(*spec, optionsFor(currentSolver()));
    m_optionForm->setTable(table, values ? *values : OptionValues(table));
}

void SolverPanel::showStarted(const QString& solver, int queued) {
    m_busy = true;
    m_runningSolver = solver;
    m_lastStage.clear();
    m_runButton->setEnabled(false);
    m_runAllButton->setEnabled(false);
    m_cancelButton->setEnabled(true);
    m_progress->setRange(0, 0);  // busy until the solver reports a fraction
    m_elapsed.start();
    m_elapsedTimer.start();
    m_stage->setProperty("queued", queued);
    updateElapsed();
}

void SolverPanel::showProgress(double fraction, const QString& stage) {
    if (!m_busy) return;
    if (m_progress->maximum() == 0) m_progress->setRange(0, 1000);
    m_progress->setValue(static_cast<int>(std::lround(std::clamp(fraction, 0.0, 1.0) * 1000)));
    if (!stage.isEmpty()) m_lastStage = stage;
    updateElapsed();
}

void SolverPanel::updateElapsed() {
    if (!m_busy) return;
    QString text =
        tr("Running %1… %2 s").arg(m_runningSolver, formatRounded(m_elapsed.elapsed() / 1000.0, 3));
    if (!m_lastStage.isEmpty()) text += QStringLiteral(" — ") + m_lastStage;
    const int queued = m_stage->property("queued").toInt();
    if (queued > 0) text += tr(" (%1 more queued)").arg(queued);
    m_stage->setText(text);
}

void SolverPanel::showIdle() {
    m_busy = false;
    m_elapsedTimer.stop();
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_stage->setText(tr("Idle"));
    m_cancelButton->setEnabled(false);
    m_runButton->setEnabled(!m_specs.empty());
    m_runAllButton->setEnabled(!m_specs.empty());
}

void SolverPanel::showError(const QString& message) {
    // Several solvers of one "Run all" may fail: their messages are listed together until the next run.
    const bool append = m_message->isVisibleTo(this) && m_message->level() == MessageBar::Level::Error;
    m_message->showMessage(append ? m_message->text() + QLatin1Char('\n') + message : message,
                           MessageBar::Level::Error);
}

void SolverPanel::showNote(const QString& message) {
    // After the errors of the same batch, if any.
    const bool append = m_message->isVisibleTo(this);
    m_message->showMessage(append ? m_message->text() + QLatin1Char('\n') + message : message,
                           append ? m_message->level() : MessageBar::Level::Information);
}

void SolverPanel::clearMessage() {
    m_message->hide();
}

}  // namespace hetsched::ui
