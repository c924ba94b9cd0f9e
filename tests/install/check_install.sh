#!/usr/bin/env bash
# The install test (ctest install_tree, label install): what `cmake --install` and `cpack -G DEB` make, checked
# by the tools that read it. Every check prints what it looked at; the first failure ends the test (exit 1).
#   check_install.sh --build DIR --source DIR --cmake CMAKE --cpack CPACK --app-id ID --version X.Y.Z
set -euo pipefail

while [ $# -gt 0 ]; do
  case "$1" in
    --build) build="$2" ;;
    --source) source="$2" ;;
    --cmake) cmake="$2" ;;
    --cpack) cpack="$2" ;;
    --app-id) app_id="$2" ;;
    --version) version="$2" ;;
    *) echo "check_install.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift 2
done
build="$(cd "$build" && pwd -P)"

fail() { echo "FAIL: $*" >&2; exit 1; }
pass() { echo "ok: $*"; }
need() { command -v "$1" > /dev/null || fail "$1 is not installed (scripts/install-deps.sh installs $2)"; }
need desktop-file-validate desktop-file-utils
need update-desktop-database desktop-file-utils
need appstreamcli appstream
need xmllint libxml2-utils
need update-mime-database shared-mime-info
need gio libglib2.0-bin
need dpkg-deb dpkg
need dpkg-shlibdeps dpkg-dev
need file file

