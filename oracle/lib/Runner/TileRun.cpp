//===- TileRun.cpp - Run a kernel on the reference interpreter ------------===//
//
// Argument binding is strict: every entry argument needs exactly one value,
// a buffer must match its pointer's element type, and a scalar literal must
// fit its type exactly. A mismatch is an error with the argument's index,
// never a silent conversion, because a wrong binding would turn every later
// comparison into noise.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Oracle/TileRun.h"
#include "tilecheck/Oracle/CommandLine.h"
#include "tilecheck/Oracle/Manifest.h"
#include "tilecheck/Oracle/ValueClasses.h"
#include "tilecheck/Support/Error.h"

#include "tilecheck/Bytecode/Bytecode.h"
#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"
#include "tilecheck/InitAll.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using llvm::StringRef;

namespace tilecheck::oracle {

namespace {

/// Parses "AxBxC" (or "" / "scalar" for a 0-d array).
llvm::Expected<std::vector<int64_t>> parseShape(StringRef s) {
  std::vector<int64_t> shape;
  if (s.empty() || s == "scalar")
    return shape;
  llvm::SmallVector<StringRef> parts;
  s.split(parts, 'x');
  for (StringRef p : parts) {
    int64_t d;
    if (p.getAsInteger(10, d) || d < 0)
      return makeError("bad shape '" + s + "' (expected e.g. 4x16)");
    shape.push_back(d);
  }
  return shape;
}

} // namespace

llvm::Expected<PreparedBuffer> prepareBuffer(const ArgSpec &spec, ElemType elem,
                                             unsigned index) {
  PreparedBuffer buf;
  buf.elem = elem;
  StringRef text = spec.form;
  auto argError = [&](const llvm::Twine &msg) {
    return makeError("argument " + llvm::Twine(index) + ": " + msg);
  };
  if (text.consume_front("@")) {
    llvm::Expected<NpyArray> arr =
        spec.data ? llvm::Expected<NpyArray>(*spec.data) : readNpy(text);
    if (!arr)
      return argError(llvm::toString(arr.takeError()));
    if (!npyDescrCompatible(arr->descr, elem))
      return argError("'" + text + "' has dtype " + arr->descr +
                      ", which cannot hold " + name(elem) + " elements (use " +
                      npyDescrFor(elem) + ")");
    buf.array = std::move(*arr);
    return buf;
  }
  auto [kind, rest] = text.split(':');
  auto [dtype, shapeText] = rest.split(':');
  std::optional<ElemType> declared = parseElemType(dtype);
  if (!declared || *declared != elem)
    return argError("'" + text + "' declares element type '" + dtype +
                    "' but the pointer holds " + name(elem));
  auto shape = parseShape(shapeText);
  if (!shape)
    return argError(llvm::toString(shape.takeError()));
  buf.array.descr = npyDescrFor(elem);
  buf.array.shape = *shape;
  buf.array.data.assign(buf.array.numElements() * storageBytes(elem), 0);
  buf.initialized = kind == "zeros";
  return buf;
}

llvm::Expected<Tile> parseScalar(StringRef text, ElemType elem,
                                 unsigned index) {
  auto argError = [&](const llvm::Twine &msg) {
    return makeError("argument " + llvm::Twine(index) + ": " + msg);
  };
  Tile t(elem, {});
  if (elem == ElemType::Ptr)
    return argError("a pointer argument needs a buffer (@file.npy, "
                    "zeros:DTYPE:SHAPE or uninit:DTYPE:SHAPE), got '" +
                    text + "'");
  if (isFloat(elem)) {
    const llvm::fltSemantics &sem = *semantics(elem);
    if (text.starts_with_insensitive("0x")) {
      uint64_t bits;
      if (text.drop_front(2).getAsInteger(16, bits) ||
          (bitWidth(elem) < 64 && bits >> bitWidth(elem)))
        return argError("bad raw bit pattern '" + text + "' for " +
                        name(elem));
      t.setFloat(0, llvm::APFloat(sem, llvm::APInt(bitWidth(elem), bits)));
      return t;
    }
    llvm::APFloat f(sem);
    auto status =
        f.convertFromString(text, llvm::APFloat::rmNearestTiesToEven);
    if (!status)
      return argError("bad float literal '" + text + "': " +
                      llvm::toString(status.takeError()));
    t.setFloat(0, f);
    return t;
  }
  if (elem == ElemType::I1) {
    if (text == "true" || text == "1") {
      t.setInt(0, 1);
      return t;
    }
    if (text == "false" || text == "0")
      return t;
    return argError("bad i1 literal '" + text + "' (true/false/1/0)");
  }
  unsigned width = bitWidth(elem);
  llvm::APInt value;
  StringRef digits = text;
  bool negative = digits.consume_front("-");
  if (digits.getAsInteger(0, value))
    return argError("bad integer literal '" + text + "'");
  // Accept the signed and the unsigned range of the width.
  if (value.getActiveBits() > width + (negative ? 1 : 0) ||
      (negative && value.getActiveBits() == width + 1 &&
       !value.isPowerOf2()))
    return argError("integer literal '" + text + "' does not fit in " +
                    name(elem));
  uint64_t v = value.zextOrTrunc(64).getZExtValue();
  t.setInt(0, negative ? (~v + 1) : v);
  return t;
}

uint64_t allocateBuffer(Memory &memory, const PreparedBuffer &buffer,
                        unsigned index) {
  std::string name = "arg" + std::to_string(index);
  uint64_t size = buffer.memorySize();
  uint64_t base = buffer.initialized
                      ? memory.allocate(name, size, 256, buffer.memoryImage())
                      : memory.allocate(name, size, 256);
  if (isPacked(buffer.elem) && buffer.array.numElements() % 2 != 0)
    memory.markSpareHighNibble(base);
  return base;
}

llvm::Error readBackBuffers(const Memory &memory,
                            std::vector<BoundBuffer> &bound,
                            TileRunOutcome &out, StringRef outDir) {
  for (BoundBuffer &b : bound) {
    const Memory::Buffer *buf = memory.findBuffer(b.address);
    if (buf && !b.array.data.empty())
      unpackFromMemory(b.elem, buf->bytes, b.array.data);
    out.buffers.push_back({b.index, std::move(b.array), b.elem});
  }
  bound.clear();
  if (outDir.empty())
    return llvm::Error::success();
  if (std::error_code ec = llvm::sys::fs::create_directories(outDir))
    return makeError("cannot create '" + outDir + "': " + ec.message());
  for (const BufferResult &b : out.buffers) {
    llvm::SmallString<256> p(outDir);
    llvm::sys::path::append(p, "arg" + std::to_string(b.argIndex) + ".npy");
    if (llvm::Error e = writeNpy(p, b.array))
      return e;
  }
  return llvm::Error::success();
}

KernelBinding bindKernelArguments(Operation *module,
                                  const TileRunConfig &config) {
  KernelBinding out;
  auto fail = [&](int code, const llvm::Twine &message) {
    out.exitCode = code;
    out.message = message.str();
    out.args.clear();
    return out;
  };
  Memory memory(false);
  Interpreter finder(module, memory, config.run);
  std::string error;
  Operation *entry = finder.findEntry(config.entry, error);
  if (!entry)
    return fail(kExitError, error);
  out.entry = entry->getAttrOfType<StringAttr>("sym_name").getValue().str();
  Block &body = entry->getRegion(0).front();
  if (config.args.size() != body.getNumArguments())
    return fail(kExitUsage,
                "@" + out.entry + " takes " +
                    llvm::Twine(body.getNumArguments()) + " arguments but " +
                    llvm::Twine(config.args.size()) + " were given");
  for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
    Type type = arg.getType();
    std::optional<ElemType> elem =
        isTileLike(type) ? elemTypeOf(tileElementType(type)) : std::nullopt;
    if (!elem || !tileShape(type).empty())
      return fail(kExitError,
                  "argument " + llvm::Twine(i) +
                      ": the kernel ABI passes pointers and scalars only");
    KernelArgument bound;
    bound.index = static_cast<unsigned>(i);
    if (*elem == ElemType::Ptr) {
      std::optional<ElemType> pointee =
          elemTypeOf(pointeeTypeOf(tileElementType(type)));
      if (!pointee)
        return fail(kExitError, "argument " + llvm::Twine(i) +
                                    ": unsupported pointee type");
      auto prepared = prepareBuffer(config.args[i], *pointee, i);
      if (!prepared)
        return fail(kExitUsage, llvm::toString(prepared.takeError()));
      bound.buffer = std::move(*prepared);
      bound.pointee = *pointee;
    } else {
      auto scalar = parseScalar(config.args[i].form, *elem, i);
      if (!scalar)
        return fail(kExitUsage, llvm::toString(scalar.takeError()));
      unsigned n = std::max(1u, static_cast<unsigned>(scalar->elemBytes()));
      bound.scalar.assign(scalar->at(0), scalar->at(0) + n);
    }
    out.args.push_back(std::move(bound));
  }
  return out;
}

