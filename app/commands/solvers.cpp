// hetsched solvers: every solver of every family, one line each, with its options.

#include "commands/command.h"

#include <algorithm>
#include <ostream>

namespace hetsched::cli {

int runSolvers(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    std::string kind;
    Command command("hetsched solvers: ", "Lists every solver, one line each, with its options, defaults and ranges.");
    addValueFlag(command.app(), "--kind", kind, "only the solvers of this family (dag, divisible, cpugpu, ...)", "KIND");
    if (std::optional<int> code = command.parse(args, out, err)) return *code;
    std::size_t nameWidth = 0;
    for (const SolverSpec& s : solverSpecs()) nameWidth = std::max(nameWidth, s.kind.size() + 1 + s.name.size());
    bool any = false;
    for (const SolverSpec& s : solverSpecs()) {
        if (!kind.empty() && s.kind != kind) continue;
        any = true;
        std::string id = s.kind + " " + s.name;
        out << id << std::string(nameWidth + 2 - id.size(), ' ') << s.description << "\n";
        for (const OptionSpec& o : s.options)
            out << std::string(nameWidth + 4, ' ') << "--option " << o.name << "=" << optionDefaultText(o) << "  "
                << o.description << " [" << o.minimum << ", " << o.maximum << "]\n";
    }
    if (!any) {
        err << "hetsched solvers: no solver for kind '" << kind << "'\n";
        return kExitError;
    }
    return kExitOk;
}

}  // namespace hetsched::cli
