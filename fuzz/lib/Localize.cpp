//===- Localize.cpp - The op a miscompiling pass broke --------------------===//
//
// See Localize.h. Each module runs once with an op observer that keeps, for
// the first execution of every op with a file:line:col location in the
// first tile block the run executes, a digest (element type and shape, and
// a hash of the bytes) of each tile result. Memory is a few words per
// location, capped in locations and in bytes hashed.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Fuzz/Localize.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "tilecheck/Oracle/Interpreter.h"
#include "tilecheck/Oracle/Value.h"
#include "tilecheck/Support/Fnv1a.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <set>
#include <vector>

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::fuzz;

namespace {

/// One tile result: what it is (element type and shape) and its value.
struct Digest {
  uint64_t type = 0;
  uint64_t value = 0;
};

/// The first execution of one op in the observed tile block; a result
/// without a digest (not a tile, or past the byte cap) is std::nullopt.
struct Execution {
  Operation *op = nullptr;
  SmallVector<std::optional<Digest>, 1> results;
};

/// What one run recorded.
struct Recording {
  /// Locations (opaque pointers of uniqued FileLineColLoc attributes) in the
  /// order of their first execution.
  std::vector<const void *> order;
  /// Per location, every op executed there (first execution each).
  llvm::DenseMap<const void *, SmallVector<Execution, 1>> executions;
  llvm::DenseSet<Operation *> seen;
  std::optional<std::array<int64_t, 3>> block;
  uint64_t bytes = 0;
  /// Why the run stopped early, if it did.
  std::optional<oracle::RunFailure> failure;
};

/// The location key of `op`: only plain file:line:col locations (fused,
/// name and unknown locations say nothing reliable about which source op a
/// value belongs to).
const void *locationKey(Operation *op) {
  auto loc = dyn_cast<FileLineColLoc>(op->getLoc());
  return loc ? loc.getAsOpaquePointer() : nullptr;
}

/// Whether `op` lies in the body of a reduction or scan: a combiner, whose
/// values depend on the order in which the elements are combined, which a
/// correct pass may change. The reduce or scan itself is compared instead.
bool insideCombiner(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
    StringRef base = p->getName().getStringRef().rsplit('.').second;
    if (base == "reduce" || base == "scan")
      return true;
  }
  return false;
}

std::optional<Digest> digestOf(const oracle::Tile &tile, Recording &rec,
                               const LocalizeLimits &limits) {
  uint64_t size = static_cast<uint64_t>(tile.size()) * tile.elemBytes();
  if (rec.bytes + size > limits.maxBytes)
    return std::nullopt;
  rec.bytes += size;
  Digest d;
  Fnv1a type;
  type.addWord(static_cast<uint64_t>(tile.elemType()));
  for (int64_t dim : tile.shape())
    type.addWord(static_cast<uint64_t>(dim));
  d.type = type.hash;
  Fnv1a value;
  oracle::ElemType et = tile.elemType();
  if (et == oracle::ElemType::I1 || et == oracle::ElemType::I4) {
    // Sub-byte integers: hash the value, not the padding bits of the byte.
    for (int64_t i = 0; i < tile.size(); ++i)
      value.addWord(tile.getUInt(i));
  } else {
    value.add(tile.data(), size);
  }
  d.value = value.hash;
  return d;
}

