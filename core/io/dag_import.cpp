#include "io/dag_import.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "io/dag_io.h"
#include "io/instance_io.h"
#include "io/json_reader.h"

namespace hetsched {

namespace {

std::string lineText(int line) { return "line " + std::to_string(line) + ": "; }

std::string show(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", v);
    return buffer;
}

std::optional<double> parseNumber(const std::string& text) {
    if (text.empty()) return std::nullopt;
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

// ---- DOT ----

struct Token {
    enum Kind { Id, Punct, End } kind = End;
    std::string text;
    int line = 1;
};

class DotLexer {
public:
    explicit DotLexer(std::string_view text) : m_text(text) {}

    Expected<Token> next() {
        skipSpaceAndComments();
        Token t;
        t.line = m_line;
        if (m_error) return invalidInput(*m_error);
        if (m_pos >= m_text.size()) return t;
        const char c = m_text[m_pos];
        if (c == '"') {
            ++m_pos;
            std::string value;
            while (m_pos < m_text.size() && m_text[m_pos] != '"') {
                if (m_text[m_pos] == '\\' && m_pos + 1 < m_text.size()) ++m_pos;
                if (m_text[m_pos] == '\n') ++m_line;
                value += m_text[m_pos++];
            }
            if (m_pos >= m_text.size()) return invalidInput(lineText(t.line) + "unterminated string");
            ++m_pos;
            t.kind = Token::Id;
            t.text = std::move(value);
            return t;
        }
        if (c == '-' && m_pos + 1 < m_text.size() && (m_text[m_pos + 1] == '>' || m_text[m_pos + 1] == '-')) {
            t.kind = Token::Punct;
            t.text = std::string(m_text.substr(m_pos, 2));
            m_pos += 2;
            return t;
        }
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-' ||
            static_cast<unsigned char>(c) >= 0x80) {
            std::size_t start = m_pos;
            while (m_pos < m_text.size()) {
                const unsigned char d = static_cast<unsigned char>(m_text[m_pos]);
                if (!(std::isalnum(d) || d == '_' || d == '.' || d >= 0x80 ||
                      (d == '-' && !(m_pos + 1 < m_text.size() && (m_text[m_pos + 1] == '>' || m_text[m_pos + 1] == '-')))))
                    break;
                ++m_pos;
            }
            t.kind = Token::Id;
            t.text = std::string(m_text.substr(start, m_pos - start));
            return t;
        }
        if (std::string_view("{}[]=,;:").find(c) != std::string_view::npos) {
            ++m_pos;
            t.kind = Token::Punct;
            t.text = std::string(1, c);
            return t;
        }
        return invalidInput(lineText(t.line) + "unexpected character '" + std::string(1, c) + "'");
    }

private:
    void skipSpaceAndComments() {
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c == '\n') {
                ++m_line;
                ++m_pos;
            } else if (std::isspace(static_cast<unsigned char>(c))) {
                ++m_pos;
            } else if (c == '#' || (c == '/' && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '/')) {
                while (m_pos < m_text.size() && m_text[m_pos] != '\n') ++m_pos;
            } else if (c == '/' && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '*') {
                const int line = m_line;
                m_pos += 2;
                while (m_pos + 1 < m_text.size() && !(m_text[m_pos] == '*' && m_text[m_pos + 1] == '/')) {
                    if (m_text[m_pos] == '\n') ++m_line;
                    ++m_pos;
                }
                if (m_pos + 1 >= m_text.size()) {
                    m_error = lineText(line) + "unterminated comment";
                    return;
                }
                m_pos += 2;
            } else {
                return;
            }
        }
    }

    std::string_view m_text;
    std::size_t m_pos = 0;
    int m_line = 1;
    std::optional<std::string> m_error;
};

struct DotAttribute {
    std::string value;
    int line = 0;
};
using DotAttributes = std::map<std::string, DotAttribute>;

}  // namespace

