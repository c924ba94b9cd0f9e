// WfCommons WfFormat 1.0 to 1.5, WorkflowHub 0.2, SimGrid's dag-from-json and WRENCH's JSON read into one
// task graph: runtimes become flops, files written by a parent and read by a child become edge bytes.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "io/dag_io.h"
#include "io/graph_reader_util.h"
#include "io/json_reader.h"
#include "io/task_graph_import.h"

namespace hetsched {

namespace {

using json_detail::JsonNode;

std::string show(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", v);
    return buffer;
}

// File names (1.0-1.4) or file ids (1.5) interned to indices, so that matching a child's inputs
// against its parents' outputs is hashing, not string comparison over every pair.
struct FileTable {
    std::unordered_map<std::string, std::size_t> index;
    std::vector<std::string> names;
    std::vector<std::optional<double>> declaredSize;   // 1.5's specification.files, or a writer's own entry
    std::vector<std::optional<double>> readerSize;     // a reader's entry, when no writer gives one
    std::vector<std::vector<std::size_t>> writers;     // raw task indices of the tasks that output the file

    std::size_t intern(const std::string& name) {
        auto [it, inserted] = index.emplace(name, names.size());
        if (inserted) {
            names.push_back(name);
            declaredSize.emplace_back();
            readerSize.emplace_back();
            writers.emplace_back();
        }
        return it->second;
    }
    std::optional<double> size(std::size_t file) const {
        return declaredSize[file] ? declaredSize[file] : readerSize[file];
    }
};

// A task as the document lists it, transfer tasks included (they are folded into edges later).
struct RawTask {
    std::string name;                       // shown to the user; made unique at the end
    bool transfer = false;                  // SimGrid / WorkflowHub "type": "transfer"
    std::optional<double> flops;            // none: the file gives no runtime
    double cores = 1;                       // the cores the runtime was measured on ("cores"; 1 when not given)
    std::optional<double> transferBytes;    // a transfer task's own byte count
    std::vector<std::size_t> inputs;        // file indices
    std::vector<std::size_t> parents;       // raw task indices, de-duplicated
};

constexpr std::size_t kAmbiguous = std::numeric_limits<std::size_t>::max();

// What parents and children lists refer to: the primary key (the id in 1.5, the name before), with
// the other one as a fallback for producers that mix them. A key two tasks share never resolves, so
// a repeated name can never wire an edge to the wrong task.
struct TaskKeys {
    std::unordered_map<std::string, std::size_t> primary;
    std::unordered_map<std::string, std::size_t> secondary;

    static void add(std::unordered_map<std::string, std::size_t>& map, const std::string& key, std::size_t task) {
        auto [it, inserted] = map.emplace(key, task);
        if (!inserted && it->second != task) it->second = kAmbiguous;
    }
    std::size_t resolve(const JsonNode& reference, const char* relation) const {
        const std::string key = reference.string();
        auto p = primary.find(key);
        if (p != primary.end() && p->second != kAmbiguous) return p->second;
        auto s = secondary.find(key);
        if (s != secondary.end() && s->second != kAmbiguous) return s->second;
        if (p != primary.end() || s != secondary.end())
            reference.fail(std::string(relation) + " " + graph_reader::quoted(key) + " names several tasks");
        reference.fail("unknown " + std::string(relation) + " task " + graph_reader::quoted(key));
    }
};

struct ReadState {
    explicit ReadState(const TaskGraphImportOptions& o) : options(o) {}

    const TaskGraphImportOptions& options;
    bool runtimeIsFlops = false;            // SimGrid JSON: its loader takes the runtime as flops
    std::vector<RawTask> tasks;
    FileTable files;
    TaskKeys keys;
    std::unordered_set<std::uint64_t> rawEdges;

    std::uint64_t pairKey(std::size_t from, std::size_t to) const {
        return static_cast<std::uint64_t>(from) * (tasks.size() + 1) + to;
    }
    void addRawEdge(std::size_t from, std::size_t to, const JsonNode& where) {
        if (from == to) where.fail("task " + graph_reader::quoted(tasks[to].name) + " depends on itself");
        if (rawEdges.insert(pairKey(from, to)).second) tasks[to].parents.push_back(from);
    }

