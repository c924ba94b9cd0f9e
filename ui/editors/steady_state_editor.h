// The editor of a steady-state instance: the platform graph drawn on the canvas (processors, routers,
// one-way and two-way links), a form for the communication model and the application, and the
// selected run's link loads or one of its communication patterns drawn on the platform.
#pragma once

#include <memory>

#include "editors/instance_editor.h"
#include "solvers/registry.h"

class QComboBox;
class QLabel;
class QLineEdit;

namespace hetsched::ui {

class CanvasWidget;
class MessageBar;
struct CanvasGraph;

class SteadyStateEditor : public InstanceEditor {
    Q_OBJECT
public:
    explicit SteadyStateEditor(ProjectDocument* document, QWidget* parent = nullptr);

    void setEntry(EntryId id) override;
    EntryId entryId() const override;
    void showRun(const RunRecord* run) override;

    CanvasWidget* canvas() const { return m_canvas; }
    QComboBox* modelCombo() const { return m_model; }
    QComboBox* applicationCombo() const { return m_type; }
    QComboBox* sourceCombo() const { return m_source; }
    QLineEdit* dataEdit() const { return m_data; }
    QComboBox* resultCombo() const { return m_resultView; }

private:
    void refreshForm();
    void commitModel();
    void commitApplicationType();
    void commitSource();
    void commitNumber(QLineEdit* edit);
    void decorate(CanvasGraph& graph) const;
    // The field's meaning and the units it takes, as its tooltip (put back once a refused text is mended).
    void setFieldToolTip(QLineEdit* edit, const QString& meaning);
    void validateAsTyped(QLineEdit* edit);

    ProjectDocument* m_document;
    CanvasWidget* m_canvas;
    QComboBox* m_model;
    QComboBox* m_type;
    QComboBox* m_source;
    QLabel* m_dataLabel;
    QLineEdit* m_data;
    QLabel* m_resultLabel;
    QLineEdit* m_result;
    QLabel* m_workLabel;
    QLineEdit* m_work;
    QComboBox* m_resultView;
    MessageBar* m_message;
    // The shown run's result (null: none); its typed steady solution is what is drawn.
    std::shared_ptr<const SolveResult> m_run;
    std::size_t m_runDigest = 0;
    QString m_runProblem;          // the message shown about the selected run (empty: none)
};

}  // namespace hetsched::ui