llvm::Expected<std::string> readProgramText(StringRef path) {
  auto file = llvm::MemoryBuffer::getFileOrSTDIN(path);
  if (!file)
    return makeError("cannot read '" + path +
                     "': " + file.getError().message());
  DialectRegistry registry;
  tilecheck::registerAllDialects(registry);
  MLIRContext context(registry);
  std::string diagText;
  llvm::raw_string_ostream diagStream(diagText);
  bool isBytecode = bytecode::isBytecode((*file)->getBuffer());
  std::string original = (*file)->getBuffer().str();
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagStream);
  OwningOpRef<ModuleOp> module =
      bytecode::readProgram(sourceMgr, &context, path);
  if (!module)
    return makeError("'" + path + "' is not a valid Tile IR program" +
                     (isBytecode ? " (bytecode)" : "") + ": " +
                     (diagText.empty() ? std::string("it does not verify")
                                       : StringRef(diagText).trim().str()));
  if (!isBytecode)
    return original;
  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags;
  flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  module->print(os, flags);
  return text;
}

TileRunConfig runConfigFor(const TestCase &tc) {
  TileRunConfig config;
  config.inputFile = tc.name;
  config.entry = tc.entry;
  config.grid = tc.grid;
  config.args = tc.args;
  return config;
}

