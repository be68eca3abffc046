//===- Print.cpp - print_tko through CUDA's vprintf -----------------------===//
//
// print_tko prints its format once per tile block, each conversion
// formatting a whole tile ("[1, 2]", nested brackets per dimension, a
// scalar as itself), as the interpreter does (oracle ControlSemantics.cpp).
// Below nv_tileas the tile arguments go through the scratch buffer, then
// thread 0 of the block prints with CUDA's device printf (vprintf): one
// call for the whole print when it has at most 32 elements (so that tile
// blocks printing at once cannot cut into each other's lines), else one
// call per piece of literal text, bracket, separator and element; each
// element with
// the interpreter's conversion (integers as 64 bits, "ll", signed for d and
// i except i1; %c as an int of the low byte; floats, f8 and tf32 included,
// as doubles). Pointers are not printed (their addresses are the
// launcher's), nor conversions the interpreter reports as undefined.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::backend;

namespace as = tilecheck::nv_tileas;

namespace {

/// A piece of a print_tko format: literal text, or a conversion of the next
/// tile argument.
struct Piece {
  std::string text; // literal text ("%%" already unescaped)
  std::string spec; // flags, width and precision (length dropped)
  char conv = 0;    // 0: literal
};

/// A print_tko argument as the printing code sees it.
struct PrintArg {
  ValueRange parts;        // its converted values
  int64_t offset;          // where it is staged in scratch; -1: not staged
  Type elem, storage;      // element type and its LLVM storage
  RankedTensorType shaped; // null for a scalar
  unsigned rank;           // 0 for a scalar
};

/// The format split as the interpreter splits it; failure for what it
/// reports as undefined or an error (%s, %n, '*', operand count).
FailureOr<SmallVector<Piece>> parseFormat(StringRef str, unsigned numArgs) {
  SmallVector<Piece> pieces;
  std::string literal;
  unsigned conversions = 0;
  for (size_t pos = 0; pos < str.size(); ++pos) {
    if (str[pos] != '%') {
      literal += str[pos];
      continue;
    }
    size_t end = str.find_first_of("diuoxXeEfFgGaAcsSpn%", pos + 1);
    if (end == StringRef::npos)
      return failure();
    StringRef spec = str.slice(pos + 1, end);
    char conv = str[end];
    pos = end;
    if (conv == '%' && spec.empty()) {
      literal += '%';
      continue;
    }
    if (spec.contains('*') || StringRef("sSn%p").contains(conv))
      return failure();
    if (!literal.empty())
      pieces.push_back({literal, "", 0});
    literal.clear();
    pieces.push_back({"", spec.rtrim("hlLqjzt").str(), conv});
    ++conversions;
  }
  if (!literal.empty())
    pieces.push_back({literal, "", 0});
  if (conversions != numArgs)
    return failure();
  return pieces;
}

bool isFloatConversion(char c) { return StringRef("fFeEgGaA").contains(c); }

/// Whether conversion `c` prints elements of `elem` as the interpreter
/// does (no pointers).
bool printable(char c, Type elem) {
  if (isa<FloatType>(elem))
    return isFloatConversion(c) && convertElementType(elem) &&
           !isa<Float8E8M0FNUType>(elem);
  // (i4 is for conversions only.)
  if (isa<IntegerType>(elem))
    return StringRef("diuoxXc").contains(c) && convertElementType(elem) &&
           !isNibble(elem);
  return false;
}

/// Escapes '%' so that `text` prints as itself.
std::string literalFormat(StringRef text) {
  std::string out;
  for (char c : text) {
    out += c;
    if (c == '%')
      out += '%';
  }
  return out;
}

/// Emits the vprintf calls of one print_tko.
struct Printer {
  OpBuilder &b;
  Location loc;
  ModuleOp module;
  Value buffer; // an 8-byte generic stack slot for the one argument

  LLVM::LLVMFuncOp vprintf() {
    if (auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>("vprintf"))
      return fn;
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto ptr = LLVM::LLVMPointerType::get(b.getContext());
    return LLVM::LLVMFuncOp::create(
        b, loc, "vprintf",
        LLVM::LLVMFunctionType::get(b.getI32Type(), {ptr, ptr}));
  }

