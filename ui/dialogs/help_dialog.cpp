#include "dialogs/help_dialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "common/options.h"
#include "family/family.h"
#include "solvers/registry.h"
#include "views/gantt/gantt_plot_base.h"
#include "views/steady/steady_graph_view.h"

namespace hetsched::ui {

namespace {

QString html(const std::string& text) {
    return QString::fromStdString(text).toHtmlEscaped();
}

// "&Save As…" as the menu shows it: "Save As…".
QString actionName(const QAction* action) {
    QString text = action->text().section(QLatin1Char('\t'), 0, 0);   // without a key shown after a tab
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    text.replace(QStringLiteral("&&"), QStringLiteral("&"));
    if (text.isEmpty()) text = action->toolTip();
    return text;
}

QString shortcutText(const QAction* action) {
    QStringList keys;
    for (const QKeySequence& key : action->shortcuts()) keys << key.toString(QKeySequence::NativeText).toHtmlEscaped();
    // Edit's commands show their key without owning it (the focused widget handles it): app/edit_commands.h.
    if (keys.isEmpty() && !action->property("shortcutText").toString().isEmpty())
        keys << action->property("shortcutText").toString().toHtmlEscaped();
    return keys.join(QStringLiteral(", "));
}

void collectMenu(const QMenu* menu, const QString& path, QString& rows, QSet<const QAction*>& listed) {
    for (const QAction* action : menu->actions()) {
        if (action->isSeparator()) continue;
        const QString name = path + QStringLiteral(" › ") + actionName(action);
        if (const QMenu* sub = action->menu()) {
            collectMenu(sub, name, rows, listed);
            continue;
        }
        listed.insert(action);
        if (shortcutText(action).isEmpty()) continue;
        rows += QStringLiteral("<tr><td>%1</td><td><b>%2</b></td></tr>").arg(name.toHtmlEscaped(), shortcutText(action));
    }
}

}  // namespace

HelpDialog::HelpDialog(const QString& title, QWidget* parent) : QDialog(parent), m_browser(new QTextBrowser(this)) {
    setWindowTitle(title);
    m_browser->setObjectName(QStringLiteral("helpBrowser"));
    m_browser->setOpenExternalLinks(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_browser);
    layout->addWidget(buttons);
    resize(860, 720);
}

QString algorithmsHtml() {
    QString families, body;
    std::string kind;
    for (const SolverSpec& s : solverSpecs()) {
        if (s.kind != kind) {
            kind = s.kind;
            const FamilyDescriptor* family = findFamily(kind);
            QString name = family ? QString::fromStdString(family->displayName) : QString::fromStdString(kind);
            if (!name.isEmpty()) name[0] = name[0].toUpper();
            families += QStringLiteral("<li><a href=\"#%1\">%2</a> (<code>%1</code>)</li>").arg(html(kind), name.toHtmlEscaped());
            body += QStringLiteral("<h2><a name=\"%1\"></a>%2 (<code>%1</code>)</h2>").arg(html(kind), name.toHtmlEscaped());
        }
        body += QStringLiteral("<h3><a name=\"%1-%2\"></a><code>%2</code></h3><p>%3.</p>")
                    .arg(html(s.kind), html(s.name), html(s.description));
        body += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\">"
                               "<tr><td valign=\"top\"><b>Guarantee</b></td><td>%1</td></tr>"
                               "<tr><td valign=\"top\"><b>Complexity</b></td><td>%2</td></tr>"
                               "<tr><td valign=\"top\"><b>Source</b></td><td>%3</td></tr>")
                    .arg(html(s.guarantee), html(s.complexity), html(s.reference));
        if (!s.optimalWithin.empty())
            body += QStringLiteral("<tr><td valign=\"top\"><b>Optimal within</b></td><td>%1</td></tr>").arg(html(s.optimalWithin));
        if (s.answerIsBound)
            body += QStringLiteral("<tr><td valign=\"top\"><b>Answer</b></td><td>a lower bound on the optimum; "
                                   "its schedule is a by-product</td></tr>");
        if (!s.options.empty()) {
            QString options;
            for (const OptionSpec& o : s.options)
                options += QStringLiteral("<li><code>%1</code> (%2, default %3): %4</li>")
                               .arg(html(o.name), html(optionAcceptsText(o)), html(optionDefaultText(o)), html(o.description));
            body += QStringLiteral("<tr><td valign=\"top\"><b>Options</b></td><td><ul style=\"margin:0\">%1</ul></td></tr>").arg(options);
        }
        body += QStringLiteral("</table>");
    }
    return QStringLiteral("<h1>Algorithms</h1>"
                          "<p>Every solver of every family: what it does, what its answer is worth, what it costs "
                          "and the paper it comes from, with its options (the Solver panel sets them for a run; "
                          "<code>hetsched solve --option NAME=VALUE</code> on the command line). The same statements "
                          "are printed by <code>hetsched solvers --long</code> and listed in docs/algorithms.md. "
                          "In the sizes: n tasks or resources, T tasks to share, p workers, m CPUs and k GPUs, "
                          "N tasks and E edges of a task graph, C clusters of P processors, |V| nodes and |E| links "
                          "of a platform graph.</p><ul>") +
           families + QStringLiteral("</ul>") + body;
}

