// What the generic canvas needs of a family: its instance as nodes and links, their properties, and
// every canvas edit turned into a new instance (or a message saying why it is refused).
#pragma once

#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "model/instance.h"

namespace hetsched::ui {

// How a node is drawn; the scene picks colours from it (the model never carries colours).
enum class CanvasNodeShape { Processor, Router, Task, Cluster };

struct CanvasNode {
    QString key;       // unique, stable across edits (the element's name): positions are stored by it
    QString title;     // the first label line
    QString value;     // the key value shown under it ("2 flop/s", "α 0.1")
    CanvasNodeShape shape = CanvasNodeShape::Processor;
    bool emphasised = false;  // source, master
    bool marked = false;      // multicast target, participating worker
    QString toolTip;
    bool operator==(const CanvasNode&) const = default;
};

struct CanvasLink {
    int from = 0;  // node indices
    int to = 0;
    QString value;          // label at the middle ("bw 10")
    bool directed = true;   // an arrow at `to`
    bool twoWay = false;    // arrows at both ends
    double load = -1;       // result overlay: occupation in [0, 1], -1 none
    bool highlighted = false;  // result overlay: in the selected pattern
    QString toolTip;
};

struct CanvasGraph {
    std::vector<CanvasNode> nodes;
    std::vector<CanvasLink> links;
};

// How an edit changes a graph when it changes a few of its elements: the nodes and links whose drawing
// changed (their endpoints kept), and links added at the end.
struct CanvasGraphChange {
    std::vector<std::pair<int, CanvasNode>> nodes;
    std::vector<std::pair<int, CanvasLink>> links;
    std::vector<CanvasLink> addedLinks;
};

// One editable attribute of the selected element.
struct CanvasProperty {
    enum class Kind { Number, Integer, Text, Bool, Choice };
    QString name;    // what setProperty receives
    QString label;
    Kind kind = Kind::Number;
    QString value;   // current value as text ("true"/"false" for Bool, the choice's text for Choice)
    QStringList choices;
    QString toolTip;
};

// A palette entry: a kind of node or link the user can add.
struct CanvasTool {
    QString id;      // passed back to addNode/addLink
    QString label;
    QString toolTip;
    bool link = false;
};

// Radial: the layout centre in the middle, the others on a circle around it. Layered: by dependency depth,
// sources on top. Rows: the layout centre in the middle, the others in a row above it and a row below it,
// half each (twice as narrow as one row: the boxes stay large enough to read in a narrow view).
enum class CanvasAutoLayout { ForceDirected, Radial, Layered, Rows };

// A canvas edit: the new instance, or why it is refused (a message naming the element).
struct CanvasEdit {
    std::optional<Instance> instance;
    QString error;
    QString text;                  // the undo text
    std::vector<QString> newKeys;  // keys of the nodes the edit creates (placed by the canvas)
    static CanvasEdit refused(QString why) { return {std::nullopt, std::move(why), {}, {}}; }
};

class CanvasAdapter {
public:
    virtual ~CanvasAdapter() = default;

    virtual QString familyName() const = 0;   // "steady_state": the clipboard payload says which family
    virtual std::vector<CanvasTool> tools() const = 0;
    virtual CanvasAutoLayout autoLayout(const Instance& instance) const = 0;
    virtual int layoutCentre(const Instance&) const { return 0; }  // the hub of a radial or rows layout
    // Whether a stored position belongs to this canvas: two canvases of one entry (a task graph and
    // its platform) keep their positions in the same layout, each writing only its own keys.
    virtual bool ownsLayoutKey(const QString&) const { return true; }

    // Called on any thread (a big graph is prepared off the GUI thread): adapters hold no state.
    virtual CanvasGraph graph(const Instance& instance) const = 0;
    // About how many nodes and links graph() makes, known without making them (0: few).
    virtual std::size_t elementCount(const Instance&) const { return 0; }
    // graph(after) as a change of `shown` = graph(before), in time proportional to the change where the
    // family can (an edit of a big graph redraws a few items); false when the graph must be made anew.
    virtual bool graphChange(const Instance& /*before*/, const Instance& /*after*/, const CanvasGraph& /*shown*/,
                             CanvasGraphChange& /*change*/) const {
        return false;
    }

    virtual CanvasEdit addNode(const Instance& instance, const QString& tool) const = 0;
    // A link between existing nodes; `newNodeTool` non-empty: `to` is a new node of that kind (drag to empty space).
    virtual CanvasEdit addLink(const Instance& instance, int from, int to, const QString& tool) const = 0;
    virtual CanvasEdit addLinkToNewNode(const Instance& instance, int from, const QString& linkTool,
                                        const QString& nodeTool) const = 0;
    virtual CanvasEdit remove(const Instance& instance, const std::vector<int>& nodes,
                              const std::vector<int>& links) const = 0;

    virtual std::vector<CanvasProperty> nodeProperties(const Instance& instance, int node) const = 0;
    virtual std::vector<CanvasProperty> linkProperties(const Instance& instance, int link) const = 0;
    virtual CanvasEdit setNodeProperty(const Instance& instance, int node, const QString& name,
                                       const QString& value) const = 0;
    virtual CanvasEdit setLinkProperty(const Instance& instance, int link, const QString& name,
                                       const QString& value) const = 0;

    // The selected nodes with the links among them (and the selected links between them), as JSON.
    virtual nlohmann::json copy(const Instance& instance, const std::vector<int>& nodes) const = 0;
    // Adds a copied fragment; names taken are renamed ("P1" -> "P1 (2)"); newKeys follow the fragment's order.
    virtual CanvasEdit paste(const Instance& instance, const nlohmann::json& fragment) const = 0;
};

}  // namespace hetsched::ui