Expected<DagInstance> importDaggenDot(std::string_view text, const DagPlatform& platform) {
    DotLexer lexer(text);
    std::vector<Token> tokens;
    while (true) {
        Expected<Token> t = lexer.next();
        if (!t) return t.error();
        tokens.push_back(*t);
        if (t->kind == Token::End) break;
        if (tokens.size() > 100'000'000) return invalidInput("the DOT file is too large");
    }
    std::size_t k = 0;
    auto peek = [&]() -> const Token& { return tokens[k]; };
    auto is = [&](const char* punct) { return peek().kind == Token::Punct && peek().text == punct; };
    auto fail = [&](const std::string& what) -> Error {
        return invalidInput(lineText(peek().line) + what +
                            (peek().kind == Token::End ? " (end of file)" : ", found '" + peek().text + "'"));
    };
    if (peek().kind == Token::Id && peek().text == "strict") ++k;
    if (!(peek().kind == Token::Id && peek().text == "digraph")) return fail("expected 'digraph'");
    ++k;
    if (peek().kind == Token::Id) ++k;
    if (!is("{")) return fail("expected '{'");
    ++k;

    struct Node {
        std::string name;
        int line = 0;
        DotAttributes attributes;
    };
    struct RawEdge {
        std::string from, to;
        int line = 0;
        DotAttributes attributes;
    };
    std::vector<Node> nodes;
    std::unordered_map<std::string, std::size_t> nodeIndex;
    std::vector<RawEdge> edges;

    auto readAttributes = [&](DotAttributes& into) -> std::optional<Error> {
        while (is("[")) {
            ++k;
            while (!is("]")) {
                if (peek().kind != Token::Id) return fail("expected an attribute name");
                const std::string name = peek().text;
                const int line = peek().line;
                ++k;
                if (!is("=")) return fail("expected '=' after attribute " + name);
                ++k;
                if (peek().kind != Token::Id) return fail("expected a value for attribute " + name);
                into[name] = {peek().text, line};
                ++k;
                if (is(",") || is(";")) ++k;
            }
            ++k;
        }
        return std::nullopt;
    };

    while (!is("}")) {
        if (peek().kind == Token::End) return fail("expected '}'");
        if (is(";")) {
            ++k;
            continue;
        }
        if (peek().kind != Token::Id) return fail("expected a node or an edge");
        const Token first = peek();
        ++k;
        if (is("=")) {   // graph attribute a = b
            ++k;
            if (peek().kind != Token::Id) return fail("expected a value after '='");
            ++k;
            continue;
        }
        if (first.text == "graph" || first.text == "node" || first.text == "edge") {
            DotAttributes ignored;
            if (auto e = readAttributes(ignored)) return *e;
            continue;
        }
        if (is("{")) return fail("subgraphs are not supported");
        if (is(":")) return fail("ports are not supported");
        if (is("--")) return fail("undirected edges are not supported in a digraph");
        if (is("->")) {
            std::vector<std::string> chain{first.text};
            while (is("->")) {
                ++k;
                if (peek().kind != Token::Id) return fail("expected a node after '->'");
                chain.push_back(peek().text);
                ++k;
            }
            DotAttributes attributes;
            if (auto e = readAttributes(attributes)) return *e;
            for (std::size_t c = 1; c < chain.size(); ++c) edges.push_back({chain[c - 1], chain[c], first.line, attributes});
        } else {
            Node node{first.text, first.line, {}};
            if (auto e = readAttributes(node.attributes)) return *e;
            auto [it, inserted] = nodeIndex.emplace(node.name, nodes.size());
            if (inserted) {
                nodes.push_back(std::move(node));
            } else {   // DOT merges repeated node statements
                for (auto& [key, value] : node.attributes) nodes[it->second].attributes[key] = value;
            }
        }
        if (is(";")) ++k;
    }
    ++k;
    if (peek().kind != Token::End) return fail("unexpected text after the graph");

    DagInstance in;
    in.platform = platform;
    auto number = [&](const DotAttribute& a, const std::string& what, double lo, double hi) -> Expected<double> {
        const std::optional<double> v = parseNumber(a.value);
        if (!v || *v < lo || *v > hi)
            return invalidInput(lineText(a.line) + what + " must be a number in [" + show(lo) + ", " +
                                show(hi) + "], got \"" + a.value + "\"");
        return *v;
    };
    for (const Node& node : nodes) {
        DagTask task;
        task.name = node.name;
        auto size = node.attributes.find("size");
        if (size == node.attributes.end())
            return invalidInput(lineText(node.line) + "node " + node.name + " has no size (its flops)");
        Expected<double> flops = number(size->second, "the size of node " + node.name, 0, dag_limits::kMaxValue);
        if (!flops) return flops.error();
        task.flops = *flops;
        if (auto alpha = node.attributes.find("alpha"); alpha != node.attributes.end()) {
            Expected<double> a = number(alpha->second, "the alpha of node " + node.name, 0, 1);
            if (!a) return a.error();
            task.alpha = *a;
        }
        in.tasks.push_back(std::move(task));
    }
    std::unordered_set<std::string> seenEdges;
    for (const RawEdge& e : edges) {
        auto from = nodeIndex.find(e.from);
        auto to = nodeIndex.find(e.to);
        if (from == nodeIndex.end()) return invalidInput(lineText(e.line) + "edge from unknown node " + e.from);
        if (to == nodeIndex.end()) return invalidInput(lineText(e.line) + "edge to unknown node " + e.to);
        if (from->second == to->second) return invalidInput(lineText(e.line) + "node " + e.from + " depends on itself");
        if (!seenEdges.insert(e.from + "\n" + e.to).second)
            return invalidInput(lineText(e.line) + "duplicate edge " + e.from + " -> " + e.to);
        double bytes = 0;
        if (auto size = e.attributes.find("size"); size != e.attributes.end()) {
            Expected<double> b = number(size->second, "the size of edge " + e.from + " -> " + e.to, 0, dag_limits::kMaxValue);
            if (!b) return b.error();
            bytes = *b;
        }
        in.edges.push_back({from->second, to->second, bytes});
    }
    if (auto problem = dagInstanceProblem(in)) return invalidInput("DOT graph: " + *problem);
    return in;
}