  /// The generic address of a NUL-terminated constant string (one global
  /// per distinct string).
  Value string(StringRef text) {
    std::string value = text.str();
    value.push_back('\0');
    auto type = LLVM::LLVMArrayType::get(b.getI8Type(), value.size());
    std::string name = constantGlobal(b, loc, module, "__tilec_fmt", type,
                                      b.getStringAttr(value), /*alignment=*/1);
    Value global = LLVM::AddressOfOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext(), 1), name);
    return LLVM::AddrSpaceCastOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext()), global);
  }

  void call(StringRef format, Value arg = Value()) {
    Value args = buffer;
    if (arg)
      LLVM::StoreOp::create(b, loc, arg, buffer, /*alignment=*/8);
    else
      args = LLVM::ZeroOp::create(b, loc,
                                  LLVM::LLVMPointerType::get(b.getContext()));
    LLVM::CallOp::create(b, loc, vprintf(), ValueRange{string(format), args});
  }

  /// One element (its storage value `x`, logical type `elem`) with `p`:
  /// the value vprintf reads (an i64, an f64 or, for %c, an i32) and its
  /// conversion, appended to `format`.
  Value elementValue(const Piece &p, Value x, Type elem, std::string &format) {
    std::string fmt = "%" + p.spec;
    if (isa<FloatType>(elem)) {
      Type f64 = b.getF64Type();
      Value d = isNarrowFloat(elem) ? convertNarrowFloat(b, loc, x, elem, f64)
                : elem.isF64()      ? x
                                    : arith::ExtFOp::create(b, loc, f64, x);
      if (!isNarrowFloat(elem) && !elem.isF64()) {
        // cvt gives a NaN without its sign; the interpreter's widening
        // keeps it ("-nan"): copy the sign bit over.
        unsigned w = elem.getIntOrFloatBitWidth();
        Type i64 = b.getI64Type();
        Value bits = arith::BitcastOp::create(b, loc, b.getIntegerType(w), x);
        Value sign = arith::ShRUIOp::create(
            b, loc, bits,
            arith::ConstantOp::create(b, loc,
                                      b.getIntegerAttr(bits.getType(), w - 1)));
        sign = arith::ShLIOp::create(
            b, loc, arith::ExtUIOp::create(b, loc, i64, sign),
            arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(63)));
        Value wide = arith::BitcastOp::create(b, loc, i64, d);
        d = arith::BitcastOp::create(b, loc, f64,
                                     arith::OrIOp::create(b, loc, wide, sign));
      }
      format += fmt + p.conv;
      return d;
    }
    unsigned width = elem.getIntOrFloatBitWidth();
    if (p.conv == 'c') {
      Value v = castInteger(b, loc, x, b.getI32Type(), /*isSigned=*/false);
      format += fmt + 'c';
      return arith::AndIOp::create(
          b, loc, v,
          arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(0xff)));
    }
    bool isSigned = (p.conv == 'd' || p.conv == 'i') && width != 1;
    format += fmt + "ll" + p.conv;
    return castInteger(b, loc, x, b.getI64Type(), isSigned);
  }

  /// One element in a vprintf call of its own.
  void element(const Piece &p, Value x, Type elem) {
    std::string format;
    Value v = elementValue(p, x, elem, format);
    call(format, v);
  }
};

/// The bytes vprintf reads for one element printed with conversion `c`: an
/// int for %c, else a long long or a double.
int64_t argumentBytes(char c) { return c == 'c' ? 4 : 8; }

/// The text around element `e` of a tile of `shape` (row-major): ", "
/// before every element but the first, a '[' for every trailing dimension
/// at index 0, and after it a ']' for every trailing dimension at its end.
std::pair<std::string, std::string> elementBrackets(ArrayRef<int64_t> shape,
                                                    int64_t e) {
  SmallVector<int64_t> c(shape.size());
  for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
    c[d] = e % shape[d];
    e /= shape[d];
  }
  std::string before, after;
  bool first = llvm::all_of(c, [](int64_t x) { return x == 0; });
  if (!first)
    before = ", ";
  for (int d = static_cast<int>(shape.size()) - 1; d >= 0 && c[d] == 0; --d)
    before += '[';
  for (int d = static_cast<int>(shape.size()) - 1;
       d >= 0 && c[d] == shape[d] - 1; --d)
    after += ']';
  return {before, after};
}

