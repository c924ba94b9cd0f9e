#include "canvas/canvas_items.h"

#include "canvas/graph_scene.h"
#include "graphics/graph_drawing.h"

#include <QFont>
#include <QFontMetricsF>
#include <QGraphicsEffect>
#include <QGraphicsScene>
#include <QPaintEngine>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <algorithm>
#include <cmath>
#include <limits>

namespace hetsched::ui {

namespace {

// Below these levels of detail (screen pixels per scene unit) a label would have to grow past its
// neighbours to stay readable: the value line is dropped first, then the title.
constexpr double kValueLod = 0.3;
constexpr double kTitleLod = 0.25;
constexpr double kLabelGap = 3.0;
constexpr double kMaxLabelWidth = 150.0;
constexpr double kCrowdedInk = 250000;  // screen pixels of links beyond which they are drawn aliased
constexpr double kOutlineWidth = 1.2;   // a node's outline, when neither selected nor emphasised
constexpr double kEmphasisWidth = 3.0;  // ... when selected or emphasised
constexpr double kCornerRadius = 6.0;   // of tasks' and clusters' boxes
constexpr double kHeadReach = 18.0;     // an arrowhead (of a line up to 6 pixels wide) lies this close to its tip

// A link's width in pixels before selection: wider when busier (in 40 steps), highlighted at least 4.
double linkWidth(const CanvasLink& link) {
    double width = 1.5;
    if (link.load >= 1e-9) width = 1.5 + 4.5 * std::max(1.0, std::round(std::min(link.load, 1.0) * 40)) / 40;
    return link.highlighted ? std::max(width, 4.0) : width;
}

graphics::NodeOutline outlineOf(CanvasNodeShape shape) {
    switch (shape) {
        case CanvasNodeShape::Processor: return graphics::NodeOutline::Circle;
        case CanvasNodeShape::Router: return graphics::NodeOutline::Rect;
        case CanvasNodeShape::Task:
        case CanvasNodeShape::Cluster: return graphics::NodeOutline::RoundedRect;
    }
    return graphics::NodeOutline::Circle;
}

graphics::NodeShape bodyShape(CanvasNodeShape shape, const QRectF& body, QPointF at = {}) {
    return {outlineOf(shape), body.center() + at, body.size(), kCornerRadius};
}

const QFont& labelFont() {
    static const QFont font = [] {
        QFont f;
        f.setPixelSize(static_cast<int>(kLabelPixels));
        return f;
    }();
    return font;
}

const QFontMetricsF& labelMetrics() {
    static const QFontMetricsF metrics(labelFont());
    return metrics;
}

QString elided(const QString& text) {
    return labelMetrics().elidedText(text, Qt::ElideRight, kMaxLabelWidth);
}

// The scale applied to labels so that they are kLabelPixels high on screen when zoomed out.
double labelScale(double lod) { return lod >= 1.0 ? 1.0 : 1.0 / lod; }

QRectF bodyRect(CanvasNodeShape shape) {
    switch (shape) {
        case CanvasNodeShape::Processor: return {-20, -20, 40, 40};
        case CanvasNodeShape::Router: return {-12, -12, 24, 24};
        case CanvasNodeShape::Task: return {-60, -21, 120, 42};
        case CanvasNodeShape::Cluster: return {-60, -22, 120, 44};
    }
    return {-20, -20, 40, 40};
}

bool titleInside(CanvasNodeShape shape) {
    return shape == CanvasNodeShape::Task || shape == CanvasNodeShape::Cluster;
}

QColor fillOf(const CanvasNode& node) {
    if (node.marked) return {0xc8, 0xe6, 0xc9};
    switch (node.shape) {
        case CanvasNodeShape::Processor: return {0xd6, 0xe6, 0xf7};
        case CanvasNodeShape::Router: return {0xe0, 0xe0, 0xe0};
        case CanvasNodeShape::Task: return {0xfd, 0xf1, 0xc7};
        case CanvasNodeShape::Cluster: return {0xe3, 0xf0, 0xd9};
    }
    return Qt::white;
}

QStaticText staticText(const QString& text) {
    QStaticText s(text);
    s.setTextFormat(Qt::PlainText);
    s.setPerformanceHint(QStaticText::AggressiveCaching);
    s.prepare(QTransform(), labelFont());
    return s;
}

// Text centred under `anchorTop`, scaled about it (the painter's transform is restored after).
void drawCentred(QPainter* painter, const QStaticText& text, QPointF anchorTop, double scale) {
    const QTransform saved = painter->worldTransform();
    painter->translate(anchorTop);
    if (scale != 1.0) painter->scale(scale, scale);
    painter->drawStaticText(QPointF(-text.size().width() / 2, 0), text);
    painter->setWorldTransform(saved);
}

// The part of `line` inside `rect` (Liang-Barsky); false when none. Stroking only what is visible keeps
// long links cheap when zoomed in.
bool clipLine(QLineF& line, const QRectF& rect) {
    double t0 = 0, t1 = 1;
    const double dx = line.dx(), dy = line.dy();
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {line.x1() - rect.left(), rect.right() - line.x1(), line.y1() - rect.top(), rect.bottom() - line.y1()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0) return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0) t0 = std::max(t0, t);
        else t1 = std::min(t1, t);
        if (t0 > t1) return false;
    }
    const QPointF a = line.p1();
    line = QLineF(a + QPointF(dx, dy) * t0, a + QPointF(dx, dy) * t1);
    return true;
}


