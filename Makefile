# godtab — one Makefile for the library, the programs, the tests and the benchmarks.
#
#   make          build build/libgodtab.a and bin/godtab-{gen,solve,group}
#   make run      install missing packages, build, generate and verify every default
#                 table into the default LMDB (tables/godtab.lmdb), answer sample queries
#   make test     install missing packages, build, run the whole test suite
#   make bench    build and print benchmark medians (benchmarks/README.md)
#   make check-sanitize  the whole suite built with AddressSanitizer (and its leak
#                 check) and UndefinedBehaviorSanitizer, in build-san/ and bin-san/
#   make fuzz     libFuzzer targets fuzz/fuzz_*.c, FUZZ_SECONDS (600) each
#                 (fuzz/README.md); make fuzz-smoke: FUZZ_SMOKE_SECONDS (20) each
#
# Sources are found by directory, so a new module or puzzle folder needs no
# edit here (docs/architecture.md gives the layers):
#   common/**/*.c      -> build/libgodtab.a (never prints, never exits)
#   gen/*.c            -> bin/godtab-gen
#   solve/*.c          -> bin/godtab-solve
#   group/*.c          -> bin/godtab-group
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
LIB_DIRS := $(sort $(shell find common -type d))
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE -Wall -Wextra -Wshadow -fopenmp $(LIB_DIRS:%=-I%) \
             -DGODTAB_DEFAULT_DB='"$(CURDIR)/tables/godtab.lmdb"' $(CFLAGS)
LDLIBS   = -Wl,--as-needed -llmdb -lzstd -lgmp -lm
TEST_LDLIBS = -lcmocka

# Debian packages the build needs; `make deps` installs the missing ones.
DEB_PACKAGES = gcc make liblmdb-dev libzstd-dev libcmocka-dev libgmp-dev

