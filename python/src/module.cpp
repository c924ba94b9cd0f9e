// _hetsched: the native part of the Python module hetsched. It gives core's instances, solvers, imports,
// simulations and experiments to python/hetsched/__init__.py as plain values, runs every long call on a worker
// thread with the GIL released (Ctrl-C and the progress callback reach core's stop flag) and turns core's
// errors into Python's (InvalidInput: ValueError, Io: OSError, Solver: RuntimeError, Cancelled: Cancelled).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "common/options.h"
#include "common/progress.h"
#include "experiments/experiment_registry.h"
#include "io/dag_import.h"
#include "io/formats.h"
#include "io/instance_io.h"
#include "io/json_reader.h"
#include "results/result_io.h"
#include "io/simgrid_platform.h"
#include "model/dag_random.h"
#include "simulation/simulation.h"
#include "solvers/registry.h"

namespace py = pybind11;
using namespace hetsched;

namespace {

PyObject* g_cancelled = nullptr;         // hetsched.Cancelled (RuntimeError): stopped before any answer
PyObject* g_solveInterrupted = nullptr;  // hetsched.SolveInterrupted (KeyboardInterrupt), .result: the incumbent

[[noreturn]] void raise(const Error& error) {
    switch (error.kind) {
        case ErrorKind::InvalidInput: throw py::value_error(error.message);
        case ErrorKind::Io: PyErr_SetString(PyExc_OSError, error.message.c_str()); throw py::error_already_set();
        case ErrorKind::Solver: throw std::runtime_error(error.message);
        case ErrorKind::Cancelled: PyErr_SetString(g_cancelled, error.message.c_str()); throw py::error_already_set();
    }
    throw std::runtime_error(error.message);
}

template <class T>
T valueOrRaise(Expected<T> expected) {
    if (!expected) raise(expected.error());
    return std::move(*expected);
}

// --- long calls: a worker thread with the GIL released, the caller watching for signals ---------------------

// What stopped a watched call early, beside its own answer.
struct Watch {
    std::atomic<bool> stop{false};
    py::object callback;                                  // progress(fraction, stage) or None
    std::chrono::steady_clock::time_point lastCall{};
    bool called = false;
    bool stoppedByCallback = false;                       // the callback returned False
    std::optional<py::error_already_set> callbackError;   // the callback raised
    std::optional<py::error_already_set> signalError;     // a signal handler raised (Ctrl-C: KeyboardInterrupt)
};

// Calls the Python progress callback at most 20 times a second (and always for the first and the last report),
// under the GIL, from the worker thread.
Progress watchedProgress(Watch& watch) {
    if (watch.callback.is_none()) return Progress({}, &watch.stop);
    return Progress(
        [&watch](double fraction, const std::string& stage) {
            const auto now = std::chrono::steady_clock::now();
            if (watch.called && fraction < 1 && now - watch.lastCall < std::chrono::milliseconds(50)) return;
            py::gil_scoped_acquire gil;
            if (watch.stop.load()) return;
            watch.called = true;
            watch.lastCall = now;
            try {
                py::object answer = watch.callback(fraction, stage);
                if (py::isinstance<py::bool_>(answer) && !answer.cast<bool>()) {
                    watch.stoppedByCallback = true;
                    watch.stop = true;
                }
            } catch (py::error_already_set& e) {
                watch.callbackError = std::move(e);
                watch.stop = true;
            }
        },
        &watch.stop);
}

// Runs work(progress) on a worker thread while this one, the GIL released, waits and checks Python's signals
// every 50 ms (Ctrl-C sets the stop flag). Returns the work's answer; the watch says what stopped it.
template <class T, class Work>
Expected<T> runWatched(Watch& watch, Work work) {
    std::optional<Expected<T>> answer;
    const Progress progress = watchedProgress(watch);
    {
        py::gil_scoped_release release;
        std::promise<void> finished;
        std::future<void> done = finished.get_future();
        std::thread worker([&] {
            try {
                answer.emplace(work(progress));
            } catch (const std::bad_alloc&) {
                answer.emplace(solverError("out of memory"));
            } catch (const std::exception& e) {
                answer.emplace(solverError(e.what()));
            }
            finished.set_value();
        });
        while (done.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
            if (watch.signalError) continue;
            py::gil_scoped_acquire gil;
            if (PyErr_CheckSignals() != 0) {
                watch.signalError.emplace();   // fetches the exception the handler raised
                watch.stop = true;
            }
        }
        worker.join();
    }
    return std::move(*answer);
}

// Raises what stopped a watched call, if something did: the callback's exception, or the signal's (Ctrl-C as
// SolveInterrupted carrying `incumbent`).
void raiseIfInterrupted(Watch& watch, py::object incumbent) {
    if (watch.callbackError) throw *watch.callbackError;
    if (!watch.signalError) return;
    if (!watch.signalError->matches(PyExc_KeyboardInterrupt)) throw *watch.signalError;
    watch.signalError.reset();
    py::object error = py::reinterpret_borrow<py::object>(g_solveInterrupted)(
        incumbent.is_none() ? "interrupted before the solver had an answer"
                            : "interrupted: the best answer found so far is the exception's result");
    error.attr("result") = incumbent;
    PyErr_SetObject(g_solveInterrupted, error.ptr());
    throw py::error_already_set();
}

// --- values ----------------------------------------------------------------------------------------------------

struct NativeInstance {
    std::shared_ptr<const Instance> instance;
};

struct NativeResult {
    std::shared_ptr<const Instance> instance;
    std::shared_ptr<const SolveResult> result;
};

struct NativeSimulation {
    std::shared_ptr<const SimulationResult> simulation;
};

struct NativeRows {
    std::string experiment;
    SweepRows rows;
};

py::object optionalNumber(const std::optional<double>& v) { return v ? py::object(py::float_(*v)) : py::object(py::none()); }

py::dict optionDict(const OptionSpec& spec) {
    py::dict d;
    d["name"] = spec.name;
    d["description"] = spec.description;
    d["type"] = optionTypeName(spec.type);
    d["default"] = spec.optional ? py::object(py::none()) : py::cast(spec.defaultValue);
    d["minimum"] = spec.minimum;
    d["maximum"] = spec.maximum;
    d["minimum_excluded"] = spec.minimumExcluded;
    d["choices"] = spec.choices;
    d["optional"] = spec.optional;
    d["accepts"] = optionAcceptsText(spec);
    return d;
}

py::list optionList(const OptionTable& table) {
    py::list list;
    for (const OptionSpec& spec : table) list.append(optionDict(spec));
    return list;
}

// (lane, category, task, start, end, kind, label, group) of every interval, lane by lane.
py::list intervalRows(const Schedule& schedule) {
    py::list rows;
    for (const Lane& lane : schedule.lanes)
        for (const Interval& i : lane.intervals)
            rows.append(py::make_tuple(lane.name, lane.category, i.taskId < 0 ? py::object(py::none()) : py::object(py::int_(i.taskId)),
                                       i.start, i.end, intervalKindName(i.kind), i.label.str(), i.group.str()));
    return rows;
}

py::list metricRows(const Schedule& schedule) {
    py::list rows;
    for (const Metric& m : schedule.metrics) rows.append(py::make_tuple(m.name, m.value, m.unit));
    return rows;
}

py::list markerRows(const Schedule& schedule) {
    py::list rows;
    for (const Marker& m : schedule.markers) rows.append(py::make_tuple(m.name, m.time, m.dashed));
    return rows;
}

py::list laneRows(const Schedule& schedule) {
    py::list rows;
    for (const Lane& lane : schedule.lanes) rows.append(py::make_tuple(lane.name, lane.category));
    return rows;
}

NativeInstance wrap(Instance instance) { return {std::make_shared<const Instance>(std::move(instance))}; }

// --- import: the steps and messages of `hetsched import` -------------------------------------------------------

// "option clusters must be ..." -> "--clusters must be ...", as the CLI's flags say it.
Error flagError(const OptionSpec& spec, const Error& error) {
    std::string message = error.message;
    const std::string head = "option " + spec.name;
    if (message.rfind(head, 0) == 0) message.replace(0, head.size(), "--" + spec.name);
    return Error{error.kind, message};
}

py::tuple importGraph(const std::string& graph, const std::string& platformFile,
                      const std::vector<std::pair<std::string, std::string>>& given) {
    const OptionTable& importTable = taskGraphImportOptionTable();
    const OptionTable& platformTable = dagPlatformOptions();
    OptionValues importValues(importTable), randomValues(platformTable);
    std::vector<std::string> randomFlags;
    bool seedGiven = false, referenceSpeedGiven = false;
    std::optional<DagPlatformConfig> random;
    for (const auto& [name, text] : given) {
        const OptionSpec* spec = findOption(platformTable, name);
        OptionValues* values = &randomValues;
        if (!spec) {
            spec = findOption(importTable, name);
            values = &importValues;
        }
        if (!spec) throw py::value_error("unknown flag --" + name + " (hetsched import --help)");
        Expected<OptionValue> v = parseOptionValue(*spec, text);
        if (!v) raise(flagError(*spec, v.error()));
        values->set(spec->name, std::move(*v));
        if (values == &randomValues) {
            randomFlags.push_back("--" + name);
            random = dagPlatformConfig(randomValues);
            seedGiven = seedGiven || name == "platform-seed";
        } else {
            referenceSpeedGiven = referenceSpeedGiven || name == "reference-speed";
        }
    }
    const std::string format = taskGraphFormat(importValues);
    const TaskGraphImportOptions options = taskGraphImportOptions(importValues);
    const auto seed = static_cast<std::uint64_t>(importValues.integer("seed"));
    if (platformFile.empty() && !random)
        throw py::value_error("missing the platform: --platform FILE.xml|FILE.json or --clusters N");
    Expected<std::string> text = readTextFile(graph);
    if (!text) raise(text.error());
    if (referenceSpeedGiven) {
        Expected<const FileFormat*> actual = taskGraphFormatFor(graph, *text, format);
        if (actual && (*actual)->sizesInFlops) {
            std::string withRuntimes;
            for (const FileFormat* f : fileFormats(FormatDirection::Read, {FormatContent::TaskGraph}))
                if (!f->sizesInFlops) withRuntimes += (withRuntimes.empty() ? "" : ", ") + f->name;
            throw py::value_error("--reference-speed applies to graphs with runtimes (" + withRuntimes + "); a " +
                                  (*actual)->name + " file gives its tasks' flops");
        }
    }
    Expected<TaskGraphImport> read = invalidInput("not read");
    Expected<DagPlatform> platform = invalidInput("no platform");
    {
        py::gil_scoped_release release;   // SimGrid loads the platform in a child process
        read = readTaskGraph(graph, *text, options, format);
        if (read) {
            const bool clustersGiven = std::find(randomFlags.begin(), randomFlags.end(), "--clusters") != randomFlags.end();
            if (!platformFile.empty()) {
                platform = randomFlags.empty()
                               ? readDagPlatformFile(platformFile)
                               : Expected<DagPlatform>(invalidInput(
                                     "--platform and " + randomFlags.front() +
                                     " are exclusive (a platform file or a random one)"));
            } else if (!clustersGiven) {
                platform = invalidInput(randomFlags.front() + " needs --clusters N (the random platform)");
            } else {
                DagPlatformConfig config = *random;
                if (!seedGiven) config.seed = seed;
                platform = config.maxProcessors < config.minProcessors
                               ? Expected<DagPlatform>(invalidInput(
                                     "--max-processors is below --min-processors (" +
                                     std::to_string(config.maxProcessors) + " < " + std::to_string(config.minProcessors) + ")"))
                               : generatePlatform(config);
            }
        }
    }
    if (!read) raise(read.error());
    if (!platform) raise(platform.error());
    Expected<DagInstance> dag = placeTaskGraph(std::move(read->graph), *platform);
    if (!dag) raise(Error{dag.error().kind, graph + ": " + dag.error().message});
    return py::make_tuple(wrap(Instance{std::move(*dag)}), read->format, read->notes);
}

NativeInstance importPlatform(const std::string& file, const std::optional<std::string>& source) {
    Expected<SteadyStateInstance> steady = invalidInput("not read");
    {
        py::gil_scoped_release release;
        Expected<SimGridPlatform> loaded = loadSimGridPlatform(file);
        steady = loaded ? steadyStateFromSimGrid(*loaded, source) : Expected<SteadyStateInstance>(loaded.error());
    }
    if (!steady) {
        const std::string& message = steady.error().message;
        raise(Error{steady.error().kind, (message.rfind(file, 0) == 0 ? "" : file + ": ") + message});
    }
    return wrap(Instance{std::move(*steady)});
}

NativeInstance generateDagInstance(const std::vector<std::pair<std::string, std::string>>& given,
                                   const std::string& platformFile) {
    OptionValues graphValues(dagGeneratorOptions()), randomValues(dagPlatformOptions());
    std::vector<std::string> randomFlags;
    bool seedGiven = false;
    for (const auto& [name, text] : given) {
        const OptionSpec* spec = findOption(dagPlatformOptions(), name);
        OptionValues* values = &randomValues;
        if (!spec) {
            spec = findOption(dagGeneratorOptions(), name);
            values = &graphValues;
        }
        if (!spec) throw py::value_error("unknown flag --" + name + " (hetsched generate --help)");
        Expected<OptionValue> v = parseOptionValue(*spec, text);
        if (!v) raise(flagError(*spec, v.error()));
        values->set(spec->name, std::move(*v));
        if (values == &randomValues) {
            randomFlags.push_back("--" + name);
            seedGiven = seedGiven || name == "platform-seed";
        }
    }
    const DagGeneratorConfig graph = dagGeneratorConfig(graphValues);
    Expected<DagPlatform> platform = invalidInput("no platform");
    {
        py::gil_scoped_release release;
        if (!platformFile.empty()) {
            platform = randomFlags.empty() ? readDagPlatformFile(platformFile)
                                           : Expected<DagPlatform>(invalidInput(
                                                 "--platform and " + randomFlags.front() +
                                                 " are exclusive (a platform file or a random one)"));
        } else {
            DagPlatformConfig config = dagPlatformConfig(randomValues);
            if (!seedGiven) config.seed = graph.seed;
            platform = config.maxProcessors < config.minProcessors
                           ? Expected<DagPlatform>(invalidInput(
                                 "--max-processors is below --min-processors (" + std::to_string(config.maxProcessors) +
                                 " < " + std::to_string(config.minProcessors) + ")"))
                           : generatePlatform(config);
        }
    }
    if (!platform) raise(platform.error());
    return wrap(Instance{valueOrRaise(generateDag(graph, *platform))});
}

// --- solve, simulate, experiments ------------------------------------------------------------------------------

py::object solveInstance(const NativeInstance& in, const std::string& solver, const SolverOptions& options,
                         py::object callback) {
    Watch watch;
    watch.callback = std::move(callback);
    std::shared_ptr<const Instance> instance = in.instance;
    Expected<SolveResult> result = runWatched<SolveResult>(
        watch, [&](const Progress& progress) { return solve(*instance, solver, options, progress); });
    py::object answer = py::none();
    if (result) answer = py::cast(NativeResult{instance, std::make_shared<const SolveResult>(std::move(*result))});
    raiseIfInterrupted(watch, answer);
    if (!result) raise(result.error());
    return answer;
}

// A result's text read back (simdjson, as `hetsched simulate --result` reads it).
NativeResult nativeResultFromText(const NativeInstance& in, const std::string& text) {
    return {in.instance, std::make_shared<const SolveResult>(valueOrRaise(hetsched::resultFromText(*in.instance, text)))};
}

NativeSimulation simulate(const NativeResult& r, const std::string& platformFile, int periods, py::object callback) {
    const std::string kind = instanceKind(*r.instance);
    if (auto why = simulationUnavailableReason(kind)) throw py::value_error(*why);
    if (!platformFile.empty() && kind != "dag") throw py::value_error("--platform applies to dag instances only");
    if (periods != 0 && kind != "steady_state") throw py::value_error("--periods applies to steady_state instances only");
    if (periods != 0 && (periods < 1 || periods > 1000))
        throw py::value_error("--periods must be an integer between 1 and 1000, got '" + std::to_string(periods) + "'");
    SimulationOptions options;
    options.platformFile = platformFile;
    if (periods != 0) options.periods = periods;
    Watch watch;
    watch.callback = std::move(callback);
    Expected<SimulationResult> simulated = runWatched<SimulationResult>(
        watch, [&](const Progress& progress) { return simulateResult(*r.instance, *r.result, options, progress); });
    raiseIfInterrupted(watch, py::none());
    return {std::make_shared<const SimulationResult>(valueOrRaise(std::move(simulated)))};
}

const ExperimentEntry& experimentNamed(const std::string& name) {
    if (const ExperimentEntry* e = findExperimentEntry(name)) return *e;
    std::string known;
    for (const ExperimentEntry& e : experimentEntries()) known += (known.empty() ? "" : ", ") + e.name;
    throw py::value_error("unknown experiment '" + name + "' (known: " + known + ")");
}

NativeRows experimentRows(const std::string& name, const std::vector<std::pair<std::string, std::string>>& flags,
                          py::object callback) {
    const ExperimentEntry& entry = experimentNamed(name);
    const OptionValues values = valueOrRaise(experimentValues(entry, flags));
    Watch watch;
    watch.callback = std::move(callback);
    Expected<SweepRows> rows = runWatched<SweepRows>(watch, [&](const Progress& progress) -> Expected<SweepRows> {
        Expected<std::size_t> units = entry.unitCount(values);
        if (!units) return units.error();
        return entry.runShard(values, Shard{}, progress);
    });
    raiseIfInterrupted(watch, py::none());
    return {name, valueOrRaise(std::move(rows))};
}

std::string experimentTable(const std::string& name, const std::vector<std::pair<std::string, std::string>>& flags,
                            const NativeRows& rows) {
    const ExperimentEntry& entry = experimentNamed(name);
    if (rows.experiment != name)
        throw py::value_error("the rows are of experiment " + rows.experiment + ", not " + name);
    return valueOrRaise(entry.table(valueOrRaise(experimentValues(entry, flags)), rows.rows));
}

}  // namespace