// ---- WfFormat ----

Expected<DagInstance> importWfFormat(std::string_view jsonText, const DagPlatform& platform,
                                     const WfFormatOptions& options) {
    using json_detail::JsonNode;
    if (!(options.referenceSpeed >= dag_limits::kMinRate && options.referenceSpeed <= dag_limits::kMaxValue))
        return invalidInput("the reference speed must be between 1e-6 and 1e30 flop/s");
    if (!(options.alpha >= 0 && options.alpha <= 1)) return invalidInput("alpha must be in [0, 1]");
    try {
        const nlohmann::json json = json_detail::parseJsonText(jsonText);
        const JsonNode root(json, "");
        root.requireObject();
        const JsonNode workflow = root.at("workflow");
        workflow.requireObject();
        DagInstance in;
        in.platform = platform;
        std::unordered_map<std::string, std::size_t> index;
        std::vector<std::vector<std::string>> parents;
        std::vector<JsonNode> parentNodes;
        // Per task: file name -> size, for inputs and outputs.
        std::vector<std::map<std::string, double>> inputs, outputs;
        auto addTask = [&](const JsonNode& node, const std::string& id, double seconds) {
            if (!(seconds >= 0 && seconds * options.referenceSpeed <= dag_limits::kMaxValue))
                node.fail("runtime " + show(seconds) + " s is negative or too large");
            if (!index.emplace(id, in.tasks.size()).second) node.fail("duplicate task \"" + id + "\"");
            in.tasks.push_back({id, seconds * options.referenceSpeed, options.alpha});
        };
        auto readParents = [&](const JsonNode& node) {
            std::vector<std::string> list;
            if (auto p = node.find("parents")) {
                p->requireArray();
                for (std::size_t k = 0; k < p->size(); ++k) list.push_back((*p)[k].string());
            }
            parents.push_back(std::move(list));
            parentNodes.push_back(node);
        };
        if (auto specification = workflow.find("specification")) {
            // Schema 1.5: structure in specification, runtimes in execution.
            std::unordered_map<std::string, double> fileSize;
            if (auto files = specification->find("files")) {
                files->requireArray();
                for (std::size_t k = 0; k < files->size(); ++k) {
                    const JsonNode f = (*files)[k];
                    fileSize[f.at("id").string()] = f.at("sizeInBytes").numberIn(0, dag_limits::kMaxValue);
                }
            }
            std::unordered_map<std::string, double> runtime;
            if (auto execution = workflow.find("execution")) {
                const JsonNode tasks = execution->at("tasks");
                tasks.requireArray();
                for (std::size_t k = 0; k < tasks.size(); ++k)
                    runtime[tasks[k].at("id").string()] = tasks[k].at("runtimeInSeconds").numberIn(0, 1e300);
            }
            const JsonNode tasks = specification->at("tasks");
            tasks.requireArray();
            for (std::size_t k = 0; k < tasks.size(); ++k) {
                const JsonNode t = tasks[k];
                const std::string id = t.find("id") ? t.at("id").nonEmptyString() : t.at("name").nonEmptyString();
                auto r = runtime.find(id);
                if (r == runtime.end()) t.fail("task \"" + id + "\" has no runtimeInSeconds in workflow.execution.tasks");
                addTask(t, id, r->second);
                readParents(t);
                auto fileList = [&](const char* key, std::map<std::string, double>& into) {
                    if (auto list = t.find(key)) {
                        list->requireArray();
                        for (std::size_t m = 0; m < list->size(); ++m) {
                            const std::string name = (*list)[m].string();
                            auto size = fileSize.find(name);
                            if (size == fileSize.end()) (*list)[m].fail("unknown file \"" + name + "\"");
                            into[name] = size->second;
                        }
                    }
                };
                inputs.emplace_back();
                outputs.emplace_back();
                fileList("inputFiles", inputs.back());
                fileList("outputFiles", outputs.back());
            }
        } else {
            const JsonNode tasks = workflow.at("tasks");
            tasks.requireArray();
            for (std::size_t k = 0; k < tasks.size(); ++k) {
                const JsonNode t = tasks[k];
                const std::string id = t.find("id") ? t.at("id").nonEmptyString() : t.at("name").nonEmptyString();
                const double seconds = t.find("runtimeInSeconds") ? t.at("runtimeInSeconds").numberIn(0, 1e300)
                                                                  : t.at("runtime").numberIn(0, 1e300);
                addTask(t, id, seconds);
                readParents(t);
                inputs.emplace_back();
                outputs.emplace_back();
                if (auto files = t.find("files")) {
                    files->requireArray();
                    for (std::size_t m = 0; m < files->size(); ++m) {
                        const JsonNode f = (*files)[m];
                        const std::string link = f.at("link").string();
                        if (link != "input" && link != "output") f.at("link").fail("expected \"input\" or \"output\"");
                        const std::string name = f.find("id") ? f.at("id").string() : f.at("name").string();
                        const double size = f.find("sizeInBytes") ? f.at("sizeInBytes").numberIn(0, dag_limits::kMaxValue)
                                                                  : f.at("size").numberIn(0, dag_limits::kMaxValue);
                        (link == "input" ? inputs : outputs).back()[name] = size;
                    }
                }
            }
        }
        if (in.tasks.empty()) workflow.fail("the workflow has no task");
        for (std::size_t child = 0; child < in.tasks.size(); ++child) {
            std::unordered_set<std::size_t> seen;
            for (const std::string& name : parents[child]) {
                auto it = index.find(name);
                if (it == index.end()) parentNodes[child].at("parents").fail("unknown parent task \"" + name + "\"");
                if (it->second == child) parentNodes[child].at("parents").fail("task \"" + name + "\" is its own parent");
                if (!seen.insert(it->second).second) continue;
                double bytes = 0;
                for (const auto& [file, size] : outputs[it->second])
                    if (inputs[child].count(file)) bytes += size;
                in.edges.push_back({it->second, child, bytes});
            }
        }
        if (auto problem = dagInstanceProblem(in)) return invalidInput("WfFormat workflow: " + *problem);
        return in;
    } catch (const json_detail::InputError& e) {
        return invalidInput(std::string("WfFormat: ") + e.what());
    } catch (const std::exception& e) {
        return invalidInput(std::string("WfFormat: cannot read the workflow: ") + e.what());
    }
}

