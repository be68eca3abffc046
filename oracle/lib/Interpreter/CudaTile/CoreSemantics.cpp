//===- CoreSemantics.cpp - constants, block ids, shape ops, reductions ----===//
//
// The core category of cuda_tile without memory: constants, the tile block
// coordinates, iota, the shape ops (broadcast, reshape, permute, cat,
// extract) and the combiner ops reduce and scan. The matrix
// multiply-accumulate ops live in MmaSemantics.cpp.
//
// Shape ops never look at element values: they move element bytes
// (Tile::elemBytes() each), so one implementation serves every element
// type, pointers and sub-byte types included, and cannot disturb NaN
// payloads or signed zeros.
//
// reduce and scan run their body once per combination step through
// ExecContext::execBlock. The spec leaves the combination order unspecified
// (the body is meant to be associative and commutative); the oracle fixes
// one deterministic order so that a run is reproducible:
//   * each output position starts from the identity attribute;
//   * the elements along `dim` are folded one at a time in ascending index
//     order (descending for scan with reverse=true), the body receiving
//     (element, accumulator) pairs, operand by operand;
//   * scan stores the accumulator after every step (an inclusive scan).
// A GPU may combine in a tree instead, so float results of non-exact bodies
// must be compared with a tolerance; integer bodies compare bit for bit.
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace mlir;
using namespace tilecheck::cuda_tile;

namespace tilecheck::oracle::cuda_tile_sem {

std::string formatIndex(const Tile &t, int64_t flat) {
  SmallVector<int64_t, 4> index;
  t.unflatten(flat, index);
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "[";
  llvm::interleaveComma(index, os);
  os << "]";
  return s;
}

bool fillFromAttr(Tile &t, Attribute value) {
  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    if (dense.getNumElements() != t.size() && !dense.isSplat())
      return false;
    bool splat = dense.isSplat();
    if (isFloat(t.elemType())) {
      auto values = dense.getValues<APFloat>();
      for (int64_t i = 0; i < t.size(); ++i)
        t.setFloat(i, values[splat ? 0 : i]);
    } else {
      auto values = dense.getValues<APInt>();
      for (int64_t i = 0; i < t.size(); ++i)
        t.setInt(i, values[splat ? 0 : i].getZExtValue());
    }
    return true;
  }
  // Scalars at the nv_tileaa/arith level carry a plain integer or float.
  if (auto f = dyn_cast<FloatAttr>(value)) {
    for (int64_t i = 0; i < t.size(); ++i)
      t.setFloat(i, f.getValue());
    return isFloat(t.elemType());
  }
  if (auto n = dyn_cast<IntegerAttr>(value)) {
    for (int64_t i = 0; i < t.size(); ++i)
      t.setInt(i, n.getValue().getZExtValue());
    return !isFloat(t.elemType());
  }
  return false;
}

namespace {

/// Copies element `from` of `src` into element `to` of `dst` (same type).
inline void copyElem(Tile &dst, int64_t to, const Tile &src, int64_t from) {
  std::memcpy(dst.at(to), src.at(from), src.elemBytes());
}

/// Fills `dst` row-major: result element [i_0, ..., i_n] is source element
/// base + sum_d i_d * strides[d] (one stride per result dimension).
void gatherStrided(Tile &dst, const Tile &src, ArrayRef<int64_t> strides,
                   int64_t base = 0) {
  SmallVector<int64_t, 4> index(dst.rank(), 0);
  for (int64_t i = 0; i < dst.size(); ++i) {
    int64_t from = base;
    for (unsigned d = 0; d < dst.rank(); ++d)
      from += index[d] * strides[d];
    copyElem(dst, i, src, from);
    nextIndex(index, dst.shape());
  }
}

/// The number of elements before dimension `dim` of `shape` (outer) and
/// within one index of it (inner): row-major offset (o * shape[dim] + k) *
/// inner + in.
std::pair<int64_t, int64_t> outerInner(ArrayRef<int64_t> shape, unsigned dim) {
  int64_t outer = 1, inner = 1;
  for (unsigned d = 0; d < dim; ++d)
    outer *= shape[d];
  for (unsigned d = dim + 1; d < shape.size(); ++d)
    inner *= shape[d];
  return {outer, inner};
}

//===----------------------------------------------------------------------===//
// Constants and grid coordinates
//===----------------------------------------------------------------------===//

template <class Ops>
LogicalResult constantSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::ConstantOp>(operation);
  Tile t = makeTile(op.getType());
  if (!fillFromAttr(t, op.getValue()))
    return ctx.error(op, "unsupported constant value");
  return setResultTile(ctx, op.getResult(), std::move(t));
}

