//===- Isolation.cpp - Forked children under limits -----------------------===//
//
// runIsolated (Engine.h): every executor's work runs in a forked child with
// a wall-clock and an address-space limit; the parent survives whatever the
// child does.
//
//===----------------------------------------------------------------------===//

#include "EngineInternal.h"
#include "tilecheck/Fuzz/Engine.h"
#include "tilecheck/Fuzz/Sanitizers.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <new>
#include <poll.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

using llvm::StringRef;
using namespace tilecheck;
using namespace tilecheck::fuzz;

//===----------------------------------------------------------------------===//
// Isolation
//===----------------------------------------------------------------------===//

void tilecheck::fuzz::writeAll(int fd, StringRef data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return;
    }
    data = data.drop_front(n);
  }
}

static void childOutOfMemory() {
  static const char msg[] = "tilecheck: out of memory (allocation failed)\n";
  (void)!::write(2, msg, sizeof(msg) - 1);
  ::_exit(kChildOutOfMemoryExit);
}

static std::string readWholeFd(int fd, size_t cap) {
  std::string out;
  if (::lseek(fd, 0, SEEK_SET) < 0)
    return out;
  char buf[65536];
  while (out.size() < cap) {
    ssize_t n = ::read(fd, buf, sizeof(buf));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    out.append(buf, n);
  }
  if (out.size() > cap)
    out.resize(cap);
  return out;
}

//===----------------------------------------------------------------------===//
// Runs inside a batch child
//===----------------------------------------------------------------------===//

static bool inlineRuns = false;

/// The process's address space in bytes (/proc/self/statm), 0 if unknown.
static uint64_t addressSpaceBytes() {
  FILE *f = std::fopen("/proc/self/statm", "r");
  if (!f)
    return 0;
  unsigned long long pages = 0;
  if (std::fscanf(f, "%llu", &pages) != 1)
    pages = 0;
  std::fclose(f);
  return pages * static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
}

/// The address-space limit of a run of `memoryMb`. A run forked from the
/// main process may use that much in all, as always; a run inside a batch
/// child, which has grown with the runs before it, may use that much more
/// than the batch child has now, so that no run inherits its predecessors'
/// memory as its own.
static rlim_t runAddressSpaceLimit(unsigned memoryMb) {
  rlim_t limit = static_cast<rlim_t>(memoryMb) << 20;
  if (inlineRuns)
    limit += addressSpaceBytes();
  return limit;
}

InlineRunsScope::InlineRunsScope() : previous(inlineRuns) { inlineRuns = true; }
InlineRunsScope::~InlineRunsScope() { inlineRuns = previous; }
bool InlineRunsScope::active() { return inlineRuns; }

/// Exit code of a batch child that could not set up an inline run.
static constexpr int kInlineSetupFailedExit = 87;

/// runIsolated's body in this process: the channel and stderr in memory
/// files, a timer that ends the process (SIGUSR2, default action) at the
/// deadline.
static ChildOutcome runInline(llvm::function_ref<int(int)> body,
                              const Limits &limits) {
  using Clock = std::chrono::steady_clock;
  ChildOutcome outcome;
  int channel = ::memfd_create("tilecheck-inline-channel", MFD_CLOEXEC);
  int errFd = ::memfd_create("tilecheck-inline-stderr", MFD_CLOEXEC);
  std::fflush(stderr);
  llvm::errs().flush();
  int savedErr = ::dup(2);
  timer_t timer;
  struct sigevent event = {};
  event.sigev_notify = SIGEV_SIGNAL;
  event.sigev_signo = SIGUSR2;
  if (channel < 0 || errFd < 0 || savedErr < 0 ||
      ::timer_create(CLOCK_MONOTONIC, &event, &timer) != 0)
    ::_exit(kInlineSetupFailedExit); // the engine checks the program again
  ::signal(SIGUSR2, SIG_DFL);
  // The soft limit only: the hard one stays, so that it can be raised again
  // for the next run.
  struct rlimit savedLimit;
  bool limited = limits.memoryMb && canLimitAddressSpace() &&
                 ::getrlimit(RLIMIT_AS, &savedLimit) == 0;
  if (limited) {
    struct rlimit rl = savedLimit;
    rl.rlim_cur =
        std::min(runAddressSpaceLimit(limits.memoryMb), savedLimit.rlim_max);
    ::setrlimit(RLIMIT_AS, &rl);
  }
  ::dup2(errFd, 2);
  struct itimerspec deadline = {};
  deadline.it_value.tv_sec = limits.timeoutMs / 1000;
  deadline.it_value.tv_nsec = (limits.timeoutMs % 1000) * 1000000L;
  Clock::time_point start = Clock::now();
  ::timer_settime(timer, 0, &deadline, nullptr);
  outcome.exitCode = body(channel);
  ::timer_delete(timer);
  if (limited)
    ::setrlimit(RLIMIT_AS, &savedLimit);
  outcome.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::fflush(stderr);
  llvm::errs().flush();
  ::dup2(savedErr, 2);
  ::close(savedErr);
  outcome.channel = readWholeFd(channel, size_t(1) << 30);
  outcome.stderrText = readWholeFd(errFd, 1 << 20);
  ::close(channel);
  ::close(errFd);
  outcome.status = ChildOutcome::Status::Exited;
  return outcome;
}

