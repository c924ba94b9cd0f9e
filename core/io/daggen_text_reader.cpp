// Task graphs in daggen's native text output (daggen without --dot), where data transfers are nodes.
//
// The format, after `//` comment lines:
//   NODE_COUNT 22
//   NODE 0 1,2 ROOT 0.0 0.0
//   NODE 2 3,4 COMPUTATION 8995624659 0.07     <- id, children (comma list or -), type, cost, alpha
//   NODE 3 6 TRANSFER 209715200 0.0            <- cost in bytes, from its parent to its child
//   NODE 21 - END 0.0 0.0
// COMPUTATION, ROOT and END nodes are tasks (cost = flops, alpha from the file), in file order, named by
// their id; ROOT and END stay tasks, as DOT's root/end and STG's dummies do (one rule for the three
// text readers). A TRANSFER node t between a and b becomes the dependency a -> b of t's bytes; a task's
// child that is a task is a dependency of 0 bytes. Dependencies found twice are merged (bytes added); a
// TRANSFER node no task produces is ignored. Both are noted. Errors name the line.
#include <cmath>
#include <unordered_map>

#include "io/graph_reader_util.h"
#include "io/task_graph_import.h"

namespace hetsched {

namespace {

using graph_reader::linePrefix;
using graph_reader::parseIndex;
using graph_reader::parseNumber;
using graph_reader::quoted;

enum class NodeType { Root, End, Computation, Transfer };

struct DaggenNode {
    std::size_t id = 0;
    std::size_t line = 0;
    NodeType type = NodeType::Computation;
    double cost = 0;
    double alpha = 0;
    std::vector<std::size_t> children;
};

std::optional<NodeType> nodeType(std::string_view name) {
    if (name == "ROOT") return NodeType::Root;
    if (name == "END") return NodeType::End;
    if (name == "COMPUTATION") return NodeType::Computation;
    if (name == "TRANSFER") return NodeType::Transfer;
    return std::nullopt;
}

Expected<DaggenNode> parseNodeLine(const std::vector<std::string_view>& fields, std::size_t line) {
    const std::string at = linePrefix(line);
    if (fields.size() != 6)
        return invalidInput(at + "expected NODE id children type cost alpha, got " + std::to_string(fields.size()) +
                            " fields");
    DaggenNode node;
    node.line = line;
    const std::optional<std::size_t> id = parseIndex(fields[1]);
    if (!id) return invalidInput(at + "the node id must be a non-negative integer, got " + quoted(fields[1]));
    node.id = *id;
    if (fields[2] != "-") {
        std::string_view list = fields[2];
        while (true) {
            const std::size_t comma = list.find(',');
            const std::optional<std::size_t> child = parseIndex(list.substr(0, comma));
            if (!child) return invalidInput(at + "children must be node ids separated by commas, or -, got " + quoted(fields[2]));
            node.children.push_back(*child);
            if (comma == std::string_view::npos) break;
            list.remove_prefix(comma + 1);
        }
    }
    const std::optional<NodeType> type = nodeType(fields[3]);
    if (!type) return invalidInput(at + "the type must be ROOT, END, COMPUTATION or TRANSFER, got " + quoted(fields[3]));
    node.type = *type;
    const std::optional<double> cost = parseNumber(fields[4]);
    if (!cost || !std::isfinite(*cost) || *cost < 0)
        return invalidInput(at + "the cost must be a finite number >= 0 (" +
                            (node.type == NodeType::Transfer ? "bytes" : "flops") + "), got " + quoted(fields[4]));
    node.cost = *cost;
    const std::optional<double> alpha = parseNumber(fields[5]);
    if (!alpha || !(*alpha >= 0 && *alpha <= 1))
        return invalidInput(at + "alpha must be a number in [0, 1], got " + quoted(fields[5]));
    node.alpha = *alpha;
    return node;
}

}  // namespace

Expected<TaskGraphImport> readDaggenTextTaskGraph(std::string_view text, const TaskGraphImportOptions& options) {
    if (auto problem = importOptionsProblem(options)) return *problem;
    text = graph_reader::withoutByteOrderMark(text);
    std::optional<std::size_t> declaredCount;
    std::size_t countLine = 0;
    std::vector<DaggenNode> nodes;
    std::unordered_map<std::size_t, std::size_t> nodeById;   // id -> index in nodes
    for (const graph_reader::NumberedLine& line : graph_reader::numberedLines(text)) {
        const std::string_view content = graph_reader::trimmed(line.text);
        if (content.empty() || content.starts_with("//")) continue;
        const std::vector<std::string_view> fields = graph_reader::splitFields(content);
        const std::string at = linePrefix(line.number);
        if (fields[0] == "NODE_COUNT") {
            if (declaredCount) return invalidInput(at + "a second NODE_COUNT");
            const std::optional<std::size_t> count = fields.size() == 2 ? parseIndex(fields[1]) : std::nullopt;
            if (!count) return invalidInput(at + "expected NODE_COUNT followed by the number of nodes");
            // Tasks and TRANSFER nodes (at most one per dependency); the tasks alone are checked at the end.
            if (*count > options.maxTasks + options.maxEdges)
                return invalidInput(at + "NODE_COUNT says " + std::to_string(*count) + " nodes, more than --max-tasks " +
                                    std::to_string(options.maxTasks) + " plus --max-edges " +
                                    std::to_string(options.maxEdges) + " (the limits of an import) allow");
            declaredCount = count;
            countLine = line.number;
        } else if (fields[0] == "NODE") {
            if (!declaredCount) return invalidInput(at + "a NODE line before NODE_COUNT");
            if (nodes.size() == *declaredCount)
                return invalidInput(at + "more NODE lines than NODE_COUNT (" + std::to_string(*declaredCount) + ")");
            Expected<DaggenNode> node = parseNodeLine(fields, line.number);
            if (!node) return node.error();
            const auto [it, inserted] = nodeById.emplace(node->id, nodes.size());
            if (!inserted)
                return invalidInput(at + "node " + std::to_string(node->id) + " is already defined on line " +
                                    std::to_string(nodes[it->second].line));
            nodes.push_back(std::move(*node));
        } else {
            return invalidInput(at + "expected NODE_COUNT or NODE, got " + quoted(fields[0]));
        }
    }
    if (!declaredCount) return invalidInput(graph_reader::trimmed(text).empty() ? "empty input: no daggen graph"
                                                                                : "no NODE_COUNT line: not a daggen graph");
    if (nodes.size() != *declaredCount)
        return invalidInput(linePrefix(countLine) + "NODE_COUNT says " + std::to_string(*declaredCount) +
                            " nodes but the file has " + std::to_string(nodes.size()) + " NODE lines");

    TaskGraphImport result;
    result.format = "daggen text";
    std::vector<std::size_t> taskOf(nodes.size(), 0);   // node index -> task index (tasks only)
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (nodes[i].type == NodeType::Transfer) continue;
        taskOf[i] = result.graph.tasks.size();
        result.graph.tasks.push_back({std::to_string(nodes[i].id), nodes[i].cost, nodes[i].alpha});
    }
    if (result.graph.tasks.empty()) return invalidInput("the daggen graph has no task (only TRANSFER nodes)");
    if (result.graph.tasks.size() > options.maxTasks)
        return graph_reader::tooManyTasksError(result.graph.tasks.size(), options.maxTasks);

