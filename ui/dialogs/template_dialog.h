// File > New from Template: generated instances of every family from a few parameters (a divisible-load
// star, a CPU+GPU node, steady-state random graphs, grids or tori, trees and stars, the clusters of clusters
// with a random DAG), checked as the user types; the generator runs on OK. Seeded: the same parameters
// give the same instance.
#pragma once

#include <QDialog>
#include <QMap>
#include <map>
#include <optional>
#include <string>

#include "common/options.h"
#include "model/instance.h"
#include "util/option_form.h"

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QSpinBox;
class QStackedWidget;

namespace hetsched::ui {

struct TemplateConfigs;

class TemplateDialog : public QDialog {
    Q_OBJECT
public:
    explicit TemplateDialog(QWidget* parent = nullptr);

    // "divisible-star", "cpugpu-node", "steady-random", "steady-grid", "steady-tree", "steady-star",
    // "dag-clusters".
    static QStringList templateIds();
    void selectTemplate(const QString& id);
    QString currentTemplate() const;
    QString templateTitle() const;

    // Live validation of the current parameters: empty when they are valid, else what is wrong.
    QString validationError() const { return m_error; }
    QString summary() const;
    // The name the instance gets in the project (follows the parameters until the user edits it).
    QString instanceName() const;

    // Runs the generator on the current parameters (what OK does); false with validationError() set.
    bool generate();
    const std::optional<Instance>& generated() const { return m_generated; }

    void accept() override;

private:
    QWidget* buildDivisiblePage();
    QWidget* buildCpuGpuPage();
    QWidget* buildSteadyPage();
    QWidget* buildDagPage();
    QLineEdit* numberField(const QString& name, const QString& text, const QString& tip);
    QWidget* rangeField(const QString& name, const QString& min, const QString& max, const QString& tip);
    QSpinBox* intField(const QString& name, int min, int max, int value, const QString& tip);
    // The editor of an option of a generator's table (createOptionEditor: its range, default and help,
    // named "option_<name>"), with the dialog's help and the label its errors name.
    QWidget* tableField(const OptionTable& table, const char* name, const QString& label, const QString& help);
    int tableInteger(const char* name) const;
    void watch(QObject* field);
    void revalidate();
    QString readConfigs(TemplateConfigs& out) const;
    QString defaultName() const;

    QListWidget* m_list;
    QStackedWidget* m_pages;
    QStackedWidget* m_topologyPages = nullptr;
    QLabel* m_description;
    QLineEdit* m_name;
    QDoubleSpinBox* m_seed;   // the generators' seed: the range of the tables' (0 to 2^52)
    QLabel* m_message;
    QDialogButtonBox* m_buttons;
    QMap<QString, QLineEdit*> m_numbers;
    QMap<QString, QSpinBox*> m_ints;
    QMap<QString, QCheckBox*> m_checks;
    QMap<QString, QComboBox*> m_combos;
    std::map<std::string, OptionField> m_tableFields;   // by option name (the random DAG page)
    QString m_error;
    QString m_summary;
    bool m_nameEdited = false;
    std::optional<Instance> m_generated;
};

}  // namespace hetsched::ui