/// Runs `module` and records the first execution of each located op in the
/// first tile block.
Recording record(Operation *module, const oracle::TileRunConfig &base,
                 const LocalizeLimits &limits) {
  Recording rec;
  oracle::TileRunConfig config = base;
  std::string sink;
  llvm::raw_string_ostream sinkStream(sink);
  config.run.printStream = &sinkStream;
  config.run.assertStream = &sinkStream;
  config.run.opObserver = [&](oracle::ExecContext &ctx, Operation *op) {
    if (op->getNumResults() == 0)
      return;
    if (!rec.block)
      rec.block = ctx.getBlockId();
    else if (*rec.block != ctx.getBlockId())
      return;
    const void *key = locationKey(op);
    if (!key || !rec.seen.insert(op).second)
      return;
    auto [it, inserted] = rec.executions.try_emplace(key);
    if (inserted) {
      if (rec.order.size() >= limits.maxLocations) {
        rec.executions.erase(it);
        return;
      }
      rec.order.push_back(key);
    }
    Execution exec;
    exec.op = op;
    for (Value result : op->getResults()) {
      const oracle::RtValue *v = ctx.lookup(result);
      exec.results.push_back(v && v->isTile()
                                 ? digestOf(v->getTile(), rec, limits)
                                 : std::nullopt);
    }
    it->second.push_back(std::move(exec));
  };
  // Values recorded before a failure (UB, step limit) are still the values
  // of the path both modules took up to there: keep them.
  ScopedDiagnosticHandler quiet(module->getContext(),
                                [](Diagnostic &) { return success(); });
  rec.failure = oracle::runTileModule(module, config).failure;
  return rec;
}

} // namespace

std::string
tilecheck::fuzz::localizeBrokenOp(Operation *before, Operation *after,
                                  const oracle::TileRunConfig &config,
                                  const LocalizeLimits &limits) {
  // Locations held by more than one op with results in `before` are
  // ambiguous: a value there cannot be attributed to one source op.
  llvm::DenseMap<const void *, unsigned> opsAt;
  before->walk([&](Operation *op) {
    if (op->getNumResults() != 0)
      if (const void *key = locationKey(op))
        ++opsAt[key];
  });
  Recording was = record(before, config, limits);
  Recording now = record(after, config, limits);
  for (const void *key : now.order) {
    auto count = opsAt.find(key);
    if (count == opsAt.end() || count->second != 1)
      continue;
    auto ref = was.executions.find(key);
    if (ref == was.executions.end() || ref->second.size() != 1)
      continue;
    const Execution &source = ref->second.front();
    if (insideCombiner(source.op))
      continue;
    const SmallVector<Execution, 1> &lowered = now.executions.find(key)->second;
    for (const std::optional<Digest> &expected : source.results) {
      if (!expected)
        continue;
      // The after-module may spread the op over several ops at its
      // location (an expansion's intermediate values): the value is kept
      // when any of them computes it, and changed when those of its type
      // all compute something else.
      bool comparable = false, reproduced = false;
      for (const Execution &exec : lowered)
        for (const std::optional<Digest> &got : exec.results)
          if (got && got->type == expected->type) {
            comparable = true;
            reproduced |= got->value == expected->value;
          }
      if (comparable && !reproduced)
        return source.op->getName().getStringRef().str();
    }
  }
  // No value changed before the after-module stopped on an error or
  // undefined behaviour that the before-module does not have: the op it
  // stopped at is the broken one (its values were never recorded).
  if (now.failure && now.failure->kind != oracle::FailureKind::AssertFailed &&
      !was.failure) {
    Operation *found = nullptr;
    unsigned matches = 0;
    before->walk([&](Operation *op) {
      auto loc = dyn_cast<FileLineColLoc>(op->getLoc());
      if (!loc)
        return;
      std::string text =
          (loc.getFilename().getValue() + ":" + llvm::Twine(loc.getLine()) +
           ":" + llvm::Twine(loc.getColumn()))
              .str();
      if (text == now.failure->location) {
        found = op;
        ++matches;
      }
    });
    if (found && matches == 1)
      return found->getName().getStringRef().str();
  }
  return "";
}

//===----------------------------------------------------------------------===//
// The slice of a wrong output
//===----------------------------------------------------------------------===//