// ---- SimGrid XML ----

namespace {

struct XmlElement {
    std::string name;
    std::map<std::string, std::string> attributes;
    int line = 0;
};

// The start tags of a document (end tags, text, comments, declarations skipped), with their lines.
Expected<std::vector<XmlElement>> xmlStartTags(std::string_view text) {
    std::vector<XmlElement> elements;
    std::size_t pos = 0;
    int line = 1;
    auto advance = [&](std::size_t to) {
        for (; pos < to && pos < text.size(); ++pos)
            if (text[pos] == '\n') ++line;
    };
    while (true) {
        const std::size_t open = text.find('<', pos);
        if (open == std::string_view::npos) break;
        advance(open);
        const int tagLine = line;
        auto skipTo = [&](std::string_view terminator, const char* what) -> std::optional<Error> {
            const std::size_t end = text.find(terminator, pos);
            if (end == std::string_view::npos) return invalidInput(lineText(tagLine) + "unterminated " + what);
            advance(end + terminator.size());
            return std::nullopt;
        };
        if (text.substr(pos, 4) == "<!--") {
            if (auto e = skipTo("-->", "comment")) return *e;
            continue;
        }
        if (text.substr(pos, 2) == "<?" ) {
            if (auto e = skipTo("?>", "declaration")) return *e;
            continue;
        }
        if (text.substr(pos, 2) == "<!" || text.substr(pos, 2) == "</") {
            if (auto e = skipTo(">", "tag")) return *e;
            continue;
        }
        ++pos;
        XmlElement element;
        element.line = tagLine;
        while (pos < text.size() && (std::isalnum(static_cast<unsigned char>(text[pos])) || text[pos] == '_' ||
                                     text[pos] == '-' || text[pos] == ':' || text[pos] == '.'))
            element.name += text[pos++];
        if (element.name.empty()) return invalidInput(lineText(tagLine) + "malformed tag");
        while (true) {
            while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) advance(pos + 1);
            if (pos >= text.size()) return invalidInput(lineText(tagLine) + "unterminated tag <" + element.name + ">");
            if (text[pos] == '>' || text.substr(pos, 2) == "/>") {
                advance(pos + (text[pos] == '>' ? 1 : 2));
                break;
            }
            std::string key;
            while (pos < text.size() && (std::isalnum(static_cast<unsigned char>(text[pos])) || text[pos] == '_' ||
                                         text[pos] == '-' || text[pos] == ':' || text[pos] == '.'))
                key += text[pos++];
            if (key.empty() || pos >= text.size() || text[pos] != '=')
                return invalidInput(lineText(line) + "malformed attribute in <" + element.name + ">");
            ++pos;
            if (pos >= text.size() || (text[pos] != '"' && text[pos] != '\''))
                return invalidInput(lineText(line) + "attribute " + key + " of <" + element.name + "> needs a quoted value");
            const char quote = text[pos++];
            const std::size_t end = text.find(quote, pos);
            if (end == std::string_view::npos) return invalidInput(lineText(line) + "unterminated attribute " + key);
            std::string value(text.substr(pos, end - pos));
            advance(end + 1);
            element.attributes[key] = std::move(value);
        }
        elements.push_back(std::move(element));
    }
    return elements;
}