// How a node's body looks: its shape, fill and outline.
struct BodyLook {
    CanvasNodeShape shape;
    QRgb fill;
    QRgb outline;
    double outlineWidth;  // scene units
    bool dashed;
    bool antialiased;
    bool operator==(const BodyLook&) const = default;
};

void drawBody(QPainter* painter, const BodyLook& look, const QRectF& body) {
    graphics::paintNode(*painter, bodyShape(look.shape, body),
                        {QColor::fromRgba(look.fill), QColor::fromRgba(look.outline), look.outlineWidth, look.dashed});
}

// Node bodies look alike: each look is drawn once per zoom into an image and blitted (filling and
// stroking an antialiased ellipse costs some 20 us; a blit of its image, 1 to 2 us). On raster devices
// and unrotated views only: exports to PDF and SVG stay vector.
bool blitBody(QPainter* painter, const BodyLook& look, const QRectF& body) {
    struct Sprite {
        BodyLook look;
        QImage image;
        QPointF centre;  // logical pixels, from the image's top left
    };
    static std::vector<Sprite> sprites;
    static double spriteLod = 0;
    static double spriteRatio = 0;
    constexpr std::size_t kMaxSprites = 64;
    constexpr double kMaxPixels = 400;
    const QTransform world = painter->worldTransform();  // a copy: restored after the blit
    if (!painter->paintEngine() || painter->paintEngine()->type() != QPaintEngine::Raster ||
        world.type() > QTransform::TxScale || world.m11() != world.m22() || world.m11() <= 0)
        return false;
    const double lod = world.m11();
    const double margin = look.outlineWidth / 2 + 1;
    const QRectF area = body.adjusted(-margin, -margin, margin, margin);
    if (area.width() * lod > kMaxPixels || area.height() * lod > kMaxPixels) return false;
    const double ratio = painter->device()->devicePixelRatioF();
    if (lod != spriteLod || ratio != spriteRatio || sprites.size() >= kMaxSprites) {
        sprites.clear();
        spriteLod = lod;
        spriteRatio = ratio;
    }
    auto sprite = std::find_if(sprites.begin(), sprites.end(), [&](const Sprite& s) { return s.look == look; });
    if (sprite == sprites.end()) {
        const QSize logical(static_cast<int>(std::ceil(area.width() * lod)) + 1, static_cast<int>(std::ceil(area.height() * lod)) + 1);
        QImage image(logical * ratio, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(ratio);
        image.fill(Qt::transparent);
        const QPointF centre(-area.left() * lod, -area.top() * lod);
        QPainter p(&image);
        p.setRenderHint(QPainter::Antialiasing, look.antialiased);
        p.translate(centre);
        p.scale(lod, lod);
        drawBody(&p, look, body);
        p.end();
        sprites.push_back({look, std::move(image), centre});
        sprite = std::prev(sprites.end());
    }
    // The item's origin is the body's centre; the image lands on whole pixels.
    const QPointF at = world.map(QPointF(0, 0)) - sprite->centre;
    painter->setWorldTransform(QTransform());
    painter->drawImage(QPointF(std::round(at.x()), std::round(at.y())), sprite->image);
    painter->setWorldTransform(world);
    return true;
}
}  // namespace

void LabelSpace::reset(QSize viewport) {
    m_columns = viewport.width() / kCell + 1;
    m_rows = viewport.height() / kCell + 1;
    m_cells.assign(static_cast<std::size_t>(m_columns) * static_cast<std::size_t>(m_rows), 0);
}

