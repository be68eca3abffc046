//===- TileDiff.cpp - The tile-diff command line --------------------------===//
//
// See tilecheck/Fuzz/TileDiff.h. The main process enumerates programs
// (a file, a manifest, or generated seeds), checks them (with --jobs J, in J
// forked program workers that send their reports back as JSON), prints each
// finding, records it in the findings store, and ends with the summary line.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Fuzz/TileDiff.h"
#include "tilecheck/Support/Error.h"

#include "tilecheck/Fuzz/Executor.h"
#include "tilecheck/Fuzz/Findings.h"
#include "tilecheck/Fuzz/Mutate.h"
#include "tilecheck/Fuzz/Tileiras.h"
#include "tilecheck/Generators/Generator.h"
#include "tilecheck/Oracle/CommandLine.h"
#include "tilecheck/Oracle/TileRun.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <fcntl.h>
#include <map>
#include <poll.h>
#include <set>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;
using namespace tilecheck;
using namespace tilecheck::fuzz;

//===----------------------------------------------------------------------===//
// Program workers
//===----------------------------------------------------------------------===//

namespace {

/// Runs checkProgram for up to `jobs` programs at once, each in a forked
/// worker; calls `done` in the main process as reports arrive.
class WorkerPool {
public:
  WorkerPool(unsigned jobs, ArrayRef<Configuration> matrix,
             const EngineOptions &options,
             std::function<void(const TestCase &, ProgramReport)> done)
      : jobs(std::max(1u, jobs)), matrix(matrix), options(options),
        done(std::move(done)) {}

  void submit(TestCase program) {
    if (jobs == 1) {
      done(program, checkProgram(program, matrix, options));
      return;
    }
    while (active.size() >= jobs)
      waitOne();
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
      done(program, failed(program, "pipe failed"));
      return;
    }
    std::fflush(stdout);
    std::fflush(stderr);
    outs().flush();
    errs().flush();
    pid_t pid = ::fork();
    if (pid == 0) {
      ::close(fds[0]);
      writeReport(fds[1], checkProgram(program, matrix, options));
      ::_exit(0);
    }
    ::close(fds[1]);
    if (pid < 0) {
      ::close(fds[0]);
      done(program, failed(program, "fork failed"));
      return;
    }
    active.push_back({pid, fds[0], std::move(program), ""});
  }

  void finish() {
    while (!active.empty())
      waitOne();
  }

private:
  struct Worker {
    pid_t pid;
    int fd;
    TestCase program;
    std::string data;
  };

  static ProgramReport failed(const TestCase &program, StringRef why) {
    ProgramReport r;
    r.programName = program.name;
    r.error = why.str();
    return r;
  }

  /// Reads from the workers until one finishes, then reports it.
  void waitOne() {
    for (;;) {
      std::vector<struct pollfd> polls;
      for (Worker &w : active)
        polls.push_back({w.fd, POLLIN, 0});
      int r = ::poll(polls.data(), polls.size(), -1);
      if (r < 0 && errno == EINTR)
        continue;
      for (size_t i = 0; i < polls.size(); ++i) {
        if (!(polls[i].revents & (POLLIN | POLLHUP | POLLERR)))
          continue;
        char buf[65536];
        ssize_t n = ::read(active[i].fd, buf, sizeof(buf));
        if (n < 0 && errno == EINTR)
          continue;
        if (n > 0) {
          active[i].data.append(buf, n);
          continue;
        }
        Worker w = std::move(active[i]);
        active.erase(active.begin() + i);
        ::close(w.fd);
        int status = 0;
        ::waitpid(w.pid, &status, 0);
        auto json = json::parse(w.data);
        if (!json) {
          consumeError(json.takeError());
          done(w.program, failed(w.program, "the program worker died"));
          return;
        }
        auto report = reportFromJSON(*json);
        if (!report) {
          done(w.program, failed(w.program, "bad worker report: " +
                                                toString(report.takeError())));
          return;
        }
        done(w.program, std::move(*report));
        return;
      }
    }
  }

  unsigned jobs;
  ArrayRef<Configuration> matrix;
  const EngineOptions &options;
  std::function<void(const TestCase &, ProgramReport)> done;
  std::vector<Worker> active;
};