template <bool Count>
LogicalResult blockIdSem(ExecContext &ctx, Operation *op) {
  std::array<int64_t, 3> v = Count ? ctx.getGridDims() : ctx.getBlockId();
  for (unsigned d = 0; d < 3; ++d) {
    Tile t(ElemType::I32, {});
    t.setInt(0, static_cast<uint64_t>(v[d]));
    ctx.setTile(op->getResult(d), std::move(t));
  }
  return success();
}

/// Element i is i. The verifier guarantees the count fits the element type
/// (read as unsigned, as the spec says), so setInt never truncates.
template <class Ops>
LogicalResult iotaSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::IotaOp>(operation);
  Tile t = makeTile(op.getType());
  for (int64_t i = 0; i < t.size(); ++i)
    t.setInt(i, static_cast<uint64_t>(i));
  return setResultTile(ctx, op.getResult(), std::move(t));
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

/// The semantics of shape op OpT, whose result tile Compute makes from the
/// tile of its `source` operand alone (or reports an error against the op).
template <class OpT,
          FailureOr<Tile> (*Compute)(ExecContext &, OpT, const Tile &)>
LogicalResult shapeSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  FailureOr<Tile> dst = Compute(ctx, op, ctx.getTile(op.getSource()));
  if (failed(dst))
    return failure();
  return setResultTile(ctx, op.getResult(), std::move(*dst));
}

/// Size-1 source dimensions repeat; the others map one to one.
template <class OpT>
FailureOr<Tile> broadcastTile(ExecContext &ctx, OpT op, const Tile &src) {
  Tile dst = makeTile(op.getType());
  if (src.rank() != dst.rank())
    return ctx.error(op, "source and result ranks differ");
  SmallVector<int64_t, 4> srcStrides = src.strides();
  // A repeated dimension contributes nothing to the source offset.
  for (unsigned d = 0; d < src.rank(); ++d) {
    if (src.shape()[d] == 1)
      srcStrides[d] = 0;
    else if (src.shape()[d] != dst.shape()[d])
      return ctx.error(op, "source dimension " + Twine(d) +
                               " is neither 1 nor the result's size");
  }
  gatherStrided(dst, src, srcStrides);
  return dst;
}

/// Row-major order is kept, so the bytes are the same; only the shape
/// changes.
template <class OpT>
FailureOr<Tile> reshapeTile(ExecContext &ctx, OpT op, const Tile &src) {
  Tile dst = makeTile(op.getType());
  if (src.size() != dst.size() || src.elemType() != dst.elemType())
    return ctx.error(op, "source and result hold different element counts");
  std::memcpy(dst.data(), src.data(), src.size() * src.elemBytes());
  return dst;
}

/// result[i_0, ..., i_n] = source[j] with j[perm[d]] = i_d.
template <class OpT>
FailureOr<Tile> permuteTile(ExecContext &ctx, OpT op, const Tile &src) {
  Tile dst = makeTile(op.getType());
  ArrayRef<int32_t> perm = op.getPermutation();
  if (perm.size() != src.rank() || dst.rank() != src.rank())
    return ctx.error(op, "permutation does not match the rank");
  SmallVector<int64_t, 4> srcStrides = src.strides();
  // Stride of source dimension perm[d] for each result dimension d.
  SmallVector<int64_t, 4> strideOfResultDim(dst.rank());
  for (unsigned d = 0; d < dst.rank(); ++d)
    strideOfResultDim[d] = srcStrides[perm[d]];
  gatherStrided(dst, src, strideOfResultDim);
  return dst;
}

/// Along `dim` the result holds lhs, then rhs.
template <class Ops>
LogicalResult catSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::CatOp>(operation);
  const Tile &lhs = ctx.getTile(op.getLhs());
  const Tile &rhs = ctx.getTile(op.getRhs());
  Tile dst = makeTile(op.getType());
  unsigned dim = static_cast<unsigned>(op.getDim());
  if (dim >= dst.rank())
    return ctx.error(op, "dim is out of range");
  // Copy contiguous runs: everything after `dim` is one run per operand.
  auto [outer, inner] = outerInner(dst.shape(), dim);
  int64_t lhsRun = lhs.shape()[dim] * inner, rhsRun = rhs.shape()[dim] * inner;
  if (lhsRun + rhsRun != dst.shape()[dim] * inner)
    return ctx.error(op, "operand sizes along dim do not add up");
  unsigned bytes = dst.elemBytes();
  uint8_t *out = dst.data();
  for (int64_t o = 0; o < outer; ++o) {
    std::memcpy(out, lhs.at(o * lhsRun), lhsRun * bytes);
    out += lhsRun * bytes;
    std::memcpy(out, rhs.at(o * rhsRun), rhsRun * bytes);
    out += rhsRun * bytes;
  }
  return setResultTile(ctx, op.getResult(), std::move(dst));
}

