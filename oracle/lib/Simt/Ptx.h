//===- Ptx.h - The decoded form of a PTX module ----------------*- C++ -*-===//
//
// Internal to the SIMT executor. The parser (PtxParser.cpp) turns PTX text
// into functions of decoded instructions: an opcode, its modifiers as
// fields, operands with registers, symbols and branch targets resolved to
// indices. The machine (SimtMachine.cpp) executes them. One instruction's
// spelling is decoded in one place (decodeOpcode), its meaning defined in
// one place (the machine's switch).
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_SIMT_PTX_H
#define TILECHECK_ORACLE_SIMT_PTX_H

#include "tilecheck/Oracle/Simt.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace tilecheck::oracle::simt {

/// PTX fundamental types (register and instruction types).
enum class Ty : uint8_t {
  None,
  Pred,
  B8,
  B16,
  B32,
  B64,
  B128,
  U8,
  U16,
  U32,
  U64,
  S8,
  S16,
  S32,
  S64,
  F16,
  F16x2,
  BF16,
  BF16x2,
  F32,
  F64,
  TF32,
  U16x2,
  S16x2,
  /// The f8 formats, only as mma.sync multiplicands (four to a register).
  E4M3,
  E5M2,
};

unsigned bitsOf(Ty t);
inline bool isSigned(Ty t) {
  return t == Ty::S8 || t == Ty::S16 || t == Ty::S32 || t == Ty::S64 ||
         t == Ty::S16x2;
}
inline bool isFloatTy(Ty t) {
  return t == Ty::F16 || t == Ty::F16x2 || t == Ty::BF16 || t == Ty::BF16x2 ||
         t == Ty::F32 || t == Ty::F64 || t == Ty::TF32;
}
Ty parseTy(llvm::StringRef s);

enum class Space : uint8_t { Generic, Global, Shared, Local, Param, Const };

/// Rounding modifiers: float (rn rz rm rp), float-to-integral (rni rzi rmi
/// rpi), round-to-nearest-away (rna).
enum class Rnd : uint8_t { None, Rn, Rz, Rm, Rp, Rni, Rzi, Rmi, Rpi, Rna };

enum class Cmp : uint8_t {
  None,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  Lo,
  Ls,
  Hi,
  Hs,
  Equ,
  Neu,
  Ltu,
  Leu,
  Gtu,
  Geu,
  Num,
  Nan,
};

enum class BoolOp : uint8_t { None, And, Or, Xor };

enum class Sem : uint8_t { Weak, Relaxed, Acquire, Release, AcqRel, Volatile };

enum class AtomOp : uint8_t {
  None,
  And,
  Or,
  Xor,
  Cas,
  Exch,
  Add,
  Inc,
  Dec,
  Min,
  Max,
};

enum class Opc : uint16_t {
  Unknown,
  // data movement
  Mov,
  Ld,
  St,
  Cvta,
  Cvt,
  Selp,
  Setp,
  Prmt,
  // integer and float arithmetic
  Add,
  Sub,
  Mul,
  Mad,
  Fma,
  Div,
  Rem,
  Abs,
  Neg,
  Min,
  Max,
  Copysign,
  AddC,
  SubC,
  MadC,
  // bits
  And,
  Or,
  Xor,
  Not,
  Cnot,
  Shl,
  Shr,
  Shf,
  Bfe,
  Bfi,
  Clz,
  Popc,
  Brev,
  Bfind,
  Testp,
  // math
  Sqrt,
  Rcp,
  Rsqrt,
  Ex2,
  Lg2,
  Sin,
  Cos,
  Tanh,
  // atomics
  Atom,
  Red,
  // control
  Bra,
  Call,
  Ret,
  Exit,
  Trap,
  BarSync,
  BarArrive,
  BarWarpSync,
  Fence,
  // warp collectives
  Shfl,
  Vote,
  Activemask,
  Redux,
  // matrix and asynchronous copies
  Mma,
  Ldmatrix,
  Stmatrix,
  CpAsync,
  CpAsyncCommit,
  CpAsyncWait,
  CpAsyncWaitAll,
  CpAsyncMbarrierArrive,
  CpAsyncBulk,
  Mbarrier,
  // wgmma (sm_90a): warpgroup-wide, asynchronous (Wgmma.h).
  WgmmaFence,
  WgmmaCommit,
  WgmmaWait,
  WgmmaMma,
  Nop, // last (PtxParser's opcode tables check every one up to it)
};

/// A special register.
enum class Special : uint8_t {
  TidX,
  TidY,
  TidZ,
  NtidX,
  NtidY,
  NtidZ,
  CtaidX,
  CtaidY,
  CtaidZ,
  NctaidX,
  NctaidY,
  NctaidZ,
  LaneId,
  WarpId,
  NWarpId,
  SmId,
  NSmId,
  GridId,
  LanemaskEq,
  LanemaskLt,
  LanemaskLe,
  LanemaskGt,
  LanemaskGe,
  Clock,
  Clock64,
  GlobalTimer,
  ClusterCtaRank,
  ClusterNCtaRank,
  IsExplicitCluster,
  ClusterCtaidX,
  ClusterCtaidY,
  ClusterCtaidZ,
  ClusterNCtaidX,
  ClusterNCtaidY,
  ClusterNCtaidZ,
  ClusteridX,
  ClusteridY,
  ClusteridZ,
  NClusteridX,
  NClusteridY,
  NClusteridZ,
  DynamicSmemSize,
  TotalSmemSize,
};

