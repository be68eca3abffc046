//===- FuzzTest.cpp - The differential engine -----------------------------===//
//
// Configurations and matrices, signature normalization and stability, child
// isolation (exit codes, crashes, hangs, memory limits), the engine's
// classification of crashing, hanging and out-of-memory configuration
// children (through the test-only TILECHECK_TEST_CHILD_FAULT hook), wrong
// results found by comparing two modules, undefined behaviour in the input,
// and the findings store (atomic directories, dedup into one bucket,
// replay loading).
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Fuzz/Config.h"
#include "tilecheck/Fuzz/Engine.h"
#include "tilecheck/Fuzz/Executor.h"
#include "tilecheck/Fuzz/Findings.h"
#include "tilecheck/Fuzz/Localize.h"
#include "tilecheck/Fuzz/Mutate.h"
#include "tilecheck/Fuzz/Sanitizers.h"
#include "tilecheck/Fuzz/TileDiff.h"
#include "tilecheck/Fuzz/Tileiras.h"
#include "tilecheck/Generators/Generator.h"
#include "tilecheck/Oracle/Npy.h"
#include "tilecheck/Oracle/TileRun.h"
#include "tilecheck/Support/InjectedBugs.h"
#include "tilecheck/Target/NVPTX.h"

#include "EngineInternal.h"
#include "TestSupport.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <fstream>

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <set>
#include <unistd.h>

using namespace tilecheck;
using namespace tilecheck::fuzz;

