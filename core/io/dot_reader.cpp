// Task graphs in Graphviz DOT, read through Graphviz's own parser (cgraph), so that any valid DOT reads.
//
// What is read, and the rules chosen where files disagree:
// - Tasks are the nodes, in file order (cgraph's creation order), named by their id; an HTML id
//   (<...>) is named by its text without the markup. Nodes only named by an edge are tasks too.
// - A node's `size` is its flops and `alpha` its Amdahl fraction in [0, 1] (daggen); a node without
//   alpha gets options.alpha. A size must be a finite number >= 0, else the node is named.
// - SimGrid's pseudo-tasks `root` and `end` stay tasks (the one rule of the three text readers: entry
//   and exit pseudo-tasks are kept, at 0 flops unless the file gives a size), since their edges may
//   carry data (SimGrid's root -> c1 [size="2e8"]).
// - Any other node without a size gets options.defaultFlops (noted), else the import fails naming
//   --default-flops.
// - An edge's `size` is its bytes; a negative size (SimGrid's size="-1") is a control dependency of
//   0 bytes. An edge without a size gets options.defaultBytes if given; else 0 bytes when some node of
//   the file has a size (daggen and SimGrid files, where SimGrid reads such an edge as 0 bytes); else
//   (a file with no sizes at all) the import fails naming --default-bytes. Each default is noted.
// - Edges written more than once between the same two tasks (daggen writes some twice) become one
//   dependency whose bytes are the sum, noted. A `strict` graph is merged by cgraph itself (the last
//   attributes win), as DOT defines. A self-loop is refused naming the task.
// - An undirected graph is read with each edge a -- b as a -> b, in the order the file writes it (noted);
//   the cycle check of the dispatcher catches a -- b written both ways.
// - `performer` and `order` (SimGrid's fixed schedule) are ignored with one note; every other attribute
//   (pos, label, shape, width, ports, ...) is ignored silently. Cycles are left to the dispatcher.
// cgraph keeps global state (error function, lexer, line counter): every call runs under one mutex.
#include <graphviz/cgraph.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>

#include "common/graphviz_lock.h"
#include "io/graph_reader_util.h"
#include "io/task_graph_import.h"

