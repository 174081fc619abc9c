# godtab — one Makefile for the library, the programs, the tests and the benchmarks.
#
#   make          build build/libgodtab.a and bin/godtab-*, installing nothing (the
#                 libraries found with pkg-config; what is missing is named)
#   make run      install missing packages, build, generate and verify every default
#                 table into the default LMDB (tables/godtab.lmdb), answer sample queries
#   make test     install missing packages, build, run the whole test suite
#   make bench    build and print benchmark medians (benchmarks/README.md)
#   make check-sanitize  the whole suite built with AddressSanitizer (and its leak
#                 check) and UndefinedBehaviorSanitizer, in build-san/ and bin-san/
#   make test-build, make sanitize-build  build either suite without running it
#   make install  PREFIX=/usr/local DESTDIR=... (and BINDIR, LIBDIR, INCLUDEDIR,
#                 DATADIR, MANDIR, PYTHONDIR): programs, libgodtab.a and .so,
#                 headers, godtab.pc, man pages, puzzles, the web page, the
#                 Python module; make uninstall (docs/install.md)
#   make fuzz     libFuzzer targets fuzz/fuzz_*.c, FUZZ_SECONDS (600) each
#                 (fuzz/README.md); make fuzz-smoke: FUZZ_SMOKE_SECONDS (20) each
#
# Sources are found by directory, so a new module or puzzle folder needs no
# edit here (docs/architecture.md gives the layers):
#   common/**/*.c      -> build/libgodtab.a (never prints, never exits)
#   gen/*.c            -> bin/godtab-gen
#   solve/*.c          -> bin/godtab-solve
#   group/*.c          -> bin/godtab-group
#   serve/*.c + solve/answer_json.c -> bin/godtab-serve (docs/serve.md)
#   tests/{unit,cli}/test_*.c -> build/tests/test_* (cmocka; run in name order by `make test`)
#   benchmarks/bench_*.c -> build/benchmarks/bench_*
#   fuzz/fuzz_*.c      -> build/tests/replay_fuzz_* (their corpora, run by `make test`)
#                         and build-fuzz/fuzz/fuzz_* (libFuzzer, `make fuzz`)
#
# BUILD and BIN name the output trees (build/ and bin/): `make BUILD=build-x
# BIN=bin-x test` builds and tests an independent copy with other flags, which
# is how check-sanitize and fuzz keep their objects apart from build/.

BUILD    ?= build
BIN      ?= bin
ifeq ($(origin CC),default)
CC = gcc
endif
OPT      ?= -O2
CFLAGS   ?= $(OPT) -g
# CPPFLAGS and LDFLAGS are the user's (a distribution's hardening flags):
# every compile sees CPPFLAGS and CFLAGS, every link LDFLAGS as well.
CPPFLAGS ?=
LDFLAGS  ?=
LIB_DIRS := $(sort $(shell find common -type d))
# No build-tree path is compiled in: debug info names the sources relative
# to the tree (reproducible builds), and a program run from the tree finds
# its tables/ and serve/static/ beside its own executable at run time.
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE -Wall -Wextra -Wshadow -fopenmp $(LIB_DIRS:%=-I%) $(PC_CFLAGS) \
             -ffile-prefix-map=$(CURDIR)=. $(CPPFLAGS) $(CFLAGS)
# An object is compiled with only the -I folders its layer may include
# (docs/architecture.md), so the compiler enforces the layers: a header of a
# forbidden folder is simply not found. Quoted includes name headers only
# (names are unique), the source's own folder is searched first. The rule is a
# function of the source's path, so a new folder under common/models/ needs
# no edit here. Programs (gen/ solve/ group/ serve/ mpi/), tests, benchmarks
# and fuzz targets see every folder. store.h, which models may not include
# although it sits in engine/, stays checked by tests/check_layers.sh.
LAYER_INC_util   :=
LAYER_INC_cube   := util
LAYER_INC_draw   := util
LAYER_INC_engine := util
LAYER_INC_defn   := util
LAYER_INC_groups := util cube defn
LAYER_INC_models := util cube defn engine
layer_of  = $(word 2,$(subst /, ,$(1)))
layer_inc = $(if $(and $(filter common/%,$(1)),$(word 3,$(subst /, ,$(1)))),$(if $(filter catalog,$(call layer_of,$(1))),$(LIB_DIRS),\
              $(patsubst %/,%,$(dir $(1))) $(addprefix common/,$(LAYER_INC_$(call layer_of,$(1))))),$(LIB_DIRS))