namespace {

/// out[i] = i + n over 8 i32 elements.
const char *const kAddProgram = R"mlir(
cuda_tile.module @m {
  entry @k(%n: tile<i32>, %out: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %t = make_tensor_view %out, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %p = make_partition_view %t : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %a = iota : tile<8xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<8xi32>
    %v = addi %a, %nb : tile<8xi32>
    %tok = make_token : token
    %t2 = store_view_tko weak %v, %p[%bx] token = %tok : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
)mlir";

std::string replaceOnce(std::string text, llvm::StringRef from,
                        llvm::StringRef to) {
  size_t at = text.find(from.str());
  EXPECT_NE(at, std::string::npos) << from.str();
  if (at != std::string::npos)
    text.replace(at, from.size(), to.str());
  return text;
}

TestCase addCase() {
  TestCase p;
  p.name = "add";
  p.text = kAddProgram;
  p.entry = "k";
  p.grid = {1, 1, 1};
  p.args = {{"5"}, {"zeros:i32:8"}};
  return p;
}

/// addCase() with `op` (a line of the kernel) before its return.
TestCase addCaseWith(const std::string &op) {
  TestCase p = addCase();
  p.text =
      replaceOnce(kAddProgram, "    return\n", "    " + op + "\n    return\n");
  return p;
}

EngineOptions fastOptions() {
  EngineOptions o;
  o.limits.timeoutMs = 20000;
  o.limits.memoryMb = 4096;
  return o;
}

#ifdef TILECHECK_TEST_HOOKS
/// Sets TILECHECK_TEST_CHILD_FAULT for the scope of a test (the variable
/// is read only in test-hook builds; see fuzz/lib/TestHooks.h).
struct FaultScope {
  explicit FaultScope(const char *value) {
    ::setenv("TILECHECK_TEST_CHILD_FAULT", value, 1);
  }
  ~FaultScope() { ::unsetenv("TILECHECK_TEST_CHILD_FAULT"); }
};
#endif

/// addCase() under fastOptions(), with its reference run (which must
/// succeed).
class AddCaseWithReference : public ::testing::Test {
protected:
  void SetUp() override {
    auto run = runReference(program, std::nullopt, options);
    ASSERT_TRUE(static_cast<bool>(run)) << llvm::toString(run.takeError());
    ref = std::move(*run);
  }

#ifdef TILECHECK_TEST_HOOKS
  /// `program` checked under `config` and `opts` with the child fault
  /// `fault`.
  ConfigResult checkWithFault(const char *fault, const Configuration &config,
                              const EngineOptions &opts) {
    FaultScope scope(fault);
    return checkConfiguration(program, *ref, config, opts);
  }
#endif

  TestCase program = addCase();
  EngineOptions options = fastOptions();
  std::optional<Reference> ref;
};

struct TempDir : tilecheck::testing::TempDir {
  TempDir() : tilecheck::testing::TempDir("fuzz-test") {}
};

//===----------------------------------------------------------------------===//
// Configurations
//===----------------------------------------------------------------------===//

TEST(FuzzConfig, DefaultMatrixIsOptLevelsTimesSchedulersPlusPipelining) {
  std::vector<Configuration> m = defaultMatrix();
  ASSERT_EQ(m.size(), 15u);
  EXPECT_EQ(m.front().str(),
            "sm_100,O0,v2=0,strategy=none,scheduler=serial,order=row-major");
  EXPECT_EQ(m[7].str(),
            "sm_100,O3,v2=0,strategy=none,scheduler=cost,order=row-major");
  EXPECT_EQ(m[8].str(), "sm_100,O2,v2=1,strategy=unspecialize,scheduler=cost,"
                        "stages=2,order=row-major");
  EXPECT_EQ(m[9].str(), "sm_100,O3,v2=1,strategy=unspecialize,"
                        "scheduler=cost,stages=4,order=row-major");
  // The pipelined configurations add tileas-unspecialized-pipeline.
  EXPECT_EQ(m[9].compileOptions().unspecializedPipelineNumStages, 4u);
  // Warp specialization: producer and consumer agents under a seeded
  // interleaving, then one agent.
  EXPECT_EQ(m[10].str(), "sm_100,O2,v2=1,strategy=warp-specialize,"
                         "scheduler=cost,reg2reg=0,order=seed:1");
  EXPECT_EQ(m[10].compileOptions().reg2regVecSize, 0u);
  EXPECT_EQ(m[11].str(), "sm_100,O3,v2=1,strategy=warp-specialize,"
                         "scheduler=cost,agents=aus,order=row-major");
  EXPECT_TRUE(m[11].compileOptions().materializeScheduleUseAUS);
  EXPECT_FALSE(m[10].compileOptions().materializeScheduleUseAUS);
  // Layout conversions staged through shared memory (and pipelined), then
  // element by element.
  EXPECT_EQ(m[12].str(), "sm_100,O2,v2=1,strategy=unspecialize,"
                         "scheduler=cost,stages=3,reg2reg=0,order=row-major");
  EXPECT_EQ(m[12].compileOptions().reg2regVecSize, 0u);
  EXPECT_EQ(m[13].str(), "sm_100,O3,v2=0,strategy=none,scheduler=cost,"
                         "reg2reg=4,order=row-major");
  EXPECT_EQ(m[13].compileOptions().reg2regVecSize, 4u);
  EXPECT_EQ(m[7].compileOptions().reg2regVecSize, 16u);
  // Queued loads, the agents under a seeded interleaving.
  EXPECT_EQ(m.back().str(), "sm_100,O2,v2=0,strategy=none,scheduler=cost,"
                            "queues=2,order=seed:2");
  EXPECT_EQ(m.back().compileOptions().queueDepth, 2u);
  EXPECT_EQ(m[7].compileOptions().queueDepth, 0u);
}

// A layout conversion without a feasible plan is the configuration's own
// rejection only when its reg2reg cap excluded the register copy; at the
// default cap, or when the target lists no plan, it is a finding.
TEST(FuzzConfig, ConvertLayoutRejectionsUnderACapAreExpected) {
  using detail::isExpectedTargetRejection;
  const std::string error =
      "p.mlir:3:8: error: failed to query target spec for convert_layout\n";
  EXPECT_TRUE(isExpectedTargetRejection(
      error + "p.mlir:3:8: note: none of the 1 plans listed is feasible with "
              "reg2reg-vec-size=0 and a staging area of 49152 bytes\n"));
  EXPECT_FALSE(isExpectedTargetRejection(
      error + "p.mlir:3:8: note: none of the 3 plans listed is feasible with "
              "reg2reg-vec-size=16 and a staging area of 49152 bytes\n"));
  EXPECT_FALSE(isExpectedTargetRejection(
      error + "p.mlir:3:8: note: the target's catalogue lists no plan for "
              "tensor<4xf32> to tensor<4xf32>\n"));
  // Two failures, only one of them under the cap: a finding.
  EXPECT_FALSE(isExpectedTargetRejection(
      error +
      "p.mlir:3:8: note: none of the 1 plans listed is feasible with "
      "reg2reg-vec-size=0 and a staging area of 49152 bytes\n" +
      error +
      "p.mlir:3:8: note: the target's catalogue lists no plan for "
      "tensor<4xf32> to tensor<4xf32>\n"));
}

TEST(FuzzConfig, Reg2RegRoundTripsAndIsChecked) {
  auto c = parseConfiguration("sm_90,O3,reg2reg=8");
  ASSERT_TRUE(static_cast<bool>(c)) << llvm::toString(c.takeError());
  EXPECT_EQ(c->reg2reg, 8u);
  EXPECT_EQ(c->str(), "sm_90,O3,v2=0,strategy=none,scheduler=cost,reg2reg=8,"
                      "order=row-major");
  auto again = parseConfiguration(c->str());
  ASSERT_TRUE(static_cast<bool>(again));
  EXPECT_TRUE(*again == *c);
  // The default is not printed, so older texts keep their meaning.
  auto d = parseConfiguration("sm_90,O3,reg2reg=16");
  ASSERT_TRUE(static_cast<bool>(d));
  EXPECT_EQ(d->str(),
            "sm_90,O3,v2=0,strategy=none,scheduler=cost,order=row-major");
  auto bad = parseConfiguration("sm_90,O3,reg2reg=65");
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_NE(llvm::toString(bad.takeError()).find("0..64"), std::string::npos);
  // Below O2 the pass does not run; tileiras has no such option.
  EXPECT_FALSE(static_cast<bool>(parseConfiguration("sm_90,O1,reg2reg=0")));
  EXPECT_FALSE(static_cast<bool>(
      parseConfiguration("compiler=tileiras,sm_100,O3,reg2reg=0")));
  auto simt = parseConfiguration("compiler=simt,sm_80,O3,reg2reg=4");
  ASSERT_TRUE(static_cast<bool>(simt)) << llvm::toString(simt.takeError());
  EXPECT_EQ(simt->compileOptions().reg2regVecSize, 4u);
}

TEST(FuzzConfig, QueuesRoundTripsAndIsChecked) {
  auto c = parseConfiguration("sm_90,O3,queues=3");
  ASSERT_TRUE(static_cast<bool>(c)) << llvm::toString(c.takeError());
  EXPECT_EQ(c->queues, 3u);
  EXPECT_EQ(c->str(), "sm_90,O3,v2=0,strategy=none,scheduler=cost,queues=3,"
                      "order=row-major");
  EXPECT_EQ(c->compileOptions().queueDepth, 3u);
  auto again = parseConfiguration(c->str());
  ASSERT_TRUE(static_cast<bool>(again));
  EXPECT_TRUE(*again == *c);
  // 0 is off and not printed.
  auto off = parseConfiguration("sm_90,O3,queues=0");
  ASSERT_TRUE(static_cast<bool>(off));
  EXPECT_EQ(off->str(),
            "sm_90,O3,v2=0,strategy=none,scheduler=cost,order=row-major");
  auto bad = parseConfiguration("sm_90,O3,queues=9");
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_NE(llvm::toString(bad.takeError()).find("0..8"), std::string::npos);
  // Below O2 the pass does not run; tileiras has no such option.
  EXPECT_FALSE(static_cast<bool>(parseConfiguration("sm_90,O1,queues=2")));
  EXPECT_FALSE(static_cast<bool>(
      parseConfiguration("compiler=tileiras,sm_100,O3,queues=2")));
  auto simt = parseConfiguration("compiler=simt,sm_90,O2,queues=2");
  ASSERT_TRUE(static_cast<bool>(simt)) << llvm::toString(simt.takeError());
  EXPECT_EQ(simt->compileOptions().queueDepth, 2u);
}

/// Sets TILECHECK_PTXAS for a scope (a fake ptxas from a test).
struct PtxasScope {
  explicit PtxasScope(const std::string &path) {
    ::setenv("TILECHECK_PTXAS", path.c_str(), 1);
  }
  ~PtxasScope() { ::unsetenv("TILECHECK_PTXAS"); }
};

/// A fake ptxas: a shell script with `body`.
std::string fakePtxas(const TempDir &dir, const std::string &body) {
  std::string path = (dir.path + "/ptxas").str();
  {
    std::ofstream os(path);
    os << "#!/bin/sh\n" << body << "\n";
  }
  llvm::sys::fs::setPermissions(path, llvm::sys::fs::all_exe |
                                          llvm::sys::fs::owner_read |
                                          llvm::sys::fs::owner_write);
  return path;
}

TEST(FuzzPtxas, AcceptedRejectedCrashedAndNotLowered) {
  TestCase program = addCase();
  auto ref = runReference(program, std::nullopt, fastOptions());
  ASSERT_TRUE(static_cast<bool>(ref)) << llvm::toString(ref.takeError());
  auto config = parseConfiguration("compiler=ptxas,sm_90,O3");
  ASSERT_TRUE(static_cast<bool>(config)) << llvm::toString(config.takeError());
  EXPECT_EQ(config->str(), "compiler=ptxas,sm_90,O3,v2=0,strategy=none,"
                           "scheduler=cost,order=row-major");
  TempDir tmp;
  {
    // ptxas refusing the PTX: a ptxas-rejection with ptxas's first error.
    PtxasScope scope(fakePtxas(
        tmp, "echo \"ptxas /tmp/x.ptx, line 9; error   : Unknown symbol "
             "'bogus'\" >&2\nexit 255"));
    ConfigResult r = checkConfiguration(program, *ref, *config, fastOptions());
    EXPECT_EQ(r.kind, FindingKind::PtxasRejection) << r.detail;
    EXPECT_EQ(r.culprit, "ptxas");
    EXPECT_NE(r.detail.find("Unknown symbol"), std::string::npos) << r.detail;
    EXPECT_TRUE(countsAsFinding(r.kind));
  }
  {
    // ptxas dying on a signal: a crash.
    PtxasScope scope(fakePtxas(tmp, "kill -SEGV $$"));
    ConfigResult r = checkConfiguration(program, *ref, *config, fastOptions());
    EXPECT_EQ(r.kind, FindingKind::Crash) << r.detail;
    EXPECT_EQ(r.culprit, "ptxas");
  }
  if (!tilecheck::target::findPtxas())
    GTEST_SKIP() << "ptxas is not installed: the real-ptxas half needs it";
  ConfigResult ok = checkConfiguration(program, *ref, *config, fastOptions());
  EXPECT_EQ(ok.kind, FindingKind::None) << ok.detail << ok.diagnostics;
  EXPECT_NE(ok.detail.find("ptxas accepted the PTX; k: "), std::string::npos)
      << ok.detail;
  // An op the backend does not lower yet: skipped, not a finding.
  TestCase printing =
      addCaseWith("%pt = print_tko \"%p\", %out : tile<ptr<i32>> -> token");
  ConfigResult skipped =
      checkConfiguration(printing, *ref, *config, fastOptions());
  EXPECT_EQ(skipped.kind, FindingKind::Skipped) << skipped.detail;
  EXPECT_NE(skipped.detail.find("does not lower 'nv_tileas.print_tko'"),
            std::string::npos)
      << skipped.detail;
}

TEST(FuzzSimt, AgreesSkipsAndNamesItsKind) {
  TestCase program = addCase();
  auto ref = runReference(program, std::nullopt, fastOptions());
  ASSERT_TRUE(static_cast<bool>(ref)) << llvm::toString(ref.takeError());
  for (const char *text :
       {"compiler=simt,sm_80,O0", "compiler=simt,sm_100,O3"}) {
    auto config = parseConfiguration(text);
    ASSERT_TRUE(static_cast<bool>(config))
        << llvm::toString(config.takeError());
    ConfigResult r = checkConfiguration(program, *ref, *config, fastOptions());
    EXPECT_EQ(r.kind, FindingKind::None)
        << text << ": " << r.detail << r.diagnostics;
  }
  auto config = parseConfiguration("compiler=simt,sm_90,O2");
  ASSERT_TRUE(static_cast<bool>(config));
  // A block order is not an axis of the SIMT executor.
  EXPECT_FALSE(static_cast<bool>(
      parseConfiguration("compiler=simt,sm_90,O2,order=seed:3")));
  // An op the backend does not lower yet: skipped, not a finding.
  TestCase printing =
      addCaseWith("%pt = print_tko \"%p\", %out : tile<ptr<i32>> -> token");
  ConfigResult skipped =
      checkConfiguration(printing, *ref, *config, fastOptions());
  EXPECT_EQ(skipped.kind, FindingKind::Skipped) << skipped.detail;
  // print_tko: what the kernel prints through vprintf is compared with the
  // interpreter's output.
  TestCase printed = addCaseWith("%pt = print_tko \"n=%d v=%3d\\n\", %n, %v : "
                                 "tile<i32>, tile<8xi32> -> token");
  auto printedRef = runReference(printed, std::nullopt, fastOptions());
  ASSERT_TRUE(static_cast<bool>(printedRef))
      << llvm::toString(printedRef.takeError());
  EXPECT_NE(printedRef->outputs.printed.find("v=[  "), std::string::npos)
      << printedRef->outputs.printed;
  ConfigResult agrees =
      checkConfiguration(printed, *printedRef, *config, fastOptions());
  EXPECT_EQ(agrees.kind, FindingKind::None) << agrees.detail;
  EXPECT_EQ(stringify(FindingKind::UnsupportedInstruction),
            "unsupported-instruction");
  EXPECT_EQ(parseFindingKind("unsupported-instruction"),
            FindingKind::UnsupportedInstruction);
  EXPECT_TRUE(countsAsFinding(FindingKind::UnsupportedInstruction));
}

/// parseConfiguration refuses `text`, saying `why`.
void expectRefused(llvm::StringRef text, llvm::StringRef why) {
  auto c = parseConfiguration(text);
  ASSERT_FALSE(static_cast<bool>(c)) << text.str();
  EXPECT_NE(llvm::toString(c.takeError()).find(why.str()), std::string::npos)
      << text.str();
}

TEST(FuzzConfig, StagesRoundTripAndAreChecked) {
  auto c = parseConfiguration("sm_90,O2,v2=1,strategy=unspecialize,stages=3");
  ASSERT_TRUE(static_cast<bool>(c)) << llvm::toString(c.takeError());
  EXPECT_EQ(c->stages, 3u);
  EXPECT_EQ(c->str(), "sm_90,O2,v2=1,strategy=unspecialize,scheduler=cost,"
                      "stages=3,order=row-major");
  expectRefused("sm_90,O2,stages=9", "1..8");
  // Without unspecialize the count would not print: refused.
  expectRefused("sm_90,O2,stages=3", "unspecialize only");
}

TEST(FuzzConfig, AgentsRoundTripAndAreChecked) {
  auto c = parseConfiguration("sm_90,O3,v2=1,strategy=warp-specialize,"
                              "agents=aus");
  ASSERT_TRUE(static_cast<bool>(c)) << llvm::toString(c.takeError());
  EXPECT_TRUE(c->aus);
  EXPECT_EQ(c->str(), "sm_90,O3,v2=1,strategy=warp-specialize,scheduler=cost,"
                      "agents=aus,order=row-major");
  // AWS is the default and does not print.
  auto aws = parseConfiguration("sm_90,O3,v2=1,strategy=warp-specialize,"
                                "agents=aws");
  ASSERT_TRUE(static_cast<bool>(aws)) << llvm::toString(aws.takeError());
  EXPECT_FALSE(aws->aus);
  EXPECT_EQ(aws->str().find("agents"), std::string::npos);
  expectRefused("sm_90,O2,strategy=warp-specialize,agents=x", "aws or aus");
  expectRefused("sm_90,O2,agents=aus", "warp-specialize only");
  auto tileiras = parseConfiguration("compiler=tileiras,sm_100,O2,agents=aus");
  ASSERT_FALSE(static_cast<bool>(tileiras));
  llvm::consumeError(tileiras.takeError());
}

TEST(FuzzConfig, InterleavingsRoundTripAndAreChecked) {
  auto c = parseConfiguration("sm_100,O2,v2=1,strategy=warp-specialize,"
                              "interleavings=16,order=seed:1");
  ASSERT_TRUE(static_cast<bool>(c)) << llvm::toString(c.takeError());
  EXPECT_EQ(c->interleavings, 16u);
  EXPECT_EQ(c->str(), "sm_100,O2,v2=1,strategy=warp-specialize,"
                      "scheduler=cost,interleavings=16,order=seed:1");
  auto again = parseConfiguration(c->str());
  ASSERT_TRUE(static_cast<bool>(again));
  EXPECT_EQ(*again, *c);
  // Off by default, and then not printed.
  auto off = parseConfiguration("sm_100,O2");
  ASSERT_TRUE(static_cast<bool>(off));
  EXPECT_EQ(off->interleavings, 0u);
  EXPECT_EQ(off->str().find("interleavings"), std::string::npos);
  expectRefused("sm_100,O2,interleavings=0", "1..100000");
  expectRefused("sm_100,O2,interleavings=x", "1..100000");
  // Only tilec configurations interpret checkpoints.
  expectRefused("compiler=simt,sm_90,O2,interleavings=4",
                "tilec configurations only");
}

TEST(FuzzConfig, FullMatrixIsUniqueAndRoundTrips) {
  std::vector<Configuration> m = fullMatrix();
  EXPECT_EQ(m.size(), 3u * 4 * 4 * 3 * 2 * 2);
  std::set<std::string> seen;
  for (const Configuration &c : m) {
    EXPECT_TRUE(seen.insert(c.str()).second) << c.str();
    auto back = parseConfiguration(c.str());
    ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
    EXPECT_EQ(back->str(), c.str());
    auto fromJson = configurationFromJSON(c.toJSON());
    ASSERT_TRUE(static_cast<bool>(fromJson));
    EXPECT_EQ(fromJson->str(), c.str());
  }
}

TEST(FuzzConfig, SampleIsSeededSubset) {
  std::vector<Configuration> a = sampleMatrix(7, 8), b = sampleMatrix(7, 8),
                             c = sampleMatrix(8, 8);
  ASSERT_EQ(a.size(), 8u);
  std::vector<std::string> as, bs, cs;
  for (auto &x : a)
    as.push_back(x.str());
  for (auto &x : b)
    bs.push_back(x.str());
  for (auto &x : c)
    cs.push_back(x.str());
  EXPECT_EQ(as, bs);
  EXPECT_NE(as, cs);
  std::set<std::string> full;
  for (const Configuration &x : fullMatrix())
    full.insert(x.str());
  for (const std::string &s : as)
    EXPECT_TRUE(full.count(s)) << s;
  EXPECT_EQ(std::set<std::string>(as.begin(), as.end()).size(), 8u);
}

TEST(FuzzConfig, ParseRejectsBadFields) {
  EXPECT_FALSE(static_cast<bool>(parseConfiguration("sm_100,O7")));
  EXPECT_FALSE(static_cast<bool>(parseConfiguration("sm_999")));
  EXPECT_FALSE(static_cast<bool>(parseConfiguration("O1,scheduler=fast")));
  EXPECT_FALSE(static_cast<bool>(parseConfiguration("O1,colour=blue")));
  auto c = parseConfiguration("O1,sm_90,order=seed:3");
  ASSERT_TRUE(static_cast<bool>(c));
  EXPECT_EQ(c->str(),
            "sm_90,O1,v2=0,strategy=none,scheduler=cost,order=seed:3");
}

/// A stand-in for a new executor: it "compiles" by turning addi into subi
/// (a wrong compiler) and runs the result through the engine's comparison.
class SubiExecutor final : public Executor {
public:
  static inline int runs = 0;
  SubiExecutor() : Executor("test-subi", "test: addi becomes subi") {}
  std::optional<std::string> sharingKey(const Configuration &) const override {
    return std::string("every configuration");
  }
  ConfigResult check(const TestCase &program, const Reference &,
                     const Configuration &config,
                     const EngineOptions &options) const override {
    ++runs;
    ConfigResult r =
        compareModules(program, program.text,
                       replaceOnce(program.text, "addi", "subi"), options);
    r.config = config;
    return r;
  }
};

TEST(FuzzExecutor, ARegisteredExecutorJoinsTheMatrix) {
  registerExecutor(std::make_unique<SubiExecutor>());
  auto a = parseConfiguration("compiler=test-subi,sm_90,O1");
  ASSERT_TRUE(static_cast<bool>(a)) << llvm::toString(a.takeError());
  EXPECT_EQ(a->str(), "compiler=test-subi,sm_90,O1");
  auto b = parseConfiguration("O2,compiler=test-subi,sm_90");
  ASSERT_TRUE(static_cast<bool>(b)) << llvm::toString(b.takeError());
  std::vector<Configuration> matrix = {*a, *b, Configuration()};
  SubiExecutor::runs = 0;
  // Counted in this process: no batch child.
  EngineOptions options = fastOptions();
  options.batchRuns = false;
  ProgramReport report = checkProgram(addCase(), matrix, options);
  ASSERT_FALSE(report.error.has_value()) << *report.error;
  ASSERT_EQ(report.results.size(), 3u);
  // The executor ran once; its sharing key gave the second its result.
  EXPECT_EQ(SubiExecutor::runs, 1);
  EXPECT_EQ(report.results[0].kind, FindingKind::WrongResult);
  EXPECT_EQ(report.results[1].kind, FindingKind::WrongResult);
  EXPECT_EQ(report.results[1].config.str(), b->str());
  EXPECT_NE(report.results[1].diagnostics.find("result shared"),
            std::string::npos);
  // tilec, in the same matrix, is not affected.
  EXPECT_EQ(report.results[2].kind, FindingKind::None)
      << report.results[2].detail;
  std::vector<std::string> names;
  for (const Executor *e : registeredExecutors())
    names.push_back(e->name().str());
  EXPECT_EQ(names,
            (std::vector<std::string>{"gpu", "gpu-tileiras", "ptxas", "simt",
                                      "test-subi", "tilec", "tileiras"}));
}

/// The distinctive ops behind output `arg` of the program in `file` (a
/// stored finding), as a gpu-tileiras wrong result's bucket names them.
std::string sliceOf(llvm::StringRef file, unsigned arg) {
  auto text = llvm::MemoryBuffer::getFile(
      (llvm::Twine(TILECHECK_FINDINGS_DIR) + "/" + file).str());
  EXPECT_TRUE(static_cast<bool>(text)) << file.str();
  if (!text)
    return "?";
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(
          (*text)->getBuffer(), mlir::ParserConfig(&engineContext()));
  EXPECT_TRUE(module) << file.str();
  if (!module)
    return "?";
  std::string entry;
  module->walk([&](mlir::Operation *op) {
    if (op->getName().getStringRef() == "cuda_tile.entry")
      entry = op->getAttrOfType<mlir::StringAttr>("sym_name").str();
  });
  return outputSliceOps(*module, entry, arg);
}

TEST(FuzzLocalize, OutputSlicesTellTheStoredTileirasBugsApart) {
  // The scan after an mmaf, against the same scan of a loaded tile and the
  // mmaf stored without the scan (the finding's controls).
  const char *scan = "tileiras-13.5.37-wrong-scan-after-mma-sm90/";
  EXPECT_EQ(sliceOf((llvm::Twine(scan) + "scan-after-mma.mlir").str(), 2),
            "mmaf,scan");
  EXPECT_EQ(sliceOf((llvm::Twine(scan) + "scan-of-load.mlir").str(), 2),
            "scan");
  // The batched f64 mmaf's wrong output (arg24): another bucket.
  std::string batched = sliceOf(
      "tileiras-13.5.37-wrong-mma-stored-twice-sm90/generated/program.mlir",
      24);
  EXPECT_NE(batched.find("mmaf"), std::string::npos) << batched;
  EXPECT_NE(batched, "mmaf,scan");
  // An argument that is only loaded from: nothing.
  EXPECT_EQ(sliceOf((llvm::Twine(scan) + "scan-after-mma.mlir").str(), 0), "");
}

TEST(FuzzMutate, MutantsVerifyDifferAndRepeatForASeed) {
  std::set<std::string> distinct;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    llvm::Expected<std::string> a = mutateProgram(kAddProgram, seed, 3);
    ASSERT_TRUE(static_cast<bool>(a)) << llvm::toString(a.takeError());
    llvm::Expected<std::string> b = mutateProgram(kAddProgram, seed, 3);
    ASSERT_TRUE(static_cast<bool>(b)) << llvm::toString(b.takeError());
    EXPECT_EQ(*a, *b) << "seed " << seed;
    // A mutant parses and verifies in the engine's context too.
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(
            *a, mlir::ParserConfig(&engineContext()));
    ASSERT_TRUE(module) << *a;
    EXPECT_TRUE(mlir::succeeded(mlir::verify(*module))) << *a;
    distinct.insert(*a);
  }
  // Changed programs, mostly different from each other.
  EXPECT_GE(distinct.size(), 4u);
  llvm::Expected<std::string> original = mutateProgram(kAddProgram, 1, 0, 4);
  ASSERT_FALSE(static_cast<bool>(original)); // no mutation: no mutant
  EXPECT_NE(llvm::toString(original.takeError()).find("no mutant"),
            std::string::npos);
  llvm::Expected<std::string> bad = mutateProgram("not a program", 1, 3);
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_NE(llvm::toString(bad.takeError()).find("does not parse"),
            std::string::npos);
}

TEST(FuzzEngine, InputFilesAreReadOnceIntoTheCase) {
  TempDir dir;
  llvm::SmallString<256> program(dir.path), npy(dir.path);
  llvm::sys::path::append(program, "add.mlir");
  llvm::sys::path::append(npy, "out.npy");
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(program, ec);
    ASSERT_FALSE(ec);
    os << kAddProgram;
  }
  oracle::NpyArray out;
  out.descr = "<i4";
  out.shape = {8};
  out.data.assign(32, 0xff);
  ASSERT_FALSE(static_cast<bool>(oracle::writeNpy(npy, out)));
  auto c =
      oracle::loadFileCase(program, "@k", {1, 1, 1}, {"5", ("@" + npy).str()});
  ASSERT_TRUE(static_cast<bool>(c)) << llvm::toString(c.takeError());
  ASSERT_EQ(c->args.size(), 2u);
  EXPECT_EQ(c->args[0].data, nullptr);
  ASSERT_NE(c->args[1].data, nullptr);
  EXPECT_EQ(c->args[1].data->data, out.data);
  // Every run of the program takes the input from memory: the file can go.
  ASSERT_FALSE(llvm::sys::fs::remove(npy));
  ProgramReport report = checkProgram(*c, {Configuration()}, fastOptions());
  ASSERT_FALSE(report.error.has_value()) << *report.error;
  ASSERT_EQ(report.results.size(), 1u);
  EXPECT_EQ(report.results[0].kind, FindingKind::None)
      << report.results[0].detail;
  // A hand-built case without the contents: the interpreter reads the
  // file, and says so.
  c->args[1].data = nullptr;
  report = checkProgram(*c, {Configuration()}, fastOptions());
  ASSERT_TRUE(report.error.has_value());
  EXPECT_NE(report.error->find("out.npy"), std::string::npos) << *report.error;
}

