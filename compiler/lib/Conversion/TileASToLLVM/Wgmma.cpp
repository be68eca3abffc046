//===- Wgmma.cpp - dots on sm_90's warpgroup MMA --------------------------===//
//
// On sm_90 a dot runs on wgmma.mma_async (PTX ISA 9.7.15; the module is
// then compiled for sm_90a) when its types are wgmma's: f16 into f32 or
// f16, bf16 and tf32 into f32, e4m3 and e5m2 into f32 or f16, i8 into i32
// (dot_int, each operand its signedness); any M, N, K: the operands are
// padded with zeros to whole 64-row blocks, 8 columns and k-steps (32
// bytes of elements), and the accumulator elements past M or N are never
// loaded or stored. Other dots, and every dot of a module with agents,
// keep mma.sync or the FMA loop (SharedMemory.cpp).
//
// Like mma.sync, the operands go through the scratch buffer, but in the
// ISA's canonical K-major layout without swizzling: 8x16-byte core
// matrices, those of one 8-row group side by side along K (the leading
// byte offset, 128) and the groups one after the other (the stride byte
// offset, 128 times the 16-byte chunks of a row of K). A is M rows of K, B
// (K x N in the tile) N rows of K, so each k-step's 32 bytes of K start 256
// bytes after the previous one's and a 64-row (N-row) block 8 (N/8) groups
// after the previous one. The writes are ordered before the tensor cores'
// reads by fence.proxy.async and a barrier. Each warpgroup (128 threads)
// takes 64 x BN blocks of the result, BN the widest multiple of 8 up to 128
// dividing N, and holds the block's accumulator in its registers in the
// wgmma fragment layout (thread i of the warpgroup: rows 16 (i / 32) +
// (i % 32) / 4 (+ 8), columns 8j + 2 (i % 4) (+ 1)), loaded from the
// staged accumulator. One inline statement for up to 8 k-steps fences,
// issues their wgmmas back to back, commits and waits: no register of an
// instance in flight is ever touched outside it (the ISA leaves that
// undefined, and LLVM's copies between statements would do it). The block is
// written back to the scratch buffer and every thread reads its slots of the
// result.
//
// Like mma.sync, the products are exact and the order and precision of
// the sums unspecified: the comparison's MMA class.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::backend;

namespace as = tilecheck::nv_tileas;

std::optional<WgmmaForm> tilecheck::backend::wgmmaForm(Operation *op,
                                                       const ThreadMap &map,
                                                       unsigned cc) {
  if (cc != 90 || map.groups != 1 || map.threads % 128 != 0 ||
      !isa<as::DotOp, as::DotIntOp>(op))
    return std::nullopt;
  RankedTensorType a = tensorType(op->getOperand(0)),
                   c = tensorType(op->getOperand(2));
  if (a.getRank() < 2 || a.getRank() > 3)
    return std::nullopt;
  Type in = a.getElementType(), acc = c.getElementType();
  WgmmaForm f;
  auto same = [&](StringRef t, StringRef d) {
    f.atype = f.btype = t.str();
    f.dtype = d.str();
  };
  if (auto dotInt = dyn_cast<as::DotIntOp>(op)) {
    if (!in.isInteger(8) || !acc.isInteger(32))
      return std::nullopt;
    auto sign = [](cuda_tile::Signedness v) {
      return v == cuda_tile::Signedness::Signed ? "s8" : "u8";
    };
    f.atype = sign(dotInt.getSignednessLhs());
    f.btype = sign(dotInt.getSignednessRhs());
    f.dtype = "s32";
  } else if (in.isF16() && (acc.isF32() || acc.isF16())) {
    same("f16", acc.isF32() ? "f32" : "f16");
  } else if (in.isBF16() && acc.isF32()) {
    same("bf16", "f32");
  } else if (in.isTF32() && acc.isF32()) {
    same("tf32", "f32");
  } else if (isa<Float8E4M3FNType, Float8E5M2Type>(in) &&
             (acc.isF32() || acc.isF16())) {
    same(isa<Float8E4M3FNType>(in) ? "e4m3" : "e5m2",
         acc.isF32() ? "f32" : "f16");
  } else {
    return std::nullopt;
  }
  f.elemBytes = storageBytes(convertElementType(in));
  f.kStep = 32 / f.elemBytes;
  unsigned rank = c.getRank();
  f.batch = rank == 3 ? c.getShape()[0] : 1;
  f.m = c.getShape()[rank - 2];
  f.nTile = c.getShape()[rank - 1];
  f.k = a.getShape()[rank - 1];
  auto roundUp = [](int64_t v, int64_t to) { return (v + to - 1) / to * to; };
  f.mPad = roundUp(f.m, 64);
  f.nPad = roundUp(f.nTile, 8);
  f.kPad = roundUp(f.k, f.kStep);
  // The widest block of N up to 128 that divides the padded N.
  for (int64_t bn = std::min<int64_t>(f.nPad, 128); bn >= 8; bn -= 8)
    if (f.nPad % bn == 0) {
      f.n = bn;
      break;
    }
  // The padded staging must fit where mma.sync's would (M padded to 64
  // rows can exceed the shared memory a small-M, long-K dot fits in).
  if (wgmmaScratchBytes(op, f) > maxDynamicSharedBytes(cc))
    return std::nullopt;
  return f;
}