// A SimGrid value with its unit suffix; `units` maps suffixes to factors.
std::optional<double> withUnit(const std::string& text, const std::vector<std::pair<const char*, double>>& units,
                               double defaultFactor) {
    std::size_t split = 0;
    while (split < text.size() && (std::isdigit(static_cast<unsigned char>(text[split])) || text[split] == '.' ||
                                   text[split] == 'e' || text[split] == 'E' || text[split] == '+' || text[split] == '-')) {
        // An 'e' followed by a letter other than a digit/sign is a unit ("1e" is never ours, "Gf" is).
        if ((text[split] == 'e' || text[split] == 'E') &&
            !(split + 1 < text.size() && (std::isdigit(static_cast<unsigned char>(text[split + 1])) ||
                                          text[split + 1] == '+' || text[split + 1] == '-')))
            break;
        ++split;
    }
    const std::optional<double> v = parseNumber(text.substr(0, split));
    if (!v) return std::nullopt;
    const std::string unit = text.substr(split);
    if (unit.empty()) return *v * defaultFactor;
    for (const auto& [suffix, factor] : units)
        if (unit == suffix) return *v * factor;
    return std::nullopt;
}

const std::vector<std::pair<const char*, double>> kSpeedUnits{
    {"f", 1}, {"kf", 1e3}, {"Mf", 1e6}, {"Gf", 1e9}, {"Tf", 1e12}, {"Pf", 1e15}, {"Ef", 1e18},
    {"flops", 1}, {"kflops", 1e3}, {"Mflops", 1e6}, {"Gflops", 1e9}, {"Tflops", 1e12}};
