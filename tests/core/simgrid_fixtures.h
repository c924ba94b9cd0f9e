// SimGrid platform texts shared by the core tests of the loader and of the simulation.
#pragma once

namespace hetsched::test {

// Two hosts and a link in SimGrid's DTD version 3 (AS, power): loaded and simulated through an upgraded copy.
inline constexpr const char* kOldDtdPlatform = R"(<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "http://simgrid.gforge.inria.fr/simgrid.dtd">
<platform version="3">
<AS id="AS0" routing="Full">
  <host id="alice" power="1E9"/>
  <host id="bob" power="2E9"/>
  <link id="l" bandwidth="1.25E8" latency="1E-4"/>
  <route src="alice" dst="bob"><link_ctn id="l"/></route>
</AS>
</platform>
)";

}  // namespace hetsched::test