/// The indices number result-sized blocks of the source (unsigned); a block
/// that does not exist is undefined behaviour.
template <class OpT>
FailureOr<Tile> extractTile(ExecContext &ctx, OpT op, const Tile &src) {
  Tile dst = makeTile(op.getType());
  if (op.getIndices().size() != src.rank())
    return ctx.error(op, "expected one index per dimension");
  SmallVector<int64_t, 4> srcStrides = src.strides();
  // The flat source offset of the block's first element.
  int64_t origin = 0;
  for (auto [d, v] : llvm::enumerate(op.getIndices())) {
    uint64_t block = ctx.getTile(v).getUInt(0);
    uint64_t blocks = src.shape()[d] / dst.shape()[d];
    if (block >= blocks)
      return ctx.ub(op, "index " + Twine(block) + " of dimension " + Twine(d) +
                            " selects a block that does not exist (" +
                            Twine(blocks) + " blocks)");
    origin += static_cast<int64_t>(block) * dst.shape()[d] * srcStrides[d];
  }
  gatherStrided(dst, src, srcStrides, origin);
  return dst;
}

//===----------------------------------------------------------------------===//
// reduce and scan
//===----------------------------------------------------------------------===//

/// The identity attribute as a rank-0 tile of element type `type`. The
/// verifier lets f16 and bf16 identities stand for each other; the value is
/// then converted (round to nearest even), not reinterpreted.
FailureOr<Tile> identityTile(ExecContext &ctx, Operation *op, Attribute attr,
                             ElemType type) {
  Tile t(type, {});
  if (auto f = dyn_cast<FloatAttr>(attr)) {
    if (!isFloat(type))
      return ctx.error(op, "float identity for a non-float operand");
    APFloat v = f.getValue();
    bool lost;
    v.convert(*semantics(type), APFloat::rmNearestTiesToEven, &lost);
    t.setFloat(0, v);
    return t;
  }
  if (auto i = dyn_cast<IntegerAttr>(attr)) {
    if (isFloat(type))
      return ctx.error(op, "integer identity for a float operand");
    t.setInt(0, i.getValue().getZExtValue());
    return t;
  }
  return ctx.error(op, "identity is neither an integer nor a float");
}

/// Two scalar results that any order of combination could have produced
/// alike: the same bits, or two NaNs (whose payloads the comparisons
/// ignore too).
bool sameScalar(const Tile &a, const Tile &b) {
  if (std::memcmp(a.data(), b.data(), a.elemBytes()) == 0)
    return true;
  return isFloat(a.elemType()) && a.getFloat(0).isNaN() &&
         b.getFloat(0).isNaN();
}

/// RunOptions::checkCombinerOrder: runs `body` again with every
/// (element, accumulator) pair of `args` swapped and reports undefined
/// behaviour when it yields other values than `yielded`.
LogicalResult checkCommutes(ExecContext &ctx, Operation *op, Block &body,
                            ArrayRef<RtValue> args, ArrayRef<RtValue> yielded) {
  SmallVector<RtValue> swapped(args.begin(), args.end());
  for (unsigned i = 0; i + 1 < swapped.size(); i += 2)
    std::swap(swapped[i], swapped[i + 1]);
  FailureOr<FlowSignal> sig = ctx.execBlock(body, swapped);
  if (failed(sig))
    return failure();
  if (sig->kind != FlowSignal::Kind::Yield ||
      sig->values.size() != yielded.size())
    return ctx.error(op, "body must end with a yield of one value per "
                         "operand");
  for (unsigned i = 0; i < yielded.size(); ++i) {
    const RtValue &v = sig->values[i];
    bool scalar = v.isTile() && v.getTile().size() == 1 &&
                  v.getTile().elemType() == yielded[i].getTile().elemType();
    if (scalar && sameScalar(v.getTile(), yielded[i].getTile()))
      continue;
    std::string got = v.isTile() ? v.getTile().str() : "another value";
    return ctx.ub(op, llvm::Twine("the body is not commutative on the values "
                                  "it combines: (") +
                          args[2 * i].getTile().str() + ", " +
                          args[2 * i + 1].getTile().str() + ") yields " +
                          yielded[i].getTile().str() + ", swapped " + got +
                          "; the result depends on the unspecified "
                          "combination order");
  }
  return success();
}