int64_t tilecheck::backend::wgmmaScratchBytes(Operation *op,
                                              const WgmmaForm &f) {
  RankedTensorType c = tensorType(op->getOperand(2));
  int64_t accBytes =
      c.getNumElements() * storageBytes(convertElementType(c.getElementType()));
  return alignTo16(f.aBytes() + f.bBytes()) + accBytes;
}

namespace {

/// The k-steps one inline statement issues before it waits: they run back
/// to back on the tensor cores; more would only lengthen the statement.
constexpr int64_t kStepsPerStatement = 8;

/// The byte offset (i32), in an operand staged K-major, of element (row,
/// col) of batch `bi`: rows x k elements of `eb` bytes a batch.
Value canonicalOffset(ThreadIndexer &ix, Value bi, Value row, Value col,
                      int64_t rows, int64_t k, int64_t eb) {
  I32 a{ix.b, ix.loc};
  int64_t chunks = k * eb / 16, perChunk = 16 / eb;
  // Core matrix (row / 8, col / perChunk), then row % 8 within it.
  Value core = a.add(a.mul(a.div(row, 8), chunks), a.div(col, perChunk));
  Value inCore =
      a.add(a.mul(a.rem(row, 8), 16), a.mul(a.rem(col, perChunk), eb));
  return a.add(a.mul(bi, rows * k * eb), a.add(a.mul(core, 128), inCore));
}

/// The 64-bit descriptor of a K-major operand starting at shared address
/// `start` (i64) with rows of `k` elements of `eb` bytes: no swizzle, the
/// leading byte offset 128, the stride byte offset a row group's bytes.
Value descriptor(ThreadIndexer &ix, Value start, int64_t k, int64_t eb) {
  OpBuilder &b = ix.b;
  Location loc = ix.loc;
  uint64_t sbo = static_cast<uint64_t>(k * eb / 16 * 128);
  uint64_t fixed = (uint64_t(128 >> 4) << 16) | ((sbo >> 4) << 32);
  Value field = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, start, ix.i64(4)), ix.i64(0x3fff));
  return arith::OrIOp::create(b, loc, field,
                              ix.i64(static_cast<int64_t>(fixed)));
}