# What an object's compile sees: ALL_CFLAGS less the -I of other folders,
# plus OBJ_CFLAGS (set per target, e.g. serve's -Isolve). -MMD -MP write
# OBJ.d beside each object (the headers it really includes, read back by the
# -include below), so a header change rebuilds only the objects that use it.
OBJ_CFLAGS =
obj_cflags = -std=c11 -D_GNU_SOURCE -Wall -Wextra -Wshadow -fopenmp $(addprefix -I,$(call layer_inc,$(1))) \
             $(OBJ_CFLAGS) $(PC_CFLAGS) -ffile-prefix-map=$(CURDIR)=. -MMD -MP $(CPPFLAGS) $(CFLAGS)

# Install paths (docs/install.md); DESTDIR is prepended at install time only.
PREFIX     ?= /usr/local
DESTDIR    ?=
BINDIR     ?= $(PREFIX)/bin
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
DATADIR    ?= $(PREFIX)/share
MANDIR     ?= $(DATADIR)/man
# The libraries are found with pkg-config (each falls back to its plain -l
# name, so that a missing .pc gives the check's message below rather than a
# shell error).
pc_libs  = $(foreach p,$(1),$(or $(shell pkg-config --libs $(word 1,$(subst :, ,$(p))) 2>/dev/null),-l$(word 2,$(subst :, ,$(p)))))
PC_CFLAGS := $(shell pkg-config --cflags lmdb libzstd gmp 2>/dev/null)
LDLIBS  := -Wl,--as-needed $(call pc_libs,lmdb:lmdb libzstd:zstd gmp:gmp) -lm
TEST_LDLIBS := $(call pc_libs,cmocka:cmocka)

# Debian packages the build needs; `make deps` installs the missing ones.
DEB_PACKAGES = gcc make pkg-config liblmdb-dev libzstd-dev libcmocka-dev libgmp-dev libjansson-dev libmicrohttpd-dev
# JSON (godtab-solve --json and godtab-serve) and HTTP (godtab-serve).
JSON_LDLIBS := $(call pc_libs,jansson:jansson)
SERVE_LDLIBS := $(call pc_libs,libmicrohttpd:microhttpd jansson:jansson) -lpthread
# `make bench` also measures godtab-serve with a load generator.
BENCH_PACKAGES = wrk