int repro(StringRef dir, StringRef tileirasPath) {
  auto finding = loadFinding(dir);
  if (!finding) {
    WithColor::error(errs(), "tile-diff")
        << toString(finding.takeError()) << "\n";
    return kDiffUsage;
  }
  outs() << "replaying " << stringify(finding->kind) << " "
         << finding->signature << " at " << finding->config.str() << "\n";
  if (finding->config.isTileiras()) {
    // Located again (the recorded path belongs to the machine that found
    // it); a different version is worth a note, not a refusal.
    TileirasLocation loc = locateTileiras(tileirasPath);
    if (loc.path.empty()) {
      WithColor::error(errs(), "tile-diff")
          << "cannot replay a tileiras finding: " << loc.missing << "\n";
      return kDiffInternal;
    }
    setTileiras(finding->options, loc);
    if (!finding->toolVersion.empty() && finding->toolVersion != loc.version)
      outs() << "note: found with " << finding->toolVersion
             << ", replaying with " << loc.version << "\n";
  }
  auto result = replayFinding(*finding);
  if (!result) {
    WithColor::error(errs(), "tile-diff")
        << "replay failed: " << toString(result.takeError()) << "\n";
    return kDiffInternal;
  }
  std::string now =
      countsAsFinding(result->kind) ? result->signature.hash : "none";
  // A finding stored before op kinds were part of wrong-result signatures
  // has the kind|culprit|detail hash: the same bug if that part matches.
  bool legacy = now != finding->signature && countsAsFinding(result->kind) &&
                result->signature.legacyHash == finding->signature;
  if (now == finding->signature || legacy) {
    outs() << "reproduces: " << stringify(result->kind) << " " << now
           << " (culprit " << (result->culprit.empty() ? "?" : result->culprit)
           << "): " << result->detail << "\n";
    if (legacy)
      outs() << "note: stored with the signature format without the op "
                "kind ("
             << finding->signature << "); its bucket is now " << now << " (op "
             << result->opKind << ")\n";
    return kDiffClean;
  }
  outs() << "does not reproduce: expected " << finding->signature << ", got "
         << now;
  if (countsAsFinding(result->kind))
    outs() << " (" << stringify(result->kind) << ", culprit "
           << (result->culprit.empty() ? "?" : result->culprit)
           << "): " << result->detail;
  outs() << "\n";
  return kDiffFindings;
}

} // namespace

//===----------------------------------------------------------------------===//
// main
//===----------------------------------------------------------------------===//

