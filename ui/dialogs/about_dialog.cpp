#include "dialogs/about_dialog.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "dialogs/papers.h"

namespace hetsched::ui {

void copyPapersBibtex() {
    QApplication::clipboard()->setText(papersBibtex());
}

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("About HetSched"));
    auto* icon = new QLabel(this);
    icon->setPixmap(QIcon(QStringLiteral(":/icons/hetsched.svg")).pixmap(64, 64));
    auto* heading = new QLabel(tr("<h2>HetSched %1</h2>"
                                  "<p>Scheduling on heterogeneous platforms: describe a platform and a workload, run "
                                  "the algorithms of the literature on it, compare them side by side, and look at and "
                                  "export the schedules they produce.</p>")
                                   .arg(QStringLiteral(HETSCHED_VERSION)),
                               this);
    heading->setWordWrap(true);
    auto* top = new QHBoxLayout;
    top->addWidget(icon, 0, Qt::AlignTop);
    top->addWidget(heading, 1);

    QString papers;
    for (const Paper& paper : implementedPapers())
        papers += tr("<li>%1. <i>%2</i>. %3, %4. <span style=\"color:#555\">(the %5 solvers)</span></li>")
                      .arg(paper.authors.toHtmlEscaped(), paper.title.toHtmlEscaped(),
                           paper.publishedIn.toHtmlEscaped())
                      .arg(paper.year)
                      .arg(paper.family.toHtmlEscaped());
    auto* text = new QTextBrowser(this);
    text->setObjectName(QStringLiteral("aboutPapers"));
    text->setOpenExternalLinks(true);
    text->setHtml(tr("<p>HetSched implements the algorithms of five papers; please cite those you use "
                     "(<b>Copy BibTeX</b>, or Help › Cite the Papers):</p><ol>%1</ol>"
                     "<p>Built with Qt %2; charts by QCustomPlot; linear programs by GLPK; task graph layouts by "
                     "Graphviz; simulations by SimGrid.</p>")
                      .arg(papers, QString::fromLatin1(qVersion())));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* copy = buttons->addButton(tr("Copy BibTeX"), QDialogButtonBox::ActionRole);
    copy->setObjectName(QStringLiteral("copyBibtexButton"));
    connect(copy, &QPushButton::clicked, this, [copy] {
        copyPapersBibtex();
        copy->setText(tr("BibTeX Copied"));
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(text, 1);
    layout->addWidget(buttons);
    resize(700, 520);
}

}  // namespace hetsched::ui
