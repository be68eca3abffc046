//===- Interpreter.cpp - Reference interpreter driver ---------------------===//

#include "tilecheck/Oracle/Interpreter.h"

#include "AsyncState.h"
#include "TokenOrder.h"

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"
#include "tilecheck/Dialect/DefaultValuedAttrs.h"
#include "tilecheck/Support/EnumNames.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Region.h"
#include "mlir/IR/SymbolTable.h"

#include <algorithm>
#include <numeric>
#include <random>

using namespace mlir;

namespace tilecheck::oracle {

//===----------------------------------------------------------------------===//
// Registry
//===----------------------------------------------------------------------===//

void SemanticsRegistry::add(llvm::StringRef opName, OpSemanticsFn fn) {
  table[opName] = fn;
}

OpSemanticsFn SemanticsRegistry::lookup(llvm::StringRef opName) const {
  auto it = table.find(opName);
  return it == table.end() ? nullptr : it->second;
}

const SemanticsRegistry &SemanticsRegistry::getDefault() {
  static const SemanticsRegistry registry = [] {
    SemanticsRegistry r;
    registerCudaTileSemantics(r);
    registerUpstreamSemantics(r);
    registerNvTileSemantics(r);
    return r;
  }();
  return registry;
}

//===----------------------------------------------------------------------===//
// Failures
//===----------------------------------------------------------------------===//

llvm::StringRef stringify(FailureKind kind) {
  static constexpr llvm::StringLiteral names[] = {
      "error", "undefined behaviour", "assert failed", "step limit exceeded"};
  static_assert(std::size(names) == size_t(FailureKind::StepLimit) + 1);
  return tilecheck::nameOf(names, kind);
}

std::string RunFailure::str() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << location << ": " << stringify(kind) << ": " << message
     << " (tile block " << block[0] << "," << block[1] << "," << block[2]
     << ")";
  return s;
}

/// "file:line:col" of `loc`, looking through names, fusions and cuda_tile's
/// di_loc; a call site reads "callee (called from caller)". Empty when the
/// location holds no file position.
static std::string describeLocation(Location loc) {
  if (auto f = dyn_cast<FileLineColLoc>(loc))
    return (f.getFilename().getValue() + ":" + llvm::Twine(f.getLine()) + ":" +
            llvm::Twine(f.getColumn()))
        .str();
  if (auto di = dyn_cast<tilecheck::cuda_tile::DILocAttr>(loc))
    return describeLocation(di.getSourceLoc());
  if (auto n = dyn_cast<NameLoc>(loc))
    return describeLocation(n.getChildLoc());
  if (auto c = dyn_cast<CallSiteLoc>(loc)) {
    std::string callee = describeLocation(c.getCallee());
    std::string caller = describeLocation(c.getCaller());
    if (callee.empty())
      return caller;
    return caller.empty() ? callee : callee + " (called from " + caller + ")";
  }
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (std::string d = describeLocation(inner); !d.empty())
        return d;
  return "";
}

std::string formatLocation(Operation *op) {
  std::string d = describeLocation(op->getLoc());
  if (!d.empty())
    return d;
  return "<" + op->getName().getStringRef().str() + ">";
}

//===----------------------------------------------------------------------===//
// Interpreter
//===----------------------------------------------------------------------===//

Interpreter::Interpreter(Operation *module, Memory &memory, RunOptions options,
                         const SemanticsRegistry &registry)
    : module(module), memory(memory), options(options), registry(registry) {}

llvm::raw_ostream &Interpreter::printStream() {
  return options.printStream ? *options.printStream : llvm::outs();
}

llvm::raw_ostream &Interpreter::assertStream() {
  return options.assertStream ? *options.assertStream : llvm::errs();
}

Operation *Interpreter::findEntry(llvm::StringRef name,
                                  std::string &error) const {
  SmallVector<Operation *> candidates;
  module->walk([&](Operation *op) {
    if (op == module || op->getNumRegions() != 1 ||
        op->getRegion(0).empty())
      return;
    auto sym = op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
    if (!sym)
      return;
    // Entries are the symbol ops that are not modules/globals: they own a
    // non-empty body and sit directly inside a module-like op.
    if (op->getName().getStringRef().ends_with(".module"))
      return;
    if (name.empty() || sym.getValue() == name)
      candidates.push_back(op);
  });
  if (candidates.empty()) {
    error = name.empty() ? "no entry function in the module"
                         : ("no entry named '" + name + "'").str();
    return nullptr;
  }
  if (candidates.size() > 1) {
    error = "the module has " + std::to_string(candidates.size()) +
            " entries; choose one with --entry";
    return nullptr;
  }
  return candidates.front();
}

uint64_t Interpreter::getOrCreateGlobal(llvm::StringRef name,
                                        llvm::function_ref<uint64_t()> create) {
  auto it = globals.find(name);
  if (it != globals.end())
    return it->second;
  uint64_t addr = create();
  globals[name] = addr;
  return addr;
}