namespace hetsched {

namespace {

using graph_reader::formatNumber;
using graph_reader::parseNumber;
using graph_reader::quoted;

std::string g_cgraphMessages;   // what cgraph reported during the current read (guarded by graphvizMutex())

int captureCgraphMessage(char* message) {
    g_cgraphMessages += message;
    return 0;
}

// Graphviz before 3 keeps one lexer for the process (flex's globals): its start condition (inside a
// comment, a string) and its buffer outlive a read. aaglex_destroy(), flex's own reset, which libcgraph
// exports, clears both, so that no read can leave state for the next one (DotScan already refuses the
// texts known to do so). Later Graphviz versions have a reentrant lexer per read.
#if HETSCHED_CGRAPH_GLOBAL_LEXER
extern "C" int aaglex_destroy(void);
struct LexerReset {
    ~LexerReset() { aaglex_destroy(); }
};
#else
struct LexerReset {};
#endif

struct GraphCloser {
    void operator()(Agraph_t* graph) const { agclose(graph); }
};

// cgraph's "Error: syntax error in line 7 near ';'" as "line 7: syntax error near ';'".
std::string withLineFirst(std::string message) {
    for (const char* prefix : {"Error: ", "Warning: "})
        if (message.starts_with(prefix)) message.erase(0, std::char_traits<char>::length(prefix));
    while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
    const std::string marker = " in line ";
    const std::size_t at = message.find(marker);
    if (at == std::string::npos) return message;
    std::size_t end = at + marker.size();
    while (end < message.size() && std::isdigit(static_cast<unsigned char>(message[end]))) ++end;
    const std::string number = message.substr(at + marker.size(), end - at - marker.size());
    if (number.empty()) return message;
    if (message.compare(end, 9, " of input") == 0) end += 9;
    return "line " + number + ": " + message.substr(0, at) + message.substr(end);
}

// The messages cgraph reported, one per line, split into errors and warnings.
void splitMessages(const std::string& all, std::vector<std::string>& errors, std::vector<std::string>& warnings) {
    std::size_t at = 0;
    while (at < all.size()) {
        std::size_t end = all.find('\n', at);
        if (end == std::string::npos) end = all.size();
        const std::string line = all.substr(at, end - at);
        if (!graph_reader::trimmed(line).empty())
            (line.starts_with("Warning: ") ? warnings : errors).push_back(withLineFirst(line));
        at = end + 1;
    }
}

// The text of an HTML id: markup removed, the usual entities decoded, blanks collapsed.
std::string htmlText(std::string_view html) {
    std::string text;
    bool inTag = false;
    for (std::size_t i = 0; i < html.size(); ++i) {
        const char c = html[i];
        if (inTag) {
            inTag = c != '>';
            continue;
        }
        if (c == '<') {
            inTag = true;
            text += ' ';
            continue;
        }
        if (c == '&') {
            static constexpr std::pair<std::string_view, char> kEntities[] = {
                {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}, {"&nbsp;", ' '}};
            bool decoded = false;
            for (const auto& [entity, replacement] : kEntities)
                if (html.substr(i, entity.size()) == entity) {
                    text += replacement;
                    i += entity.size() - 1;
                    decoded = true;
                    break;
                }
            if (decoded) continue;
        }
        text += c;
    }
    std::string collapsed;
    for (const char c : text) {
        const bool blank = c == ' ' || c == '\t' || c == '\n' || c == '\r';
        if (blank && (collapsed.empty() || collapsed.back() == ' ')) continue;
        collapsed += blank ? ' ' : c;
    }
    while (!collapsed.empty() && collapsed.back() == ' ') collapsed.pop_back();
    return collapsed.empty() ? std::string(html) : collapsed;
}

std::string taskName(Agnode_t* node) {
    char* name = agnameof(node);
    return aghtmlstr(name) ? htmlText(name) : std::string(name);
}

Agsym_t* attribute(Agraph_t* graph, int kind, const char* name) {
    return agattr(graph, kind, const_cast<char*>(name), nullptr);
}

// The attribute's value on the object, empty when unset (or not declared at all).
std::string_view valueOf(void* object, Agsym_t* symbol) {
    if (!symbol) return {};
    const char* value = agxget(object, symbol);
    return value ? graph_reader::trimmed(value) : std::string_view{};
}

// The text handed to cgraph's lexer a line at a time, as agmemread does, without copying it.
struct MemoryChannel {
    std::string_view text;
    std::size_t at = 0;
};

int readFromMemory(void* channel, char* buffer, int size) {
    auto* memory = static_cast<MemoryChannel*>(channel);
    const std::string_view rest = memory->text.substr(memory->at);
    const std::size_t lineEnd = rest.find('\n');
    const std::size_t count = std::min({rest.size(), lineEnd == std::string_view::npos ? rest.size() : lineEnd + 1,
                                        static_cast<std::size_t>(std::max(size, 0))});
    std::copy_n(rest.data(), count, buffer);
    memory->at += count;
    return static_cast<int>(count);
}

bool isPseudoTask(const std::string& name) { return name == "root" || name == "end"; }

// What the text asks of cgraph before cgraph reads it, found by a scan that follows cgraph's own lexer
// (graphviz lib/cgraph/scan.l): whether it ends inside a comment, a quoted string or an HTML string
// (cgraph accepts that, and its lexer then stays in that state for every later read of the process),
// and an upper bound of the edges its edge statements make ({a0 ... a2999} -> {b0 ... b2999} makes
// 9 million from 34 KB; cgraph would build them all before anyone could count them).
class DotScan {
public:
    explicit DotScan(std::string_view text) : m_text(text) {}

    // An error naming the line, or none. maxEdges: the most edges the statements may make.
    std::optional<Error> check(std::size_t maxEdges) {
        if (auto unclosed = tokenize()) return unclosed;
        return edgeBound(maxEdges);
    }

private:
    // Only what edges depend on is kept: punctuation other than braces is dropped, and consecutive ids
    // are one token counting them (a subgraph's name stays apart), so that a large file stays cheap.
    enum class Kind { Id, Subgraph, Open, Close, EdgeOp };
    struct Token {
        Kind kind;
        std::size_t line;
        std::string_view text;   // Id tokens: the first name (a subgraph's name after Subgraph)
        std::size_t ids = 0;     // Id tokens: how many names
    };

