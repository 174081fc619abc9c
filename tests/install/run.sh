#!/bin/sh
# The install test (README "Installing"): make install into a temporary
# DESTDIR, then use the installed tree alone: pkg-config finds the library,
# the README's library example (its one ```c block under "Using the
# library") compiles with `pkg-config --cflags --libs godtab` and runs, the
# installed programs answer --version and work outside the source tree with
# the XDG default database, the man pages are there, and make uninstall
# leaves nothing behind. Prints "install: N passed, N failed"; exit 1 on a
# failure. Only the default build is installed (sanitized and fuzz builds
# are not): other BUILD values skip, saying so.
#
# usage: tests/install/run.sh MAKE BUILD BIN
MAKE=${1:-make}; BUILD=${2:-build}; BIN=${3:-bin}
if [ "$BUILD" != build ] || [ "$BIN" != bin ]; then
  echo "install: skipped for BUILD=$BUILD BIN=$BIN (only the default build is installed)"
  exit 0
fi
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d /tmp/godtab-install.XXXXXX) || exit 1
trap 'rm -rf "$tmp"' EXIT
D=$tmp/dest P=/usr/local H=$tmp/home
pass=0 fail=0

check() {
  what=$1; shift
  if "$@" >"$tmp/out" 2>&1; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "install: FAILED: $what"
    sed 's/^/    /' "$tmp/out" | head -20
  fi
}

check "a plain make runs neither dpkg-query nor apt-get" sh -c \
  "! $MAKE -n -C '$root' all 2>&1 | grep -qE 'dpkg-query -W|apt-get update'"
check "make install" $MAKE -s -C "$root" install DESTDIR="$D" PREFIX=$P
export PKG_CONFIG_PATH="$D$P/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$D"
check "pkg-config finds godtab" pkg-config --exists godtab
check "the soname is libgodtab.so.MAJOR" sh -c \
  "objdump -p '$D$P/lib/libgodtab.so' | grep -q 'SONAME *libgodtab.so.[0-9]*\$'"
check "headers in include/godtab" test -f "$D$P/include/godtab/godtab.h"
awk '/^## Using the library/ {s = 1} s && /^```c$/ {c = 1; next} c && /^```$/ {exit} c' \
  "$root/README.md" > "$tmp/example.c"
check "the README example is there" grep -q 'int main' "$tmp/example.c"
check "it compiles with pkg-config alone" sh -c \
  "cc -std=c11 -o '$tmp/example' '$tmp/example.c' \$(pkg-config --cflags --libs godtab)"

# outside the tree, without GODTAB_DB: the XDG default under HOME
run() { env -u GODTAB_DB -u XDG_DATA_HOME HOME="$H" LD_LIBRARY_PATH="$D$P/lib" "$@"; }
for prog in godtab-gen godtab-solve godtab-group; do
  check "$prog --version" sh -c "cd '$tmp' && env HOME='$H' '$D$P/bin/$prog' --version | grep -q '^$prog: godtab [0-9]'"
done
check "installed godtab-gen builds pocket into the XDG default" run "$D$P/bin/godtab-gen" --quiet pocket
check "the database is \$HOME/.local/share/godtab/godtab.lmdb" test -d "$H/.local/share/godtab/godtab.lmdb"
check "installed godtab-solve answers from it" sh -c \
  "cd '$tmp' && env -u GODTAB_DB HOME='$H' '$D$P/bin/godtab-solve' pocket \"R U R' U'\" | grep -q '(4)'"
check "the example runs (shared library)" sh -c \
  "cd '$tmp' && env -u GODTAB_DB HOME='$H' LD_LIBRARY_PATH='$D$P/lib' ./example | grep -qx \"U R U' R'\""
check "XDG_DATA_HOME is honoured" sh -c \
  "cd '$tmp' && env -u GODTAB_DB XDG_DATA_HOME='$tmp/xdg' '$D$P/bin/godtab-gen' --quiet pocket-htm && test -d '$tmp/xdg/godtab/godtab.lmdb'"
for page in man1/godtab-gen.1 man1/godtab-solve.1 man1/godtab-group.1 man5/godtab.5; do
  check "man page $page" test -s "$D$P/share/man/$page"
done
check "puzzles in share/godtab" test -f "$D$P/share/godtab/puzzles/cube2.def"
check "the web page in share/godtab/static" test -f "$D$P/share/godtab/static/index.html"
check "every option of every --help is in the installed man pages" \
  sh "$root/tests/install/man_options.sh" "$D$P/bin" "$D$P/share/man"
check "make uninstall" $MAKE -s -C "$root" uninstall DESTDIR="$D" PREFIX=$P
check "nothing installed is left" sh -c "test -z \"\$(find '$D' -type f -o -type l)\""

echo "install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
