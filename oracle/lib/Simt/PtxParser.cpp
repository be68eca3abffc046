//===- PtxParser.cpp - PTX text to decoded functions
//------------------------===//
//
// A hand-written lexer and recursive-descent parser for the PTX module
// grammar of the PTX ISA manual (directives, variable and function
// declarations, instruction statements), restricted to what a PTX producer
// like LLVM's NVPTX back end writes. Opcodes are decoded modifier by
// modifier; a modifier this executor does not implement makes the
// instruction Unknown with the reason, reported when a thread reaches it.
//
//===----------------------------------------------------------------------===//

#include "Ptx.h"

#include "tilecheck/Support/EnumNames.h"
#include "tilecheck/Support/Error.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"

#include <cctype>
#include <optional>

using namespace llvm;

namespace tilecheck::oracle::simt {

unsigned bitsOf(Ty t) {
  switch (t) {
  case Ty::None:
    return 0;
  case Ty::Pred:
    return 1;
  case Ty::B8:
  case Ty::U8:
  case Ty::S8:
  case Ty::E4M3:
  case Ty::E5M2:
    return 8;
  case Ty::B16:
  case Ty::U16:
  case Ty::S16:
  case Ty::F16:
  case Ty::BF16:
    return 16;
  case Ty::B32:
  case Ty::U32:
  case Ty::S32:
  case Ty::F32:
  case Ty::TF32:
  case Ty::F16x2:
  case Ty::BF16x2:
  case Ty::U16x2:
  case Ty::S16x2:
    return 32;
  case Ty::B64:
  case Ty::U64:
  case Ty::S64:
  case Ty::F64:
    return 64;
  case Ty::B128:
    return 128;
  }
  return 0;
}

/// In Ty's order ("": Ty::None, no modifier).
constexpr StringLiteral kTyNames[] = {
    "",       "pred", "b8",  "b16",  "b32",   "b64",   "b128", "u8",    "u16",
    "u32",    "u64",  "s8",  "s16",  "s32",   "s64",   "f16",  "f16x2", "bf16",
    "bf16x2", "f32",  "f64", "tf32", "u16x2", "s16x2", "e4m3", "e5m2"};
static_assert(std::size(kTyNames) == size_t(Ty::E5M2) + 1);

Ty parseTy(StringRef s) {
  return parseName<Ty>(kTyNames, s).value_or(Ty::None);
}

namespace {

//===----------------------------------------------------------------------===//
// Lexer
//===----------------------------------------------------------------------===//

struct Token {
  enum Kind { Ident, Number, String, Punct, End } kind = End;
  StringRef text;
  unsigned line = 0;
};

bool isIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         c == '%' || c == '.';
}
bool isIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         c == '.' || c == ':';
}

std::vector<Token> lex(StringRef text) {
  std::vector<Token> out;
  unsigned line = 1;
  size_t i = 0, n = text.size();
  while (i < n) {
    char c = text[i];
    if (c == '\n') {
      ++line;
      ++i;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '/') {
      while (i < n && text[i] != '\n')
        ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '*') {
      i += 2;
      while (i + 1 < n && !(text[i] == '*' && text[i + 1] == '/')) {
        if (text[i] == '\n')
          ++line;
        ++i;
      }
      i += 2;
      continue;
    }
    Token t;
    t.line = line;
    size_t start = i;
    if (c == '"') {
      ++i;
      while (i < n && text[i] != '"')
        ++i;
      ++i;
      t.kind = Token::String;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      ++i;
      while (i < n && (std::isalnum(static_cast<unsigned char>(text[i])) ||
                       (text[i] == '.' && i + 1 < n &&
                        std::isdigit(static_cast<unsigned char>(text[i + 1])))))
        ++i;
      t.kind = Token::Number;
    } else if (isIdentStart(c)) {
      ++i;
      while (i < n && isIdentChar(text[i])) {
        // "::" is part of a modifier (shared::cta); a lone ':' ends a label.
        if (text[i] == ':' && !(i + 1 < n && text[i + 1] == ':') &&
            !(i > 0 && text[i - 1] == ':'))
          break;
        ++i;
      }
      t.kind = Token::Ident;
    } else {
      ++i;
      t.kind = Token::Punct;
    }
    t.text = text.slice(start, i);
    out.push_back(t);
  }
  Token end;
  end.line = line;
  out.push_back(end);
  return out;
}

//===----------------------------------------------------------------------===//
// Opcode decoding
//===----------------------------------------------------------------------===//

/// In Cmp's order ("": Cmp::None).
constexpr StringLiteral kCmpNames[] = {
    "",   "eq",  "ne",  "lt",  "le",  "gt",  "ge",  "lo",  "ls", "hi",
    "hs", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};
static_assert(std::size(kCmpNames) == size_t(Cmp::Nan) + 1);

std::optional<Cmp> parseCmp(StringRef s) {
  std::optional<Cmp> c = parseName<Cmp>(kCmpNames, s);
  if (c == Cmp::None)
    return std::nullopt;
  return c;
}

/// The rounding modifiers, in Rnd's order ("": Rnd::None).
constexpr StringLiteral kRndNames[] = {"",    "rn",  "rz",  "rm",  "rp",
                                       "rni", "rzi", "rmi", "rpi", "rna"};
static_assert(std::size(kRndNames) == size_t(Rnd::Rna) + 1);

/// The atomic operations, in AtomOp's order ("": AtomOp::None).
constexpr StringLiteral kAtomOpNames[] = {
    "", "and", "or", "xor", "cas", "exch", "add", "inc", "dec", "min", "max"};
static_assert(std::size(kAtomOpNames) == size_t(AtomOp::Max) + 1);

/// The operands each opcode's meaning reads at the least, grouped by count
/// (setp with a boolean combination and atom.cas read one more; mbarrier's
/// operations check their own operands).
constexpr Opc kNoOperands[] = {
    Opc::Unknown,     Opc::Ret,           Opc::Exit,           Opc::Trap,
    Opc::Fence,       Opc::Nop,           Opc::BarSync,        Opc::BarArrive,
    Opc::BarWarpSync, Opc::CpAsyncCommit, Opc::CpAsyncWaitAll, Opc::Mbarrier,
    Opc::WgmmaFence,  Opc::WgmmaCommit};
constexpr Opc kOneOperand[] = {Opc::Bra,
                               Opc::Call,
                               Opc::Activemask,
                               Opc::CpAsyncWait,
                               Opc::CpAsyncMbarrierArrive,
                               Opc::WgmmaWait};
constexpr Opc kTwoOperands[] = {
    Opc::Mov,  Opc::Ld,    Opc::St,    Opc::Cvta,     Opc::Cvt,
    Opc::Abs,  Opc::Neg,   Opc::Not,   Opc::Cnot,     Opc::Clz,
    Opc::Popc, Opc::Brev,  Opc::Bfind, Opc::Testp,    Opc::Sqrt,
    Opc::Rcp,  Opc::Rsqrt, Opc::Ex2,   Opc::Lg2,      Opc::Sin,
    Opc::Cos,  Opc::Tanh,  Opc::Red,   Opc::Ldmatrix, Opc::Stmatrix};
constexpr Opc kThreeOperands[] = {
    Opc::Add,  Opc::Sub,   Opc::Mul,      Opc::Div,  Opc::Rem,
    Opc::Min,  Opc::Max,   Opc::Copysign, Opc::AddC, Opc::SubC,
    Opc::And,  Opc::Or,    Opc::Xor,      Opc::Shl,  Opc::Shr,
    Opc::Atom, Opc::Redux, Opc::Vote,     Opc::Setp, Opc::CpAsync};
constexpr Opc kFourOperands[] = {
    Opc::Mad, Opc::MadC, Opc::Fma, Opc::Selp,        Opc::Prmt,
    Opc::Shf, Opc::Bfe,  Opc::Mma, Opc::CpAsyncBulk, Opc::WgmmaMma};
constexpr Opc kFiveOperands[] = {Opc::Bfi, Opc::Shfl};