//===----------------------------------------------------------------------===//
// Forked children
//===----------------------------------------------------------------------===//

ChildOutcome tilecheck::fuzz::runIsolated(llvm::function_ref<int(int)> body,
                                          const Limits &limits,
                                          bool processGroup) {
  // A body that starts a process group execs a tool: never inline.
  if (inlineRuns && !processGroup)
    return runInline(body, limits);
  using Clock = std::chrono::steady_clock;
  ChildOutcome outcome;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    outcome.status = ChildOutcome::Status::Exited;
    outcome.exitCode = -1;
    outcome.stderrText = "tile-diff: pipe failed";
    return outcome;
  }
  int errFd = ::memfd_create("tilecheck-child-stderr", MFD_CLOEXEC);
  std::fflush(stdout);
  std::fflush(stderr);
  llvm::outs().flush();
  llvm::errs().flush();
  Clock::time_point start = Clock::now();
  pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    if (processGroup)
      ::setpgid(0, 0);
    // Forked from a batch child: dies with it (and, past an exec, so does
    // the tool it became), whatever its process group.
    if (inlineRuns) {
      pid_t batch = ::getppid();
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != batch) // it died before the line above
        ::_exit(kChildOutOfMemoryExit - 1);
    }
    if (errFd >= 0)
      ::dup2(errFd, 2);
    if (limits.memoryMb && canLimitAddressSpace()) {
      struct rlimit rl;
      rl.rlim_cur = rl.rlim_max = runAddressSpaceLimit(limits.memoryMb);
      ::setrlimit(RLIMIT_AS, &rl);
    }
    std::set_new_handler(childOutOfMemory);
    int rc = body(fds[1]);
    ::_exit(rc);
  }
  ::close(fds[1]);
  // Also in the parent, so that a kill right after fork reaches the group.
  if (pid > 0 && processGroup)
    ::setpgid(pid, pid);
  if (pid < 0) {
    ::close(fds[0]);
    if (errFd >= 0)
      ::close(errFd);
    outcome.exitCode = -1;
    outcome.stderrText = "tile-diff: fork failed";
    return outcome;
  }

  Clock::time_point deadline =
      start + std::chrono::milliseconds(limits.timeoutMs);
  bool timedOut = false;
  char buf[65536];
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    deadline - Clock::now())
                    .count();
    if (left <= 0) {
      timedOut = true;
      break;
    }
    struct pollfd p = {fds[0], POLLIN, 0};
    int r = ::poll(&p, 1, static_cast<int>(std::min<int64_t>(left, 1000)));
    if (r < 0 && errno != EINTR)
      break;
    if (r <= 0)
      continue;
    ssize_t n = ::read(fds[0], buf, sizeof(buf));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break; // EOF: the child exited (or closed its end).
    outcome.channel.append(buf, n);
  }
  ::close(fds[0]);

  int status = 0;
  for (;;) {
    if (timedOut) {
      if (processGroup)
        ::kill(-pid, SIGKILL);
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      break;
    }
    pid_t w = ::waitpid(pid, &status, WNOHANG);
    if (w == pid)
      break;
    if (w < 0 && errno != EINTR)
      break;
    if (Clock::now() >= deadline) {
      timedOut = true;
      continue;
    }
    ::usleep(1000);
  }
  // What the child started and left behind dies with it.
  if (processGroup)
    ::kill(-pid, SIGKILL);
  outcome.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (errFd >= 0) {
    outcome.stderrText = readWholeFd(errFd, 1 << 20);
    ::close(errFd);
  }

  bool allocFailed =
      StringRef(outcome.stderrText).contains("out of memory") ||
      StringRef(outcome.stderrText).contains("std::bad_alloc") ||
      StringRef(outcome.stderrText).contains("Cannot allocate memory");
  if (timedOut) {
    outcome.status = ChildOutcome::Status::TimedOut;
    outcome.signal = SIGKILL;
  } else if (WIFEXITED(status)) {
    outcome.exitCode = WEXITSTATUS(status);
    outcome.status = outcome.exitCode == kChildOutOfMemoryExit
                         ? ChildOutcome::Status::OutOfMemory
                         : ChildOutcome::Status::Exited;
  } else if (WIFSIGNALED(status)) {
    outcome.signal = WTERMSIG(status);
    // SIGKILL we did not send is the kernel's OOM killer.
    outcome.status = (allocFailed || outcome.signal == SIGKILL)
                         ? ChildOutcome::Status::OutOfMemory
                         : ChildOutcome::Status::Signaled;
  }
  return outcome;
}