const std::vector<std::pair<const char*, double>> kBandwidthUnits{
    {"Bps", 1}, {"kBps", 1e3}, {"KBps", 1e3}, {"MBps", 1e6}, {"GBps", 1e9}, {"TBps", 1e12},
    {"KiBps", 1024.0}, {"MiBps", 1048576.0}, {"GiBps", 1073741824.0},
    {"bps", 0.125}, {"kbps", 125}, {"Kbps", 125}, {"Mbps", 1.25e5}, {"Gbps", 1.25e8}, {"Tbps", 1.25e11}};
const std::vector<std::pair<const char*, double>> kTimeUnits{
    {"s", 1}, {"ms", 1e-3}, {"us", 1e-6}, {"ns", 1e-9}, {"ps", 1e-12}, {"m", 60}, {"h", 3600}};

// "0-15" or "0-3,8,10-11": the number of hosts.
std::optional<long long> radicalCount(const std::string& radical) {
    long long count = 0;
    std::size_t start = 0;
    while (start <= radical.size()) {
        const std::size_t comma = std::min(radical.find(',', start), radical.size());
        const std::string part = radical.substr(start, comma - start);
        const std::size_t dash = part.find('-');
        const std::optional<double> lo = parseNumber(part.substr(0, dash));
        const std::optional<double> hi = dash == std::string::npos ? lo : parseNumber(part.substr(dash + 1));
        if (!lo || !hi || *hi < *lo || *lo < 0 || *hi > 1e7 || *lo != std::floor(*lo) || *hi != std::floor(*hi))
            return std::nullopt;
        count += static_cast<long long>(*hi - *lo) + 1;
        start = comma + 1;
    }
    return count;
}

}  // namespace

