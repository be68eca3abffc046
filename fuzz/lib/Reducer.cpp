//===- Reducer.cpp - The reduction driver and the tile-reduce tool --------===//
//
// The driver keeps the best test case so far. For each pass it tries chunks
// of the pass's sites, starting with all of them and halving the chunk size
// down to single sites (the chunking of delta debugging); a chunk whose
// candidate verifies, runs cleanly on the interpreter and stays interesting
// replaces the best case, and the sweep goes on at the same position. The
// pass list repeats until a whole round changes nothing.
//
// The interpreter runs in a forked child so that a crash or a runaway
// allocation of the oracle on a strange candidate costs one candidate, not
// the reduction. Its step budget is a multiple of the original run's steps,
// so a candidate that stops a loop from terminating is rejected quickly.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Fuzz/Reduce.h"
#include "tilecheck/Fuzz/Sanitizers.h"
#include "tilecheck/Support/CommandLine.h"
#include "tilecheck/Support/Error.h"

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"
#include "tilecheck/InitAll.h"
#include "tilecheck/Oracle/Interpreter.h"
#include "tilecheck/Oracle/TileRun.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <fcntl.h>
#include <numeric>
#include <set>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace mlir;
using llvm::StringRef;

namespace tilecheck::reduce {

namespace {

std::string joinPath(StringRef dir, StringRef name) {
  llvm::SmallString<256> p(dir);
  llvm::sys::path::append(p, name);
  return std::string(p);
}

/// The reduction loop over one test case.
class Reducer {
public:
  /// `test` may be null for writeBatch, which asks no test.
  Reducer(TestCase &best, InterestingnessTest *test,
          const ReduceOptions &options)
      : best(best), test(test), options(options),
        start(std::chrono::steady_clock::now()) {}

  llvm::Expected<ReduceStats> run();
  llvm::Expected<std::vector<BatchCandidate>>
  writeBatch(llvm::StringRef outDir, unsigned maxCandidates,
             llvm::ArrayRef<ChosenSites> chosen,
             llvm::ArrayRef<std::vector<std::string>> chains);

private:
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start)
        .count();
  }
  bool outOfTime() const {
    return options.timeLimitSeconds > 0 && elapsed() > options.timeLimitSeconds;
  }
  Candidate makeCandidate(const TestCase &tc) {
    return Candidate{tc, options.workDir,
                     joinPath(options.workDir, "manifest.json"),
                     joinPath(options.workDir, "program.mlir")};
  }
  /// Verifies, writes and checks one candidate, or answers from the cache
  /// of candidates already seen.
  bool tryCandidate(TestCase &cand);
  bool evaluate(TestCase &cand);
  static std::string cacheKey(const TestCase &tc);
  /// Verifies `cand`, writes it to the work directory and runs the
  /// interpreter on it: whether it may be asked the test at all.
  bool admissible(TestCase &cand);
  /// One sweep of `pass` with halving chunks; returns whether it changed
  /// the best case.
  bool runPass(ReductionPass &pass);
  /// Checks the original: it verifies and runs cleanly on the interpreter
  /// (which sets the step budget of candidates); written to the work
  /// directory.
  llvm::Error checkOriginal();
  /// Fills best.observed for a pass that reads it (best effort).
  void observeBest(ReductionPass &pass);

  TestCase &best;
  InterestingnessTest *test;
  const ReduceOptions &options;
  std::chrono::steady_clock::time_point start;
  ReduceStats stats;
  uint64_t maxSteps = 0;
  int originalExit = 0;
  size_t writtenArgs = ~size_t(0);
  llvm::DenseMap<uint64_t, bool> cache;
};

std::string Reducer::cacheKey(const TestCase &tc) {
  std::string key = printProgram(*tc.module);
  key += "\n" + tc.entry + "\n" + tc.config + "\n";
  for (int64_t d : tc.grid)
    key += std::to_string(d) + ",";
  for (const oracle::TestArg &a : tc.args)
    key += "\n" + a.form;
  return key;
}