llvm::Error loadManifest(StringRef path, TileRunConfig &config) {
  // tile-run reads the program itself (text, bytecode or stdin): the case
  // only records where it is.
  std::string programPath;
  llvm::Expected<TestCase> tc =
      readTestCase(path, [&](StringRef program) -> llvm::Expected<std::string> {
        programPath = program.str();
        return std::string();
      });
  if (!tc)
    return tc.takeError();
  config.inputFile = programPath;
  if (!tc->entry.empty())
    config.entry = tc->entry;
  config.grid = tc->grid;
  config.args = std::move(tc->args);
  return llvm::Error::success();
}

TileRunOutcome runTileProgram(MLIRContext &context,
                              const TileRunConfig &config) {
  TileRunOutcome out;
  auto fail = [&](int code, const llvm::Twine &msg) {
    out.exitCode = code;
    out.message = msg.str();
    return out;
  };

  std::string diagText;
  llvm::raw_string_ostream diagStream(diagText);
  llvm::SourceMgr sourceMgr;
  auto file = llvm::MemoryBuffer::getFileOrSTDIN(config.inputFile);
  if (!file)
    return fail(kExitError, "cannot read '" + config.inputFile +
                                "': " + file.getError().message());
  bool isBytecode = bytecode::isBytecode((*file)->getBuffer());
  unsigned bufferId =
      sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagStream);
  OwningOpRef<Operation *> module;
  if (isBytecode) {
    // Tile IR bytecode (.tileirbc) runs directly; the reader does not
    // verify, so verify here before interpreting anything.
    module = bytecode::readBytecode(
        sourceMgr.getMemoryBuffer(bufferId)->getBuffer(), &context,
        FileLineColLoc::get(&context, config.inputFile, 0, 0));
    if (module && failed(verify(module.get())))
      module = nullptr;
  } else {
    module = parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  }
  if (!module)
    return fail(kExitError, diagText.empty() ? "failed to parse '" +
                                                   config.inputFile + "'"
                                             : diagText);
  return runTileModule(module.get(), config);
}