    void pushId(std::size_t line, std::string_view text) {
        const std::size_t n = m_tokens.size();
        if (n > 0 && m_tokens[n - 1].kind == Kind::Id && !(n > 1 && m_tokens[n - 2].kind == Kind::Subgraph)) {
            ++m_tokens[n - 1].ids;
            return;
        }
        m_tokens.push_back({Kind::Id, line, text, 1});
    }

    static bool isLetter(unsigned char c) { return std::isalpha(c) || c == '_' || c >= 0x80; }
    static bool isDigit(unsigned char c) { return c >= '0' && c <= '9'; }
    unsigned char at(std::size_t i) const { return i < m_text.size() ? static_cast<unsigned char>(m_text[i]) : 0; }

    static bool equalsIgnoringCase(std::string_view a, std::string_view b) {
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (std::tolower(static_cast<unsigned char>(a[i])) != b[i]) return false;
        return true;
    }

    // The tokens that matter for edges; an error when the text ends inside a comment or string.
    std::optional<Error> tokenize() {
        std::size_t i = 0, line = 1;
        const std::size_t n = m_text.size();
        while (i < n) {
            const unsigned char c = at(i);
            if (c == '\n') {
                ++line, ++i;
            } else if (c == '/' && at(i + 1) == '/') {
                while (i < n && m_text[i] != '\n') ++i;
            } else if (c == '#') {
                while (i < n && m_text[i] != '\n') ++i;
            } else if (c == '/' && at(i + 1) == '*') {
                // Closed by the first "*/" after the opening "/*".
                const std::size_t opened = line;
                const std::size_t end = m_text.find("*/", i + 2);
                if (end == std::string_view::npos)
                    return invalidInput(linePrefixOf(opened) + "a /* comment is never closed (no */ before the end)");
                line += static_cast<std::size_t>(std::count(m_text.begin() + static_cast<std::ptrdiff_t>(i),
                                                            m_text.begin() + static_cast<std::ptrdiff_t>(end), '\n'));
                i = end + 2;
            } else if (c == '"') {
                // cgraph's escapes: \" is a quote, any other backslash stands for itself.
                const std::size_t opened = line;
                std::size_t k = i + 1;
                while (k < n && m_text[k] != '"') {
                    if (m_text[k] == '\\' && at(k + 1) == '"') ++k;
                    if (m_text[k] == '\n') ++line;
                    ++k;
                }
                if (k >= n) return invalidInput(linePrefixOf(opened) + "a quoted string is never closed (no \" before the end)");
                pushId(opened, m_text.substr(i + 1, k - i - 1));
                i = k + 1;
            } else if (c == '<') {
                // An HTML string: <...> with nested < and >.
                const std::size_t opened = line;
                std::size_t k = i + 1, depth = 1;
                for (; k < n; ++k) {
                    if (m_text[k] == '<') ++depth;
                    else if (m_text[k] == '>' && --depth == 0) break;
                    else if (m_text[k] == '\n') ++line;
                }
                if (k >= n) return invalidInput(linePrefixOf(opened) + "an HTML string <...> is never closed (no > before the end)");
                pushId(opened, m_text.substr(i + 1, k - i - 1));
                i = k + 1;
            } else if (c == '-' && (at(i + 1) == '>' || at(i + 1) == '-')) {
                m_tokens.push_back({Kind::EdgeOp, line, {}, 0});
                i += 2;
            } else if (isDigit(c) || ((c == '.' || c == '-') && (isDigit(at(i + 1)) || (at(i + 1) == '.' && isDigit(at(i + 2)))))) {
                // NUMBER: -?(D+(.D*)?|.D+); a letter right after it starts the next token, as in cgraph.
                std::size_t k = i + (c == '-' ? 1 : 0);
                while (isDigit(at(k))) ++k;
                if (at(k) == '.') {
                    ++k;
                    while (isDigit(at(k))) ++k;
                }
                pushId(line, m_text.substr(i, k - i));
                i = k;
            } else if (isLetter(c)) {
                std::size_t k = i + 1;
                while (isLetter(at(k)) || isDigit(at(k))) ++k;
                const std::string_view word = m_text.substr(i, k - i);
                if (equalsIgnoringCase(word, "subgraph")) m_tokens.push_back({Kind::Subgraph, line, word, 0});
                else pushId(line, word);
                i = k;
            } else {
                if (c == '{' || c == '}') m_tokens.push_back({c == '{' ? Kind::Open : Kind::Close, line, {}, 0});
                ++i;
            }
        }
        return std::nullopt;
    }

