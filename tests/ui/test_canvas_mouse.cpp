// The canvas glitches of issue 25 (item 7), walked with clicks on the real widgets of a shown main window:
// clusters added one after another each get a place of their own in sight, the clusters' text stays readable after
// Auto layout, and the main toolbar's buttons stay where they are while the Undo text changes.
#include <QAbstractButton>
#include <QPushButton>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolBar>
#include <QtTest>

#include "canvas/canvas_items.h"
#include "canvas/canvas_widget.h"
#include "canvas/graph_scene.h"
#include "canvas/graph_view.h"
#include "editors/dag_editor.h"
#include "ui_test_util.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

// The clusters' boxes on the platform canvas, in scene coordinates (the backbone left out).
std::vector<std::pair<QString, QRectF>> clusterBoxes(const CanvasWidget& canvas) {
    std::vector<std::pair<QString, QRectF>> boxes;
    for (const NodeItem* node : canvas.scene()->nodeItems())
        if (node->node().shape == CanvasNodeShape::Cluster)
            boxes.emplace_back(node->node().title, node->shapeRect().translated(node->pos()));
    return boxes;
}

QAbstractButton* buttonNamed(QWidget& parent, const QString& text) {
    for (QAbstractButton* button : parent.findChildren<QAbstractButton*>())
        if (button->text() == text && button->isVisible()) return button;
    return nullptr;
}

void click(QWidget* widget) {
    QVERIFY(widget);
    QTest::mouseClick(widget, Qt::LeftButton, {}, widget->rect().center());
    test::settle();
}

// The button of the canvas's toolbar that shows `text`.
QWidget* canvasButton(CanvasWidget& canvas, const QString& text) {
    for (QAction* action : canvas.toolBar()->actions())
        if (action->text() == text) return canvas.toolBar()->widgetForAction(action);
    return nullptr;
}

}  // namespace

class CanvasMouseTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_settings;
    std::unique_ptr<MainWindow> m_window;
    DagEditor* m_editor = nullptr;

private slots:
    void initTestCase() { test::isolateSettings(m_settings, QStringLiteral("canvas_mouse_tests")); }

    // The built-in task graph example in a shown window, its Platform tab clicked.
    void init() {
        m_window = test::shownWindow();
        QVERIFY(m_window->loadFile(test::examplePath(QStringLiteral("dag-two-clusters.json"))).ok());
        test::settle();
        m_editor = qobject_cast<DagEditor*>(m_window->editor());
        QVERIFY(m_editor);
        QTabBar* tabs = m_editor->views()->tabBar();
        QTest::mouseClick(tabs, Qt::LeftButton, {}, tabs->tabRect(1).center());
        test::settle();
        QCOMPARE(m_editor->views()->currentIndex(), 1);
        QVERIFY(m_editor->platformCanvas()->isVisible());
    }

    void cleanup() {
        m_window.reset();
        m_editor = nullptr;
    }

    void addedClustersEachGetAPlaceOfTheirOwn() {
        QAbstractButton* add = buttonNamed(*m_editor, QStringLiteral("Add cluster"));
        for (int i = 0; i < 4; ++i) click(add);
        const auto boxes = clusterBoxes(*m_editor->platformCanvas());
        QCOMPARE(boxes.size(), std::size_t(6));
        for (std::size_t a = 0; a < boxes.size(); ++a)
            for (std::size_t b = a + 1; b < boxes.size(); ++b)
                QVERIFY2(!boxes[a].second.intersects(boxes[b].second),
                         qPrintable(boxes[a].first + QStringLiteral(" covers ") + boxes[b].first));
        // And each is in sight: the canvas shows what was added.
        const GraphView& view = *m_editor->platformCanvas()->view();
        const QRectF shown = view.mapToScene(view.viewport()->rect()).boundingRect();
        for (const auto& [name, box] : boxes) QVERIFY2(shown.contains(box), qPrintable(name + QStringLiteral(" is out of sight")));
    }

    void clusterTextStaysReadableAfterAutoLayout() {
        // The journey of the issue: clusters added, then Auto layout, at the window's first size.
        QAbstractButton* add = buttonNamed(*m_editor, QStringLiteral("Add cluster"));
        click(add);
        click(add);
        CanvasWidget& canvas = *m_editor->platformCanvas();
        click(canvasButton(canvas, QStringLiteral("Auto layout")));
        const double lod = canvas.view()->transform().m11();
        int clusters = 0;
        for (const NodeItem* node : canvas.scene()->nodeItems()) {
            if (node->node().shape != CanvasNodeShape::Cluster) continue;
            ++clusters;
            const NodeItem::InsideLabels labels = node->insideLabels(lod);
            // Both lines drawn, neither below 8 pixels (the canvas's labels are 11).
            QVERIFY2(labels.value > 0, qPrintable(node->node().title + QStringLiteral(": its value line is gone")));
            QVERIFY2(kLabelPixels * lod * labels.value >= 8.0,
                     qPrintable(QStringLiteral("%1: %2 px").arg(node->node().title).arg(kLabelPixels * lod * labels.value)));
        }
        QCOMPARE(clusters, 4);
    }

    void toolBarButtonsStayWhileTheUndoTextChanges() {
        auto* toolBar = m_window->findChild<QToolBar*>(QStringLiteral("mainToolBar"));
        QVERIFY(toolBar);
        auto* undo = m_window->findChild<QAction*>(QStringLiteral("toolBarUndo"));
        QVERIFY(undo);
        QVERIFY(!undo->isEnabled());
        const auto places = [toolBar] {
            QList<int> x;
            for (QAction* action : toolBar->actions())
                if (QWidget* w = toolBar->widgetForAction(action); w && w->isVisible()) x << w->geometry().right();
            return x;
        };
        const QList<int> before = places();
        QAbstractButton* add = buttonNamed(*m_editor, QStringLiteral("Add cluster"));
        click(add);
        QVERIFY(undo->isEnabled());
        QCOMPARE(undo->text(), QStringLiteral("Undo"));
        QVERIFY2(undo->toolTip().contains(QStringLiteral("Add cluster C2")), qPrintable(undo->toolTip()));
        QCOMPARE(places(), before);
        click(add);
        QVERIFY2(undo->toolTip().contains(QStringLiteral("Add cluster C3")), qPrintable(undo->toolTip()));
        QCOMPARE(places(), before);
        // The fixed button still undoes: a click takes C3 away.
        click(toolBar->widgetForAction(undo));
        QCOMPARE(clusterBoxes(*m_editor->platformCanvas()).size(), std::size_t(3));
        QCOMPARE(places(), before);
    }
};

QTEST_MAIN(CanvasMouseTest)
#include "test_canvas_mouse.moc"
