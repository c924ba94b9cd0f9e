// Choosing a solver and its options, running it, following its progress and cancelling it.
#pragma once

#include <QElapsedTimer>
#include <QHash>
#include <QTimer>
#include <QWidget>
#include <string>
#include <utility>
#include <vector>

#include "solvers/registry.h"

class QComboBox;
class QGroupBox;
class QLabel;
class QProgressBar;
class QPushButton;

namespace hetsched::ui {

class ElidedLabel;

class MessageBar;
class OptionForm;

class SolverPanel : public QWidget {
    Q_OBJECT
public:
    explicit SolverPanel(QWidget* parent = nullptr);

    // Lists the solvers of the instance's kind and preselects its default: defaultSolverFor, the solver
    // `hetsched solve` runs when none is named. No instance disables the panel.
    void showInstance(const Instance* instance);
    // The shown instance was edited and its default may be another solver (a worker added past the
    // exhaustive search's reach): the mark moves, and so does the selection unless the user chose another.
    void updateDefault(const Instance& instance);
    QString defaultSolver() const { return m_defaultSolver; }
    QString currentSolver() const;
    void setCurrentSolver(const QString& name);
    QStringList solverNames() const;
    // The options the user set for a solver (its defaults until changed).
    SolverOptions optionsFor(const QString& solver) const;

    // Running state, driven by the SolveController's signals.
    void showStarted(const QString& solver, int queued);
    void showProgress(double fraction, const QString& stage);
    void showIdle();
    void showError(const QString& message);
    // A note under the buttons (what Run all did not run, and why), until the next run.
    void showNote(const QString& message);
    void clearMessage();

signals:
    void runRequested(const QString& solver, const hetsched::SolverOptions& options);
    void runAllRequested();
    void cancelRequested();

private:
    void rebuildOptionsForm();
    void markDefault();
    void rememberOptions();
    void updateElapsed();
    const SolverSpec* currentSpec() const;

    std::vector<SolverSpec> m_specs;
    QString m_defaultSolver;
    QHash<QString, SolverOptions> m_options;  // per solver, for this session
    QComboBox* m_solverCombo;
    QLabel* m_description;
    QGroupBox* m_optionsBox;
    QLabel* m_noOptions;
    OptionForm* m_optionForm;   // built from the solver's option table
    QPushButton* m_runButton;
    QPushButton* m_runAllButton;
    QPushButton* m_cancelButton;
    QProgressBar* m_progress;
    ElidedLabel* m_stage;   // one line, elided: a long stage never widens the panel
    MessageBar* m_message;
    QTimer m_elapsedTimer;
    QElapsedTimer m_elapsed;
    QString m_runningSolver;
    QString m_lastStage;
    bool m_busy = false;
};

}  // namespace hetsched::ui
