// The node and link items of the canvas: cheap to paint (cached geometry, no allocation per frame) and
// with labels that stay readable at every zoom (scaled up when zoomed out, dropped when they would merge).
#pragma once

#include <QGraphicsItem>
#include <QPainterPath>
#include <QStaticText>
#include <optional>
#include <vector>

#include "canvas/canvas_adapter.h"
#include "graphics/graph_drawing.h"

namespace hetsched::ui {

class LinkItem;
class LinkLayer;

// Screen space taken by link labels in the frame being painted: a label that would overlap one already
// drawn is left out, so that labels stay readable in dense drawings (and cost nothing there).
class LabelSpace {
public:
    void reset(QSize viewport);
    bool claim(const QRectF& deviceRect);  // false when taken (nothing is claimed then)

private:
    static constexpr int kCell = 6;   // pixels
    std::vector<unsigned char> m_cells;
    int m_columns = 0;
    int m_rows = 0;
};

class NodeItem : public QGraphicsItem {
public:
    enum { Type = UserType + 1 };
    NodeItem(int index, CanvasNode node);

    int type() const override { return Type; }
    int index() const { return m_index; }
    void setIndex(int index) { m_index = index; }
    const CanvasNode& node() const { return m_node; }
    // Draws another node here (an edit of its values): its links stay.
    void setNode(CanvasNode node);
    void addLink(LinkItem* link) { m_links.push_back(link); }
    void clearLinks() { m_links.clear(); }
    const std::vector<LinkItem*>& links() const { return m_links; }
    // The point where a line from the centre towards `towards` (scene coordinates) leaves the shape.
    QPointF boundaryPoint(QPointF towards) const;
    // The body's outline in scene coordinates (with the outer half of its pen): where links end.
    graphics::NodeShape outline() const;
    QRectF shapeRect() const { return m_shapeRect; }

    QRectF boundingRect() const override { return m_bounds; }
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    // Before a frame (GraphView): takes screen space for this node's label in `space` and remembers how
    // many lines fit. Without it (exports, other views) every label is drawn in full.
    void claimLabel(LabelSpace& space, const QTransform& toDevice, double lod);
    void resetLabel() { m_labelLines = -1; }

    // A task's or a cluster's text inside its box at a level of detail (screen pixels per scene unit), as
    // paint draws it: the scale of its title and of its value line (0: not drawn), each line then
    // kLabelPixels * lod * scale pixels high on screen.
    struct InsideLabels {
        double title = 0;
        double value = 0;
    };
    InsideLabels insideLabels(double lod) const;

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

private:
    void paintInsideLabels(QPainter* painter, double lod);  // tasks and clusters: the text fits the box
    int labelLinesAt(double lod) const;                      // 0, 1 (title) or 2 (title and value)
    QRectF labelRect(double lod, int lines) const;           // item coordinates

    int m_index;
    CanvasNode m_node;
    QRectF m_shapeRect;   // the body, centred on the item's origin
    QRectF m_bounds;      // body and labels at their largest
    std::vector<LinkItem*> m_links;
    QStaticText m_titleText;  // laid out once, drawn every frame
    QStaticText m_valueText;
    int m_labelLines = -1;    // decided by claimLabel for the frame being drawn; -1: all that the zoom allows
};

// One link: what the user selects, hovers and deletes (its shape is the hit area). It paints nothing
// itself (ItemHasNoContents): the scene's LinkLayer draws every link in one pass, so that thousands of
// links cost one traversal and a few batched strokes a frame instead of a painter set-up each.
class LinkItem : public QGraphicsItem {
public:
    enum { Type = UserType + 2 };
    LinkItem(int index, CanvasLink link, NodeItem* from, NodeItem* to, double sideOffset);

    int type() const override { return Type; }
    int index() const { return m_index; }
    const CanvasLink& link() const { return m_link; }
    // Whether this item draws `link` (its ends aside) at `sideOffset`: then a new graph keeps it.
    bool drawsAs(const CanvasLink& link, double sideOffset) const;
    // Its place in a new graph (the same end items).
    void setIndices(int index, int from, int to);
    NodeItem* fromNode() const { return m_from; }
    NodeItem* toNode() const { return m_to; }
    // isSelected(), kept here: the layer asks every link of a frame, and Qt's answer is a pointer away.
    bool selected() const { return m_selected; }
    void setLayer(LinkLayer* layer);
    // Recomputes the cached line, arrow heads, bounds and shape after an end moved.
    void updateGeometry();

    const QLineF& line() const { return m_line; }      // from outline to outline: the heads' tips
    const QLineF& stroke() const { return m_stroke; }  // what is stroked: the line stopping inside its heads
    const QPolygonF& headTo() const { return m_headTo; }      // empty when none
    const QPolygonF& headFrom() const { return m_headFrom; }
    const QStaticText& valueText() const;  // laid out when first drawn: most links of a big graph never are