bool Reducer::tryCandidate(TestCase &cand) {
  // Rounds after the first retry many candidates that failed before (the
  // last round retries all of them): answer those from the cache.
  uint64_t key = llvm::xxh3_64bits(cacheKey(cand));
  auto it = cache.find(key);
  if (it != cache.end()) {
    ++stats.cacheHits;
    return it->second;
  }
  bool result = evaluate(cand);
  cache[key] = result;
  return result;
}

bool Reducer::evaluate(TestCase &cand) {
  ++stats.candidatesTried;
  return admissible(cand) && test->isInteresting(makeCandidate(cand));
}

bool Reducer::admissible(TestCase &cand) {
  {
    ScopedDiagnosticHandler quiet(cand.module->getContext(),
                                  [](Diagnostic &) { return success(); });
    if (failed(verify(*cand.module))) {
      ++stats.rejectedVerifier;
      return false;
    }
  }
  // Argument files change only when an argument is dropped.
  bool argsChanged = cand.args.size() != writtenArgs;
  if (llvm::Error e = writeTestCase(cand, options.workDir, argsChanged)) {
    llvm::consumeError(std::move(e));
    return false;
  }
  writtenArgs = cand.args.size();
  Candidate c = makeCandidate(cand);
  if (!options.skipInterpreterCheck) {
    int code = runInterpreterIsolated(*cand.module->getContext(), c, maxSteps);
    bool clean = code == oracle::kExitOk || code == oracle::kExitAssertFailed ||
                 code == originalExit;
    if (code == oracle::kExitUndefinedBehavior ||
        code == oracle::kExitStepLimit || !clean) {
      ++stats.rejectedInterpreter;
      return false;
    }
  }
  return true;
}

bool Reducer::runPass(ReductionPass &pass) {
  bool changed = false;
  unsigned n = pass.countSites(best);
  unsigned chunk = n;
  while (n > 0 && chunk > 0 && !outOfTime()) {
    chunk = std::min(chunk, n);
    for (unsigned pos = 0; pos < n && !outOfTime();) {
      SmallVector<unsigned> selected;
      for (unsigned i = pos; i < std::min(n, pos + chunk); ++i)
        selected.push_back(i);
      TestCase cand = best.clone();
      if (pass.apply(cand, selected) && tryCandidate(cand)) {
        unsigned before = countOps(*best.module);
        best = std::move(cand);
        ++stats.candidatesAccepted;
        changed = true;
        if (options.log)
          *options.log << llvm::formatv(
              "[{0,6:f1}s] {1}: {2} site(s) at {3}: {4} -> {5} ops\n",
              elapsed(), pass.getName(), selected.size(), pos, before,
              countOps(*best.module));
        // The sites after `pos` moved up (or changed): stay here.
        n = pass.countSites(best);
      } else {
        pos += chunk;
      }
    }
    if (chunk == 1)
      break;
    chunk /= 2;
    n = pass.countSites(best);
  }
  return changed;
}

llvm::Error Reducer::checkOriginal() {
  MLIRContext *ctx = best.module->getContext();
  // The interpreter runs in forked children: no thread pool may exist.
  ctx->disableMultithreading();
  stats.initialOps = countOps(*best.module);
  if (failed(verify(*best.module)))
    return makeError("the original program does not verify");
  if (llvm::Error e = writeTestCase(best, options.workDir))
    return e;
  writtenArgs = best.args.size();
  if (options.skipInterpreterCheck)
    return llvm::Error::success();
  uint64_t steps = 0;
  originalExit =
      runInterpreterIsolated(*ctx, makeCandidate(best), 1ull << 32, &steps);
  if (originalExit != oracle::kExitOk &&
      originalExit != oracle::kExitAssertFailed)
    return makeError(
        "the original does not run cleanly on the interpreter (tile-run "
        "exit " +
        llvm::Twine(originalExit) +
        (originalExit == oracle::kExitUndefinedBehavior
             ? ": undefined behaviour, not a miscompile"
             : "") +
        ")");
  maxSteps = std::max<uint64_t>(10 * steps, 1000000);
  return llvm::Error::success();
}

