#include "io/cpugpu_io.h"

#include "io/json_text_writer.h"
#include "io/named_objects.h"

#include <simdjson.h>

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
    namespace od = simdjson::ondemand;
    od::parser parser;
    od::document document;
    if (parser.iterate(simdjson::padded_string_view(text.data(), text.size(), text.size() + json_detail::kJsonPadding))
            .get(document))
        return std::nullopt;
    od::object root;
    if (document.get_object().get(root)) return std::nullopt;
    CpuGpuInstance in;
    // Each key at most once; every value of the form the tree reader takes without a question.
    bool kind = false, cpus = false, gpus = false, epsilon = false, tasks = false;
    const auto count = [](od::value value, std::int64_t& n) {
        return !value.get_int64().get(n) && n >= 0 && n <= kMaxProcessors;
    };
    const auto time = [](od::value value, double& t) {
        return !value.get_double().get(t) && t >= kMinTime && t <= kMaxTime;
    };
    for (auto fieldResult : root) {
        od::field field;
        if (std::move(fieldResult).get(field)) return std::nullopt;
        std::string_view key;
        if (field.unescaped_key().get(key)) return std::nullopt;
        od::value value = field.value();
        std::int64_t n = 0;
        if (key == "kind" && !kind) {
            std::string_view name;
            if (value.get_string().get(name) || name != "cpugpu") return std::nullopt;
            kind = true;
        } else if (key == "cpus" && !cpus) {
            if (!count(value, n)) return std::nullopt;
            in.cpus = static_cast<int>(n);
            cpus = true;
        } else if (key == "gpus" && !gpus) {
            if (!count(value, n)) return std::nullopt;
            in.gpus = static_cast<int>(n);
            gpus = true;
        } else if (key == "epsilon" && !epsilon) {
            if (value.get_double().get(in.epsilon) || !(in.epsilon >= 1e-6 && in.epsilon <= 1)) return std::nullopt;
            epsilon = true;
        } else if (key == "tasks" && !tasks) {
            od::array array;
            if (value.get_array().get(array)) return std::nullopt;
            for (auto elementResult : array) {
                od::value element;
                if (std::move(elementResult).get(element)) return std::nullopt;
                od::object object;
                if (element.get_object().get(object) || in.tasks.size() == kMaxTasks) return std::nullopt;
                CpuGpuTask& task = in.tasks.emplace_back();
                bool name = false, cpu = false, gpu = false;
                for (auto taskFieldResult : object) {
                    od::field taskField;
                    if (std::move(taskFieldResult).get(taskField)) return std::nullopt;
                    if (taskField.unescaped_key().get(key)) return std::nullopt;
                    if (key == "name" && !name) {
                        std::string_view taskName;
                        if (taskField.value().get_string().get(taskName) || taskName.empty()) return std::nullopt;
                        task.name = taskName;
                        name = true;
                    } else if (key == "cpu" && !cpu) {
                        if (!time(taskField.value(), task.cpu)) return std::nullopt;
                        cpu = true;
                    } else if (key == "gpu" && !gpu) {
                        if (!time(taskField.value(), task.gpu)) return std::nullopt;
                        gpu = true;
                    } else {
                        return std::nullopt;
                    }
                }
                if (!name || !cpu || !gpu) return std::nullopt;
            }
            tasks = true;
        } else {
            return std::nullopt;
        }
    }
    // Nothing after the document's value (current_location fails at its end).
    if (!document.current_location().error()) return std::nullopt;
    if (!kind || !cpus || !gpus || !tasks || (in.cpus == 0 && in.gpus == 0) || in.tasks.empty()) return std::nullopt;
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