    QRectF boundingRect() const override { return m_bounds; }
    QPainterPath shape() const override;  // made when first hit-tested
    void paint(QPainter*, const QStyleOptionGraphicsItem*, QWidget*) override {}

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

private:
    int m_index;
    CanvasLink m_link;
    NodeItem* m_from;
    NodeItem* m_to;
    LinkLayer* m_layer = nullptr;
    double m_sideOffset;  // keeps a->b and b->a apart
    bool m_selected = false;
    QLineF m_line;
    QLineF m_stroke;
    QPolygonF m_headTo;
    QPolygonF m_headFrom;
    QRectF m_bounds;
    mutable std::optional<QPainterPath> m_shape;
    mutable std::optional<QStaticText> m_valueText;
};

// A few thousand links, as the parent item of their LinkItems: Qt then lists a handful of groups among
// a scene's top-level items instead of every link (it sorts that list after items come, and walks it for
// every frame and every batch of changes), and skips a group's links in frames and hit tests that its
// extent (theirs) misses. It draws nothing and takes no mouse button.
class LinkGroup : public QGraphicsItem {
public:
    enum { Type = UserType + 4 };
    static constexpr int kLinks = 4096;
    LinkGroup();

    int type() const override { return Type; }
    int count() const { return m_count; }
    // A link joins the group (as its child) or leaves it (before it is deleted).
    void adopt(LinkItem* link);
    void release() { --m_count; }
    // A link of the group moved: the group's extent covers it.
    void grow(const QRectF& linkBounds);

    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter*, const QStyleOptionGraphicsItem*, QWidget*) override {}

private:
    QRectF m_bounds;
    int m_count = 0;
};

// Draws all the links of a scene, under the nodes: lines clipped to the exposed area and batched by
// style (one drawLines per colour and width; loads are shown in 40 steps), arrowheads filled as one path
// then the value labels that find room on screen. Big drawings: the links a frame needs are found through
// an index by vertical extent, and beyond kMaxDrawnLinks in the view an evenly spread sample of them is
// drawn (selected and highlighted ones always), which the view says on the drawing.
class LinkLayer : public QGraphicsItem {
public:
    enum { Type = UserType + 3 };
    // `complete`: `links` will not grow (a scene built a slice at a time says so by setComplete()).
    explicit LinkLayer(const std::vector<LinkItem*>& links, bool complete = true);

    int type() const override { return Type; }
    // A link moved (`moved`) or changed state: the layer grows to cover it and repaints.
    void linkChanged(const LinkItem& link, bool moved);
    // Links were added to the list: the layer grows to `bounds` (theirs) and repaints.
    void linksAdded(const QRectF& bounds);
    void setComplete();
    // Makes now what the next frame would (the links' lines together, the index).
    void prepare();

    // The last frame through a view: links whose lines met it, and those drawn (fewer when sampled).
    struct FrameCount {
        std::size_t visible = 0;
        std::size_t drawn = 0;
    };
    FrameCount lastFrame() const { return m_lastFrame; }
    // Beyond this many links in the view, one in `visible / kMaxDrawnLinks` is drawn: 218,724 hairlines
    // cost some 200 ms a frame, and at that density the picture is a grey mass either way (the dag view
    // samples beyond 8,000 edges).
    static constexpr std::size_t kMaxDrawnLinks = 10000;

    QRectF boundingRect() const override { return m_bounds; }
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    struct Style {
        QColor colour;
        double width;   // screen pixels
        bool dashed;
        int rank;       // drawing order: plain, loaded (by load), highlighted, selected
        bool operator==(const Style& other) const {
            return colour == other.colour && width == other.width && dashed == other.dashed;
        }
    };
    struct Batch {
        Style style;
        std::vector<QLineF> lines;
        std::vector<const QPolygonF*> heads;
    };
    // A link's vertical extent (its line, and its heads within 12 of the ends).
    struct Span {
        double top;
        double bottom;
        int link;  // position in m_links
    };
    // What a frame's first pass reads of each link, kept together (not a pointer away each): its line
    // (from which its heads' tips are known) and what it has.
    enum LinkBits : unsigned char { HeadTo = 1, HeadFrom = 2, Emphasised = 4 };  // Emphasised: selected or highlighted
    struct Drawn {
        QLineF line;
        unsigned char bits = 0;
    };
    static Style styleOf(const LinkItem& link);
    static Drawn drawnOf(const LinkItem& link);
    Batch& batchFor(const Style& style);
    // The links whose extent meets [top, bottom], by position in m_links (all of them when not indexed).
    void linksBetween(double top, double bottom, std::vector<int>& out);
    void makeIndex();
    void ensureDrawn();

    const std::vector<LinkItem*>& m_links;
    QRectF m_bounds;
    std::vector<Batch> m_batches;  // reused from frame to frame
    bool m_complete;
    // The index (of complete layers of kIndexedLinks links or more): spans sorted by top, with the running
    // maximum of the bottoms, so that the links a band of the view meets are a binary search and a scan
    // away (a layered drawing's links span a layer or a few). Links moved since it was made are checked
    // apart, until they are many and it is made again.
    static constexpr std::size_t kIndexedLinks = 5000;
    std::vector<Span> m_spans;
    std::vector<double> m_maxBottom;
    double m_minBottom = 0;         // every span reaches down to at least this
    std::vector<char> m_moved;      // by position in m_links
    std::vector<int> m_movedLinks;
    bool m_indexValid = false;
    std::vector<int> m_candidates;  // reused from frame to frame
    std::vector<Drawn> m_drawn;     // by position in m_links; remade when links were added
    bool m_drawnValid = false;
    std::size_t m_stride = 1;       // of the last full frame: one link in m_stride drawn
    FrameCount m_lastFrame;
};

// The smallest on-screen size (pixels) of label text; below the zoom where this makes labels of
// neighbours overlap, labels are not drawn (hover gives the tooltip).
constexpr double kLabelPixels = 11.0;

}  // namespace hetsched::ui
