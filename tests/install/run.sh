#!/bin/sh
# The install test (README "Installing", docs/install.md). First the
# Makefile itself: a plain make installs no package, CPPFLAGS and LDFLAGS
# reach every compile and link, every object's compile writes its .d
# (-MMD -MP) and sees only its layer's -I folders, the shared library's
# objects hide what is not GT_API, and the goals that install packages share
# one step (two apt-get at once fail on apt's lock). Then two installs of
# the default build, each used alone and uninstalled to nothing:
#  - PREFIX (a folder other than the default, as after `make test`): the
#    installed libgodtab.so exports at most 150 symbols, every one
#    python/godtab.py calls among them; godtab.pc names that PREFIX, the
#    README's library example (its one
#    ```c block under "Using the library") and a C++ program
#    (cxx_example.cpp, -pedantic -Werror) compile with `pkg-config --cflags
#    --libs godtab` and run against the installed libgodtab.so, the Python
#    module imports from PYTHONDIR, no installed file names the build tree,
#    and godtab-serve's default page folder is PREFIX's;
#  - DESTDIR (a multiarch LIBDIR): godtab.pc names the final prefix, never
#    DESTDIR; the installed programs answer --version and work outside the
#    source tree with the XDG default database; the man pages are there.
# Prints "install: N passed, N failed"; exit 1 on a failure. Only the
# default build is installed (sanitized and fuzz builds are not): other
# BUILD values skip, saying so.
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
pass=0 fail=0
unset GODTAB_DB GODTAB_LIB PKG_CONFIG_SYSROOT_DIR

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

# ---- the Makefile --------------------------------------------------------
check "a plain make runs neither dpkg-query nor apt-get" sh -c \
  "! $MAKE -n -C '$root' all 2>&1 | grep -qE 'dpkg-query -W|apt-get update'"
version=$(sed -n 's/^#define GT_VERSION "\(.*\)"/\1/p' "$root/common/util/gt_version.h")
$MAKE -n -B -C "$root" all "build/libgodtab.so.$version" \
  CPPFLAGS=-DGT_PROBE_CPPFLAGS LDFLAGS=-Wl,--gt-probe-ldflags > "$tmp/dry" 2>&1
check "CPPFLAGS reach every compile" sh -c \
  "grep -E ' -c .* -o ' '$tmp/dry' > '$tmp/compiles' && ! grep -v GT_PROBE_CPPFLAGS '$tmp/compiles'"
check "LDFLAGS reach every link" sh -c \
  "grep -E ' -o bin/|-shared' '$tmp/dry' | grep -v echo > '$tmp/links' && ! grep -v gt-probe-ldflags '$tmp/links'"
check "every compile writes its dependencies (-MMD -MP), no object depends on every header" sh -c \
  "! grep -v -e '-MMD -MP' '$tmp/compiles'"
check "the shared library's objects are compiled -fvisibility=hidden" sh -c \
  "grep -e '-fPIC' '$tmp/compiles' > '$tmp/pic' && ! grep -v -e '-fvisibility=hidden' '$tmp/pic'"
# The compiler enforces the layers (docs/architecture.md): a model's object
# sees util, cube, defn, engine and its own folder, never catalog, groups or
# another model; util sees only itself.
check "a model's compile has only its layer's -I folders" sh -c \
  "grep -e ' -c common/models/pocket/' '$tmp/compiles' | head -1 | tr ' ' '\n' | grep '^-I' | sort | tr '\n' ' ' \
   | grep -qx -e '-Icommon/cube -Icommon/defn -Icommon/engine -Icommon/models/pocket -Icommon/util '"
check "util's compile has only util's -I" sh -c \
  "grep -e ' -c common/util/' '$tmp/compiles' | head -1 | tr ' ' '\n' | grep '^-I' | tr '\n' ' ' | grep -qx -e '-Icommon/util '"
check "the package goals share one install step (make -j2 test raced on apt's lock)" sh -c \
  "test \$($MAKE -n -j2 -C '$root' deps test-deps bench-deps fuzz-deps 2>&1 | grep -c 'dpkg-query -W') -eq 1"