/// The mbarrier operations (Inst::mbarOp).
enum MbarrierOp : uint8_t {
  MbarInit,
  MbarArrive,
  MbarArriveExpectTx,
  MbarExpectTx,
  MbarCompleteTx,
  MbarTryWait,
  MbarTestWait,
  MbarInval,
};

struct Operand {
  enum Kind : uint8_t { Reg, Imm, Addr, Vec, Label, Sym, Spec, Sink, List };
  Kind kind = Imm;
  /// Reg (also the base of an Addr with a register base): register index.
  int32_t reg = -1;
  /// Sym, or the base of an Addr with a symbol base: symbol index.
  int32_t sym = -1;
  /// Imm: the value's bits; Addr: the byte offset; Label: the target
  /// instruction index.
  int64_t imm = 0;
  /// Imm: written as a float literal (0f/0d).
  bool isFloatImm = false;
  /// A predicate operand written `!%p` (vote, selp's sources).
  bool negated = false;
  Special special{};
  /// Vec and List elements.
  std::vector<Operand> elems;
  /// An identifier not resolved while parsing (a label or a symbol defined
  /// later); empty once resolved.
  std::string name;
};

struct Inst {
  Opc op = Opc::Unknown;
  /// The instruction's types: `type` the (destination) type, `type2` the
  /// source type of cvt / the accumulator-free type of mixed fma.
  Ty type = Ty::None, type2 = Ty::None;
  Space space = Space::Generic;
  Rnd rnd = Rnd::None;
  Cmp cmp = Cmp::None;
  BoolOp boolOp = BoolOp::None;
  Sem sem = Sem::Weak;
  AtomOp atomOp = AtomOp::None;
  bool ftz = false, sat = false, approx = false, full = false;
  bool hi = false, lo = false, wide = false, cc = false, nanMode = false;
  bool left = false, wrapMode = false, shiftAmt = false;
  /// cvta.to.SPACE (generic to SPACE) rather than cvta.SPACE.
  bool toSpace = false;
  /// fence.proxy.async: orders the thread's generic-proxy accesses before
  /// the async proxy's (wgmma's shared-memory operands).
  bool proxyAsync = false;
  /// mma and wgmma.mma_async: the shape (m, n, k) and the A, B, C, D
  /// element types (`type` is D's, `type2` A's; wgmma has no C, and `sat`
  /// is its .satfinite). ldmatrix: .trans; `vec` is the matrix count.
  std::array<uint16_t, 3> shape{0, 0, 0};
  Ty btype = Ty::None, ctype = Ty::None;
  bool trans = false;
  /// mbarrier: which operation (MbarrierOp), .parity; cp.async.mbarrier
  /// .arrive: .noinc.
  uint8_t mbarOp = 0;
  bool parity = false, noinc = false;
  /// ld/st vector width (1, 2, 4, 8).
  uint8_t vec = 1;
  /// Shfl mode (0 idx, 1 up, 2 down, 3 bfly) or vote mode (0 all, 1 any,
  /// 2 uni, 3 ballot) or testp class.
  uint8_t mode = 0;
  /// Guard predicate register, or -1.
  int32_t guard = -1;
  bool guardNeg = false;
  /// Call: the callee's function index.
  int32_t callee = -1;
  llvm::SmallVector<Operand, 4> ops;
  /// Source line in the PTX text, and the full opcode ("ld.shared.v2.b32").
  unsigned line = 0;
  std::string opcode;
  /// Unknown: why (the opcode, or the modifier that is not implemented).
  std::string unsupported;
};

/// A named object: a module variable (.global/.const/.shared/.extern
/// .shared), a function's .local depot or a .param (entry, function or call
/// site).
struct Symbol {
  std::string name;
  Space space = Space::Global;
  uint64_t size = 0, align = 1;
  /// .global/.const initializer (zero-extended to `size`).
  std::vector<uint8_t> init;
  /// Offset in its space: shared (the CTA's static shared window), local
  /// (the function's frame), param (the function's parameter area).
  uint64_t offset = 0;
  /// `.extern .shared` with no size: the dynamic shared memory.
  bool dynamic = false;
  /// Owning function for local and param symbols; -1 for module symbols.
  int32_t function = -1;
  /// The element type it was declared with (".b8", ".u64"): params' bytes.
  Ty type = Ty::B8;
};

struct Function {
  std::string name;
  bool isEntry = false;
  bool defined = false;
  /// Parameter and return-parameter symbols, in order.
  std::vector<int32_t> params, returns;
  /// Registers: widths by index (for printing), names for diagnostics.
  std::vector<Ty> regTypes;
  std::vector<std::string> regNames;
  std::vector<Inst> code;
  /// Bytes of its frame's local memory and parameter area.
  uint64_t localBytes = 0, paramBytes = 0;
  std::array<uint32_t, 3> maxntid{0, 0, 0}, reqntid{0, 0, 0};
};

struct PtxModule {
  std::string version, target;
  unsigned addressSize = 64;
  std::vector<Symbol> symbols;
  std::vector<Function> functions;
  llvm::StringMap<int32_t> functionIndex;
  /// Bytes of static .shared variables; the dynamic window follows at
  /// `dynamicSharedOffset` (aligned to the extern's alignment).
  uint64_t staticSharedBytes = 0, dynamicSharedAlign = 16;
  /// Whether any function has a wgmma instruction (the executor then
  /// tracks register writes for wgmma.fence's rule).
  bool usesWgmma = false;
};

} // namespace tilecheck::oracle::simt

#endif // TILECHECK_ORACLE_SIMT_PTX_H