template <typename OpT>
LogicalResult lowerWgmmaDot(OpT op, OneToN<OpT> adaptor, Rewriter &rewriter,
                            const BackendTypeConverter &tc) {
  std::optional<WgmmaForm> form = wgmmaForm(op, tc.map, tc.computeCapability);
  if (!form)
    return failure();
  const WgmmaForm &f = *form;
  Location loc = op.getLoc();
  RankedTensorType c = tensorType(op.getAcc()), a = tensorType(op.getLhs());
  Type in = convertElementType(a.getElementType()),
       accType = convertElementType(c.getElementType()),
       i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
  const int64_t eb = f.elemBytes, batch = f.batch, m = f.m, n = f.nTile,
                k = f.k, kPad = f.kPad;
  unsigned rank = c.getRank();
  ThreadIndexer ix(rewriter, loc, tc.map);
  Scratch smem = Scratch::get(ix);
  int64_t bOffset = f.aBytes();
  int64_t cOffset = alignTo16(bOffset + f.bBytes());
  // Padding (rows past M and N, columns past K) reads as zeros: the
  // staging areas are cleared first, 16 bytes a store, then a barrier.
  if (f.padded()) {
    int64_t chunks = (bOffset + f.bBytes()) / 16, threads = tc.map.threads;
    auto clear =
        scf::ForOp::create(rewriter, loc, ix.i32(0),
                           ix.i32((chunks + threads - 1) / threads), ix.i32(1));
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(clear.getBody()->getTerminator());
    ThreadIndexer in(rewriter, loc, tc.map);
    Value chunk = arith::AddIOp::create(
        rewriter, loc, in.tid(),
        arith::MulIOp::create(rewriter, loc, clear.getInductionVar(),
                              in.i32(threads)));
    Value at = LLVM::GEPOp::create(
        rewriter, loc, smem.base.getType(), rewriter.getI8Type(), smem.base,
        ValueRange{arith::MulIOp::create(rewriter, loc, chunk, in.i32(16))});
    SmallVector<Value> zero(4, in.i32(0));
    guardedVectorStore(rewriter, loc, zero, at,
                       arith::CmpIOp::create(rewriter, loc,
                                             arith::CmpIPredicate::ult, chunk,
                                             in.i32(chunks)));
  }
  if (f.padded())
    ix.barrier();

  // Every owner stores its elements of A ([b][m][k]) and B ([b][k][n])
  // at their K-major places, and its accumulator slots row-major.
  auto stage = [&](ValueRange values, int64_t offset, bool isB) {
    int64_t count = batch * m * k;
    ArrayRef<int64_t> shape = a.getShape();
    int64_t rows = f.mPad;
    if (isB) {
      count = batch * k * n;
      shape = tensorType(op.getRhs()).getShape();
      rows = f.nPad;
    }
    SmallVector<int64_t> full(shape);
    if (rank == 2)
      full.insert(full.begin(), 1);
    for (int64_t s = 0, e = values.size(); s < e; ++s) {
      SmallVector<Value> at = ix.coords(ix.element(count, s), full);
      Value row = isB ? at[2] : at[1], col = isB ? at[1] : at[2];
      Value byte = canonicalOffset(ix, at[0], row, col, rows, kPad, eb);
      Value ptr = LLVM::GEPOp::create(
          rewriter, loc, smem.base.getType(), rewriter.getI8Type(), smem.base,
          ValueRange{
              arith::AddIOp::create(rewriter, loc, byte, ix.i32(offset))});
      guardedStore(rewriter, loc, values[s], ptr, ix.owner(count, s),
                   as::MemSemantic::WEAK);
    }
  };
  stage(adaptor.getLhs(), 0, /*isB=*/false);
  stage(adaptor.getRhs(), bOffset, /*isB=*/true);
  smem.write(cOffset, adaptor.getAcc(), batch * m * n, accType);
  // The tensor cores read through the async proxy.
  inlinePtx(rewriter, loc, Type(), "fence.proxy.async.shared::cta;",
            "~{memory}", {});
  ix.barrier();

  Value tid = ix.tid();
  Value wg = arith::DivUIOp::create(rewriter, loc, tid, ix.i32(128));
  Value i = arith::RemUIOp::create(rewriter, loc, tid, ix.i32(128));
  Value base = LLVM::PtrToIntOp::create(rewriter, loc, i64, smem.base);
  const int64_t groups = tc.map.threads / 128, mBlocks = f.mPad / 64,
                nBlocks = f.nPad / f.n, perBatch = mBlocks * nBlocks,
                blocks = batch * perBatch;
  // f16 accumulators two to a 32-bit register, the first low.
  const bool packed = f.dtype == "f16";
  const int64_t elems = f.n / 2, regs = packed ? elems / 2 : elems;
  Type regType = f.dtype == "f32" ? Type(rewriter.getF32Type()) : i32;
  // Warpgroup g takes output blocks g, g + groups, ...
  forEachBlock(
      rewriter, loc, wg, groups, blocks,
      [&](OpBuilder &bb, Location l, Value block) {
        ThreadIndexer in2(bb, l, tc.map);
        Scratch local{in2, smem.base};
        I32 ar{bb, l};
        auto add = [&](Value x, Value y) { return ar.add(x, y); };
        auto mul = [&](Value x, int64_t y) { return ar.mul(x, y); };
        auto div = [&](Value x, int64_t y) { return ar.div(x, y); };
        auto rem = [&](Value x, int64_t y) { return ar.rem(x, y); };
        OutputBlock at = outputBlock(ar, block, perBatch, nBlocks, 64, f.n);
        Value bi = at.batch, row0 = at.row0, col0 = at.col0;
        // This thread's accumulator elements: rows 16 (i / 32) + (i % 32)
        // / 4 (+ 8), columns 8j + 2 (i % 4) (+ 1).
        Value fragRow = add(mul(div(i, 32), 16), div(rem(i, 32), 4));
        Value fragCol = mul(rem(i, 4), 2);
        // Elements past M or N (padding) start from zero and are dropped.
        SmallVector<Value> cIndex, cValid;
        Value accZero =
            arith::ConstantOp::create(bb, l, bb.getZeroAttr(accType));
        for (int64_t e = 0; e < elems; ++e) {
          Value row = add(add(row0, fragRow), in2.i32(8 * ((e >> 1) & 1)));
          Value col = add(add(col0, fragCol), in2.i32(8 * (e >> 2) + (e & 1)));
          auto below = [&](Value x, int64_t bound, int64_t padded) -> Value {
            if (bound == padded)
              return in2.boolean(true);
            return arith::CmpIOp::create(bb, l, arith::CmpIPredicate::ult, x,
                                         in2.i32(bound));
          };
          Value valid = arith::AndIOp::create(bb, l, below(row, m, f.mPad),
                                              below(col, n, f.nPad));
          cValid.push_back(valid);
          // Padding elements index element 0 (never dereferenced).
          Value index = add(mul(bi, m * n), add(mul(row, n), col));
          cIndex.push_back(
              arith::SelectOp::create(bb, l, valid, index, in2.i32(0)));
        }
        auto loadAcc = [&](int64_t e) {
          return guardedLoad(bb, l, accType,
                             local.address(cOffset, cIndex[e], accType),
                             cValid[e], accZero, as::MemSemantic::WEAK);
        };
        SmallVector<Value> init;
        for (int64_t r = 0; r < regs; ++r) {
          if (!packed) {
            Value v = loadAcc(r);
            if (regType != accType)
              v = arith::BitcastOp::create(bb, l, regType, v);
            init.push_back(v);
            continue;
          }
          Value word;
          for (int64_t h = 0; h < 2; ++h) {
            Value bits = arith::ExtUIOp::create(
                bb, l, i32,
                arith::BitcastOp::create(bb, l, bb.getI16Type(),
                                         loadAcc(2 * r + h)));
            if (h)
              bits = arith::ShLIOp::create(bb, l, bits, in2.i32(16));
            word = h ? arith::OrIOp::create(bb, l, word, bits) : bits;
          }
          init.push_back(word);
        }
        // The block's first rows of A and of B (shared addresses).
        int64_t chunks = kPad * eb / 16;
        auto start = [&](int64_t offset, int64_t rowsPerBatch, Value row) {
          Value byte =
              add(mul(bi, rowsPerBatch * kPad * eb),
                  add(in2.i32(offset), mul(div(row, 8), chunks * 128)));
          return arith::AddIOp::create(
              bb, l, base, arith::ExtUIOp::create(bb, l, i64, byte));
        };
        Value aStart = start(0, f.mPad, row0),
              bStart = start(bOffset, f.nPad, col0);
        // One statement for up to kStepsPerStatement k-steps: fence,
        // issue them one after the other (the tensor cores chain them on
        // the accumulators), commit, wait.
        const int64_t steps = kPad / f.kStep;
        int64_t unroll = std::min(steps, kStepsPerStatement);
        while (steps % unroll != 0) // a divisor (tiles are powers of two)
          --unroll;
        std::string list;
        for (int64_t r = 0; r < regs; ++r)
          list += llvm::formatv("{0}${1}", r ? ", " : "", r).str();
        std::string tail = ", 1";
        if (f.dtype != "s32")
          tail += ", 1, 1";
        if (f.atype == "f16" || f.atype == "bf16")
          tail += ", 0, 0";
        std::string text = "{\nwgmma.fence.sync.aligned;\n";
        for (int64_t u = 0; u < unroll; ++u)
          text += llvm::formatv(
                      "wgmma.mma_async.sync.aligned.m64n{0}k{1}.{2}.{3}.{4} "
                      "{{{5}}, ${6}, ${7}{8};\n",
                      f.n, f.kStep, f.dtype, f.atype, f.btype, list,
                      2 * regs + 2 * u, 2 * regs + 2 * u + 1, tail)
                      .str();
        text += "wgmma.commit_group.sync.aligned;\n"
                "wgmma.wait_group.sync.aligned 0;\n}";
        std::string constraints;
        StringRef out = f.dtype == "f32" ? "=f" : "=r";
        for (int64_t r = 0; r < regs; ++r)
          constraints += (r ? "," : "") + out.str();
        for (int64_t r = 0; r < regs; ++r)
          constraints += "," + std::to_string(r);
        for (int64_t u = 0; u < unroll; ++u)
          constraints += ",l,l";
        constraints += ",~{memory}";
        auto result = LLVM::LLVMStructType::getLiteral(
            bb.getContext(), SmallVector<Type>(regs, regType));
        auto loop = scf::ForOp::create(
            bb, l, in2.i32(0), in2.i32(steps / unroll), in2.i32(1), init,
            [&](OpBuilder &lb, Location ll, Value chunk, ValueRange acc) {
              ThreadIndexer in3(lb, ll, tc.map);
              SmallVector<Value> operands(acc.begin(), acc.end());
              for (int64_t u = 0; u < unroll; ++u) {
                // k-step chunk * unroll + u: 256 bytes (two core
                // matrices of each row group) after the previous one.
                Value step = arith::ExtUIOp::create(
                    lb, ll, i64,
                    arith::AddIOp::create(
                        lb, ll,
                        arith::MulIOp::create(lb, ll, chunk,
                                              in3.i32(256 * unroll)),
                        in3.i32(256 * u)));
                for (Value first : {aStart, bStart})
                  operands.push_back(descriptor(
                      in3, arith::AddIOp::create(lb, ll, first, step), kPad,
                      eb));
              }
              Value d = inlinePtx(lb, ll, result, text, constraints, operands);
              SmallVector<Value> next;
              for (int64_t r = 0; r < regs; ++r)
                next.push_back(LLVM::ExtractValueOp::create(lb, ll, d, r));
              scf::YieldOp::create(lb, ll, next);
            });
        for (int64_t r = 0; r < regs; ++r) {
          Value v = loop.getResult(r);
          if (!packed) {
            if (regType != accType)
              v = arith::BitcastOp::create(bb, l, accType, v);
            guardedStore(bb, l, v, local.address(cOffset, cIndex[r], accType),
                         cValid[r], as::MemSemantic::WEAK);
            continue;
          }
          for (int64_t h = 0; h < 2; ++h) {
            Value bits = h ? arith::ShRUIOp::create(bb, l, v, in2.i32(16)) : v;
            Value half = arith::BitcastOp::create(
                bb, l, accType,
                arith::TruncIOp::create(bb, l, bb.getI16Type(), bits));
            guardedStore(bb, l, half,
                         local.address(cOffset, cIndex[2 * r + h], accType),
                         cValid[2 * r + h], as::MemSemantic::WEAK);
          }
        }
      });
  ix.barrier();
  SmallVector<Value> values = smem.readSlots(cOffset, batch * m * n, accType);
  ix.barrier();
  rewriter.replaceOpWithMultiple(op, {values});
  return success();
}

} // namespace

void tilecheck::backend::populateWgmmaPatterns(const BackendTypeConverter &tc,
                                               RewritePatternSet &patterns) {
  patterns.add<FunctionLowering<lowerWgmmaDot<as::DotOp>>,
               FunctionLowering<lowerWgmmaDot<as::DotIntOp>>>(
      tc, patterns.getContext(), /*benefit=*/3);
}
