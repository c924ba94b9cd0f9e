# Core's folders are layers that include only downwards (docs/architecture.md, "Layers"): a file of a folder
# includes headers of its own folder or of a folder of a lower layer, never of a higher one, so that the
# folder include graph has no cycle. Run as `cmake -DCORE_DIR=core -P check_core_layers.cmake`; fails naming
# every include that runs upwards.
#
# Layer of each folder, lowest first. Folders of one layer do not include each other.
set(layer_common 0)
set(layer_schedule 1)
set(layer_model 2)
set(layer_lp 2)
set(layer_layout 2)
set(layer_export 2)
set(layer_sweep 2)
set(layer_io 3)
set(layer_solvers 4)
set(layer_simulation 5)
set(layer_experiments 6)
set(layer_family 7)

# Known debts, each an include that still runs upwards, to be removed (never added to): the generic instance
# and result files and the dispatch of the solver registry and of the simulation still go through the
# family table from below it.
set(allowed
  "io/instance_io.cpp -> family"
  "io/result_io.cpp -> family"
  "io/result_io.h -> solvers"
  "model/instance.cpp -> family"
  "simulation/simulation.cpp -> family"
  "solvers/registry.cpp -> family"
)

if(NOT CORE_DIR)
  message(FATAL_ERROR "give -DCORE_DIR=<the core folder>")
endif()
get_filename_component(CORE_DIR "${CORE_DIR}" ABSOLUTE)
file(GLOB_RECURSE sources RELATIVE "${CORE_DIR}" "${CORE_DIR}/*.h" "${CORE_DIR}/*.cpp")
set(problems "")
set(used_allowances "")
foreach(source IN LISTS sources)
  string(REGEX MATCH "^[a-z_]+" folder "${source}")
  if(NOT DEFINED layer_${folder})
    string(APPEND problems "\n  ${source}: its folder ${folder}/ has no layer (add it to check_core_layers.cmake)")
    continue()
  endif()
  file(STRINGS "${CORE_DIR}/${source}" includes REGEX "^#include \"[a-z_]+/")
  foreach(line IN LISTS includes)
    string(REGEX REPLACE "^#include \"([a-z_]+)/.*" "\\1" target "${line}")
    if(NOT DEFINED layer_${target} OR target STREQUAL folder)
      continue()
    endif()
    if(layer_${target} GREATER_EQUAL layer_${folder})
      set(edge "${source} -> ${target}")
      list(FIND allowed "${edge}" known)
      if(known EQUAL -1)
        string(APPEND problems "\n  ${source} (${folder}, layer ${layer_${folder}}) includes ${line} (${target}, layer ${layer_${target}})")
      else()
        list(APPEND used_allowances "${edge}")
      endif()
    endif()
  endforeach()
endforeach()
foreach(edge IN LISTS allowed)
  list(FIND used_allowances "${edge}" used)
  if(used EQUAL -1)
    string(APPEND problems "\n  the known debt '${edge}' is gone: remove it from the list in check_core_layers.cmake")
  endif()
endforeach()
if(problems)
  message(FATAL_ERROR "core's layers include upwards:${problems}")
endif()
list(LENGTH sources count)
message(STATUS "core's layers: ${count} files, every include downwards or within its folder")