int tilecheck::fuzz::tileDiffMain(int argc, char **argv) {
  // Not InitLLVM: its crash handler would print every child's stack trace
  // a second time (prepareEngine installs the one handler).
  installCrashHandler();
  namespace cl = llvm::cl;
  cl::OptionCategory cat("tile-diff options");
  oracle::LaunchOptions launch(cat, "[input.mlir]", /*gridDefault=*/"1");
  cl::opt<bool> generate("generate",
                         cl::desc("check generated programs (tile-gen)"),
                         cl::cat(cat));
  cl::opt<uint64_t> seed("seed", cl::desc("first generator seed"), cl::init(0),
                         cl::cat(cat));
  cl::opt<unsigned> count("count", cl::desc("number of generated programs"),
                          cl::init(1), cl::cat(cat));
  cl::opt<std::string> policy("policy",
                              cl::desc("generator preset or policy .json"),
                              cl::init("full"), cl::cat(cat));
  cl::opt<unsigned> mutants(
      "mutants",
      cl::desc("check N structure-aware mutants of each program instead of "
               "the program (fuzz/Mutate.h): mutants that verify; their "
               "undefined behaviour and compilers' rejections are not "
               "findings, crashes and hangs are, and tileiras runs even "
               "where the reference cannot"),
      cl::init(0), cl::cat(cat));
  cl::opt<unsigned> mutations("mutations",
                              cl::desc("mutations per mutant (--mutants)"),
                              cl::init(3), cl::cat(cat));
  cl::opt<uint64_t> mutantSeed("mutant-seed",
                               cl::desc("seed of the first mutant (--mutants)"),
                               cl::init(1), cl::cat(cat));
  cl::opt<std::string> matrixName(
      "matrix",
      cl::desc("configuration matrix: default, full, sample, tileiras, "
               "tileiras-targets (O0-O3 on sm_80, sm_90, sm_100, sm_120), "
               "tileiras-bytecode (O0-O3 on bytecode 13.1, 13.2, 13.3), "
               "simt or gpu (the nightly GPU run's, on sm_90)"),
      cl::init("default"), cl::cat(cat));
  cl::opt<std::string> tileirasPath(
      "tileiras",
      cl::desc("NVIDIA's tileiras executable (default: $TILECHECK_TILEIRAS, "
               "PATH, then python3's nvidia-cuda-tileiras wheel)"),
      cl::cat(cat));
  cl::opt<bool> noTileiras(
      "no-tileiras",
      cl::desc("leave tileiras configurations out of the matrix"),
      cl::cat(cat));
  cl::opt<bool> tileirasCoverage(
      "tileiras-coverage",
      cl::desc("record tileiras's remarks and its cubins' resource usage as "
               "coverage points (in --results and -v)"),
      cl::cat(cat));
  cl::opt<unsigned> sampleSize("sample-size",
                               cl::desc("configurations of --matrix sample"),
                               cl::init(8), cl::cat(cat));
  cl::opt<uint64_t> sampleSeed("sample-seed",
                               cl::desc("seed of --matrix sample"), cl::init(1),
                               cl::cat(cat));
  cl::opt<std::string> onlyConfig(
      "only-config",
      cl::desc("check one configuration, e.g. "
               "sm_100,O2,v2=0,strategy=none,scheduler=cost,order=row-major"),
      cl::cat(cat));
  cl::opt<bool> printSignature(
      "print-signature",
      cl::desc("print the signature of the result (\"none\" if it matches); "
               "needs --only-config"),
      cl::cat(cat));
  cl::opt<std::string> findings(
      "findings", cl::desc("store findings in this directory"), cl::cat(cat));
  cl::opt<unsigned> maxExamples("max-examples",
                                cl::desc("examples kept per bucket"),
                                cl::init(3), cl::cat(cat));
  cl::opt<unsigned> jobs("jobs", cl::desc("programs checked in parallel"),
                         cl::init(1), cl::cat(cat));
  cl::opt<unsigned> timeoutMs("timeout-ms",
                              cl::desc("wall-clock limit of one child"),
                              cl::init(20000), cl::cat(cat));
  cl::opt<unsigned> memoryMb("memory-mb",
                             cl::desc("address-space limit of one child"),
                             cl::init(4096), cl::cat(cat));
  cl::opt<std::string> checkpoints(
      "checkpoints",
      cl::desc("interpret after: all passes, none, or a comma-separated list "
               "of pass arguments"),
      cl::init("all"), cl::cat(cat));
  cl::opt<bool> isolateRuns(
      "isolate-runs",
      cl::desc("run every reference and configuration in a child of its own "
               "(by default a program's runs share one child, and only a "
               "program whose child fails is run again that way)"),
      cl::cat(cat));
  cl::opt<bool> noBisect("no-bisect", cl::desc("do not bisect the pass list"),
                         cl::cat(cat));
  cl::opt<bool> bitExact("bit-exact",
                         cl::desc("compare floats bit for bit (no policy)"),
                         cl::cat(cat));
  cl::opt<bool> noShare(
      "no-share",
      cl::desc("run configurations with identical pipelines separately"),
      cl::cat(cat));
  cl::opt<uint64_t> maxSteps("max-steps",
                             cl::desc("interpreter steps before a hang"),
                             cl::init(1ull << 28), cl::cat(cat));
  cl::opt<std::string> reproDir("repro", cl::desc("replay the finding in DIR"),
                                cl::cat(cat));
  cl::opt<std::string> resultsPath(
      "results",
      cl::desc("append one JSON line per checked program to this file "
               "(configurations' outcomes, op kinds, passes that changed the "
               "IR), each written as soon as the program is done"),
      cl::init(""), cl::cat(cat));
  cl::opt<bool> listBuckets(
      "list-buckets",
      cl::desc("print the buckets of the --findings store and exit"),
      cl::cat(cat));
  cl::opt<bool> listExecutors(
      "list-executors",
      cl::desc("print the executors a configuration's compiler= can name "
               "and exit"),
      cl::cat(cat));
  cl::opt<bool> verbose("v", cl::desc("print every configuration's result"),
                        cl::cat(cat));
  cl::HideUnrelatedOptions(cat);
  if (!oracle::parseToolCommandLine(argc, argv,
                                    "tile-diff: differential testing of the "
                                    "tilecheck compiler against the "
                                    "interpreter\n"))
    return kDiffUsage;
  const std::string &input = launch.input;
  const std::string &manifest = launch.manifest;

  auto usage = [&](const Twine &msg) {
    WithColor::error(errs(), "tile-diff") << msg << "\n";
    return kDiffUsage;
  };
  if (!reproDir.empty())
    return repro(reproDir, tileirasPath);
  if (listExecutors) {
    for (const Executor *e : registeredExecutors())
      outs() << left_justify(e->name(), 12) << " " << e->description() << "\n";
    return 0;
  }
  if (listBuckets) {
    if (findings.empty())
      return usage("--list-buckets needs --findings DIR");
    if (!sys::fs::exists(findings))
      return usage("no findings store at '" + findings + "'");
    auto store = FindingsStore::open(findings, maxExamples);
    if (!store) {
      WithColor::error(errs(), "tile-diff")
          << toString(store.takeError()) << "\n";
      return kDiffInternal;
    }
    auto buckets = (*store)->buckets();
    if (!buckets) {
      WithColor::error(errs(), "tile-diff")
          << toString(buckets.takeError()) << "\n";
      return kDiffInternal;
    }
    // count kind signature culprit first-seen last-seen example
    for (const Bucket &b : *buckets)
      outs() << b.count << " " << b.kind << " " << b.signature << " "
             << (b.culprit.empty() ? "?" : b.culprit) << " " << b.firstSeen
             << " " << b.lastSeen << " " << b.exampleDir << "\n";
    outs() << buckets->size() << " buckets\n";
    return kDiffClean;
  }

  unsigned sources = !input.empty() + !manifest.empty() + generate;
  if (sources != 1)
    return usage("give exactly one of FILE.mlir, --manifest M.json or "
                 "--generate");

  EngineOptions options;
  options.limits.timeoutMs = timeoutMs;
  options.limits.memoryMb = memoryMb;
  options.bisect = !noBisect;
  options.batchRuns = !isolateRuns;
  // Many programs in this process (a campaign worker): bind every symbol
  // once, not once per program's batch child.
  if (generate || mutants)
    bindSymbolsAtStartup(argv);
  options.bitExact = bitExact;
  options.maxSteps = maxSteps;
  options.shareIdenticalPipelines = !noShare;
  if (checkpoints == "none") {
    options.checkpointAll = false;
  } else if (checkpoints != "all") {
    options.checkpointAll = false;
    SmallVector<StringRef> names;
    StringRef(checkpoints).split(names, ',', -1, false);
    for (StringRef n : names)
      options.checkpointPasses.push_back(n.trim().str());
  }

  std::vector<Configuration> matrix;
  // tileiras is looked for only when the matrix may hold it (a tile-reduce
  // run of --only-config on tilec never pays for the look-up).
  auto lookForTileiras = [&] {
    setTileiras(options, locateTileiras(tileirasPath));
    return options.tileiras.empty() ? TileirasUse::Missing : TileirasUse::Found;
  };
  if (!onlyConfig.empty()) {
    auto config = parseConfiguration(onlyConfig);
    if (!config)
      return usage(toString(config.takeError()));
    if (config->isTileiras()) {
      if (noTileiras)
        return usage("--only-config names a tileiras configuration and "
                     "--no-tileiras excludes it");
      lookForTileiras();
    }
    matrix.push_back(*config);
  } else {
    std::optional<MatrixKind> kind = parseMatrixKind(matrixName);
    if (!kind)
      return usage("unknown --matrix '" + matrixName +
                   "' (default, full, sample, tileiras, tileiras-targets, "
                   "tileiras-bytecode, simt, gpu)");
    if ((*kind == MatrixKind::Tileiras ||
         *kind == MatrixKind::TileirasTargets ||
         *kind == MatrixKind::TileirasBytecode) &&
        noTileiras)
      return usage("--matrix " + matrixName +
                   " with --no-tileiras checks nothing");
    TileirasUse use = TileirasUse::Exclude;
    if (!noTileiras && *kind != MatrixKind::Sample)
      use = lookForTileiras();
    matrix = makeMatrix(*kind, sampleSeed, sampleSize, use);
  }
  options.tileirasCoverage = tileirasCoverage;
  options.mutants = mutants > 0;
  if (mutants && mutations == 0)
    return usage("--mutations must be at least 1 (a mutant changes the "
                 "program)");
  unsigned tileirasConfigs = llvm::count_if(
      matrix, [](const Configuration &c) { return c.isTileiras(); });
  if (tileirasConfigs && options.tileiras.empty() && !printSignature)
    outs() << "note: " << options.tileirasMissing << "; " << tileirasConfigs
           << " tileiras configurations are skipped\n";
  else if (tileirasConfigs && verbose)
    outs() << "note: tileiras " << options.tileiras << " ("
           << options.tileirasVersion << ")\n";
  if (printSignature && matrix.size() != 1)
    return usage("--print-signature needs --only-config");

  std::unique_ptr<FindingsStore> store;
  if (!findings.empty()) {
    auto opened = FindingsStore::open(findings, maxExamples);
    if (!opened) {
      WithColor::error(errs(), "tile-diff")
          << toString(opened.takeError()) << "\n";
      return kDiffInternal;
    }
    store = std::move(*opened);
  }

  std::unique_ptr<raw_fd_ostream> resultsOs;
  if (!resultsPath.empty()) {
    std::error_code ec;
    resultsOs =
        std::make_unique<raw_fd_ostream>(resultsPath, ec, sys::fs::OF_Append);
    if (ec) {
      WithColor::error(errs(), "tile-diff")
          << "cannot open '" << resultsPath << "': " << ec.message() << "\n";
      return kDiffInternal;
    }
  }

  unsigned checked = 0, numFindings = 0, rejections = 0, errorsSeen = 0,
           skipped = 0;
  std::set<std::string> buckets;
  // Why configurations were skipped, by reason (the first few are printed).
  std::map<std::string, unsigned> skipReasons;
  std::string printedSignature;
  // A program one of whose findings the store could not record gets no
  // line: a campaign checks it again instead of believing it recorded.
  bool storeFailed = false, anyStoreFailed = false;
  auto writeResultsLine = [&](const TestCase &program,
                              const ProgramReport &report) {
    if (!resultsOs || storeFailed)
      return;
    *resultsOs << resultsLine(program, report) << "\n";
    resultsOs->flush();
  };
  auto onReport = [&](const TestCase &program, ProgramReport report) {
    // A program that could not be checked is never counted as checked.
    if (report.error) {
      writeResultsLine(program, report);
      ++errorsSeen;
      WithColor::error(errs(), "tile-diff")
          << program.name << ": could not be checked: " << *report.error
          << "\n";
      printedSignature = "error";
      return;
    }
    ++checked;
    for (const ConfigResult &r : report.results) {
      if (printSignature)
        printedSignature = countsAsFinding(r.kind) ? r.signature.hash : "none";
      if (r.kind == FindingKind::Skipped) {
        ++skipped;
        ++skipReasons[r.detail];
        if (verbose)
          outs() << "  skipped " << program.name << " [" << r.config.str()
                 << "]: " << r.detail << "\n";
        continue;
      }
      auto printCoverage = [&] {
        if (verbose)
          for (const std::string &point : r.coverage)
            outs() << "    coverage " << point << "\n";
      };
      if (r.kind == FindingKind::UnsupportedTarget) {
        ++rejections;
        if (verbose)
          outs() << "  expected rejection " << program.name << " ["
                 << r.config.str() << "]: " << r.detail << "\n";
        printCoverage();
        continue;
      }
      if (!countsAsFinding(r.kind)) {
        if (verbose)
          outs() << "  ok " << program.name << " [" << r.config.str() << "] "
                 << (r.interpretations || r.detail.empty()
                         ? std::to_string(r.interpretations) +
                               " interpretations"
                         : r.detail)
                 << ", " << formatv("{0:f3}s", r.seconds)
                 << (r.seconds == 0 ? " (shared)" : "") << "\n";
        printCoverage();
        continue;
      }
      ++numFindings;
      buckets.insert(r.signature.hash);
      if (printSignature)
        continue;
      outs() << "finding: " << stringify(r.kind) << " " << r.signature.hash
             << " " << program.name << " [" << r.config.str()
             << "] culprit=" << (r.culprit.empty() ? "?" : r.culprit);
      if (!r.culpritMethod.empty())
        outs() << " (" << r.culpritMethod << ")";
      if (!r.opKind.empty())
        outs() << " op=" << r.opKind;
      outs() << ": " << r.detail << "\n";
      if (store) {
        auto recorded = store->record(program, r, options);
        if (!recorded) {
          ++errorsSeen;
          storeFailed = anyStoreFailed = true;
          WithColor::error(errs(), "tile-diff")
              << "cannot record the finding: " << toString(recorded.takeError())
              << "\n";
        } else if (!recorded->dir.empty()) {
          outs() << "  stored in " << recorded->dir << "\n";
        } else {
          outs() << "  known bucket (seen " << recorded->count
                 << " times), not stored again\n";
        }
      }
    }
    outs().flush();
    // After the store: a line names only findings already recorded (a
    // campaign resumes from these lines).
    writeResultsLine(program, report);
    storeFailed = false;
  };

  prepareEngine();
  WorkerPool pool(jobs, matrix, options, onReport);
  // With --mutants a case stands for its mutants: mutant i of a case is
  // drawn from seed mutantSeed + i, named after it and recorded in its
  // manifest (extra "mutant_seed", "mutations").
  unsigned mutantsNotMade = 0;
  // Made in a child: our parser or a verifier dying on a mutant's IR must
  // not take tile-diff with it (it is a bug of ours, and said so).
  auto makeMutant = [&](const TestCase &program,
                        uint64_t m) -> std::optional<std::string> {
    ChildOutcome made = runIsolated(
        [&](int fd) {
          Expected<std::string> text =
              mutateProgram(program.text, m, mutations);
          if (!text) {
            consumeError(text.takeError());
            return 1;
          }
          writeAll(fd, *text);
          return 0;
        },
        options.limits);
    if (made.status == ChildOutcome::Status::Exited && made.exitCode == 0)
      return std::move(made.channel);
    if (made.status != ChildOutcome::Status::Exited || made.exitCode != 1)
      WithColor::warning(errs(), "tile-diff")
          << "making mutant " << m << " of " << program.name
          << " died (our parser or verifier on mutated IR): "
          << StringRef(made.stderrText).split('\n').first << "\n";
    ++mutantsNotMade;
    return std::nullopt;
  };
  auto submit = [&](TestCase program) {
    if (!mutants) {
      pool.submit(std::move(program));
      return;
    }
    for (uint64_t m = mutantSeed; m < mutantSeed + mutants; ++m) {
      std::optional<std::string> text = makeMutant(program, m);
      if (!text)
        continue;
      TestCase mutant = program;
      mutant.text = std::move(*text);
      mutant.name = formatv("{0} mutant {1}", program.name, m).str();
      mutant.extra["mutant_seed"] = static_cast<int64_t>(m);
      mutant.extra["mutations"] = static_cast<int64_t>(mutations);
      pool.submit(std::move(mutant));
    }
  };
  if (generate) {
    auto genPolicy = gen::loadPolicy(policy);
    if (!genPolicy)
      return usage(toString(genPolicy.takeError()));
    if (Error e = genPolicy->validate())
      return usage(toString(std::move(e)));
    // Generated cases go to the engine in memory; a program that does not
    // parse or verify is the reference run's error (a generator bug),
    // reported with the seed like any program that could not be checked.
    for (uint64_t s = seed; s < seed + count; ++s)
      submit(gen::generateProgram(*genPolicy, s));
  } else {
    auto program = oracle::loadLaunch(launch);
    if (!program)
      return usage(toString(program.takeError()));
    submit(std::move(*program));
  }
  pool.finish();
  if (mutantsNotMade)
    outs() << "note: " << mutantsNotMade
           << " mutants could not be made (none of 64 draws verified, or "
              "making one died)\n";

  if (printSignature) {
    outs() << printedSignature << "\n";
    if (errorsSeen)
      return kDiffInternal;
    return numFindings ? kDiffFindings : kDiffClean;
  }
  if (rejections)
    outs() << rejections
           << " expected rejections (unsupported-target), not counted\n";
  if (skipped) {
    // The most frequent reasons first.
    std::vector<std::pair<unsigned, std::string>> reasons;
    for (auto &[reason, n] : skipReasons)
      reasons.push_back({n, reason});
    llvm::sort(reasons, [](const auto &a, const auto &b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    outs() << skipped << " configuration runs skipped, not counted:";
    for (size_t i = 0; i < reasons.size() && i < 3; ++i)
      outs() << (i ? ";" : "") << " " << reasons[i].second << " ("
             << reasons[i].first << ")";
    if (reasons.size() > 3)
      outs() << "; " << reasons.size() - 3 << " more reasons (see -v)";
    outs() << "\n";
  }
  if (errorsSeen)
    outs() << errorsSeen << " programs could not be checked\n";
  outs() << checked << " programs checked, " << numFindings << " findings in "
         << buckets.size() << " buckets\n";
  // A finding that is in no store is lost unless the caller knows.
  if (anyStoreFailed)
    return kDiffInternal;
  if (numFindings)
    return kDiffFindings;
  return errorsSeen ? kDiffInternal : kDiffClean;
}