bool LabelSpace::claim(const QRectF& deviceRect) {
    if (m_cells.empty()) return true;  // not painting through a GraphView: no decluttering
    const int left = std::max(0, static_cast<int>(deviceRect.left()) / kCell);
    const int right = std::min(m_columns - 1, static_cast<int>(deviceRect.right()) / kCell);
    const int top = std::max(0, static_cast<int>(deviceRect.top()) / kCell);
    const int bottom = std::min(m_rows - 1, static_cast<int>(deviceRect.bottom()) / kCell);
    if (left > right || top > bottom) return true;
    for (int r = top; r <= bottom; ++r)
        for (int c = left; c <= right; ++c)
            if (m_cells[static_cast<std::size_t>(r * m_columns + c)]) return false;
    for (int r = top; r <= bottom; ++r)
        for (int c = left; c <= right; ++c) m_cells[static_cast<std::size_t>(r * m_columns + c)] = 1;
    return true;
}

NodeItem::NodeItem(int index, CanvasNode node) : m_index(index) {
    setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges);
    setAcceptHoverEvents(false);
    setZValue(1);
    setNode(std::move(node));
}

void NodeItem::setNode(CanvasNode node) {
    prepareGeometryChange();
    m_node = std::move(node);
    m_titleText = staticText(elided(m_node.title));
    m_valueText = staticText(elided(m_node.value));
    m_labelLines = -1;
    m_shapeRect = bodyRect(m_node.shape);
    // Labels at their largest (at kTitleLod): two lines below the body, kMaxLabelWidth wide.
    const double scale = 1.0 / kTitleLod;
    const double half = std::max(m_shapeRect.width() / 2, kMaxLabelWidth * scale / 2) + 2;
    const double below = m_shapeRect.bottom() + kLabelGap + 2 * labelMetrics().height() * scale + 2;
    m_bounds = QRectF(-half, m_shapeRect.top() - 4, 2 * half, below - m_shapeRect.top() + 4);
    update();
}

QPainterPath NodeItem::shape() const {
    QPainterPath path;
    if (m_node.shape == CanvasNodeShape::Processor) path.addEllipse(m_shapeRect);
    else path.addRect(m_shapeRect);
    return path;
}

graphics::NodeShape NodeItem::outline() const {
    // The body and the outer half of its outline: links end where its ink does.
    return bodyShape(m_node.shape, m_shapeRect, pos()).grownBy((m_node.emphasised ? kEmphasisWidth : kOutlineWidth) / 2);
}

QPointF NodeItem::boundaryPoint(QPointF towards) const {
    return graphics::boundaryPoint(outline(), towards);
}

QVariant NodeItem::itemChange(GraphicsItemChange change, const QVariant& value) {
    if (change == ItemPositionHasChanged)
        for (LinkItem* link : m_links) link->updateGeometry();
    return QGraphicsItem::itemChange(change, value);
}

void NodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const bool selected = option->state & QStyle::State_Selected;
    const QColor fill = fillOf(m_node);
    if (lod < 0.15) {  // a dot: no outline, no text
        painter->fillRect(m_shapeRect, selected ? graphics::selectionColour() : fill.darker(130));
        return;
    }
    const QColor outline = selected ? graphics::selectionColour() : m_node.emphasised ? graphics::emphasisColour() : QColor(0x44, 0x55, 0x66);
    const BodyLook look{m_node.shape, fill.rgba(), outline.rgba(), selected || m_node.emphasised ? kEmphasisWidth : kOutlineWidth, selected,
                        painter->testRenderHint(QPainter::Antialiasing)};
    if (!blitBody(painter, look, m_shapeRect)) drawBody(painter, look, m_shapeRect);
    if (titleInside(m_node.shape)) {
        paintInsideLabels(painter, lod);
        return;
    }
    const int lines = m_labelLines < 0 ? labelLinesAt(lod) : m_labelLines;
    if (lines == 0) return;
    const double scale = labelScale(lod);
    const double line = labelMetrics().height() * scale;
    painter->setFont(labelFont());
    painter->setPen(QColor(0x20, 0x20, 0x20));
    const double y = m_shapeRect.bottom() + kLabelGap;
    drawCentred(painter, m_titleText, QPointF(0, y), scale);
    if (lines == 2) {
        painter->setPen(QColor(0x4a, 0x4a, 0x4a));
        drawCentred(painter, m_valueText, QPointF(0, y + line), scale);
    }
}

