//===- ReduceValuePasses.cpp - Reductions of values, launch and shapes
//--------===//
//
// The reductions that simplify data: constants to splats, zeros, ones and
// halves; the grid and the entry's arguments; optional operands and hints;
// tile shapes halved or made scalar; the configuration and pipeline text.
// See ReducePasses.cpp.
//
//===----------------------------------------------------------------------===//

#include "ReducePassesInternal.h"
#include "tilecheck/Fuzz/Reduce.h"

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

#include <numeric>
#include <set>

using namespace mlir;
using namespace tilecheck::cuda_tile;
using llvm::StringRef;

namespace tilecheck::reduce {

using namespace tilecheck::reduce::detail;

namespace {

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

/// Non-splat constants to a splat of one of their elements other than the
/// first (const-splat tries that one): the element that exposes a
/// miscompile is often not the first, and once the constant is a splat,
/// shape-half and shape-scalar can shrink it to one element. One site per
/// distinct element value, at most kMaxValues of them per constant.
class ConstSplatEachPass
    : public SiteListPass<std::pair<ConstantOp, unsigned>> {
public:
  StringRef getName() const override { return "const-splat-each"; }

protected:
  static constexpr unsigned kMaxValues = 16;
  /// Flat positions of the first occurrences of the distinct element
  /// values after the first element's.
  static SmallVector<unsigned> distinctPositions(ConstantOp op) {
    SmallVector<unsigned> positions;
    DenseIntOrFPElementsAttr v = op.getValue();
    if (v.isSplat())
      return positions;
    SmallVector<Attribute> seen;
    unsigned i = 0;
    for (Attribute element : v.getValues<Attribute>()) {
      if (!llvm::is_contained(seen, element)) {
        seen.push_back(element);
        if (i > 0)
          positions.push_back(i);
        if (positions.size() == kMaxValues)
          break;
      }
      ++i;
    }
    return positions;
  }
  std::vector<std::pair<ConstantOp, unsigned>> sites(TestCase &tc) override {
    std::vector<std::pair<ConstantOp, unsigned>> found;
    for (ConstantOp op : collectOps<ConstantOp>(tc))
      for (unsigned position : distinctPositions(op))
        found.push_back({op, position});
    return found;
  }
  bool applyOne(TestCase &, std::pair<ConstantOp, unsigned> site) override {
    auto [op, position] = site;
    DenseIntOrFPElementsAttr v = op.getValue();
    if (v.isSplat())
      return true; // another site of this constant made it a splat
    auto type = cast<TileType>(op.getType());
    auto tensor = RankedTensorType::get(type.getShape(), type.getElementType());
    Attribute next;
    if (auto ints = dyn_cast<DenseIntElementsAttr>(v))
      next = DenseElementsAttr::get(
          tensor, ArrayRef<APInt>(ints.getValues<APInt>()[position]));
    else
      next = DenseElementsAttr::get(
          tensor,
          ArrayRef<APFloat>(
              cast<DenseFPElementsAttr>(v).getValues<APFloat>()[position]));
    op.setValueAttr(cast<DenseIntOrFPElementsAttr>(next));
    return true;
  }
};

class ConstantPass : public SiteListPass<ConstantOp> {
public:
  ConstantPass(ConstKind kind, StringRef name) : kind(kind), name(name) {}
  StringRef getName() const override { return name; }

protected:
  static bool isSplatOf(DenseIntOrFPElementsAttr attr, int64_t v) {
    if (!attr.isSplat())
      return false;
    if (auto i = dyn_cast<DenseIntElementsAttr>(attr)) {
      APInt x = i.getSplatValue<APInt>();
      // i1 "one" is all bits set; compare as the element width allows.
      return x == APInt(x.getBitWidth(), v, /*isSigned=*/true, true);
    }
    auto f = cast<DenseFPElementsAttr>(attr).getSplatValue<APFloat>();
    APFloat target(static_cast<double>(v));
    bool lost = false;
    target.convert(f.getSemantics(), APFloat::rmNearestTiesToEven, &lost);
    return f.bitwiseIsEqual(target);
  }
  std::vector<ConstantOp> sites(TestCase &tc) override {
    return collectOps<ConstantOp>(tc, [&](ConstantOp op) {
      DenseIntOrFPElementsAttr v = op.getValue();
      switch (kind) {
      case ConstKind::Splat:
        return !v.isSplat();
      case ConstKind::Zero:
        return v.isSplat() && !isSplatOf(v, 0);
      case ConstKind::One:
        return v.isSplat() && !isSplatOf(v, 0) && !isSplatOf(v, 1);
      case ConstKind::Half:
        if (auto i = dyn_cast<DenseIntElementsAttr>(v);
            i && v.isSplat() && i.getElementType().getIntOrFloatBitWidth() > 1)
          return i.getSplatValue<APInt>().abs().ugt(1);
        return false;
      }
      return false;
    });
  }
  bool applyOne(TestCase &, ConstantOp op) override {
    auto type = cast<TileType>(op.getType());
    DenseIntOrFPElementsAttr v = op.getValue();
    DenseIntOrFPElementsAttr next;
    auto tensor = RankedTensorType::get(type.getShape(), type.getElementType());
    switch (kind) {
    case ConstKind::Splat:
      if (auto i = dyn_cast<DenseIntElementsAttr>(v))
        next = cast<DenseIntOrFPElementsAttr>(DenseElementsAttr::get(
            tensor, ArrayRef<APInt>(*i.value_begin<APInt>())));
      else
        next = cast<DenseIntOrFPElementsAttr>(DenseElementsAttr::get(
            tensor, ArrayRef<APFloat>(
                        *cast<DenseFPElementsAttr>(v).value_begin<APFloat>())));
      break;
    case ConstKind::Zero:
      next = splatAttr(type, 0);
      break;
    case ConstKind::One:
      next = splatAttr(type, 1);
      break;
    case ConstKind::Half: {
      APInt x = cast<DenseIntElementsAttr>(v).getSplatValue<APInt>();
      next = cast<DenseIntOrFPElementsAttr>(
          DenseElementsAttr::get(tensor, ArrayRef<APInt>(x.sdiv(2))));
      break;
    }
    }
    if (!next)
      return false;
    op.setValueAttr(next);
    return true;
  }

private:
  ConstKind kind;
  StringRef name;
};

//===----------------------------------------------------------------------===//
// Launch: grid and arguments
//===----------------------------------------------------------------------===//

class GridPass : public SiteListPass<unsigned> {
public:
  explicit GridPass(bool toOne) : toOne(toOne) {}
  StringRef getName() const override {
    return toOne ? "grid-one" : "grid-half";
  }

protected:
  std::vector<unsigned> sites(TestCase &tc) override {
    std::vector<unsigned> dims;
    for (unsigned d = 0; d < 3; ++d)
      if (tc.grid[d] > 1)
        dims.push_back(d);
    return dims;
  }
  bool applyOne(TestCase &tc, unsigned d) override {
    tc.grid[d] = toOne ? 1 : tc.grid[d] / 2;
    return true;
  }

private:
  bool toOne;
};

/// Drops entry arguments without uses, with their manifest arguments.
class DropArgsPass : public SiteListPass<unsigned> {
public:
  StringRef getName() const override { return "drop-args"; }

protected:
  std::vector<unsigned> sites(TestCase &tc) override {
    std::vector<unsigned> args;
    Operation *entry = findEntry(tc);
    if (!entry || tc.args.size() != entry->getRegion(0).getNumArguments())
      return args;
    for (BlockArgument a : entry->getRegion(0).getArguments())
      if (a.use_empty())
        args.push_back(a.getArgNumber());
    return args;
  }
  bool applyOne(TestCase &tc, unsigned index) override {
    auto fn = cast<FunctionOpInterface>(findEntry(tc));
    if (failed(fn.eraseArgument(index)))
      return false;
    tc.args.erase(tc.args.begin() + index);
    return true;
  }
};

/// Drops the optimization hints of entries.
class DropHintsPass : public SiteListPass<EntryOp> {
public:
  StringRef getName() const override { return "drop-hints"; }

protected:
  std::vector<EntryOp> sites(TestCase &tc) override {
    return collectOps<EntryOp>(tc, [](EntryOp op) {
      return static_cast<bool>(op.getOptimizationHints());
    });
  }
  bool applyOne(TestCase &, EntryOp op) override {
    op.removeOptimizationHintsAttr();
    return true;
  }
};

/// The optional token (or mask) operand of a memory op.
std::optional<MutableOperandRange> optionalOperand(Operation *op, bool mask) {
  std::optional<MutableOperandRange> range;
  auto token = [&](auto o) { range.emplace(o.getTokenMutable()); };
  auto masked = [&](auto o) { range.emplace(o.getMaskMutable()); };
  if (mask)
    llvm::TypeSwitch<Operation *>(op)
        .Case<LoadPtrTkoOp, StorePtrTkoOp, AtomicRMWTkoOp, AtomicCASTkoOp>(
            masked);
  else
    llvm::TypeSwitch<Operation *>(op)
        .Case<LoadViewTkoOp, StoreViewTkoOp, LoadPtrTkoOp, StorePtrTkoOp,
              AtomicRMWTkoOp, AtomicCASTkoOp, AtomicRedViewTkoOp, PrintTkoOp>(
            token);
  return range;
}

/// Drops the optional input token (ordering) or mask of memory ops, so the
/// token chains and mask computations feeding them can go.
class DropOptionalOperandPass : public SiteListPass<Operation *> {
public:
  explicit DropOptionalOperandPass(bool mask) : mask(mask) {}
  StringRef getName() const override {
    return mask ? "drop-mask" : "drop-token";
  }

protected:
  std::vector<Operation *> sites(TestCase &tc) override {
    std::vector<Operation *> ops;
    tc.module->walk<WalkOrder::PreOrder>([&](Operation *op) {
      std::optional<MutableOperandRange> r = optionalOperand(op, mask);
      if (r && r->size() > 0)
        ops.push_back(op);
    });
    return ops;
  }
  bool applyOne(TestCase &, Operation *op) override {
    std::optional<MutableOperandRange> r = optionalOperand(op, mask);
    if (!r)
      return false;
    r->clear();
    return true;
  }

private:
  bool mask;
};

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

/// Rewrites every occurrence of the dimension `from` in the shapes of the
/// program's types (tile<..>, tensor_view<..>, partition tiles) and in
/// make_tensor_view shape lists to `to`, on the printed program. Returns
/// the new text, or "" when nothing changed.
std::string rewriteDims(StringRef text, int64_t from, int64_t to) {
  std::string out;
  out.reserve(text.size());
  bool changed = false;
  std::string fromText = std::to_string(from), toText = std::to_string(to);
  size_t i = 0;
  // Rewrites a run of numbers separated by `sep` (and spaces) at `i`,
  // stopping at the first other character.
  auto rewriteList = [&](char sep) {
    while (i < text.size()) {
      size_t j = i;
      while (j < text.size() && llvm::isDigit(text[j]))
        ++j;
      if (j == i)
        return;
      StringRef num = text.slice(i, j);
      if (num == fromText) {
        out += toText;
        changed = true;
      } else {
        out += num.str();
      }
      i = j;
      while (
          i < text.size() && (text[i] == sep || text[i] == ' ') &&
          !(sep == 'x' && i + 1 < text.size() && !llvm::isDigit(text[i + 1]))) {
        out += text[i];
        ++i;
      }
    }
  };
  static const struct {
    const char *prefix;
    char sep;
  } contexts[] = {{"tile<", 'x'},
                  {"tensor_view<", 'x'},
                  {"tile=(", 'x'},
                  {"shape = [", ','}};
  while (i < text.size()) {
    bool matched = false;
    for (const auto &c : contexts) {
      if (text.substr(i).starts_with(c.prefix)) {
        out += c.prefix;
        i += strlen(c.prefix);
        rewriteList(c.sep);
        matched = true;
        break;
      }
    }
    if (!matched)
      out += text[i++];
  }
  return changed ? out : "";
}

/// Calls `fn` on the type of every op result and block argument of the
/// program.
void forEachValueType(TestCase &tc, llvm::function_ref<void(Type)> fn) {
  tc.module->walk([&](Operation *op) {
    for (Type t : op->getResultTypes())
      fn(t);
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (BlockArgument a : b.getArguments())
          fn(a.getType());
  });
}

/// Replaces the program by `text` (a rewrite of the printed program, ""
/// when the rewrite changed nothing); false when there is no change or
/// `text` does not parse and verify.
bool replaceProgramText(TestCase &tc, StringRef text) {
  if (text.empty())
    return false;
  MLIRContext *ctx = tc.module->getContext();
  ScopedDiagnosticHandler quiet(ctx, [](Diagnostic &) { return success(); });
  OwningOpRef<mlir::ModuleOp> parsed =
      parseSourceString<mlir::ModuleOp>(text, ParserConfig(ctx));
  if (!parsed)
    return false;
  tc.module = std::move(parsed);
  return true;
}

/// Halves one dimension size everywhere it occurs in types (all tiles of
/// 16 elements become 8 elements, tensor views of 48 rows become 24, ...).
class ShrinkShapesPass : public SiteListPass<int64_t> {
public:
  StringRef getName() const override { return "shape-half"; }

protected:
  std::vector<int64_t> sites(TestCase &tc) override {
    std::set<int64_t, std::greater<int64_t>> dims;
    auto addShape = [&](ArrayRef<int64_t> shape) {
      for (int64_t d : shape)
        if (d > 1)
          dims.insert(d);
    };
    forEachValueType(tc, [&](Type t) {
      if (auto tile = dyn_cast<TileType>(t))
        addShape(tile.getShape());
      else if (auto tv = dyn_cast<TensorViewType>(t))
        addShape(tv.getShape());
    });
    return std::vector<int64_t>(dims.begin(), dims.end());
  }
  bool applyOne(TestCase &tc, int64_t dim) override {
    return replaceProgramText(tc, rewriteDims(printProgram(*tc.module), dim,
                                              std::max<int64_t>(1, dim / 2)));
  }
};

/// The rank of the all-ones shape that starts `text` ("1x1xi32>" -> 2),
/// 0 when it starts otherwise (another size, or no shape: "i32>").
unsigned unitShapeRank(StringRef text) {
  unsigned rank = 0;
  while (text.consume_front("1x"))
    ++rank;
  // "1x16xi32": a shape that only starts with ones.
  return text.empty() || llvm::isDigit(text.front()) ? 0 : rank;
}

/// Rewrites every `tile<1x..x1xT>` of rank `rank` in the printed program
/// to the rank-0 `tile<T>`; "" when there is none.
std::string dropUnitShapes(StringRef text, unsigned rank) {
  std::string out;
  out.reserve(text.size());
  bool changed = false;
  for (size_t i = 0; i < text.size();) {
    if (text.substr(i).starts_with("tile<") &&
        unitShapeRank(text.substr(i + 5)) == rank) {
      out += "tile<";
      i += 5 + 2 * rank;
      changed = true;
      continue;
    }
    out += text[i++];
  }
  return changed ? out : "";
}

/// Single-element tiles (`tile<1xT>`, `tile<1x1xT>`, ...) become rank-0
/// tiles, one rank at a time: a single-element store needs no reshape of
/// its pointer, and the reshapes between the ranks become identities that
/// delete-ops removes. The printed program is rewritten and re-parsed;
/// constants printed as element lists (`[0]`) and ops tied to a rank
/// (broadcast, permute, reduce dimensions) make the candidate fail to
/// parse or verify, and it is dropped.
class ScalarShapesPass : public SiteListPass<unsigned> {
public:
  StringRef getName() const override { return "shape-scalar"; }

protected:
  std::vector<unsigned> sites(TestCase &tc) override {
    std::set<unsigned> ranks;
    forEachValueType(tc, [&](Type t) {
      if (auto tile = dyn_cast<TileType>(t))
        if (!tile.getShape().empty() &&
            llvm::all_of(tile.getShape(), [](int64_t d) { return d == 1; }))
          ranks.insert(tile.getShape().size());
    });
    return std::vector<unsigned>(ranks.begin(), ranks.end());
  }
  bool applyOne(TestCase &tc, unsigned rank) override {
    return replaceProgramText(tc,
                              dropUnitShapes(printProgram(*tc.module), rank));
  }
};

//===----------------------------------------------------------------------===//
// Configuration
//===----------------------------------------------------------------------===//

/// A configuration as words (separated by spaces: tilec flags) of items
/// (separated by commas: tile-diff's `sm_100,O2,scheduler=cost`). Words
/// holding a pass pipeline are one item: pipeline-drop shortens those.
using ConfigWords = SmallVector<SmallVector<std::string, 4>>;

ConfigWords splitConfig(StringRef config) {
  SmallVector<StringRef> parts;
  config.split(parts, ' ', -1, /*KeepEmpty=*/false);
  ConfigWords words;
  for (StringRef p : parts) {
    words.emplace_back();
    if (p.contains('(') || p.contains('{')) {
      words.back().push_back(p.str());
      continue;
    }
    SmallVector<StringRef> items;
    p.split(items, ',', -1, /*KeepEmpty=*/false);
    for (StringRef item : items)
      words.back().push_back(item.str());
  }
  return words;
}

/// Drops items of the configuration (flags, `--flag value` pairs as two
/// adjacent sites, tile-diff fields, which then take their defaults).
class ConfigDropPass : public ReductionPass {
public:
  StringRef getName() const override { return "config-drop"; }
  bool changesConfigurationOnly() const override { return true; }
  unsigned countSites(TestCase &tc) override {
    unsigned n = 0;
    for (auto &word : splitConfig(tc.config))
      n += word.size();
    return n;
  }
  bool apply(TestCase &tc, ArrayRef<unsigned> selected) override {
    std::string next;
    unsigned index = 0;
    for (auto &word : splitConfig(tc.config)) {
      std::string kept;
      for (const std::string &item : word) {
        if (!llvm::is_contained(selected, index++))
          kept += (kept.empty() ? "" : ",") + item;
      }
      if (!kept.empty())
        next += (next.empty() ? "" : " ") + kept;
    }
    tc.config = next;
    return true;
  }
};

/// The positions of the numbers in the configuration that can be lowered
/// (opt levels and the like); GPU names (sm_XX) are left alone.
std::vector<std::pair<size_t, size_t>> configNumbers(StringRef config) {
  std::vector<std::pair<size_t, size_t>> nums;
  for (size_t i = 0; i < config.size();) {
    if (!llvm::isDigit(config[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < config.size() && llvm::isDigit(config[j]))
      ++j;
    bool gpu = i >= 3 && config.substr(i - 3, 3) == "sm_";
    bool partOfWord = i > 0 && llvm::isAlpha(config[i - 1]) &&
                      config[i - 1] != 'O' && config[i - 1] != 'o';
    unsigned value = 0;
    if (!gpu && !partOfWord && !config.slice(i, j).getAsInteger(10, value) &&
        value > 0)
      nums.push_back({i, j});
    i = j;
  }
  return nums;
}

/// Decrements a number of the configuration (-O3 -> -O2, level=2 -> 1).
class ConfigLowerPass : public SiteListPass<std::pair<size_t, size_t>> {
public:
  StringRef getName() const override { return "config-lower"; }
  bool changesConfigurationOnly() const override { return true; }

protected:
  std::vector<std::pair<size_t, size_t>> sites(TestCase &tc) override {
    return configNumbers(tc.config);
  }
  bool applyOne(TestCase &tc, std::pair<size_t, size_t> site) override {
    StringRef c = tc.config;
    unsigned value = 0;
    if (c.slice(site.first, site.second).getAsInteger(10, value) || !value)
      return false;
    tc.config = (c.substr(0, site.first) + llvm::Twine(value - 1) +
                 c.substr(site.second))
                    .str();
    return true;
  }
};

/// The top-level pass entries of a `builtin.module(a, b{..}, c)` pipeline
/// in the configuration, as [begin, end) ranges (with a following comma).
std::vector<std::pair<size_t, size_t>> pipelineEntries(StringRef config) {
  std::vector<std::pair<size_t, size_t>> entries;
  size_t start = config.find("builtin.module(");
  if (start == StringRef::npos)
    return entries;
  size_t i = start + strlen("builtin.module(");
  size_t begin = i;
  int depth = 0;
  for (; i < config.size(); ++i) {
    char c = config[i];
    if (c == '(' || c == '{')
      ++depth;
    else if ((c == ')' || c == '}') && depth > 0)
      --depth;
    else if (c == ')' && depth == 0) {
      if (i > begin)
        entries.push_back({begin, i});
      break;
    } else if (c == ',' && depth == 0) {
      entries.push_back({begin, i + 1});
      begin = i + 1;
    }
  }
  return entries;
}

/// Drops passes from a textual pass pipeline in the configuration.
class PipelineDropPass : public ReductionPass {
public:
  StringRef getName() const override { return "pipeline-drop"; }
  bool changesConfigurationOnly() const override { return true; }
  unsigned countSites(TestCase &tc) override {
    return pipelineEntries(tc.config).size();
  }
  bool apply(TestCase &tc, ArrayRef<unsigned> selected) override {
    auto entries = pipelineEntries(tc.config);
    std::string c = tc.config;
    for (unsigned i : llvm::reverse(selected)) {
      if (i >= entries.size())
        return false;
      c.erase(entries[i].first, entries[i].second - entries[i].first);
    }
    // A dropped last entry leaves "a,)" behind.
    size_t pos;
    while ((pos = c.find(",)")) != std::string::npos)
      c.erase(pos, 1);
    tc.config = c;
    return true;
  }
};

} // namespace

void detail::appendValuePasses(PassList &out) {
  out.push_back(
      std::make_unique<ConstantPass>(ConstKind::Splat, "const-splat"));
  out.push_back(std::make_unique<ConstSplatEachPass>());
  out.push_back(std::make_unique<ConstantPass>(ConstKind::Zero, "const-zero"));
  out.push_back(std::make_unique<ConstantPass>(ConstKind::One, "const-one"));
  out.push_back(std::make_unique<ConstantPass>(ConstKind::Half, "const-half"));
  out.push_back(std::make_unique<GridPass>(/*toOne=*/true));
  out.push_back(std::make_unique<GridPass>(/*toOne=*/false));
  out.push_back(std::make_unique<DropArgsPass>());
  out.push_back(std::make_unique<DropHintsPass>());
  out.push_back(std::make_unique<DropOptionalOperandPass>(/*mask=*/false));
  out.push_back(std::make_unique<DropOptionalOperandPass>(/*mask=*/true));
  out.push_back(std::make_unique<ShrinkShapesPass>());
  out.push_back(std::make_unique<ScalarShapesPass>());
  out.push_back(std::make_unique<ConfigDropPass>());
  out.push_back(std::make_unique<ConfigLowerPass>());
  out.push_back(std::make_unique<PipelineDropPass>());
}

} // namespace tilecheck::reduce
