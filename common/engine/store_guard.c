/* The fault guard of the store's map reads (see store_guard.h). */
#include "store_guard.h"
#include "gt_error.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>

_Thread_local sigjmp_buf *gt_guard_jump;

static struct sigaction previous_bus;
static pthread_mutex_t install_lock = PTHREAD_MUTEX_INITIALIZER;

/* SA_NODEFER: the handler leaves by siglongjmp without restoring the signal
 * mask (sigsetjmp(.., 0) is much cheaper than saving it), so the signal must
 * not stay blocked, or the next fault in this thread would kill it. */
static void on_fault(int sig, siginfo_t *info, void *context)
{
    (void)info;
    (void)context;
    if (gt_guard_jump)
        siglongjmp(*gt_guard_jump, 1);
    /* Not a guarded read: hand the fault back. Returning re-executes the
     * faulting instruction, which now meets the previous action. */
    sigaction(sig, &previous_bus, NULL);
}

/* Checked on every call, not once: a program (or a test harness) may have
 * set its own SIGBUS handler since; ours then chains to that one. */
int gt_guard_install(void)
{
    struct sigaction current, sa;
    int rc = GT_OK;
    pthread_mutex_lock(&install_lock);
    if (sigaction(SIGBUS, NULL, &current) != 0) {
        rc = GT_ERR_STORAGE;
    } else if (!(current.sa_flags & SA_SIGINFO) || current.sa_sigaction != on_fault) {
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = on_fault;
        sa.sa_flags = SA_SIGINFO | SA_NODEFER;
        sigemptyset(&sa.sa_mask);
        if (sigaction(SIGBUS, &sa, &previous_bus) != 0)
            rc = GT_ERR_STORAGE;
    }
    pthread_mutex_unlock(&install_lock);
    return rc;
}