int NodeItem::labelLinesAt(double lod) const {
    if (lod < kTitleLod) return 0;
    return lod >= kValueLod && !m_node.value.isEmpty() ? 2 : 1;
}

QRectF NodeItem::labelRect(double lod, int lines) const {
    if (titleInside(m_node.shape)) return m_shapeRect;  // the text stays inside the box
    const double scale = labelScale(lod);
    const double width = std::max(m_titleText.size().width(), lines == 2 ? m_valueText.size().width() : 0.0) * scale;
    return {-width / 2, m_shapeRect.bottom() + kLabelGap, width, lines * labelMetrics().height() * scale};
}

void NodeItem::claimLabel(LabelSpace& space, const QTransform& toDevice, double lod) {
    // Node labels go first in a frame, the value dropped before the title: they never overlap one
    // another, and link labels keep off them.
    m_labelLines = 0;
    for (int lines = labelLinesAt(lod); lines > 0; --lines) {
        if (space.claim(toDevice.mapRect(labelRect(lod, lines).translated(pos())))) {
            m_labelLines = lines;
            return;
        }
    }
}

NodeItem::InsideLabels NodeItem::insideLabels(double lod) const {
    // Text inside a box scales with the box (never beyond it) while it stays readable on screen;
    // the value goes first when the box gets too small for two lines.
    constexpr double kMinPixels = 7.0;
    const double lineHeight = labelMetrics().height();
    const double room = m_shapeRect.width() - 6;
    const auto fitted = [&](const QStaticText& text, double lines) {
        double scale = std::min(labelScale(lod), m_shapeRect.height() / (lines * lineHeight));
        if (text.size().width() * scale > room) scale = room / text.size().width();
        return scale;
    };
    const double titleTwo = fitted(m_titleText, 2);
    const double valueTwo = fitted(m_valueText, 2);
    if (!m_node.value.isEmpty() && kLabelPixels * lod * std::min(titleTwo, valueTwo) >= kMinPixels) {
        const double scale = std::min(titleTwo, valueTwo);
        return {scale, scale};
    }
    const double titleOne = fitted(m_titleText, 1);
    if (kLabelPixels * lod * titleOne < kMinPixels - 1) return {};
    return {titleOne, 0};
}

void NodeItem::paintInsideLabels(QPainter* painter, double lod) {
    const InsideLabels labels = insideLabels(lod);
    if (labels.title <= 0) return;
    const double lineHeight = labelMetrics().height();
    painter->setFont(labelFont());
    painter->setPen(QColor(0x20, 0x20, 0x20));
    if (labels.value > 0) {
        drawCentred(painter, m_titleText, QPointF(0, -lineHeight * labels.title), labels.title);
        painter->setPen(QColor(0x4a, 0x4a, 0x4a));
        drawCentred(painter, m_valueText, QPointF(0, 0), labels.value);
        return;
    }
    drawCentred(painter, m_titleText, QPointF(0, -lineHeight * labels.title / 2), labels.title);
}

namespace {

// Says that what it is set on draws nowhere: Qt culls an item for frames by the bounding rect of its
// effect (this one, far from any view) and for hit tests by its own. A group of links so stays out of
// every frame (the link layer draws the links), its links never looked at one by one, while clicks and
// the rubber band still find them.
class DrawsNowhere : public QGraphicsEffect {
public:
    using QGraphicsEffect::QGraphicsEffect;
    QRectF boundingRectFor(const QRectF&) const override { return {-1e12, -1e12, 1, 1}; }

protected:
    void draw(QPainter*) override {}
};

}  // namespace

LinkGroup::LinkGroup() {
    // Not ItemHasNoContents: Qt culls a group, and the links it contains, by its extent only when it has some.
    setFlags(ItemContainsChildrenInShape);
    setAcceptedMouseButtons(Qt::NoButton);
    setZValue(0);
    setGraphicsEffect(new DrawsNowhere);
}

void LinkGroup::adopt(LinkItem* link) {
    link->setParentItem(this);
    ++m_count;
    grow(link->boundingRect());
}

void LinkGroup::grow(const QRectF& linkBounds) {
    if (m_bounds.contains(linkBounds)) return;
    prepareGeometryChange();
    m_bounds |= linkBounds;
}