LIB_SRC   := $(sort $(shell find common -name '*.c'))
LIB_HDR   := $(shell find common -name '*.h')
GEN_SRC   := $(sort $(wildcard gen/*.c))
SOLVE_SRC := $(sort $(wildcard solve/*.c))
GROUP_SRC := $(sort $(wildcard group/*.c))
TEST_SRC  := $(sort $(wildcard tests/unit/test_*.c tests/cli/test_*.c))
BENCH_SRC := $(sort $(wildcard benchmarks/bench_*.c))
FUZZ_SRC  := $(sort $(wildcard fuzz/fuzz_*.c))
FUZZ_NAMES := $(notdir $(FUZZ_SRC:.c=))

LIB_OBJ   := $(LIB_SRC:%.c=$(BUILD)/%.o)
GEN_OBJ   := $(GEN_SRC:%.c=$(BUILD)/%.o)
SOLVE_OBJ := $(SOLVE_SRC:%.c=$(BUILD)/%.o)
GROUP_OBJ := $(GROUP_SRC:%.c=$(BUILD)/%.o)
TEST_BIN  := $(sort $(foreach t,$(TEST_SRC),$(BUILD)/tests/$(notdir $(t:.c=))))
REPLAY_BIN := $(FUZZ_NAMES:%=$(BUILD)/tests/replay_%)
BENCH_BIN := $(BENCH_SRC:benchmarks/%.c=$(BUILD)/benchmarks/%)
LIB       := $(BUILD)/libgodtab.a
PROGRAMS  := $(BIN)/godtab-gen $(BIN)/godtab-solve $(if $(GROUP_SRC),$(BIN)/godtab-group)

.PHONY: all deps fuzz-deps run test bench clean check-sanitize fuzz fuzz-smoke fuzz-build fuzz-targets
.DEFAULT_GOAL := all

all: $(LIB) $(PROGRAMS)

# Installs the missing packages of a list (root) or prints the exact command
# to run (not root): $(call install_missing,PACKAGES).
define install_missing
	@missing=""; \
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

deps:
	$(call install_missing,$(DEB_PACKAGES))

$(BUILD)/%.o: %.c $(LIB_HDR) $(wildcard gen/*.h solve/*.h group/*.h) | deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(AR) rcs $@ $^

$(BIN)/godtab-gen: $(GEN_OBJ) $(LIB)
	@mkdir -p $(BIN)
	$(CC) $(ALL_CFLAGS) -o $@ $(GEN_OBJ) $(LIB) $(LDLIBS)

$(BIN)/godtab-solve: $(SOLVE_OBJ) $(LIB)
	@mkdir -p $(BIN)
	$(CC) $(ALL_CFLAGS) -o $@ $(SOLVE_OBJ) $(LIB) $(LDLIBS)

$(BIN)/godtab-group: $(GROUP_OBJ) $(LIB)
	@mkdir -p $(BIN)
	$(CC) $(ALL_CFLAGS) -o $@ $(GROUP_OBJ) $(LIB) $(LDLIBS)

vpath test_%.c tests/unit tests/cli
$(BUILD)/tests/test_%: test_%.c tests/test_util.h tests/test_cube3_util.h tests/test_nnn_util.h $(LIB) | deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Itests -DGODTAB_BIN='"$(CURDIR)/$(BIN)"' -DGODTAB_ROOT='"$(CURDIR)"' \
	  -o $@ $< $(LIB) $(LDLIBS) $(TEST_LDLIBS)

# A fuzz target with a cmocka main that replays its seed corpus and its
# regressions (fuzz/README.md): the fuzzers' findings stay fixed in `make test`.
$(BUILD)/tests/replay_%: fuzz/%.c fuzz/replay.c fuzz/fuzz_util.h $(LIB) | deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DGODTAB_ROOT='"$(CURDIR)"' -DFUZZ_NAME='"$*"' \
	  -o $@ fuzz/replay.c $< $(LIB) $(LDLIBS) $(TEST_LDLIBS)

$(BUILD)/benchmarks/%: benchmarks/%.c benchmarks/bench_util.h $(LIB) | deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Ibenchmarks -DGODTAB_BIN='"$(CURDIR)/$(BIN)"' -DGODTAB_ROOT='"$(CURDIR)"' \
	  -o $@ $< $(LIB) $(LDLIBS)

# Generates every default table into the default LMDB, verifies them (only the
# default families: big tables built on demand, like cube3, are left to
# `godtab-gen --verify`), answers samples.
run: all
	./$(BIN)/godtab-gen
	./$(BIN)/godtab-gen --verify pocket taquin floppy cube3-twophase
	@sh ./tables/samples.sh ./$(BIN)

test: all $(TEST_BIN) $(REPLAY_BIN)
	@sh tests/check_layers.sh
	@sh tests/run.sh $(TEST_BIN) $(REPLAY_BIN)

bench: all $(BENCH_BIN)
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
SAN_ENV   = ASAN_OPTIONS=detect_leaks=1 \
            UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

check-sanitize:
	$(SAN_ENV) $(MAKE) BUILD=$(SAN_BUILD) BIN=$(SAN_BIN) CFLAGS='-O1 -g $(SAN_FLAGS)' test

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

fuzz-deps:
	$(call install_missing,$(FUZZ_PACKAGES))

fuzz-build: fuzz-deps deps
	$(MAKE) CC=clang BUILD=$(FUZZ_BUILD) BIN=$(FUZZ_BUILD)/bin CFLAGS='-O1 -g $(FUZZ_FLAGS)' fuzz-targets

fuzz-targets: $(FUZZ_NAMES:%=$(BUILD)/fuzz/%)

$(BUILD)/fuzz/fuzz_%: fuzz/fuzz_%.c fuzz/fuzz_util.h $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DGODTAB_ROOT='"$(CURDIR)"' -fsanitize=fuzzer -o $@ $< $(LIB) $(LDLIBS)

fuzz: fuzz-build
	@sh fuzz/run.sh $(FUZZ_BUILD)/fuzz $(FUZZ_SECONDS) $(FUZZ_JOBS) $(FUZZ_MAX_LEN) $(FUZZ_TARGETS)

fuzz-smoke: fuzz-build
	@sh fuzz/run.sh $(FUZZ_BUILD)/fuzz $(FUZZ_SMOKE_SECONDS) $(FUZZ_JOBS) $(FUZZ_MAX_LEN) $(FUZZ_TARGETS)

clean:
	rm -rf build bin $(SAN_BUILD) $(SAN_BIN) $(FUZZ_BUILD)