OpSemanticsFn Interpreter::lookup(Operation *op) {
  const void *key = op->getName().getAsOpaquePointer();
  auto it = cache.find(key);
  if (it != cache.end())
    return it->second;
  OpSemanticsFn fn = registry.lookup(op->getName().getStringRef());
  cache[key] = fn;
  return fn;
}

/// A default-valued attribute removed in memory from an op of `fn`'s
/// module (the verifier rejects that on our dialects, not on upstream ones
/// such as arith's overflowFlags): the generated getters would dereference
/// null, so the run is refused with a message naming the op.
static std::optional<std::string> lacksDefaultValuedAttr(Operation *fn) {
  Operation *top = fn;
  while (top->getParentOp())
    top = top->getParentOp();
  std::optional<std::string> missing;
  top->walk([&](Operation *op) {
    if (std::optional<std::string> name = missingDefaultValuedAttr(op)) {
      missing = "'" + op->getName().getStringRef().str() +
                "' lacks its default-valued attribute '" + *name + "'";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return missing;
}

RunResult Interpreter::run(Operation *entry, llvm::ArrayRef<RtValue> args) {
  RunResult result;
  Block &body = entry->getRegion(0).front();
  auto fail = [&](std::string msg) {
    result.failure = RunFailure{FailureKind::Error, std::move(msg),
                                formatLocation(entry), {0, 0, 0}};
    return result;
  };
  if (std::optional<std::string> why = lacksDefaultValuedAttr(entry))
    return fail(*why);
  if (body.getNumArguments() != args.size())
    return fail("the entry takes " + std::to_string(body.getNumArguments()) +
                " arguments but " + std::to_string(args.size()) +
                " were given");
  for (int64_t d : options.grid)
    if (d < 1 || d > (1 << 24) - 1)
      return fail("grid dimensions must be in [1, 2^24 - 1]");

  int64_t numBlocks = options.grid[0] * options.grid[1] * options.grid[2];
  std::vector<int64_t> order(numBlocks);
  std::iota(order.begin(), order.end(), 0);
  if (options.blockOrderSeed) {
    std::mt19937_64 rng(*options.blockOrderSeed);
    // Fisher-Yates with an explicit draw, so the order is the same with
    // every standard library.
    for (int64_t i = numBlocks - 1; i > 0; --i) {
      int64_t j = static_cast<int64_t>(rng() % static_cast<uint64_t>(i + 1));
      std::swap(order[i], order[j]);
    }
  }

  steps = 0;
  memory.resetBlockOrder();
  std::optional<RunFailure> firstAssert;
  for (int64_t linear : order) {
    std::array<int64_t, 3> id = {linear % options.grid[0],
                                 (linear / options.grid[0]) % options.grid[1],
                                 linear / (options.grid[0] * options.grid[1])};
    ExecContext ctx(*this, id, static_cast<int32_t>(linear));
    FailureOr<FlowSignal> sig = ctx.execBlock(body, args);
    // The block ends when every agent it started has finished.
    if (failed(ctx.finishAgents(entry)))
      sig = failure();
    if (failed(sig)) {
      result.failure = ctx.takeFailure();
      result.steps = steps;
      return result;
    }
    if (!firstAssert && ctx.hasAssertFailure())
      firstAssert = ctx.takeAssertFailure();
  }
  result.steps = steps;
  result.failure = std::move(firstAssert);
  return result;
}

RunResult Interpreter::call(Operation *fn, llvm::ArrayRef<RtValue> args,
                            llvm::SmallVectorImpl<RtValue> &results,
                            std::array<int64_t, 3> blockId) {
  RunResult result;
  steps = 0;
  memory.resetBlockOrder();
  if (std::optional<std::string> why = lacksDefaultValuedAttr(fn)) {
    result.failure =
        RunFailure{FailureKind::Error, *why, formatLocation(fn), {0, 0, 0}};
    return result;
  }
  int32_t linear = static_cast<int32_t>(
      blockId[0] + options.grid[0] * (blockId[1] + options.grid[1] * blockId[2]));
  ExecContext ctx(*this, blockId, linear);
  FailureOr<FlowSignal> sig = ctx.execBlock(fn->getRegion(0).front(), args);
  if (failed(ctx.finishAgents(fn)))
    sig = failure();
  result.steps = steps;
  if (failed(sig)) {
    result.failure = ctx.takeFailure();
    return result;
  }
  results.assign(sig->values.begin(), sig->values.end());
  if (ctx.hasAssertFailure())
    result.failure = ctx.takeAssertFailure();
  return result;
}

//===----------------------------------------------------------------------===//
// ExecContext
//===----------------------------------------------------------------------===//

ExecContext::ExecContext(Interpreter &interp, std::array<int64_t, 3> blockId,
                         int32_t linearBlockId)
    : interp(interp), blockId(blockId), linearBlockId(linearBlockId) {}

ExecContext::~ExecContext() {
  if (async)
    (void)async->finish(nullptr);
}

TokenOrder *ExecContext::getTokenOrder(Operation *op) {
  if (!interp.options.detectRaces)
    return nullptr;
  Dialect *dialect = op->getDialect();
  if (dialect != cudaTileDialect) {
    if (cudaTileDialect || !dialect || dialect->getNamespace() != "cuda_tile")
      return nullptr;
    cudaTileDialect = dialect;
  }
  if (!tokenOrder)
    tokenOrder = std::make_unique<TokenOrder>();
  return tokenOrder.get();
}

AsyncState &ExecContext::getAsyncState() {
  if (!async) {
    // Mix the block id into the seed so blocks interleave differently.
    std::optional<uint64_t> seed = interp.options.agentSeed;
    if (seed)
      *seed ^= 0x9e3779b97f4a7c15ull * (static_cast<uint64_t>(linearBlockId) + 1);
    // Exhaustive exploration follows one tile block at a time.
    InterleavingScript *script = interp.options.interleavings;
    if (script && script->block != linearBlockId)
      script = nullptr;
    async = std::make_unique<AsyncState>(*this, seed, script);
  }
  return *async;
}

LogicalResult ExecContext::finishAgents(Operation *where) {
  // Without agents the body's own result is the block's.
  if (!async)
    return success();
  return async->finish(where);
}

const RtValue &ExecContext::get(Value v) const {
  auto it = activeEnv->find(v);
  assert(it != activeEnv->end() && "value used before definition");
  return it->second;
}

void ExecContext::set(Value v, RtValue value) {
  (*activeEnv)[v] = std::move(value);
}

bool ExecContext::reserveShared(uint64_t end) {
  // Far above any GPU's shared memory per block (228 KiB on sm_90): a
  // larger offset is a malformed program, not something to allocate.
  constexpr uint64_t kLimit = 64ull << 20;
  if (end > kLimit)
    return false;
  if (shared.bytes.size() < end) {
    shared.bytes.resize(end, 0);
    shared.written.resize(end, 0);
  }
  return true;
}

void ExecContext::raise(FlowSignal::Kind kind, llvm::ArrayRef<RtValue> values) {
  pending.kind = kind;
  pending.values.assign(values.begin(), values.end());
}

LogicalResult ExecContext::execOp(Operation *op) {
  if (++interp.steps > interp.options.maxSteps)
    return fail(FailureKind::StepLimit, op,
                "more than " + llvm::Twine(interp.options.maxSteps) +
                    " operations executed");
  OpSemanticsFn fn = interp.lookup(op);
  if (!fn)
    return error(op, "has no interpreter semantics");
  for (Value operand : op->getOperands())
    if (!activeEnv->count(operand))
      return error(op, "operand used before it was defined");
  if (failed(fn(*this, op)))
    return failure();
  if (interp.options.opObserver)
    interp.options.opObserver(*this, op);
  return success();
}

FailureOr<FlowSignal> ExecContext::execBlock(Block &block,
                                             llvm::ArrayRef<RtValue> args) {
  if (block.getNumArguments() != args.size()) {
    Operation *owner = block.getParentOp();
    (void)error(owner, "region expects " +
                           llvm::Twine(block.getNumArguments()) +
                           " values but got " + llvm::Twine(args.size()));
    return failure();
  }
  for (auto [arg, value] : llvm::zip(block.getArguments(), args))
    (*activeEnv)[arg] = value;
  for (Operation &op : block) {
    if (failed(execOp(&op)))
      return failure();
    if (pending.kind != FlowSignal::Kind::None) {
      FlowSignal sig = std::move(pending);
      pending = FlowSignal();
      return sig;
    }
  }
  return FlowSignal();
}

LogicalResult ExecContext::fail(FailureKind kind, Operation *op,
                                const llvm::Twine &message) {
  if (!runFailure)
    runFailure = RunFailure{kind, message.str(), formatLocation(op), blockId};
  return mlir::failure();
}

LogicalResult ExecContext::ub(Operation *op, const llvm::Twine &message) {
  return fail(FailureKind::UndefinedBehavior, op,
              "'" + op->getName().getStringRef() + "': " + message);
}

LogicalResult ExecContext::error(Operation *op, const llvm::Twine &message) {
  return fail(FailureKind::Error, op,
              "'" + op->getName().getStringRef() + "': " + message);
}

void ExecContext::assertFailed(Operation *op, const llvm::Twine &message) {
  if (!assertFailure)
    assertFailure = RunFailure{FailureKind::AssertFailed, message.str(),
                               formatLocation(op), blockId};
}

} // namespace tilecheck::oracle
