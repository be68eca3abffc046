//===- tile-gpu-launch.cpp - Run launch bundles on a GPU ------------------===//
//
//   tile-gpu-launch [options] BUNDLE-OR-DIR...
//
// Runs each launch bundle (Gpu.h; `tile-run --executor gpu` and tile-diff's
// GPU configurations write them under TILECHECK_GPU_LAUNCH=record:DIR) on
// GPU 0 and writes its result.txt and outN.bin next to it. A directory
// without launch.txt stands for the bundles directly inside it. Launches
// run in worker processes: a fault or a hang loses that launch only (a
// faulted CUDA context cannot be used again, a hung kernel cannot be
// stopped from its own process), and the worker is replaced.
//
// Options:
//   --probe          say whether a driver and a GPU are there (exit 0 or 7)
//   --check          no launch: check each bundle against its cubin (the
//                    parameters' count and sizes, the required block) and
//                    print its geometry; needs no GPU (exit 0 or 1)
//   --timing N       time N launches after --warmup W (default 2) and write
//                    their times and median into result.txt
//   --timeout-ms T   wall-clock limit of one launch (default 20000; a timed
//                    bundle gets it once per launch)
//   --force          run bundles that already have a result
//   --jobs N         worker processes (default 4), each with its own
//                    context on GPU 0
//
// Exit: 0 every bundle got a result (whatever it is: an unreadable bundle
// gets an `error` one), 1 a path holds no bundle or a result could not be
// written, 2 usage, 7 no driver or no GPU.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Oracle/Gpu.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <deque>
#include <dirent.h>
#include <map>
#include <optional>
#include <poll.h>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace tilecheck::oracle;

