// File > New from Template: generated instances of every family from a few parameters (a divisible-load
// star, a CPU+GPU node, steady-state random graphs, grids or tori, trees and stars, the clusters of clusters
// with a random DAG, partition cost functions), checked as the user types; the generator runs on OK. Seeded:
// the same parameters give the same instance. Every field is an option of its generator's table
// (model/generator_options.h, model/dag_random.h), the one `hetsched generate KIND` reads.
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
class QFormLayout;
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
    // "dag-clusters", "partition-random".
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
    QWidget* buildPartitionPage();
    // The editor of an option of a generator's table (createOptionEditor: its range, default and help, named
    // "option_<name>"), with the dialog's help and the label its errors name; `kind` is the page's generator.
    QWidget* tableField(const char* kind, const OptionTable& table, const char* name, const QString& label,
                        const QString& help, const OptionDisplay& display = {});
    int tableInteger(const char* kind, const char* name) const;
    void showTopologyRows(const QString& topology);   // the steady-state rows of that topology only
    void revalidate();
    QString readConfigs(TemplateConfigs& out) const;
    QString defaultName() const;

    QListWidget* m_list;
    QStackedWidget* m_pages;
    QFormLayout* m_topologyForm = nullptr;
    QLabel* m_description;
    QLineEdit* m_name;
    QDoubleSpinBox* m_seed;   // the generators' seed: the range of the tables' (0 to 2^52)
    QLabel* m_message;
    QDialogButtonBox* m_buttons;
    // By generator kind ("divisible", "cpugpu", "steady_state", "partition", "dag"), then option name.
    std::map<std::string, std::map<std::string, OptionField>> m_tableFields;
    QString m_error;
    QString m_summary;
    bool m_nameEdited = false;
    std::optional<Instance> m_generated;
};

}  // namespace hetsched::ui