/// One of the lists above (ArrayRef cannot be walked at compile time).
struct OpcodeList {
  const Opc *first, *last;
  template <size_t N>
  constexpr OpcodeList(const Opc (&ops)[N]) : first(ops), last(ops + N) {}
  constexpr const Opc *begin() const { return first; }
  constexpr const Opc *end() const { return last; }
};

/// The lists above, by operand count.
constexpr OpcodeList kOperandCounts[] = {kNoOperands,   kOneOperand,
                                         kTwoOperands,  kThreeOperands,
                                         kFourOperands, kFiveOperands};

/// Whether every opcode stands in exactly one list of kOperandCounts.
constexpr bool eachOpcodeCountedOnce() {
  for (unsigned op = 0; op <= unsigned(Opc::Nop); ++op) {
    unsigned seen = 0;
    for (OpcodeList ops : kOperandCounts)
      for (Opc o : ops)
        seen += unsigned(o) == op;
    if (seen != 1)
      return false;
  }
  return true;
}
static_assert(eachOpcodeCountedOnce(),
              "each opcode needs exactly one operand count");

size_t minOperands(Opc op) {
  for (size_t need = 0; need < std::size(kOperandCounts); ++need)
    if (llvm::is_contained(kOperandCounts[need], op))
      return need;
  llvm_unreachable("every opcode has an operand count");
}

/// The modifiers that pick an instruction's mode (Inst::mode): testp's
/// class, shfl's and vote's mode, prmt's mode (0: the default selector).
std::optional<uint8_t> modeKeyword(Opc op, StringRef m) {
  // Each instruction's modifiers in mode order.
  static constexpr StringLiteral testp[] = {
      "finite", "infinite", "number", "notanumber", "normal", "subnormal"};
  static constexpr StringLiteral shfl[] = {"idx", "up", "down", "bfly"};
  static constexpr StringLiteral vote[] = {"all", "any", "uni", "ballot"};
  // "": prmt's mode 0 has no modifier.
  static constexpr StringLiteral prmt[] = {"",    "f4e", "b4e", "rc8",
                                           "ecl", "ecr", "rc16"};
  switch (op) {
  case Opc::Testp:
    return parseName<uint8_t>(testp, m);
  case Opc::Shfl:
    return parseName<uint8_t>(shfl, m);
  case Opc::Vote:
    return parseName<uint8_t>(vote, m);
  case Opc::Prmt:
    if (m.empty())
      return std::nullopt;
    return parseName<uint8_t>(prmt, m);
  default:
    return std::nullopt;
  }
}

/// wgmma.fence / commit_group / wait_group .sync.aligned and the dense
/// wgmma.mma_async.sync.aligned.m64nNkK{.satfinite}.D.A.B forms of the PTX
/// ISA (9.7.15): f16/bf16 (k16), tf32 (k8), e4m3/e5m2 (k32, each operand
/// its own format) into f32 (f16 too for f16 and f8 inputs), s8/u8 (k32)
/// into s32; N a multiple of 8 up to 256 (integers: 8, 24 or a multiple of
/// 16). The operand forms are checked by
/// checkOperands.
bool decodeWgmma(ArrayRef<StringRef> rest, Inst &inst) {
  if (rest.size() == 3 && rest[1] == "sync" && rest[2] == "aligned") {
    if (rest[0] == "fence")
      inst.op = Opc::WgmmaFence;
    else if (rest[0] == "commit_group")
      inst.op = Opc::WgmmaCommit;
    else if (rest[0] == "wait_group")
      inst.op = Opc::WgmmaWait;
    return inst.op != Opc::Unknown;
  }
  if (rest.size() < 7 || rest[0] != "mma_async" || rest[1] != "sync" ||
      rest[2] != "aligned")
    return false;
  unsigned n = 0, k = 0;
  StringRef shape = rest[3];
  if (!shape.consume_front("m64n"))
    return false;
  size_t kAt = shape.find('k');
  if (kAt == StringRef::npos || shape.take_front(kAt).getAsInteger(10, n) ||
      shape.drop_front(kAt + 1).getAsInteger(10, k) || n == 0 || n % 8 != 0 ||
      n > 256)
    return false;
  size_t i = 4;
  if (rest[i] == "satfinite") {
    inst.sat = true;
    ++i;
  }
  if (rest.size() != i + 3)
    return false;
  inst.type = parseTy(rest[i]);
  inst.type2 = parseTy(rest[i + 1]);
  inst.btype = parseTy(rest[i + 2]);
  inst.shape = {64, static_cast<uint16_t>(n), static_cast<uint16_t>(k)};
  Ty a = inst.type2, b = inst.btype, d = inst.type;
  auto f8 = [](Ty t) { return t == Ty::E4M3 || t == Ty::E5M2; };
  auto byte = [](Ty t) { return t == Ty::S8 || t == Ty::U8; };
  bool ok;
  if (a == Ty::F16)
    ok = b == a && k == 16 && (d == Ty::F32 || d == Ty::F16);
  else if (a == Ty::BF16)
    ok = b == a && k == 16 && d == Ty::F32;
  else if (a == Ty::TF32)
    ok = b == a && k == 8 && d == Ty::F32;
  else if (f8(a))
    ok = f8(b) && k == 32 && (d == Ty::F32 || d == Ty::F16);
  else // integer N: 8, 24, or a multiple of 16
    ok = byte(a) && byte(b) && k == 32 && d == Ty::S32 &&
         (n % 16 == 0 || n == 8 || n == 24);
  // .satfinite belongs to the integer forms.
  if (!ok || (inst.sat && d != Ty::S32))
    return false;
  inst.op = Opc::WgmmaMma;
  return true;
}

