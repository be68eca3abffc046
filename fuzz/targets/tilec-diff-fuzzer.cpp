//===- tilec-diff-fuzzer.cpp - Structure-aware differential target --------===//
//
// The input bytes do not hold a program: they drive the random program
// generator and the compiler's options, so every input is a valid, UB-free
// program and libFuzzer's mutations explore programs and configurations
// rather than the parser's error paths. For each input:
//
//   1. decode the options and the generator policy from the header and
//      generate a program (generators/, in process);
//   2. run it on the reference interpreter (oracle/, in process);
//   3. compile it with tilecheck::driver::compile (emit tileas) at the
//      decoded opt level and target;
//   4. run the compiled module on the interpreter with the same inputs;
//   5. trap (abort, after a report on stderr) when compilation fails on the
//      valid program, when the compiled module does not run, or when exit
//      status, printed output or any buffer differs bit for bit (any NaN
//      equals any NaN: payloads legitimately differ, oracle/Compare.h).
//
// The one expected compile failure is seed 002's: mmaf_scaled (nv_tileaa
// mma_block_scale) is rejected below sm_100. An input whose reference run
// hits the step limit is skipped; one whose reference run has undefined
// behaviour or an interpreter error is a generator or oracle bug and traps.
//
// Input layout (missing bytes read as zero; see fuzz/README.md):
//   byte 0   bits 0-1 opt level O0..O3; bits 2-3 target (sm_80, sm_90,
//            sm_100, modulo 3); bit 4 choice mode (0 seeded, 1 replay);
//            bit 5 scheduler (cost, serial); bits 6-7 pipeline strategy
//            (none, unspecialize, warp-specialize, warp-specialize in
//            one agent)
//   byte 1   policy preset (index into gen::presetNames(), modulo)
//   byte 2   maxStmts: 0 keeps the preset's, else minStmts + (b - 1) % 16
//   byte 3   maxDepth: 0 keeps the preset's, else (b - 1) % 3
//   byte 4   maxTrip: 0 keeps the preset's, else minTrip + (b - 1) % 4
//   seeded:  bytes 5..12 the generator seed (little endian)
//   replay:  bytes 5.. the generator's raw choices, 4 bytes each (little
//            endian), answered by a ReplaySource (zeros once exhausted)
//
// Files (program, .npy inputs, compiled module) live in one private
// temporary directory per process, removed at exit.
//
//===----------------------------------------------------------------------===//

#include "TargetSupport.h"

#include "tilecheck/Oracle/Compare.h"
#include "tilecheck/Oracle/TileRun.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

using namespace tilecheck;

namespace {

/// Operations one run may execute before it counts as a hang (generated
/// programs need far fewer; the interpreter's default is for real kernels).
constexpr uint64_t kMaxSteps = 1ull << 24;

struct DecodedInput {
  driver::CompileOptions options;
  gen::GenPolicy policy;
  bool replay = false;
  uint64_t seed = 0;
  std::vector<uint64_t> choices;
};

/// Decodes the header (file comment); false when the policy is invalid.
bool decode(const uint8_t *data, size_t size, DecodedInput &in) {
  if (!fuzztarget::decodeHeader(data, size, in.options, in.policy))
    return false;
  in.replay = fuzztarget::headerFlag(data, size);
  in.options.emit = driver::EmitStage::TileAS;
  constexpr size_t kBody = fuzztarget::kHeaderBytes;
  if (!in.replay) {
    for (size_t i = 0; i < 8; ++i)
      in.seed |=
          static_cast<uint64_t>(fuzztarget::byteAt(data, size, kBody + i))
          << (8 * i);
    return true;
  }
  for (size_t i = kBody; i < size; i += 4) {
    uint64_t c = 0;
    for (size_t j = 0; j < 4; ++j)
      c |= static_cast<uint64_t>(fuzztarget::byteAt(data, size, i + j))
           << (8 * j);
    in.choices.push_back(c);
  }
  return true;
}

std::string describe(const DecodedInput &in) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "policy=" << in.policy.name << " (hash " << in.policy.hash() << ") "
     << (in.replay ? "replay choices=" + std::to_string(in.choices.size())
                   : "seed=" + std::to_string(in.seed))
     << " -O" << in.options.optLevel << " --gpu-name " << in.options.gpuName
     << " --scheduler " << driver::stringifyScheduler(in.options.scheduler)
     << " --v2-opt-level " << in.options.v2OptLevel << " --pipeline-strategy "
     << driver::stringifyPipelineStrategy(in.options.pipelineStrategy)
     << " --emit tileas";
  return s;
}

[[noreturn]] void finding(const DecodedInput &in, const gen::GeneratedProgram &p,
                          const llvm::Twine &what, llvm::StringRef detail) {
  llvm::errs() << "tilec-diff-fuzzer: " << what << "\n  configuration: "
               << describe(in) << "\n";
  if (!detail.empty())
    llvm::errs() << "  detail: " << detail << "\n";
  llvm::errs() << "--- program ---\n"
               << p.text << "\n--- manifest ---\n"
               << oracle::manifestText(oracle::manifestFor(p)) << "\n";
  llvm::errs().flush();
  std::abort();
}