void Reducer::observeBest(ReductionPass &pass) {
  if (!pass.usesObservedValues() ||
      (best.observed && best.observed->key == observedValuesKey(best)))
    return;
  if (llvm::Error e = observeValues(best, joinPath(options.workDir, "observe"),
                                    maxSteps ? maxSteps : 1ull << 32))
    llvm::consumeError(std::move(e));
}

llvm::Expected<ReduceStats> Reducer::run() {
  if (llvm::Error e = checkOriginal())
    return std::move(e);
  if (llvm::Error e = test->initialize(makeCandidate(best)))
    return std::move(e);

  std::vector<std::unique_ptr<ReductionPass>> passes = getReductionPasses();
  bool progress = true;
  for (unsigned round = 0; progress && round < 100 && !outOfTime(); ++round) {
    progress = false;
    for (auto &pass : passes) {
      if (!options.onlyPasses.empty() &&
          !llvm::is_contained(options.onlyPasses, pass->getName().str()))
        continue;
      if (pass->changesConfigurationOnly() && !test->isConfigurationAware())
        continue;
      observeBest(*pass);
      progress |= runPass(*pass);
    }
  }
  stats.finalOps = countOps(*best.module);
  stats.seconds = elapsed();
  if (options.log)
    *options.log << stats.candidatesTried << " candidates evaluated ("
                 << stats.rejectedVerifier << " failed the verifier, "
                 << stats.rejectedInterpreter
                 << " rejected by the interpreter), " << stats.cacheHits
                 << " answered from the cache\n";
  return stats;
}