TileRunOutcome runTileModule(Operation *module, const TileRunConfig &config) {
  TileRunOutcome out;
  auto fail = [&](int code, const llvm::Twine &msg) {
    out.exitCode = code;
    out.message = msg.str();
    return out;
  };

  Memory memory(config.run.detectRaces);
  RunOptions options = config.run;
  options.grid = config.grid;
  Interpreter interp(module, memory, options);
  std::string error;
  Operation *entry = interp.findEntry(config.entry, error);
  if (!entry)
    return fail(kExitError, error);

  Block &body = entry->getRegion(0).front();
  if (config.args.size() != body.getNumArguments())
    return fail(kExitUsage,
                "@" + SymbolTable::getSymbolName(entry).getValue() +
                    " takes " + llvm::Twine(body.getNumArguments()) +
                    " arguments but " + llvm::Twine(config.args.size()) +
                    " were given");

  SmallVector<RtValue> args;
  std::vector<BoundBuffer> bound;
  for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
    // Every IR level: cuda_tile tiles, builtin tensors and bare scalars
    // (integers, index, floats, pointers) are all tiles to the interpreter.
    Type type = arg.getType();
    std::optional<ElemType> elem =
        isTileLike(type) ? elemTypeOf(tileElementType(type)) : std::nullopt;
    if (!elem)
      return fail(kExitError, "argument " + llvm::Twine(i) +
                                  ": only tiles, tensors and scalars of "
                                  "numbers or pointers can be bound");
    ArrayRef<int64_t> shape = tileShape(type);
    StringRef text = config.args[i].form;
    bool isBuffer = text.starts_with("@") || text.starts_with("zeros:") ||
                    text.starts_with("uninit:");
    if (*elem == ElemType::Ptr && isBuffer) {
      std::optional<ElemType> pointee =
          elemTypeOf(pointeeTypeOf(tileElementType(type)));
      if (!pointee)
        return fail(kExitError, "argument " + llvm::Twine(i) +
                                    ": unsupported pointee type");
      auto prepared = prepareBuffer(config.args[i], *pointee, i);
      if (!prepared)
        return fail(kExitUsage, llvm::toString(prepared.takeError()));
      uint64_t addr = allocateBuffer(memory, *prepared, i);
      // A tensor of pointers gets the buffer's address in every element.
      Tile ptr(ElemType::Ptr, shape);
      for (int64_t e = 0; e < ptr.size(); ++e)
        ptr.set<uint64_t>(e, addr);
      args.push_back(RtValue::tile(std::move(ptr)));
      bound.push_back({static_cast<unsigned>(i), addr,
                       std::move(prepared->array), *pointee});
      continue;
    }
    if (!shape.empty() && text.starts_with("@")) {
      // A tensor of numbers passed by value from a .npy of the same shape.
      auto prepared = prepareBuffer(config.args[i], *elem, i);
      if (!prepared)
        return fail(kExitUsage, llvm::toString(prepared.takeError()));
      if (ArrayRef<int64_t>(prepared->array.shape) != shape ||
          prepared->array.data.size() !=
              static_cast<size_t>(Tile(*elem, shape).size()) *
                  storageBytes(*elem))
        return fail(kExitUsage, "argument " + llvm::Twine(i) + ": '" +
                                    text.drop_front() +
                                    "' does not have the shape of the "
                                    "tensor argument");
      Tile value(*elem, shape);
      std::copy(prepared->array.data.begin(), prepared->array.data.end(),
                value.data());
      args.push_back(RtValue::tile(std::move(value)));
      continue;
    }
    if (isBuffer)
      return fail(kExitUsage, "argument " + llvm::Twine(i) +
                                  " is a scalar " + name(*elem) +
                                  ", not a pointer: '" + text + "'");
    auto scalar = parseScalar(text, *elem, i);
    if (!scalar)
      return fail(kExitUsage, llvm::toString(scalar.takeError()));
    if (shape.empty()) {
      args.push_back(RtValue::tile(std::move(*scalar)));
      continue;
    }
    // A literal for a tensor argument fills every element.
    Tile splat(*elem, shape);
    for (int64_t e = 0; e < splat.size(); ++e)
      std::memcpy(splat.at(e), scalar->at(0), splat.elemBytes());
    args.push_back(RtValue::tile(std::move(splat)));
  }

  RunResult result = interp.run(entry, args);
  out.steps = result.steps;

  // Buffers are read back (and written) even after UB or a failed assert:
  // partial results help when reducing a finding.
  if (llvm::Error e = readBackBuffers(memory, bound, out, config.outDir))
    return fail(kExitError, llvm::toString(std::move(e)));

  if (result.failure) {
    out.failure = result.failure;
    out.message = result.failure->str();
    switch (result.failure->kind) {
    case FailureKind::UndefinedBehavior:
      out.exitCode = kExitUndefinedBehavior;
      break;
    case FailureKind::AssertFailed:
      out.exitCode = kExitAssertFailed;
      break;
    case FailureKind::StepLimit:
      out.exitCode = kExitStepLimit;
      break;
    case FailureKind::Error:
      out.exitCode = kExitError;
      break;
    }
  }
  return out;
}