LinkItem::LinkItem(int index, CanvasLink link, NodeItem* from, NodeItem* to, double sideOffset)
    : m_index(index), m_link(std::move(link)), m_from(from), m_to(to), m_sideOffset(sideOffset) {
    setFlags(ItemIsSelectable | ItemHasNoContents);
    setZValue(0);
    from->addLink(this);
    to->addLink(this);
    updateGeometry();
}

bool LinkItem::drawsAs(const CanvasLink& link, double sideOffset) const {
    return sideOffset == m_sideOffset && link.value == m_link.value && link.directed == m_link.directed &&
           link.twoWay == m_link.twoWay && link.load == m_link.load && link.highlighted == m_link.highlighted &&
           link.toolTip == m_link.toolTip;
}

void LinkItem::setIndices(int index, int from, int to) {
    m_index = index;
    m_link.from = from;
    m_link.to = to;
}

void LinkItem::setLayer(LinkLayer* layer) {
    m_layer = layer;
}

QVariant LinkItem::itemChange(GraphicsItemChange change, const QVariant& value) {
    // Qt announces a new selection (selectionChanged) between these two: the flag follows the first.
    if (change == ItemSelectedChange) m_selected = value.toBool();
    if (change == ItemSelectedHasChanged) {
        m_selected = value.toBool();
        if (m_layer) m_layer->linkChanged(*this, false);
    }
    return QGraphicsItem::itemChange(change, value);
}

void LinkItem::updateGeometry() {
    prepareGeometryChange();
    QPointF a = m_from->pos();
    QPointF b = m_to->pos();
    QLineF centres(a, b);
    if (m_sideOffset != 0 && centres.length() > 1e-9) {
        const QPointF normal(-centres.dy() / centres.length(), centres.dx() / centres.length());
        a += normal * m_sideOffset;
        b += normal * m_sideOffset;
    }
    // The (offset) line between the centres, from where it leaves one outline to where it enters the other;
    // its heads' tips on the outlines, the stroke stopping inside them.
    m_line = graphics::clipEdge(m_from->outline(), m_to->outline(), QLineF(a, b));
    const double width = linkWidth(m_link);
    const graphics::Arrowhead to = m_link.directed || m_link.twoWay ? graphics::arrowhead(m_line, width)
                                                                     : graphics::Arrowhead{{}, m_line.p2()};
    const graphics::Arrowhead from = m_link.twoWay ? graphics::arrowhead(QLineF(m_line.p2(), m_line.p1()), width)
                                                   : graphics::Arrowhead{{}, m_line.p1()};
    m_headTo = to.head;
    m_headFrom = from.head;
    m_stroke = QLineF(m_headFrom.isEmpty() ? m_line.p1() : from.base, m_headTo.isEmpty() ? m_line.p2() : to.base);
    m_shape.reset();
    const double labelHalf = (kMaxLabelWidth / kValueLod) / 2 + 4;
    const QPointF mid = m_line.center();
    m_bounds = QRectF(m_line.p1(), m_line.p2()).normalized().adjusted(-kHeadReach, -kHeadReach, kHeadReach, kHeadReach).united(
        QRectF(mid.x() - labelHalf, mid.y() - labelHalf / 4, 2 * labelHalf, labelHalf / 2));
    if (auto* group = qgraphicsitem_cast<LinkGroup*>(parentItem())) group->grow(m_bounds);
    if (m_layer) m_layer->linkChanged(*this, true);
}

QPainterPath LinkItem::shape() const {
    if (!m_shape) {
        QPainterPath path(m_line.p1());
        path.lineTo(m_line.p2());
        QPainterPathStroker stroker;
        stroker.setWidth(8);
        m_shape = stroker.createStroke(path);
    }
    return *m_shape;
}

const QStaticText& LinkItem::valueText() const {
    if (!m_valueText) m_valueText = staticText(elided(m_link.value));
    return *m_valueText;
}

LinkLayer::LinkLayer(const std::vector<LinkItem*>& links, bool complete) : m_links(links), m_complete(complete) {
    setFlags(ItemUsesExtendedStyleOption);
    setAcceptedMouseButtons(Qt::NoButton);
    setZValue(-1);
    for (const LinkItem* link : links) m_bounds |= link->boundingRect();
}

QPainterPath LinkLayer::shape() const {
    return {};  // never under the mouse: the links themselves are
}