TEST(FuzzExecutor, AnUnknownCompilerIsRefusedWithTheKnownOnes) {
  auto c = parseConfiguration("compiler=gcc,O2");
  ASSERT_FALSE(static_cast<bool>(c));
  std::string message = llvm::toString(c.takeError());
  EXPECT_NE(message.find("no executor 'gcc'"), std::string::npos) << message;
  EXPECT_NE(message.find("tilec"), std::string::npos) << message;
  EXPECT_NE(message.find("tileiras"), std::string::npos) << message;
}

TEST(FuzzConfig, CompilerAxisRoundTrips) {
  // A text without a compiler field is tilec, and a tilec configuration
  // prints as before the axis existed (stored findings stay replayable).
  auto old = parseConfiguration(
      "sm_100,O2,v2=0,strategy=none,scheduler=cost,order=row-major");
  ASSERT_TRUE(static_cast<bool>(old));
  EXPECT_EQ(old->compiler, "tilec");
  EXPECT_EQ(old->str(),
            "sm_100,O2,v2=0,strategy=none,scheduler=cost,order=row-major");
  auto explicitTilec = parseConfiguration("compiler=tilec,O2");
  ASSERT_TRUE(static_cast<bool>(explicitTilec));
  EXPECT_EQ(explicitTilec->str(), old->str());

  for (const Configuration &c : tileirasMatrix()) {
    EXPECT_TRUE(c.isTileiras());
    auto back = parseConfiguration(c.str());
    ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
    EXPECT_EQ(back->str(), c.str());
    EXPECT_TRUE(back->isTileiras());
    auto fromJson = configurationFromJSON(c.toJSON());
    ASSERT_TRUE(static_cast<bool>(fromJson));
    EXPECT_EQ(fromJson->str(), c.str());
  }
  auto t = parseConfiguration("O1,compiler=tileiras,sm_90");
  ASSERT_TRUE(static_cast<bool>(t));
  EXPECT_EQ(t->str(), "compiler=tileiras,sm_90,O1");
  EXPECT_EQ(t->tileirasCulprit(), "tileiras-O1");
  // tileiras has no tilec axes, no sm_999, no -O4.
  EXPECT_FALSE(static_cast<bool>(
      parseConfiguration("compiler=tileiras,O1,scheduler=serial")));
  EXPECT_FALSE(static_cast<bool>(parseConfiguration("compiler=tileiras,v2=1")));
  EXPECT_FALSE(
      static_cast<bool>(parseConfiguration("compiler=tileiras,stages=3")));
  EXPECT_FALSE(
      static_cast<bool>(parseConfiguration("compiler=tileiras,sm_999")));
  EXPECT_FALSE(static_cast<bool>(parseConfiguration("compiler=tileiras,O4")));
  EXPECT_FALSE(static_cast<bool>(parseConfiguration("compiler=gcc")));
}

