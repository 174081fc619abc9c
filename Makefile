# godtab — one Makefile for the library, the programs, the tests and the benchmarks.
#
#   make          build build/libgodtab.a and bin/godtab-{gen,solve,group}
#   make run      install missing packages, build, generate and verify every default
#                 table into the default LMDB (tables/godtab.lmdb), answer sample queries
#   make test     install missing packages, build, run the whole test suite
#   make bench    build and print benchmark medians (benchmarks/README.md)
#
# Sources are found by directory, so a new module or puzzle folder needs no
# edit here (docs/architecture.md gives the layers):
#   common/**/*.c      -> build/libgodtab.a (never prints, never exits)
#   gen/*.c            -> bin/godtab-gen
#   solve/*.c          -> bin/godtab-solve
#   group/*.c          -> bin/godtab-group
#   tests/{unit,cli}/test_*.c -> build/tests/test_* (cmocka; run in name order by `make test`)
#   benchmarks/bench_*.c -> build/benchmarks/bench_*

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

LIB_OBJ   := $(LIB_SRC:%.c=build/%.o)
GEN_OBJ   := $(GEN_SRC:%.c=build/%.o)
SOLVE_OBJ := $(SOLVE_SRC:%.c=build/%.o)
GROUP_OBJ := $(GROUP_SRC:%.c=build/%.o)
TEST_BIN  := $(sort $(foreach t,$(TEST_SRC),build/tests/$(notdir $(t:.c=))))
BENCH_BIN := $(BENCH_SRC:benchmarks/%.c=build/benchmarks/%)
LIB       := build/libgodtab.a
PROGRAMS  := bin/godtab-gen bin/godtab-solve $(if $(GROUP_SRC),bin/godtab-group)

.PHONY: all deps run test bench clean check-deps
.DEFAULT_GOAL := all

all: $(LIB) $(PROGRAMS)

# Installs what is missing (root) or prints the exact command to run (not root).
deps:
	@missing=""; \
	for p in $(DEB_PACKAGES); do \
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

build/%.o: %.c $(LIB_HDR) $(wildcard gen/*.h solve/*.h group/*.h) | deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(AR) rcs $@ $^

bin/godtab-gen: $(GEN_OBJ) $(LIB)
	@mkdir -p bin
	$(CC) $(ALL_CFLAGS) -o $@ $(GEN_OBJ) $(LIB) $(LDLIBS)

bin/godtab-solve: $(SOLVE_OBJ) $(LIB)
	@mkdir -p bin
	$(CC) $(ALL_CFLAGS) -o $@ $(SOLVE_OBJ) $(LIB) $(LDLIBS)

bin/godtab-group: $(GROUP_OBJ) $(LIB)
	@mkdir -p bin
	$(CC) $(ALL_CFLAGS) -o $@ $(GROUP_OBJ) $(LIB) $(LDLIBS)

vpath test_%.c tests/unit tests/cli
build/tests/test_%: test_%.c tests/test_util.h $(LIB) | deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Itests -DGODTAB_BIN='"$(CURDIR)/bin"' -DGODTAB_ROOT='"$(CURDIR)"' \
	  -o $@ $< $(LIB) $(LDLIBS) $(TEST_LDLIBS)

build/benchmarks/%: benchmarks/%.c benchmarks/bench_util.h $(LIB) | deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Ibenchmarks -DGODTAB_BIN='"$(CURDIR)/bin"' -DGODTAB_ROOT='"$(CURDIR)"' \
	  -o $@ $< $(LIB) $(LDLIBS)

# Generates every default table into the default LMDB, verifies them (only the
# default families: big tables built on demand, like cube3, are left to
# `godtab-gen --verify`), answers samples.
run: all
	./bin/godtab-gen
	./bin/godtab-gen --verify pocket taquin floppy
	@sh ./tables/samples.sh ./bin

test: all $(TEST_BIN)
	@sh tests/check_layers.sh
	@sh tests/run.sh $(TEST_BIN)

bench: all $(BENCH_BIN)
	@sh benchmarks/run.sh

clean:
	rm -rf build bin
