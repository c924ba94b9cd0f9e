// The registry's solver statements as Markdown (docs/algorithms.md) and as plain text (the CLI).
#include "family/solver_catalog.h"

#include "common/options.h"
#include "family/family.h"
#include "solvers/registry.h"

namespace hetsched {

namespace {

// Markdown reads `*` as emphasis ("T * sum"): written escaped.
std::string markdownText(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '*') out += '\\';
        out += c;
    }
    return out;
}

std::string familyTitle(const std::string& kind) {
    const FamilyDescriptor* family = findFamily(kind);
    if (!family || family->displayName.empty()) return "`" + kind + "`";
    std::string name = family->displayName;
    if (name[0] >= 'a' && name[0] <= 'z') name[0] = static_cast<char>(name[0] - 'a' + 'A');
    return name + " (`" + kind + "`)";
}

}  // namespace

std::string solverCatalogMarkdown() {
    std::string out;
    std::string kind;
    for (const SolverSpec& s : solverSpecs()) {
        if (s.kind != kind) {
            kind = s.kind;
            if (!out.empty()) out += '\n';
            out.append("#### ").append(familyTitle(kind)).append("\n\n");
        }
        out += "- **`" + s.name + "`**: " + markdownText(s.description) + ".\n";
        out += "  - Guarantee: " + markdownText(s.guarantee) + ".\n";
        out += "  - Complexity: " + markdownText(s.complexity) + ".\n";
        out += "  - Source: " + markdownText(s.reference) + ".\n";
        for (const OptionSpec& o : s.options)
            out += "  - Option `" + o.name + "` (" + optionAcceptsText(o) + ", default " + optionDefaultText(o) +
                   "): " + markdownText(o.description) + ".\n";
    }
    return out;
}

std::string solverCatalogText(const std::string& kind) {
    std::string out;
    for (const SolverSpec& s : solverSpecs()) {
        if (!kind.empty() && s.kind != kind) continue;
        if (!out.empty()) out += "\n";
        out += s.kind + " " + s.name + "\n";
        out += "  " + s.description + "\n";
        out += "  guarantee:  " + s.guarantee + "\n";
        out += "  complexity: " + s.complexity + "\n";
        out += "  source:     " + s.reference + "\n";
        for (const OptionSpec& o : s.options)
            out += "  --option " + o.name + "=" + optionDefaultText(o) + "  " + o.description + " (" +
                   optionAcceptsText(o) + ")\n";
    }
    return out;
}

}  // namespace hetsched