TEST(FuzzConfig, GpuMatrixAndAxes) {
  using U = TileirasUse;
  std::vector<Configuration> m = makeMatrix(MatrixKind::Gpu, 1, 8, U::Found);
  ASSERT_EQ(m.size(), 13u);
  EXPECT_EQ(m[0].str(), "compiler=gpu,sm_90,O0,v2=0,strategy=none,"
                        "scheduler=cost,order=row-major");
  EXPECT_EQ(m[4].str(), "compiler=gpu,sm_90,O3,v2=0,strategy=none,"
                        "scheduler=serial,order=row-major");
  EXPECT_EQ(m[7].str(), "compiler=gpu,sm_90,O3,v2=1,strategy=warp-specialize,"
                        "scheduler=cost,agents=aus,order=row-major");
  EXPECT_EQ(m[8].str(), "compiler=gpu-tileiras,sm_90,O0");
  EXPECT_EQ(m[12].str(), "compiler=simt,sm_90,O3,v2=0,strategy=none,"
                         "scheduler=cost,order=row-major");
  EXPECT_EQ(makeMatrix(MatrixKind::Gpu, 1, 8, U::Exclude).size(), 9u);
  EXPECT_EQ(parseMatrixKind("gpu"), MatrixKind::Gpu);
  for (const Configuration &c : m) {
    auto back = parseConfiguration(c.str());
    ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
    EXPECT_EQ(back->str(), c.str());
  }
  // gpu-tileiras needs tileiras (tile-diff looks for it) and takes only
  // tileiras's axes; gpu runs CTAs in the hardware's order.
  auto t = parseConfiguration("compiler=gpu-tileiras,sm_90,O2");
  ASSERT_TRUE(static_cast<bool>(t));
  EXPECT_TRUE(t->isTileiras());
  EXPECT_EQ(t->tileirasCulprit(), "tileiras-O2");
  EXPECT_FALSE(static_cast<bool>(
      parseConfiguration("compiler=gpu-tileiras,sm_90,scheduler=serial")));
  auto order = parseConfiguration("compiler=gpu,sm_90,O2,order=seed:1");
  ASSERT_FALSE(static_cast<bool>(order));
  EXPECT_EQ(llvm::toString(order.takeError()),
            "configuration 'compiler=gpu,sm_90,O2,order=seed:1': gpu "
            "configurations run CTAs in the hardware's order: no block order");
  auto g = parseConfiguration("compiler=gpu,sm_90,O1");
  ASSERT_TRUE(static_cast<bool>(g));
  EXPECT_FALSE(g->isTileiras());
}

TEST(FuzzConfig, MatricesWithTileiras) {
  auto count = [](const std::vector<Configuration> &m) {
    return llvm::count_if(
        m, [](const Configuration &c) { return c.isTileiras(); });
  };
  using U = TileirasUse;
  std::vector<Configuration> found =
      makeMatrix(MatrixKind::Default, 1, 8, U::Found);
  ASSERT_EQ(found.size(), 25u);
  EXPECT_EQ(found[23].str(), "compiler=tileiras,sm_100,O3");
  EXPECT_EQ(found[24].str(), "compiler=tileiras,sm_100,O3,bytecode=13.1");
  // The backend with ptxas (skipped, said on one line, where ptxas is
  // missing) and on the SIMT executor, on every machine.
  std::vector<Configuration> missing =
      makeMatrix(MatrixKind::Default, 1, 8, U::Missing);
  EXPECT_EQ(missing.size(), 23u);
  EXPECT_EQ(missing[15].str(), "compiler=ptxas,sm_100,O3,v2=0,strategy=none,"
                               "scheduler=cost,order=row-major");
  EXPECT_EQ(missing[16].str(), "compiler=simt,sm_100,O3,v2=0,strategy=none,"
                               "scheduler=cost,order=row-major");
  EXPECT_EQ(makeMatrix(MatrixKind::Default, 1, 8, U::Exclude).back().str(),
            "compiler=simt,sm_90,O2,v2=0,strategy=none,scheduler=cost,"
            "reg2reg=0,queues=2,order=row-major");
  EXPECT_EQ(makeMatrix(MatrixKind::Simt, 1, 8, U::Exclude).size(), 16u);
  EXPECT_EQ(count(makeMatrix(MatrixKind::Full, 1, 8, U::Found)), 12);
  EXPECT_EQ(count(makeMatrix(MatrixKind::Full, 1, 8, U::Missing)), 12);
  EXPECT_EQ(count(makeMatrix(MatrixKind::Full, 1, 8, U::Exclude)), 0);
  EXPECT_EQ(makeMatrix(MatrixKind::Full, 1, 8, U::Exclude).size(), 608u);
  EXPECT_EQ(count(makeMatrix(MatrixKind::Sample, 1, 600, U::Found)), 0);
  EXPECT_EQ(makeMatrix(MatrixKind::Tileiras, 1, 8, U::Found).size(), 4u);
  EXPECT_TRUE(makeMatrix(MatrixKind::Tileiras, 1, 8, U::Exclude).empty());
  std::vector<Configuration> targets =
      makeMatrix(MatrixKind::TileirasTargets, 1, 8, U::Found);
  ASSERT_EQ(targets.size(), 16u);
  EXPECT_EQ(targets.front().str(), "compiler=tileiras,sm_80,O0");
  EXPECT_EQ(targets.back().str(), "compiler=tileiras,sm_120,O3");
  EXPECT_EQ(parseMatrixKind("tileiras-targets"), MatrixKind::TileirasTargets);
  EXPECT_TRUE(
      makeMatrix(MatrixKind::TileirasTargets, 1, 8, U::Exclude).empty());
  std::vector<Configuration> versions =
      makeMatrix(MatrixKind::TileirasBytecode, 1, 8, U::Found);
  ASSERT_EQ(versions.size(), 12u);
  EXPECT_EQ(versions.front().str(),
            "compiler=tileiras,sm_100,O0,bytecode=13.1");
  EXPECT_EQ(versions[4].str(), "compiler=tileiras,sm_100,O0,bytecode=13.2");
  EXPECT_EQ(versions.back().str(), "compiler=tileiras,sm_100,O3");
  EXPECT_EQ(parseMatrixKind("tileiras-bytecode"), MatrixKind::TileirasBytecode);
  EXPECT_TRUE(
      makeMatrix(MatrixKind::TileirasBytecode, 1, 8, U::Exclude).empty());
}

// The bytecode version is a tileiras axis: it round-trips through the text,
// the newest is the default (one text per configuration), and tilec, ptxas,
// SIMT and GPU configurations refuse it.
TEST(FuzzConfig, TileirasBytecodeVersion) {
  auto old = parseConfiguration("compiler=tileiras,sm_100,O1,bytecode=13.2");
  ASSERT_TRUE(static_cast<bool>(old)) << llvm::toString(old.takeError());
  EXPECT_EQ(old->bytecodeVersion, "13.2");
  EXPECT_EQ(old->str(), "compiler=tileiras,sm_100,O1,bytecode=13.2");
  EXPECT_EQ(*parseConfiguration(old->str()), *old);
  auto newest = parseConfiguration("compiler=tileiras,sm_100,O1,bytecode=13.3");
  ASSERT_TRUE(static_cast<bool>(newest));
  EXPECT_EQ(newest->str(), "compiler=tileiras,sm_100,O1");
  auto gpu = parseConfiguration("compiler=gpu-tileiras,sm_90,O0,bytecode=13.1");
  ASSERT_TRUE(static_cast<bool>(gpu));
  EXPECT_EQ(gpu->str(), "compiler=gpu-tileiras,sm_90,O0,bytecode=13.1");
  for (const char *bad :
       {"compiler=tileiras,bytecode=13.0", "compiler=tileiras,bytecode=13.4",
        "compiler=tileiras,bytecode=13.1.2", "compiler=tileiras,bytecode=x"}) {
    expectRefused(bad, "expected a bytecode version 13.1 to 13.3");
  }
  for (const char *other :
       {"sm_100,O2,bytecode=13.1", "sm_100,O2,bytecode=13.3",
        "compiler=ptxas,sm_100,O3,bytecode=13.1",
        "compiler=simt,sm_100,O3,bytecode=13.2",
        "compiler=gpu,sm_90,O3,bytecode=13.1"}) {
    expectRefused(other, "bytecode applies to tileiras configurations only");
  }
  llvm::json::Value j = old->toJSON();
  EXPECT_EQ(j.getAsObject()->getString("bytecode"), "13.2");
  EXPECT_EQ(newest->toJSON().getAsObject()->getString("bytecode"), "13.3");
}

// tileiras's YAML remarks (as 13.5.37 writes them) become coverage points:
// one per (target, pass, name, outcome, reason or instruction), the shape
// only for tensor-core remarks, duplicates merged, sorted.
TEST(FuzzTileiras, RemarkCoveragePoints) {
  const char *yaml = R"(--- !Passed
Pass:            Memory
Name:            RemarkMemoryLoadInstructionSelected
DebugLoc:        { File: '<unknown file>', Line: 0, Column: 0 }
Function:        gemm
Args:
  - RemarkId:    3
  - Remark:      Load instruction selected
  - Instruction: TMA Load instruction
  - Shape:       '[64, 32]'
...
--- !Failure
Pass:            Memory
Name:            RemarkMemoryTmaStoreFailed
DebugLoc:        { File: '<unknown file>', Line: 0, Column: 0 }
Function:        gemm
Args:
  - RemarkId:    4
  - Remark:      Failed to select TMA store instruction
  - Reason:      base pointer not 16-byte aligned
...
--- !Passed
Pass:            Tensor-core
Name:            RemarkTensorCoreMMA
DebugLoc:        { File: '<unknown file>', Line: 0, Column: 0 }
Function:        gemm
Args:
  - RemarkId:    1
  - Remark:      MMA operation successfully optimized to use Tensor Cores
  - Instruction: Tensor-core SM90
  - Shape:       '[64, 128, 16]'
...
--- !Missed
Pass:            Memory
Name:            RemarkTensorViewIndexTypeNarrowing
DebugLoc:        { File: '<unknown file>', Line: 0, Column: 0 }
Function:        gemm
Args:
  - Remark:      'Could not narrow tensor_view indexing to i32: 34 bits'
...
--- !Passed
Pass:            Memory
Name:            RemarkMemoryLoadInstructionSelected
DebugLoc:        { File: '<unknown file>', Line: 0, Column: 0 }
Function:        gemm
Args:
  - Instruction: TMA Load instruction
  - Shape:       '[32, 32]'
...
)";
  std::string error;
  std::vector<std::string> points = tileirasRemarkPoints(yaml, "sm_90", &error);
  EXPECT_EQ(error, "");
  EXPECT_EQ(points,
            (std::vector<std::string>{
                "sm_90|Memory|RemarkMemoryLoadInstructionSelected|passed|TMA "
                "Load instruction",
                "sm_90|Memory|RemarkMemoryTmaStoreFailed|failed|base pointer "
                "not 16-byte aligned",
                "sm_90|Memory|RemarkTensorViewIndexTypeNarrowing|missed",
                "sm_90|Tensor-core|RemarkTensorCoreMMA|passed|Tensor-core "
                "SM90 [64, 128, 16]"}));
  EXPECT_TRUE(tileirasRemarkPoints("", "sm_90", &error).empty());
  EXPECT_EQ(error, "");
  // A file cut short by a crash keeps the points read before the cut.
  std::string text = yaml;
  std::string cut =
      text.substr(0, text.find("--- !Passed\nPass:            Tensor-core")) +
      "--- !Passed\nPass: [\n";
  std::vector<std::string> partial = tileirasRemarkPoints(cut, "sm_90", &error);
  EXPECT_NE(error, "");
  EXPECT_EQ(partial.size(), 2u);
}