llvm::Expected<std::vector<BatchCandidate>>
Reducer::writeBatch(StringRef outDir, unsigned maxCandidates,
                    llvm::ArrayRef<ChosenSites> chosen,
                    llvm::ArrayRef<std::vector<std::string>> chains) {
  if (llvm::Error e = checkOriginal())
    return std::move(e);
  std::vector<std::unique_ptr<ReductionPass>> all = getReductionPasses();
  std::vector<BatchCandidate> out;
  llvm::DenseSet<uint64_t> seen{llvm::xxh3_64bits(cacheKey(best))};
  // Writes `cand` when it runs cleanly on the interpreter.
  auto keep = [&](TestCase &cand, std::string pass, unsigned first,
                  unsigned count) -> llvm::Error {
    ++stats.candidatesTried;
    if (!admissible(cand))
      return llvm::Error::success();
    BatchCandidate bc;
    bc.dir = llvm::formatv("c{0:4}", out.size() + 1).str();
    std::replace(bc.dir.begin(), bc.dir.end(), ' ', '0');
    bc.pass = std::move(pass);
    bc.first = first;
    bc.count = count;
    bc.ops = countOps(*cand.module);
    if (llvm::Error e = writeTestCase(cand, joinPath(outDir, bc.dir)))
      return e;
    out.push_back(std::move(bc));
    return llvm::Error::success();
  };
  // Writes `pass` applied at `selected` when it verifies, is new and runs
  // cleanly on the interpreter.
  auto write = [&](ReductionPass &pass,
                   ArrayRef<unsigned> selected) -> llvm::Error {
    TestCase cand = best.clone();
    if (!pass.apply(cand, selected) ||
        !seen.insert(llvm::xxh3_64bits(cacheKey(cand))).second)
      return llvm::Error::success();
    return keep(cand, pass.getName().str(),
                selected.empty() ? 0 : selected.front(), selected.size());
  };
  for (const ChosenSites &c : chosen) {
    auto it =
        llvm::find_if(all, [&](auto &p) { return p->getName() == c.pass; });
    if (it == all.end())
      return makeError("no reduction named '" + c.pass + "'");
    observeBest(**it);
    unsigned n = (*it)->countSites(best);
    SmallVector<unsigned> selected(c.sites.begin(), c.sites.end());
    llvm::sort(selected);
    selected.erase(std::unique(selected.begin(), selected.end()),
                   selected.end());
    if (!selected.empty() && selected.back() >= n)
      return makeError(llvm::formatv("{0} has {1} sites here, not {2}", c.pass,
                                     n, selected.back() + 1)
                           .str());
    if (llvm::Error e = write(**it, selected))
      return std::move(e);
  }
  for (std::vector<std::string> names : chains) {
    // Each pass at all of its sites, counted anew after the one before:
    // changes that each kept the bug, made together. Passes that read the
    // observed values go first, while the case is the one observed.
    for (const std::string &name : names)
      if (llvm::none_of(all, [&](auto &p) { return p->getName() == name; }))
        return makeError("no reduction named '" + name + "'");
    std::stable_partition(names.begin(), names.end(), [&](StringRef name) {
      return llvm::any_of(all, [&](auto &p) {
        return p->getName() == name && p->usesObservedValues();
      });
    });
    TestCase cand = best.clone();
    std::string applied;
    for (const std::string &name : names) {
      auto it =
          llvm::find_if(all, [&](auto &p) { return p->getName() == name; });
      // Observed values belong to the unchanged case only.
      if ((*it)->usesObservedValues() && !applied.empty())
        continue;
      observeBest(**it);
      if ((*it)->usesObservedValues())
        cand.observed = best.observed;
      unsigned n = (*it)->countSites(cand);
      if (n == 0)
        continue;
      TestCase next = cand.clone();
      SmallVector<unsigned> selected(n);
      std::iota(selected.begin(), selected.end(), 0u);
      if (!(*it)->apply(next, selected))
        continue;
      cand = std::move(next);
      applied += (applied.empty() ? "" : "+") + name;
    }
    if (applied.empty() ||
        !seen.insert(llvm::xxh3_64bits(cacheKey(cand))).second)
      continue;
    if (llvm::Error e = keep(cand, "chain:" + applied, 0, 0))
      return std::move(e);
  }
  if (!chosen.empty() || !chains.empty())
    return out;
  // The configuration is the test's, fixed for the batch: passes that
  // change only the configuration have nothing to offer.
  std::vector<ReductionPass *> passes;
  std::vector<unsigned> sites;
  for (auto &pass : all) {
    if (pass->changesConfigurationOnly() ||
        (!options.onlyPasses.empty() &&
         !llvm::is_contained(options.onlyPasses, pass->getName().str())))
      continue;
    observeBest(*pass);
    passes.push_back(pass.get());
    sites.push_back(pass->countSites(best));
  }
  // Level L cuts each pass's sites into chunks of n / 2^L (delta
  // debugging's chunks, all levels at once): the biggest changes of every
  // pass come first, so a cap on the batch drops the smallest ones.
  for (unsigned level = 0; level < 32 && out.size() < maxCandidates; ++level) {
    bool anyPass = false;
    for (auto [pass, n] : llvm::zip(passes, sites)) {
      unsigned chunk = n >> level;
      // The level after single sites has nothing new.
      if (chunk == 0 && (level == 0 || (n >> (level - 1)) <= 1))
        continue;
      chunk = std::max(chunk, 1u);
      anyPass = true;
      for (unsigned pos = 0; pos < n && out.size() < maxCandidates;
           pos += chunk) {
        SmallVector<unsigned> selected;
        for (unsigned i = pos; i < std::min(n, pos + chunk); ++i)
          selected.push_back(i);
        if (llvm::Error e = write(*pass, selected))
          return std::move(e);
      }
    }
    if (!anyPass)
      break;
  }
  if (options.log)
    *options.log << out.size() << " candidates written of "
                 << stats.candidatesTried << " made (" << stats.rejectedVerifier
                 << " failed the verifier, " << stats.rejectedInterpreter
                 << " rejected by the interpreter)\n";
  return out;
}

} // namespace

