/* The replay test of one fuzz target, built with gcc beside the target's own
 * file (the Makefile passes FUZZ_NAME): LLVMFuzzerTestOneInput runs on every
 * file of fuzz/corpus/NAME/ and fuzz/regressions/NAME/ in name order, so the
 * seeds and every input a fuzzer once broke the library with stay fixed in
 * `make test` (and under the sanitizers in `make check-sanitize`).
 *
 *   build/tests/replay_fuzz_notation             both folders (cmocka tests)
 *   build/tests/replay_fuzz_notation FILE...     just these inputs, named as they run */
#include <dirent.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#ifndef FUZZ_NAME
#error "FUZZ_NAME must name the target (the Makefile defines it)"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* Optional in a target, as in libFuzzer. */
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

/* The input being run, named when a broken invariant aborts (FZ_CHECK):
 * cmocka does not catch SIGABRT, so the process ends there. */
static const char *current;

static void on_abort(int sig)
{
    static const char head[] = "replay: aborted on input ";
    if (current) {
        (void)!write(2, head, sizeof head - 1);
        (void)!write(2, current, strlen(current));
        (void)!write(2, "\n", 1);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Runs the target on one file, read into a buffer of exactly its size (so
 * that a read past the input's end is out of bounds under ASan). */
static void replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    struct stat st;
    assert_int_equal(fstat(fileno(f), &st), 0);
    size_t size = (size_t)st.st_size;
    uint8_t *data = malloc(size ? size : 1);
    assert_non_null(data);
    assert_int_equal(fread(data, 1, size, f), size);
    fclose(f);
    current = path;
    LLVMFuzzerTestOneInput(data, size);
    current = NULL;
    free(data);
}

static int is_input(const struct dirent *e)
{
    return e->d_name[0] != '.' && strcmp(e->d_name, "README.md") != 0;
}

/* Replays every file of dir (missing: none); returns how many. */
static int replay_dir(const char *dir)
{
    struct dirent **names;
    int n = scandir(dir, &names, is_input, alphasort);
    if (n < 0)
        return 0;
    for (int i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        replay_file(path);
        free(names[i]);
    }
    free(names);
    return n;
}

static void test_corpus(void **state)
{
    (void)state;
    int n = replay_dir(GODTAB_ROOT "/fuzz/corpus/" FUZZ_NAME);
    fprintf(stderr, "%s: %d corpus inputs\n", FUZZ_NAME, n);
    assert_true(n > 0); /* every target has seeds */
}

static void test_regressions(void **state)
{
    (void)state;
    int n = replay_dir(GODTAB_ROOT "/fuzz/regressions/" FUZZ_NAME);
    fprintf(stderr, "%s: %d regression inputs\n", FUZZ_NAME, n);
}

int main(int argc, char **argv)
{
    signal(SIGABRT, on_abort);
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    if (argc > 1) {
        for (int i = 1; i < argc; i++) {
            fprintf(stderr, "Running: %s\n", argv[i]);
            replay_file(argv[i]);
        }
        return 0;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus),
        cmocka_unit_test(test_regressions),
    };
    return cmocka_run_group_tests_name(FUZZ_NAME, tests, NULL, NULL);
}