# Outside the build folder: a program there would be allowed to use the build's helper (child_process.cpp).
work="$(mktemp -d "${TMPDIR:-/tmp}/hetsched-install-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
case "$work/" in "$build"/*) fail "the temporary folder $work is inside the build folder $build" ;; esac

# 1. Install into a DESTDIR, as a package build does.
stage="$work/stage"
DESTDIR="$stage" "$cmake" --install "$build" --prefix /usr > "$work/install.log" || {
  cat "$work/install.log"; fail "cmake --install"; }
usr="$stage/usr"
for f in bin/hetsched libexec/hetsched/hetsched-simgrid libexec/hetsched/hetsched-import \
         "share/applications/$app_id.desktop" "share/metainfo/$app_id.metainfo.xml" \
         "share/mime/packages/$app_id.xml" \
         "share/icons/hicolor/scalable/apps/$app_id.svg" \
         share/icons/hicolor/scalable/mimetypes/application-x-hetsched-project.svg \
         share/hetsched/examples/dag-two-clusters.json share/doc/hetsched/README.md share/doc/hetsched/docs/formats.md; do
  [ -e "$usr/$f" ] || fail "the install has no /usr/$f"
done
[ -x "$usr/bin/hetsched" ] && [ -x "$usr/libexec/hetsched/hetsched-simgrid" ] && [ -x "$usr/libexec/hetsched/hetsched-import" ] ||
  fail "the programs are not executable"
for size in 16 22 24 32 48 64 128 256; do
  for icon in "apps/$app_id.png" mimetypes/application-x-hetsched-project.png; do
    png="$usr/share/icons/hicolor/${size}x${size}/$icon"
    [ -f "$png" ] || fail "no ${size}x${size} icon $icon"
    file -b "$png" | grep -q "^PNG image data, $size x $size," || fail "$png is not a $size x $size PNG: $(file -b "$png")"
  done
done
pass "the tree: both programs, desktop entry, metainfo, MIME package, icons (SVG and PNG 16..256), examples, docs"

# 2. The desktop entry, the metainfo and the MIME package, each by its own validator.
desktop="$usr/share/applications/$app_id.desktop"
desktop-file-validate "$desktop" > "$work/desktop.log" 2>&1 || { cat "$work/desktop.log"; fail "desktop-file-validate"; }
if grep -E "error|warning" "$work/desktop.log"; then fail "desktop-file-validate reports problems"; fi
grep -qx "Exec=hetsched %f" "$desktop" || fail "Exec is not 'hetsched %f'"
grep -qx "Categories=Science;Education;ComputerScience;" "$desktop" || fail "Categories"
grep -qx "Icon=$app_id" "$desktop" || fail "Icon"
for type in application/x-hetsched-project application/json text/vnd.graphviz application/x-pegasus-dax; do
  grep -q "^MimeType=.*$type;" "$desktop" || fail "the desktop entry does not list $type"
done
pass "desktop-file-validate $(basename "$desktop")"

metainfo="$usr/share/metainfo/$app_id.metainfo.xml"
appstreamcli validate --no-net "$metainfo" > "$work/metainfo.log" 2>&1 || { cat "$work/metainfo.log"; fail "appstreamcli validate --no-net"; }
grep -q "<launchable type=\"desktop-id\">$app_id.desktop</launchable>" "$metainfo" || fail "the metainfo does not launch $app_id.desktop"
grep -q "<release version=\"$version\"" "$metainfo" || fail "the metainfo has no release $version"
pass "appstreamcli validate --no-net $(basename "$metainfo")"

mime_xml="$usr/share/mime/packages/$app_id.xml"
xmllint --noout "$mime_xml" || fail "xmllint $mime_xml"
XDG_DATA_DIRS="$usr/share:/usr/share" update-mime-database "$usr/share/mime" > "$work/mime.log" 2>&1 || { cat "$work/mime.log"; fail "update-mime-database"; }
[ ! -s "$work/mime.log" ] || { cat "$work/mime.log"; fail "update-mime-database complains about the package"; }
pass "xmllint and update-mime-database on $(basename "$mime_xml")"

# 3. What a file manager sees, through the installed MIME database (gio reads $XDG_DATA_HOME/mime first).
content_type() {
  XDG_DATA_HOME="$usr/share" XDG_DATA_DIRS=/usr/share gio info -a standard::content-type "$1" 2> /dev/null |
    sed -n 's/^ *standard::content-type: //p'
}
samples="$work/samples"
mkdir -p "$samples"
cp "$source/tests/install/data/saved-project" "$samples/study.hsproj"
cp "$source/tests/install/data/saved-project" "$samples/project-without-extension"
cp "$source/tests/install/data/diamond.dax" "$samples/diamond.dax"
cp "$samples/diamond.dax" "$samples/workflow-without-extension"
cp "$source/resources/examples/partition-small.json" "$samples/instance.json"
printf 'digraph g {\n  a -> b;\n}\n' > "$samples/graph.dot"
check_type() {
  local got
  got="$(content_type "$samples/$1")"
  [ "$got" = "$2" ] || fail "$1 is seen as '$got', not $2"
  pass "$1: $2"
}
check_type study.hsproj application/x-hetsched-project
check_type project-without-extension application/x-hetsched-project
check_type diamond.dax application/x-pegasus-dax
check_type workflow-without-extension application/x-pegasus-dax
check_type instance.json application/json
check_type graph.dot text/vnd.graphviz
# ... and which application opens them: the desktop database of the installed entry.
update-desktop-database "$usr/share/applications"
for type in application/x-hetsched-project application/json text/vnd.graphviz application/x-pegasus-dax; do
  grep -q "^$type=.*$app_id.desktop" "$usr/share/applications/mimeinfo.cache" ||
    fail "the desktop database does not open $type with $app_id.desktop"
done
pass "update-desktop-database: the four types open with $app_id.desktop"

# 4. The installed programs, from a copy of the tree somewhere else: the build folder plays no part.
elsewhere="$work/elsewhere"
mkdir -p "$elsewhere"
cp -a "$usr" "$elsewhere/usr"
hetsched="$elsewhere/usr/bin/hetsched"
unset HETSCHED_SIMGRID_RUNNER
[ "$("$hetsched" --version)" = "hetsched $version" ] || fail "hetsched --version says '$("$hetsched" --version)'"
pass "hetsched --version: hetsched $version"
example="$elsewhere/usr/share/hetsched/examples/dag-two-clusters.json"
"$hetsched" solve "$example" > "$work/solve.json" || fail "hetsched solve $example"
grep -q '"status": *"\(optimal\|feasible\)"' "$work/solve.json" || fail "hetsched solve printed no solved status"
pass "hetsched solve of the installed example"
"$hetsched" simulate "$example" > "$work/simulate.json" 2> "$work/simulate.err" || {
  cat "$work/simulate.err"; fail "hetsched simulate from the copied tree"; }
grep -q '"simulated_makespan"' "$work/simulate.json" || fail "hetsched simulate printed no simulated makespan"
pass "hetsched simulate (SimGrid in the installed helper)"
# Which helper ran: the copy's own, and nothing was looked up in the build folder.
if strace -f -o /dev/null true 2> /dev/null; then
  strace -f -e trace=execve,openat,access,faccessat,faccessat2,stat,newfstatat,readlink -o "$work/strace.log" \
    "$hetsched" simulate "$example" > /dev/null 2>&1 || fail "hetsched simulate under strace"
  grep -q "execve(\"$elsewhere/usr/libexec/hetsched/hetsched-simgrid\"" "$work/strace.log" ||
    fail "the simulation did not run $elsewhere/usr/libexec/hetsched/hetsched-simgrid"
  if grep -F "$build" "$work/strace.log"; then fail "the installed hetsched looked into the build folder $build"; fi
  pass "strace: the copy's helper ran, no path of the build folder was touched"
else
  echo "note: strace cannot trace here; the check below still proves the build's helper is never used"
fi
# Without its helper, the installed copy refuses to simulate, naming where it looked: never the build's helper.
broken="$work/without-helper"
mkdir -p "$broken"
cp -a "$usr" "$broken/usr"
rm "$broken/usr/libexec/hetsched/hetsched-simgrid"
if "$broken/usr/bin/hetsched" simulate "$example" > /dev/null 2> "$work/broken.err"; then
  fail "a copy without hetsched-simgrid still simulated (it must have used the build folder's)"
fi
grep -q "$broken/usr/libexec/hetsched/hetsched-simgrid" "$work/broken.err" ||
  { cat "$work/broken.err"; fail "the error does not name the installed helper's place"; }
if grep -F "$build" "$work/broken.err"; then fail "the error names the build folder"; fi
pass "without its helper the copy says where it looked, not in the build folder"
for text in "$desktop" "$metainfo" "$mime_xml"; do
  if grep -F "$build" "$text"; then fail "$text names the build folder"; fi
done

# 5. The Debian package: cpack as a user runs it, then its control fields and contents.
packages="$work/packages"
mkdir -p "$packages"
(cd "$build" && "$cpack" -G DEB -B "$packages" > "$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack -G DEB"; }
deb="$(ls "$packages"/hetsched_"$version"_*.deb 2> /dev/null | head -1)"
[ -n "$deb" ] || { ls "$packages"; fail "cpack wrote no hetsched_${version}_*.deb"; }
dpkg-deb -I "$deb" > "$work/deb-info.txt" || fail "dpkg-deb -I"
field() { sed -n "s/^ $1: //p" "$work/deb-info.txt"; }
[ "$(field Package)" = hetsched ] || fail "Package: $(field Package)"
[ "$(field Version)" = "$version" ] || fail "Version: $(field Version)"
[ "$(field Architecture)" = "$(dpkg --print-architecture)" ] || fail "Architecture: $(field Architecture)"
[ "$(field Section)" = science ] || fail "Section: $(field Section)"
[ -n "$(field Maintainer)" ] || fail "no Maintainer"
field Description | grep -q "heterogeneous platforms" || fail "Description: $(field Description)"
depends="$(field Depends)"
for package in qt6-qpa-plugins libqt6widgets6 libqt6svg6 libsimgrid3.32 libglpk40 libcgraph6 libgvc6 libxml2 libc6; do
  echo "$depends" | grep -Eq "(^|, )$package( |,|$)" || fail "Depends lacks $package: $depends"
done
field Recommends | grep -q shared-mime-info || fail "Recommends: $(field Recommends)"
pass "dpkg-deb -I: hetsched $version, Depends: $depends"
dpkg-deb -c "$deb" > "$work/deb-contents.txt" || fail "dpkg-deb -c"
for f in ./usr/bin/hetsched ./usr/libexec/hetsched/hetsched-simgrid "./usr/share/applications/$app_id.desktop" \
         "./usr/share/metainfo/$app_id.metainfo.xml" "./usr/share/mime/packages/$app_id.xml" \
         "./usr/share/icons/hicolor/256x256/apps/$app_id.png" \
         ./usr/share/icons/hicolor/48x48/mimetypes/application-x-hetsched-project.png; do
  grep -q " $f\$" "$work/deb-contents.txt" || fail "the package lacks $f"
done
if grep -F "$build" "$work/deb-contents.txt"; then fail "the package contains a path of the build folder"; fi
grep -q "root/root" "$work/deb-contents.txt" || fail "the package's files are not owned by root"
pass "dpkg-deb -c: programs, desktop entry, metainfo, MIME package and icons, owned by root"
echo "install test passed"
