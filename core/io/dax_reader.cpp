// Pegasus DAX 2.0 to 3.6 read through libxml2 into one task graph: jobs (and sub-workflows) wherever they
// sit below <adag>, with their runtimes, <uses> files, and dependencies (<child>/<parent>, and those a
// file written by one job and read by another implies, as SimGrid's loader sees them) whose bytes are
// the files the parent writes and the child reads.
#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include "io/dag_io.h"
#include "io/graph_reader_util.h"
#include "io/task_graph_import.h"

namespace hetsched {

namespace {

// libxml2's global tables must be set up once, before any thread parses (the reader may run on a pool
// thread); each call then has its own parser context, so errors never cross threads.
std::once_flag g_libXmlInitialised;

struct DocumentDeleter {
    void operator()(xmlDoc* document) const { xmlFreeDoc(document); }
};
// The first error libxml2 raises (the last one is often a consequence, "Premature end of data").
struct FirstError {
    bool seen = false;
    int line = 0;
    std::string message;
};
void keepFirstError(void* userData, xmlErrorPtr error) {
    auto* context = static_cast<xmlParserCtxt*>(userData);
    auto* first = context ? static_cast<FirstError*>(context->_private) : nullptr;
    if (!first || first->seen || !error || error->level < XML_ERR_ERROR) return;
    first->seen = true;
    first->line = error->line;
    first->message = error->message ? error->message : "unknown error";
}

struct ContextDeleter {
    void operator()(xmlParserCtxt* context) const { xmlFreeParserCtxt(context); }
};

std::string show(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", v);
    return buffer;
}

std::string lineText(const xmlNode* node) { return "line " + std::to_string(xmlGetLineNo(node)) + ": "; }

// Elements by local name, so that a default namespace or a prefix (dax:job) does not matter.
bool isElement(const xmlNode* node, const char* localName) {
    return node->type == XML_ELEMENT_NODE && std::strcmp(reinterpret_cast<const char*>(node->name), localName) == 0;
}

std::string elementName(const xmlNode* node) { return reinterpret_cast<const char*>(node->name); }

// A failure inside the walk: the message names the line.
struct DaxError {
    std::string message;
};

// The text entity references may add to the whole document. libxml2 keeps references as nodes (the
// reader does not ask it to substitute them, which would also load external entities); expanding them
// is then the reader's work, and a small file can reference one entity millions of times (121 KB made
// a 40 MB task name). Like libxml2's own amplification check (the one that refuses "billion laughs"),
// expansion beyond 10 times the input, at least 1 MB, is refused.
class EntityBudget {
public:
    explicit EntityBudget(std::size_t inputBytes) : m_left(std::max<std::size_t>(1 << 20, 10 * inputBytes)), m_limit(m_left) {}
    void spend(std::size_t bytes, const xmlNode* where) {
        if (bytes <= m_left) {
            m_left -= bytes;
            return;
        }
        throw DaxError{"line " + std::to_string(xmlGetLineNo(where)) + ": XML entity references expand to more than " +
                       std::to_string(m_limit) + " bytes (10 times the file, at least 1 MB): refused as an entity "
                       "amplification, as libxml2 refuses \"billion laughs\""};
    }

private:
    std::size_t m_left, m_limit;
};
thread_local EntityBudget* t_entityBudget = nullptr;   // of the document this thread reads (readDaxTaskGraph)

// The text of a node list (attribute values, element content), entity references followed.
void appendText(const xmlNode* list, const xmlNode* where, std::string& out, bool inEntity, int depth) {
    if (depth > 256) throw DaxError{"line " + std::to_string(xmlGetLineNo(where)) + ": XML nested too deeply"};
    for (const xmlNode* node = list; node; node = node->next) {
        switch (node->type) {
        case XML_TEXT_NODE:
        case XML_CDATA_SECTION_NODE:
            if (node->content) {
                const std::size_t size = std::strlen(reinterpret_cast<const char*>(node->content));
                if (inEntity && t_entityBudget) t_entityBudget->spend(size, where);
                out.append(reinterpret_cast<const char*>(node->content), size);
            }
            break;
        case XML_ELEMENT_NODE: appendText(node->children, node, out, inEntity, depth + 1); break;
        case XML_ENTITY_REF_NODE: {
            const xmlEntity* entity = xmlGetDocEntity(node->doc, node->name);
            if (!entity) break;
            if (entity->children) {
                appendText(entity->children, where, out, true, depth + 1);
            } else if (entity->content) {
                const std::size_t size = std::strlen(reinterpret_cast<const char*>(entity->content));
                if (t_entityBudget) t_entityBudget->spend(size, where);
                out.append(reinterpret_cast<const char*>(entity->content), size);
            }
            break;
        }
        default: break;
        }
    }
}

// An attribute by local name, whatever its namespace.
std::optional<std::string> attribute(const xmlNode* node, const char* localName) {
    for (const xmlAttr* a = node->properties; a; a = a->next) {
        if (std::strcmp(reinterpret_cast<const char*>(a->name), localName) != 0) continue;
        std::string text;
        appendText(a->children, node, text, false, 0);
        return text;
    }
    return std::nullopt;
}

std::string content(const xmlNode* node) {
    std::string text;
    appendText(node->children, node, text, false, 0);
    return text;
}

std::optional<double> parseNumber(std::string text) {
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return std::nullopt;
    text = text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || errno == ERANGE || !std::isfinite(v)) return std::nullopt;
    return v;
}

struct Job {
    std::string id;
    std::string name;
    const xmlNode* node = nullptr;
    std::optional<double> seconds;
    bool subWorkflow = false;               // a <dag> or <dax> element
    std::vector<std::size_t> inputs;        // file indices
};

struct Files {
    std::unordered_map<std::string, std::size_t> index;
    std::vector<std::string> names;
    std::vector<std::optional<double>> writerSize, readerSize;
    std::vector<std::vector<std::size_t>> writers;   // job indices

