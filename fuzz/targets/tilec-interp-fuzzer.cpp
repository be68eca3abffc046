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
//   bytes 13.. mutations, 5 bytes each: kind, a, b, c, d (below)
//
// A mutation's kind (byte % 6), with `op` = the a-th operation of the
// module in walk order (modulo their number) and `value` = the a-th value
// (block arguments and results in walk order):
//   0  attribute number: in attribute b of op, the c-th integer literal of
//      its printed form becomes kInteresting[d]
//   1  type number: in the type of value, the c-th integer literal
//      becomes kInteresting[d]
//   2  element type: in the type of value, the c-th element type keyword
//      becomes kElementTypes[d]
//   3  operand: operand b of op becomes the c-th value of the same type
//      (d even) or of any type (d odd)
//   4  swap: operands b and c of op change places
//   5  drop: attribute b of op is removed
// A mutation that does not apply (no attribute, no literal, a text that
// does not parse back) does nothing.
//
//===----------------------------------------------------------------------===//

#include "TargetSupport.h"

#include "tilecheck/Oracle/TileRun.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
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
/// input must stay fast.
constexpr uint64_t kMaxSteps = 1ull << 20;

/// Replacement values of integer literals: the edges of shapes, strides,
/// dimension indices, bit widths and 32/64-bit arithmetic.
constexpr const char *kInteresting[] = {
    "0",          "1",          "2",          "3",
    "4",          "5",          "7",          "8",
    "15",         "16",         "17",         "31",
    "32",         "33",         "63",         "64",
    "127",        "128",        "255",        "256",
    "1024",       "4096",       "65536",      "2147483647",
    "2147483648", "4294967295", "4294967296", "9223372036854775807",
    "-1",         "-2",         "-8",         "-2147483648"};

/// Replacement element types.
constexpr const char *kElementTypes[] = {"i1",  "i8",   "i16", "i32", "i64",
                                         "f16", "bf16", "f32", "f64", "index"};

struct Mutation {
  uint8_t kind, a, b, c, d;
};

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

/// Spans [begin, end) of the tokens of `text` that `isToken` accepts at
/// their start; a token is a maximal run of [A-Za-z0-9_] (plus a leading
/// '-' for numbers).
template <typename Pred>
std::vector<std::pair<size_t, size_t>> tokens(const std::string &text,
                                              Pred isToken) {
  std::vector<std::pair<size_t, size_t>> out;
  auto word = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  };
  for (size_t i = 0; i < text.size();) {
    if (!word(text[i]) && text[i] != '-') {
      ++i;
      continue;
    }
    size_t j = i + 1;
    while (j < text.size() && word(text[j]))
      ++j;
    if (isToken(llvm::StringRef(text).slice(i, j)))
      out.push_back({i, j});
    i = j;
  }
  return out;
}

bool isInteger(llvm::StringRef t) {
  t.consume_front("-");
  return !t.empty() && llvm::all_of(t, [](char c) { return std::isdigit(c); });
}

bool isElementType(llvm::StringRef t) {
  return llvm::is_contained(kElementTypes, t) || t == "tf32" ||
         t.starts_with("f8");
}

/// `text` with its `which`-th token (modulo their number) replaced by
/// `with`; empty when there is none.
template <typename Pred>
std::string replaceToken(const std::string &text, Pred isToken, unsigned which,
                         llvm::StringRef with) {
  std::vector<std::pair<size_t, size_t>> spans = tokens(text, isToken);
  if (spans.empty())
    return "";
  auto [begin, end] = spans[which % spans.size()];
  return text.substr(0, begin) + with.str() + text.substr(end);
}

template <typename T> std::string print(T thing) {
  std::string s;
  llvm::raw_string_ostream os(s);
  thing.print(os);
  return s;
}

class Mutator {
public:
  explicit Mutator(mlir::ModuleOp module) {
    module->walk([&](mlir::Operation *op) {
      if (op == module.getOperation())
        return;
      ops.push_back(op);
      for (mlir::Region &region : op->getRegions())
        for (mlir::Block &block : region)
          for (mlir::BlockArgument arg : block.getArguments())
            values.push_back(arg);
      for (mlir::Value result : op->getResults())
        values.push_back(result);
    });
  }

  /// Applies `m`; false when it changed nothing.
  bool apply(const Mutation &m) {
    if (ops.empty())
      return false;
    mlir::Operation *op = ops[m.a % ops.size()];
    mlir::MLIRContext *ctx = op->getContext();
    switch (m.kind % 6) {
    case 0: { // attribute number
      llvm::SmallVector<mlir::NamedAttribute> attrs(op->getAttrs());
      if (attrs.empty())
        return false;
      mlir::NamedAttribute named = attrs[m.b % attrs.size()];
      std::string text =
          replaceToken(print(named.getValue()), isInteger, m.c,
                       kInteresting[m.d % std::size(kInteresting)]);
      if (text.empty())
        return false;
      mlir::Attribute attr = mlir::parseAttribute(text, ctx);
      if (!attr)
        return false;
      op->setAttr(named.getName(), attr);
      return true;
    }
    case 1:   // type number
    case 2: { // element type
      if (values.empty())
        return false;
      mlir::Value value = values[m.a % values.size()];
      std::string printed = print(value.getType());
      std::string text =
          m.kind % 6 == 1
              ? replaceToken(printed, isInteger, m.c,
                             kInteresting[m.d % std::size(kInteresting)])
              : replaceToken(printed, isElementType, m.c,
                             kElementTypes[m.d % std::size(kElementTypes)]);
      if (text.empty())
        return false;
      mlir::Type type = mlir::parseType(text, ctx);
      if (!type)
        return false;
      value.setType(type);
      return true;
    }
    case 3: { // operand
      if (op->getNumOperands() == 0)
        return false;
      unsigned index = m.b % op->getNumOperands();
      mlir::Type type = op->getOperand(index).getType();
      std::vector<mlir::Value> candidates;
      for (mlir::Value v : values)
        if (m.d % 2 || v.getType() == type)
          candidates.push_back(v);
      if (candidates.empty())
        return false;
      op->setOperand(index, candidates[m.c % candidates.size()]);
      return true;
    }
    case 4: { // swap
      unsigned n = op->getNumOperands();
      if (n < 2)
        return false;
      mlir::Value x = op->getOperand(m.b % n), y = op->getOperand(m.c % n);
      op->setOperand(m.b % n, y);
      op->setOperand(m.c % n, x);
      return true;
    }
    default: { // drop
      llvm::SmallVector<mlir::NamedAttribute> attrs(op->getAttrs());
      if (attrs.empty())
        return false;
      op->removeAttr(attrs[m.b % attrs.size()].getName());
      return true;
    }
    }
  }

private:
  std::vector<mlir::Operation *> ops;
  std::vector<mlir::Value> values;
};

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

  // The program's launch (entry, grid, inputs) from its manifest.
  const std::string &dir = fuzztarget::workDir("tilec-interp-fuzzer");
  oracle::TileRunConfig config;
  llvm::SmallString<256> manifest(dir);
  llvm::sys::path::append(manifest, "manifest.json");
  if (llvm::Error err = oracle::writeTestCase(program, dir)) {
    llvm::consumeError(std::move(err));
    return -1;
  }
  if (llvm::Error err = oracle::loadManifest(manifest, config)) {
    llvm::consumeError(std::move(err));
    return -1;
  }
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