/// mma.sync.aligned.mMnNkK.row.col.D.A.B.C (the forms of the PTX ISA's
/// "Matrix Fragments for mma.m16n8k*" sections this executor implements),
/// ldmatrix.sync.aligned.m8n8.xN{.trans}.shared{::cta}.b16 and the
/// non-bulk cp.async family. Returns false when `parts` is not one of them
/// (the instruction stays Unknown).
bool decodeMatrixOrAsync(ArrayRef<StringRef> parts, Inst &inst) {
  StringRef head = parts[0];
  auto rest = parts.drop_front();
  if (head == "wgmma")
    return decodeWgmma(rest, inst);
  if (head == "mma") {
    // sync aligned shape row col dtype atype btype ctype
    if (rest.size() != 9 || rest[0] != "sync" || rest[1] != "aligned" ||
        rest[3] != "row" || rest[4] != "col")
      return false;
    StringRef shape = rest[2];
    if (shape == "m16n8k16")
      inst.shape = {16, 8, 16};
    else if (shape == "m16n8k8")
      inst.shape = {16, 8, 8};
    else if (shape == "m16n8k4")
      inst.shape = {16, 8, 4};
    else if (shape == "m8n8k4")
      inst.shape = {8, 8, 4};
    else
      return false;
    inst.type = parseTy(rest[5]);
    inst.type2 = parseTy(rest[6]);
    inst.btype = parseTy(rest[7]);
    inst.ctype = parseTy(rest[8]);
    Ty a = inst.type2;
    bool halfIn = (a == Ty::F16 || a == Ty::BF16) && inst.btype == a &&
                  (inst.shape[2] == 16 || inst.shape[2] == 8);
    bool tf32In = a == Ty::TF32 && inst.btype == a &&
                  (inst.shape[2] == 8 || inst.shape[2] == 4);
    bool accOk =
        (inst.type == Ty::F32 && inst.ctype == Ty::F32) ||
        (a == Ty::F16 && inst.type == Ty::F16 && inst.ctype == Ty::F16);
    // Integer: m16n8k16 with s8/u8 multiplicands (each its own signedness)
    // and an s32 accumulator, without .satfinite (the sum wraps).
    auto byte = [](Ty t) { return t == Ty::S8 || t == Ty::U8; };
    bool intMma = byte(a) && byte(inst.btype) && inst.shape[2] == 16 &&
                  inst.type == Ty::S32 && inst.ctype == Ty::S32;
    // f8 (sm_89 and later): m16n8k16 with e4m3/e5m2 multiplicands (each
    // its own format) and f32 or (PTX 8.7) f16 accumulators.
    auto f8 = [](Ty t) { return t == Ty::E4M3 || t == Ty::E5M2; };
    bool f8Mma = f8(a) && f8(inst.btype) && inst.shape[2] == 16 &&
                 inst.type == inst.ctype &&
                 (inst.type == Ty::F32 || inst.type == Ty::F16);
    // f64: m8n8k4 only.
    bool f64Mma = a == Ty::F64 && inst.btype == Ty::F64 &&
                  inst.type == Ty::F64 && inst.ctype == Ty::F64;
    if (f64Mma != (inst.shape[0] == 8))
      return false;
    if (!intMma && !f64Mma && !f8Mma && (!(halfIn || tf32In) || !accOk))
      return false;
    inst.op = Opc::Mma;
    return true;
  }
  if (head == "ldmatrix" || head == "stmatrix") {
    // sync aligned m8n8 xN [trans] shared[::cta] b16
    if (rest.size() < 6 || rest[0] != "sync" || rest[1] != "aligned" ||
        rest[2] != "m8n8")
      return false;
    StringRef x = rest[3];
    inst.vec = x == "x1" ? 1 : x == "x2" ? 2 : x == "x4" ? 4 : 0;
    size_t i = 4;
    if (rest[i] == "trans") {
      inst.trans = true;
      ++i;
    }
    if (inst.vec == 0 || rest.size() != i + 2 ||
        !(rest[i] == "shared" || rest[i] == "shared::cta") ||
        rest[i + 1] != "b16")
      return false;
    inst.space = Space::Shared;
    inst.type = Ty::B16;
    inst.op = head == "ldmatrix" ? Opc::Ldmatrix : Opc::Stmatrix;
    return true;
  }
  if (head == "mbarrier") {
    // mbarrier.OP{.parity}{.sem}{.scope}{.space}.b64
    if (rest.empty())
      return false;
    // The operations named by one modifier (arrive.expect_tx takes two).
    static constexpr EnumName<MbarrierOp> kMbarOps[] = {
        {MbarInit, "init"},          {MbarArrive, "arrive"},
        {MbarExpectTx, "expect_tx"}, {MbarCompleteTx, "complete_tx"},
        {MbarTryWait, "try_wait"},   {MbarTestWait, "test_wait"},
        {MbarInval, "inval"}};
    size_t i = 1;
    if (rest[0] == "arrive" && rest.size() > 1 && rest[1] == "expect_tx") {
      inst.mbarOp = MbarArriveExpectTx;
      i = 2;
    } else if (std::optional<MbarrierOp> o = parseName(kMbarOps, rest[0])) {
      inst.mbarOp = *o;
    } else {
      return false;
    }
    bool sized = false;
    for (StringRef m : rest.drop_front(i)) {
      if (m == "parity" &&
          (inst.mbarOp == MbarTryWait || inst.mbarOp == MbarTestWait))
        inst.parity = true;
      else if (m == "release" || m == "acquire" || m == "relaxed" ||
               m == "cta" || m == "cluster")
        continue;
      else if (m == "shared" || m == "shared::cta" || m == "shared::cluster")
        inst.space = Space::Shared;
      else if (m == "b64")
        sized = true;
      else
        return false;
    }
    if (!sized)
      return false;
    inst.op = Opc::Mbarrier;
    return true;
  }
  if (head == "cp" && !rest.empty() && rest[0] == "async") {
    auto more = rest.drop_front();
    // cp.async.bulk.shared::cluster|shared::cta.global
    //   .mbarrier::complete_tx::bytes [dst], [src], size, [mbar]
    if (!more.empty() && more[0] == "bulk") {
      if (more.size() != 4 ||
          !(more[1] == "shared::cluster" || more[1] == "shared::cta") ||
          more[2] != "global" || more[3] != "mbarrier::complete_tx::bytes")
        return false;
      inst.op = Opc::CpAsyncBulk;
      inst.space = Space::Shared;
      return true;
    }
    // cp.async.mbarrier.arrive{.noinc}{.shared{::cta}}.b64 [addr]
    if (!more.empty() && more[0] == "mbarrier") {
      if (more.size() < 3 || more[1] != "arrive" || more.back() != "b64")
        return false;
      for (StringRef m : more.drop_front(2).drop_back()) {
        if (m == "noinc")
          inst.noinc = true;
        else if (m == "shared" || m == "shared::cta")
          inst.space = Space::Shared;
        else
          return false;
      }
      inst.op = Opc::CpAsyncMbarrierArrive;
      return true;
    }
    if (more.size() == 1 && more[0] == "commit_group") {
      inst.op = Opc::CpAsyncCommit;
      return true;
    }
    if (more.size() == 1 && more[0] == "wait_group") {
      inst.op = Opc::CpAsyncWait;
      return true;
    }
    if (more.size() == 1 && more[0] == "wait_all") {
      inst.op = Opc::CpAsyncWaitAll;
      return true;
    }
    // cp.async.ca|cg.shared{::cta}.global{.L2::64B|128B|256B}
    if (more.size() < 3 || !(more[0] == "ca" || more[0] == "cg") ||
        !(more[1] == "shared" || more[1] == "shared::cta") ||
        more[2] != "global")
      return false;
    for (StringRef m : more.drop_front(3))
      if (!(m == "L2::64B" || m == "L2::128B" || m == "L2::256B"))
        return false;
    inst.op = Opc::CpAsync;
    inst.space = Space::Shared;
    return true;
  }
  return false;
}