    std::size_t intern(const std::string& name) {
        auto [it, inserted] = index.emplace(name, names.size());
        if (inserted) {
            names.push_back(name);
            writerSize.emplace_back();
            readerSize.emplace_back();
            writers.emplace_back();
        }
        return it->second;
    }
};

struct Dependency {
    const xmlNode* child;
    const xmlNode* parent;
};

double secondsOf(const xmlNode* where, const std::string& text, const std::string& jobId, const char* what) {
    const std::optional<double> v = parseNumber(text);
    if (!v || *v < 0)
        throw DaxError{lineText(where) + "job " + graph_reader::quoted(jobId) + ": " + what + " " + graph_reader::quoted(text) +
                       " is not a number of seconds >= 0"};
    return *v;
}

// One <job>, <dag> or <dax>: its runtime (attribute, or DAX 3's pegasus runtime profile) and its files.
Job readJob(const xmlNode* node, Files& files, std::size_t self) {
    Job job;
    job.node = node;
    job.subWorkflow = !isElement(node, "job");
    const std::optional<std::string> id = attribute(node, "id");
    if (!id || id->empty()) throw DaxError{lineText(node) + "<" + elementName(node) + "> without an id"};
    job.id = *id;
    std::optional<std::string> name = attribute(node, "name");
    if ((!name || name->empty()) && job.subWorkflow) name = attribute(node, "file");
    job.name = name && !name->empty() ? *name : job.id;
    if (auto runtime = attribute(node, "runtime")) job.seconds = secondsOf(node, *runtime, job.id, "runtime");
    for (const xmlNode* c = node->children; c; c = c->next) {
        if (isElement(c, "profile")) {
            if (attribute(c, "namespace").value_or("") == "pegasus" && attribute(c, "key").value_or("") == "runtime" &&
                !job.seconds)
                job.seconds = secondsOf(c, content(c), job.id, "runtime profile");
            continue;
        }
        if (!isElement(c, "uses")) continue;
        std::optional<std::string> file = attribute(c, "name");   // DAX 3.x
        if (!file || file->empty()) file = attribute(c, "file");  // DAX 2.x
        if (!file || file->empty()) throw DaxError{lineText(c) + "<uses> without a file name (name= or file=)"};
        const std::string link = attribute(c, "link").value_or("");
        const bool input = link == "input" || link == "inout";
        const bool output = link == "output" || link == "inout" || link == "checkpoint";
        if (!input && !output)
            throw DaxError{lineText(c) + "<uses> of " + graph_reader::quoted(*file) +
                           ": link must be input, output, inout or checkpoint, got " + graph_reader::quoted(link)};
        std::optional<double> size;
        if (auto text = attribute(c, "size")) {
            size = parseNumber(*text);
            if (!size || *size < 0 || *size > dag_limits::kMaxValue)
                throw DaxError{lineText(c) + "<uses> of " + graph_reader::quoted(*file) + ": size " + graph_reader::quoted(*text) +
                               " is not a number of bytes in [0, 1e30]"};
        }
        const std::size_t f = files.intern(*file);
        if (input) {
            job.inputs.push_back(f);
            if (!files.readerSize[f]) files.readerSize[f] = size;
        }
        if (output) {
            files.writers[f].push_back(self);
            if (!files.writerSize[f]) files.writerSize[f] = size;
        }
    }
    return job;
}

Expected<TaskGraphImport> readDocument(const xmlNode* root, const TaskGraphImportOptions& options) {
    if (!root || !isElement(root, "adag"))
        return invalidInput((root ? lineText(root) + "the root element is <" + elementName(root) + ">" : "no root element") +
                            ", expected <adag>");
    TaskGraphImport result;
    const std::string version = attribute(root, "version").value_or("");
    result.format = version.empty() ? "Pegasus DAX" : "Pegasus DAX " + version;

    std::vector<Job> jobs;
    std::unordered_map<std::string, std::size_t> jobIndex;
    Files files;
    std::vector<Dependency> dependencies;
    // Jobs and <child> elements wherever they sit below <adag> (decaf's DAX puts jobs inside <dflow>),
    // except inside a job; depth first in document order, without recursion.
    std::size_t nestedJobs = 0;
    std::string nestingElement;
    std::vector<std::pair<const xmlNode*, std::size_t>> pending;   // (first sibling, depth)
    pending.emplace_back(root->children, 0);
    while (!pending.empty()) {
        auto [node, depth] = pending.back();
        pending.pop_back();
        for (; node; node = node->next) {
            if (isElement(node, "job") || isElement(node, "dag") || isElement(node, "dax")) {
                if (jobs.size() == options.maxTasks)
                    throw DaxError{lineText(node) + graph_reader::taskLimitError(options.maxTasks).message};
                Job job = readJob(node, files, jobs.size());
                if (!jobIndex.emplace(job.id, jobs.size()).second)
                    throw DaxError{lineText(node) + "duplicate job id " + graph_reader::quoted(job.id)};
                jobs.push_back(std::move(job));
                if (depth > 0 && nestedJobs++ == 0) nestingElement = elementName(node->parent);
            } else if (isElement(node, "child")) {
                for (const xmlNode* p = node->children; p; p = p->next)
                    if (isElement(p, "parent")) dependencies.push_back({node, p});
            } else if (node->type == XML_ELEMENT_NODE && node->children) {
                if (node->next) pending.emplace_back(node->next, depth);
                pending.emplace_back(node->children, depth + 1);
                break;
            }
        }
    }
    if (jobs.empty()) return invalidInput(lineText(root) + "<adag> has no job");
    if (nestedJobs > 0)
        result.notes.push_back(std::to_string(nestedJobs) + (nestedJobs == 1 ? " job" : " jobs") + " found inside <" +
                               nestingElement + "> (and other elements below <adag>)");

    auto jobOf = [&](const xmlNode* element) {
        const std::optional<std::string> ref = attribute(element, "ref");
        if (!ref) throw DaxError{lineText(element) + "<" + elementName(element) + "> without a ref"};
        auto it = jobIndex.find(*ref);
        if (it == jobIndex.end())
            throw DaxError{lineText(element) + "<" + elementName(element) + " ref=" + graph_reader::quoted(*ref) +
                           ">: no job has the id " + graph_reader::quoted(*ref)};
        return it->second;
    };
    TaskGraph& graph = result.graph;
    std::unordered_map<std::uint64_t, std::size_t> edgeOf;
    for (const Dependency& d : dependencies) {
        const std::size_t child = jobOf(d.child), parent = jobOf(d.parent);
        if (child == parent) throw DaxError{lineText(d.parent) + "job " + graph_reader::quoted(jobs[child].id) + " is its own parent"};
        auto [it, inserted] = edgeOf.emplace(static_cast<std::uint64_t>(parent) * (jobs.size() + 1) + child, graph.edges.size());
        if (inserted) {
            if (graph.edges.size() == options.maxEdges)
                throw DaxError{lineText(d.parent) + graph_reader::tooManyEdgesError(options.maxEdges).message};
            graph.edges.push_back({parent, child, 0});
        }
    }

    // A file one job writes and another reads is a dependency, as SimGrid's DAX loader takes it (a cycle so
    // formed is named by the dispatcher's validation, as SimGrid refuses its simple_dax_with_cycle.xml).
    std::size_t implied = 0, selfFiles = 0;
    std::string impliedExample, selfExample;
    for (std::size_t child = 0; child < jobs.size(); ++child)
        for (std::size_t f : jobs[child].inputs)
            for (std::size_t writer : files.writers[f]) {
                if (writer == child) {
                    if (selfFiles++ == 0) selfExample = graph_reader::quoted(files.names[f]) + " of job " + graph_reader::quoted(jobs[child].id);
                    continue;
                }
                auto [it, inserted] = edgeOf.emplace(static_cast<std::uint64_t>(writer) * (jobs.size() + 1) + child, graph.edges.size());
                if (!inserted) continue;
                if (graph.edges.size() == options.maxEdges)
                    throw DaxError{lineText(root) + graph_reader::tooManyEdgesError(options.maxEdges).message};
                graph.edges.push_back({writer, child, 0});
                if (implied++ == 0)
                    impliedExample = jobs[writer].id + " -> " + jobs[child].id + " (file " + graph_reader::quoted(files.names[f]) + ")";
            }
    if (implied > 0)
        result.notes.push_back(std::to_string(implied) + (implied == 1 ? " dependency" : " dependencies") +
                               " implied by files a job writes and another reads, without <child>/<parent>, added as SimGrid does, e.g. " +
                               impliedExample);
    if (selfFiles > 0)
        result.notes.push_back(std::to_string(selfFiles) + " files read and written by the same job (e.g. " + selfExample +
                               "): no dependency (SimGrid would see a loop)");

    // Tasks: runtime seconds times the reference speed, or the default.
    std::size_t withoutRuntime = 0, subWorkflows = 0;
    std::string withoutRuntimeExample;
    for (const Job& job : jobs) {
        double flops = 0;
        if (job.seconds) {
            flops = *job.seconds * options.referenceSpeed;
            if (!(flops <= dag_limits::kMaxValue))
                throw DaxError{lineText(job.node) + "job " + graph_reader::quoted(job.id) + ": runtime " + show(*job.seconds) +
                               " s is too large (more than 1e30 flops)"};
        } else {
            if (withoutRuntime++ == 0) withoutRuntimeExample = "job " + graph_reader::quoted(job.id);
            flops = options.defaultFlops.value_or(0);
        }
        subWorkflows += job.subWorkflow;
        graph.tasks.push_back({job.name, flops, options.alpha});
    }
    if (withoutRuntime > 0) {
        if (!options.defaultFlops) return missingSizeError(withoutRuntime, withoutRuntimeExample, false);
        result.notes.push_back(std::to_string(withoutRuntime) + (withoutRuntime == 1 ? " job" : " jobs") +
                               " without a runtime got --default-flops " + show(*options.defaultFlops));
    }
    if (subWorkflows > 0)
        result.notes.push_back(std::to_string(subWorkflows) + " sub-workflow" + (subWorkflows == 1 ? "" : "s") +
                               " (<dag>/<dax>) read as single tasks");

    // Edge bytes: the files a child reads that its parent writes (the writer's size first).
    if (auto problem = graph_reader::addFileBytes(
            graph.edges, edgeOf, jobs.size(), [&](std::size_t child) { return &jobs[child].inputs; },
            [&](std::size_t f) -> const std::vector<std::size_t>& { return files.writers[f]; },
            [&](std::size_t f) { return files.writerSize[f] ? files.writerSize[f] : files.readerSize[f]; },
            [&](std::size_t writer, std::size_t child, std::size_t f) {
                return jobs[writer].id + " -> " + jobs[child].id + ": file " + graph_reader::quoted(files.names[f]) + " has no size";
            },
            options, result.notes))
        return *problem;
    for (const DagEdge& edge : graph.edges)
        if (!(edge.bytes <= dag_limits::kMaxValue))
            return invalidInput("the dependency " + jobs[edge.from].id + " -> " + jobs[edge.to].id +
                                " carries more than 1e30 bytes");

    // A DAX job's name is its transformation, which many jobs share: those are named name@id (ids are
    // unique), the way SimGrid's loader names every job.
    std::unordered_map<std::string, std::size_t> nameCount;
    for (const Job& job : jobs) ++nameCount[job.name];
    std::unordered_set<std::string> taken;
    for (const DagTask& task : graph.tasks) taken.insert(task.name);
    std::size_t renamed = 0;
    std::string renamedExample;
    for (std::size_t k = 0; k < jobs.size(); ++k) {
        if (nameCount[jobs[k].name] < 2) continue;
        std::string unique = jobs[k].name + "@" + jobs[k].id;
        for (int n = 2; taken.count(unique); ++n) unique = jobs[k].name + "@" + jobs[k].id + "#" + std::to_string(n);
        taken.insert(unique);
        if (renamed++ == 0) renamedExample = graph_reader::quoted(unique);
        graph.tasks[k].name = std::move(unique);
    }
    if (renamed > 0)
        result.notes.push_back(std::to_string(renamed) + " jobs share a name with another job: named name@id, e.g. " +
                               renamedExample);
    return result;
}

}  // namespace