# ---- a PREFIX install, after the default build ---------------------------
P=$tmp/prefix
run() { env -u GODTAB_DB HOME="$tmp/home" GODTAB_DB="$tmp/db1" LD_LIBRARY_PATH="$P/lib" "$@"; }
check "make install PREFIX=$P" $MAKE -s -C "$root" install PREFIX="$P"
export PKG_CONFIG_PATH="$P/lib/pkgconfig"
# The shared library exports the public API only (GT_API, gt_api.h; the
# objects are compiled with -fvisibility=hidden): at most 150 symbols, among
# them every function python/godtab.py calls through ctypes.
so="$P/lib/libgodtab.so.$version"
nm -D --defined-only "$so" 2>/dev/null | awk '{print $NF}' | sort > "$tmp/exports"
grep -o '_lib\.gt_[a-z0-9_]*\|"gt_[a-z0-9_]*"' "$root/python/godtab.py" | tr -d '"' | sed 's/^_lib\.//' \
  | sort -u > "$tmp/python_calls"
check "the shared library exports at most 150 symbols ($(wc -l < "$tmp/exports"))" sh -c \
  "test -s '$tmp/exports' && test \$(wc -l < '$tmp/exports') -le 150"
check "it exports every function python/godtab.py calls" sh -c \
  "test -s '$tmp/python_calls' && ! comm -23 '$tmp/python_calls' '$tmp/exports' | grep ."
check "every export has the gt_ prefix (OpenMP's named critical sections aside)" sh -c \
  "! grep -v -e '^gt_' -e '^\\.gomp_critical_user_' '$tmp/exports'"
check "godtab.pc names that PREFIX" grep -qx "prefix=$P" "$P/lib/pkgconfig/godtab.pc"
check "pkg-config --cflags --libs godtab gives its folders" sh -c \
  "pkg-config --cflags --libs godtab | grep -q -- '-I$P/include .*-L$P/lib -lgodtab'"
awk '/^## Using the library/ {s = 1} s && /^```c$/ {c = 1; next} c && /^```$/ {exit} c' \
  "$root/README.md" > "$tmp/example.c"
check "the README example is there" grep -q 'int main' "$tmp/example.c"
check "it compiles with pkg-config alone" sh -c \
  "cc -std=c11 -o '$tmp/example' '$tmp/example.c' \$(pkg-config --cflags --libs godtab)"
check "it links the shared library" sh -c "objdump -p '$tmp/example' | grep -q 'NEEDED *libgodtab.so.0'"
check "the installed godtab-gen builds pocket-htm" run "$P/bin/godtab-gen" --quiet --db "$tmp/db1" pocket-htm
check "the README example runs against the PREFIX install" sh -c \
  "cd '$tmp' && env LD_LIBRARY_PATH='$P/lib' ./example '$tmp/db1' | grep -qx \"U R U' R'\""
check "a C++ program compiles with -pedantic -Werror and links" sh -c \
  "g++ -std=c++11 -pedantic -Wall -Wextra -Werror -o '$tmp/cxx' '$root/tests/install/cxx_example.cpp' \
     \$(pkg-config --cflags --libs godtab)"
check "it links the shared library" sh -c "objdump -p '$tmp/cxx' | grep -q 'NEEDED *libgodtab.so.0'"
check "the C++ program runs" sh -c \
  "env GODTAB_DB='$tmp/db1' LD_LIBRARY_PATH='$P/lib' '$tmp/cxx' | grep -qx \"pocket-htm: God's number 11\""
check "every installed header is extern \"C\"" sh -c \
  "for h in '$P/include/godtab/'*.h; do case \$h in */godtab.h) continue;; esac; \
     grep -q 'extern \"C\"' \"\$h\" || { echo \"\$h\"; exit 1; }; done"
check "no internals installed (no *_internal.h, no __int128)" sh -c \
  "! ls '$P/include/godtab/' | grep _internal && ! grep -l __int128 '$P/include/godtab/'*.h"
check "no installed file names the build tree ($root)" sh -c "! grep -rl '$root' '$P'"
check "the installed godtab-serve's page folder is PREFIX's" sh -c \
  "'$P/bin/godtab-serve' --help | grep -qF '(default $P/share/godtab/static)'"
py=$(find "$P" -name godtab.py)
check "the Python module is installed under PREFIX" test -n "$py"
check "it imports from PYTHONDIR with the installed library" sh -c \
  "cd '$tmp' && PYTHONPATH='$(dirname "$py")' GODTAB_LIB='$P/lib/libgodtab.so.0' \
     python3 -c 'import godtab; assert godtab.__file__.startswith(\"$P/\"); print(godtab.version())' | grep -q '^godtab [0-9]'"