    // The index of a child id, or an error naming the line that names it.
    auto childIndex = [&](const DaggenNode& parent, std::size_t childId) -> Expected<std::size_t> {
        const auto it = nodeById.find(childId);
        if (it == nodeById.end())
            return invalidInput(linePrefix(parent.line) + "node " + std::to_string(parent.id) + " names child " +
                                std::to_string(childId) + ", which no NODE line defines");
        return it->second;
    };
    graph_reader::EdgeCollector collector(options.maxEdges);
    std::vector<bool> transferUsed(nodes.size(), false);
    std::size_t transfers = 0;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const DaggenNode& node = nodes[i];
        if (node.type == NodeType::Transfer) {
            ++transfers;
            continue;
        }
        for (const std::size_t childId : node.children) {
            Expected<std::size_t> child = childIndex(node, childId);
            if (!child) return child.error();
            const DaggenNode& via = nodes[*child];
            std::vector<std::size_t> targets{*child};
            double bytes = 0;
            if (via.type == NodeType::Transfer) {
                transferUsed[*child] = true;
                bytes = via.cost;
                targets.clear();
                if (via.children.empty())
                    return invalidInput(linePrefix(via.line) + "TRANSFER node " + std::to_string(via.id) +
                                        " leads to no task");
                for (const std::size_t targetId : via.children) {
                    Expected<std::size_t> target = childIndex(via, targetId);
                    if (!target) return target.error();
                    if (nodes[*target].type == NodeType::Transfer)
                        return invalidInput(linePrefix(via.line) + "TRANSFER node " + std::to_string(via.id) +
                                            " leads to TRANSFER node " + std::to_string(targetId) + ", not to a task");
                    targets.push_back(*target);
                }
            }
            for (const std::size_t target : targets) {
                if (target == i)
                    return invalidInput(linePrefix(node.line) + "task " + quoted(std::to_string(node.id)) +
                                        " depends on itself (a self-loop)");
                if (!collector.add(taskOf[i], taskOf[target], bytes)) return graph_reader::tooManyEdgesError(options.maxEdges);
            }
        }
    }
    if (transfers > 0)
        result.notes.push_back(graph_reader::countOf(transfers, "TRANSFER node", "TRANSFER nodes") +
                               " read as the bytes of their dependencies");
    std::size_t orphans = 0;
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].type == NodeType::Transfer && !transferUsed[i]) ++orphans;
    if (orphans > 0)
        result.notes.push_back("ignored " + graph_reader::countOf(orphans, "TRANSFER node", "TRANSFER nodes") +
                               " that no task produces");
    if (collector.merged() > 0) result.notes.push_back(graph_reader::mergedEdgesNote(collector.merged()));
    result.graph.edges = collector.take();
    return result;
}

}  // namespace hetsched