TEST(FuzzTileiras, ResourceUsagePoints) {
  const char *text = "\nResource usage:\n Common:\n  GLOBAL:64 CONSTANT[4]:8\n"
                     " Function kernel:\n  REG:18 STACK:0 SHARED:1040 LOCAL:0 "
                     "CONSTANT[0]:672 TEXTURE:0\n Function helper:\n  REG:70 "
                     "STACK:16 SHARED:0 LOCAL:8 CONSTANT[0]:0\n";
  auto usage = parseResourceUsage(text);
  EXPECT_EQ(usage,
            (std::vector<std::pair<std::string, int64_t>>{
                {"REG", 70}, {"STACK", 16}, {"SHARED", 1040}, {"LOCAL", 8}}));
  EXPECT_EQ(resourcePoints(usage, "sm_80"),
            (std::vector<std::string>{
                "sm_80|resources|REG|<=96", "sm_80|resources|STACK|>0",
                "sm_80|resources|SHARED|<=16384", "sm_80|resources|LOCAL|>0"}));
  EXPECT_EQ(resourcePoints({{"SHARED", 0}, {"REG", 255}}, "sm_90"),
            (std::vector<std::string>{"sm_90|resources|SHARED|0",
                                      "sm_90|resources|REG|>232"}));
}

TEST(FuzzTileiras, Classification) {
  Configuration c = tileirasMatrix()[2];
  EngineOptions options;
  ChildOutcome ok;
  ok.channel = "phase write-bytecode\nphase tileiras\n";
  EXPECT_EQ(classifyTileiras(ok, c, true, options).kind, FindingKind::None);
  EXPECT_EQ(classifyTileiras(ok, c, false, options).kind, FindingKind::Crash);

  ChildOutcome reject = ok;
  reject.exitCode = 1;
  reject.stderrText = "/tmp/a/program.tileirbc:0:0: error: bad op %7\n";
  ConfigResult r = classifyTileiras(reject, c, false, options);
  EXPECT_EQ(r.kind, FindingKind::Rejection);
  EXPECT_EQ(r.signature.text, "rejection|tileiras-O2|bad op %N");
  reject.stderrText = "/tmp/b/x.tileirbc:0:0: error: bad op %12\n";
  EXPECT_EQ(classifyTileiras(reject, c, false, options).signature.hash,
            r.signature.hash);

  ChildOutcome internal = reject;
  internal.stderrText = "LLVM ERROR: broken\n";
  r = classifyTileiras(internal, c, false, options);
  EXPECT_EQ(r.kind, FindingKind::Crash);
  EXPECT_EQ(r.signature.text, "crash|tileiras-O2|exit 1; fatal broken");

  ChildOutcome hang = ok;
  hang.status = ChildOutcome::Status::TimedOut;
  EXPECT_EQ(classifyTileiras(hang, c, false, options).signature.text,
            "hang|tileiras-O2|timeout");

  ChildOutcome sig = ok;
  sig.status = ChildOutcome::Status::Signaled;
  sig.signal = SIGSEGV;
  r = classifyTileiras(sig, c, false, options);
  EXPECT_EQ(r.kind, FindingKind::Crash);
  EXPECT_EQ(r.culprit, "tileiras-O2");

  // Our writer failing is our bug, not tileiras's.
  ChildOutcome writer;
  writer.exitCode = 1;
  writer.channel = "phase write-bytecode\nwriter-error\nerror: cannot encode\n";
  r = classifyTileiras(writer, c, false, options);
  EXPECT_EQ(r.kind, FindingKind::PassFailure);
  EXPECT_EQ(r.culprit, "bytecode-writer");

  ChildOutcome target = reject;
  target.stderrText = "error: 'cuda_tile.mmaf' op is not supported on sm_80\n";
  EXPECT_EQ(classifyTileiras(target, c, false, options).kind,
            FindingKind::UnsupportedTarget);
  EXPECT_FALSE(countsAsFinding(FindingKind::Skipped));
  EXPECT_TRUE(countsAsFinding(FindingKind::Rejection));
}

TEST(FuzzTileiras, MissingToolSkips) {
  Configuration c = tileirasMatrix()[0];
  EngineOptions options;
  options.tileirasMissing = "tileiras not found";
  ConfigResult r = checkTileiras(TestCase(), Reference(), c, options);
  EXPECT_EQ(r.kind, FindingKind::Skipped);
  EXPECT_EQ(r.detail, "tileiras not found");
}

//===----------------------------------------------------------------------===//
// Signatures
//===----------------------------------------------------------------------===//

TEST(FuzzSignature, DiagnosticNormalizationIsStable) {
  std::string a = normalizeDiagnostics(
      "/tmp/run1/program.mlir:12:7: error: 'nv_tileas.dot' op operand %12 "
      "of ^bb3 at 0x7ffe1234 has type tensor<4x8xf32>\n"
      "/tmp/run1/program.mlir:12:7: note: see %c4_i32\n");
  std::string b = normalizeDiagnostics(
      "<input>:3:1: error: 'nv_tileas.dot' op operand %arg3 of ^bb0 at "
      "0xdeadbeef has type tensor<4x8xf32>\n");
  EXPECT_EQ(a, b);
  EXPECT_EQ(a, "'nv_tileas.dot' op operand %N of ^bbN at 0xN has type "
               "tensor<4x8xf32>");
  // A different message is a different bucket.
  EXPECT_NE(a, normalizeDiagnostics("x.mlir:1:1: error: 'nv_tileas.dot' op "
                                    "requires an atom\n"));
  // Paths in the message body are replaced too.
  EXPECT_EQ(normalizeDiagnostics("error: cannot open /home/u/a.npy"),
            normalizeDiagnostics("error: cannot open /tmp/x/b.npy"));
}

TEST(FuzzSignature, RunFailureNormalizationDropsValues) {
  std::string a = normalizeRunFailure(
      "/tmp/a/program.mlir:11:10: undefined behaviour: 'cuda_tile.divi': "
      "divi by zero: 5 / 0 at element 0 (tile block 0,0,0)");
  std::string b = normalizeRunFailure(
      "add:40:3: undefined behaviour: 'cuda_tile.divi': divi by zero: "
      "-17 / 0 at element 12 (tile block 3,1,0)");
  EXPECT_EQ(a, "'cuda_tile.divi': divi by zero");
  EXPECT_EQ(a, b);
  EXPECT_EQ(normalizeRunFailure("k.mlir:2:3: undefined behaviour: "
                                "'cuda_tile.negi': negi overflow<"
                                "no_signed_wrap> violated: -(-128)"),
            "'cuda_tile.negi': negi overflow<no_signed_wrap> violated");
  EXPECT_NE(a, normalizeRunFailure("x:1:1: undefined behaviour: "
                                   "'cuda_tile.remi': remi by zero: 1 % 0"));
}

TEST(FuzzSignature, CrashNormalizationKeepsTopFunctions) {
  const char *trace1 =
      "tile-diff: /build/llvm/include/llvm/Support/Casting.h:566: "
      "decltype(auto) llvm::cast(From *) [To = mlir::ModuleOp]: Assertion "
      "`isa<To>(Val) && \"cast<Ty>() argument of incompatible type!\"' "
      "failed.\n"
      "Stack dump:\n"
      "0.\tProgram arguments: tile-diff x.mlir\n"
      " #0 0x00007f11aa0c1d2b llvm::sys::PrintStackTrace(llvm::raw_ostream&, "
      "int) (/usr/lib/libLLVM.so.22+0xa1d2b)\n"
      " #1 0x00007f11aa0bf3a1 llvm::sys::RunSignalHandlers() "
      "(/usr/lib/libLLVM.so.22+0x9f3a1)\n"
      " #2 0x00007f11aa0c24b0 SignalHandler(int, siginfo_t*, void*) "
      "Signals.cpp:0:0\n"
      " #3 0x00007f11a9c3e050 (/lib/x86_64-linux-gnu/libc.so.6+0x3c050)\n"
      " #4 0x00007f11a9c8cebc __pthread_kill_implementation "
      "./nptl/pthread_kill.c:44:76\n"
      " #5 0x00007f11a9c3dfb2 raise ./signal/../sysdeps/posix/raise.c:27:6\n"
      " #6 0x00007f11a9c28472 abort ./stdlib/abort.c:81:7\n"
      " #7 0x00005581aa10aa10 (anonymous namespace)::LowerDot::"
      "matchAndRewrite(mlir::Operation*) const TileAAToTileAS.cpp:0:0\n"
      " #8 0x00005581aa10bb20 mlir::applyPartialConversion(mlir::Operation*, "
      "...) (/usr/lib/libMLIR.so.22+0x123)\n";
  std::string t2 = trace1;
  // Other addresses, another path: the same bucket.
  for (const char *from :
       {"0x00005581aa10aa10", "0x00007f11a9c28472", "/usr/lib/libMLIR.so.22"})
    t2 = replaceOnce(t2, from,
                     llvm::StringRef(from).starts_with("0x")
                         ? "0x000055aaaaaaaaaa"
                         : "/opt/llvm/lib/libMLIR.so");
  std::string n1 = normalizeCrash(trace1, SIGABRT);
  EXPECT_EQ(n1, normalizeCrash(t2, SIGABRT));
  EXPECT_NE(n1.find("assertion"), std::string::npos) << n1;
  EXPECT_NE(n1.find("at (anonymous namespace)::LowerDot::matchAndRewrite"),
            std::string::npos)
      << n1;
  EXPECT_NE(n1.find("at mlir::applyPartialConversion"), std::string::npos)
      << n1;
  EXPECT_EQ(n1.find("PrintStackTrace"), std::string::npos) << n1;
  EXPECT_EQ(n1.find("abort"), std::string::npos) << n1;
}

TEST(FuzzSignature, BucketHashIsStable) {
  Signature a =
      makeSignature(FindingKind::Crash, "cse", "signal 6",
                    {"cuda_tile.addi", "cuda_tile.return", "cuda_tile.addi"});
  Signature b = makeSignature(FindingKind::Crash, "cse", "signal 6",
                              {"cuda_tile.return", "cuda_tile.addi"});
  EXPECT_EQ(a.text, "crash|cse|signal 6");
  EXPECT_EQ(a.hash, b.hash);
  // FNV-1a 64 is fixed: the bucket names of a store survive rebuilds.
  EXPECT_EQ(stableHash(""), "cbf29ce484222325");
  EXPECT_EQ(stableHash("a"), "af63dc4c8601ec8c");
  EXPECT_EQ(a.hash, stableHash(a.text));
  // The program's op kinds are recorded but do not split buckets.
  EXPECT_EQ(a.hash, makeSignature(FindingKind::Crash, "cse", "signal 6",
                                  {"cuda_tile.muli"})
                        .hash);
  EXPECT_NE(a.hash, makeSignature(FindingKind::Crash, "canonicalize",
                                  "signal 6", {"cuda_tile.addi"})
                        .hash);
  EXPECT_NE(a.hash, makeSignature(FindingKind::Hang, "cse", "signal 6",
                                  {"cuda_tile.addi", "cuda_tile.return"})
                        .hash);
  EXPECT_EQ(a.legacyHash, a.hash);
}

