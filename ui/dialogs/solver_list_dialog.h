// Help > Solvers: every solver of every family with its description and options, from the registry.
#pragma once

#include <QDialog>

namespace hetsched::ui {

class SolverListDialog : public QDialog {
    Q_OBJECT
public:
    explicit SolverListDialog(QWidget* parent = nullptr);
};

}  // namespace hetsched::ui
