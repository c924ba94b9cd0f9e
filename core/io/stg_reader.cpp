// Task graphs in Kasahara's Standard Task Graph Set (STG) format, with or without communication costs.
//
// The format: the task count n on the first line (after any blank or '#' lines; some files add the
// processor count of the set's experiments, "452 20", noted and not used), then one line
// per task, `id cost npred pred...` (columns may be padded), then an optional footer of '#' lines:
//   2
//   0 0 0
//   1 4 1 0
//   2 6 1 0
//   3 0 2 1 2
// What is read, and the rules chosen:
// - Task lines run from the count to the footer (or the end). Their ids must be 0, 1, 2, ... in order.
//   The set's files have n + 2 of them (dummy entry 0 and exit n + 1 of cost 0); some files count
//   every line in n. Both are accepted; any other number of lines is refused.
// - Every line is a task, named by its id, dummies included: the entry and exit pseudo-tasks are kept
//   (one rule for the three text readers, as DOT's root/end and daggen's ROOT/END), at their cost 0.
// - Costs are time units: flops = cost * options.referenceSpeed, so that a task runs `cost` seconds on
//   a processor of the reference speed. alpha = options.alpha.
// - Plain STG gives no data sizes: a dependency gets options.defaultBytes if given, else 0 bytes (a
//   pure precedence), noted. The "with communication costs" variant, `id cost npred (pred comm)...`,
//   is recognized when a line lists 2 * npred numbers; a communication cost is time units too, read as
//   comm * referenceSpeed bytes (the same time on a link of referenceSpeed bytes/s), noted.
// - Some files add a deadline to each task line, either last (`id cost npred pred... deadline`) or after
//   the cost (`id cost deadline npred pred...`); recognised when the line's count of numbers says so,
//   the first task line decides, every line must then have it, and it is noted (a dag instance has none).
// - A task line's predecessor list may continue on the following lines (the set's files wrap long lists,
//   the continuation lines holding predecessors only): a line listing fewer numbers than its npred asks
//   for takes the next lines' numbers until it has them; errors name the task's first line.
// - A predecessor must be a task of the file and not the task itself; one named twice is merged.
#include <cmath>

#include "io/graph_reader_util.h"
#include "io/task_graph_import.h"