/// Decodes "head.mod.mod..." into `inst`. Leaves op Unknown (with the
/// reason) for what is not implemented.
void decodeOpcode(StringRef opcode, Inst &inst) {
  inst.opcode = opcode.str();
  SmallVector<StringRef, 8> parts;
  opcode.split(parts, '.');
  StringRef head = parts[0];
  if (head == "mma" || head == "ldmatrix" || head == "stmatrix" ||
      head == "cp" || head == "mbarrier" || head == "wgmma") {
    if (!decodeMatrixOrAsync(parts, inst))
      inst.unsupported = opcode.str();
    return;
  }
  Opc op = StringSwitch<Opc>(head)
               .Case("mov", Opc::Mov)
               .Case("ld", Opc::Ld)
               .Case("ldu", Opc::Ld)
               .Case("st", Opc::St)
               .Case("cvta", Opc::Cvta)
               .Case("cvt", Opc::Cvt)
               .Case("selp", Opc::Selp)
               .Case("setp", Opc::Setp)
               .Case("prmt", Opc::Prmt)
               .Case("add", Opc::Add)
               .Case("sub", Opc::Sub)
               .Case("mul", Opc::Mul)
               .Case("mad", Opc::Mad)
               .Case("fma", Opc::Fma)
               .Case("div", Opc::Div)
               .Case("rem", Opc::Rem)
               .Case("abs", Opc::Abs)
               .Case("neg", Opc::Neg)
               .Case("min", Opc::Min)
               .Case("max", Opc::Max)
               .Case("copysign", Opc::Copysign)
               .Case("addc", Opc::AddC)
               .Case("subc", Opc::SubC)
               .Case("madc", Opc::MadC)
               .Case("and", Opc::And)
               .Case("or", Opc::Or)
               .Case("xor", Opc::Xor)
               .Case("not", Opc::Not)
               .Case("cnot", Opc::Cnot)
               .Case("shl", Opc::Shl)
               .Case("shr", Opc::Shr)
               .Case("shf", Opc::Shf)
               .Case("bfe", Opc::Bfe)
               .Case("bfi", Opc::Bfi)
               .Case("clz", Opc::Clz)
               .Case("popc", Opc::Popc)
               .Case("brev", Opc::Brev)
               .Case("bfind", Opc::Bfind)
               .Case("testp", Opc::Testp)
               .Case("sqrt", Opc::Sqrt)
               .Case("rcp", Opc::Rcp)
               .Case("rsqrt", Opc::Rsqrt)
               .Case("ex2", Opc::Ex2)
               .Case("lg2", Opc::Lg2)
               .Case("sin", Opc::Sin)
               .Case("cos", Opc::Cos)
               .Case("tanh", Opc::Tanh)
               .Case("atom", Opc::Atom)
               .Case("red", Opc::Red)
               .Case("bra", Opc::Bra)
               .Case("call", Opc::Call)
               .Case("ret", Opc::Ret)
               .Case("exit", Opc::Exit)
               .Case("trap", Opc::Trap)
               .Case("bar", Opc::BarSync)
               .Case("barrier", Opc::BarSync)
               .Case("membar", Opc::Fence)
               .Case("fence", Opc::Fence)
               .Case("shfl", Opc::Shfl)
               .Case("vote", Opc::Vote)
               .Case("activemask", Opc::Activemask)
               .Case("redux", Opc::Redux)
               .Case("nanosleep", Opc::Nop)
               .Case("pmevent", Opc::Nop)
               .Default(Opc::Unknown);
  if (op == Opc::Unknown) {
    inst.unsupported = opcode.str();
    return;
  }
  auto refuse = [&](StringRef mod) {
    inst.op = Opc::Unknown;
    inst.unsupported = (opcode + " (modifier ." + mod + ")").str();
  };
  inst.op = op;
  bool isAtom = op == Opc::Atom || op == Opc::Red || op == Opc::Redux;
  bool isBar = op == Opc::BarSync;
  // fence.proxy.async{.space}: wgmma's operand rule (SimtMachine.cpp).
  // (fence.proxy.async.global orders no shared memory.)
  inst.proxyAsync = op == Opc::Fence && parts.size() > 2 &&
                    parts[1] == "proxy" && parts[2] == "async" &&
                    (parts.size() == 3 || parts[3].starts_with("shared"));
  for (StringRef m : ArrayRef(parts).drop_front()) {
    Ty t = parseTy(m);
    if (t != Ty::None) {
      // cvt.dst.src, fma.rn.f32.f16 (d/c f32, a/b f16), setp.cmp.type,
      // mul.wide.s32 (the source type: the result is twice as wide).
      if (inst.type == Ty::None)
        inst.type = t;
      else if (inst.type2 == Ty::None)
        inst.type2 = t;
      else
        return refuse(m);
      continue;
    }
    if (op == Opc::Setp || op == Opc::Testp) {
      if (op == Opc::Setp && inst.cmp == Cmp::None) {
        if (auto c = parseCmp(m)) {
          inst.cmp = *c;
          continue;
        }
      }
      if (op == Opc::Setp && (m == "and" || m == "or" || m == "xor")) {
        inst.boolOp = m == "and"  ? BoolOp::And
                      : m == "or" ? BoolOp::Or
                                  : BoolOp::Xor;
        continue;
      }
    }
    if (isAtom) {
      AtomOp a = parseName<AtomOp>(kAtomOpNames, m).value_or(AtomOp::None);
      if (a != AtomOp::None && inst.atomOp == AtomOp::None) {
        inst.atomOp = a;
        continue;
      }
    }
    if (std::optional<uint8_t> mode = modeKeyword(op, m)) {
      inst.mode = *mode;
      continue;
    }
    if (isBar) {
      if (m == "sync" || m == "aligned" || m == "cta")
        continue;
      if (m == "arrive") {
        inst.op = Opc::BarArrive;
        continue;
      }
      if (m == "warp") {
        inst.op = Opc::BarWarpSync;
        continue;
      }
      return refuse(m);
    }
    if (op == Opc::Fence)
      continue; // every scope and semantics: the executor is sequential
    if (m == "global" || m == "shared" || m == "shared::cta" || m == "local" ||
        m == "param" || m == "const" || m == "param::entry" ||
        m == "param::func") {
      inst.space = m == "global"             ? Space::Global
                   : m.starts_with("shared") ? Space::Shared
                   : m == "local"            ? Space::Local
                   : m.starts_with("param")  ? Space::Param
                                             : Space::Const;
      continue;
    }
    if (m == "to" && op == Opc::Cvta) {
      inst.toSpace = true;
      continue;
    }
    Rnd r = parseName<Rnd>(kRndNames, m).value_or(Rnd::None);
    if (r != Rnd::None) {
      inst.rnd = r;
      continue;
    }
    if (m == "relaxed" || m == "acquire" || m == "release" || m == "acq_rel" ||
        m == "volatile" || m == "weak") {
      inst.sem = m == "relaxed"    ? Sem::Relaxed
                 : m == "acquire"  ? Sem::Acquire
                 : m == "release"  ? Sem::Release
                 : m == "acq_rel"  ? Sem::AcqRel
                 : m == "volatile" ? Sem::Volatile
                                   : Sem::Weak;
      continue;
    }
    // Scopes, cache operators and hints without an operand, .uni, .sync
    // (shfl/vote), .nc: no effect on a sequential functional executor.
    if (m == "cta" || m == "gpu" || m == "sys" || m == "cluster" ||
        m == "uni" || m == "nc" || m == "ca" || m == "cg" || m == "cs" ||
        m == "lu" || m == "cv" || m == "wb" || m == "wt" || m == "sync" ||
        m == "aligned" || m == "noftz" || m.starts_with("L1::evict") ||
        m == "L1::no_allocate" || m.starts_with("L2::64B") ||
        m.starts_with("L2::128B") || m.starts_with("L2::256B") || m == "ptr")
      continue;
    if (m == "v2" || m == "v4" || m == "v8") {
      inst.vec = m == "v2" ? 2 : m == "v4" ? 4 : 8;
      continue;
    }
    // Flag modifiers: one field each.
    if (bool Inst::*flag = StringSwitch<bool Inst::*>(m)
                               .Case("ftz", &Inst::ftz)
                               .Case("sat", &Inst::sat)
                               .Case("approx", &Inst::approx)
                               .Case("full", &Inst::full)
                               .Case("hi", &Inst::hi)
                               .Case("lo", &Inst::lo)
                               .Case("wide", &Inst::wide)
                               .Case("cc", &Inst::cc)
                               .Case("NaN", &Inst::nanMode)
                               .Default(nullptr)) {
      inst.*flag = true;
      continue;
    }
    if (op == Opc::Shf && (m == "l" || m == "r")) {
      inst.left = m == "l";
      continue;
    }
    if (op == Opc::Shf && (m == "wrap" || m == "clamp")) {
      inst.wrapMode = m == "wrap";
      continue;
    }
    if (op == Opc::Bfind && m == "shiftamt") {
      inst.shiftAmt = true;
      continue;
    }
    return refuse(m);
  }
  // Forms with extra semantics the executor does not model.
  if ((op == Opc::Mul || op == Opc::Mad) && !isFloatTy(inst.type) &&
      inst.type == Ty::None)
    return refuse("<no type>");
  // Packed, 128-bit and tf32 types only where an instruction's meaning
  // covers them (elsewhere they would be read as one 32/64-bit value).
  auto packedOk = [&](Ty t) {
    switch (t) {
    case Ty::F16x2:
    case Ty::BF16x2:
      // cvt: as the destination of two packed f32 (checked at run time).
      return op == Opc::Add || op == Opc::Sub || op == Opc::Mul ||
             op == Opc::Fma || op == Opc::Min || op == Opc::Max ||
             op == Opc::Neg || op == Opc::Abs || op == Opc::Mov ||
             op == Opc::Ld || op == Opc::St || op == Opc::Selp ||
             op == Opc::Setp || (op == Opc::Cvt && t == inst.type);
    case Ty::U16x2:
    case Ty::S16x2:
      return op == Opc::Add || op == Opc::Sub || op == Opc::Min ||
             op == Opc::Max;
    case Ty::B128:
      return op == Opc::Ld || op == Opc::St;
    case Ty::TF32:
      return false; // mma decodes its own types
    default:
      return true;
    }
  };
  for (Ty t : {inst.type, inst.type2})
    if (!packedOk(t)) {
      inst.op = Opc::Unknown;
      inst.unsupported = (opcode + " (type on this instruction)").str();
      return;
    }
}