    static std::string linePrefixOf(std::size_t line) { return graph_reader::linePrefix(line); }

    static std::size_t saturatingAdd(std::size_t a, std::size_t b) {
        return a > std::numeric_limits<std::size_t>::max() - b ? std::numeric_limits<std::size_t>::max() : a + b;
    }
    static std::size_t saturatingMultiply(std::size_t a, std::size_t b) {
        if (a == 0 || b == 0) return 0;
        return a > std::numeric_limits<std::size_t>::max() / b ? std::numeric_limits<std::size_t>::max() : a * b;
    }

    // An edge statement a -> b makes |nodes(a)| x |nodes(b)| edges. A body {...} holds at most the names
    // written in it, plus what an earlier body of the same subgraph name holds (a subgraph reopened),
    // plus, for a subgraph referenced without a body, everything the file names.
    std::optional<Error> edgeBound(std::size_t maxEdges) {
        std::size_t allNames = 0;
        for (const Token& t : m_tokens) allNames += t.ids;
        std::vector<std::size_t> bodyBound(m_tokens.size(), 0);   // at each Open and its Close
        std::unordered_map<std::string_view, std::size_t> namedSum;   // names written in bodies of a subgraph name
        struct Frame {
            std::size_t open;
            std::string_view name;   // empty: anonymous
            std::size_t bound;
        };
        std::vector<Frame> frames;
        auto nameOfBody = [&](std::size_t open) -> std::string_view {
            if (open >= 2 && m_tokens[open - 1].kind == Kind::Id && m_tokens[open - 2].kind == Kind::Subgraph)
                return m_tokens[open - 1].text;
            return {};
        };
        // A subgraph named without a body: what its earlier bodies hold, or everything when it is open.
        auto referenceBound = [&](std::string_view name) {
            for (const Frame& f : frames)
                if (f.name == name) return allNames;
            const auto it = namedSum.find(name);
            return it == namedSum.end() ? std::size_t(0) : it->second;
        };
        for (std::size_t i = 0; i < m_tokens.size(); ++i) {
            const Token& t = m_tokens[i];
            if (t.kind == Kind::Open) {
                const std::string_view name = nameOfBody(i);
                frames.push_back({i, name, name.empty() ? 0 : referenceBound(name)});
            } else if (t.kind == Kind::Close && !frames.empty()) {
                const Frame f = frames.back();
                frames.pop_back();
                bodyBound[f.open] = bodyBound[i] = f.bound;
                if (!f.name.empty()) namedSum[f.name] = saturatingAdd(namedSum[f.name], f.bound);
                if (!frames.empty()) frames.back().bound = saturatingAdd(frames.back().bound, f.bound);
            } else if (t.kind == Kind::Id && !frames.empty()) {
                const bool reference = i >= 1 && m_tokens[i - 1].kind == Kind::Subgraph &&
                                       (i + 1 >= m_tokens.size() || m_tokens[i + 1].kind != Kind::Open);
                frames.back().bound = saturatingAdd(frames.back().bound, reference ? referenceBound(t.text) : t.ids);
            }
        }
        // The nodes of the operand that ends at token `last` (left of ->) or starts at `first` (right of it).
        auto leftBound = [&](std::size_t last) -> std::size_t {
            const Token& t = m_tokens[last];
            if (t.kind == Kind::Close) return bodyBound[last];
            if (t.kind == Kind::Id && last >= 1 && m_tokens[last - 1].kind == Kind::Subgraph) return referenceBound(t.text);
            return 1;
        };
        auto rightBound = [&](std::size_t first) -> std::size_t {
            if (first >= m_tokens.size()) return 0;
            if (m_tokens[first].kind == Kind::Open) return bodyBound[first];
            if (m_tokens[first].kind != Kind::Subgraph) return 1;
            if (first + 1 < m_tokens.size() && m_tokens[first + 1].kind == Kind::Open) return bodyBound[first + 1];
            if (first + 1 < m_tokens.size() && m_tokens[first + 1].kind == Kind::Id) {
                if (first + 2 < m_tokens.size() && m_tokens[first + 2].kind == Kind::Open) return bodyBound[first + 2];
                return referenceBound(m_tokens[first + 1].text);
            }
            return 0;
        };
        // Bodies are bounded as they close, so a second pass over the edge operators sees every body.
        std::size_t total = 0;
        frames.clear();
        namedSum.clear();
        for (std::size_t i = 0; i < m_tokens.size(); ++i) {
            const Token& t = m_tokens[i];
            if (t.kind == Kind::Open) {
                const std::string_view name = nameOfBody(i);
                frames.push_back({i, name, 0});
            } else if (t.kind == Kind::Close && !frames.empty()) {
                const Frame f = frames.back();
                frames.pop_back();
                if (!f.name.empty()) namedSum[f.name] = saturatingAdd(namedSum[f.name], bodyBound[i]);
            } else if (t.kind == Kind::EdgeOp && i >= 1) {
                const std::size_t left = leftBound(i - 1), right = rightBound(i + 1);
                const std::size_t made = saturatingMultiply(left, right);
                total = saturatingAdd(total, made);
                if (total > maxEdges)
                    return invalidInput(linePrefixOf(t.line) + "the edge statements up to here can make " +
                                        (total == std::numeric_limits<std::size_t>::max() ? std::string("too many")
                                                                                          : std::to_string(total)) +
                                        " dependencies (this one " + std::to_string(left) + " x " +
                                        std::to_string(right) + "): " + graph_reader::tooManyEdgesError(maxEdges).message);
            }
        }
        return std::nullopt;
    }