PYBIND11_MODULE(_hetsched, m) {
    m.doc() = "The native part of hetsched (use the package hetsched, not this module).";
    g_cancelled = PyErr_NewExceptionWithDoc(
        "hetsched.Cancelled", "A solve, simulation or experiment stopped on request before it had any answer.",
        PyExc_RuntimeError, nullptr);
    g_solveInterrupted = PyErr_NewExceptionWithDoc(
        "hetsched.SolveInterrupted",
        "Ctrl-C stopped a solve: its result attribute is the best answer found so far (status 'cancelled'), or None "
        "when the solver had none.",
        PyExc_KeyboardInterrupt, nullptr);
    m.attr("Cancelled") = py::handle(g_cancelled);
    m.attr("SolveInterrupted") = py::handle(g_solveInterrupted);
    m.attr("version") = HETSCHED_VERSION;
    m.attr("build_bindir") = HETSCHED_BUILD_BINDIR;
    m.attr("install_bindir") = HETSCHED_INSTALL_BINDIR;

    py::class_<NativeInstance>(m, "NativeInstance")
        .def_property_readonly("kind", [](const NativeInstance& i) { return instanceKind(*i.instance); })
        .def("to_json", [](const NativeInstance& i, int indent) { return instanceToJson(*i.instance).dump(indent); },
             py::arg("indent") = 2)
        .def("default_solver", [](const NativeInstance& i) { return defaultSolverFor(*i.instance); });

    py::class_<NativeResult>(m, "NativeResult")
        .def_property_readonly("kind", [](const NativeResult& r) { return r.result->kind; })
        .def_property_readonly("solver", [](const NativeResult& r) { return r.result->solver; })
        .def_property_readonly("status", [](const NativeResult& r) { return std::string(solveStatusName(r.result->status)); })
        .def_property_readonly("call_status",
                               [](const NativeResult& r) { return std::string(callStatusName(r.result->callStatus)); })
        .def_property_readonly("status_text", [](const NativeResult& r) { return solveStatusText(*r.result); })
        .def_property_readonly("objective", [](const NativeResult& r) { return optionalNumber(r.result->objective); })
        .def_property_readonly("objective_name", [](const NativeResult& r) { return r.result->objectiveName; })
        .def_property_readonly("objective_unit", [](const NativeResult& r) { return r.result->objectiveUnit; })
        .def_property_readonly("best_bound", [](const NativeResult& r) { return optionalNumber(r.result->bestBound); })
        .def_property_readonly("gap", [](const NativeResult& r) { return optionalNumber(r.result->gap); })
        .def_property_readonly("answer_is_bound", [](const NativeResult& r) { return r.result->answerIsBound; })
        .def_property_readonly("optimal_within", [](const NativeResult& r) { return r.result->optimalWithin; })
        .def_property_readonly("message", [](const NativeResult& r) { return r.result->message; })
        .def_property_readonly("seconds", [](const NativeResult& r) { return r.result->seconds; })
        .def_property_readonly("title", [](const NativeResult& r) { return r.result->schedule.title; })
        .def_property_readonly("time_unit", [](const NativeResult& r) { return r.result->schedule.timeUnit; })
        .def("intervals", [](const NativeResult& r) { return intervalRows(r.result->schedule); })
        .def("lanes", [](const NativeResult& r) { return laneRows(r.result->schedule); })
        .def("markers", [](const NativeResult& r) { return markerRows(r.result->schedule); })
        .def("metrics", [](const NativeResult& r) { return metricRows(r.result->schedule); })
        .def("instance", [](const NativeResult& r) { return NativeInstance{r.instance}; })
        .def("to_json", [](const NativeResult& r, int indent) { return resultToJson(*r.instance, *r.result).dump(indent); },
             py::arg("indent") = 2);

    py::class_<NativeSimulation>(m, "NativeSimulation")
        .def_property_readonly("planned_makespan", [](const NativeSimulation& s) { return s.simulation->plannedMakespan; })
        .def_property_readonly("simulated_makespan",
                               [](const NativeSimulation& s) { return s.simulation->simulatedMakespan; })
        .def_property_readonly("simulator", [](const NativeSimulation& s) { return s.simulation->simulator; })
        .def_property_readonly("platform_file", [](const NativeSimulation& s) { return s.simulation->platformFile; })
        .def_property_readonly("platform_xml", [](const NativeSimulation& s) { return s.simulation->platformXml; })
        .def_property_readonly("notes", [](const NativeSimulation& s) { return s.simulation->notes; })
        .def_property_readonly("seconds", [](const NativeSimulation& s) { return s.simulation->seconds; })
        .def("intervals", [](const NativeSimulation& s) { return intervalRows(s.simulation->schedule); })
        .def("to_json", [](const NativeSimulation& s, int indent) { return simulationResultToJson(*s.simulation).dump(indent); },
             py::arg("indent") = 2);

    py::class_<NativeRows>(m, "NativeRows")
        .def_property_readonly("units", [](const NativeRows& r) { return r.rows.totalUnits; });

    m.def("parse_instance", [](const std::string& text) {
        Expected<Instance> instance = invalidInput("not read");
        {
            py::gil_scoped_release release;
            instance = parseInstance(text);
        }
        return wrap(valueOrRaise(std::move(instance)));
    });
    m.def("read_instance", [](const std::string& path) {
        Expected<Instance> instance = invalidInput("not read");
        {
            py::gil_scoped_release release;
            instance = readInstanceFile(path);
        }
        return wrap(valueOrRaise(std::move(instance)));
    });
    m.def("solver_specs", [] {
        py::list list;
        for (const SolverSpec& s : solverSpecs()) {
            py::dict d;
            d["kind"] = s.kind;
            d["name"] = s.name;
            d["description"] = s.description;
            d["optimal_within"] = s.optimalWithin;
            d["answer_is_bound"] = s.answerIsBound;
            d["options"] = optionList(s.options);
            list.append(d);
        }
        return list;
    });
    m.def("kinds", [] {
        std::vector<std::string> kinds;
        for (const SolverSpec& s : solverSpecs())
            if (std::find(kinds.begin(), kinds.end(), s.kind) == kinds.end()) kinds.push_back(s.kind);
        return kinds;
    });
    m.def("import_options", [] { return optionList(taskGraphImportOptionTable()); });
    m.def("platform_options", [] { return optionList(dagPlatformOptions()); });
    m.def("generator_options", [] { return optionList(dagGeneratorOptions()); });
    m.def("import_graph", &importGraph, py::arg("path"), py::arg("platform"), py::arg("given"));
    m.def("import_platform", &importPlatform, py::arg("path"), py::arg("source"));
    m.def("generate_dag", &generateDagInstance, py::arg("given"), py::arg("platform"));
    m.def("solve", &solveInstance, py::arg("instance"), py::arg("solver"), py::arg("options"), py::arg("progress"));
    m.def("result_from_json", &nativeResultFromText, py::arg("instance"), py::arg("text"));
    m.def("simulate", &simulate, py::arg("result"), py::arg("platform"), py::arg("periods"), py::arg("progress"));
    m.def("experiments", [] {
        py::list list;
        for (const ExperimentEntry& e : experimentEntries()) {
            py::dict d;
            d["name"] = e.name;
            d["description"] = e.description;
            d["options"] = optionList(e.options().table);
            list.append(d);
        }
        return list;
    });
    m.def("experiment_rows", &experimentRows, py::arg("name"), py::arg("flags"), py::arg("progress"));
    m.def("experiment_table", &experimentTable, py::arg("name"), py::arg("flags"), py::arg("rows"));
}