std::string ReduceStats::summary() const {
  double pct = initialOps ? 100.0 * finalOps / initialOps : 0;
  return llvm::formatv("reduced {0} ops to {1} ops ({2:f1}%) in {3:f1} s, {4} "
                       "candidates tried",
                       initialOps, finalOps, pct, seconds, candidatesTried)
      .str();
}

int runInterpreterIsolated(MLIRContext &context, const Candidate &cand,
                           uint64_t maxSteps, uint64_t *steps) {
  // The step count goes back through a pipe.
  int fds[2];
  if (pipe(fds) != 0)
    return oracle::kExitError;
  fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return oracle::kExitError;
  }
  if (pid == 0) {
    close(fds[0]);
    // The interpreter's own reports (and a crash's stack dump) are noise
    // here: the exit code says everything.
    int devNull = open("/dev/null", O_WRONLY);
    if (devNull >= 0) {
      dup2(devNull, 1);
      dup2(devNull, 2);
      close(devNull);
    }
    // Keep a runaway candidate from taking the machine down.
    if (fuzz::canLimitAddressSpace()) {
      struct rlimit mem = {8ull << 30, 8ull << 30};
      setrlimit(RLIMIT_AS, &mem);
    }
    alarm(120);
    oracle::TileRunConfig config;
    int code = oracle::kExitUsage;
    if (llvm::Error e = oracle::loadManifest(cand.manifestPath, config)) {
      llvm::consumeError(std::move(e));
    } else {
      config.run.maxSteps = maxSteps;
      // A candidate whose reduce or scan body stopped being commutative
      // (delete-ops on a body) has no one right result: undefined
      // behaviour, like any other the reductions make.
      config.run.checkCombinerOrder = true;
      std::string sink;
      llvm::raw_string_ostream sinkStream(sink);
      config.run.printStream = &sinkStream;
      config.run.assertStream = &sinkStream;
      ScopedDiagnosticHandler quiet(&context,
                                    [](Diagnostic &) { return success(); });
      oracle::TileRunOutcome out = oracle::runTileProgram(context, config);
      code = out.exitCode;
      uint64_t s = out.steps;
      if (write(fds[1], &s, sizeof(s)) != sizeof(s))
        code = oracle::kExitError;
    }
    close(fds[1]);
    _exit(code);
  }
  close(fds[1]);
  uint64_t s = 0;
  ssize_t got = read(fds[0], &s, sizeof(s));
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (steps && got == sizeof(s))
    *steps = s;
  if (!WIFEXITED(status))
    return oracle::kExitError;
  return WEXITSTATUS(status);
}

namespace {

/// `tile` as a dense constant of `type` (a cuda_tile number tile), or null
/// when the shapes or float formats do not match.
Attribute tileToAttr(const oracle::Tile &tile, Type type) {
  auto tileType = dyn_cast<cuda_tile::TileType>(type);
  if (!tileType)
    return {};
  auto tensor =
      RankedTensorType::get(tileType.getShape(), tileType.getElementType());
  if (tile.size() != tensor.getNumElements())
    return {};
  Type elem = tileType.getElementType();
  if (auto intType = dyn_cast<IntegerType>(elem)) {
    SmallVector<APInt> values;
    for (int64_t i = 0; i < tile.size(); ++i)
      values.push_back(APInt(intType.getWidth(), tile.getUInt(i),
                             /*isSigned=*/false, /*implicitTrunc=*/true));
    return DenseElementsAttr::get(tensor, values);
  }
  if (auto floatType = dyn_cast<FloatType>(elem)) {
    SmallVector<APFloat> values;
    for (int64_t i = 0; i < tile.size(); ++i) {
      APFloat f = tile.getFloat(i);
      if (&f.getSemantics() != &floatType.getFloatSemantics())
        return {};
      values.push_back(f);
    }
    return DenseElementsAttr::get(tensor, values);
  }
  return {};
}

} // namespace