struct Run {
  oracle::TileRunOutcome outcome;
  std::string printed;
};

Run interpret(const oracle::TileRunConfig &base, llvm::StringRef file) {
  Run r;
  oracle::TileRunConfig config = base;
  config.inputFile = file.str();
  llvm::raw_string_ostream printStream(r.printed);
  std::string asserts;
  llvm::raw_string_ostream assertStream(asserts);
  config.run.printStream = &printStream;
  config.run.assertStream = &assertStream;
  config.run.maxSteps = kMaxSteps;
  r.outcome = oracle::runTileProgram(fuzztarget::interpreterContext(), config);
  printStream.flush();
  return r;
}

bool writeFile(llvm::StringRef path, llvm::StringRef text) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return false;
  os << text;
  return !os.has_error();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  DecodedInput in;
  if (!decode(data, size, in))
    return -1; // An invalid policy: not worth keeping in the corpus.

  gen::GeneratedProgram program;
  if (in.replay) {
    gen::ReplaySource source(in.choices);
    program = gen::generateProgram(in.policy, source, /*seedLabel=*/0);
  } else {
    program = gen::generateProgram(in.policy, in.seed);
  }

  const std::string &dir = fuzztarget::workDir("tilec-diff-fuzzer");
  if (llvm::Error err = oracle::writeTestCase(program, dir))
    finding(in, program, "cannot write the generated program",
            llvm::toString(std::move(err)));
  oracle::TileRunConfig config;
  llvm::SmallString<256> manifest(dir);
  llvm::sys::path::append(manifest, "manifest.json");
  if (llvm::Error err = oracle::loadManifest(manifest, config))
    finding(in, program, "cannot read the generated manifest",
            llvm::toString(std::move(err)));

  Run ref = interpret(config, config.inputFile);
  switch (ref.outcome.exitCode) {
  case oracle::kExitOk:
  case oracle::kExitAssertFailed:
    break;
  case oracle::kExitStepLimit:
    return 0; // Probably a long loop; nothing to compare.
  case oracle::kExitUndefinedBehavior:
    finding(in, program,
            "the generated program has undefined behaviour (generator bug)",
            ref.outcome.message);
  default:
    finding(in, program,
            "the reference interpreter cannot run the generated program",
            ref.outcome.message);
  }

  driver::CompileResult compiled =
      driver::compile(program.text, in.options, "generated.mlir");
  if (!compiled.ok()) {
    bool blockScaleBeforeSm100 =
        compiled.code == driver::TILEIR_ERROR_COMPILE_FAILED &&
        in.options.gpuName != "sm_100" &&
        llvm::StringRef(compiled.diagnostics)
            .contains("mma block scale is not supported by compute "
                      "capability < sm100");
    if (blockScaleBeforeSm100)
      return 0;
    finding(in, program,
            "compilation failed on a valid program (code " +
                llvm::Twine(compiled.code) + ")",
            compiled.diagnostics);
  }

  llvm::SmallString<256> compiledFile(dir);
  llvm::sys::path::append(compiledFile, "compiled.mlir");
  if (!writeFile(compiledFile, compiled.output))
    finding(in, program, "cannot write the compiled module", "");
  Run got = interpret(config, compiledFile);

  if (got.outcome.exitCode != ref.outcome.exitCode)
    finding(in, program,
            "the compiled module exits " + llvm::Twine(got.outcome.exitCode) +
                " where the input exits " +
                llvm::Twine(ref.outcome.exitCode),
            got.outcome.message + "\n--- compiled ---\n" + compiled.output);
  if (got.printed != ref.printed)
    finding(in, program, "printed output differs",
            "input printed:\n" + ref.printed + "\ncompiled printed:\n" +
                got.printed);
  if (got.outcome.buffers.size() != ref.outcome.buffers.size())
    finding(in, program, "a different number of buffers came back", "");
  for (size_t i = 0; i < ref.outcome.buffers.size(); ++i) {
    const oracle::NpyArray &a = ref.outcome.buffers[i].array;
    const oracle::NpyArray &b = got.outcome.buffers[i].array;
    if (a.data == b.data && a.shape == b.shape)
      continue;
    // The written policy's Elementwise class (oracle/Compare.h): the same
    // bits, except that any NaN equals any NaN, since NaN payloads and
    // signs legitimately differ (APFloat folds to 0x7fc00000, x86 gives
    // 0xffc00000, the GPU 0x7fffffff).
    std::optional<oracle::ElemType> elem = ref.outcome.buffers[i].elemType;
    if (elem && a.shape == b.shape && a.data.size() == b.data.size() &&
        oracle::compareBuffers(*elem, a.shape, a.data.data(), b.data.data(),
                               oracle::ComparePolicy::ulp(0))
            .ok())
      continue;
    size_t first = 0;
    while (first < a.data.size() && first < b.data.size() &&
           a.data[first] == b.data[first])
      ++first;
    finding(in, program,
            "wrong result in argument " +
                llvm::Twine(ref.outcome.buffers[i].argIndex),
            "first differing byte at offset " + std::to_string(first) +
                " of " + std::to_string(a.data.size()) +
                "\n--- compiled ---\n" + compiled.output);
  }
  return 0;
}