TEST(FuzzSignature, BrokenOpKindSplitsBuckets) {
  Signature divi = makeSignature(FindingKind::WrongResult, "p",
                                 "buffer contents", {}, "nv_tileaa.divi");
  Signature cmpi = makeSignature(FindingKind::WrongResult, "p",
                                 "buffer contents", {}, "nv_tileaa.cmpi");
  Signature none =
      makeSignature(FindingKind::WrongResult, "p", "buffer contents", {});
  EXPECT_EQ(divi.text, "wrong-result|p|op=nv_tileaa.divi|buffer contents");
  EXPECT_EQ(divi.hash, stableHash(divi.text));
  EXPECT_NE(divi.hash, cmpi.hash);
  EXPECT_NE(divi.hash, none.hash);
  // Findings stored before the op kind have the hash without it.
  EXPECT_EQ(divi.legacyHash, none.hash);
  EXPECT_EQ(cmpi.legacyHash, none.hash);
  EXPECT_EQ(none.text, "wrong-result|p|buffer contents");
}

//===----------------------------------------------------------------------===//
// Isolation
//===----------------------------------------------------------------------===//

TEST(FuzzIsolation, ExitCodeAndChannel) {
  Limits limits;
  ChildOutcome o = runIsolated(
      [](int fd) {
        writeAll(fd, "hello");
        return 7;
      },
      limits);
  EXPECT_EQ(o.status, ChildOutcome::Status::Exited);
  EXPECT_EQ(o.exitCode, 7);
  EXPECT_EQ(o.channel, "hello");
}

TEST(FuzzIsolation, ParentSurvivesAbort) {
  Limits limits;
  ChildOutcome o = runIsolated(
      [](int) -> int {
        std::fputs("dying now\n", stderr);
        std::abort();
      },
      limits);
  EXPECT_EQ(o.status, ChildOutcome::Status::Signaled);
  EXPECT_EQ(o.signal, SIGABRT);
  EXPECT_NE(o.stderrText.find("dying now"), std::string::npos);
}

TEST(FuzzIsolation, HangIsKilledAtTheDeadline) {
  Limits limits;
  limits.timeoutMs = 300;
  ChildOutcome o = runIsolated(
      [](int fd) -> int {
        writeAll(fd, "started");
        for (;;)
          ::pause();
      },
      limits);
  EXPECT_EQ(o.status, ChildOutcome::Status::TimedOut);
  EXPECT_EQ(o.channel, "started");
  EXPECT_GE(o.seconds, 0.29);
  EXPECT_LT(o.seconds, 10.0);
}

TEST(FuzzIsolation, AddressSpaceLimit) {
  if (!canLimitAddressSpace())
    GTEST_SKIP() << "ASan reserves its shadow in the address space, so this "
                    "build cannot cap a child's memory (Release runs this)";
  Limits limits;
  limits.memoryMb = 1024;
  ChildOutcome o = runIsolated(
      [](int) {
        std::vector<std::unique_ptr<char[]>> hog;
        for (int i = 0; i < 64; ++i)
          hog.emplace_back(new char[256 << 20]);
        return 0;
      },
      limits);
  EXPECT_EQ(o.status, ChildOutcome::Status::OutOfMemory);
}

//===----------------------------------------------------------------------===//
// Classification
//===----------------------------------------------------------------------===//

#ifdef TILECHECK_TEST_HOOKS
// These tests make a configuration child fail on purpose through the
// test-hook build's TILECHECK_TEST_CHILD_FAULT (fuzz/lib/TestHooks.h); the
// isolation they rely on is tested without hooks above (FuzzIsolation).

using FuzzFaultyChild = AddCaseWithReference;

TEST_F(FuzzFaultyChild, CrashingChildIsAFinding) {
  Configuration config = defaultMatrix()[4]; // O2, serial
  {
    ConfigResult r = checkWithFault("abort", config, options);
    EXPECT_EQ(r.kind, FindingKind::Crash) << r.detail;
    EXPECT_NE(r.detail.find("signal 6"), std::string::npos) << r.detail;
    EXPECT_NE(r.signature.text.find("signal 6"), std::string::npos);
  }
  {
    // Inside a pass: the progress lines name it.
    ConfigResult r =
        checkWithFault("segv@tileaa-assign-atoms", config, options);
    EXPECT_EQ(r.kind, FindingKind::Crash) << r.detail;
    EXPECT_EQ(r.culprit, "tileaa-assign-atoms");
    EXPECT_EQ(r.culpritMethod, "instrumentation");
  }
  {
    // Without checkpoints the engine compiles with driver::compile(); the
    // crash comes before any pass, which the bisection (probing the empty
    // prefix) says.
    FaultScope fault("abort");
    EngineOptions noCheckpoints = options;
    noCheckpoints.checkpointAll = false;
    ConfigResult r = checkConfiguration(program, *ref, config, noCheckpoints);
    EXPECT_EQ(r.kind, FindingKind::Crash) << r.detail;
    EXPECT_EQ(r.culprit, "(no pass)");
    EXPECT_EQ(r.culpritMethod, "bisection");
  }
  // The parent is still here, and a clean child behaves normally.
  ConfigResult clean = checkConfiguration(program, *ref, config, options);
  EXPECT_NE(clean.kind, FindingKind::Crash) << clean.detail;
}

TEST_F(FuzzFaultyChild, HangingChildIsAFinding) {
  options.limits.timeoutMs = 1500;
  FaultScope fault("hang@canonicalize");
  ConfigResult r =
      checkConfiguration(program, *ref, defaultMatrix()[2], options);
  EXPECT_EQ(r.kind, FindingKind::Hang) << r.detail;
  EXPECT_EQ(r.culprit, "canonicalize");
  EXPECT_LT(r.seconds, 10.0);
}

// A run that crashes or hangs inside a batch child ends the child; the
// program is checked again with a child per run, so the finding is what a
// child of its own gives (kind, culprit pass), and it is said that the
// report did not come from the batch.
TEST(FuzzEngine, FailingBatchIsCheckedAgainRunByRun) {
  TestCase program = addCase();
  EngineOptions options = fastOptions();
  // `config` under `fault` gives a finding of `kind` at `culprit`, from a
  // child per run, with a note that says why the batch was not used.
  auto expectRunByRun = [&](const char *fault, const Configuration &config,
                            FindingKind kind, const std::string &culprit,
                            const std::string &note) {
    FaultScope scope(fault);
    ProgramReport report = checkProgram(program, {config}, options);
    EXPECT_FALSE(report.batched) << fault;
    ASSERT_EQ(report.results.size(), 1u) << fault;
    const ConfigResult &r = report.results[0];
    EXPECT_EQ(r.kind, kind) << fault << ": " << r.detail;
    EXPECT_EQ(r.culprit, culprit) << fault;
    EXPECT_NE(r.diagnostics.find(note), std::string::npos) << r.diagnostics;
  };
  expectRunByRun("segv@tileaa-assign-atoms", defaultMatrix()[4],
                 FindingKind::Crash, "tileaa-assign-atoms",
                 "every run was checked again in a child of its own");
  // The batch's timer ended it at the run's deadline (SIGUSR2).
  options.limits.timeoutMs = 1500;
  expectRunByRun("hang@canonicalize", defaultMatrix()[2], FindingKind::Hang,
                 "canonicalize",
                 "batch child was killed by signal " + std::to_string(SIGUSR2));
  // Without a fault the same program comes from the batch.
  ProgramReport clean = checkProgram(program, {defaultMatrix()[4]}, options);
  EXPECT_TRUE(clean.batched);
  EXPECT_EQ(clean.results[0].kind, FindingKind::None)
      << clean.results[0].detail;
}

TEST_F(FuzzFaultyChild, OutOfMemoryChildIsAFinding) {
  if (!canLimitAddressSpace())
    GTEST_SKIP() << "ASan reserves its shadow in the address space, so this "
                    "build cannot cap a child's memory (Release runs this)";
  options.limits.memoryMb = 1536;
  FaultScope fault("oom@convert-cuda-tile-to-tileaa");
  ConfigResult r =
      checkConfiguration(program, *ref, defaultMatrix()[0], options);
  EXPECT_EQ(r.kind, FindingKind::Oom) << r.detail << r.diagnostics;
  EXPECT_EQ(r.culprit, "convert-cuda-tile-to-tileaa");
}

TEST_F(FuzzFaultyChild, InvalidIRIsAVerifierFailureOfThePass) {
  FaultScope fault("invalid@canonicalize");
  ConfigResult r = checkConfiguration(program, *ref, defaultMatrix()[2],
                                      options); // O1
  EXPECT_EQ(r.kind, FindingKind::VerifierFailure) << r.detail << r.diagnostics;
  EXPECT_EQ(r.culprit, "canonicalize");
  EXPECT_EQ(r.culpritMethod, "instrumentation");
  EXPECT_TRUE(countsAsFinding(r.kind));
}

#endif // TILECHECK_TEST_HOOKS

TEST(FuzzEngine, TargetRejectionIsNotAFinding) {
  TestCase program;
  program.name = "scaled";
  program.entry = "k";
  program.args = {{"zeros:f32:16x16"}};
  program.text = R"mlir(
cuda_tile.module @m {
  entry @k(%out: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %t = make_tensor_view %out, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %p = make_partition_view %t : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %a = constant <f8E4M3FN: 1.0> : tile<16x64xf8E4M3FN>
    %b = constant <f8E4M3FN: 2.0> : tile<64x16xf8E4M3FN>
    %c = constant <f32: 0.5> : tile<16x16xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<16x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<2x16xf8E8M0FNU>
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<16x64xf8E4M3FN>, tile<64x16xf8E4M3FN>, tile<16x16xf32>, tile<16x2xf8E8M0FNU>, tile<2x16xf8E8M0FNU>
    %tok = make_token : token
    %t2 = store_view_tko weak %d, %p[%bx, %bx] token = %tok : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
}
)mlir";
  EngineOptions options = fastOptions();
  auto ref = runReference(program, std::nullopt, options);
  ASSERT_TRUE(static_cast<bool>(ref)) << llvm::toString(ref.takeError());
  for (const char *target : {"sm_80", "sm_90"}) {
    auto config = parseConfiguration(std::string(target) + ",O2");
    ASSERT_TRUE(static_cast<bool>(config));
    ConfigResult r = checkConfiguration(program, *ref, *config, options);
    EXPECT_EQ(r.kind, FindingKind::UnsupportedTarget) << r.detail;
    EXPECT_FALSE(countsAsFinding(r.kind));
    EXPECT_NE(r.detail.find("not supported by compute capability"),
              std::string::npos)
        << r.detail;
  }
}