LinkLayer::Drawn LinkLayer::drawnOf(const LinkItem& link) {
    Drawn drawn{link.line(), 0};
    if (!link.headTo().isEmpty()) drawn.bits |= HeadTo;
    if (!link.headFrom().isEmpty()) drawn.bits |= HeadFrom;
    if (link.selected() || link.link().highlighted) drawn.bits |= Emphasised;
    return drawn;
}

void LinkLayer::ensureDrawn() {
    if (m_drawnValid && m_drawn.size() == m_links.size()) return;
    m_drawn.resize(m_links.size());
    for (std::size_t k = 0; k < m_links.size(); ++k) m_drawn[k] = drawnOf(*m_links[k]);
    m_drawnValid = true;
}

void LinkLayer::linkChanged(const LinkItem& link, bool moved) {
    if (!m_bounds.contains(link.boundingRect())) {
        prepareGeometryChange();
        m_bounds |= link.boundingRect();
    }
    const auto k = static_cast<std::size_t>(link.index());
    if (m_drawnValid && k < m_drawn.size() && k < m_links.size() && m_links[k] == &link) m_drawn[k] = drawnOf(link);
    else m_drawnValid = false;
    if (moved && m_indexValid && k < m_moved.size() && !m_moved[k]) {
        m_moved[k] = 1;
        m_movedLinks.push_back(link.index());
        if (m_movedLinks.size() > m_spans.size() / 8) m_indexValid = false;  // made again when next drawn
    }
    update();
}

void LinkLayer::linksAdded(const QRectF& bounds) {
    if (!m_bounds.contains(bounds)) {
        prepareGeometryChange();
        m_bounds |= bounds;
    }
    m_indexValid = false;
    m_drawnValid = false;
    update();
}

void LinkLayer::setComplete() {
    m_complete = true;
    m_indexValid = false;
    m_drawnValid = false;
    setVisible(true);
    update();
}

void LinkLayer::prepare() {
    ensureDrawn();
    if (m_complete && m_links.size() >= kIndexedLinks && !m_indexValid) makeIndex();
}

void LinkLayer::makeIndex() {
    ensureDrawn();
    m_spans.clear();
    m_spans.reserve(m_links.size());
    for (std::size_t k = 0; k < m_links.size(); ++k) {
        const QLineF& line = m_drawn[k].line;
        // Not std::minmax: it returns references, here to temporaries.
        const double top = std::min(line.y1(), line.y2());
        const double bottom = std::max(line.y1(), line.y2());
        m_spans.push_back({top - kHeadReach, bottom + kHeadReach, static_cast<int>(k)});
    }
    std::sort(m_spans.begin(), m_spans.end(), [](const Span& a, const Span& b) { return a.top < b.top; });
    m_maxBottom.resize(m_spans.size());
    double running = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < m_spans.size(); ++i) m_maxBottom[i] = running = std::max(running, m_spans[i].bottom);
    m_minBottom = std::numeric_limits<double>::infinity();
    for (const Span& span : m_spans) m_minBottom = std::min(m_minBottom, span.bottom);
    m_moved.assign(m_links.size(), 0);
    m_movedLinks.clear();
    m_indexValid = true;
}

void LinkLayer::linksBetween(double top, double bottom, std::vector<int>& out) {
    out.clear();
    if (!m_complete || m_links.size() < kIndexedLinks) {
        for (std::size_t k = 0; k < m_links.size(); ++k) out.push_back(static_cast<int>(k));
        return;
    }
    if (!m_indexValid || m_moved.size() != m_links.size()) makeIndex();
    // The first span whose running bottom reaches `top`; none before it can, and from it on every span
    // starting above `bottom` is looked at.
    const auto first = std::lower_bound(m_maxBottom.begin(), m_maxBottom.end(), top);
    const auto last = std::upper_bound(m_spans.begin(), m_spans.end(), bottom,
                                       [](double y, const Span& span) { return y < span.top; });
    if (m_movedLinks.empty() && !m_spans.empty() && m_spans.back().top <= bottom && m_minBottom >= top) {
        for (std::size_t k = 0; k < m_links.size(); ++k) out.push_back(static_cast<int>(k));  // all of them
        return;
    }
    for (auto it = m_spans.begin() + (first - m_maxBottom.begin()); it < last; ++it)
        if (it->bottom >= top && !m_moved[static_cast<std::size_t>(it->link)]) out.push_back(it->link);
    out.insert(out.end(), m_movedLinks.begin(), m_movedLinks.end());
    // In the spans' order: lines of one style look the same whatever their order (labels are sorted).
}

