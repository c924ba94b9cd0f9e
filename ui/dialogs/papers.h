// The five papers whose algorithms HetSched implements (their texts are in the project's shared/papers):
// what About lists and what Help > Cite copies as BibTeX.
#pragma once

#include <QList>
#include <QString>

namespace hetsched::ui {

struct Paper {
    QString key;          // the BibTeX key ("Pilla2022")
    QString authors;      // as a reader cites them: "Laércio Lima Pilla"
    QString title;
    QString publishedIn;  // "Inria research report RR-9487"
    int year = 0;
    QString family;       // what HetSched takes from it: "the partition solvers"
    QString bibtex;       // the whole entry
};

// In the order of the families in the GUI (partition, divisible, CPU/GPU, steady state, task graphs).
const QList<Paper>& implementedPapers();
// Every paper's BibTeX entry, separated by blank lines.
QString papersBibtex();

}  // namespace hetsched::ui