LogicalResult lowerPrint(as::PrintTkoOp op, OneToN<as::PrintTkoOp> adaptor,
                         Rewriter &rewriter, const ThreadMap &map) {
  FailureOr<SmallVector<Piece>> pieces =
      parseFormat(op.getStr(), op.getArgs().size());
  if (failed(pieces))
    return rewriter.notifyMatchFailure(op, "format");
  Location loc = op.getLoc();
  auto fn = op->getParentOfType<LLVM::LLVMFuncOp>();
  if (!fn)
    return rewriter.notifyMatchFailure(op, "not in a function");
  ThreadIndexer ix(rewriter, loc, map);

  // Tiles other threads hold go through the scratch buffer.
  // (The module has the scratch buffer only when some op needs it:
  // printing scalars alone does not.)
  SmallVector<int64_t> offsets;
  std::optional<Scratch> smem;
  int64_t offset = 0;
  for (auto [v, parts] : llvm::zip(op.getArgs(), adaptor.getArgs())) {
    int64_t n = mirrorNumElements(v.getType());
    Type storage = convertElementType(mirrorElementType(v.getType()));
    if (n == 1) {
      offsets.push_back(-1);
      continue;
    }
    if (!smem)
      smem.emplace(Scratch::get(ix));
    offset = (offset + 15) / 16 * 16;
    offsets.push_back(offset);
    smem->write(offset, parts, n, storage);
    offset += n * storageBytes(storage);
  }
  bool staged = smem.has_value();
  if (staged)
    ix.barrier();

  // The argument slot of vprintf, in the entry block.
  Value buffer;
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(&fn.getBody().front());
    Value one =
        arith::ConstantOp::create(rewriter, loc, rewriter.getI32IntegerAttr(1));
    buffer = LLVM::AllocaOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(op.getContext()),
        rewriter.getI64Type(), one, /*alignment=*/8);
  }

  // Thread 0 of the group that writes (ThreadIndexer::leader) prints.
  Value first = ix.leader();
  auto module = op->getParentOfType<ModuleOp>();
  auto argument = [&](unsigned i) {
    Value v = op.getArgs()[i];
    Type elem = mirrorElementType(v.getType());
    auto shaped = dyn_cast<RankedTensorType>(v.getType());
    return PrintArg{adaptor.getArgs()[i],
                    offsets[i],
                    elem,
                    convertElementType(elem),
                    shaped,
                    shaped ? static_cast<unsigned>(shaped.getRank()) : 0};
  };

  // A print of at most 32 elements (CUDA's limit on printf's arguments)
  // is one vprintf call: the driver writes the output of one call in one
  // piece, so tile blocks printing at once on a GPU cannot cut into each
  // other's lines (found on an H200: "gen gen gen gen 0213" for four blocks'
  // "gen %d\n"). Larger prints are one call per piece.
  int64_t conversions = 0, argBytes = 0;
  {
    unsigned arg = 0;
    for (const Piece &p : *pieces) {
      if (!p.conv)
        continue;
      int64_t n = mirrorNumElements(op.getArgs()[arg++].getType());
      conversions += n;
      argBytes = (argBytes + argumentBytes(p.conv) - 1) /
                     argumentBytes(p.conv) * argumentBytes(p.conv) +
                 n * argumentBytes(p.conv);
    }
  }
  if (conversions <= 32) {
    Value args;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(&fn.getBody().front());
      Value size = arith::ConstantOp::create(
          rewriter, loc,
          rewriter.getI32IntegerAttr(std::max<int64_t>(8, argBytes)));
      args = LLVM::AllocaOp::create(
          rewriter, loc, LLVM::LLVMPointerType::get(op.getContext()),
          rewriter.getI8Type(), size, /*alignment=*/8);
    }
    scf::IfOp::create(rewriter, loc, first, [&](OpBuilder &b, Location l) {
      Printer print{b, l, module, buffer};
      ThreadIndexer inner(b, l, ix);
      std::string format;
      int64_t at = 0;
      unsigned arg = 0;
      auto store = [&](Value v, char conv) {
        int64_t size = argumentBytes(conv);
        at = (at + size - 1) / size * size;
        Value slot = LLVM::GEPOp::create(b, l, args.getType(), b.getI8Type(),
                                         args, ArrayRef<LLVM::GEPArg>{at});
        LLVM::StoreOp::create(b, l, v, slot, /*alignment=*/size);
        at += size;
      };
      for (const Piece &p : *pieces) {
        if (!p.conv) {
          format += literalFormat(p.text);
          continue;
        }
        PrintArg a = argument(arg++);
        if (a.rank == 0 || a.offset < 0) {
          format += std::string(a.rank, '[');
          store(print.elementValue(p, a.parts.front(), a.elem, format), p.conv);
          format += std::string(a.rank, ']');
          continue;
        }
        Scratch local{inner, smem->base};
        for (int64_t e = 0, n = a.shaped.getNumElements(); e < n; ++e) {
          auto [before, after] = elementBrackets(a.shaped.getShape(), e);
          format += before;
          store(print.elementValue(
                    p, local.read(a.offset, inner.i32(e), a.storage), a.elem,
                    format),
                p.conv);
          format += after;
        }
      }
      LLVM::CallOp::create(b, l, print.vprintf(),
                           ValueRange{print.string(format), args});
      scf::YieldOp::create(b, l);
    });
    if (staged)
      ix.barrier();
    rewriter.replaceOp(op, ix.boolean(false));
    return success();
  }

  scf::IfOp::create(rewriter, loc, first, [&](OpBuilder &b, Location l) {
    Printer print{b, l, module, buffer};
    unsigned arg = 0;
    for (const Piece &p : *pieces) {
      if (!p.conv) {
        print.call(literalFormat(p.text));
        continue;
      }
      PrintArg a = argument(arg++);
      if (a.rank == 0 || a.offset < 0) {
        // One element, held by every thread (a 1-element tile still
        // prints its brackets).
        if (a.rank)
          print.call(std::string(a.rank, '['));
        print.element(p, a.parts.front(), a.elem);
        if (a.rank)
          print.call(std::string(a.rank, ']'));
        continue;
      }
      ArrayRef<int64_t> shape = a.shaped.getShape();
      int64_t n = a.shaped.getNumElements();
      ThreadIndexer inner(b, l, ix);
      auto loop =
          scf::ForOp::create(b, l, inner.i32(0), inner.i32(n), inner.i32(1));
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(loop.getBody()->getTerminator());
      Value e = loop.getInductionVar();
      ThreadIndexer body(b, l, ix);
      SmallVector<Value> c = body.coords(e, shape);
      auto when = [&](Value cond, StringRef text) {
        scf::IfOp::create(b, l, cond, [&](OpBuilder &bb, Location ll) {
          Printer{bb, ll, module, buffer}.call(text);
          scf::YieldOp::create(bb, ll);
        });
      };
      when(
          arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, e, body.i32(0)),
          ", ");
      // A bracket opens for every trailing dimension whose index is 0.
      Value all = body.boolean(true);
      for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
        all = arith::AndIOp::create(
            b, l, all,
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, c[d],
                                  body.i32(0)));
        when(all, "[");
      }
      Scratch local{body, smem->base};
      Printer{b, l, module, buffer}.element(
          p, local.read(a.offset, e, a.storage), a.elem);
      all = body.boolean(true);
      for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
        all = arith::AndIOp::create(
            b, l, all,
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, c[d],
                                  body.i32(shape[d] - 1)));
        when(all, "]");
      }
    }
    scf::YieldOp::create(b, l);
  });
  if (staged)
    ix.barrier();
  rewriter.replaceOp(op, ix.boolean(false));
  return success();
}

} // namespace

bool tilecheck::backend::isPrintLowerable(as::PrintTkoOp op) {
  FailureOr<SmallVector<Piece>> pieces =
      parseFormat(op.getStr(), op.getArgs().size());
  if (failed(pieces))
    return false;
  unsigned arg = 0;
  for (const Piece &p : *pieces)
    if (p.conv &&
        !printable(p.conv, mirrorElementType(op.getArgs()[arg++].getType())))
      return false;
  return true;
}

int64_t tilecheck::backend::printScratchBytes(as::PrintTkoOp op) {
  int64_t bytes = 0;
  for (Value v : op.getArgs()) {
    int64_t n = mirrorNumElements(v.getType());
    Type storage = convertElementType(mirrorElementType(v.getType()));
    if (n == 1 || !storage)
      continue;
    bytes = (bytes + 15) / 16 * 16 + n * storageBytes(storage);
  }
  return bytes;
}

void tilecheck::backend::populatePrintPatterns(const BackendTypeConverter &tc,
                                               RewritePatternSet &patterns) {
  addLowerings<lowerPrint>(tc, patterns);
}