//===----------------------------------------------------------------------===//
// Parser
//===----------------------------------------------------------------------===//

/// In Special's order.
constexpr StringLiteral kSpecialNames[] = {"%tid.x",
                                           "%tid.y",
                                           "%tid.z",
                                           "%ntid.x",
                                           "%ntid.y",
                                           "%ntid.z",
                                           "%ctaid.x",
                                           "%ctaid.y",
                                           "%ctaid.z",
                                           "%nctaid.x",
                                           "%nctaid.y",
                                           "%nctaid.z",
                                           "%laneid",
                                           "%warpid",
                                           "%nwarpid",
                                           "%smid",
                                           "%nsmid",
                                           "%gridid",
                                           "%lanemask_eq",
                                           "%lanemask_lt",
                                           "%lanemask_le",
                                           "%lanemask_gt",
                                           "%lanemask_ge",
                                           "%clock",
                                           "%clock64",
                                           "%globaltimer",
                                           "%cluster_ctarank",
                                           "%cluster_nctarank",
                                           "%is_explicit_cluster",
                                           "%cluster_ctaid.x",
                                           "%cluster_ctaid.y",
                                           "%cluster_ctaid.z",
                                           "%cluster_nctaid.x",
                                           "%cluster_nctaid.y",
                                           "%cluster_nctaid.z",
                                           "%clusterid.x",
                                           "%clusterid.y",
                                           "%clusterid.z",
                                           "%nclusterid.x",
                                           "%nclusterid.y",
                                           "%nclusterid.z",
                                           "%dynamic_smem_size",
                                           "%total_smem_size"};
static_assert(std::size(kSpecialNames) == size_t(Special::TotalSmemSize) + 1);

std::optional<Special> parseSpecial(StringRef s) {
  return parseName<Special>(kSpecialNames, s);
}

/// Parses an integer or float-bits literal ("12", "0x3340U", "0f3F800000",
/// "0d3FF0000000000000").
std::optional<std::pair<uint64_t, bool>> parseNumber(StringRef s) {
  if (s.size() > 2 && s[0] == '0' &&
      (s[1] == 'f' || s[1] == 'F' || s[1] == 'd' || s[1] == 'D')) {
    uint64_t bits;
    if (s.drop_front(2).getAsInteger(16, bits))
      return std::nullopt;
    return std::make_pair(bits, true);
  }
  s.consume_back("U");
  uint64_t v;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    if (s.drop_front(2).getAsInteger(16, v))
      return std::nullopt;
  } else if (s.size() > 1 && s[0] == '0' && std::isdigit(s[1])) {
    if (s.getAsInteger(8, v))
      return std::nullopt;
  } else if (s.getAsInteger(10, v)) {
    return std::nullopt;
  }
  return std::make_pair(v, false);
}

class Parser {
public:
  explicit Parser(StringRef text) : toks(lex(text)) {}

  Expected<std::shared_ptr<PtxModule>> run() {
    mod = std::make_shared<PtxModule>();
    while (peek().kind != Token::End) {
      if (Error e = topLevel())
        return std::move(e);
    }
    if (Error e = resolveModule())
      return std::move(e);
    return mod;
  }

private:
  std::vector<Token> toks;
  size_t pos = 0;
  std::shared_ptr<PtxModule> mod;
  StringMap<int32_t> moduleSymbols;

  // Per function being parsed.
  int32_t curFn = -1;
  StringMap<std::pair<int32_t, unsigned>> regRanges; // prefix -> base,count
  StringMap<int32_t> regSingles;
  std::vector<StringMap<int32_t>> scopes; // symbols visible in the body
  StringMap<int32_t> labels;

  const Token &peek(size_t k = 0) const {
    return toks[std::min(pos + k, toks.size() - 1)];
  }
  const Token &next() {
    const Token &t = peek();
    if (pos < toks.size() - 1)
      ++pos;
    return t;
  }
  bool isPunct(StringRef p, size_t k = 0) const {
    return peek(k).kind == Token::Punct && peek(k).text == p;
  }
  bool accept(StringRef p) {
    if (isPunct(p)) {
      next();
      return true;
    }
    return false;
  }
  Error err(const Twine &msg) const {
    return makeError("PTX line " + Twine(peek().line) + ": " + msg +
                     (peek().kind == Token::End
                          ? " (at the end of the input)"
                          : " (at '" + peek().text + "')"));
  }
  Error expect(StringRef p) {
    if (accept(p))
      return Error::success();
    return err("expected '" + p + "'");
  }
  Expected<uint64_t> integer() {
    bool neg = accept("-");
    const Token &t = next();
    if (t.kind != Token::Number)
      return err("expected a number");
    auto v = parseNumber(t.text);
    if (!v)
      return err("bad number '" + t.text + "'");
    return neg ? ~v->first + 1 : v->first;
  }

  /// Skips to the end of a statement (';' at depth 0) or a braced block.
  void skipStatement() {
    int depth = 0;
    while (peek().kind != Token::End) {
      const Token &t = next();
      if (t.kind != Token::Punct)
        continue;
      if (t.text == "{")
        ++depth;
      else if (t.text == "}") {
        if (--depth <= 0)
          return;
      } else if (t.text == ";" && depth == 0)
        return;
    }
  }

  Error topLevel() {
    const Token &t = peek();
    if (t.kind != Token::Ident)
      return err("expected a directive");
    StringRef d = t.text;
    if (d == ".version") {
      next();
      mod->version = next().text.str();
      return Error::success();
    }
    if (d == ".target") {
      unsigned line = next().line;
      mod->target = next().text.str();
      while (isPunct(",") && peek().line == line) {
        next();
        next();
      }
      return Error::success();
    }
    if (d == ".address_size") {
      next();
      auto v = integer();
      if (!v)
        return v.takeError();
      mod->addressSize = static_cast<unsigned>(*v);
      if (*v != 64)
        return makeError("only .address_size 64 is supported");
      return Error::success();
    }
    if (d == ".file" || d == ".loc") {
      unsigned line = next().line;
      while (peek().kind != Token::End && peek().line == line)
        next();
      return Error::success();
    }
    if (d == ".section") {
      skipStatement();
      return Error::success();
    }
    bool isExtern = false;
    while (peek().text == ".visible" || peek().text == ".extern" ||
           peek().text == ".weak" || peek().text == ".common") {
      isExtern |= peek().text == ".extern";
      next();
    }
    StringRef kind = peek().text;
    if (kind == ".global" || kind == ".const" || kind == ".shared") {
      next();
      return variable(kind == ".global"  ? Space::Global
                      : kind == ".const" ? Space::Const
                                         : Space::Shared,
                      isExtern, /*function=*/-1);
    }
    if (kind == ".entry" || kind == ".func")
      return function(kind == ".entry");
    return err("unexpected directive");
  }

  /// The modifiers of a declaration before its name: .align N sets
  /// sym.align, the state-space words are skipped, `other` takes the rest.
  Error declModifiers(Symbol &sym, function_ref<Error(StringRef)> other) {
    while (peek().kind == Token::Ident && peek().text.starts_with(".")) {
      StringRef m = next().text;
      if (m == ".align") {
        auto v = integer();
        if (!v)
          return v.takeError();
        sym.align = *v;
      } else if (m == ".ptr" || m == ".global" || m == ".shared" ||
                 m == ".const" || m == ".local") {
      } else if (Error e = other(m)) {
        return e;
      }
    }
    return Error::success();
  }

  /// A declaration's name and [N]... dimensions: the name goes to `sym`,
  /// the product of the dimensions to `count`. With `unsized`, a "[]" is
  /// allowed and sets it.
  Error declarator(Symbol &sym, StringRef what, uint64_t &count,
                   bool *unsized) {
    const Token &nameTok = next();
    if (nameTok.kind != Token::Ident)
      return err("expected a " + what + " name");
    sym.name = nameTok.text.str();
    while (accept("[")) {
      if (unsized && accept("]")) {
        *unsized = true;
        continue;
      }
      auto v = integer();
      if (!v)
        return v.takeError();
      count *= *v;
      if (Error e = expect("]"))
        return e;
    }
    return Error::success();
  }