llvm::Error observeValues(TestCase &tc, StringRef dir, uint64_t maxSteps) {
  auto observed = std::make_shared<ObservedValues>();
  observed->key = observedValuesKey(tc);
  // Ops by pre-order position: clones of the case have the same positions.
  llvm::DenseMap<Operation *, unsigned> position;
  tc.module->walk<WalkOrder::PreOrder>(
      [&](Operation *op) { position[op] = position.size(); });
  observed->results.resize(position.size());
  tc.observed = observed;

  if (llvm::Error e = writeTestCase(tc, dir))
    return e;
  oracle::TileRunConfig config;
  if (llvm::Error e =
          oracle::loadManifest(joinPath(dir, "manifest.json"), config))
    return e;
  config.run.maxSteps = maxSteps;
  std::string sink;
  llvm::raw_string_ostream sinkStream(sink);
  config.run.printStream = &sinkStream;
  config.run.assertStream = &sinkStream;
  std::vector<SmallVector<Attribute, 2>> results(position.size());
  config.run.opObserver = [&](oracle::ExecContext &ctx, Operation *op) {
    auto it = position.find(op);
    if (it == position.end() || !results[it->second].empty())
      return; // not ours, or ran before: keep the first values
    SmallVector<Attribute, 2> &slot = results[it->second];
    slot.resize(op->getNumResults());
    for (auto [i, result] : llvm::enumerate(op->getResults()))
      if (const oracle::RtValue *v = ctx.lookup(result); v && v->isTile())
        slot[i] = tileToAttr(v->getTile(), result.getType());
  };
  ScopedDiagnosticHandler quiet(tc.module->getContext(),
                                [](Diagnostic &) { return success(); });
  oracle::TileRunOutcome out = oracle::runTileModule(*tc.module, config);
  // Values from a run that failed may describe a path the program does not
  // take: use none of them.
  if (out.exitCode == oracle::kExitOk ||
      out.exitCode == oracle::kExitAssertFailed)
    observed->results = std::move(results);
  return llvm::Error::success();
}

llvm::Expected<ReduceStats> reduceTestCase(TestCase &tc,
                                           InterestingnessTest &test,
                                           const ReduceOptions &options) {
  if (options.workDir.empty())
    return makeError("no work directory");
  Reducer reducer(tc, &test, options);
  return reducer.run();
}

llvm::Expected<std::vector<BatchCandidate>>
writeCandidateBatch(TestCase &tc, StringRef outDir, unsigned maxCandidates,
                    const ReduceOptions &options,
                    llvm::ArrayRef<ChosenSites> chosen,
                    llvm::ArrayRef<std::vector<std::string>> chains) {
  if (options.workDir.empty())
    return makeError("no work directory");
  TestCase best = tc.clone();
  Reducer reducer(best, nullptr, options);
  return reducer.writeBatch(outDir, maxCandidates, chosen, chains);
}

//===----------------------------------------------------------------------===//
// tile-reduce
//===----------------------------------------------------------------------===//