LinkLayer::Style LinkLayer::styleOf(const LinkItem& item) {
    const CanvasLink& link = item.link();
    Style style{QColor(0x60, 0x6a, 0x75), linkWidth(link), false, 0};
    if (link.load >= 0) {
        // Occupation: grey (idle) through orange to red (saturated), wider when busier; in 40 steps, so
        // that a loaded platform still draws in a few batches.
        constexpr double kSteps = 40;
        if (link.load < 1e-9) {
            style = {QColor(0xb0, 0xb0, 0xb0), style.width, false, 1};
        } else {
            const double step = std::max(1.0, std::round(std::min(link.load, 1.0) * kSteps));
            const double l = step / kSteps;
            style = {QColor::fromHsvF(static_cast<float>(0.33 * (1 - l)), 0.85f, 0.85f), style.width, false,
                     1 + static_cast<int>(step)};
        }
    }
    if (link.highlighted) {
        style.colour = QColor(0x7b, 0x1f, 0xa2);
        style.rank = 100;
    }
    if (item.selected()) {
        style.colour = graphics::selectionColour();
        style.width = std::max(style.width, 2.0);
        style.dashed = true;
        style.rank = 200;
    }
    return style;
}

LinkLayer::Batch& LinkLayer::batchFor(const Style& style) {
    for (Batch& batch : m_batches)
        if (batch.style == style) return batch;
    // Kept in drawing order: busier, highlighted and selected links over the others.
    const auto at = std::find_if(m_batches.begin(), m_batches.end(),
                                 [&](const Batch& b) { return b.style.rank > style.rank; });
    return *m_batches.insert(at, Batch{style, {}, {}});
}

