# The Debian package of the installed tree: `cpack -G DEB` in the build folder writes hetsched_<version>_<arch>.deb,
# which `apt install ./hetsched_*.deb` installs with its dependencies. Included by the top CMakeLists.txt.
set(CPACK_PACKAGE_NAME hetsched)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "HetSched")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "scheduling on heterogeneous platforms: algorithms, schedules, charts")
set(CPACK_PACKAGE_DESCRIPTION
  "HetSched is a desktop workbench for scheduling on heterogeneous platforms: describe a platform and a
workload, run the algorithms of the literature on it (Pilla's workload partitioning, divisible loads with
return messages, the CPU/GPU dual approximation of Kedad-Sidhoum et al., steady-state throughput, HCPA for
moldable task graphs), compare them side by side, and export the schedules as PNG, PDF or SVG.
The hetsched command also solves, simulates on SimGrid and runs experiments headless.")
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# A release sets the maintainer (name <address>) on the cmake command line.
set(HETSCHED_PACKAGE_MAINTAINER "HetSched maintainers <maintainers@hetsched.invalid>"
  CACHE STRING "The Debian package's Maintainer field: name <address>")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${HETSCHED_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The shared libraries hetsched and hetsched-simgrid link (Qt, QCustomPlot, GLPK, Graphviz, libxml2, SimGrid)
# come from dpkg-shlibdeps; what is loaded without being linked is listed here: Qt's platform plugins (xcb,
# offscreen; without them the GUI cannot start).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
# The databases of menu entries, file types and icons are updated by the dpkg triggers of these packages
# (shared-mime-info, desktop-file-utils, hicolor-icon-theme), so the package needs no maintainer scripts.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "shared-mime-info, desktop-file-utils, hicolor-icon-theme")
# simgrid_update_xml (libsimgrid-dev) upgrades SimGrid platform files older than version 4 on import.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libsimgrid-dev")
include(CPack)
