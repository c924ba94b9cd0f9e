// File > Open and File > Import Instance on the data of a family's users (StarPU models and records, a
// moldableILP instance, measured costs, a SimGrid platform as a star, StarPU's bus): the format the table found,
// the options of that family's import as a form of its option table (the flags of `hetsched import --kind
// FAMILY`, same ranges and defaults), and the instance read on OK. A refused file leaves the dialog open with
// the reader's message (file, line, field).
#pragma once

#include <QDialog>
#include <optional>

#include "io/formats.h"

class QLabel;
class QDialogButtonBox;

namespace hetsched::ui {

class OptionForm;

class FamilyImportDialog : public QDialog {
    Q_OBJECT
public:
    FamilyImportDialog(const QString& path, const FileFormat& format, QWidget* parent = nullptr);

    const QString& path() const { return m_path; }
    const FileFormat& format() const { return m_format; }
    // The import's options (editors "option_<name>").
    OptionForm* form() const { return m_form; }
    // Reads the file with the form's values (what OK does); false with error() set.
    bool read();
    const QString& error() const { return m_error; }
    const std::optional<FamilyImport>& imported() const { return m_imported; }

    void accept() override;

private:
    QString m_path;
    const FileFormat& m_format;
    OptionForm* m_form;
    QLabel* m_message;
    QDialogButtonBox* m_buttons;
    QString m_error;
    std::optional<FamilyImport> m_imported;
};

}  // namespace hetsched::ui