Expected<TaskGraphImport> readDaxTaskGraph(std::string_view text, const TaskGraphImportOptions& options) {
    if (auto problem = importOptionsProblem(options)) return *problem;
    if (text.size() > static_cast<std::size_t>(INT_MAX)) return invalidInput("the DAX file is larger than 2 GB");
    std::call_once(g_libXmlInitialised, [] { xmlInitParser(); });

    std::unique_ptr<xmlParserCtxt, ContextDeleter> context(xmlNewParserCtxt());
    if (!context) return invalidInput("cannot start the XML parser (out of memory)");
    FirstError firstError;
    context->_private = &firstError;
    if (context->sax) context->sax->serror = keepFirstError;
    // No network, no messages on stderr (the error is returned), line numbers past 65535.
    const int parseOptions = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES;
    std::unique_ptr<xmlDoc, DocumentDeleter> document(
        xmlCtxtReadMemory(context.get(), text.data(), static_cast<int>(text.size()), nullptr, nullptr, parseOptions));
    if (!document || !context->wellFormed) {
        const xmlError* last = xmlCtxtGetLastError(context.get());
        std::string message = firstError.seen ? firstError.message : last && last->message ? last->message : "unknown error";
        while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
        const int line = firstError.seen ? firstError.line : last ? last->line : 0;
        return invalidInput((line > 0 ? "line " + std::to_string(line) + ": " : std::string()) + "not well-formed XML: " +
                            message);
    }
    EntityBudget budget(text.size());
    t_entityBudget = &budget;
    struct Unset {
        ~Unset() { t_entityBudget = nullptr; }
    } unset;
    try {
        return readDocument(xmlDocGetRootElement(document.get()), options);
    } catch (const DaxError& e) {
        return invalidInput(e.message);
    } catch (const std::exception& e) {
        return invalidInput(std::string("cannot read the DAX file: ") + e.what());
    }
}

}  // namespace hetsched