void LinkLayer::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) {
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QRectF& exposed = option->exposedRect;
    const bool heads = lod >= 0.15;
    const QRectF headArea = exposed.adjusted(-kHeadReach, -kHeadReach, kHeadReach, kHeadReach);
    for (Batch& batch : m_batches) {
        batch.lines.clear();
        batch.heads.clear();
    }
    // The widest line drawn is 6 pixels: margins in scene units that keep every visible line.
    const double widest = 8.0 / lod;
    ensureDrawn();
    linksBetween(exposed.top() - widest, exposed.bottom() + widest, m_candidates);
    // Which of them show: the candidate list is kept to those. A head's tip is its line's end.
    const QRectF lineArea = exposed.adjusted(-widest, -widest, widest, widest);
    const auto shows = [&](const Drawn& d, const QRectF& area) {
        QLineF visible = d.line;
        return clipLine(visible, area) || (heads && (d.bits & HeadTo) && headArea.contains(d.line.p2())) ||
               (heads && (d.bits & HeadFrom) && headArea.contains(d.line.p1()));
    };
    std::size_t shown = 0;
    for (const int k : m_candidates)
        if (shows(m_drawn[static_cast<std::size_t>(k)], lineArea)) m_candidates[shown++] = k;
    m_candidates.resize(shown);
    // Through a view, the sample is decided on frames that show (nearly) all of it, and kept for the strips
    // a scroll uncovers, so that the density does not change from strip to strip. Exports draw every link.
    bool full = false;
    if (widget) {
        // The exposed area is within the layer's extent: compared with the part of the view that shows it.
        const QRectF view = painter->worldTransform().inverted().mapRect(QRectF(widget->rect())) & boundingRect();
        full = exposed.width() * exposed.height() >= 0.8 * view.width() * view.height();
        if (full || shown > 2 * kMaxDrawnLinks * m_stride)
            m_stride = std::max<std::size_t>(1, (shown + kMaxDrawnLinks - 1) / kMaxDrawnLinks);
    }
    const std::size_t stride = widget ? m_stride : 1;
    const auto drawn = [&](int k) {
        return stride == 1 || static_cast<std::size_t>(k) % stride == 0 ||
               (m_drawn[static_cast<std::size_t>(k)].bits & Emphasised);
    };
    double ink = 0;  // screen pixels the visible lines cover
    std::size_t drawnCount = 0;
    for (const int k : m_candidates) {
        if (!drawn(k)) continue;
        const LinkItem* link = m_links[static_cast<std::size_t>(k)];
        ++drawnCount;
        const Style style = styleOf(*link);
        // A long link's bounding box meets many views its line never crosses: draw only what shows.
        const double margin = (style.width + 2) / lod;
        QLineF visible = link->stroke();
        const bool lineShows = clipLine(visible, exposed.adjusted(-margin, -margin, margin, margin));
        const bool toShows = heads && !link->headTo().isEmpty() && headArea.contains(link->headTo().front());
        const bool fromShows = heads && !link->headFrom().isEmpty() && headArea.contains(link->headFrom().front());
        if (!lineShows && !toShows && !fromShows) continue;
        Batch& batch = batchFor(style);
        if (lineShows) {
            batch.lines.push_back(visible);
            ink += visible.length() * lod * std::max(1.0, style.width);
        }
        if (toShows) batch.heads.push_back(&link->headTo());
        if (fromShows) batch.heads.push_back(&link->headFrom());
    }
    if (full) m_lastFrame = {shown, drawnCount};
    // Thousands of antialiased lines crossing the view cost most of a frame: when the links would ink
    // more than a quarter of a large view's pixels, they and their heads are drawn aliased (cosmetic
    // lines stay crisp; such a view is a thicket where smoothing goes unseen). Zoomed in, they are few.
    const bool crowded = ink > kCrowdedInk;
    const bool antialiased = painter->testRenderHint(QPainter::Antialiasing);
    for (const Batch& batch : m_batches) {
        if (!batch.lines.empty()) {
            // Widths are in screen pixels (cosmetic), as in diagram editors: a link stays a crisp line at
            // every zoom, and the raster engine strokes a hairline far faster than a wide path.
            QPen pen(batch.style.colour);
            pen.setCosmetic(true);
            pen.setCapStyle(Qt::FlatCap);  // a line ends in its head or on a node's outline, not beyond
            pen.setWidthF(batch.style.width <= 1.5 ? 0.0 : batch.style.width);
            if (batch.style.dashed) pen.setStyle(Qt::DashLine);
            painter->setPen(pen);
            painter->setRenderHint(QPainter::Antialiasing, antialiased && !crowded);
            painter->drawLines(batch.lines.data(), static_cast<int>(batch.lines.size()));
        }
        if (!batch.heads.empty()) {
            painter->setRenderHint(QPainter::Antialiasing, antialiased && !crowded);
            painter->setPen(Qt::NoPen);
            painter->setBrush(batch.style.colour);
            for (const QPolygonF* head : batch.heads) painter->drawConvexPolygon(*head);
        }
    }
    painter->setRenderHint(QPainter::Antialiasing, antialiased);
    if (lod < kValueLod) return;
    // Labels over every line; each takes its room on screen or is left out. A label is centred on its
    // line's middle and at most kMaxLabelWidth wide: links whose middle is farther from the exposed area
    // are passed over before their text is laid out.
    auto* graphScene = qobject_cast<GraphScene*>(scene());
    const double scale = labelScale(lod);
    const double h = labelMetrics().height() * scale;
    const QRectF middles = exposed.adjusted(-(kMaxLabelWidth / 2 + 4) * scale, -h, (kMaxLabelWidth / 2 + 4) * scale, h);
    linksBetween(middles.top(), middles.bottom(), m_candidates);
    // The links whose label may show, in the links' order: which label takes its room first is the same
    // from frame to frame.
    std::erase_if(m_candidates, [&](int k) { return !middles.contains(m_drawn[static_cast<std::size_t>(k)].line.center()); });
    std::sort(m_candidates.begin(), m_candidates.end());
    painter->setFont(labelFont());
    for (const int k : m_candidates) {
        if (!middles.contains(m_drawn[static_cast<std::size_t>(k)].line.center()) || !drawn(k)) continue;
        const LinkItem* link = m_links[static_cast<std::size_t>(k)];
        if (link->link().value.isEmpty()) continue;
        const double w = link->valueText().size().width() * scale;
        const QPointF mid = link->line().center();
        const QRectF labelRect = graphics::edgeLabelRect(link->line(), QSizeF(w + 4, h), graphics::EdgeLabelPlace::Over);
        if (!exposed.intersects(labelRect)) continue;
        if (graphScene && !graphScene->labelSpace().claim(painter->worldTransform().mapRect(labelRect))) continue;
        const Style style = styleOf(*link);
        graphics::paintLabelBackground(*painter, labelRect);
        painter->setPen(link->link().highlighted || link->link().load >= 0 ? style.colour.darker(140)
                                                                            : QColor(0x30, 0x30, 0x30));
        drawCentred(painter, link->valueText(), QPointF(mid.x(), mid.y() - h / 2), scale);
    }
}

}  // namespace hetsched::ui