TEST(FuzzEngine, CompareModulesFindsWrongResult) {
  TestCase program = addCase();
  EngineOptions options = fastOptions();
  ConfigResult same =
      compareModules(program, kAddProgram, kAddProgram, options);
  EXPECT_EQ(same.kind, FindingKind::None) << same.detail;

  // A "compiled" module that subtracts instead of adding.
  std::string wrong = replaceOnce(kAddProgram, "addi %a, %nb", "subi %a, %nb");
  ConfigResult r = compareModules(program, kAddProgram, wrong, options);
  ASSERT_EQ(r.kind, FindingKind::WrongResult) << r.detail;
  // out[0] = 0 + 5 expected, 0 - 5 computed; integers compare bit-exactly.
  EXPECT_NE(r.detail.find("arg1"), std::string::npos) << r.detail;
  EXPECT_NE(r.detail.find("first at [0]"), std::string::npos) << r.detail;
  EXPECT_NE(r.detail.find("expected 5"), std::string::npos) << r.detail;
  EXPECT_NE(r.detail.find("got -5"), std::string::npos) << r.detail;
  EXPECT_NE(r.detail.find("bit-exact"), std::string::npos) << r.detail;
  ASSERT_TRUE(r.got.has_value());
  ASSERT_TRUE(r.reference.has_value());

  // Only the last element differs: out[7] = 7 + 5 vs 7 + 5 + 1.
  std::string last = replaceOnce(
      kAddProgram, "%v = addi %a, %nb : tile<8xi32>",
      "%w = addi %a, %nb : tile<8xi32>\n"
      "    %seven = constant <i32: 7> : tile<8xi32>\n"
      "    %m = cmpi equal %a, %seven, signed : tile<8xi32> -> tile<8xi1>\n"
      "    %one = constant <i32: 1> : tile<8xi32>\n"
      "    %w1 = addi %w, %one : tile<8xi32>\n"
      "    %v = select %m, %w1, %w : tile<8xi1>, tile<8xi32>");
  ConfigResult r2 = compareModules(program, kAddProgram, last, options);
  ASSERT_EQ(r2.kind, FindingKind::WrongResult) << r2.detail;
  EXPECT_NE(r2.detail.find("1 of 8 elements differ"), std::string::npos)
      << r2.detail;
  EXPECT_NE(r2.detail.find("first at [7]"), std::string::npos) << r2.detail;
}

// A foreign exp rounding<approx> (ex2.approx(x * log2 e)) may be
// floor(1.173 |x|) ulp further off at the largest |x| the reference gave
// it, on top of the math functions' bound (2 ulp for f32, one per function
// on the chain, plus one): 10 ulp at x = 6, 3 ulp without an approximate
// exp (corpus/regressions/wrong-result-9d97a39ec11f4ca3).
TEST(FuzzCompare, ApproximateExpBoundFollowsItsArgument) {
  using namespace tilecheck::fuzz::detail;
  auto f32Buffer = [](float v) {
    oracle::NpyArray a;
    a.descr = "<f4";
    a.shape = {1};
    a.data.resize(4);
    std::memcpy(a.data.data(), &v, 4);
    return a;
  };
  auto ulpsAway = [](float v, int32_t n) {
    return llvm::bit_cast<float>(llvm::bit_cast<int32_t>(v) + n);
  };
  const float expected = 403.428802f;
  Reference ref;
  ref.outputs.buffers.push_back({0, f32Buffer(expected)});
  ref.bufferTypes = {{0, "f32"}};
  ref.resultClass = "math";
  ref.mathChainDepth = 1;
  EngineOptions options = fastOptions();
  auto verdict = [&](double approxExpArg, int32_t ulps) {
    ref.approxExpArg = approxExpArg;
    RunOutputs got;
    got.buffers.push_back({0, f32Buffer(ulpsAway(expected, ulps))});
    return compareOutputs(ref, got, options, MathImplementation::Foreign);
  };
  EXPECT_EQ(verdict(0, 3).kind, FindingKind::None);
  EXPECT_EQ(verdict(0, 4).kind, FindingKind::WrongResult);
  EXPECT_EQ(verdict(6, 4).kind, FindingKind::None);
  EXPECT_EQ(verdict(6, 10).kind, FindingKind::None);
  Verdict over = verdict(6, 11);
  EXPECT_EQ(over.kind, FindingKind::WrongResult);
  EXPECT_NE(over.detail.find("11 ulp"), std::string::npos) << over.detail;
  // The interpreter's own math has no such slack.
  ref.approxExpArg = 6;
  RunOutputs got;
  got.buffers.push_back({0, f32Buffer(ulpsAway(expected, 4))});
  EXPECT_EQ(compareOutputs(ref, got, options).kind, FindingKind::WrongResult);
}

TEST(FuzzEngine, InputUndefinedBehaviourIsReportedAsSuch) {
  TestCase program = addCase();
  // Division by a zero tile: UB in the input program itself.
  program.text = replaceOnce(kAddProgram, "%v = addi %a, %nb : tile<8xi32>",
                             "%z = constant <i32: 0> : tile<8xi32>\n"
                             "    %v = divi %nb, %z signed : tile<8xi32>");
  ProgramReport report = checkProgram(program, defaultMatrix(), fastOptions());
  ASSERT_FALSE(report.error.has_value()) << *report.error;
  ASSERT_EQ(report.results.size(), 1u);
  const ConfigResult &r = report.results.front();
  EXPECT_EQ(r.kind, FindingKind::InputUB);
  EXPECT_EQ(r.culprit, "input");
  EXPECT_NE(r.detail.find("by zero"), std::string::npos) << r.detail;
  EXPECT_TRUE(countsAsFinding(r.kind));
  EXPECT_EQ(r.signature.text.rfind("input-ub|input|", 0), 0u)
      << r.signature.text;
}

// runIsolated inside a batch child (InlineRunsScope): the body runs in the
// batch child's process, its channel and stderr come back as from a child
// of its own and stderr is the batch child's again afterwards; a run past
// its deadline ends the batch child (SIGUSR2), and so does one past its
// memory limit.
TEST(FuzzIsolation, RunsInsideABatchChild) {
  Limits batch;
  batch.memoryMb = 0;
  batch.timeoutMs = 60000;
  ChildOutcome ok = runIsolated(
      [](int fd) {
        InlineRunsScope scope;
        Limits run;
        run.timeoutMs = 5000;
        pid_t self = ::getpid();
        ChildOutcome inner = runIsolated(
            [&](int innerFd) {
              writeAll(innerFd, "phase inline\n");
              writeAll(2, "to the run's stderr\n");
              return ::getpid() == self ? 7 : 8;
            },
            run);
        writeAll(2, "to the batch's stderr\n");
        writeAll(fd, inner.channel + "|" + inner.stderrText + "|" +
                         std::to_string(inner.exitCode));
        return 0;
      },
      batch);
  EXPECT_EQ(ok.status, ChildOutcome::Status::Exited);
  EXPECT_EQ(ok.channel, "phase inline\n|to the run's stderr\n|7");
  EXPECT_EQ(ok.stderrText, "to the batch's stderr\n");

  // A batch child whose one run is `body` under `run`.
  auto batchOfOne = [&](llvm::function_ref<int(int)> body, Limits run) {
    return runIsolated(
        [&](int) {
          InlineRunsScope scope;
          runIsolated(body, run);
          return 0;
        },
        batch);
  };
  Limits shortRun;
  shortRun.timeoutMs = 300;
  ChildOutcome hung = batchOfOne(
      [](int) {
        for (;;)
          ::pause();
        return 0;
      },
      shortRun);
  EXPECT_EQ(hung.status, ChildOutcome::Status::Signaled);
  EXPECT_EQ(hung.signal, SIGUSR2);
  EXPECT_LT(hung.seconds, 30.0);

  if (!canLimitAddressSpace())
    return; // ASan reserves its shadow in the address space
  Limits smallRun;
  smallRun.memoryMb = 256;
  ChildOutcome big = batchOfOne(
      [](int) {
        std::vector<std::unique_ptr<char[]>> blocks;
        for (;;) {
          blocks.push_back(std::make_unique<char[]>(64 << 20));
          std::memset(blocks.back().get(), 1, 64 << 20);
        }
        return 0;
      },
      smallRun);
  EXPECT_EQ(big.status, ChildOutcome::Status::OutOfMemory);
}

/// A report as JSON without what differs between two runs of the same
/// program: the time each run took, and whether it ran in a batch.
std::string comparableReport(ProgramReport report) {
  report.batched = false;
  for (ConfigResult &r : report.results)
    r.seconds = 0;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << reportToJSON(report);
  return text;
}

// A program's runs in one batch child (the default) give the report a child
// per run gives, to the byte.
TEST(FuzzEngine, BatchedProgramsMatchIsolated) {
  auto policy = gen::presetPolicy("full");
  ASSERT_TRUE(static_cast<bool>(policy)) << llvm::toString(policy.takeError());
  for (const TestCase &program :
       {addCase(), gen::generateProgram(*policy, 1)}) {
    EngineOptions batched = fastOptions(), isolated = fastOptions();
    isolated.batchRuns = false;
    ProgramReport a = checkProgram(program, defaultMatrix(), batched);
    ProgramReport b = checkProgram(program, defaultMatrix(), isolated);
    EXPECT_TRUE(a.batched) << program.name;
    EXPECT_FALSE(b.batched) << program.name;
    ASSERT_FALSE(a.error.has_value()) << *a.error;
    EXPECT_EQ(a.results.size(), defaultMatrix().size());
    EXPECT_EQ(comparableReport(a), comparableReport(b)) << program.name;
  }
}

TEST(FuzzEngine, UnrunnableReferenceIsAnError) {
  TestCase program = addCase();
  program.args = {{"5"}}; // too few arguments
  ProgramReport report = checkProgram(program, defaultMatrix(), fastOptions());
  ASSERT_TRUE(report.error.has_value());
  EXPECT_TRUE(report.results.empty());
}

TEST(FuzzEngine, PipelinePassesSplitTopLevel) {
  auto passes = pipelinePasses(defaultMatrix()[6]); // O3
  ASSERT_TRUE(static_cast<bool>(passes)) << llvm::toString(passes.takeError());
  ASSERT_GE(passes->size(), 6u);
  // O3 canonicalizes cuda_tile before the conversion.
  EXPECT_EQ(passes->front().rfind("canonicalize{", 0), 0u) << passes->front();
  EXPECT_EQ((*passes)[1], "cuda-tile-lower-early-exits");
  EXPECT_EQ((*passes)[2], "convert-cuda-tile-to-tileaa");
  EXPECT_EQ(passes->back(), "tileas-unroll-register-loops");
  for (const std::string &p : *passes)
    EXPECT_EQ(p.find(','), std::string::npos) << p;
}

#ifdef TILECHECK_TEST_HOOKS
//===----------------------------------------------------------------------===//
// Culprit passes of wrong results (the test-only miscompile hook turns the
// first addi into a subi right after the named pass)
//===----------------------------------------------------------------------===//

using FuzzCulprit = AddCaseWithReference;