namespace {

/// tile-run --interleavings: for each tile block in turn, runs `config`
/// once per interleaving of that block's agents (depth first, at most
/// `limit` runs per block; InterleavingScript). The first run that fails
/// (undefined behaviour such as a deadlock, an error, a failed assert) is
/// reported as tile-run reports a run, with its number; otherwise every run
/// must give the same buffers and printed output. Prints the first run's
/// output, writes the buffers of the last run (so a failing or differing
/// run leaves its own), and says how many interleavings ran.
int exploreInterleavings(MLIRContext &context, TileRunConfig config,
                         unsigned limit) {
  if (config.inputFile == "-") {
    llvm::errs() << "tile-run: --interleavings runs the program many times "
                    "and needs a file, not standard input\n";
    return kExitUsage;
  }
  InterleavingScript script;
  config.run.interleavings = &script;
  const int64_t numBlocks = config.grid[0] * config.grid[1] * config.grid[2];
  TileRunOutcome first;
  std::string firstPrinted;
  unsigned runs = 0;
  bool all = true;
  for (script.block = 0; script.block < numBlocks; ++script.block) {
    script.prefix.clear();
    script.taken.clear();
    for (unsigned blockRuns = 0;;) {
      std::string printed;
      llvm::raw_string_ostream printStream(printed);
      config.run.printStream = &printStream;
      TileRunOutcome out = runTileProgram(context, config);
      ++runs;
      ++blockRuns;
      if (out.exitCode != kExitOk) {
        // Undefined behaviour (a deadlock, a protocol violation), an error
        // or a failed assert in one interleaving is the program's.
        llvm::outs() << printed;
        llvm::outs().flush();
        llvm::errs() << "tile-run: interleaving " << runs << ": " << out.message
                     << (StringRef(out.message).ends_with("\n") ? "" : "\n");
        return out.exitCode;
      }
      if (runs == 1) {
        first = std::move(out);
        firstPrinted = printed;
      } else {
        std::string differs;
        if (printed != firstPrinted)
          differs = "it prints different output";
        else
          for (auto [a, b] : llvm::zip(first.buffers, out.buffers))
            if (a.array.data != b.array.data) {
              differs = "argument " + std::to_string(a.argIndex) + " differs";
              break;
            }
        if (!differs.empty()) {
          llvm::outs() << firstPrinted;
          llvm::errs() << "tile-run: undefined behaviour: the result depends "
                          "on the interleaving of agents: interleaving "
                       << runs << " (tile block " << script.block
                       << ") differs from the first: " << differs << "\n";
          return kExitUndefinedBehavior;
        }
      }
      if (!script.advance())
        break;
      if (blockRuns >= limit) {
        all = false;
        break;
      }
    }
  }
  llvm::outs() << firstPrinted;
  llvm::outs().flush();
  llvm::errs() << "tile-run: " << runs << " interleavings over " << numBlocks
               << " tile block" << (numBlocks == 1 ? "" : "s")
               << (all ? " (all of them)"
                       : " (stopped at --interleavings runs per block; more "
                         "exist)")
               << " gave the same result\n";
  return kExitOk;
}

} // namespace

