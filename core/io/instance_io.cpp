#include "io/instance_io.h"

#include <cstdio>
#include <fstream>
#include <iomanip>
#include <sstream>

#include "io/dag_io.h"
#include "io/cpugpu_io.h"
#include "io/divisible_io.h"
#include "io/json_reader.h"
#include "io/partition_io.h"
#include "io/steady_state_io.h"

namespace hetsched {

using json_detail::InputError;
using json_detail::JsonNode;

Expected<Instance> instanceFromJson(const nlohmann::json& json) {
    try {
        const JsonNode root(json, "");
        root.requireObject();
        const std::string kind = root.at("kind").string();
        if (kind == "partition") return Instance{readPartitionInstance(root)};
        if (kind == "divisible") return Instance{readDivisibleInstance(root)};
        if (kind == "steady_state") return Instance{readSteadyStateInstance(root)};
        if (kind == "dag") return Instance{readDagInstance(root)};
        if (kind == "cpugpu") return Instance{readCpuGpuInstance(root)};
        root.at("kind").fail("unknown instance kind \"" + kind + "\" (known: partition, divisible, cpugpu, steady_state, dag)");
    } catch (const InputError& e) {
        return invalidInput(e.what());
    } catch (const std::exception& e) {   // nlohmann type errors and allocation failures, never a crash
        return invalidInput(std::string("cannot read the instance: ") + e.what());
    }
}

Expected<Instance> parseInstance(std::string_view jsonText) {
    try {
        return instanceFromJson(json_detail::parseJsonText(jsonText));
    } catch (const InputError& e) {
        return invalidInput(e.what());
    }
}

Expected<std::string> readTextFile(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return ioError("cannot open " + path);
    std::ostringstream content;
    content << file.rdbuf();
    if (file.bad()) return ioError("cannot read " + path);
    return content.str();
}

Expected<Instance> readInstanceFile(const std::string& path) {
    Expected<std::string> text = readTextFile(path);
    if (!text) return text.error();
    Expected<Instance> instance = parseInstance(*text);
    if (!instance) return Error{instance.error().kind, path + ": " + instance.error().message};
    return instance;
}

Expected<bool> writeTextFileAtomically(const std::string& path, const std::string& text) {
    const std::string temporary = path + ".tmp-hetsched";
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        if (!file) return ioError("cannot write " + temporary);
        file << text;
        file.flush();
        if (!file) {
            file.close();
            std::remove(temporary.c_str());
            return ioError("cannot write " + temporary + " (disk full?)");
        }
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        std::remove(temporary.c_str());
        return ioError("cannot replace " + path);
    }
    return true;
}

nlohmann::json instanceToJson(const Instance& instance) {
    struct ToJson {
        nlohmann::json operator()(const PartitionInstance& in) const { return partitionInstanceToJson(in); }
        nlohmann::json operator()(const DivisibleInstance& in) const { return divisibleInstanceToJson(in); }
        nlohmann::json operator()(const SteadyStateInstance& in) const { return steadyStateInstanceToJson(in); }
        nlohmann::json operator()(const DagInstance& in) const { return dagInstanceToJson(in); }
        nlohmann::json operator()(const CpuGpuInstance& in) const { return cpuGpuInstanceToJson(in); }
    };
    return std::visit(ToJson{}, instance);
}

namespace {

std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string quoted = "\"";
    for (char c : s) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

}  // namespace

std::string scheduleToCsv(const Schedule& schedule) {
    std::ostringstream out;
    out << std::setprecision(17);
    out << "lane,category,start,end,kind,label,task,group\n";
    for (const Lane& lane : schedule.lanes) {
        for (const Interval& in : lane.intervals) {
            out << csvField(lane.name) << ',' << csvField(lane.category) << ',' << in.start << ',' << in.end << ','
                << intervalKindName(in.kind) << ',' << csvField(in.label) << ',' << in.taskId << ','
                << csvField(in.group) << '\n';
        }
    }
    return out.str();
}

}  // namespace hetsched