Expected<DagPlatform> importSimGridPlatform(std::string_view xmlText, const DagBackbone& defaultBackbone) {
    Expected<std::vector<XmlElement>> elements = xmlStartTags(xmlText);
    if (!elements) return elements.error();
    DagPlatform platform;
    platform.backbone = defaultBackbone;
    bool sawPlatform = false;
    for (const XmlElement& e : *elements) {
        auto attribute = [&](const char* key) -> Expected<std::string> {
            auto it = e.attributes.find(key);
            if (it == e.attributes.end())
                return invalidInput(lineText(e.line) + "<" + e.name + "> has no attribute " + key);
            return it->second;
        };
        auto valued = [&](const char* key, const std::vector<std::pair<const char*, double>>& units,
                          double defaultFactor, const char* what) -> Expected<double> {
            Expected<std::string> text = attribute(key);
            if (!text) return text.error();
            const std::optional<double> v = withUnit(*text, units, defaultFactor);
            if (!v || *v < 0) return invalidInput(lineText(e.line) + "<" + e.name + "> " + key + "=\"" + *text +
                                                  "\" is not a " + what);
            return *v;
        };
        if (e.name == "platform") sawPlatform = true;
        if (e.name == "cluster") {
            DagCluster c;
            Expected<std::string> id = attribute("id");
            if (!id) return id.error();
            c.name = *id;
            Expected<std::string> radical = attribute("radical");
            if (!radical) return radical.error();
            const std::optional<long long> hosts = radicalCount(*radical);
            if (!hosts) return invalidInput(lineText(e.line) + "<cluster id=\"" + c.name + "\"> radical=\"" + *radical +
                                            "\" is not a list of ranges like 0-15");
            long long cores = 1;
            if (auto core = e.attributes.find("core"); core != e.attributes.end()) {
                const std::optional<double> v = parseNumber(core->second);
                if (!v || *v < 1 || *v > 1e6 || *v != std::floor(*v))
                    return invalidInput(lineText(e.line) + "<cluster id=\"" + c.name + "\"> core=\"" + core->second +
                                        "\" is not a positive integer");
                cores = static_cast<long long>(*v);
            }
            if (*hosts * cores > dag_limits::kMaxProcessors)
                return invalidInput(lineText(e.line) + "cluster " + c.name + " has more than 1000000 processors");
            c.processors = static_cast<int>(*hosts * cores);
            // SimGrid speeds may list several power states ("1Gf,2Gf"): the first is the default one.
            Expected<std::string> speedText = attribute("speed");
            if (!speedText) return speedText.error();
            const std::optional<double> speed = withUnit(speedText->substr(0, speedText->find(',')), kSpeedUnits, 1);
            if (!speed) return invalidInput(lineText(e.line) + "<cluster> speed=\"" + *speedText + "\" is not a speed like 1Gf");
            c.speed = *speed;
            Expected<double> bw = valued("bw", kBandwidthUnits, 1, "bandwidth like 125MBps");
            if (!bw) return bw.error();
            c.bandwidth = *bw;
            Expected<double> lat = valued("lat", kTimeUnits, 1, "latency like 50us");
            if (!lat) return lat.error();
            c.latency = *lat;
            platform.clusters.push_back(std::move(c));
        } else if (e.name == "link" || e.name == "backbone") {
            auto id = e.attributes.find("id");
            if (e.name == "link" && (id == e.attributes.end() || id->second.find("backbone") == std::string::npos)) continue;
            Expected<double> bw = valued("bandwidth", kBandwidthUnits, 1, "bandwidth like 2.25GBps");
            if (!bw) return bw.error();
            Expected<double> lat = valued("latency", kTimeUnits, 1, "latency like 500us");
            if (!lat) return lat.error();
            platform.backbone = {*bw, *lat};
        }
    }
    if (!sawPlatform) return invalidInput("not a SimGrid platform: no <platform> element");
    if (platform.clusters.empty()) return invalidInput("the SimGrid platform has no <cluster> element");
    DagInstance probe;
    probe.platform = platform;
    probe.tasks = {{"probe", 0, 0}};
    if (auto problem = dagInstanceProblem(probe)) return invalidInput("SimGrid platform: " + *problem);
    return platform;
}