int tileRunMain(int argc, char **argv, AltExecutorFn alt,
                llvm::cl::OptionCategory *extraCategory) {
  llvm::InitLLVM init(argc, argv);
  namespace cl = llvm::cl;
  cl::OptionCategory cat("tile-run options");
  LaunchOptions launch(cat, "<input.mlir>", /*gridDefault=*/"");
  cl::opt<std::string> outDir(
      "out-dir", cl::desc("write every buffer as DIR/argN.npy"), cl::cat(cat));
  cl::opt<int64_t> blockOrder(
      "block-order", cl::desc("seed of a shuffled tile-block order "
                              "(default: row-major)"),
      cl::init(-1), cl::cat(cat));
  cl::opt<int64_t> agentSeed(
      "agent-seed", cl::desc("seed of a random interleaving of each tile "
                             "block's agents (default: run an agent until "
                             "it blocks)"),
      cl::init(-1), cl::cat(cat));
  cl::opt<unsigned> interleavings(
      "interleavings",
      cl::desc("run every interleaving of each tile block's agents, one "
               "block at a time, up to N runs per block, and require the same "
               "buffers and output from each (a difference is undefined "
               "behaviour, exit 3)"),
      cl::init(0), cl::cat(cat));
  cl::opt<uint64_t> maxSteps("max-steps",
                             cl::desc("operations before a run is a hang"),
                             cl::init(1ull << 32), cl::cat(cat));
  cl::opt<bool> noRaces("no-race-check",
                        cl::desc("do not report cross-block data races or "
                                 "a tile block's accesses that its tokens "
                                 "leave unordered"),
                        cl::cat(cat));
  cl::opt<bool> checkCombinerOrder(
      "check-combiner-order",
      cl::desc("report a reduce or scan body that is not commutative on the "
               "values it combines as undefined behaviour (its result "
               "depends on the unspecified order; tile-diff checks mutants "
               "this way)"),
      cl::cat(cat));
  cl::opt<std::string> valueClasses(
      "value-classes",
      cl::desc("interpreter: write, per op, how many executed instances had "
               "an operand of each special value class (zero, -1, sign bit, "
               "extremes, NaN, infinities, signed zeros, subnormals) to this "
               "JSON file"),
      cl::cat(cat));
  cl::opt<std::string> executor(
      "executor",
      cl::desc("what runs the program: interpreter (default), simt "
               "(tilec's backend to PTX, run on the CPU SIMT executor) or "
               "gpu (a cubin, run on the GPU through the CUDA driver)"),
      cl::init("interpreter"), cl::cat(cat));
  if (extraCategory)
    cl::HideUnrelatedOptions({&cat, extraCategory});
  else
    cl::HideUnrelatedOptions(cat);
  if (!parseToolCommandLine(
          argc, argv,
          "tile-run: run a cuda_tile kernel on tilecheck's reference "
          "interpreter\n\nExit codes: 0 ran, 1 error, 2 usage, 3 undefined "
          "behaviour, 4 assert failed, 5 step limit (hang), 6 unsupported PTX "
          "instruction (--executor simt), 7 no GPU, no CUDA driver or no "
          "recorded result (--executor gpu)\n"))
    return kExitUsage;
  const std::string &manifest = launch.manifest;
  const std::string &input = launch.input;
  const std::string &entry = launch.entry;
  const std::string &grid = launch.grid;
  const auto &args = launch.args;

  TileRunConfig config;
  if (!manifest.empty()) {
    if (llvm::Error e = loadManifest(manifest, config)) {
      llvm::errs() << "tile-run: " << llvm::toString(std::move(e)) << "\n";
      return kExitUsage;
    }
  }
  if (!input.empty())
    config.inputFile = input;
  if (config.inputFile.empty()) {
    llvm::errs() << "tile-run: no input file (give FILE.mlir or --manifest)\n";
    return kExitUsage;
  }
  // No launch on the command line: the file's seed launch header
  // (loadSeedCase); the program itself is read below, as always.
  bool fromSeedHeader = manifest.empty() && !launch.hasExplicitLaunch();
  if (fromSeedHeader) {
    llvm::Expected<TestCase> seeded = loadSeedCase(input);
    if (!seeded) {
      llvm::errs() << "tile-run: " << llvm::toString(seeded.takeError())
                   << "\n";
      return kExitUsage;
    }
    TileRunConfig launched = runConfigFor(*seeded);
    config.entry = launched.entry;
    config.grid = launched.grid;
    config.args = std::move(launched.args);
  } else if (!entry.empty()) {
    config.entry = StringRef(entry).ltrim('@').str();
  }
  if (fromSeedHeader) {
    // The header gave the grid and the arguments.
  } else if (!grid.empty()) {
    auto g = parseGrid(grid);
    if (!g) {
      llvm::errs() << "tile-run: " << llvm::toString(g.takeError()) << "\n";
      return kExitUsage;
    }
    config.grid = *g;
  } else if (manifest.empty()) {
    llvm::errs() << "tile-run: --grid is required\n";
    return kExitUsage;
  }
  if (!fromSeedHeader && (!args.empty() || manifest.empty())) {
    config.args.clear();
    for (const std::string &a : args)
      config.args.push_back({a});
  }
  config.outDir = outDir;
  if (blockOrder >= 0)
    config.run.blockOrderSeed = static_cast<uint64_t>(blockOrder);
  if (agentSeed >= 0)
    config.run.agentSeed = static_cast<uint64_t>(agentSeed);
  if (interleavings > 0 && (agentSeed >= 0 || executor != "interpreter")) {
    llvm::errs() << "tile-run: --interleavings explores the interpreter's "
                    "agent schedules; it takes neither --agent-seed nor "
                    "--executor\n";
    return kExitUsage;
  }
  config.run.maxSteps = maxSteps;
  config.run.detectRaces = !noRaces;
  config.run.checkCombinerOrder = checkCombinerOrder;

  DialectRegistry registry;
  registerAllDialects(registry);
  // nv_tileas programs contain upstream arith and math ops.
  registry.insert<arith::ArithDialect, math::MathDialect>();
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  if (executor != "interpreter") {
    if (!alt) {
      llvm::errs() << "tile-run: unknown executor '" << executor
                   << "' (this build has: interpreter)\n";
      return kExitUsage;
    }
    auto file = llvm::MemoryBuffer::getFileOrSTDIN(config.inputFile);
    if (!file) {
      llvm::errs() << "tile-run: cannot read '" << config.inputFile
                   << "': " << file.getError().message() << "\n";
      return kExitError;
    }
    OwningOpRef<Operation *> module;
    if (bytecode::isBytecode((*file)->getBuffer()))
      module = bytecode::readBytecode(
          (*file)->getBuffer(), &context,
          FileLineColLoc::get(&context, config.inputFile, 0, 0));
    else
      module = parseSourceString<ModuleOp>((*file)->getBuffer(),
                                           ParserConfig(&context));
    if (!module) {
      llvm::errs() << "tile-run: failed to parse '" << config.inputFile
                   << "'\n";
      return kExitError;
    }
    return alt(module.get(), config, executor);
  }
  if (interleavings > 0)
    return exploreInterleavings(context, config, interleavings);
  ValueClassCounter counter;
  if (!valueClasses.empty())
    config.run.opObserver = [&](ExecContext &ctx, Operation *op) {
      counter.observe(ctx, op);
    };
  TileRunOutcome out = runTileProgram(context, config);
  llvm::outs().flush();
  if (!valueClasses.empty()) {
    std::error_code ec;
    llvm::raw_fd_ostream os(valueClasses, ec);
    if (ec) {
      llvm::errs() << "tile-run: cannot write '" << valueClasses
                   << "': " << ec.message() << "\n";
      return kExitError;
    }
    os << llvm::formatv("{0:2}", counter.toJSON()) << "\n";
  }
  if (out.exitCode != kExitOk)
    llvm::errs() << "tile-run: " << out.message
                 << (StringRef(out.message).ends_with("\n") ? "" : "\n");
  return out.exitCode;
}

} // namespace tilecheck::oracle