/// Shared driver of reduce (Scan = false) and scan. For every position of
/// the operands outside `dim`, folds the elements along `dim` with the body
/// as the file comment describes.
template <bool Scan>
LogicalResult combineSem(ExecContext &ctx, Operation *op, unsigned dim,
                         bool reverse, ArrayAttr identities, Block &body) {
  unsigned numOperands = op->getNumOperands();
  SmallVector<const Tile *> inputs;
  SmallVector<Tile> outputs;
  SmallVector<RtValue> identityValues;
  for (unsigned i = 0; i < numOperands; ++i) {
    inputs.push_back(&ctx.getTile(op->getOperand(i)));
    outputs.push_back(makeTile(op->getResult(i).getType()));
    FailureOr<Tile> id =
        identityTile(ctx, op, identities[i], inputs.back()->elemType());
    if (failed(id))
      return failure();
    identityValues.push_back(RtValue::tile(std::move(*id)));
  }
  ArrayRef<int64_t> shape = inputs[0]->shape();
  if (dim >= shape.size())
    return ctx.error(op, "dim is out of range");
  auto [outer, inner] = outerInner(shape, dim);
  int64_t n = shape[dim];

  SmallVector<RtValue> acc, args(2 * numOperands);
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t in = 0; in < inner; ++in) {
      acc.assign(identityValues.begin(), identityValues.end());
      for (int64_t step = 0; step < n; ++step) {
        int64_t k = reverse ? n - 1 - step : step;
        int64_t from = (o * n + k) * inner + in;
        for (unsigned i = 0; i < numOperands; ++i) {
          Tile e(inputs[i]->elemType(), {});
          copyElem(e, 0, *inputs[i], from);
          args[2 * i] = RtValue::tile(std::move(e));
          args[2 * i + 1] = acc[i];
        }
        FailureOr<FlowSignal> sig = ctx.execBlock(body, args);
        if (failed(sig))
          return failure();
        if (sig->kind != FlowSignal::Kind::Yield ||
            sig->values.size() != numOperands)
          return ctx.error(op, "body must end with a yield of one value per "
                               "operand");
        for (unsigned i = 0; i < numOperands; ++i) {
          const RtValue &v = sig->values[i];
          if (!v.isTile() || v.getTile().size() != 1 ||
              v.getTile().elemType() != inputs[i]->elemType())
            return ctx.error(op, "body yielded a value that is not a scalar "
                                 "tile of the operand's element type");
        }
        if (ctx.getInterpreter().getOptions().checkCombinerOrder &&
            failed(checkCommutes(ctx, op, body, args, sig->values)))
          return failure();
        for (unsigned i = 0; i < numOperands; ++i) {
          const RtValue &v = sig->values[i];
          acc[i] = v;
          if (Scan)
            copyElem(outputs[i], from, v.getTile(), 0);
        }
      }
      if (!Scan)
        for (unsigned i = 0; i < numOperands; ++i)
          copyElem(outputs[i], o * inner + in, acc[i].getTile(), 0);
    }
  }
  for (unsigned i = 0; i < numOperands; ++i)
    ctx.setTile(op->getResult(i), std::move(outputs[i]));
  return success();
}

template <class Ops>
LogicalResult reduceSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::ReduceOp>(operation);
  return combineSem<false>(ctx, op, op.getDim(), /*reverse=*/false,
                           op.getIdentities(), op.getBody().front());
}

template <class Ops>
LogicalResult scanSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::ScanOp>(operation);
  return combineSem<true>(ctx, op, op.getDim(), op.getReverse(),
                          op.getIdentities(), op.getBody().front());
}

} // namespace

template <class Ops> void registerCoreFor(SemanticsRegistry &r) {
  using BroadcastOp = typename Ops::BroadcastOp;
  using ReshapeOp = typename Ops::ReshapeOp;
  using PermuteOp = typename Ops::PermuteOp;
  using ExtractOp = typename Ops::ExtractOp;
  add<typename Ops::ConstantOp>(r, constantSem<Ops>);
  add<typename Ops::GetTileBlockIdOp>(r, blockIdSem<false>);
  add<typename Ops::GetNumTileBlocksOp>(r, blockIdSem<true>);
  add<typename Ops::IotaOp>(r, iotaSem<Ops>);
  add<BroadcastOp>(r, shapeSem<BroadcastOp, broadcastTile<BroadcastOp>>);
  add<ReshapeOp>(r, shapeSem<ReshapeOp, reshapeTile<ReshapeOp>>);
  add<PermuteOp>(r, shapeSem<PermuteOp, permuteTile<PermuteOp>>);
  add<typename Ops::CatOp>(r, catSem<Ops>);
  add<ExtractOp>(r, shapeSem<ExtractOp, extractTile<ExtractOp>>);
  add<typename Ops::ReduceOp>(r, reduceSem<Ops>);
  add<typename Ops::ScanOp>(r, scanSem<Ops>);
}

TILECHECK_INSTANTIATE_FOR_MIRRORS(registerCoreFor)

} // namespace tilecheck::oracle::cuda_tile_sem
