// Run on a Cluster: the SLURM job script of an experiment's sweep for the settings on screen (the same
// script `hetsched experiment NAME FLAGS --slurm-script FILE` writes, from core's generator), with the
// usual knobs (array tasks, time, memory, partition, account, where hetsched is on the cluster), a
// preview, and the file to save it to.
#pragma once

#include <QDialog>
#include <QString>

#include "common/expected.h"
#include "sweep/slurm_script.h"

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace hetsched::ui {

class MessageBar;

class ClusterScriptDialog : public QDialog {
    Q_OBJECT
public:
    // `sweep`: the experiment, its canonical flags and units (its knobs are the dialog's defaults).
    ClusterScriptDialog(const SlurmSweepOptions& sweep, const QString& defaultPath, QWidget* parent = nullptr);

    QString path() const;
    // The options the fields describe, or why they are not (a time that is not [D-]HH:MM:SS).
    Expected<SlurmSweepOptions> options() const;
    QString script() const;   // the preview's text

    // Writes the script (executable); stays open saying why when it cannot.
    void accept() override;

signals:
    void scriptSaved(const QString& path);

private:
    void updatePreview();

    SlurmSweepOptions m_sweep;
    QSpinBox* m_shards;
    QLineEdit* m_time;
    QLineEdit* m_memory;
    QLineEdit* m_partition;
    QLineEdit* m_account;
    QLineEdit* m_hetsched;
    QLineEdit* m_outDir;
    QLineEdit* m_pathEdit;
    QLabel* m_summary;
    QPlainTextEdit* m_preview;
    MessageBar* m_message;
};

}  // namespace hetsched::ui