  /// After the state space: [.align N] [.v2] .type name[N]... [= init] ;
  Error variable(Space space, bool isExtern, int32_t function) {
    Symbol sym;
    sym.space = space;
    sym.function = function;
    uint64_t elemBytes = 1;
    unsigned vec = 1;
    if (Error e = declModifiers(sym, [&](StringRef m) -> Error {
          if (m == ".v2" || m == ".v4") {
            vec = m == ".v2" ? 2 : 4;
            return Error::success();
          }
          Ty t = parseTy(m.drop_front());
          if (t == Ty::None || t == Ty::Pred)
            return err("unexpected '" + m + "' in a variable declaration");
          sym.type = t;
          elemBytes = std::max(1u, bitsOf(t) / 8) * vec;
          return Error::success();
        }))
      return e;
    uint64_t count = 1;
    bool unsized = false;
    if (Error e = declarator(sym, "variable", count, &unsized))
      return e;
    sym.size = unsized ? 0 : count * elemBytes;
    if (sym.align < elemBytes && !unsized)
      sym.align =
          std::max<uint64_t>(sym.align, std::min<uint64_t>(elemBytes, 16));
    if (accept("=")) {
      // Scalars and flat arrays of integers (LLVM writes byte arrays).
      std::vector<uint64_t> values;
      bool braced = accept("{");
      do {
        if (braced && isPunct("}"))
          break;
        auto v = integer();
        if (!v)
          return v.takeError();
        values.push_back(*v);
      } while (accept(","));
      if (braced)
        if (Error e = expect("}"))
          return e;
      sym.init.assign(sym.size, 0);
      for (size_t i = 0; i < values.size(); ++i)
        for (uint64_t b = 0; b < elemBytes && i * elemBytes + b < sym.size; ++b)
          sym.init[i * elemBytes + b] = uint8_t(values[i] >> (8 * b));
    }
    if (Error e = expect(";"))
      return e;
    if (space == Space::Shared) {
      if (unsized) {
        if (!isExtern)
          return err("an unsized .shared array must be .extern");
        sym.dynamic = true;
        mod->dynamicSharedAlign = std::max(mod->dynamicSharedAlign, sym.align);
      } else {
        uint64_t a = std::max<uint64_t>(1, sym.align);
        mod->staticSharedBytes = (mod->staticSharedBytes + a - 1) / a * a;
        sym.offset = mod->staticSharedBytes;
        mod->staticSharedBytes += sym.size;
      }
    } else if (space == Space::Local) {
      Function &fn = mod->functions[function];
      uint64_t a = std::max<uint64_t>(1, sym.align);
      fn.localBytes = (fn.localBytes + a - 1) / a * a;
      sym.offset = fn.localBytes;
      fn.localBytes += sym.size;
    } else if (isExtern && (space == Space::Global || space == Space::Const)) {
      return err("an .extern ." +
                 Twine(space == Space::Global ? "global" : "const") +
                 " variable has no definition to run");
    }
    int32_t idx = static_cast<int32_t>(mod->symbols.size());
    std::string symName = sym.name;
    mod->symbols.push_back(std::move(sym));
    if (function < 0)
      moduleSymbols[symName] = idx;
    else
      scopes.back()[symName] = idx;
    return Error::success();
  }

  /// `.param [.attrs] name[N]` in a parameter list or a call-site block.
  Expected<int32_t> param(int32_t function) {
    if (next().text != ".param")
      return err("expected .param");
    Symbol sym;
    sym.space = Space::Param;
    sym.function = function;
    uint64_t elemBytes = 0;
    if (Error e = declModifiers(sym, [&](StringRef m) -> Error {
          Ty t = parseTy(m.drop_front());
          if (t == Ty::None)
            return err("unexpected '" + m + "' in a parameter");
          sym.type = t;
          elemBytes = std::max(1u, bitsOf(t) / 8);
          return Error::success();
        }))
      return e;
    uint64_t count = 1;
    if (Error e = declarator(sym, "parameter", count, nullptr))
      return e;
    sym.size = count * elemBytes;
    sym.align = std::max<uint64_t>({sym.align, elemBytes, 1});
    Function &fn = mod->functions[function];
    fn.paramBytes = (fn.paramBytes + sym.align - 1) / sym.align * sym.align;
    sym.offset = fn.paramBytes;
    fn.paramBytes += sym.size;
    int32_t idx = static_cast<int32_t>(mod->symbols.size());
    mod->symbols.push_back(std::move(sym));
    return idx;
  }

  Error paramList(int32_t function, std::vector<int32_t> &out) {
    if (Error e = expect("("))
      return e;
    if (accept(")"))
      return Error::success();
    do {
      auto p = param(function);
      if (!p)
        return p.takeError();
      out.push_back(*p);
    } while (accept(","));
    return expect(")");
  }

  Error function(bool isEntry) {
    next(); // .entry / .func
    // A .func may have been declared before (a prototype); its definition
    // reuses the index.
    std::vector<int32_t> rets, params;
    int32_t fnIdx = static_cast<int32_t>(mod->functions.size());
    mod->functions.emplace_back();
    mod->functions.back().isEntry = isEntry;
    if (!isEntry && isPunct("("))
      if (Error e = paramList(fnIdx, rets))
        return e;
    const Token &nameTok = next();
    if (nameTok.kind != Token::Ident)
      return err("expected a function name");
    mod->functions[fnIdx].name = nameTok.text.str();
    if (isPunct("("))
      if (Error e = paramList(fnIdx, params))
        return e;
    Function &fn = mod->functions[fnIdx];
    fn.params = params;
    fn.returns = rets;
    // Performance tuning directives.
    while (peek().kind == Token::Ident && peek().text.starts_with(".")) {
      StringRef d = next().text;
      if (d == ".maxntid" || d == ".reqntid") {
        std::array<uint32_t, 3> dims{1, 1, 1};
        unsigned i = 0;
        do {
          auto v = integer();
          if (!v)
            return v.takeError();
          if (i < 3)
            dims[i++] = static_cast<uint32_t>(*v);
        } while (accept(","));
        (d == ".maxntid" ? mod->functions[fnIdx].maxntid
                         : mod->functions[fnIdx].reqntid) = dims;
      } else if (d == ".noreturn") {
      } else {
        // .minnctapersm, .maxnreg, .maxclusterrank, ...: numbers.
        while (peek().kind == Token::Number || isPunct(","))
          next();
      }
    }
    // A prototype: keep the first declaration's index for calls.
    auto [it, inserted] =
        mod->functionIndex.try_emplace(mod->functions[fnIdx].name, fnIdx);
    if (accept(";"))
      return Error::success();
    if (!inserted) {
      Function &proto = mod->functions[it->second];
      if (proto.defined)
        return err("function '" + proto.name + "' is defined twice");
      it->second = fnIdx;
    }
    return body(fnIdx);
  }

