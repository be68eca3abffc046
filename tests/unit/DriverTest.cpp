//===- DriverTest.cpp - the compiler driver library -----------------------===//
//
// compile() never crashes and always explains a failure (RapidCheck over
// random bytes, cut and corrupted text and bytecode); planPipeline() builds
// each tier's pass list deterministically from pass objects, its steps
// print as the whole pipeline does, a prefix is the first steps, and its
// printed form builds the same pipeline again; option names round-trip; the
// line-info snapshot changes nothing; the driver scopes reach their observer.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Driver/Driver.h"
#include "tilecheck/Bytecode/Bytecode.h"
#include "tilecheck/Driver/Passes.h"
#include "tilecheck/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <thread>
#include <vector>

using namespace mlir;
using namespace tilecheck::driver;

namespace {

constexpr const char *kKernel = R"mlir(
cuda_tile.module @m {
  entry @k(%x: !cuda_tile.tile<ptr<f32>>, %n: !cuda_tile.tile<i32>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %t = make_tensor_view %x, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %p = make_partition_view %t : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>
    %v, %tok = load_view_tko weak %p[%bid] : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %w = addf %v, %v rounding<nearest_even> : tile<128xf32>
    %t2 = store_view_tko weak %w, %p[%bid] token = %tok : tile<128xf32>, partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
)mlir";

/// The textual pipeline tests parse pass names: register every pass once.
void ensureConversions() {
  static bool done = [] {
    tilecheck::registerAllPasses();
    return true;
  }();
  (void)done;
}

/// The pass arguments of a printed pipeline, in order: anchors
/// (`name(`) and option blocks (`{...}`) are dropped.
std::vector<std::string> passNames(StringRef text) {
  std::vector<std::string> names;
  std::string current;
  int braces = 0;
  for (char c : text) {
    if (braces) {
      braces += c == '{' ? 1 : c == '}' ? -1 : 0;
      continue;
    }
    if (c == '{') {
      ++braces;
    } else if (c == '(') {
      current.clear(); // an anchor
    } else if (c == ',' || c == ')') {
      if (!current.empty())
        names.push_back(current);
      current.clear();
    } else if (c != ' ') {
      current += c;
    }
  }
  return names;
}

using Names = std::vector<std::string>;

CompileOptions tier(unsigned o, EmitStage emit, bool lineInfo = false) {
  CompileOptions opts;
  opts.optLevel = o;
  opts.emit = emit;
  opts.emitLineInfo = lineInfo;
  return opts;
}

/// kKernel as cuda_tile bytecode ("" when it does not parse or write).
std::string kernelBytecode() {
  DialectRegistry registry;
  tilecheck::registerAllDialects(registry);
  MLIRContext ctx(registry);
  OwningOpRef<ModuleOp> parsed =
      parseSourceString<ModuleOp>(kKernel, ParserConfig(&ctx));
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  if (!parsed || failed(tilecheck::bytecode::writeBytecode(
                     &parsed->getBody()->front(), os)))
    return "";
  return bytes;
}

Names names(const CompileOptions &opts) {
  CompileResult r = describePipeline(opts);
  EXPECT_TRUE(r.ok()) << r.diagnostics;
  return passNames(r.output);
}

//===----------------------------------------------------------------------===//
// Tests
//===----------------------------------------------------------------------===//

TEST(DriverPipeline, TierPassLists) {
  ensureConversions();
  const std::string exits = "cuda-tile-lower-early-exits",
                    aa = "convert-cuda-tile-to-tileaa",
                    atoms = "tileaa-assign-atoms",
                    as = "convert-tileaa-to-tileas", canon = "canonicalize",
                    cse = "cse", config = "tilec-pipeline-config",
                    licm = "loop-invariant-code-motion",
                    prep = "tileas-prepare-for-scheduling",
                    layouts = "tileas-materialize-convert-layout",
                    sched = "tileas-generate-schedule",
                    unroll = "tileas-unroll-register-loops",
                    snap = "tilec-line-info-snapshot";
  for (unsigned o = 0; o <= 3; ++o)
    EXPECT_EQ(names(tier(o, EmitStage::Mlir, true)), Names{});

  // The frontend (O1+) canonicalizes cuda_tile before the mandatory
  // early-exit lowering and conversion.
  const Names front0{exits, aa}, front1{canon, exits, aa, canon},
      front3{canon, exits, aa, canon, cse, canon};
  auto cat = [](Names a, const Names &b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
  };
  EXPECT_EQ(names(tier(0, EmitStage::TileAA)), front0);
  EXPECT_EQ(names(tier(1, EmitStage::TileAA)), front1);
  EXPECT_EQ(names(tier(2, EmitStage::TileAA)), front1);
  EXPECT_EQ(names(tier(3, EmitStage::TileAA)), front3);

  EXPECT_EQ(names(tier(0, EmitStage::TileAS)), cat(front0, {as}));
  EXPECT_EQ(names(tier(1, EmitStage::TileAS)), cat(front1, {as}));
  EXPECT_EQ(names(tier(2, EmitStage::TileAS)),
            cat(front1,
                {atoms, as, cse, canon, layouts, prep, sched, config, unroll}));
  EXPECT_EQ(names(tier(3, EmitStage::TileAS)),
            cat(front3, {atoms, as, cse, canon, canon, cse, licm, layouts, prep,
                         sched, config, unroll}));

  // Line info: no snapshot at O0 (mandatory conversions only), the first at
  // O1+, the second where the TileAS adder runs (O2+).
  EXPECT_EQ(names(tier(0, EmitStage::TileAS, true)), cat(front0, {as}));
  EXPECT_EQ(names(tier(1, EmitStage::TileAS, true)), cat(front1, {snap, as}));
  EXPECT_EQ(names(tier(2, EmitStage::TileAA, true)), cat(front1, {snap}));
  EXPECT_EQ(names(tier(2, EmitStage::TileAS, true)),
            cat(front1, {snap, atoms, as, cse, canon, layouts, prep, sched,
                         config, unroll, snap}));
  EXPECT_EQ(names(tier(3, EmitStage::TileAS, true)),
            cat(front3, {snap, atoms, as, cse, canon, canon, cse, licm, layouts,
                         prep, sched, config, unroll, snap}));
}

TEST(DriverPipeline, UnspecializeNeedsV2AndO2) {
  ensureConversions();
  const std::string pipe = "tileas-unspecialized-pipeline",
                    prep = "tileas-prepare-for-scheduling",
                    sched = "tileas-generate-schedule",
                    config = "tilec-pipeline-config";
  for (unsigned o = 0; o <= 3; ++o)
    for (unsigned v2 = 0; v2 <= 3; ++v2)
      for (PipelineStrategy s :
           {PipelineStrategy::None, PipelineStrategy::Unspecialize,
            PipelineStrategy::WarpSpecialize}) {
        CompileOptions opts = tier(o, EmitStage::TileAS);
        opts.v2OptLevel = v2;
        opts.pipelineStrategy = s;
        opts.unspecializedPipelineNumStages = 3;
        Names passes = names(opts);
        bool want = o >= 2 && v2 >= 1 && s == PipelineStrategy::Unspecialize;
        auto at = std::find(passes.begin(), passes.end(), pipe);
        ASSERT_EQ(at != passes.end(), want)
            << "O" << o << " v2=" << v2 << " "
            << stringifyPipelineStrategy(s).str();
        if (!want)
          continue;
        // Right after the schedule, then seed 001's region shrinker, before
        // the configuration record.
        ASSERT_NE(at, passes.begin());
        EXPECT_EQ(*(at - 1), sched);
        ASSERT_LT(at + 2, passes.end());
        EXPECT_EQ(*(at + 1), "tileas-optimize-pipeline-region");
        EXPECT_EQ(*(at + 2), config);
        CompileResult r = describePipeline(opts);
        ASSERT_TRUE(r.ok()) << r.diagnostics;
        EXPECT_NE(r.output.find(pipe + "{num-stages=3 remarks=false}"),
                  std::string::npos)
            << r.output;
      }
  CompileOptions bad = tier(2, EmitStage::TileAS);
  for (unsigned stages : {0u, 9u}) {
    bad.unspecializedPipelineNumStages = stages;
    std::string message;
    EXPECT_TRUE(failed(validateOptions(bad, message)));
    EXPECT_NE(message.find("out of range (1..8)"), std::string::npos)
        << message;
  }
}

TEST(DriverPipeline, OptionsReachTheirPasses) {
  ensureConversions();
  CompileOptions opts = tier(2, EmitStage::TileAS, true);
  opts.gpuName = "sm_90";
  opts.v2OptLevel = 3;
  opts.pipelineStrategy = PipelineStrategy::WarpSpecialize;
  opts.scheduler = Scheduler::Serial;
  opts.rrtSizeThreshold = 17;
  CompileResult r = describePipeline(opts);
  ASSERT_TRUE(r.ok()) << r.diagnostics;
  for (const char *needle :
       {"compute-capability=sm_90", "pipeline-strategy=warp-specialize",
        "rrt-size-threshold=17", "scheduler=serial", "v2-opt-level=3",
        "stage=tileaa", "stage=tileas",
        // tileas-generate-schedule reads the scheduler and the threshold.
        "tileas-generate-schedule{", "rrt-size-threshold=17 scheduler=serial"})
    EXPECT_NE(r.output.find(needle), std::string::npos)
        << needle << " in " << r.output;
  // Below nv_tileas the backend's two passes end the pipeline.
  for (EmitStage stage : {EmitStage::LLVM, EmitStage::PTX, EmitStage::Cubin}) {
    opts.emit = stage;
    CompileResult u = describePipeline(opts);
    ASSERT_TRUE(u.ok()) << u.diagnostics;
    size_t toLLVM = u.output.find("convert-tileas-to-llvm");
    EXPECT_NE(toLLVM, std::string::npos) << u.output;
    EXPECT_NE(u.output.find("tilec-finalize-llvm", toLLVM), std::string::npos)
        << u.output;
  }
}

// Queued loads: tileaa-queue-loads right before the conversion to
// nv_tileas, tileas-queue-to-pipeline right after it; from O2 only.
TEST(DriverPipeline, QueuedLoadsFramesTheConversion) {
  ensureConversions();
  CompileOptions opts = tier(2, EmitStage::TileAS, false);
  opts.queueDepth = 3;
  CompileResult r = describePipeline(opts);
  ASSERT_TRUE(r.ok()) << r.diagnostics;
  size_t queue = r.output.find("tileaa-queue-loads{depth=3}");
  size_t convert = r.output.find("convert-tileaa-to-tileas{");
  size_t pipe = r.output.find("tileas-queue-to-pipeline");
  ASSERT_NE(queue, std::string::npos) << r.output;
  ASSERT_NE(pipe, std::string::npos) << r.output;
  EXPECT_LT(queue, convert);
  EXPECT_LT(convert, pipe);
  EXPECT_EQ(r.output.find("convert-tileaa-to-tileas", pipe), std::string::npos);
  opts.queueDepth = 0;
  CompileResult off = describePipeline(opts);
  EXPECT_EQ(off.output.find("queue"), std::string::npos) << off.output;
  opts = tier(1, EmitStage::TileAS, false);
  opts.queueDepth = 3;
  CompileResult o1 = describePipeline(opts);
  EXPECT_EQ(o1.output.find("queue"), std::string::npos) << o1.output;
}

TEST(DriverPipeline, DeterministicAndRoundTrips) {
  ensureConversions();
  for (unsigned o = 0; o <= 3; ++o)
    for (EmitStage emit :
         {EmitStage::Mlir, EmitStage::TileAA, EmitStage::TileAS})
      for (bool lineInfo : {false, true}) {
        CompileOptions opts = tier(o, emit, lineInfo);
        opts.pipelineStrategy = PipelineStrategy::Unspecialize;
        CompileResult first = describePipeline(opts);
        CompileResult second = describePipeline(opts);
        ASSERT_TRUE(first.ok()) << first.diagnostics;
        EXPECT_EQ(first.output, second.output);

        // Directly through populatePipeline as well.
        OpPassManager pm(ModuleOp::getOperationName(),
                         OpPassManager::Nesting::Implicit);
        std::string errors, direct;
        llvm::raw_string_ostream errorsOs(errors), directOs(direct);
        ASSERT_TRUE(succeeded(populatePipeline(pm, opts, errorsOs))) << errors;
        pm.printAsTextualPipeline(directOs);
        EXPECT_EQ(direct, first.output);

        CompileOptions text;
        text.passPipeline = first.output;
        CompileResult again = describePipeline(text);
        ASSERT_TRUE(again.ok()) << again.diagnostics;
        EXPECT_EQ(again.output, first.output) << "O" << o;
      }
}

// The pipeline is a list of pass objects: printed one step at a time it is
// the printed pipeline, each step's argument is the name it prints under,
// and a prefix of n steps is the first n of them (the engine's bisection
// builds its prefixes this way).
TEST(DriverPipeline, StepsAreThePrintedPipeline) {
  ensureConversions();
  for (unsigned o = 0; o <= 3; ++o)
    for (EmitStage emit :
         {EmitStage::TileAA, EmitStage::TileAS, EmitStage::PTX})
      for (PipelineStrategy strategy :
           {PipelineStrategy::None, PipelineStrategy::Unspecialize,
            PipelineStrategy::WarpSpecialize}) {
        CompileOptions opts = tier(o, emit, /*lineInfo=*/o == 3);
        opts.v2OptLevel = 1;
        opts.pipelineStrategy = strategy;
        opts.gpuName = "sm_90";
        opts.scheduler = o % 2 ? Scheduler::Serial : Scheduler::Cost;
        std::vector<PipelineStep> steps = planPipeline(opts);
        CompileResult whole = describePipeline(opts);
        ASSERT_TRUE(whole.ok()) << whole.diagnostics;
        std::string joined = "builtin.module(";
        for (size_t i = 0; i < steps.size(); ++i) {
          std::string printed = printStep(steps[i]);
          EXPECT_EQ(printed.substr(0, steps[i].argument.size()),
                    steps[i].argument);
          joined += (i ? "," : "") + printed;
        }
        joined += ")";
        EXPECT_EQ(joined, whole.output);
        Names arguments;
        for (const PipelineStep &step : steps)
          arguments.push_back(step.argument);
        EXPECT_EQ(passNames(whole.output), arguments);

        for (size_t n : {size_t(0), steps.size() / 2, steps.size() + 3}) {
          OpPassManager pm(ModuleOp::getOperationName(),
                           OpPassManager::Nesting::Implicit);
          std::string errors, prefix;
          llvm::raw_string_ostream errorsOs(errors), prefixOs(prefix);
          ASSERT_TRUE(succeeded(populatePipeline(pm, opts, errorsOs, n)))
              << errors;
          EXPECT_EQ(pm.size(), std::min(n, steps.size()));
          pm.printAsTextualPipeline(prefixOs);
          Names want = passNames(whole.output);
          want.resize(std::min(n, steps.size()));
          EXPECT_EQ(passNames(prefix), want);
        }
      }
  // Invalid options are an error, not a pipeline.
  CompileOptions bad;
  bad.optLevel = 7;
  OpPassManager pm(ModuleOp::getOperationName());
  std::string errors;
  llvm::raw_string_ostream errorsOs(errors);
  EXPECT_TRUE(failed(populatePipeline(pm, bad, errorsOs)));
  EXPECT_NE(errors.find("opt level 7 is out of range"), std::string::npos);
}

TEST(DriverPipeline, InvalidOptionsAreRejected) {
  std::string message;
  CompileOptions opts;
  EXPECT_TRUE(succeeded(validateOptions(opts, message)));
  opts.optLevel = 4;
  EXPECT_TRUE(failed(validateOptions(opts, message)));
  EXPECT_NE(message.find("opt level 4 is out of range"), std::string::npos);
  EXPECT_EQ(compile(kKernel, opts).code, TILEIR_ERROR_BAD_OPTIONS);
  EXPECT_EQ(describePipeline(opts).code, TILEIR_ERROR_BAD_OPTIONS);

  opts = CompileOptions();
  opts.gpuName = "sm_75";
  CompileResult r = compile(kKernel, opts, "k.mlir");
  EXPECT_EQ(r.code, TILEIR_ERROR_BAD_OPTIONS);
  EXPECT_EQ(r.diagnostics.rfind("k.mlir: error: unknown GPU name 'sm_75'", 0),
            0u)
      << r.diagnostics;

  opts = CompileOptions();
  opts.queueDepth = 9;
  EXPECT_TRUE(failed(validateOptions(opts, message)));
  EXPECT_NE(message.find("queue depth 9 is out of range (0..8)"),
            std::string::npos)
      << message;

  opts = CompileOptions();
  opts.emit = EmitStage::Mlir;
  opts.passPipeline = "builtin.module(no-such-pass)";
  EXPECT_EQ(compile(kKernel, opts).code, TILEIR_ERROR_BAD_OPTIONS);
  opts.passPipeline = "cse";
  EXPECT_EQ(compile(kKernel, opts).code, TILEIR_ERROR_BAD_OPTIONS);
}

TEST(DriverOptions, NamesRoundTrip) {
  for (EmitStage s : {EmitStage::Mlir, EmitStage::TileAA, EmitStage::TileAS,
                      EmitStage::LLVM, EmitStage::PTX, EmitStage::Cubin})
    EXPECT_EQ(parseEmitStage(stringifyEmitStage(s)), s);
  for (PipelineStrategy s :
       {PipelineStrategy::None, PipelineStrategy::Unspecialize,
        PipelineStrategy::WarpSpecialize})
    EXPECT_EQ(parsePipelineStrategy(stringifyPipelineStrategy(s)), s);
  for (Scheduler s : {Scheduler::Serial, Scheduler::Cost})
    EXPECT_EQ(parseScheduler(stringifyScheduler(s)), s);
  EXPECT_FALSE(parseEmitStage("sass"));
  EXPECT_FALSE(parseEmitStage("MLIR"));
  EXPECT_FALSE(parsePipelineStrategy("warp_specialize"));
  EXPECT_FALSE(parseScheduler(""));
  EXPECT_TRUE(llvm::is_contained(knownGpuNames(), kDefaultGpuName));
}

TEST(DriverCompile, EmitMlirPrintsTheVerifiedInput) {
  CompileOptions opts = tier(0, EmitStage::Mlir);
  CompileResult r = compile(kKernel, opts, "k.mlir");
  ASSERT_TRUE(r.ok()) << r.diagnostics;
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_NE(r.output.find("cuda_tile.module @m"), std::string::npos);

  // The output parses and prints to itself.
  CompileResult again = compile(r.output, opts);
  ASSERT_TRUE(again.ok()) << again.diagnostics;
  EXPECT_EQ(again.output, r.output);

  // Bytecode input reads into the same module (bytecode stores no name).
  CompileResult fromBytecode = compile(kernelBytecode(), opts, "k.tileirbc");
  ASSERT_TRUE(fromBytecode.ok()) << fromBytecode.diagnostics;
  std::string expected = r.output;
  expected.replace(expected.find("@m "), 3, "@kernels ");
  EXPECT_EQ(fromBytecode.output, expected);
}

TEST(DriverCompile, SnapshotChangesNothingAndIsCaptured) {
  CompileOptions plain = tier(2, EmitStage::Mlir);
  CompileOptions snap = plain;
  snap.passPipeline = "builtin.module(tilec-line-info-snapshot{stage=one},"
                      "tilec-line-info-snapshot{stage=two})";
  CompileResult a = compile(kKernel, plain, "k.mlir");
  CompileResult b = compile(kKernel, snap, "k.mlir");
  ASSERT_TRUE(a.ok() && b.ok()) << a.diagnostics << b.diagnostics;
  EXPECT_EQ(a.output, b.output);
  EXPECT_TRUE(a.lineInfo.empty());
  size_t one = b.lineInfo.find("line-info snapshot: stage=one");
  size_t two = b.lineInfo.find("line-info snapshot: stage=two");
  ASSERT_NE(one, std::string::npos) << b.lineInfo;
  ASSERT_NE(two, std::string::npos) << b.lineInfo;
  EXPECT_LT(one, two);
  // Locations inline, pointing into the input.
  EXPECT_NE(b.lineInfo.find("loc(\"k.mlir\":8:"), std::string::npos)
      << b.lineInfo;
}

TEST(DriverCompile, FullTiersRun) {
  ensureConversions();
  for (unsigned o = 0; o <= 3; ++o) {
    CompileResult r =
        compile(kKernel, tier(o, EmitStage::TileAS, /*lineInfo=*/true));
    ASSERT_TRUE(r.ok()) << "O" << o << ": " << r.diagnostics;
    EXPECT_FALSE(r.output.empty());
    // Snapshots: none at O0, one at O1, two from O2.
    size_t count = 0;
    for (size_t at = r.lineInfo.find("line-info snapshot");
         at != std::string::npos;
         at = r.lineInfo.find("line-info snapshot", at + 1))
      ++count;
    EXPECT_EQ(count, o == 0 ? 0u : o == 1 ? 1u : 2u) << "O" << o;
    EXPECT_EQ(r.output.find(kPipelineConfigAttrName) != std::string::npos,
              o >= 2);
  }
}

TEST(DriverCompile, BackendEmitsLLVMAndPTXAtEveryTier) {
  ensureConversions();
  for (unsigned o = 0; o <= 3; ++o) {
    CompileOptions opts = tier(o, EmitStage::LLVM, /*lineInfo=*/false);
    opts.gpuName = "sm_90";
    CompileResult llvmIR = compile(kKernel, opts);
    ASSERT_TRUE(llvmIR.ok()) << "O" << o << ": " << llvmIR.diagnostics;
    EXPECT_NE(llvmIR.output.find("define ptx_kernel void @k("),
              std::string::npos)
        << llvmIR.output;
    opts.emit = EmitStage::PTX;
    std::vector<std::string> scopes;
    setScopeObserver([&](llvm::StringRef name, bool entering) {
      if (entering)
        scopes.push_back(name.str());
    });
    CompileResult ptx = compile(kKernel, opts);
    setScopeObserver(nullptr);
    ASSERT_TRUE(ptx.ok()) << "O" << o << ": " << ptx.diagnostics;
    EXPECT_NE(ptx.output.find(".target sm_90"), std::string::npos);
    EXPECT_NE(ptx.output.find(".entry k("), std::string::npos) << ptx.output;
    // Each element is loaded and stored once per thread, guarded by its
    // bounds check.
    EXPECT_NE(ptx.output.find("ld.global"), std::string::npos);
    EXPECT_NE(ptx.output.find("st.global"), std::string::npos);
    EXPECT_EQ(scopes, std::vector<std::string>{kCompileNVVMScope.str()});
    // The launch: 4 warps, no scratch (element-wise only).
    EXPECT_EQ(ptx.threadsPerBlock, 128);
    EXPECT_EQ(ptx.dynamicSharedBytes, 0);
  }
}

TEST(DriverCompile, ConcurrentCallsAgree) {
  ensureConversions();
  CompileOptions opts = tier(2, EmitStage::TileAS, /*lineInfo=*/true);
  CompileResult expected = compile(kKernel, opts, "k.mlir");
  ASSERT_TRUE(expected.ok()) << expected.diagnostics;
  std::vector<CompileResult> results(4);
  std::vector<std::thread> threads;
  for (CompileResult &r : results)
    threads.emplace_back([&] { r = compile(kKernel, opts, "k.mlir"); });
  for (std::thread &t : threads)
    t.join();
  for (const CompileResult &r : results) {
    EXPECT_EQ(r.code, expected.code);
    EXPECT_EQ(r.output, expected.output);
    // Each call's snapshots land in its own result.
    EXPECT_EQ(r.lineInfo, expected.lineInfo);
  }
}

TEST(DriverScopes, ObserverSeesEnterAndLeave) {
  std::vector<std::string> events;
  setScopeObserver([&](llvm::StringRef name, bool entering) {
    events.push_back((entering ? "+" : "-") + name.str());
  });
  {
    DriverScope outer(kCompileNVVMScope);
    DriverScope inner(kSerializeGPUModuleScope);
  }
  setScopeObserver(nullptr);
  { DriverScope unobserved(kCompileNVVMScope); }
  EXPECT_EQ(events,
            (std::vector<std::string>{"+CompileNVVM", "+SerializeGPUModule",
                                      "-SerializeGPUModule", "-CompileNVVM"}));
}

//===----------------------------------------------------------------------===//
// Robustness
//===----------------------------------------------------------------------===//

/// A failure has a code and at least one diagnostic; a success has output.
void checkOutcome(const CompileResult &r) {
  if (r.ok()) {
    RC_ASSERT(!r.output.empty());
  } else {
    RC_ASSERT(r.code == TILEIR_ERROR_BAD_BYTECODE ||
              r.code == TILEIR_ERROR_COMPILE_FAILED);
    RC_ASSERT(!r.diagnostics.empty());
    RC_ASSERT(r.output.empty());
  }
}

CompileOptions anyTier() {
  CompileOptions opts;
  opts.optLevel = *rc::gen::inRange(0u, 4u);
  opts.emit =
      *rc::gen::element(EmitStage::Mlir, EmitStage::TileAA, EmitStage::TileAS);
  opts.emitLineInfo = *rc::gen::arbitrary<bool>();
  return opts;
}

TEST(DriverRobustness, RandomBytesNeverCrash) {
  ensureConversions();
  rc::check("random bytes", [] {
    std::string bytes =
        *rc::gen::container<std::string>(rc::gen::arbitrary<char>());
    checkOutcome(compile(bytes, anyTier()));
  });
  rc::check("random bytes after the bytecode magic", [] {
    std::string bytes(tilecheck::bytecode::kMagic, 8);
    bytes += *rc::gen::container<std::string>(rc::gen::arbitrary<char>());
    CompileResult r = compile(bytes, anyTier());
    checkOutcome(r);
  });
}

TEST(DriverRobustness, CutAndCorruptedInputNeverCrashes) {
  ensureConversions();
  std::string bytecode = kernelBytecode();
  ASSERT_FALSE(bytecode.empty());
  const std::string text = kKernel;

  for (const std::string *input :
       {&text, static_cast<const std::string *>(&bytecode)}) {
    rc::check("cut", [&] {
      size_t cut = *rc::gen::inRange<size_t>(0, input->size());
      CompileResult r = compile(input->substr(0, cut), anyTier());
      checkOutcome(r);
    });
    rc::check("corrupted", [&] {
      std::string bytes = *input;
      int flips = *rc::gen::inRange(1, 6);
      for (int i = 0; i < flips; ++i) {
        size_t at = *rc::gen::inRange<size_t>(0, bytes.size());
        bytes[at] = *rc::gen::arbitrary<char>();
      }
      checkOutcome(compile(bytes, anyTier()));
    });
  }
}

} // namespace