QString keyboardShortcutsHtml(const QMenuBar* menuBar, const QWidget* window) {
    QString rows;
    QSet<const QAction*> listed;
    if (menuBar)
        for (const QAction* action : menuBar->actions())
            if (const QMenu* menu = action->menu()) collectMenu(menu, actionName(action), rows, listed);
    QString others;
    if (window) {
        QSet<QString> seen;
        for (const QAction* action : window->findChildren<QAction*>()) {
            if (listed.contains(action) || action->shortcuts().isEmpty() || actionName(action).isEmpty()) continue;
            const QString row = QStringLiteral("<tr><td>%1</td><td><b>%2</b></td></tr>")
                                    .arg(actionName(action).toHtmlEscaped(), shortcutText(action));
            if (seen.contains(row)) continue;
            seen.insert(row);
            others += row;
        }
    }
    QString page = QStringLiteral("<h1>Keyboard Shortcuts</h1><h2>Menus</h2>"
                                  "<table cellspacing=\"0\" cellpadding=\"3\">%1</table>")
                       .arg(rows);
    if (!others.isEmpty())
        page += QStringLiteral("<h2>In the open editor and views</h2>"
                               "<table cellspacing=\"0\" cellpadding=\"3\">%1</table>")
                    .arg(others);
    page += QObject::tr("<h2>On the charts</h2><p>Over a Gantt chart: %1 (a plain wheel scrolls the pane holding the "
                        "chart, or its lanes when some are out of view); drag to pan; double-click to fit.</p>")
                .arg(GanttPlotBase::wheelHint(QObject::tr("lanes")).toHtmlEscaped());
    page += QObject::tr("<p>Over a steady-state result's platform graph: %1 (a plain wheel scrolls the pane, as over "
                        "the Gantts beside it).</p>")
                .arg(SteadyGraphView::wheelHint().toHtmlEscaped());
    page += QStringLiteral("<p>The canvas editors (steady-state platforms, task graphs, stars, CPU+GPU nodes) add "
                           "their own keys while one is open: open such an instance and this page lists them.</p>");
    return page;
}

HelpDialog* showHelpPage(QWidget* owner, const QString& objectName, const QString& title,
                         void (*fill)(HelpDialog&, QWidget& owner)) {
    auto* dialog = owner->findChild<HelpDialog*>(objectName, Qt::FindDirectChildrenOnly);
    if (!dialog) {
        dialog = new HelpDialog(title, owner);
        dialog->setObjectName(objectName);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    fill(*dialog, *owner);
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
    return dialog;
}

}  // namespace hetsched::ui