  Error body(int32_t fnIdx) {
    curFn = fnIdx;
    regRanges.clear();
    regSingles.clear();
    labels.clear();
    scopes.clear();
    scopes.emplace_back();
    for (int32_t p : mod->functions[fnIdx].params)
      scopes.back()[mod->symbols[p].name] = p;
    for (int32_t p : mod->functions[fnIdx].returns)
      scopes.back()[mod->symbols[p].name] = p;
    if (Error e = expect("{"))
      return e;
    unsigned depth = 1;
    while (depth > 0) {
      const Token &t = peek();
      if (t.kind == Token::End)
        return err("unterminated function body");
      if (isPunct("{")) {
        next();
        scopes.emplace_back();
        ++depth;
        continue;
      }
      if (isPunct("}")) {
        next();
        scopes.pop_back();
        --depth;
        continue;
      }
      if (t.kind == Token::Ident && isPunct(":", 1)) {
        labels[t.text] =
            static_cast<int32_t>(mod->functions[fnIdx].code.size());
        next();
        next();
        continue;
      }
      if (t.text == ".reg") {
        if (Error e = regDecl())
          return e;
        continue;
      }
      if (t.text == ".local" || t.text == ".shared") {
        bool shared = t.text == ".shared";
        next();
        if (Error e = variable(shared ? Space::Shared : Space::Local, false,
                               shared ? -1 : fnIdx))
          return e;
        if (shared) {
          // A function-scoped .shared variable is a module variable with a
          // name visible in this body only.
          int32_t idx = static_cast<int32_t>(mod->symbols.size()) - 1;
          moduleSymbols.erase(mod->symbols[idx].name);
          scopes.back()[mod->symbols[idx].name] = idx;
        }
        continue;
      }
      if (t.text == ".param") {
        auto p = param(fnIdx);
        if (!p)
          return p.takeError();
        scopes.back()[mod->symbols[*p].name] = *p;
        if (Error e = expect(";"))
          return e;
        continue;
      }
      if (t.text == ".pragma" || t.text == ".loc" || t.text == ".file") {
        unsigned line = next().line;
        if (t.text == ".pragma") {
          skipStatement();
          continue;
        }
        while (peek().kind != Token::End && peek().line == line)
          next();
        continue;
      }
      if (Error e = instruction())
        return e;
    }
    Function &fn = mod->functions[fnIdx];
    fn.defined = true;
    // Resolve labels and forward symbols.
    for (Inst &inst : fn.code)
      for (Operand &o : inst.ops)
        if (Error e = resolve(o, inst))
          return e;
    curFn = -1;
    return Error::success();
  }

  Error regDecl() {
    next(); // .reg
    Ty type = Ty::None;
    while (peek().kind == Token::Ident && peek().text.starts_with(".")) {
      StringRef m = next().text;
      if (m == ".v2" || m == ".v4")
        return err("vector registers are not supported");
      type = parseTy(m.drop_front());
      if (type == Ty::None)
        return err("unknown register type '" + m + "'");
    }
    Function &fn = mod->functions[curFn];
    do {
      const Token &nameTok = next();
      if (nameTok.kind != Token::Ident)
        return err("expected a register name");
      if (accept("<")) {
        auto n = integer();
        if (!n)
          return n.takeError();
        if (Error e = expect(">"))
          return e;
        int32_t base = static_cast<int32_t>(fn.regTypes.size());
        regRanges[nameTok.text] = {base, static_cast<unsigned>(*n)};
        for (uint64_t i = 0; i < *n; ++i) {
          fn.regTypes.push_back(type);
          fn.regNames.push_back((nameTok.text + Twine(i)).str());
        }
      } else {
        regSingles[nameTok.text] = static_cast<int32_t>(fn.regTypes.size());
        fn.regTypes.push_back(type);
        fn.regNames.push_back(nameTok.text.str());
      }
    } while (accept(","));
    return expect(";");
  }

  std::optional<int32_t> lookupReg(StringRef name) const {
    auto single = regSingles.find(name);
    if (single != regSingles.end())
      return single->second;
    size_t digits = name.size();
    while (digits > 0 &&
           std::isdigit(static_cast<unsigned char>(name[digits - 1])))
      --digits;
    if (digits == name.size())
      return std::nullopt;
    auto range = regRanges.find(name.take_front(digits));
    if (range == regRanges.end())
      return std::nullopt;
    unsigned idx;
    if (name.drop_front(digits).getAsInteger(10, idx) ||
        idx >= range->second.second)
      return std::nullopt;
    return range->second.first + static_cast<int32_t>(idx);
  }