namespace {

std::string lowercase(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

bool hasExtension(const std::string& path, const char* extension) {
    const std::string lower = lowercase(path), suffix(extension);
    return lower.size() > suffix.size() && lower.compare(lower.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

std::optional<TaskGraphFormat> taskGraphFormatFromName(std::string_view name) {
    if (name == "auto") return TaskGraphFormat::Auto;
    if (name == "dot") return TaskGraphFormat::Dot;
    if (name == "wfformat") return TaskGraphFormat::WfFormat;
    return std::nullopt;
}

Expected<TaskGraphFormat> detectTaskGraphFormat(const std::string& path, std::string_view text) {
    if (hasExtension(path, ".dot") || hasExtension(path, ".gv")) return TaskGraphFormat::Dot;
    if (hasExtension(path, ".json")) return TaskGraphFormat::WfFormat;
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && text[first] == '{') return TaskGraphFormat::WfFormat;
    const std::string head = lowercase(std::string(text.substr(0, 4096)));
    if (head.find("digraph") != std::string::npos) return TaskGraphFormat::Dot;
    return invalidInput("unknown task graph format: not .dot, .gv or .json, and neither a DOT digraph nor JSON "
                        "(give the format: dot or wfformat)");
}

Expected<DagInstance> importTaskGraphFile(const std::string& path, const DagPlatform& platform,
                                          const WfFormatOptions& options, TaskGraphFormat format) {
    Expected<std::string> text = readTextFile(path);
    if (!text) return text.error();
    if (format == TaskGraphFormat::Auto) {
        Expected<TaskGraphFormat> detected = detectTaskGraphFormat(path, *text);
        if (!detected) return Error{detected.error().kind, path + ": " + detected.error().message};
        format = *detected;
    }
    Expected<DagInstance> in =
        format == TaskGraphFormat::Dot ? importDaggenDot(*text, platform) : importWfFormat(*text, platform, options);
    if (!in) return Error{in.error().kind, path + ": " + in.error().message};
    return in;
}

Expected<DagPlatform> parseDagPlatformJson(std::string_view jsonText) {
    try {
        const nlohmann::json root = json_detail::parseJsonText(jsonText);
        if (!root.is_object()) json_detail::JsonNode(root, "").fail("expected a dag instance or a platform object");
        if (root.contains("kind")) {
            Expected<Instance> instance = instanceFromJson(root);
            if (!instance) return instance.error();
            if (const auto* dag = std::get_if<DagInstance>(&*instance)) return dag->platform;
            return invalidInput("a \"" + root["kind"].get<std::string>() +
                                "\" instance has no cluster platform (expected a \"dag\" instance or a platform object)");
        }
        // A bare platform: read through the instance reader with one placeholder task, so that the
        // checks are the same; error paths keep the platform's own keys.
        nlohmann::json wrapped = {{"kind", "dag"}, {"platform", root},
                                  {"tasks", nlohmann::json::array({{{"name", "t"}, {"flops", 0}, {"alpha", 0}}})},
                                  {"edges", nlohmann::json::array()}};
        Expected<Instance> instance = instanceFromJson(wrapped);
        if (!instance) {
            std::string message = instance.error().message;
            for (std::size_t at = message.find("platform."); at != std::string::npos; at = message.find("platform.", at))
                message.erase(at, 9);
            return Error{instance.error().kind, message};
        }
        return std::get<DagInstance>(*instance).platform;
    } catch (const json_detail::InputError& e) {
        return invalidInput(e.what());
    }
}

Expected<DagPlatform> readDagPlatformFile(const std::string& path, const DagBackbone& defaultBackbone) {
    Expected<std::string> text = readTextFile(path);
    if (!text) return text.error();
    Expected<DagPlatform> platform = invalidInput("unknown platform format (expected .xml or .json)");
    if (hasExtension(path, ".xml"))
        platform = importSimGridPlatform(*text, defaultBackbone);
    else if (hasExtension(path, ".json"))
        platform = parseDagPlatformJson(*text);
    if (!platform) return Error{platform.error().kind, path + ": " + platform.error().message};
    return platform;
}

}  // namespace hetsched