LIB_SRC   := $(sort $(shell find common -name '*.c'))
GEN_SRC   := $(sort $(wildcard gen/*.c))
SOLVE_SRC := $(sort $(wildcard solve/*.c))
GROUP_SRC := $(sort $(wildcard group/*.c))
SERVE_SRC := $(sort $(wildcard serve/*.c)) solve/answer_json.c
TEST_SRC  := $(sort $(wildcard tests/unit/test_*.c tests/cli/test_*.c))
BENCH_SRC := $(sort $(wildcard benchmarks/bench_*.c))
FUZZ_SRC  := $(sort $(wildcard fuzz/fuzz_*.c))
FUZZ_NAMES := $(notdir $(FUZZ_SRC:.c=))

LIB_OBJ   := $(LIB_SRC:%.c=$(BUILD)/%.o)
GEN_OBJ   := $(GEN_SRC:%.c=$(BUILD)/%.o)
SOLVE_OBJ := $(SOLVE_SRC:%.c=$(BUILD)/%.o)
GROUP_OBJ := $(GROUP_SRC:%.c=$(BUILD)/%.o)
SERVE_OBJ := $(SERVE_SRC:%.c=$(BUILD)/%.o)
TEST_BIN  := $(sort $(foreach t,$(TEST_SRC),$(BUILD)/tests/$(notdir $(t:.c=))))
REPLAY_BIN := $(FUZZ_NAMES:%=$(BUILD)/tests/replay_%)
BENCH_BIN := $(BENCH_SRC:benchmarks/%.c=$(BUILD)/benchmarks/%)
LIB       := $(BUILD)/libgodtab.a
# the shared library (libgodtab.so.VERSION, soname libgodtab.so.MAJOR) from
# position-independent objects of their own
GT_VERSION := $(shell sed -n 's/^\#define GT_VERSION "\(.*\)"/\1/p' common/util/gt_version.h)
GT_MAJOR   := $(shell sed -n 's/^\#define GT_VERSION_MAJOR \([0-9]*\)/\1/p' common/util/gt_version.h)
PIC_OBJ := $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
SHLIB   := $(BUILD)/libgodtab.so.$(GT_VERSION)
PROGRAMS  := $(BIN)/godtab-gen $(BIN)/godtab-solve $(if $(GROUP_SRC),$(BIN)/godtab-group) \
             $(if $(wildcard mpi/*.c),$(BIN)/godtab-gen-mpi) \
             $(if $(wildcard serve/*.c),$(BIN)/godtab-serve)

.PHONY: install uninstall setup test-deps libs test-libs all deps bench-deps fuzz-deps run test test-build bench clean check-sanitize sanitize-build fuzz fuzz-smoke fuzz-build fuzz-targets
.DEFAULT_GOAL := all

all: $(LIB) $(PROGRAMS)

# Installs the missing packages of a list (root) or prints the exact command
# to run (not root): $(call install_missing,PACKAGES). dpkg-query checks
# first, so that nothing runs apt-get when everything is there; without
# dpkg (not Debian) it names the packages and leaves them to the user.
define install_missing
	@command -v dpkg-query >/dev/null 2>&1 || { \
	  echo "godtab: no dpkg-query (not Debian): the Debian names of what is needed:$(1)"; exit 0; }; \
	missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "godtab: installing$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "godtab: missing packages:$$missing" >&2; \
	    echo "godtab: run: sudo apt-get install -y$$missing" >&2; exit 1; \
	  fi; \
	fi
endef

# Every goal that installs packages waits for one step, `setup`, which
# installs the union of what the goals on the command line need: two
# apt-get runs at once (make -j2 test ran deps and test-deps together) fail
# on apt's lock.
goals_in = $(filter $(1),$(MAKECMDGOALS))
SETUP_PACKAGES = $(sort $(if $(call goals_in,$(SETUP_GOALS)),$(DEB_PACKAGES)) \
                 $(if $(call goals_in,test test-deps),$(TEST_PACKAGES)) \
                 $(if $(call goals_in,bench bench-deps),$(BENCH_PACKAGES)) \
                 $(if $(call goals_in,fuzz fuzz-smoke fuzz-build fuzz-deps),$(FUZZ_PACKAGES)))
setup:
	$(call install_missing,$(SETUP_PACKAGES))

deps test-deps bench-deps fuzz-deps: setup

# A plain `make` installs nothing: `libs` checks with pkg-config and names
# what is missing, with the Debian command. The goals that set a machine up
# (make run, make test, the sanitizer and fuzz suites, make deps) install
# first, so the README's two commands still do everything on a fresh Debian.
PC_LIBS       = lmdb libzstd gmp jansson libmicrohttpd
SETUP_GOALS   = run test test-build check-sanitize sanitize-build fuzz fuzz-smoke fuzz-build deps
LIBS_FIRST   := $(if $(filter $(SETUP_GOALS),$(MAKECMDGOALS)),setup)
libs: $(LIBS_FIRST)
	@command -v pkg-config >/dev/null 2>&1 || { echo "godtab: pkg-config is missing; on Debian: sudo apt-get install pkg-config (or: make deps)" >&2; exit 1; }
	@missing=""; for pc in $(PC_LIBS) $(if $(filter test test-build check-sanitize sanitize-build,$(MAKECMDGOALS)),cmocka); do \
	  pkg-config --exists $$pc || missing="$$missing $$pc"; done; \
	if [ -n "$$missing" ]; then \
	  echo "godtab: libraries pkg-config cannot find:$$missing" >&2; \
	  echo "godtab: on Debian: sudo apt-get install $(DEB_PACKAGES)  (or: sudo make deps)" >&2; exit 1; \
	fi

# The tests also need cmocka (checked when they are built).
test-libs: libs
	@pkg-config --exists cmocka || { echo "godtab: cmocka is missing (the tests' framework); on Debian: sudo apt-get install libcmocka-dev (or: make test, which installs it)" >&2; exit 1; }

$(BUILD)/%.o: %.c $(BUILD)/%.d | libs
	@mkdir -p $(dir $@)
	$(CC) $(call obj_cflags,$<) -c $< -o $@

$(LIB): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(AR) rcs $@ $^

$(BIN)/godtab-gen: $(GEN_OBJ) $(LIB)
	@mkdir -p $(BIN)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(GEN_OBJ) $(LIB) $(LDLIBS)

$(BIN)/godtab-solve: $(SOLVE_OBJ) $(LIB)
	@mkdir -p $(BIN)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(SOLVE_OBJ) $(LIB) $(LDLIBS) $(JSON_LDLIBS)

# godtab-serve shares solve/answer_json.c with godtab-solve: one JSON builder.
# Its default page folder is the installed one (the tree's serve/static is
# found at run time): godtab-serve.o is rebuilt when DATADIR changes.
$(SERVE_OBJ): OBJ_CFLAGS += -Isolve
$(BUILD)/serve/godtab-serve.o: OBJ_CFLAGS += -DGODTAB_STATIC_DIR='"$(DATADIR)/godtab/static"'
$(BUILD)/serve/godtab-serve.o: $(BUILD)/install-paths

# The install paths compiled into a program, rewritten only when they
# change (a `make install PREFIX=...` after a plain `make` rebuilds what
# names them, and nothing else).
$(BUILD)/install-paths: FORCE
	@mkdir -p $(dir $@)
	@echo '$(DATADIR)' | cmp -s - $@ 2>/dev/null || echo '$(DATADIR)' > $@
FORCE:
$(BIN)/godtab-serve: $(SERVE_OBJ) $(LIB)
	@mkdir -p $(BIN)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(SERVE_OBJ) $(LIB) $(LDLIBS) $(SERVE_LDLIBS)

# godtab-gen-mpi (docs/distributed.md): built only where mpicc is, which is
# checked when the rule runs, so that `make test` builds it once its
# setup has installed Open MPI; a plain `make` without it says so.
MPICC ?= mpicc
$(BIN)/godtab-gen-mpi: $(wildcard mpi/*.c) $(LIB)
	@if command -v $(MPICC) >/dev/null 2>&1; then \
	  mkdir -p $(BIN) && echo "$(MPICC) ... -o $@" && \
	  $(MPICC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(wildcard mpi/*.c) $(LIB) $(LDLIBS); \
	else echo "godtab-gen-mpi: not built (no $(MPICC); Debian: apt-get install openmpi-bin libopenmpi-dev)"; fi

$(BIN)/godtab-group: $(GROUP_OBJ) $(LIB)
	@mkdir -p $(BIN)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(GROUP_OBJ) $(LIB) $(LDLIBS)

vpath test_%.c tests/unit tests/cli
$(BUILD)/tests/test_%: test_%.c tests/test_util.h tests/test_cube3_util.h tests/test_nnn_util.h tests/test_serve_util.h tests/test_def_util.h tests/store_corrupt.h $(BUILD)/tests/store_corrupt.o $(LIB) | test-libs
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Itests -DGODTAB_BIN='"$(CURDIR)/$(BIN)"' -DGODTAB_ROOT='"$(CURDIR)"' \
	  $(LDFLAGS) -o $@ $< $(BUILD)/tests/store_corrupt.o $(LIB) $(LDLIBS) $(TEST_LDLIBS)

# The store's corruption hook: linked into the tests only, never into the library.
$(BUILD)/tests/store_corrupt.o: tests/store_corrupt.c | test-libs
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Itests -MMD -MP -c $< -o $@

# A fuzz target with a cmocka main that replays its seed corpus and its
# regressions (fuzz/README.md): the fuzzers' findings stay fixed in `make test`.
$(BUILD)/tests/replay_%: fuzz/%.c fuzz/replay.c fuzz/fuzz_util.h $(LIB) | test-libs
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DGODTAB_ROOT='"$(CURDIR)"' -DFUZZ_NAME='"$*"' \
	  $(LDFLAGS) -o $@ fuzz/replay.c $< $(LIB) $(LDLIBS) $(TEST_LDLIBS)

$(BUILD)/benchmarks/%: benchmarks/%.c benchmarks/bench_util.h $(LIB) | libs
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Ibenchmarks -DGODTAB_BIN='"$(CURDIR)/$(BIN)"' -DGODTAB_ROOT='"$(CURDIR)"' \
	  $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

# Generates every default table into the default LMDB, verifies them (only the
# default families: big tables built on demand, like cube3, are left to
# `godtab-gen --verify`), answers samples.
run: all
	./$(BIN)/godtab-gen
	./$(BIN)/godtab-gen --verify pocket taquin floppy cube3-twophase
	@sh ./tables/samples.sh ./$(BIN)

# The Python binding's tests load the shared library, the install test
# installs the default build, and the README's examples run against it:
# all three only for BUILD=build (sanitized and fuzz builds are neither
# loaded into python3 nor installed; they say so). The benchmarks are
# compiled, not run: a change that breaks one fails here, not in make bench
# (in the default build only: the sanitized one would compile them again).
# test-build builds what the suite runs and runs nothing.
test-build: test-deps all $(TEST_BIN) $(REPLAY_BIN) $(if $(filter build,$(BUILD)),$(BENCH_BIN) $(SHLIB))

test: test-build
	@sh tests/check_architecture.sh
	@sh tests/check_layers.sh
	@sh tests/check_calls.sh . $(BUILD)
	@sh tests/run.sh $(TEST_BIN) $(REPLAY_BIN)
	@$(if $(filter build,$(BUILD)),GODTAB_LIB=$(CURDIR)/$(SHLIB) GODTAB_BIN=$(CURDIR)/$(BIN) \
	  python3 -m unittest discover -s python -p 'test_*.py',echo "python: skipped for BUILD=$(BUILD)")
	@sh tests/install/run.sh "$(MAKE)" $(BUILD) $(BIN)
	@$(if $(filter build,$(BUILD)),sh tests/readme/run.sh $(CURDIR)/$(BIN),echo "readme: skipped for BUILD=$(BUILD)")

# What the tests need besides the build: pkg-config and python3 (the install
# test and the Python binding's tests), g++ (the install test's C++
# program), Open MPI (godtab-gen-mpi's tests). Installed by setup.
TEST_PACKAGES = pkg-config python3 g++ openmpi-bin libopenmpi-dev

bench: all $(BENCH_BIN) bench-deps
	@sh benchmarks/run.sh

# ---- sanitizers -------------------------------------------------------------
# The whole suite (library, programs, tests, fuzz replays) rebuilt in
# build-san/ and bin-san/ with ASan + LSan + UBSan; the tests run the
# sanitized programs (GODTAB_BIN), which inherit the options below, so a
# leak or undefined behaviour in a program fails its CLI test too. UBSan
# halts on the first error (-fno-sanitize-recover=all); the leak check runs
# at every process exit. No leak suppression is needed: libgomp's thread
# pool stays reachable at exit (no false report with gcc 12), so a report
# is a leak of ours.
SAN_BUILD = build-san
SAN_BIN   = bin-san
SAN_FLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
# The runtimes linked into each program: LeakSanitizer's scan at exit then
# skips their own 12 MB of globals, and a process's sanitizer cost halves
# (0.10 -> 0.05 s for an empty main() on a 2-core VM). The suite starts
# thousands of processes; the checks are the same. Linked without PIE: the
# loader then has no relocations to apply at each start (84 -> 72 ms a
# sanitized --version here).
SAN_LINK  = -static-libasan -static-libubsan -no-pie
SAN_ENV   = ASAN_OPTIONS=detect_leaks=1 \
            UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

SAN_MAKE  = $(SAN_ENV) $(MAKE) BUILD=$(SAN_BUILD) BIN=$(SAN_BIN) CFLAGS='-O1 -g $(SAN_FLAGS)' \
            LDFLAGS='$(LDFLAGS) $(SAN_LINK)'

check-sanitize:
	$(SAN_MAKE) test

# Builds the sanitized suite without running it: .ci/run builds it at low
# priority while the default suite runs, in the time a core would be idle.
sanitize-build:
	$(SAN_MAKE) test-build

# ---- fuzzing (fuzz/README.md) -----------------------------------------------
# Each fuzz/fuzz_*.c is a libFuzzer target, found by the wildcard above:
# adding one is one file (and its seed corpus fuzz/corpus/NAME/). clang builds
# the library and the targets into build-fuzz/ with the fuzzer, ASan and UBSan;
# fuzz/run.sh runs them FUZZ_JOBS at a time, writes crashes to fuzz/findings/
# (not committed) and prints a table of executions per target.
FUZZ_PACKAGES = clang libclang-rt-dev libomp-dev
FUZZ_BUILD    = build-fuzz
FUZZ_FLAGS    = -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
FUZZ_SECONDS ?= 600
FUZZ_SMOKE_SECONDS ?= 20
FUZZ_JOBS    ?= 2
FUZZ_MAX_LEN ?= 4096
# Per-target limits (fuzz/run.sh reads them): a metadata record may reach
# the store's 8 KiB, and lines of 4 KiB are its boundary.
export FUZZ_MAX_LEN_fuzz_meta ?= 9000
FUZZ_TARGETS ?= $(FUZZ_NAMES)

fuzz-build: fuzz-deps deps
	$(MAKE) CC=clang BUILD=$(FUZZ_BUILD) BIN=$(FUZZ_BUILD)/bin CFLAGS='-O1 -g $(FUZZ_FLAGS)' fuzz-targets

fuzz-targets: $(FUZZ_NAMES:%=$(BUILD)/fuzz/%)

$(BUILD)/fuzz/fuzz_%: fuzz/fuzz_%.c fuzz/fuzz_util.h $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DGODTAB_ROOT='"$(CURDIR)"' -fsanitize=fuzzer $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

fuzz: fuzz-build
	@sh fuzz/run.sh $(FUZZ_BUILD)/fuzz $(FUZZ_SECONDS) $(FUZZ_JOBS) $(FUZZ_MAX_LEN) $(FUZZ_TARGETS)

fuzz-smoke: fuzz-build
	@sh fuzz/run.sh $(FUZZ_BUILD)/fuzz $(FUZZ_SMOKE_SECONDS) $(FUZZ_JOBS) $(FUZZ_MAX_LEN) $(FUZZ_TARGETS)

# ---- install (docs/install.md) ----------------------------------------------
# make install PREFIX=/usr/local DESTDIR=...: the programs (BINDIR),
# libgodtab.a and libgodtab.so.MAJOR (soname) and godtab.pc (LIBDIR), the
# public headers under INCLUDEDIR/godtab/ (the headers godtab.h pulls in,
# found by the compiler: every name is unique, so they sit in one folder),
# man pages (MANDIR), the shipped puzzles and the web page
# (DATADIR/godtab/), the Python module (PYTHONDIR). The paths are defined
# at the top (godtab-serve compiles DATADIR in); DESTDIR only stages them.
PYTHON ?= python3
# The site-packages folder under PREFIX that $(PYTHON) searches (Debian's
# dist-packages), else PREFIX/lib/pythonX.Y/site-packages.
PYTHONDIR ?= $(shell $(PYTHON) -c 'import sys; pre = sys.argv[1].rstrip("/"); \
  own = [p for p in sys.path if p.startswith(pre + "/lib/") and p.endswith("-packages")]; \
  print(own[0] if own else "%s/lib/python%d.%d/site-packages" % ((pre,) + sys.version_info[:2]))' \
  '$(PREFIX)' 2>/dev/null || echo '$(PREFIX)/lib/python3/dist-packages')
MAN_PAGES := $(wildcard man/*.1 man/*.5)
INSTALL_HEADERS = $(sort $(filter common/%.h,$(shell $(CC) $(LIB_DIRS:%=-I%) -MM -MT x common/godtab.h | tr -d '\\')))
I_BIN = $(DESTDIR)$(BINDIR)
I_LIB = $(DESTDIR)$(LIBDIR)
I_INC = $(DESTDIR)$(INCLUDEDIR)/godtab
I_MAN = $(DESTDIR)$(MANDIR)
I_SHARE = $(DESTDIR)$(DATADIR)/godtab
I_PY  = $(DESTDIR)$(PYTHONDIR)
# godtab.pc names the final paths (never DESTDIR), relative to ${prefix}
# where they lie under it.
pc_path = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))

$(BUILD)/pic/%.o: %.c $(BUILD)/pic/%.d | libs
	@mkdir -p $(dir $@)
	$(CC) $(call obj_cflags,$<) -fPIC -fvisibility=hidden -c $< -o $@

$(SHLIB): $(PIC_OBJ)
	$(CC) $(ALL_CFLAGS) -shared -Wl,-soname,libgodtab.so.$(GT_MAJOR) $(LDFLAGS) -o $@ $^ $(LDLIBS)

install: all $(SHLIB)
	install -d $(I_BIN) $(I_LIB)/pkgconfig $(I_INC) $(I_MAN)/man1 $(I_MAN)/man5 $(I_SHARE)/puzzles $(I_PY)
	install -m 755 $(wildcard $(PROGRAMS)) $(I_BIN)
	install -m 644 $(LIB) $(I_LIB)
	install -m 755 $(SHLIB) $(I_LIB)
	ln -sf libgodtab.so.$(GT_VERSION) $(I_LIB)/libgodtab.so.$(GT_MAJOR)
	ln -sf libgodtab.so.$(GT_MAJOR) $(I_LIB)/libgodtab.so
	install -m 644 $(INSTALL_HEADERS) $(I_INC)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(call pc_path,$(LIBDIR))|' \
	    -e 's|@INCLUDEDIR@|$(call pc_path,$(INCLUDEDIR))|' -e 's|@VERSION@|$(GT_VERSION)|' \
	    godtab.pc.in > $(I_LIB)/pkgconfig/godtab.pc && chmod 644 $(I_LIB)/pkgconfig/godtab.pc
	install -m 644 $(filter %.1,$(MAN_PAGES)) $(I_MAN)/man1
	install -m 644 $(filter %.5,$(MAN_PAGES)) $(I_MAN)/man5
	install -m 644 $(wildcard puzzles/*.def puzzles/*.tws) $(I_SHARE)/puzzles
	$(if $(wildcard serve/static/*),install -d $(I_SHARE)/static && install -m 644 $(wildcard serve/static/*) $(I_SHARE)/static)
	install -m 644 python/godtab.py $(I_PY)

# Removes every file install wrote (and the bytecode Python left beside the
# module); the folders stay, as they may hold other packages' files.
uninstall:
	rm -f $(addprefix $(I_BIN)/,$(notdir $(PROGRAMS)))
	rm -f $(I_LIB)/libgodtab.a $(I_LIB)/libgodtab.so $(I_LIB)/libgodtab.so.$(GT_MAJOR) \
	      $(I_LIB)/libgodtab.so.$(GT_VERSION) $(I_LIB)/pkgconfig/godtab.pc
	rm -rf $(I_INC) $(I_SHARE)
	rm -f $(addprefix $(I_MAN)/man1/,$(notdir $(filter %.1,$(MAN_PAGES)))) \
	      $(addprefix $(I_MAN)/man5/,$(notdir $(filter %.5,$(MAN_PAGES))))
	rm -f $(I_PY)/godtab.py $(I_PY)/__pycache__/godtab.*.pyc

# The headers each object was compiled from (-MMD -MP above), for build/,
# build/pic/ and the other trees (BUILD=...): absent before the first build.
# An object without its .d (built before -MMD, or the .d lost) is rebuilt:
# the empty rule makes a missing .d count as new, so no stale object
# compiled against older headers survives.
$(BUILD)/%.d: ;
.PRECIOUS: $(BUILD)/%.d
-include $(patsubst %.o,%.d,$(LIB_OBJ) $(PIC_OBJ) $(GEN_OBJ) $(SOLVE_OBJ) $(GROUP_OBJ) $(SERVE_OBJ) \
                             $(BUILD)/tests/store_corrupt.o)

clean:
	rm -rf build bin $(SAN_BUILD) $(SAN_BIN) $(FUZZ_BUILD)