  std::optional<int32_t> lookupSymbol(StringRef name) const {
    for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
      auto f = it->find(name);
      if (f != it->end())
        return f->second;
    }
    auto m = moduleSymbols.find(name);
    if (m != moduleSymbols.end())
      return m->second;
    return std::nullopt;
  }

  Expected<Operand> operand() {
    Operand o;
    if (accept("!")) {
      auto inner = operand();
      if (!inner)
        return inner.takeError();
      inner->negated = true;
      return inner;
    }
    if (accept("[")) {
      o.kind = Operand::Addr;
      const Token &b = peek();
      if (b.kind == Token::Ident) {
        next();
        if (auto r = lookupReg(b.text)) {
          o.reg = *r;
        } else if (auto s = lookupSymbol(b.text)) {
          o.sym = *s;
        } else {
          o.name = b.text.str();
        }
        if (accept("+")) {
          auto v = integer();
          if (!v)
            return v.takeError();
          o.imm = static_cast<int64_t>(*v);
        } else if (isPunct("-")) {
          auto v = integer();
          if (!v)
            return v.takeError();
          o.imm = static_cast<int64_t>(*v);
        }
      } else {
        auto v = integer();
        if (!v)
          return v.takeError();
        o.imm = static_cast<int64_t>(*v);
      }
      if (Error e = expect("]"))
        return std::move(e);
      return o;
    }
    if (accept("{") || isPunct("(")) {
      bool paren = accept("(");
      o.kind = paren ? Operand::List : Operand::Vec;
      StringRef close = paren ? ")" : "}";
      if (!accept(close)) {
        do {
          auto e = operand();
          if (!e)
            return e.takeError();
          o.elems.push_back(std::move(*e));
        } while (accept(","));
        if (Error e = expect(close))
          return std::move(e);
      }
      return o;
    }
    if (isPunct("-") || peek().kind == Token::Number) {
      bool neg = accept("-");
      const Token &t = next();
      auto v = parseNumber(t.text);
      if (t.kind != Token::Number || !v)
        return err("bad immediate");
      o.kind = Operand::Imm;
      o.imm = static_cast<int64_t>(neg ? ~v->first + 1 : v->first);
      o.isFloatImm = v->second;
      return o;
    }
    const Token &t = next();
    if (t.kind != Token::Ident)
      return err("expected an operand");
    if (t.text == "_") {
      o.kind = Operand::Sink;
      return o;
    }
    // Registers first: a scoped block may declare one without '%'
    // ("{ .reg .b32 tmp; mov.b64 {%r4, tmp}, %rd34; }").
    if (auto r = lookupReg(t.text)) {
      o.kind = Operand::Reg;
      o.reg = *r;
      return o;
    }
    if (t.text.starts_with("%")) {
      if (auto s = parseSpecial(t.text)) {
        o.kind = Operand::Spec;
        o.special = *s;
        return o;
      }
      return makeError("PTX line " + Twine(t.line) + ": '" + t.text +
                       "' is neither a declared register nor a special "
                       "register this executor knows");
    }
    if (auto s = lookupSymbol(t.text)) {
      o.kind = Operand::Sym;
      o.sym = *s;
      return o;
    }
    o.kind = Operand::Label; // or a symbol/function defined later
    o.name = t.text.str();
    return o;
  }

  Error instruction() {
    Inst inst;
    inst.line = peek().line;
    if (accept("@")) {
      inst.guardNeg = accept("!");
      const Token &p = next();
      auto r = lookupReg(p.text);
      if (!r)
        return err("unknown guard predicate '" + p.text + "'");
      inst.guard = *r;
    }
    const Token &opTok = next();
    if (opTok.kind != Token::Ident)
      return makeError("PTX line " + Twine(opTok.line) +
                       ": expected an instruction, got '" + opTok.text + "'");
    decodeOpcode(opTok.text, inst);
    if (inst.op == Opc::Unknown) {
      // Not implemented: its operands (whatever their syntax: texture
      // coordinates, descriptors) are not read; reaching it reports it.
      int depth = 0;
      while (peek().kind != Token::End) {
        const Token &t = next();
        if (t.kind != Token::Punct)
          continue;
        if (t.text == "{" || t.text == "[" || t.text == "(")
          ++depth;
        else if (t.text == "}" || t.text == "]" || t.text == ")")
          --depth;
        else if (t.text == ";" && depth <= 0)
          break;
      }
      mod->functions[curFn].code.push_back(std::move(inst));
      return Error::success();
    }
    if (!isPunct(";")) {
      do {
        auto o = operand();
        if (!o)
          return o.takeError();
        // setp's two destinations: p|q.
        if (accept("|")) {
          auto q = operand();
          if (!q)
            return q.takeError();
          Operand pair;
          pair.kind = Operand::Vec;
          pair.elems = {std::move(*o), std::move(*q)};
          inst.ops.push_back(std::move(pair));
          continue;
        }
        inst.ops.push_back(std::move(*o));
      } while (accept(","));
    }
    if (Error e = expect(";"))
      return e;
    if (Error e = checkOperands(inst))
      return e;
    mod->usesWgmma |= inst.op >= Opc::WgmmaFence && inst.op <= Opc::WgmmaMma;
    mod->functions[curFn].code.push_back(std::move(inst));
    return Error::success();
  }

  /// The operands an instruction's meaning reads must be there, with the
  /// kinds it reads them as (the machine indexes them without checking).
  Error checkOperands(const Inst &inst) const {
    size_t need = minOperands(inst.op);
    if (inst.op == Opc::Setp && inst.boolOp != BoolOp::None)
      need = 4;
    if (inst.op == Opc::Atom && inst.atomOp == AtomOp::Cas)
      need = 4;
    auto bad = [&](const Twine &why) {
      return makeError("PTX line " + Twine(inst.line) + ": " + inst.opcode +
                       " " + why);
    };
    if (inst.ops.size() < need)
      return bad("takes at least " + Twine(need) + " operands, not " +
                 Twine(inst.ops.size()));
    bool memOp = inst.op == Opc::Ld || inst.op == Opc::St ||
                 inst.op == Opc::Atom || inst.op == Opc::Red;
    if (memOp) {
      size_t at = inst.op == Opc::Ld || inst.op == Opc::Atom ? 1 : 0;
      if (inst.ops[at].kind != Operand::Addr)
        return bad("needs an address operand [..] at position " +
                   Twine(at + 1));
    }
    if (inst.op == Opc::Bra && inst.ops[0].kind != Operand::Label)
      return bad("needs a label");
    bool wgmma = inst.op >= Opc::WgmmaFence && inst.op <= Opc::WgmmaMma;
    if (wgmma && mod->target != "sm_90a")
      return bad("needs .target sm_90a (this module's is " +
                 (mod->target.empty() ? std::string("missing") : mod->target) +
                 ")");
    if (inst.op == Opc::WgmmaMma)
      return checkWgmmaOperands(inst, bad);
    return Error::success();
  }

  /// wgmma.mma_async's forms: d, a, b-desc, scale-d, then imm-scale-a,
  /// imm-scale-b (floats), imm-trans-a (f16/bf16 with A in shared memory)
  /// and imm-trans-b (f16/bf16). d is a vector of N/2 registers (N/4 with
  /// f16 accumulators), a a descriptor or a vector of 4 registers.
  template <typename Bad>
  Error checkWgmmaOperands(const Inst &inst, Bad bad) const {
    const auto &ops = inst.ops;
    bool half = inst.type2 == Ty::F16 || inst.type2 == Ty::BF16;
    bool aRegs = ops[1].kind == Operand::Vec;
    size_t want = inst.type == Ty::S32 ? 4 : !half ? 6 : aRegs ? 7 : 8;
    if (ops.size() != want)
      return bad("takes " + Twine(want) + " operands in this form, not " +
                 Twine(ops.size()));
    size_t dRegs =
        inst.type == Ty::F16 ? inst.shape[1] / 4u : inst.shape[1] / 2u;
    if (ops[0].kind != Operand::Vec || ops[0].elems.size() != dRegs)
      return bad("needs " + Twine(dRegs) + " accumulator registers");
    if (aRegs ? ops[1].elems.size() != 4 : ops[1].kind != Operand::Reg)
      return bad("needs A as a descriptor register or 4 registers");
    for (size_t v = 0; v < (aRegs ? 2 : 1); ++v)
      for (const Operand &e : ops[v].elems)
        if (e.kind != Operand::Reg)
          return bad("needs registers in its vector operands");
    if (ops[2].kind != Operand::Reg)
      return bad("needs B as a descriptor register");
    if (ops[3].kind != Operand::Reg &&
        !(ops[3].kind == Operand::Imm && (ops[3].imm == 0 || ops[3].imm == 1)))
      return bad("needs a predicate or an immediate 0 or 1 as scale-d");
    for (size_t i = 4; i < ops.size(); ++i) {
      bool scale = i < 6;
      if (ops[i].kind != Operand::Imm ||
          (scale ? ops[i].imm != 1 && ops[i].imm != -1
                 : ops[i].imm != 0 && ops[i].imm != 1))
        return bad(scale ? "needs imm-scale operands of 1 or -1"
                         : "needs imm-trans operands of 0 or 1");
    }
    return Error::success();
  }

  Error resolve(Operand &o, Inst &inst) {
    for (Operand &e : o.elems)
      if (Error err = resolve(e, inst))
        return err;
    if (o.name.empty())
      return Error::success();
    auto l = labels.find(o.name);
    if (l != labels.end() && o.kind == Operand::Label) {
      o.imm = l->second;
      o.name.clear();
      return Error::success();
    }
    if (auto s = lookupSymbol(o.name)) {
      if (o.kind == Operand::Label)
        o.kind = Operand::Sym;
      o.sym = *s;
      o.name.clear();
      return Error::success();
    }
    // Function names (call targets) and module symbols defined after this
    // function are resolved once the whole module is read.
    return Error::success();
  }

  Error resolveModule() {
    for (Function &fn : mod->functions) {
      if (!fn.defined)
        continue;
      for (Inst &inst : fn.code) {
        std::function<Error(Operand &)> fix = [&](Operand &o) -> Error {
          for (Operand &e : o.elems)
            if (Error err = fix(e))
              return err;
          if (o.name.empty())
            return Error::success();
          auto m = moduleSymbols.find(o.name);
          if (m != moduleSymbols.end()) {
            if (o.kind == Operand::Label)
              o.kind = Operand::Sym;
            o.sym = m->second;
            o.name.clear();
            return Error::success();
          }
          if (inst.op == Opc::Call && mod->functionIndex.count(o.name)) {
            inst.callee = mod->functionIndex.lookup(o.name);
            o.kind = Operand::Label;
            o.name.clear();
            return Error::success();
          }
          return makeError("PTX line " + Twine(inst.line) + ": '" + o.name +
                           "' is not a label, variable or function");
        };
        for (Operand &o : inst.ops)
          if (Error e = fix(o))
            return e;
        if (inst.op == Opc::Call && inst.callee < 0)
          return makeError("PTX line " + Twine(inst.line) +
                           ": call without a known callee");
      }
    }
    return Error::success();
  }
};

} // namespace

Expected<std::shared_ptr<const PtxModule>> parsePtx(StringRef text) {
  Parser p(text);
  auto m = p.run();
  if (!m)
    return m.takeError();
  return std::shared_ptr<const PtxModule>(std::move(*m));
}

Expected<std::vector<unsigned>> entryParamSizes(const PtxModule &module,
                                                StringRef entry) {
  auto it = module.functionIndex.find(entry);
  if (it == module.functionIndex.end() || !module.functions[it->second].isEntry)
    return makeError("the PTX has no .entry '" + entry + "'");
  std::vector<unsigned> sizes;
  for (int32_t p : module.functions[it->second].params)
    sizes.push_back(static_cast<unsigned>(module.symbols[p].size));
  return sizes;
}

std::vector<std::string> unsupportedInstructions(const PtxModule &module) {
  std::vector<std::string> out;
  for (const Function &fn : module.functions)
    for (const Inst &inst : fn.code)
      if (inst.op == Opc::Unknown)
        out.push_back(inst.unsupported);
  llvm::sort(out);
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

} // namespace tilecheck::oracle::simt