namespace {

bool isFile(const std::string &path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

/// The bundles `path` stands for, sorted.
std::vector<std::string> bundlesOf(const std::string &path) {
  if (isFile(path + "/launch.txt"))
    return {path};
  std::vector<std::string> found;
  if (DIR *d = ::opendir(path.c_str())) {
    while (dirent *e = ::readdir(d)) {
      std::string name = e->d_name;
      if (name != "." && name != ".." &&
          isFile(path + "/" + name + "/launch.txt"))
        found.push_back(path + "/" + name);
    }
    ::closedir(d);
  }
  std::sort(found.begin(), found.end());
  return found;
}

/// Calls `fn` on the bundles of each of `paths` in turn; says so of a path
/// without one and sets `exitCode` to 1.
template <typename F>
void forEachBundle(const std::vector<std::string> &paths, int &exitCode, F fn) {
  for (const std::string &path : paths) {
    std::vector<std::string> bundles = bundlesOf(path);
    if (bundles.empty()) {
      std::fprintf(stderr, "tile-gpu-launch: no launch bundle in '%s'\n",
                   path.c_str());
      exitCode = 1;
    }
    for (const std::string &dir : bundles)
      fn(dir);
  }
}

/// Runs `body` in a child; kills it after `timeoutMs`. The child's exit
/// code, or -1 when it was killed or died.
template <typename F> int inChild(F body, unsigned timeoutMs, bool &killed) {
  killed = false;
  std::fflush(nullptr);
  pid_t pid = ::fork();
  if (pid < 0)
    return -1;
  if (pid == 0)
    ::_exit(body());
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
  int status = 0;
  for (;;) {
    pid_t r = ::waitpid(pid, &status, WNOHANG);
    if (r == pid)
      break;
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      killed = true;
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int usage(const char *why) {
  std::fprintf(
      stderr,
      "tile-gpu-launch: %s\nusage: tile-gpu-launch [--probe | --check] "
      "[--timing N] [--warmup W] [--timeout-ms T] [--jobs N] "
      "[--force] "
      "BUNDLE-OR-DIR...\n",
      why);
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  gpu::RunOptions options;
  bool probeOnly = false, checkOnly = false, force = false;
  unsigned timeoutMs = 20000, jobs = 4;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](unsigned &out) {
      if (i + 1 >= argc)
        return false;
      char *end = nullptr;
      unsigned long v = std::strtoul(argv[++i], &end, 10);
      if (!end || *end)
        return false;
      out = static_cast<unsigned>(v);
      return true;
    };
    if (a == "--probe")
      probeOnly = true;
    else if (a == "--check")
      checkOnly = true;
    else if (a == "--force")
      force = true;
    else if (a == "--timing") {
      if (!value(options.timedRuns))
        return usage("--timing takes a count");
    } else if (a == "--warmup") {
      if (!value(options.warmup))
        return usage("--warmup takes a count");
    } else if (a == "--jobs") {
      if (!value(jobs) || jobs == 0)
        return usage("--jobs takes a positive count");
    } else if (a == "--timeout-ms") {
      if (!value(timeoutMs) || timeoutMs == 0)
        return usage("--timeout-ms takes a positive count");
    } else if (a == "--help" || a == "-h") {
      usage("runs launch bundles on GPU 0");
      return 0;
    } else if (!a.empty() && a[0] == '-')
      return usage(("unknown option " + a).c_str());
    else
      paths.push_back(a);
  }
  // The runner's limit covers every launch of a bundle.
  options.timeoutMs =
      timeoutMs * (options.timedRuns ? options.timedRuns + options.warmup : 1);
  if (checkOnly) {
    // No GPU needed: each bundle against its cubin's own facts.
    if (paths.empty())
      return usage("no bundle given");
    int code = 0;
    forEachBundle(paths, code, [&](const std::string &dir) {
      std::string error;
      std::optional<gpu::Launch> launch = gpu::readBundle(dir, error);
      std::optional<std::array<uint32_t, 3>> block;
      if (launch)
        block = gpu::checkLaunch(*launch, error);
      if (!block) {
        std::printf("%s: bad: %s\n", dir.c_str(), error.c_str());
        code = 1;
        return;
      }
      std::printf("%s: ok: kernel %s, grid %ux%ux%u, block %ux%ux%u, "
                  "%zu parameters (",
                  dir.c_str(), launch->kernel.c_str(), launch->grid[0],
                  launch->grid[1], launch->grid[2], (*block)[0], (*block)[1],
                  (*block)[2], launch->params.size());
      for (size_t i = 0; i < launch->params.size(); ++i)
        std::printf("%s%zu", i ? " " : "",
                    launch->params[i].buffer >= 0
                        ? size_t(8)
                        : launch->params[i].bytes.size());
      std::printf(" bytes), %zu buffers\n", launch->buffers.size());
    });
    return code;
  }

  // The probe runs in a child too: the driver must not be initialized in
  // the process that forks the launches.
  int pipeFd[2];
  if (::pipe(pipeFd) != 0)
    return 1;
  bool killed = false;
  int probeCode = inChild(
      [&] {
        ::close(pipeFd[0]);
        gpu::Result r = gpu::probe();
        std::string line = r.status == gpu::Status::Ok ? r.device : r.message;
        (void)!::write(pipeFd[1], line.data(), line.size());
        return r.status == gpu::Status::Ok ? 0 : 7;
      },
      60000, killed);
  ::close(pipeFd[1]);
  std::string probeText;
  char buf[512];
  for (ssize_t n; (n = ::read(pipeFd[0], buf, sizeof buf)) > 0;)
    probeText.append(buf, n);
  ::close(pipeFd[0]);
  if (probeCode != 0) {
    std::fprintf(stderr, "tile-gpu-launch: %s\n",
                 probeText.empty() ? "the GPU probe failed"
                                   : probeText.c_str());
    return 7;
  }
  std::printf("device: %s\n", probeText.c_str());
  if (probeOnly)
    return 0;
  if (paths.empty())
    return usage("no bundle given");

  // The bundles to run.
  std::map<std::string, unsigned> counts;
  int exitCode = 0;
  std::vector<std::string> queue;
  forEachBundle(paths, exitCode, [&](const std::string &dir) {
    if (!force && isFile(dir + "/result.txt")) {
      ++counts["already-run"];
    } else {
      ::unlink((dir + "/result.txt").c_str());
      queue.push_back(dir);
    }
  });
  unsigned total = static_cast<unsigned>(queue.size());
  unsigned perBundleMs = options.timeoutMs + 30000;

  // A pool of worker processes. Each reads bundle indices from a pipe, runs
  // them one after another in its own CUDA context and answers with the
  // index when the result is written; after a fault, a trap, a time-out or
  // a driver error its context is unusable, so it exits and the pool starts
  // another. A worker that hangs past its deadline or dies loses only the
  // bundle it had: the pool writes that bundle's result itself.
  struct Slot {
    pid_t pid = -1;
    int toChild = -1, fromChild = -1;
    long current = -1;
    std::chrono::steady_clock::time_point deadline;
    std::string pending;
  };
  std::vector<int> parentFds;
  auto worker = [&](int in, int out) -> int {
    std::string line;
    char c;
    while (::read(in, &c, 1) == 1) {
      if (c != '\n') {
        line.push_back(c);
        continue;
      }
      size_t index = std::strtoul(line.c_str(), nullptr, 10);
      line.clear();
      const std::string &dir = queue[index];
      std::string error;
      gpu::Result r;
      if (std::optional<gpu::Launch> launch = gpu::readBundle(dir, error)) {
        r = gpu::run(*launch, options);
      } else {
        r.status = gpu::Status::Error;
        r.message = "unreadable bundle: " + error;
      }
      if (std::string e = gpu::writeResult(r, dir); !e.empty())
        std::fprintf(stderr, "tile-gpu-launch: %s\n", e.c_str());
      bool usable = r.status == gpu::Status::Ok ||
                    r.status == gpu::Status::LoadFailed ||
                    r.status == gpu::Status::LaunchFailed;
      // "I" when the worker goes on, "I x" when its context is unusable
      // and it exits (the pool then gives it nothing more).
      std::string done = std::to_string(index) + (usable ? "\n" : " x\n");
      (void)!::write(out, done.data(), done.size());
      if (!usable)
        ::_exit(3);
    }
    return 0;
  };
  auto spawn = [&](Slot &slot) {
    int down[2], up[2];
    if (::pipe(down) != 0)
      return false;
    if (::pipe(up) != 0) {
      ::close(down[0]);
      ::close(down[1]);
      return false;
    }
    std::fflush(nullptr);
    pid_t pid = ::fork();
    if (pid < 0) {
      for (int fd : {down[0], down[1], up[0], up[1]})
        ::close(fd);
      return false;
    }
    if (pid == 0) {
      ::close(down[1]);
      ::close(up[0]);
      // The other workers' pipe ends: holding them would keep those workers
      // from ever seeing the end of their input.
      for (int fd : parentFds)
        ::close(fd);
      ::_exit(worker(down[0], up[1]));
    }
    ::close(down[0]);
    ::close(up[1]);
    parentFds.push_back(down[1]);
    parentFds.push_back(up[0]);
    slot.pid = pid;
    slot.toChild = down[1];
    slot.fromChild = up[0];
    slot.current = -1;
    slot.pending.clear();
    return true;
  };
  auto retire = [&](Slot &slot, bool kill, const char *why) {
    if (kill)
      ::kill(slot.pid, SIGKILL);
    ::close(slot.toChild);
    ::close(slot.fromChild);
    parentFds.erase(std::remove_if(parentFds.begin(), parentFds.end(),
                                   [&](int fd) {
                                     return fd == slot.toChild ||
                                            fd == slot.fromChild;
                                   }),
                    parentFds.end());
    // A worker that exits after a fault or a time-out may wait on the
    // driver tearing its context down under a running kernel: ten seconds,
    // then it is killed.
    int status = 0;
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (::waitpid(slot.pid, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > until) {
        ::kill(slot.pid, SIGKILL);
        ::waitpid(slot.pid, &status, 0);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (slot.current >= 0 && !isFile(queue[slot.current] + "/result.txt")) {
      gpu::Result r;
      r.status = kill ? gpu::Status::Timeout : gpu::Status::Error;
      r.device = probeText;
      r.message = why;
      if (std::string e = gpu::writeResult(r, queue[slot.current]);
          !e.empty()) {
        std::fprintf(stderr, "tile-gpu-launch: %s\n", e.c_str());
        exitCode = 1;
      }
    }
    slot.pid = -1;
    slot.current = -1;
  };
  auto report = [&](const std::string &dir) {
    std::string readError;
    std::optional<gpu::Result> r = gpu::readResult(dir, readError);
    std::string status = r ? gpu::statusName(r->status) : "unreadable";
    ++counts[status];
    if (r && !r->timesMs.empty())
      std::printf("%s: %s, median %.4f ms of %zu\n", dir.c_str(),
                  status.c_str(), r->medianMs, r->timesMs.size());
    else if (r && r->status != gpu::Status::Ok)
      std::printf("%s: %s: %s\n", dir.c_str(), status.c_str(),
                  r->message.substr(0, r->message.find('\n')).c_str());
    std::fflush(stdout);
  };

  std::vector<Slot> slots(std::max(1u, std::min<unsigned>(jobs, total)));
  std::deque<long> pending;
  for (size_t i = 0; i < queue.size(); ++i)
    pending.push_back(static_cast<long>(i));
  unsigned finished = 0;
  // A worker that died between two bundles must not kill the pool.
  ::signal(SIGPIPE, SIG_IGN);
  while (finished < total) {
    for (Slot &slot : slots) {
      if (slot.current >= 0 || pending.empty())
        continue;
      if (slot.pid < 0 && !spawn(slot)) {
        std::fprintf(stderr, "tile-gpu-launch: cannot start a worker\n");
        return 1;
      }
      long index = pending.front();
      std::string line = std::to_string(index) + "\n";
      if (::write(slot.toChild, line.data(), line.size()) !=
          static_cast<ssize_t>(line.size())) {
        // The worker is gone before it got the bundle: the next one will.
        retire(slot, true, "");
        continue;
      }
      pending.pop_front();
      slot.current = index;
      slot.deadline = std::chrono::steady_clock::now() +
                      std::chrono::milliseconds(perBundleMs);
    }
    std::vector<pollfd> fds;
    for (Slot &slot : slots)
      if (slot.pid >= 0)
        fds.push_back({slot.fromChild, POLLIN, 0});
    ::poll(fds.data(), fds.size(), 20);
    auto now = std::chrono::steady_clock::now();
    for (Slot &slot : slots) {
      if (slot.pid < 0)
        continue;
      char buf[256];
      ssize_t n = 0;
      pollfd one{slot.fromChild, POLLIN, 0};
      if (::poll(&one, 1, 0) > 0) {
        n = ::read(slot.fromChild, buf, sizeof buf);
        if (n > 0)
          slot.pending.append(buf, n);
      }
      size_t nl;
      bool exiting = false;
      while ((nl = slot.pending.find('\n')) != std::string::npos) {
        exiting = slot.pending.substr(0, nl).find(" x") != std::string::npos;
        slot.pending.erase(0, nl + 1);
        if (slot.current >= 0) {
          report(queue[slot.current]);
          ++finished;
          slot.current = -1;
        }
      }
      if (exiting) {
        // Its context is unusable: it exits; a new worker takes its place.
        retire(slot, false, "");
        continue;
      }
      if (n == 0 && (one.revents & (POLLHUP | POLLIN))) {
        // The worker exited (its context was unusable) or died.
        long lost = slot.current;
        retire(slot, false, "the launch process died");
        if (lost >= 0) {
          report(queue[lost]);
          ++finished;
        }
      } else if (slot.current >= 0 && now > slot.deadline) {
        long lost = slot.current;
        retire(slot, true,
               ("the launch did not finish within " +
                std::to_string(perBundleMs) + " ms (killed)")
                   .c_str());
        report(queue[lost]);
        ++finished;
      }
    }
  }
  for (Slot &slot : slots)
    if (slot.pid >= 0)
      retire(slot, false, "");
  std::printf("%u launches:", total);
  for (auto &[status, n] : counts)
    std::printf(" %s %u", status.c_str(), n);
  std::printf("\n");
  return exitCode;
}
