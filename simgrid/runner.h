// What the two subcommands of hetsched-simgrid (platform, simulate) share: how the process ends, how
// an error is printed, SimGrid's command line, and a route lookup that survives SimGrid's crashes.
#pragma once

#include <simgrid/s4u.hpp>

#include <string>
#include <vector>

namespace hetsched_simgrid {

// Ends the process with `code` without SimGrid's exit handlers.
[[noreturn]] void finish(int code);
// Prints {"error": message} on stdout (and the message on stderr), then exits with code 1.
[[noreturn]] void fail(const std::string& message);
// argv for SimGrid's Engine: the program name, quiet logging, then `extra` (--cfg=...).
std::vector<std::string> simgridOptions(const std::vector<std::string>& extra);
// Installs the SIGSEGV/SIGBUS handler guardedRoute relies on.
void installRouteGuard();
// The route between two hosts; false when SimGrid throws or crashes looking for it.
bool guardedRoute(const simgrid::s4u::Host* from, const simgrid::s4u::Host* to,
                  std::vector<simgrid::s4u::Link*>& route, double& latency);

// hetsched-simgrid simulate PLAN.json (simulate.cpp): the process's exit code.
int runSimulation(const std::string& planFile);

}  // namespace hetsched_simgrid
