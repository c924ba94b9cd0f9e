#include "io/cpugpu_io.h"

#include "io/json_text_writer.h"
#include "io/forward_reader.h"
#include "io/named_objects.h"

#include <string_view>
#include <unordered_map>

namespace hetsched {

using json_detail::JsonNode;

namespace {

// Bounds that keep every sum, ratio and rounded GPU time of the solvers finite and exact enough:
// a million tasks of at most 1e12 sum to 1e18, and cpu/gpu stays below 1e21.
constexpr double kMinTime = 1e-9;
constexpr double kMaxTime = 1e12;
constexpr std::int64_t kMaxProcessors = 10'000;
constexpr std::size_t kMaxTasks = 1'000'000;

double processingTime(const JsonNode& node) {
    const double v = node.number();
    if (v <= 0) node.fail("must be positive, got " + node.text());
    if (v < kMinTime || v > kMaxTime) node.fail("must be between 1e-9 and 1e12, got " + node.text());
    return v;
}

}  // namespace

CpuGpuInstance readCpuGpuInstance(const JsonNode& root) {
    root.requireOnlyKeys({"kind", "cpus", "gpus", "epsilon", "tasks"});
    CpuGpuInstance in;
    in.cpus = static_cast<int>(root.at("cpus").integer(0, kMaxProcessors));
    in.gpus = static_cast<int>(root.at("gpus").integer(0, kMaxProcessors));
    if (in.cpus == 0 && in.gpus == 0)
        root.at("cpus").fail("cpus and gpus are both 0: the platform needs a processor");
    if (auto epsilon = root.find("epsilon")) in.epsilon = epsilon->numberIn(1e-6, 1);
    const JsonNode tasks = root.at("tasks");
    if (tasks.size() == 0) tasks.fail("expected at least one task");
    if (tasks.size() > kMaxTasks) tasks.fail("at most 1000000 tasks");
    json_detail::readNamedObjects(
        tasks, {"name", "cpu", "gpu"}, in.tasks,
        [](const auto& fields, CpuGpuTask& task) {
            task.cpu = processingTime(fields.at("cpu"));
            task.gpu = processingTime(fields.at("gpu"));
        },
        [](const std::string& name, std::size_t earlier) {
            return "duplicate task name \"" + name + "\" (also tasks[" + std::to_string(earlier) + "])";
        });
    return in;
}

std::optional<CpuGpuInstance> readCpuGpuInstanceForward(std::string_view text) {
    namespace fw = json_detail::forward;
    fw::od::parser parser;
    fw::od::document document;
    fw::od::value root;
    if (!fw::iterate(parser, text, json_detail::kJsonPadding, document, root)) return std::nullopt;
    CpuGpuInstance in;
    std::int64_t cpus = 0, gpus = 0;
    const auto readTask = [&](fw::od::value element) {
        if (in.tasks.size() == kMaxTasks) return false;
        CpuGpuTask& task = in.tasks.emplace_back();
        return fw::fields(element, {"name", "cpu", "gpu"}, 3, [&](std::size_t key, fw::od::value value) {
            switch (key) {
            case 0: return fw::string(value, task.name);
            case 1: return fw::number(value, task.cpu, kMinTime, kMaxTime);
            default: return fw::number(value, task.gpu, kMinTime, kMaxTime);
            }
        });
    };
    const bool read = fw::fields(root, {"kind", "cpus", "gpus", "tasks", "epsilon"}, 4, [&](std::size_t key, fw::od::value value) {
        std::string_view kind;
        switch (key) {
        case 0: return fw::string(value, kind) && kind == "cpugpu";
        case 1: return fw::integer(value, cpus, 0, kMaxProcessors);
        case 2: return fw::integer(value, gpus, 0, kMaxProcessors);
        case 3: return fw::elements(value, readTask);
        default: return fw::number(value, in.epsilon, 1e-6, 1);
        }
    });
    if (!read || !fw::atEnd(document) || (cpus == 0 && gpus == 0) || in.tasks.empty()) return std::nullopt;
    in.cpus = static_cast<int>(cpus);
    in.gpus = static_cast<int>(gpus);
    NameIndex names(in.tasks.size());
    if (names.addEach(in.tasks.size(), [&](std::size_t j) -> std::string_view { return in.tasks[j].name; }))
        return std::nullopt;
    return in;
}

nlohmann::json cpuGpuInstanceToJson(const CpuGpuInstance& in) {
    nlohmann::json j;
    j["kind"] = "cpugpu";
    j["cpus"] = in.cpus;
    j["gpus"] = in.gpus;
    j["epsilon"] = in.epsilon;
    nlohmann::json tasks = nlohmann::json::array();
    for (const CpuGpuTask& t : in.tasks) tasks.push_back({{"name", t.name}, {"cpu", t.cpu}, {"gpu", t.gpu}});
    j["tasks"] = std::move(tasks);
    return j;
}

// Keys in nlohmann's order (sorted), as cpuGpuInstanceToJson's tree is written.
void writeCpuGpuInstance(const CpuGpuInstance& in, json_detail::JsonTextWriter& w) {
    w.beginObject();
    w.member("cpus", in.cpus);
    w.member("epsilon", in.epsilon);
    w.member("gpus", in.gpus);
    w.member("kind", "cpugpu");
    w.key("tasks");
    w.beginArray();
    for (const CpuGpuTask& t : in.tasks) {
        w.beginObject();
        w.member("cpu", t.cpu);
        w.member("gpu", t.gpu);
        w.member("name", t.name);
        w.endObject();
    }
    w.endArray();
    w.endObject();
}

std::string cpuGpuInstanceText(const CpuGpuInstance& in) {
    json_detail::JsonTextWriter w;
    writeCpuGpuInstance(in, w);
    return w.take();
}

}  // namespace hetsched