namespace hetsched {

namespace {

using graph_reader::linePrefix;
using graph_reader::parseIndex;
using graph_reader::parseNumber;
using graph_reader::quoted;

struct StgTask {
    std::size_t line = 0;
    double cost = 0;
    std::vector<std::size_t> predecessors;
    std::vector<double> communication;   // per predecessor, in the variant with communication costs
};

bool isComment(std::string_view content) { return content.starts_with("#"); }

}  // namespace

Expected<TaskGraphImport> readStgTaskGraph(std::string_view text, const TaskGraphImportOptions& options) {
    if (auto problem = importOptionsProblem(options)) return *problem;
    text = graph_reader::withoutByteOrderMark(text);
    std::optional<std::size_t> count;
    std::size_t countLine = 0;
    std::vector<StgTask> tasks;
    std::optional<bool> withCommunication;   // decided by the first line with a predecessor
    std::size_t variantLine = 0;
    std::optional<std::size_t> processors;   // "452 20": the set's processor count
    enum class Deadline { None, Last, AfterCost };
    std::optional<Deadline> deadline;        // decided by the first line that shows one
    std::size_t deadlineLine = 0;
    const std::vector<graph_reader::NumberedLine> lines = graph_reader::numberedLines(text);
    std::size_t wrappedLines = 0;   // continuation lines of wrapped predecessor lists
    for (std::size_t lineIndex = 0; lineIndex < lines.size(); ++lineIndex) {
        const graph_reader::NumberedLine& line = lines[lineIndex];
        const std::string_view content = graph_reader::trimmed(line.text);
        if (content.empty()) continue;
        const std::string at = linePrefix(line.number);
        if (isComment(content)) {
            if (count && !tasks.empty()) break;   // the footer: the rest is the set's description
            continue;
        }
        std::vector<std::string_view> fields = graph_reader::splitFields(content);
        if (count) {
            // A wrapped predecessor list: the numbers npred asks for (pairs once the variant with communication
            // costs is known, a deadline last once that layout is) taken from the following lines.
            const bool afterCost = deadline && *deadline == Deadline::AfterCost;
            const std::size_t npredField = afterCost ? 3 : 2;
            const std::optional<std::size_t> npred =
                fields.size() > npredField ? parseIndex(fields[npredField]) : std::nullopt;
            if (npred && *npred <= options.maxEdges) {
                const std::size_t needed = npredField + 1 + *npred * (withCommunication.value_or(false) ? 2 : 1) +
                                           (deadline && *deadline == Deadline::Last ? 1 : 0);
                while (fields.size() < needed && lineIndex + 1 < lines.size()) {
                    const std::string_view next = graph_reader::trimmed(lines[lineIndex + 1].text);
                    if (next.empty() || isComment(next)) break;
                    const std::vector<std::string_view> more = graph_reader::splitFields(next);
                    // A continuation holds no more numbers than are missing, and is not the next task's line: it
                    // is indented past this line's id, or does not start with the next id and its cost and npred.
                    if (more.size() > needed - fields.size()) break;
                    const auto indent = [](std::string_view raw) { return raw.find_first_not_of(" \t"); };
                    const bool indented = indent(lines[lineIndex + 1].text) > indent(line.text);
                    const std::optional<std::size_t> nextId = parseIndex(more.front());
                    if (!indented && more.size() >= 3 && nextId && *nextId == tasks.size() + 1) break;
                    fields.insert(fields.end(), more.begin(), more.end());
                    ++lineIndex;
                    ++wrappedLines;
                }
            }
        }
        if (!count) {
            count = fields.size() <= 2 ? parseIndex(fields[0]) : std::nullopt;
            if (fields.size() == 2) processors = parseIndex(fields[1]);
            if (!count || (fields.size() == 2 && !processors))
                return invalidInput(at + "expected the number of tasks alone on the line (or followed by a processor count), got " + quoted(content));
            // Before any arithmetic on it: 2^64 - 1 + 2 would wrap around to 1.
            if (*count > options.maxTasks)
                return invalidInput(at + "the count says " + graph_reader::tooManyTasksError(*count, options.maxTasks).message);
            countLine = line.number;
            continue;
        }
        if (tasks.size() == *count + 2)
            return invalidInput(at + "more task lines than the count (" + std::to_string(*count) +
                                ") and the dummy entry and exit allow");
        if (fields.size() < 3) return invalidInput(at + "expected id cost npred pred..., got " + quoted(content));
        std::vector<std::string_view> taskFields = fields;   // without a deadline, once recognised
        {
            // A deadline: the numbers after npred are one too many (last), or npred is the fourth field.
            const std::optional<std::size_t> third = parseIndex(fields[2]);
            const std::optional<std::size_t> fourth = fields.size() > 3 ? parseIndex(fields[3]) : std::nullopt;
            const std::size_t rest3 = fields.size() - 3;
            const bool plainFits = third && (rest3 == *third || (*third > 0 && rest3 == 2 * *third));
            const bool lastFits = third && rest3 == *third + 1;
            const bool afterCostFits = fourth && parseNumber(fields[2]) && fields.size() - 4 == *fourth;
            // The layout is decided by the first task line (the entry task), then required of every line.
            if (!deadline) {
                deadline = plainFits ? Deadline::None : lastFits ? Deadline::Last : afterCostFits ? Deadline::AfterCost : Deadline::None;
                deadlineLine = line.number;
            }
            const Deadline seen = *deadline;
            if (seen == Deadline::Last) {
                if (!lastFits)
                    return invalidInput(at + "expected id cost npred pred... deadline, as on line " + std::to_string(deadlineLine) +
                                        ", got " + quoted(content));
                taskFields.pop_back();
            } else if (seen == Deadline::AfterCost) {
                if (!afterCostFits)
                    return invalidInput(at + "expected id cost deadline npred pred..., as on line " + std::to_string(deadlineLine) +
                                        ", got " + quoted(content));
                taskFields.erase(taskFields.begin() + 2);
            }
        }
        const std::size_t expectedId = tasks.size();
        const std::optional<std::size_t> id = parseIndex(taskFields[0]);
        if (!id || *id != expectedId)
            return invalidInput(at + "expected task " + std::to_string(expectedId) + " (ids count up from 0), got " +
                                quoted(taskFields[0]));
        StgTask task;
        task.line = line.number;
        const std::optional<double> cost = parseNumber(taskFields[1]);
        if (!cost || !std::isfinite(*cost) || *cost < 0)
            return invalidInput(at + "task " + std::to_string(*id) + ": the cost must be a finite number >= 0, got " +
                                quoted(taskFields[1]));
        task.cost = *cost;
        const std::optional<std::size_t> npred = parseIndex(taskFields[2]);
        if (!npred)
            return invalidInput(at + "task " + std::to_string(*id) +
                                ": the number of predecessors must be a non-negative integer, got " + quoted(taskFields[2]));
        const std::size_t listed = taskFields.size() - 3;
        if (*npred > listed)
            return invalidInput(at + "task " + std::to_string(*id) + " has " + std::to_string(*npred) +
                                " predecessors but lists " + std::to_string(listed) + " numbers");
        if (*npred > 0) {
            const bool pairs = listed == 2 * *npred;   // no overflow: npred <= listed
            if (listed != *npred && !pairs)
                return invalidInput(at + "task " + std::to_string(*id) + " has " + std::to_string(*npred) +
                                    " predecessors but lists " + std::to_string(listed) + " numbers (expected " +
                                    std::to_string(*npred) + ", or " + std::to_string(2 * *npred) +
                                    " with communication costs)");
            if (!withCommunication) {
                withCommunication = pairs;
                variantLine = line.number;
            } else if (*withCommunication != pairs) {
                return invalidInput(at + "task " + std::to_string(*id) + (pairs ? " gives" : " gives no") +
                                    " communication costs, unlike line " + std::to_string(variantLine));
            }
        } else if (listed != 0) {
            return invalidInput(at + "task " + std::to_string(*id) + " has no predecessor but lists " +
                                std::to_string(listed) + " more numbers");
        }
        const std::size_t step = withCommunication.value_or(false) ? 2 : 1;
        for (std::size_t k = 3; k + step <= taskFields.size(); k += step) {
            const std::optional<std::size_t> pred = parseIndex(taskFields[k]);
            if (!pred)
                return invalidInput(at + "task " + std::to_string(*id) + ": a predecessor must be a task id, got " +
                                    quoted(taskFields[k]));
            task.predecessors.push_back(*pred);
            if (step == 2) {
                const std::optional<double> comm = parseNumber(taskFields[k + 1]);
                if (!comm || !std::isfinite(*comm) || *comm < 0)
                    return invalidInput(at + "task " + std::to_string(*id) +
                                        ": a communication cost must be a finite number >= 0, got " + quoted(taskFields[k + 1]));
                task.communication.push_back(*comm);
            }
        }
        tasks.push_back(std::move(task));
    }
    if (!count) return invalidInput("empty input: no STG task count");
    if (tasks.size() != *count && tasks.size() != *count + 2)
        return invalidInput(linePrefix(countLine) + "the count says " + std::to_string(*count) + " tasks but the file has " +
                            std::to_string(tasks.size()) + " task lines (expected " + std::to_string(*count + 2) +
                            " with the dummy entry and exit, or " + std::to_string(*count) + ")");
    if (tasks.empty()) return invalidInput(linePrefix(countLine) + "the graph has no task");

    TaskGraphImport result;
    const bool communication = withCommunication.value_or(false);
    result.format = communication ? "STG with communication costs" : "STG";
    if (deadline && *deadline != Deadline::None) result.format += " with deadlines";
    for (std::size_t i = 0; i < tasks.size(); ++i)
        result.graph.tasks.push_back({std::to_string(i), tasks[i].cost * options.referenceSpeed, options.alpha});
    const double plainBytes = options.defaultBytes.value_or(0);
    graph_reader::EdgeCollector collector(options.maxEdges);
    std::size_t edges = 0;
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        for (std::size_t k = 0; k < tasks[i].predecessors.size(); ++k) {
            const std::size_t pred = tasks[i].predecessors[k];
            const std::string at = linePrefix(tasks[i].line) + "task " + std::to_string(i);
            if (pred >= tasks.size())
                return invalidInput(at + " names predecessor " + std::to_string(pred) + ", but the tasks are 0 to " +
                                    std::to_string(tasks.size() - 1));
            if (pred == i) return invalidInput(at + " is its own predecessor (a self-loop)");
            if (!collector.add(pred, i, communication ? tasks[i].communication[k] * options.referenceSpeed : plainBytes))
                return graph_reader::tooManyEdgesError(options.maxEdges);
            ++edges;
        }
    }
    const std::string speed = graph_reader::formatNumber(options.referenceSpeed);
    result.notes.push_back("costs are time units: flops = cost * " + speed + " (the reference speed)");
    if (processors)
        result.notes.push_back("the file names " + std::to_string(*processors) +
                               " processors (line " + std::to_string(countLine) + "): not used, the platform is chosen apart");
    if (deadline && *deadline != Deadline::None)
        result.notes.push_back(std::string("task deadlines (") + (*deadline == Deadline::Last ? "last on each task line" : "after each cost") +
                               ") not used: a dag instance has none");
    if (communication) {
        result.notes.push_back("communication costs are time units: bytes = cost * " + speed);
    } else if (edges > 0) {
        const std::string dependencies = graph_reader::countOf(edges, "dependency", "dependencies");
        result.notes.push_back(options.defaultBytes
                                   ? dependencies + " without a size (STG gives none) got --default-bytes " +
                                         graph_reader::formatNumber(plainBytes)
                                   : "STG gives no data sizes: " + dependencies + " carry 0 bytes (pure precedence)");
    }
    if (wrappedLines > 0)
        result.notes.push_back("predecessor lists continued on " + graph_reader::countOf(wrappedLines, "following line", "following lines"));
    if (collector.merged() > 0) result.notes.push_back(graph_reader::mergedEdgesNote(collector.merged()));
    result.graph.edges = collector.take();
    return result;
}

}  // namespace hetsched