int tileReduceMain(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  namespace cl = llvm::cl;
  cl::OptionCategory cat("tile-reduce options");
  cl::opt<std::string> input(cl::Positional,
                             cl::desc("<manifest.json | finding dir>"),
                             cl::Required, cl::cat(cat));
  cl::opt<std::string> outDir("o", cl::desc("output directory"), cl::Required,
                              cl::cat(cat));
  cl::opt<std::string> command(
      "test",
      cl::desc("interesting when `sh -c CMD` exits 0 in the candidate's "
               "directory"),
      cl::cat(cat));
  cl::opt<std::string> tileDiff(
      "tile-diff",
      cl::desc("interesting when `PATH --manifest M --only-config C "
               "--print-signature` prints the original's signature"),
      cl::cat(cat));
  cl::list<std::string> tileDiffArgs(
      "tile-diff-arg",
      cl::desc("extra argument for tile-diff (repeatable), e.g. "
               "--tile-diff-arg=--bit-exact"),
      cl::cat(cat));
  cl::opt<std::string> crash(
      "crash",
      cl::desc("interesting when the compiler at PATH (run with the "
               "configuration as flags) fails the same way"),
      cl::cat(cat));
  cl::opt<std::string> config(
      "config",
      cl::desc("the compiler configuration (overrides the manifest's)"),
      cl::cat(cat));
  cl::opt<bool> testUsesConfig(
      "test-uses-config",
      cl::desc("the --test command reads the configuration "
               "($TILE_REDUCE_CONFIG): try shortening it"),
      cl::cat(cat));
  cl::opt<unsigned> timeout("timeout",
                            cl::desc("seconds per interestingness test"),
                            cl::init(60), cl::cat(cat));
  cl::opt<double> timeLimit("time-limit",
                            cl::desc("stop reducing after this many seconds "
                                     "(0: no limit)"),
                            cl::init(0), cl::cat(cat));
  cl::list<std::string> passes(
      "pass", cl::desc("only this reduction (repeatable)"), cl::cat(cat));
  cl::opt<bool> listPasses("list-passes", cl::desc("print the reductions"),
                           cl::cat(cat));
  cl::opt<bool> verbose("v", cl::desc("print every accepted step"),
                        cl::cat(cat));
  cl::opt<bool> candidates(
      "candidates",
      cl::desc("write one round of candidates into the output directory "
               "(a directory each, and candidates.json) instead of reducing: "
               "for a test asked in batches (scripts/gpu_reduce.py)"),
      cl::cat(cat));
  cl::list<std::string> chosenSites(
      "sites",
      cl::desc("PASS:I,J,...: with --candidates, write the candidate that "
               "applies PASS at these sites instead (repeatable: one "
               "candidate each)"),
      cl::cat(cat));
  cl::list<std::string> chainSpecs(
      "chain",
      cl::desc("PASS,PASS,...: with --candidates, write the candidate that "
               "applies each pass at all of its sites, one after the other, "
               "instead (repeatable: one candidate each)"),
      cl::cat(cat));
  cl::opt<unsigned> maxCandidates(
      "max-candidates", cl::desc("candidates of one round (--candidates)"),
      cl::init(150), cl::cat(cat));
  cl::HideUnrelatedOptions(cat);
  if (argc > 1 && StringRef(argv[1]) == "--list-passes") {
    for (auto &p : getReductionPasses())
      llvm::outs() << p->getName() << "\n";
    return 0;
  }
  if (!parseToolCommandLine(
          argc, argv,
          "tile-reduce: shrink a cuda_tile finding while it stays "
          "interesting\n\n"
          "Exactly one of --test, --tile-diff, --crash, --candidates. Exit "
          "codes: 0 "
          "reduced, 1 the original is not interesting or has undefined "
          "behaviour, 2 usage\n"))
    return kUsageExitCode;
  if (listPasses) {
    for (auto &p : getReductionPasses())
      llvm::outs() << p->getName() << "\n";
    return 0;
  }
  int tests =
      !command.empty() + !tileDiff.empty() + !crash.empty() + candidates;
  if (tests != 1) {
    llvm::errs() << "tile-reduce: give exactly one of --test, --tile-diff, "
                    "--crash, --candidates\n";
    return kUsageExitCode;
  }

  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  auto tc = loadTestCase(context, input);
  if (!tc) {
    llvm::errs() << "tile-reduce: " << llvm::toString(tc.takeError()) << "\n";
    return 2;
  }
  if (!config.empty())
    tc->config = config;

  ReduceOptions options;
  llvm::SmallString<256> work;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("tile-reduce", work)) {
    llvm::errs() << "tile-reduce: cannot create a work directory: "
                 << ec.message() << "\n";
    return 2;
  }
  options.workDir = std::string(work);
  options.timeLimitSeconds = timeLimit;
  options.onlyPasses.assign(passes.begin(), passes.end());
  if (verbose)
    options.log = &llvm::errs();

  if (!candidates && (!chosenSites.empty() || !chainSpecs.empty())) {
    llvm::errs() << "tile-reduce: --sites and --chain go with --candidates\n";
    return kUsageExitCode;
  }
  if (candidates) {
    std::set<std::string> known;
    for (auto &p : getReductionPasses())
      known.insert(p->getName().str());
    auto unknown = [&](StringRef spec, StringRef name) {
      if (known.count(name.str()))
        return false;
      llvm::errs() << "tile-reduce: " << spec << ": no reduction named '"
                   << name << "'\n";
      return true;
    };
    std::vector<ChosenSites> chosen;
    for (StringRef spec : chosenSites) {
      auto [pass, list] = spec.split(':');
      if (unknown(spec, pass))
        return kUsageExitCode;
      ChosenSites c{pass.str(), {}};
      SmallVector<StringRef> items;
      list.split(items, ',', -1, false);
      for (StringRef item : items) {
        unsigned site;
        if (item.trim().getAsInteger(10, site)) {
          llvm::errs() << "tile-reduce: --sites=" << spec
                       << ": not a site list (PASS:I,J,...)\n";
          return kUsageExitCode;
        }
        c.sites.push_back(site);
      }
      chosen.push_back(std::move(c));
    }
    std::vector<std::vector<std::string>> chains;
    for (StringRef spec : chainSpecs) {
      SmallVector<StringRef> names;
      spec.split(names, ',', -1, false);
      for (StringRef name : names)
        if (unknown(spec, name))
          return kUsageExitCode;
      chains.emplace_back(names.begin(), names.end());
    }
    auto batch = writeCandidateBatch(*tc, outDir, maxCandidates, options,
                                     chosen, chains);
    llvm::sys::fs::remove_directories(options.workDir);
    if (!batch) {
      llvm::errs() << "tile-reduce: " << llvm::toString(batch.takeError())
                   << "\n";
      return 1;
    }
    llvm::json::Array list;
    for (const BatchCandidate &c : *batch)
      list.push_back(llvm::json::Object{{"dir", c.dir},
                                        {"pass", c.pass},
                                        {"first", c.first},
                                        {"count", c.count},
                                        {"ops", c.ops}});
    llvm::json::Object index{{"ops", countOps(*tc->module)},
                             {"config", tc->config},
                             {"candidates", std::move(list)}};
    // An empty batch is an answer too: nothing left to try.
    std::error_code ec = llvm::sys::fs::create_directories(outDir);
    std::unique_ptr<llvm::raw_fd_ostream> os;
    if (!ec)
      os = std::make_unique<llvm::raw_fd_ostream>(
          joinPath(outDir, "candidates.json"), ec);
    if (ec) {
      llvm::errs() << "tile-reduce: cannot write candidates.json: "
                   << ec.message() << "\n";
      return 2;
    }
    *os << llvm::formatv("{0:2}", llvm::json::Value(std::move(index))) << "\n";
    llvm::outs() << batch->size() << " candidates in " << outDir << "\n";
    return 0;
  }

  std::unique_ptr<InterestingnessTest> test;
  if (!command.empty())
    test = createCommandTest(command, timeout, testUsesConfig);
  else if (!tileDiff.empty())
    test = createSignatureTest(
        tileDiff,
        std::vector<std::string>(tileDiffArgs.begin(), tileDiffArgs.end()),
        timeout);
  else
    test = createCrashTest(crash, timeout);

  auto stats = reduceTestCase(*tc, *test, options);
  llvm::sys::fs::remove_directories(options.workDir);
  if (!stats) {
    llvm::errs() << "tile-reduce: " << llvm::toString(stats.takeError())
                 << "\n";
    return 1;
  }
  if (llvm::Error e = writeTestCase(*tc, outDir)) {
    llvm::errs() << "tile-reduce: " << llvm::toString(std::move(e)) << "\n";
    return 2;
  }
  llvm::outs() << stats->summary() << "\n";
  return 0;
}

} // namespace tilecheck::reduce