    // A runtime (seconds, or flops for SimGrid) checked and turned into flops.
    double flopsOf(const JsonNode& runtime) const {
        const double value = runtime.numberIn(0, std::numeric_limits<double>::max());
        const double flops = runtimeIsFlops ? value : value * options.referenceSpeed;
        if (!(flops <= dag_limits::kMaxValue))
            runtime.fail("runtime " + show(value) + " is too large (more than " + show(dag_limits::kMaxValue) + " flops)");
        return flops;
    }
};

std::string versionOf(const JsonNode& root) {
    auto version = root.find("schemaVersion");
    if (!version) return {};
    if (version->raw().is_string()) return version->raw().get<std::string>();
    if (version->raw().is_number()) return version->raw().dump();
    version->fail("expected a string, got " + json_detail::describeType(version->raw()));
}

std::optional<JsonNode> findAny(const JsonNode& node, std::initializer_list<const char*> keys) {
    for (const char* key : keys)
        if (auto found = node.find(key)) return found;
    return std::nullopt;
}

double sizeOf(const JsonNode& size) { return size.numberIn(0, dag_limits::kMaxValue); }

// A task's "cores": how many the runtime was measured on (1 when absent, or recorded as 0 or 1).
double coresOf(const JsonNode& task) {
    auto cores = task.find("cores");
    if (!cores || cores->raw().is_null()) return 1;
    return std::max(1.0, cores->numberIn(0, 1e9));
}

// The makespan the file records for its run: execution.makespanInSeconds (1.5), makespanInSeconds (1.4),
// makespan (1.0 to 1.3); none when absent or 0.
std::optional<double> recordedMakespanOf(const JsonNode& workflow) {
    std::optional<JsonNode> found;
    if (auto execution = workflow.find("execution"); execution && execution->raw().is_object())
        found = findAny(*execution, {"makespanInSeconds", "makespan"});
    if (!found) found = findAny(workflow, {"makespanInSeconds", "makespan"});
    if (!found || found->raw().is_null()) return std::nullopt;
    const double seconds = found->numberIn(0, dag_limits::kMaxValue);
    if (!(seconds > 0)) return std::nullopt;
    return seconds;
}

// Parents and children lists of one task, whatever the layout; both are honoured.
void readRelations(ReadState& state, const JsonNode& task, std::size_t self) {
    if (auto parents = task.find("parents")) {
        parents->requireArray();
        for (std::size_t k = 0; k < parents->size(); ++k)
            state.addRawEdge(state.keys.resolve((*parents)[k], "parent"), self, (*parents)[k]);
    }
    if (auto children = task.find("children")) {
        children->requireArray();
        for (std::size_t k = 0; k < children->size(); ++k)
            state.addRawEdge(self, state.keys.resolve((*children)[k], "child"), (*children)[k]);
    }
}

// Schema 1.5 (and WRENCH's output): workflow.specification holds the structure by id,
// workflow.execution.tasks the runtimes by id.
void readSpecification(ReadState& state, const JsonNode& workflow, const JsonNode& specification) {
    specification.requireObject();
    if (auto files = specification.find("files")) {
        files->requireArray();
        for (std::size_t k = 0; k < files->size(); ++k) {
            const JsonNode file = (*files)[k];
            const std::size_t f = state.files.intern(file.at("id").nonEmptyString());
            if (auto size = findAny(file, {"sizeInBytes", "size"})) state.files.declaredSize[f] = sizeOf(*size);
        }
    }
    std::unordered_map<std::string, std::optional<double>> flopsById;
    std::unordered_map<std::string, double> coresById;
    if (auto execution = workflow.find("execution")) {
        const JsonNode tasks = execution->at("tasks");
        tasks.requireArray();
        for (std::size_t k = 0; k < tasks.size(); ++k) {
            const JsonNode task = tasks[k];
            std::optional<double> flops;
            if (auto runtime = findAny(task, {"runtimeInSeconds", "runtime"})) flops = state.flopsOf(*runtime);
            const std::string id = task.at("id").nonEmptyString();
            flopsById[id] = flops;
            coresById[id] = coresOf(task);
        }
    }
    const JsonNode tasks = specification.at("tasks");
    tasks.requireArray();
    state.tasks.resize(tasks.size());
    for (std::size_t k = 0; k < tasks.size(); ++k) {
        const JsonNode task = tasks[k];
        task.requireObject();
        const std::optional<JsonNode> idNode = task.find("id");
        const std::string id = idNode ? idNode->nonEmptyString() : task.at("name").nonEmptyString();
        if (state.keys.primary.count(id)) (idNode ? *idNode : task).fail("duplicate task id " + graph_reader::quoted(id));
        TaskKeys::add(state.keys.primary, id, k);
        RawTask& raw = state.tasks[k];
        raw.name = task.has("name") ? task.at("name").nonEmptyString() : id;
        TaskKeys::add(state.keys.secondary, raw.name, k);
        if (auto found = flopsById.find(id); found != flopsById.end()) raw.flops = found->second;
        if (auto found = coresById.find(id); found != coresById.end()) raw.cores = found->second;
        auto fileList = [&](const char* key, bool output) {
            auto list = task.find(key);
            if (!list) return;
            list->requireArray();
            for (std::size_t m = 0; m < list->size(); ++m) {
                const std::size_t f = state.files.intern((*list)[m].nonEmptyString());
                if (output) state.files.writers[f].push_back(k);
                else raw.inputs.push_back(f);
            }
        };
        fileList("inputFiles", false);
        fileList("outputFiles", true);
    }
    for (std::size_t k = 0; k < tasks.size(); ++k) readRelations(state, tasks[k], k);
}

// Schemas 1.0 to 1.4, WorkflowHub 0.2, SimGrid and WRENCH 1.x: workflow.jobs or workflow.tasks, each
// with its runtime, its files (link input/output) and its parents by name.
void readTaskList(ReadState& state, const JsonNode& tasks) {
    tasks.requireArray();
    state.tasks.resize(tasks.size());
    for (std::size_t k = 0; k < tasks.size(); ++k) {
        const JsonNode task = tasks[k];
        task.requireObject();
        const std::optional<JsonNode> nameNode = task.find("name");
        const std::optional<JsonNode> idNode = task.find("id");
        if (!nameNode && !idNode) task.fail("a task needs a name or an id");
        RawTask& raw = state.tasks[k];
        raw.name = nameNode ? nameNode->nonEmptyString() : idNode->nonEmptyString();
        TaskKeys::add(state.keys.primary, raw.name, k);
        if (nameNode && idNode) TaskKeys::add(state.keys.secondary, idNode->nonEmptyString(), k);
        if (auto type = task.find("type")) raw.transfer = type->string() == "transfer";
        if (raw.transfer) {
            if (auto bytes = findAny(task, {"writtenBytes", "bytesWritten", "readBytes", "bytesRead"}))
                raw.transferBytes = sizeOf(*bytes);
        } else if (auto runtime = findAny(task, {"runtimeInSeconds", "runtime"})) {
            raw.flops = state.flopsOf(*runtime);
            raw.cores = coresOf(task);
        }
        if (auto files = task.find("files")) {
            files->requireArray();
            for (std::size_t m = 0; m < files->size(); ++m) {
                const JsonNode file = (*files)[m];
                const JsonNode link = file.at("link");
                const std::string direction = link.string();
                if (direction != "input" && direction != "output")
                    link.fail("expected \"input\" or \"output\", got " + graph_reader::quoted(direction));
                const std::optional<JsonNode> fileName = findAny(file, {"name", "id"});
                if (!fileName) file.fail("a file needs a name");
                const std::size_t f = state.files.intern(fileName->nonEmptyString());
                std::optional<double> size;
                if (auto s = findAny(file, {"sizeInBytes", "size"})) size = sizeOf(*s);
                if (direction == "output") {
                    if (!raw.transfer) state.files.writers[f].push_back(k);
                    if (!state.files.declaredSize[f]) state.files.declaredSize[f] = size;
                } else {
                    raw.inputs.push_back(f);
                    if (!state.files.readerSize[f]) state.files.readerSize[f] = size;
                }
            }
        }
    }
    for (std::size_t k = 0; k < tasks.size(); ++k) readRelations(state, tasks[k], k);
}

// SimGrid's dag-from-json writes "tasks" (WfFormat 1.0 itself says "jobs") with compute and transfer
// tasks and no files; its loader takes a compute task's runtime as its flops.
bool isSimGridJson(const JsonNode& workflow, const std::string& version) {
    auto tasks = workflow.find("tasks");
    if (!tasks || !tasks->raw().is_array()) return false;
    bool transferWithBytes = false;
    for (const nlohmann::json& task : tasks->raw()) {
        if (!task.is_object()) return false;
        if (task.contains("files")) return false;
        const auto type = task.find("type");
        if (type != task.end() && type->is_string() && type->get<std::string>() == "transfer" &&
            (task.contains("writtenBytes") || task.contains("bytesWritten") || task.contains("readBytes")))
            transferWithBytes = true;
    }
    return version == "1.0" || transferWithBytes;
}

// Task names made unique: the first keeps its name, the next ones get "#2", "#3", ...
std::size_t makeNamesUnique(std::vector<DagTask>& tasks, std::string& example) {
    std::unordered_set<std::string> taken;
    for (const DagTask& task : tasks) taken.insert(task.name);
    std::unordered_map<std::string, int> nextSuffix;   // per name: the suffix to try next
    std::size_t renamed = 0;
    for (DagTask& task : tasks) {
        auto [next, first] = nextSuffix.emplace(task.name, 2);
        if (first) continue;
        std::string unique;
        do unique = task.name + "#" + std::to_string(next->second++);
        while (taken.count(unique));
        taken.insert(unique);
        if (renamed++ == 0) example = graph_reader::quoted(task.name) + " became " + graph_reader::quoted(unique);
        task.name = std::move(unique);
    }
    return renamed;
}

}  // namespace

Expected<TaskGraphImport> readWfFormatTaskGraph(std::string_view text, const TaskGraphImportOptions& options) {
    if (auto problem = importOptionsProblem(options)) return *problem;
    try {
        const nlohmann::json json = json_detail::parseJsonText(text);
        const JsonNode root(json, "");
        root.requireObject();
        const JsonNode workflow = root.at("workflow");
        workflow.requireObject();
        const std::string version = versionOf(root);

        ReadState state(options);
        TaskGraphImport result;
        if (auto specification = workflow.find("specification")) {
            result.format = "WfFormat " + (version.empty() ? std::string("1.5") : version);
            readSpecification(state, workflow, *specification);
        } else {
            state.runtimeIsFlops = isSimGridJson(workflow, version);
            if (state.runtimeIsFlops) result.format = "SimGrid JSON";
            else if (version.rfind("0.", 0) == 0) result.format = "WorkflowHub " + version;
            else result.format = version.empty() ? "WfFormat" : "WfFormat " + version;
            if (auto tasks = workflow.find("tasks")) readTaskList(state, *tasks);
            else if (auto jobs = workflow.find("jobs")) readTaskList(state, *jobs);
            else workflow.fail("missing key 'specification', 'tasks' or 'jobs'");
        }
        if (auto description = root.find("description");
            description && description->raw().is_string() &&
            description->raw().get<std::string>().find("WRENCH") != std::string::npos)
            result.format += " (WRENCH)";
        if (state.runtimeIsFlops)
            result.notes.push_back("SimGrid JSON: a runtime is read as flops, as SimGrid's create_DAG_from_json "
                                   "does (not multiplied by the reference speed)");

        // Compute tasks become the graph's tasks, in the document's order.
        const std::size_t rawCount = state.tasks.size();
        std::size_t computeCount = 0;
        for (const RawTask& raw : state.tasks) computeCount += !raw.transfer;
        if (computeCount > options.maxTasks) return graph_reader::tooManyTasksError(computeCount, options.maxTasks);
        std::vector<std::size_t> taskOf(rawCount, kAmbiguous);
        TaskGraph& graph = result.graph;
        std::size_t withoutRuntime = 0, onSeveralCores = 0;
        std::string withoutRuntimeExample;
        for (std::size_t k = 0; k < rawCount; ++k) {
            const RawTask& raw = state.tasks[k];
            if (raw.transfer) continue;
            taskOf[k] = graph.tasks.size();
            double flops = 0;
            if (raw.flops) {
                flops = *raw.flops;
                // Measured on c cores: the work that c reference processors run in that time under Amdahl's law.
                if (raw.cores > 1 && !state.runtimeIsFlops) {
                    ++onSeveralCores;
                    flops /= options.alpha + (1 - options.alpha) / raw.cores;
                    if (!(flops <= dag_limits::kMaxValue))
                        return invalidInput("task " + graph_reader::quoted(raw.name) + ": its runtime on " + show(raw.cores) +
                                            " cores is more than " + show(dag_limits::kMaxValue) + " flops");
                }
            } else {
                if (withoutRuntime++ == 0) withoutRuntimeExample = "task " + graph_reader::quoted(raw.name);
                flops = options.defaultFlops.value_or(0);
            }
            graph.tasks.push_back({raw.name, flops, options.alpha});
        }
        if (onSeveralCores > 0)
            result.notes.push_back(std::to_string(onSeveralCores) + (onSeveralCores == 1 ? " task ran" : " tasks ran") +
                                   " on several cores (\"cores\"): the flops that many processors of the reference "
                                   "speed run in the recorded runtime, at alpha " + show(options.alpha));
        graph.recordedMakespan = recordedMakespanOf(workflow);
        if (graph.recordedMakespan && !state.runtimeIsFlops) {
            // What the record holds besides the tasks' runs (the workflow system's own time, transfers, queues).
            double runtimes = 0, longest = 0;
            for (const RawTask& raw : state.tasks)
                if (!raw.transfer && raw.flops) {
                    runtimes += *raw.flops / options.referenceSpeed;
                    longest = std::max(longest, *raw.flops / options.referenceSpeed);
                }
            result.notes.push_back("the file records a makespan of " + show(*graph.recordedMakespan) +
                                   " s for its run; its tasks' runtimes add up to " + show(runtimes) + " s (the longest " +
                                   show(longest) + " s)");
        }
        if (withoutRuntime > 0) {
            if (!options.defaultFlops) return missingSizeError(withoutRuntime, withoutRuntimeExample, false);
            result.notes.push_back(std::to_string(withoutRuntime) + (withoutRuntime == 1 ? " task" : " tasks") +
                                   " without a runtime got --default-flops " + show(*options.defaultFlops));
        }

        // Dependencies between compute tasks; a transfer task between two of them becomes bytes of
        // the edge (parent compute -> transfer -> child compute is one edge).
        std::unordered_map<std::uint64_t, std::size_t> edgeOf;
        // Transfer tasks between many compute tasks make dependencies from all of them to all of them:
        // counted as they are made, and the walks through chains of transfers bounded.
        auto edgeIndex = [&](std::size_t from, std::size_t to) {
            auto [it, inserted] = edgeOf.emplace(static_cast<std::uint64_t>(from) * (rawCount + 1) + to, graph.edges.size());
            if (inserted) {
                if (graph.edges.size() >= options.maxEdges)
                    throw json_detail::InputError(graph_reader::tooManyEdgesError(options.maxEdges).message);
                graph.edges.push_back({taskOf[from], taskOf[to], 0});
            }
            return it->second;
        };
        const std::size_t walkBudget = 10 * options.maxEdges;
        std::size_t walked = 0;
        std::vector<bool> transferUsed(rawCount, false);
        std::size_t transferEdges = 0;
        std::vector<std::size_t> stack, ancestors;
        std::unordered_set<std::size_t> visited;
        for (std::size_t child = 0; child < rawCount; ++child) {
            if (state.tasks[child].transfer) continue;
            for (std::size_t parent : state.tasks[child].parents) {
                if (!state.tasks[parent].transfer) {
                    edgeIndex(parent, child);
                    continue;
                }
                // The compute tasks upstream of this transfer, through any chain of transfers.
                ancestors.clear();
                visited.clear();
                stack.assign(1, parent);
                visited.insert(parent);
                while (!stack.empty()) {
                    const std::size_t at = stack.back();
                    stack.pop_back();
                    if ((walked += 1 + state.tasks[at].parents.size()) > walkBudget)
                        throw json_detail::InputError(
                            "the chains of transfer tasks join too many tasks: following them takes more than " +
                            std::to_string(walkBudget) + " steps (10 x the limit of dependencies, raised with --max-edges)");
                    for (std::size_t up : state.tasks[at].parents) {
                        if (!visited.insert(up).second) continue;
                        if (state.tasks[up].transfer) stack.push_back(up);
                        else ancestors.push_back(up);
                    }
                }
                if (!ancestors.empty()) transferUsed[parent] = true;
                for (std::size_t from : ancestors) {
                    const std::size_t e = edgeIndex(from, child);
                    ++transferEdges;
                    // The bytes the child receives: those of the transfer next to it.
                    if (state.tasks[parent].transferBytes) graph.edges[e].bytes += *state.tasks[parent].transferBytes;
                }
            }
        }
        std::size_t transfers = 0, usedTransfers = 0;
        for (std::size_t k = 0; k < rawCount; ++k) {
            transfers += state.tasks[k].transfer;
            usedTransfers += transferUsed[k];
        }
        if (usedTransfers > 0)
            result.notes.push_back(std::to_string(usedTransfers) + " transfer task" + (usedTransfers == 1 ? "" : "s") +
                                   " became the bytes of " + std::to_string(transferEdges) + " dependenc" +
                                   (transferEdges == 1 ? "y" : "ies"));
        if (transfers > usedTransfers)
            result.notes.push_back(std::to_string(transfers - usedTransfers) + " transfer task" +
                                   (transfers - usedTransfers == 1 ? "" : "s") +
                                   " without a compute task on both sides dropped");

        // Files: a child's input written by one of its parents adds its size to that edge.
        if (auto problem = graph_reader::addFileBytes(
                graph.edges, edgeOf, rawCount,
                [&](std::size_t child) { return state.tasks[child].transfer ? nullptr : &state.tasks[child].inputs; },
                [&](std::size_t f) -> const std::vector<std::size_t>& { return state.files.writers[f]; },
                [&](std::size_t f) { return state.files.size(f); },
                [&](std::size_t writer, std::size_t child, std::size_t f) {
                    return state.tasks[writer].name + " -> " + state.tasks[child].name + ": file " +
                           graph_reader::quoted(state.files.names[f]) + " has no size";
                },
                options, result.notes))
            return *problem;
        for (const DagEdge& edge : graph.edges)
            if (!(edge.bytes <= dag_limits::kMaxValue))
                return invalidInput("the dependency " + graph.tasks[edge.from].name + " -> " + graph.tasks[edge.to].name +
                                    " carries more than 1e30 bytes");

        std::string renamedExample;
        if (const std::size_t renamed = makeNamesUnique(graph.tasks, renamedExample))
            result.notes.push_back(std::to_string(renamed) + " task" + (renamed == 1 ? " repeats" : "s repeat") +
                                   " the name of an earlier one: renamed with a #k suffix (a repeated name never "
                                   "wires a dependency), e.g. " + renamedExample);
        return result;
    } catch (const json_detail::InputError& e) {
        return invalidInput(e.what());
    } catch (const std::exception& e) {
        return invalidInput(std::string("cannot read the workflow: ") + e.what());
    }
}

}  // namespace hetsched