check "make uninstall PREFIX=$P" $MAKE -s -C "$root" uninstall PREFIX="$P"
check "nothing installed under PREFIX is left" sh -c "test -z \"\$(find '$P' -type f -o -type l)\""

# ---- a DESTDIR install, multiarch LIBDIR ---------------------------------
D=$tmp/dest P=/usr/local H=$tmp/home
L=$P/lib/$(cc -print-multiarch 2>/dev/null || echo multiarch)
check "make install DESTDIR LIBDIR=$L" $MAKE -s -C "$root" install DESTDIR="$D" PREFIX=$P LIBDIR="$L"
export PKG_CONFIG_PATH="$D$L/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$D"
check "pkg-config finds godtab" pkg-config --exists godtab
check "godtab.pc names the final prefix and LIBDIR, not DESTDIR" sh -c \
  "grep -qx 'prefix=$P' '$D$L/pkgconfig/godtab.pc' && grep -qx 'libdir=\${prefix}${L#$P}' '$D$L/pkgconfig/godtab.pc' \
   && ! grep -q '$D' '$D$L/pkgconfig/godtab.pc'"
check "the soname is libgodtab.so.MAJOR" sh -c \
  "objdump -p '$D$L/libgodtab.so' | grep -q 'SONAME *libgodtab.so.[0-9]*\$'"
check "headers in include/godtab" test -f "$D$P/include/godtab/godtab.h"
check "the README example compiles with pkg-config alone" sh -c \
  "cc -std=c11 -o '$tmp/example' '$tmp/example.c' \$(pkg-config --cflags --libs godtab)"

# outside the tree, without GODTAB_DB: the XDG default under HOME
run() { env -u GODTAB_DB -u XDG_DATA_HOME HOME="$H" LD_LIBRARY_PATH="$D$L" "$@"; }
for prog in godtab-gen godtab-solve godtab-group; do
  check "$prog --version" sh -c "cd '$tmp' && env HOME='$H' '$D$P/bin/$prog' --version | grep -q '^$prog: godtab [0-9]'"
done
check "installed godtab-gen builds pocket into the XDG default" run "$D$P/bin/godtab-gen" --quiet pocket
check "the database is \$HOME/.local/share/godtab/godtab.lmdb" test -d "$H/.local/share/godtab/godtab.lmdb"
check "installed godtab-solve answers from it" sh -c \
  "cd '$tmp' && env -u GODTAB_DB HOME='$H' '$D$P/bin/godtab-solve' pocket \"R U R' U'\" | grep -q '(4)'"
check "the example runs (shared library)" sh -c \
  "cd '$tmp' && env -u GODTAB_DB HOME='$H' LD_LIBRARY_PATH='$D$L' ./example '$H/.local/share/godtab/godtab.lmdb' | grep -qx \"U R U' R'\""
check "XDG_DATA_HOME is honoured" sh -c \
  "cd '$tmp' && env -u GODTAB_DB XDG_DATA_HOME='$tmp/xdg' '$D$P/bin/godtab-gen' --quiet pocket-htm && test -d '$tmp/xdg/godtab/godtab.lmdb'"
check "the staged godtab-serve names the final page folder" sh -c \
  "'$D$P/bin/godtab-serve' --help | grep -qF '(default $P/share/godtab/static)'"
for page in man1/godtab-gen.1 man1/godtab-solve.1 man1/godtab-group.1 man5/godtab.5; do
  check "man page $page" test -s "$D$P/share/man/$page"
done
check "puzzles in share/godtab" test -f "$D$P/share/godtab/puzzles/cube2.def"
check "the web page in share/godtab/static" test -f "$D$P/share/godtab/static/index.html"
check "the Python module is staged" sh -c "find '$D$P' -name godtab.py | grep -q ."
check "every option of every --help is in the installed man pages" \
  sh "$root/tests/install/man_options.sh" "$D$P/bin" "$D$P/share/man"
check "make uninstall" $MAKE -s -C "$root" uninstall DESTDIR="$D" PREFIX=$P LIBDIR="$L"
check "nothing installed is left" sh -c "test -z \"\$(find '$D' -type f -o -type l)\""

echo "install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
