// The steady-state family: a platform graph and a bag of tasks, a broadcast or a multicast.
#include "family/family_builder.h"
#include "model/instance_checks.h"

namespace hetsched {

namespace {

// A master computing at speed 1 and two workers behind links of bandwidth 2 and 1: a bag of tasks to start
// from (the templates offer random graphs, grids, trees and stars).
SteadyStateInstance exampleSteadyStateInstance() {
    SteadyStateInstance in;
    in.model = CommunicationModel::BidirectionalOnePort;
    in.nodes = {{"master", 1}, {"P1", 2}, {"P2", 3}};
    in.links = {{0, 1, 2, true}, {0, 2, 1, true}};
    in.application.type = SteadyApplicationType::BagOfTasks;
    in.application.source = 0;
    in.application.data = 1;
    in.application.result = 0;
    in.application.work = 1;
    return in;
}

}  // namespace

FamilyDescriptor steadyStateFamily() {
    return family_detail::describeFamily<SteadyStateInstance>({"steady state", exampleSteadyStateInstance, steadyInstanceProblem});
}

}  // namespace hetsched
