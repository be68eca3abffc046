//===- tilec-interp-fuzzer.cpp - Mutated lowered programs on the interpreter
//===//
//
// The interpreter must never die on IR that verifies. This target makes
// lowered programs the verifier has not seen before and runs every one that
// verifies:
//
//   1. decode the compiler options and a generator policy from the header
//      (TargetSupport.h) and generate a program from the seed;
//   2. compile it with driver::compile to nv_tileaa or nv_tileas (the
//      header's bit 4) and parse the result;
//   3. apply the mutations the rest of the input describes: numbers and
//      element types inside attributes and types (shapes, dim maps, view
//      strides, bit widths), operands replaced or swapped, attributes
//      dropped;
//   4. verify the module; a mutant that does not verify is dropped;
//   5. run the interpreter on it with the program's inputs.
//
// The interpreter may refuse a mutant with any error it likes (exit codes
// of oracle/TileRun.h); a signal, a sanitizer report, a timeout or an
// out-of-memory is a bug: either the verifier should have rejected the
// mutant or the interpreter should report a clean error.
//
// Input layout (missing bytes read as zero; see fuzz/README.md):
//   bytes 0-4  the header of TargetSupport.h; bit 4 of byte 0 picks the
//              stage: 0 nv_tileaa, 1 nv_tileas
//   bytes 5-12 the generator seed (little endian)
//   bytes 13.. mutations, 5 bytes each: kind, a, b, c, d
//
// A mutation's five bytes are fuzz::Mutation's (fuzz/Mutate.h, which
// documents the six kinds); one that does not apply does nothing.
//
//===----------------------------------------------------------------------===//

#include "TargetSupport.h"

#include "tilecheck/Fuzz/Mutate.h"
#include "tilecheck/Oracle/TileRun.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <utility>
#include <vector>

using namespace tilecheck;

namespace {

/// Operations one run may execute: mutants can loop for long, and a fuzz
/// input must stay fast. A step is one op over a whole tile, up to tens of
/// microseconds under ASan: at 2^20 steps, inputs of the 30-CPU-minute run
/// (reports/libfuzzer.md) spent up to 48 CPU-seconds reaching the limit
/// twice and timed out on a loaded machine
/// (corpus/fuzz/interp/regression-step-budget-time).
constexpr uint64_t kMaxSteps = 1ull << 18;

using fuzz::Mutation;
using fuzz::Mutator;

struct DecodedInput {
  driver::CompileOptions options;
  gen::GenPolicy policy;
  uint64_t seed = 0;
  std::vector<Mutation> mutations;
};

bool decode(const uint8_t *data, size_t size, DecodedInput &in) {
  using fuzztarget::byteAt;
  if (!fuzztarget::decodeHeader(data, size, in.options, in.policy))
    return false;
  in.options.emit = fuzztarget::headerFlag(data, size)
                        ? driver::EmitStage::TileAS
                        : driver::EmitStage::TileAA;
  constexpr size_t kSeed = fuzztarget::kHeaderBytes, kBody = kSeed + 8;
  for (size_t i = 0; i < 8; ++i)
    in.seed |= static_cast<uint64_t>(byteAt(data, size, kSeed + i)) << (8 * i);
  for (size_t i = kBody; i + 5 <= size; i += 5)
    in.mutations.push_back(
        {data[i], data[i + 1], data[i + 2], data[i + 3], data[i + 4]});
  return true;
}

/// What the inputs of this process did, printed at exit: how many mutants
/// verified and reached the interpreter, and how its runs ended.
struct Stats {
  uint64_t inputs = 0, compiled = 0, mutants = 0, mutantsVerified = 0, ran = 0;
  std::map<int, uint64_t> exits; ///< interpreter exit code -> runs

  static Stats &get() {
    static Stats *stats = [] {
      auto *s = new Stats;
      std::atexit([] { Stats::get().print(); });
      return s;
    }();
    return *stats;
  }
  void print() const {
    std::fprintf(stderr,
                 "tilec-interp-fuzzer: %llu inputs, %llu compiled, %llu "
                 "mutated, %llu mutants verified, %llu interpreter runs; "
                 "exits:",
                 (unsigned long long)inputs, (unsigned long long)compiled,
                 (unsigned long long)mutants,
                 (unsigned long long)mutantsVerified, (unsigned long long)ran);
    for (auto [code, n] : exits)
      std::fprintf(stderr, " %d:%llu", code, (unsigned long long)n);
    std::fprintf(stderr, "\n");
  }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Stats &stats = Stats::get();
  ++stats.inputs;
  DecodedInput in;
  if (!decode(data, size, in))
    return -1; // An invalid policy: not worth keeping in the corpus.

  gen::GeneratedProgram program = gen::generateProgram(in.policy, in.seed);
  driver::CompileResult compiled =
      driver::compile(program.text, in.options, "generated.mlir");
  if (!compiled.ok())
    return -1; // tilec-diff-fuzzer checks compilation; nothing to run here.
  ++stats.compiled;

  // The program's launch (entry, grid, inputs in memory).
  oracle::TileRunConfig config = oracle::runConfigFor(program);
  config.run.maxSteps = kMaxSteps;
  std::string printed, asserts;
  llvm::raw_string_ostream printStream(printed), assertStream(asserts);
  config.run.printStream = &printStream;
  config.run.assertStream = &assertStream;

  mlir::MLIRContext &ctx = fuzztarget::interpreterContext();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(compiled.output, &ctx);
  if (!module) {
    std::fprintf(stderr,
                 "tilec-interp-fuzzer: the compiled module does not "
                 "parse back\n%s\n",
                 compiled.output.c_str());
    std::abort();
  }
  Mutator mutator(*module);
  bool changed = false;
  for (const Mutation &m : in.mutations)
    changed |= mutator.apply(m);
  stats.mutants += changed;
  if (mlir::failed(mlir::verify(*module)))
    return 0;
  stats.mutantsVerified += changed;
  ++stats.ran;
  // Any outcome is fine; a crash is not.
  oracle::TileRunOutcome outcome =
      oracle::runTileModule(module->getOperation(), config);
  ++stats.exits[outcome.exitCode];
  return 0;
}