/// The distinctive op kind of `op` in a slice ("" for the plumbing every
/// program has: views, loads, shapes, element-wise arithmetic, control).
static StringRef distinctiveKind(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (!name.consume_front("cuda_tile."))
    return "";
  static const char *const kKept[] = {"mmaf",
                                      "mmaf_scaled",
                                      "mmai",
                                      "scan",
                                      "reduce",
                                      "permute",
                                      "cat",
                                      "extract",
                                      "pack",
                                      "unpack",
                                      "bitcast",
                                      "ftof",
                                      "itof",
                                      "ftoi",
                                      "fma",
                                      "atomic_rmw_tko",
                                      "atomic_cas_tko",
                                      "atomic_red_view_tko",
                                      "load_ptr_tko"};
  static const char *const kMath[] = {"exp", "exp2",  "log",  "log2", "sin",
                                      "cos", "tan",   "sinh", "cosh", "tanh",
                                      "pow", "rsqrt", "sqrt", "atan2"};
  for (const char *k : kKept)
    if (name == k)
      return name;
  for (const char *k : kMath)
    if (name == k)
      return "math";
  return "";
}

std::string tilecheck::fuzz::outputSliceOps(Operation *module, StringRef entry,
                                            unsigned argIndex) {
  // The entry named `entry`; without a name, the only one (as the
  // interpreter launches it).
  Operation *entryOp = nullptr;
  unsigned entries = 0;
  module->walk([&](Operation *op) {
    if (op->getName().getStringRef() != "cuda_tile.entry")
      return;
    ++entries;
    if (auto sym = op->getAttrOfType<StringAttr>("sym_name"))
      if (sym.getValue() == entry || entry.empty())
        entryOp = op;
  });
  if (entry.empty() && entries != 1)
    return "";
  if (!entryOp || entryOp->getNumRegions() == 0 ||
      entryOp->getRegion(0).empty() ||
      argIndex >= entryOp->getRegion(0).getNumArguments())
    return "";
  auto typeText = [](Type type) {
    std::string text;
    llvm::raw_string_ostream os(text);
    type.print(os);
    return text;
  };
  // Pointers and views derived from the argument, and the stores into them.
  auto pointerLike = [&](Type type) {
    std::string text = typeText(type);
    return StringRef(text).contains("ptr<") ||
           StringRef(text).contains("_view<");
  };
  // Tokens order memory accesses; they carry no data into the output.
  auto isToken = [&](Type type) {
    std::string text = typeText(type);
    return text == "token" || text == "!cuda_tile.token";
  };
  std::set<std::string> kinds;
  llvm::DenseSet<Value> derived;
  SmallVector<Value> work{entryOp->getRegion(0).getArgument(argIndex)};
  SmallVector<Value> stored;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!derived.insert(v).second)
      continue;
    for (Operation *user : v.getUsers()) {
      StringRef name = user->getName().getStringRef();
      if (name.contains("store") || name.contains("atomic")) {
        if (StringRef kind = distinctiveKind(user); !kind.empty())
          kinds.insert(kind.str());
        for (Value operand : user->getOperands())
          if (!pointerLike(operand.getType()) && !isToken(operand.getType()))
            stored.push_back(operand);
        continue;
      }
      for (Value result : user->getResults())
        if (pointerLike(result.getType()))
          work.push_back(result);
    }
  }
  // Everything the stored values depend on (the token results of loads
  // and stores are not followed).
  llvm::DenseSet<Operation *> seen;
  SmallVector<Operation *> ops;
  auto visitValue = [&](Value v) {
    if (isToken(v.getType()))
      return;
    if (Operation *def = v.getDefiningOp())
      ops.push_back(def);
    else if (Operation *parent = v.getParentBlock()->getParentOp();
             parent && parent != entryOp)
      ops.push_back(parent);
  };
  for (Value v : stored)
    visitValue(v);
  while (!ops.empty()) {
    Operation *op = ops.pop_back_val();
    if (!seen.insert(op).second)
      continue;
    op->walk([&](Operation *inner) {
      if (StringRef kind = distinctiveKind(inner); !kind.empty())
        kinds.insert(kind.str());
      if (inner != op)
        for (Value operand : inner->getOperands())
          visitValue(operand);
    });
    for (Value operand : op->getOperands())
      visitValue(operand);
  }
  std::string out;
  for (const std::string &k : kinds)
    out += (out.empty() ? "" : ",") + k;
  return out;
}