TEST_F(FuzzCulprit, CheckpointsNameTheMiscompilingPass) {
  Configuration o2 = defaultMatrix()[4], o3 = defaultMatrix()[6];
  // `options` with `pass` its only checkpoint.
  auto checkpointOnly = [&](const char *pass) {
    EngineOptions only = options;
    only.checkpointAll = false;
    only.checkpointPasses = {pass};
    return only;
  };
  {
    ConfigResult r =
        checkWithFault("miscompile@convert-tileaa-to-tileas", o2, options);
    ASSERT_EQ(r.kind, FindingKind::WrongResult) << r.detail;
    EXPECT_EQ(r.culprit, "convert-tileaa-to-tileas");
    EXPECT_EQ(r.culpritMethod, "checkpoint");
    EXPECT_NE(r.detail.find("expected 5, got -5"), std::string::npos)
        << r.detail;
    ASSERT_TRUE(r.got.has_value());
    // The value that changed first across the pass is the broken addi's,
    // named as before the pass.
    EXPECT_EQ(r.opKind, "nv_tileaa.addi");
    EXPECT_EQ(r.signature.text,
              "wrong-result|convert-tileaa-to-tileas|op=nv_tileaa.addi|buffer "
              "contents");
    EXPECT_EQ(r.signature.legacyHash,
              stableHash("wrong-result|convert-tileaa-to-tileas|buffer "
                         "contents"));
  }
  {
    // Only the last pass is a checkpoint: it brackets the culprit, the
    // bisection inside the bracket names it.
    ConfigResult r = checkWithFault("miscompile@tileaa-assign-atoms", o3,
                                    checkpointOnly("tilec-pipeline-config"));
    ASSERT_EQ(r.kind, FindingKind::WrongResult) << r.detail;
    EXPECT_EQ(r.culprit, "tileaa-assign-atoms");
    EXPECT_EQ(r.culpritMethod, "checkpoint+bisection");
    // No localization inside a bracket: the signature is as before.
    EXPECT_EQ(r.opKind, "");
    EXPECT_EQ(r.signature.hash, r.signature.legacyHash);
  }
  {
    // The only checkpoint comes before the miscompile: the end result alone
    // disagrees and the bisection over the whole pass list finds the pass.
    ConfigResult r = checkWithFault(
        "miscompile@cse", o2, checkpointOnly("convert-cuda-tile-to-tileaa"));
    ASSERT_EQ(r.kind, FindingKind::WrongResult) << r.detail;
    EXPECT_EQ(r.culprit, "cse");
    EXPECT_EQ(r.culpritMethod, "bisection");
  }
}

TEST_F(FuzzCulprit, StoredWrongResultReplays) {
  TempDir tmp;
  auto store = FindingsStore::open(tmp.path);
  ASSERT_TRUE(static_cast<bool>(store));
  std::string dir;
  {
    FaultScope fault("miscompile@canonicalize");
    ProgramReport report = checkProgram(program, defaultMatrix(), options);
    ASSERT_FALSE(report.error.has_value());
    unsigned wrong = 0;
    for (const ConfigResult &r : report.results) {
      if (r.kind != FindingKind::WrongResult)
        continue;
      ++wrong;
      EXPECT_EQ(r.culprit, "canonicalize");
      auto rec = (*store)->record(program, r, options);
      ASSERT_TRUE(static_cast<bool>(rec));
      if (dir.empty())
        dir = rec->dir;
    }
    // O1..O3 run canonicalize, O0 does not: six configurations of the
    // opt-level x scheduler grid, the two pipelined, the two
    // warp-specialized, the two layout-conversion (reg2reg) ones and the
    // queued one.
    EXPECT_EQ(wrong, 13u);
    auto buckets = (*store)->buckets();
    ASSERT_TRUE(static_cast<bool>(buckets));
    ASSERT_EQ(buckets->size(), 1u);
    EXPECT_EQ((*buckets)[0].count, 13);
  }
  for (const char *file :
       {"reference/arg1.npy", "got/arg1.npy", "compiled.mlir"}) {
    llvm::SmallString<256> p(dir);
    llvm::sys::path::append(p, file);
    EXPECT_TRUE(llvm::sys::fs::exists(p)) << file;
  }
  auto finding = loadFinding(dir);
  ASSERT_TRUE(static_cast<bool>(finding))
      << llvm::toString(finding.takeError());
  {
    FaultScope fault("miscompile@canonicalize");
    auto again = replayFinding(*finding);
    ASSERT_TRUE(static_cast<bool>(again));
    EXPECT_EQ(again->signature.hash, finding->signature);
  }
  auto fixed = replayFinding(*finding);
  ASSERT_TRUE(static_cast<bool>(fixed));
  EXPECT_EQ(fixed->kind, FindingKind::None);
}

#else // !TILECHECK_TEST_HOOKS

//===----------------------------------------------------------------------===//
// A build without test hooks has no fault switch
//===----------------------------------------------------------------------===//

using FuzzTestHooks = AddCaseWithReference;

TEST_F(FuzzTestHooks, ThisBuildIgnoresTheFaultVariables) {
  EXPECT_FALSE(selftest::testHooksCompiledIn());
  ::setenv("TILECHECK_TEST_CHILD_FAULT", "miscompile@canonicalize", 1);
  ::setenv("TILECHECK_INJECT_BUG", "cmpi-signedness", 1);
  for (selftest::InjectedBug bug : selftest::allInjectedBugs())
    EXPECT_FALSE(selftest::isInjected(bug)) << selftest::nameOf(bug).str();
  ConfigResult r =
      checkConfiguration(program, *ref, defaultMatrix()[4], options);
  ::unsetenv("TILECHECK_TEST_CHILD_FAULT");
  ::unsetenv("TILECHECK_INJECT_BUG");
  EXPECT_EQ(r.kind, FindingKind::None) << r.detail;
}

#endif // TILECHECK_TEST_HOOKS

//===----------------------------------------------------------------------===//
// Findings store
//===----------------------------------------------------------------------===//

ConfigResult handMadeFinding() {
  ConfigResult r;
  r.config = defaultMatrix()[5];
  r.kind = FindingKind::WrongResult;
  r.culprit = "canonicalize";
  r.culpritMethod = "checkpoint";
  r.detail = "arg1: 1 of 8 elements differ";
  r.signatureDetail = "buffer contents";
  r.signature =
      makeSignature(r.kind, r.culprit, r.signatureDetail, {"cuda_tile.addi"});
  RunOutputs ref, got;
  oracle::NpyArray a;
  a.descr = "<i4";
  a.shape = {2};
  a.data = {1, 0, 0, 0, 2, 0, 0, 0};
  ref.buffers.push_back({1, a});
  a.data[4] = 3;
  got.buffers.push_back({1, a});
  r.reference = ref;
  r.got = got;
  return r;
}

TEST(FuzzStore, IdenticalFindingsShareOneBucket) {
  TempDir tmp;
  llvm::SmallString<128> dir(tmp.path);
  llvm::sys::path::append(dir, "findings");
  auto store = FindingsStore::open(dir, /*maxExamples=*/1);
  ASSERT_TRUE(static_cast<bool>(store)) << llvm::toString(store.takeError());
  TestCase program = addCase();
  ConfigResult finding = handMadeFinding();
  auto first = (*store)->record(program, finding, fastOptions());
  ASSERT_TRUE(static_cast<bool>(first)) << llvm::toString(first.takeError());
  EXPECT_TRUE(first->newBucket);
  EXPECT_FALSE(first->dir.empty());
  auto second = (*store)->record(program, finding, fastOptions());
  ASSERT_TRUE(static_cast<bool>(second));
  EXPECT_FALSE(second->newBucket);
  EXPECT_TRUE(second->dir.empty()) << "stored twice: " << second->dir;
  EXPECT_EQ(second->count, 2);

  auto buckets = (*store)->buckets();
  ASSERT_TRUE(static_cast<bool>(buckets));
  ASSERT_EQ(buckets->size(), 1u);
  EXPECT_EQ((*buckets)[0].count, 2);
  EXPECT_EQ((*buckets)[0].kind, "wrong-result");
  EXPECT_EQ((*buckets)[0].culprit, "canonicalize");
  EXPECT_EQ((*buckets)[0].signature, finding.signature.hash);
  EXPECT_EQ((*buckets)[0].exampleDir, first->dir);
  EXPECT_FALSE((*buckets)[0].firstSeen.empty());

  // One example directory, the index, and no temporary leftovers.
  std::vector<std::string> names = tilecheck::testing::listDirectory(dir);
  ASSERT_EQ(names.size(), 2u);
  EXPECT_EQ(names[0], "index.sqlite");
  EXPECT_EQ(names[1], "wrong-result-" + finding.signature.hash + "-1");
  for (const char *file : {"program.mlir", "manifest.json", "config.json",
                           "diagnostics.txt", "signature.txt", "culprit.txt",
                           "repro.sh", "reference/arg1.npy", "got/arg1.npy"}) {
    llvm::SmallString<256> p(first->dir);
    llvm::sys::path::append(p, file);
    EXPECT_TRUE(llvm::sys::fs::exists(p)) << file;
  }

  // A different finding is a second bucket; a store with room keeps more
  // examples of a known bucket.
  ConfigResult other = finding;
  other.culprit = "cse";
  other.signature = makeSignature(other.kind, other.culprit,
                                  other.signatureDetail, {"cuda_tile.addi"});
  ASSERT_TRUE(
      static_cast<bool>((*store)->record(program, other, fastOptions())));
  auto after = (*store)->buckets();
  ASSERT_TRUE(static_cast<bool>(after));
  EXPECT_EQ(after->size(), 2u);
}

TEST(FuzzStore, KeepsUpToMaxExamples) {
  TempDir tmp;
  auto store = FindingsStore::open(tmp.path, /*maxExamples=*/2);
  ASSERT_TRUE(static_cast<bool>(store));
  ConfigResult finding = handMadeFinding();
  for (int i = 0; i < 4; ++i)
    ASSERT_TRUE(
        static_cast<bool>((*store)->record(addCase(), finding, fastOptions())));
  auto examples = (*store)->examples(finding.signature.hash);
  ASSERT_TRUE(static_cast<bool>(examples));
  EXPECT_EQ(examples->size(), 2u);
  auto buckets = (*store)->buckets();
  ASSERT_TRUE(static_cast<bool>(buckets));
  ASSERT_EQ(buckets->size(), 1u);
  EXPECT_EQ((*buckets)[0].count, 4);
}

TEST(FuzzStore, FindingDirectoryLoadsBack) {
  TempDir tmp;
  llvm::SmallString<128> dir(tmp.path);
  llvm::sys::path::append(dir, "one");
  ConfigResult finding = handMadeFinding();
  EngineOptions options = fastOptions();
  options.checkpointAll = false;
  options.checkpointPasses = {"cse"};
  options.limits.timeoutMs = 1234;
  ASSERT_FALSE(
      static_cast<bool>(writeFindingDir(dir, addCase(), finding, options)));
  // The rename happened: no .tmp- directory is left beside it.
  for (const std::string &name : tmp.entries())
    EXPECT_EQ(name.rfind(".tmp-", 0), std::string::npos) << name;
  auto loaded = loadFinding(dir);
  ASSERT_TRUE(static_cast<bool>(loaded)) << llvm::toString(loaded.takeError());
  EXPECT_EQ(loaded->config.str(), finding.config.str());
  EXPECT_EQ(loaded->signature, finding.signature.hash);
  EXPECT_EQ(loaded->kind, FindingKind::WrongResult);
  EXPECT_EQ(loaded->program.text, addCase().text);
  EXPECT_EQ(loaded->program.argForms(), addCase().argForms());
  EXPECT_EQ(loaded->program.entry, "k");
  EXPECT_FALSE(loaded->options.checkpointAll);
  EXPECT_EQ(loaded->options.checkpointPasses, std::vector<std::string>{"cse"});
  EXPECT_EQ(loaded->options.limits.timeoutMs, 1234u);
  // Writing onto an existing finding fails and leaves no temporary behind.
  llvm::Error again = writeFindingDir(dir, addCase(), finding, options);
  EXPECT_TRUE(static_cast<bool>(again));
  llvm::consumeError(std::move(again));
  for (const std::string &name : tmp.entries())
    EXPECT_EQ(name.rfind(".tmp-", 0), std::string::npos) << name;
}

} // namespace