    std::string_view m_text;
    std::vector<Token> m_tokens;
};

// Graphviz's charset attribute: Latin-1 under any of the names Graphviz takes for it.
bool isLatin1Charset(std::string_view charset) {
    std::string name;
    for (const char c : charset) name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return name == "latin1" || name == "latin-1" || name == "l1" || name == "iso-8859-1" || name == "iso_8859-1" ||
           name == "iso8859-1" || name == "iso-ir-100";
}

Expected<TaskGraphImport> readParsedGraph(Agraph_t* graph, const TaskGraphImportOptions& options) {
    TaskGraphImport result;
    // Names are bytes to cgraph; a graph that says charset=latin1 has its names read as Latin-1 (the
    // dispatcher reads any other name that is not UTF-8 as Latin-1 too, with a note).
    const bool latin1 = isLatin1Charset(valueOf(graph, attribute(graph, AGRAPH, "charset")));
    Agsym_t* nodeSize = attribute(graph, AGNODE, "size");
    Agsym_t* nodeAlpha = attribute(graph, AGNODE, "alpha");
    Agsym_t* performer = attribute(graph, AGNODE, "performer");
    Agsym_t* order = attribute(graph, AGNODE, "order");
    Agsym_t* edgeSize = attribute(graph, AGEDGE, "size");

    std::unordered_map<Agnode_t*, std::size_t> indexOf;
    std::vector<std::size_t> withoutSize;
    std::vector<std::string> pseudoWithoutSize;
    bool anyNodeSize = false, anyAlpha = false, anyPseudo = false;
    std::size_t scheduled = 0;
    for (Agnode_t* node = agfstnode(graph); node; node = agnxtnode(graph, node)) {
        DagTask task{latin1 ? graph_reader::latin1ToUtf8(taskName(node)) : taskName(node), 0, options.alpha};
        anyPseudo = anyPseudo || isPseudoTask(task.name);
        if (const std::string_view size = valueOf(node, nodeSize); !size.empty()) {
            const std::optional<double> flops = parseNumber(size);
            if (!flops || !std::isfinite(*flops) || *flops < 0)
                return invalidInput("task " + quoted(task.name) + ": size must be a finite number >= 0 (flops), got " +
                                    quoted(size));
            task.flops = *flops;
            anyNodeSize = true;
        } else if (isPseudoTask(task.name)) {
            pseudoWithoutSize.push_back(task.name);
        } else {
            withoutSize.push_back(result.graph.tasks.size());
        }
        if (const std::string_view alpha = valueOf(node, nodeAlpha); !alpha.empty()) {
            const std::optional<double> value = parseNumber(alpha);
            if (!value || !(*value >= 0 && *value <= 1))
                return invalidInput("task " + quoted(task.name) + ": alpha must be a number in [0, 1], got " +
                                    quoted(alpha));
            task.alpha = *value;
            anyAlpha = true;
        }
        if (!valueOf(node, performer).empty() || !valueOf(node, order).empty()) ++scheduled;
        indexOf.emplace(node, result.graph.tasks.size());
        result.graph.tasks.push_back(std::move(task));
    }
    if (result.graph.tasks.empty()) return invalidInput("the DOT graph has no node");
    if (!withoutSize.empty()) {
        const std::string example = "task " + quoted(result.graph.tasks[withoutSize.front()].name);
        if (!options.defaultFlops) return missingSizeError(withoutSize.size(), example, false);
        for (const std::size_t index : withoutSize) result.graph.tasks[index].flops = *options.defaultFlops;
        result.notes.push_back(graph_reader::countOf(withoutSize.size(), "task", "tasks") + " without a size got --default-flops " +
                               formatNumber(*options.defaultFlops));
    }
    if (!pseudoWithoutSize.empty()) {
        std::string names;
        for (const std::string& name : pseudoWithoutSize) names += (names.empty() ? "" : " and ") + quoted(name);
        result.notes.push_back((pseudoWithoutSize.size() == 1 ? "pseudo-task " : "pseudo-tasks ") + names +
                               " without a size: 0 flops (SimGrid's root/end)");
    }

    // Edges in the order the file writes them (cgraph numbers them as it creates them).
    std::vector<Agedge_t*> edges;
    for (Agnode_t* node = agfstnode(graph); node; node = agnxtnode(graph, node))
        for (Agedge_t* edge = agfstout(graph, node); edge; edge = agnxtout(graph, edge)) edges.push_back(edge);
    std::sort(edges.begin(), edges.end(), [](Agedge_t* a, Agedge_t* b) { return AGSEQ(a) < AGSEQ(b); });

    // The bytes of an edge without a size, known before the edges are read so that they keep file order.
    std::optional<double> bytesWithoutSize = options.defaultBytes;
    if (!bytesWithoutSize && anyNodeSize) bytesWithoutSize = 0;
    graph_reader::EdgeCollector collector(options.maxEdges);
    std::size_t withoutBytes = 0;
    std::string firstWithoutBytes;
    std::size_t control = 0;
    bool anyEdgeSize = false;
    for (Agedge_t* edge : edges) {
        const std::size_t from = indexOf.at(agtail(edge)), to = indexOf.at(aghead(edge));
        const std::string& fromName = result.graph.tasks[from].name;
        if (from == to) return invalidInput("task " + quoted(fromName) + " depends on itself (a self-loop)");
        const std::string_view size = valueOf(edge, edgeSize);
        if (size.empty()) {
            if (withoutBytes++ == 0) firstWithoutBytes = quoted(fromName) + " -> " + quoted(result.graph.tasks[to].name);
            if (!collector.add(from, to, bytesWithoutSize.value_or(0))) return graph_reader::tooManyEdgesError(options.maxEdges);
            continue;
        }
        const std::optional<double> bytes = parseNumber(size);
        if (!bytes || !std::isfinite(*bytes))
            return invalidInput("edge " + quoted(fromName) + " -> " + quoted(result.graph.tasks[to].name) +
                                ": size must be a finite number (bytes; negative for a control dependency), got " +
                                quoted(size));
        anyEdgeSize = true;
        if (*bytes < 0) ++control;
        if (!collector.add(from, to, std::max(0.0, *bytes))) return graph_reader::tooManyEdgesError(options.maxEdges);
    }
    if (withoutBytes > 0) {
        if (!bytesWithoutSize) return missingSizeError(withoutBytes, firstWithoutBytes, true);
        const std::string count = graph_reader::countOf(withoutBytes, "dependency", "dependencies");
        result.notes.push_back(options.defaultBytes
                                   ? count + " without a size got --default-bytes " + formatNumber(*bytesWithoutSize)
                                   : count + " without a size: 0 bytes (a pure precedence, as SimGrid and daggen read it)");
    }
    if (control > 0)
        result.notes.push_back(graph_reader::countOf(control, "control dependency", "control dependencies") +
                               " (negative size): 0 bytes");
    if (collector.merged() > 0) result.notes.push_back(graph_reader::mergedEdgesNote(collector.merged()));
    result.graph.edges = collector.take();
    if (agisundirected(graph)) result.notes.push_back("undirected graph: each edge a -- b read as a -> b, as written");
    if (scheduled > 0)
        result.notes.push_back("ignored the performer and order attributes of " +
                               graph_reader::countOf(scheduled, "task", "tasks") +
                               " (a fixed SimGrid schedule; HetSched computes its own)");

    if (latin1) result.notes.push_back("task names read as Latin-1 (ISO 8859-1), as the graph's charset says");
    const bool simGrid = anyPseudo || control > 0;
    result.format = simGrid ? "SimGrid DOT" : (anyNodeSize || anyAlpha || anyEdgeSize) ? "daggen DOT" : "DOT";
    return result;
}

}  // namespace

Expected<TaskGraphImport> readDotTaskGraph(std::string_view text, const TaskGraphImportOptions& options) {
    if (auto problem = importOptionsProblem(options)) return *problem;
    text = graph_reader::withoutByteOrderMark(text);
    if (text.find('\0') != std::string_view::npos) return invalidInput("the DOT text contains a NUL byte");

    if (auto problem = DotScan(text).check(options.maxEdges)) return *problem;

    const std::lock_guard<std::mutex> lock(graphvizMutex());
    // Whatever happens below, cgraph's lexer starts the next read afresh.
    const LexerReset resetLexer;
    g_cgraphMessages.clear();
    const agusererrf previous = agseterrf(captureCgraphMessage);
    agreseterrors();
    agsetfile(nullptr);   // restarts cgraph's line counter, which the previous read advanced
    MemoryChannel channel{text, 0};
    Agiodisc_t io{readFromMemory, AgIoDisc.putstr, AgIoDisc.flush};
    Agdisc_t discipline{&AgMemDisc, &AgIdDisc, &io};
    std::unique_ptr<Agraph_t, GraphCloser> graph(agread(&channel, &discipline));
    // Read on to the end: cgraph's lexer keeps what it buffered past the first graph and would hand it
    // to the next read (agmemread does not drain it), and the rest may hold a syntax error to report.
    std::size_t moreGraphs = 0;
    if (graph)
        while (Agraph_t* more = agread(&channel, &discipline)) {
            agclose(more);
            ++moreGraphs;
        }
    agseterrf(previous);

    std::vector<std::string> errors, warnings;
    splitMessages(g_cgraphMessages, errors, warnings);
    if (!errors.empty()) return invalidInput(errors.front());
    if (!graph) {
        if (graph_reader::trimmed(text).empty()) return invalidInput("empty input: no DOT graph");
        return invalidInput("no DOT graph found (expected [strict] digraph|graph [name] { ... })");
    }
    if (const auto nodes = static_cast<std::size_t>(std::max(agnnodes(graph.get()), 0)); nodes > options.maxTasks)
        return graph_reader::tooManyTasksError(nodes, options.maxTasks);
    Expected<TaskGraphImport> read = readParsedGraph(graph.get(), options);
    if (!read) return read;
    for (const std::string& warning : warnings) read->notes.push_back("Graphviz: " + warning);
    if (moreGraphs > 0)
        read->notes.push_back("ignored " + graph_reader::countOf(moreGraphs, "more graph", "more graphs") +
                              " after the first");
    return read;
}

}  // namespace hetsched
