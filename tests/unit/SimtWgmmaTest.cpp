//===- SimtWgmmaTest.cpp - wgmma on the CPU SIMT executor -----------------===//
//
// Hand-written sm_90a kernels of one warpgroup (128 threads) that stage A
// and B in shared memory in the PTX ISA's canonical K-major layouts (9.7.15
// .5.1.2: laid out here row by row, each 16-byte chunk's index XORed with
// the row within its 8-row atom divided by 128 / swizzle bytes), build the
// matrix descriptors, run wgmma.mma_async and store every thread's
// accumulator fragment (rows 16 * warp + lane / 4 (+ 8), columns 8j + 2 *
// (lane % 4) (+ 1)) at its (row, column). The inputs are small integers,
// so every sum is exact and the expected D is the plain product; where
// ptxas is installed, it assembles each kernel for sm_90a first (the forms
// the executor runs are real ones). Then the executor's reports of the
// ISA's wgmma rules.
//
//===----------------------------------------------------------------------===//

#include "SimtTestKernels.h"

#include "tilecheck/Target/NVPTX.h"

#include <cmath>
#include <functional>

namespace {

using namespace simttest;
/// formatv into a string.
template <typename... Ts> std::string fmt(const char *format, Ts &&...args) {
  return llvm::formatv(format, std::forward<Ts>(args)...).str();
}

/// One wgmma configuration: D (dtype) += A (atype, M = 64) x B (btype) over
/// `steps` k-steps of one wgmma each.
struct WgmmaCase {
  std::string dtype = "f32", atype = "f16", btype = "f16";
  unsigned n = 32;
  /// Swizzle bytes (0, 32, 64, 128).
  unsigned swizzle = 0;
  unsigned steps = 1;
  bool aInRegs = false;
  /// scale-d as a predicate that is true, with D starting at `initD`.
  bool accumulate = false;
  int initD = 0;
  int scaleA = 1, scaleB = 1;
  bool satfinite = false;
};

unsigned elemBytes(const std::string &t) {
  if (t == "f16" || t == "bf16")
    return 2;
  if (t == "tf32")
    return 4;
  return 1;
}

/// The bits of small integer `v` (|v| <= 2) as a `t` element.
uint64_t encode(const std::string &t, int v) {
  static const uint16_t f16[] = {0xC000, 0xBC00, 0, 0x3C00, 0x4000};
  static const uint16_t bf16[] = {0xC000, 0xBF80, 0, 0x3F80, 0x4000};
  static const uint32_t f32[] = {0xC0000000, 0xBF800000, 0, 0x3F800000,
                                 0x40000000};
  static const uint8_t e4m3[] = {0xC0, 0xB8, 0, 0x38, 0x40};
  static const uint8_t e5m2[] = {0xC0, 0xBC, 0, 0x3C, 0x40};
  unsigned i = static_cast<unsigned>(v + 2);
  if (t == "f16")
    return f16[i];
  if (t == "bf16")
    return bf16[i];
  if (t == "tf32")
    return f32[i];
  if (t == "e4m3")
    return e4m3[i];
  if (t == "e5m2")
    return e5m2[i];
  return static_cast<uint8_t>(static_cast<int8_t>(t == "u8" ? v + 2 : v));
}

int valueOf(const std::string &t, int v) { return t == "u8" ? v + 2 : v; }

/// f16 bits of an integer of magnitude below 2048.
uint16_t f16OfInt(int v) {
  if (v == 0)
    return 0;
  unsigned m = static_cast<unsigned>(v < 0 ? -v : v);
  int e = 31 - __builtin_clz(m);
  uint16_t bits =
      static_cast<uint16_t>(((e + 15) << 10) | ((m << (10 - e)) & 0x3ff));
  return static_cast<uint16_t>(bits | (v < 0 ? 0x8000 : 0));
}

/// Byte offset of byte `kb` of row `r` in a K-major operand laid out with
/// the given swizzle (0: 8x16-byte core matrices, K chunks `lbo` apart),
/// 8-row groups `sbo` apart.
uint64_t canonical(unsigned swizzle, uint64_t lbo, uint64_t sbo, unsigned r,
                   unsigned kb) {
  uint64_t group = (r / 8) * sbo;
  if (swizzle == 0)
    return group + (r % 8) * 16 + (kb / 16) * lbo + kb % 16;
  unsigned chunk = (kb / 16) ^ ((r % 8) / (128 / swizzle));
  return group + (r % 8) * swizzle + chunk * 16 + kb % 16;
}

/// A descriptor's fields but the start (added in the kernel).
uint64_t descriptorBits(unsigned swizzle, uint64_t start, uint64_t lbo,
                        uint64_t sbo) {
  uint64_t mode = swizzle == 128  ? 1
                  : swizzle == 64 ? 2
                  : swizzle == 32 ? 3
                                  : 0;
  return ((start >> 4) & 0x3fff) | ((lbo >> 4) & 0x3fff) << 16 |
         ((sbo >> 4) & 0x3fff) << 32 | mode << 62;
}

/// Shared image, descriptors and register operands of a case, and the
/// expected D (row-major 64 x n).
struct Staged {
  std::vector<uint8_t> smem;
  /// Per k-step: the A and B descriptors (start relative to the shared
  /// window's first byte).
  std::vector<uint64_t> descA, descB;
  /// A in registers: per k-step, thread and register.
  std::vector<uint32_t> aRegs;
  std::vector<int64_t> expected;
};

Staged stage(const WgmmaCase &c) {
  Staged s;
  unsigned eb = elemBytes(c.atype), k = 32 / eb, kTotal = k * c.steps;
  std::vector<int> A(64 * kTotal), B(c.n * kTotal);
  for (unsigned m = 0; m < 64; ++m)
    for (unsigned j = 0; j < kTotal; ++j)
      A[m * kTotal + j] = int((m * 7 + j * 3) % 5) - 2;
  for (unsigned n = 0; n < c.n; ++n)
    for (unsigned j = 0; j < kTotal; ++j)
      B[n * kTotal + j] = int((n * 5 + j * 11 + 1) % 5) - 2;
  // Where k-step `st` of an operand of `rows` rows starts, and its
  // leading/stride offsets: the swizzled rows hold 32 bytes of K per step
  // next to each other where the swizzle is wide enough, otherwise each
  // step is its own block.
  auto place = [&](unsigned rows, uint64_t base, std::vector<int> &vals,
                   const std::string &type, std::vector<uint64_t> &descs) {
    unsigned rowBytes = c.swizzle == 0 ? 32 : c.swizzle;
    bool shared = c.swizzle == 0 || c.swizzle >= 32 * c.steps;
    uint64_t lbo = 16 * 8 * (rows / 8 + 1); // past every 8-row group
    uint64_t sbo = c.swizzle == 0 ? 128 : 8 * rowBytes;
    uint64_t block = c.swizzle == 0 ? 0 : (rows / 8) * sbo;
    for (unsigned r = 0; r < rows; ++r)
      for (unsigned j = 0; j < kTotal; ++j) {
        unsigned kb = j * eb, st = kb / 32;
        uint64_t at = shared ? base + canonical(c.swizzle, lbo, sbo, r, kb)
                             : base + st * block +
                                   canonical(c.swizzle, lbo, sbo, r, kb % 32);
        uint64_t bits = encode(type, vals[r * kTotal + j]);
        if (s.smem.size() < at + eb)
          s.smem.resize(at + eb, 0);
        for (unsigned b = 0; b < eb; ++b)
          s.smem[at + b] = static_cast<uint8_t>(bits >> (8 * b));
      }
    for (unsigned st = 0; st < c.steps; ++st) {
      uint64_t start = shared ? base + (c.swizzle == 0 ? 2 * st * lbo : 32 * st)
                              : base + st * block;
      descs.push_back(descriptorBits(c.swizzle, start, lbo, sbo));
    }
  };
  place(64, 0, A, c.atype, s.descA);
  place(c.n, 16384, B, c.btype, s.descB);
  s.smem.resize((s.smem.size() + 2047) / 2048 * 2048, 0);
  if (c.aInRegs) {
    // Thread t's registers: of each 16-row slice a warp holds, rows g and
    // g + 8 alternating per register pair, as for mma.sync (Wgmma.h).
    for (unsigned st = 0; st < c.steps; ++st)
      for (unsigned t = 0; t < 128; ++t)
        for (unsigned r = 0; r < 4; ++r) {
          uint32_t word = 0;
          unsigned per = 4 / eb;
          for (unsigned e = 0; e < per; ++e) {
            unsigned i = r * per + e, warp = t / 32, g = (t % 32) / 4,
                     q = t % 4, row, col;
            if (eb == 2) {
              row = 16 * warp + g + 8 * ((i >> 1) & 1);
              col = 2 * q + (i & 1) + 8 * (i >> 2);
            } else if (eb == 4) {
              row = 16 * warp + g + 8 * (i & 1);
              col = q + 4 * (i >> 1);
            } else {
              row = 16 * warp + g + 8 * ((i >> 2) & 1);
              col = 4 * q + (i & 3) + 16 * (i >> 3);
            }
            uint64_t bits = encode(c.atype, A[row * kTotal + st * k + col]);
            word |= static_cast<uint32_t>(bits << (8 * eb * e));
          }
          s.aRegs.push_back(word);
        }
  }
  s.expected.resize(64 * c.n);
  for (unsigned m = 0; m < 64; ++m)
    for (unsigned n = 0; n < c.n; ++n) {
      int64_t d = c.accumulate ? c.initD : 0;
      for (unsigned j = 0; j < kTotal; ++j)
        d += int64_t(c.scaleA) * valueOf(c.atype, A[m * kTotal + j]) *
             c.scaleB * valueOf(c.btype, B[n * kTotal + j]);
      if (c.satfinite)
        d = std::clamp<int64_t>(d, INT32_MIN, INT32_MAX);
      s.expected[m * c.n + n] = d;
    }
  return s;
}

/// `ptx` for sm_90a, the target wgmma needs, and PTX ISA 8.4 (mixed
/// integer types).
std::string sm90a(std::string ptx) {
  size_t at = ptx.find(".target sm_90");
  ptx.insert(at + std::strlen(".target sm_90"), "a");
  ptx.replace(ptx.find(".version 8.0"), 12, ".version 8.4");
  return ptx;
}

/// The kernel of a case: `in` holds the descriptors (2 per step), A's
/// registers (4 per thread and step) and then the shared image; out gets
/// D at (row, column), one u64 slot each. `mutate(body)` may edit the PTX.
std::string wgmmaKernel(const WgmmaCase &c, const Staged &s,
                        std::function<void(std::string &)> mutate = {}) {
  bool half = c.dtype == "f16";
  unsigned dRegs = half ? c.n / 4 : c.n / 2;
  // The accumulators: registers of their own, up to N = 256.
  std::string dReg = "%acc";
  unsigned dFirst = 0;
  uint64_t header = 16 * c.steps + 16 * 128 * c.steps;
  std::string body = c.dtype == "f32" ? "  .reg .f32 %acc<128>;\n"
                                      : "  .reg .b32 %acc<128>;\n";
  body += "  mov.u32 %r1, %tid.x;\n  mov.u64 %rd20, smem;\n";
  // Copy the shared image: chunk tid + 128 j.
  for (uint64_t ch = 0; ch * 16 < s.smem.size(); ch += 128)
    body += fmt("  mul.wide.u32 %rd2, %r1, 16;\n"
                "  add.s64 %rd3, %rd1, %rd2;\n"
                "  ld.global.v2.u64 {{%rd4, %rd5}, [%rd3+{0}];\n"
                "  add.s64 %rd6, %rd20, %rd2;\n"
                "  st.shared.v2.u64 [%rd6+{1}], {{%rd4, %rd5};\n",
                header + ch * 16, ch * 16);
  body += "  fence.proxy.async.shared::cta;\n  bar.sync 0;\n"
          "  shr.u64 %rd21, %rd20, 4;\n";
  std::string dList;
  for (unsigned i = 0; i < dRegs; ++i) {
    dList += fmt("{0}{1}{2}{3}", i ? ", " : "", dReg, dFirst + i, "");
    uint64_t init = 0;
    if (c.accumulate) {
      if (c.dtype == "f32") {
        float f = static_cast<float>(c.initD);
        uint32_t b;
        std::memcpy(&b, &f, 4);
        init = b;
      } else if (half) {
        init = uint64_t(f16OfInt(c.initD)) * 0x10001u;
      } else {
        init = static_cast<uint32_t>(c.initD);
      }
    }
    body += fmt("  mov.b32 {0}{1}, {2};\n", dReg, dFirst + i, init);
  }
  body += "  setp.ne.u32 %p1, %r1, 4096;\n"; // true: scale-d
  body += "  wgmma.fence.sync.aligned;\n";
  for (unsigned st = 0; st < c.steps; ++st) {
    body += fmt("  ld.global.u64 %rd10, [%rd1+{0}];\n"
                "  ld.global.u64 %rd11, [%rd1+{1}];\n"
                "  add.s64 %rd10, %rd10, %rd21;\n"
                "  add.s64 %rd11, %rd11, %rd21;\n",
                16 * st, 16 * st + 8);
    std::string a = "%rd10";
    if (c.aInRegs) {
      body += fmt("  mul.wide.u32 %rd12, %r1, 16;\n"
                  "  add.s64 %rd13, %rd1, %rd12;\n"
                  "  ld.global.v4.u32 {{%r{1}, %r{2}, %r{3}, %r{4}}, "
                  "[%rd13+{0}];\n",
                  16 * c.steps + 16 * 128 * st, 20 + 4 * st, 21 + 4 * st,
                  22 + 4 * st, 23 + 4 * st);
      // Each step its own registers: A's stay untouchable until the wait.
      a = fmt("{{%r{0}, %r{1}, %r{2}, %r{3}}", 20 + 4 * st, 21 + 4 * st,
              22 + 4 * st, 23 + 4 * st);
      // The A registers were written after the first fence.
      body += "  wgmma.fence.sync.aligned;\n";
    }
    std::string tail;
    bool floatIn = c.atype != "s8" && c.atype != "u8";
    if (floatIn)
      tail += fmt(", {0}, {1}", c.scaleA, c.scaleB);
    if (c.atype == "f16" || c.atype == "bf16")
      tail += c.aInRegs ? ", 0" : ", 0, 0";
    std::string scaleD = c.accumulate || st > 0 ? "%p1" : "0";
    body += fmt("  wgmma.mma_async.sync.aligned.m64n{0}k{1}{2}.{3}.{4}.{5} "
                "{{{6}}, {7}, %rd11, {8}{9};\n",
                c.n, 32 / elemBytes(c.atype), c.satfinite ? ".satfinite" : "",
                c.dtype, c.atype, c.btype, dList, a, scaleD, tail);
  }
  body += "  wgmma.commit_group.sync.aligned;\n"
          "  wgmma.wait_group.sync.aligned 0;\n";
  // Row 16 warp + g, column 2 q: the slot of element 0.
  body += fmt("  shr.u32 %r2, %r1, 5;\n"
              "  shl.b32 %r2, %r2, 4;\n"
              "  shr.u32 %r3, %r1, 2;\n"
              "  and.b32 %r3, %r3, 7;\n"
              "  add.u32 %r2, %r2, %r3;\n"
              "  mul.lo.u32 %r2, %r2, {0};\n"
              "  and.b32 %r4, %r1, 3;\n"
              "  shl.b32 %r4, %r4, 1;\n"
              "  add.u32 %r2, %r2, %r4;\n"
              "  mul.wide.u32 %rd14, %r2, 8;\n"
              "  add.s64 %rd15, %rd0, %rd14;\n",
              c.n);
  for (unsigned e = 0; e < c.n / 2; ++e) {
    uint64_t off = 8 * ((8 * ((e >> 1) & 1)) * c.n + 8 * (e >> 2) + (e & 1));
    if (half) {
      if (e % 2 == 0)
        body += fmt("  mov.b32 {{%h1, %h2}, {0}{1};\n", dReg, dFirst + e / 2);
      body += fmt("  st.global.b16 [%rd15+{0}], %h{1};\n", off, 1 + e % 2);
    } else {
      body +=
          fmt("  st.global.b32 [%rd15+{0}], {1}{2};\n", off, dReg, dFirst + e);
    }
  }
  if (mutate)
    mutate(body);
  return sm90a(kernel(body, ".shared .align 1024 .b8 smem[" +
                                std::to_string(s.smem.size()) + "];\n"));
}

/// Runs a case's kernel (as `mutate` leaves it) on `threads` threads.
/// `functions`: PTX functions the kernel may call, put before it.
KernelRun runCase(const WgmmaCase &c, const Staged &s,
                  std::function<void(std::string &)> mutate = {},
                  uint32_t threads = 128, std::string functions = "") {
  std::vector<uint64_t> in;
  for (unsigned st = 0; st < c.steps; ++st) {
    in.push_back(s.descA[st]);
    in.push_back(s.descB[st]);
  }
  std::vector<uint32_t> regs = s.aRegs;
  regs.resize(4 * 128 * c.steps, 0);
  for (size_t i = 0; i < regs.size(); i += 2)
    in.push_back(regs[i] | uint64_t(regs[i + 1]) << 32);
  for (size_t i = 0; i < s.smem.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, s.smem.data() + i, 8);
    in.push_back(w);
  }
  std::string ptx = wgmmaKernel(c, s, std::move(mutate));
  ptx.insert(ptx.find(".visible .entry"), functions);
  return run(ptx, 64 * c.n, threads, 1, in);
}

/// Runs a case and compares every D element with the expected product.
void expectProduct(const WgmmaCase &c) {
  SCOPED_TRACE(fmt("{0}.{1}.{2} n{3} swizzle {4} steps {5}{6}", c.dtype,
                   c.atype, c.btype, c.n, c.swizzle, c.steps,
                   c.aInRegs ? " A in registers" : ""));
  Staged s = stage(c);
  // The forms the executor runs are the ones NVIDIA's assembler takes.
  if (tilecheck::target::findPtxas()) {
    tilecheck::target::PtxasResult as =
        tilecheck::target::runPtxas(wgmmaKernel(c, s), "sm_90a", 3);
    EXPECT_EQ(as.status, tilecheck::target::PtxasStatus::Ok) << as.log;
  }
  KernelRun r = runCase(c, s);
  EXPECT_OK(r);
  for (unsigned i = 0; i < 64 * c.n; ++i) {
    int64_t want = s.expected[i];
    uint64_t bits;
    if (c.dtype == "f32") {
      float f = static_cast<float>(want);
      uint32_t b;
      std::memcpy(&b, &f, 4);
      bits = b;
    } else if (c.dtype == "f16") {
      bits = f16OfInt(static_cast<int>(want));
    } else {
      bits = static_cast<uint32_t>(want);
    }
    ASSERT_EQ(r.out[i], bits) << "D[" << i / c.n << "][" << i % c.n << "]";
  }
}

TEST(SimtWgmma, SharedOperandsInEachSwizzleMode) {
  for (unsigned swizzle : {0u, 32u, 64u, 128u}) {
    WgmmaCase c;
    c.swizzle = swizzle;
    // Two k-steps: the second at the next 32 bytes of each row (64- and
    // 128-byte swizzles: the chunk XOR then follows the address), two core
    // matrices on (no swizzle) or the next block (32-byte swizzle).
    c.steps = 2;
    expectProduct(c);
  }
}

TEST(SimtWgmma, ShapesTypesAndAccumulators) {
  WgmmaCase wide;
  wide.n = 64;
  wide.swizzle = 128;
  expectProduct(wide);
  WgmmaCase narrow;
  narrow.n = 8;
  expectProduct(narrow);
  WgmmaCase bf16;
  bf16.atype = bf16.btype = "bf16";
  bf16.swizzle = 64;
  expectProduct(bf16);
  WgmmaCase tf32;
  tf32.atype = tf32.btype = "tf32";
  tf32.steps = 2;
  tf32.swizzle = 128;
  expectProduct(tf32);
  WgmmaCase f8;
  f8.atype = "e4m3";
  f8.btype = "e5m2";
  f8.swizzle = 32;
  expectProduct(f8);
  WgmmaCase halfAcc;
  halfAcc.dtype = "f16";
  halfAcc.accumulate = true;
  halfAcc.initD = 100;
  expectProduct(halfAcc);
  WgmmaCase f8Half = f8;
  f8Half.dtype = "f16";
  expectProduct(f8Half);
  WgmmaCase ints;
  ints.dtype = "s32";
  ints.atype = "s8";
  ints.btype = "u8";
  ints.accumulate = true;
  ints.initD = -1000;
  expectProduct(ints);
  // .satfinite clamps where the plain sum would wrap.
  WgmmaCase sat = ints;
  sat.satfinite = true;
  sat.initD = INT32_MAX - 10;
  expectProduct(sat);
}

TEST(SimtWgmma, EveryTypeSwizzleAndWidth) {
  // Each multiplicand type with its accumulators, in every swizzle mode, at
  // widths from one 8-column block to 256 (N = 24 and 56: not powers of
  // two), A from shared memory and from registers.
  struct Types {
    const char *d, *a, *b;
  };
  for (Types t : {Types{"f32", "f16", "f16"}, Types{"f16", "f16", "f16"},
                  Types{"f32", "bf16", "bf16"}, Types{"f32", "tf32", "tf32"},
                  Types{"f32", "e5m2", "e4m3"}, Types{"f16", "e4m3", "e4m3"},
                  Types{"s32", "u8", "s8"}})
    for (unsigned swizzle : {0u, 32u, 64u, 128u})
      for (unsigned n : {8u, 24u, 56u, 256u})
        for (bool aInRegs : {false, true}) {
          if ((n == 256) != (swizzle == 128 && !aInRegs))
            continue; // the widest once
          WgmmaCase c;
          c.dtype = t.d;
          c.atype = t.a;
          c.btype = t.b;
          c.swizzle = swizzle;
          // Integer N: 8, 24 or a multiple of 16.
          c.n = n == 56 && c.dtype == "s32" ? 48 : n;
          c.aInRegs = aInRegs;
          c.accumulate = aInRegs;
          c.initD = 3;
          expectProduct(c);
        }
}

TEST(SimtWgmma, RegisterAScaleDAndNegation) {
  for (const char *t : {"f16", "tf32", "s8"}) {
    WgmmaCase c;
    c.atype = c.btype = t;
    if (c.atype == "s8") {
      c.dtype = "s32";
      c.btype = "u8";
    }
    c.aInRegs = true;
    c.accumulate = true;
    c.initD = 7;
    c.steps = 2;
    c.swizzle = 64;
    if (c.dtype != "s32")
      c.scaleA = -1;
    expectProduct(c);
  }
}

/// Inserts `text` before the first line containing `at`.
std::function<void(std::string &)> insertBefore(std::string at,
                                                std::string text) {
  return [=](std::string &body) {
    size_t p = body.find(at);
    ASSERT_NE(p, std::string::npos) << at;
    body.insert(body.rfind('\n', p) + 1, text);
  };
}

std::function<void(std::string &)> erase(std::string text) {
  return [=](std::string &body) {
    size_t p = body.find(text);
    ASSERT_NE(p, std::string::npos) << text;
    body.erase(p, text.size());
  };
}

TEST(SimtWgmmaReports, TheIsasRules) {
  WgmmaCase c;
  c.swizzle = 128;
  Staged s = stage(c);
  // A store into bytes the wgmma reads (row 0's second chunk), before the
  // wait.
  EXPECT_TRUE(faultsWith(
      runCase(c, s,
              insertBefore("wgmma.wait_group",
                           "  setp.eq.u32 %p3, %r1, 0;\n"
                           "  @%p3 st.shared.u32 [%rd20+16], %r1;\n")),
      "overwrites bytes a wgmma.mma_async still reads"));
  // Bytes of other stages may be written.
  EXPECT_OK(runCase(c, s,
                    insertBefore("wgmma.wait_group",
                                 "  setp.eq.u32 %p3, %r1, 0;\n"
                                 "  @%p3 st.shared.u32 [%rd20+8192], %r1;\n")));
  // Reading the accumulator before the wait.
  EXPECT_TRUE(faultsWith(
      runCase(c, s,
              insertBefore("wgmma.wait_group", "  mov.b32 %r5, %acc3;\n")),
      "accesses %acc3, a register of a wgmma.mma_async not yet waited on"));
  // No fence.proxy.async between the stores and the wgmma.
  EXPECT_TRUE(faultsWith(runCase(c, s, erase("fence.proxy.async.shared::cta;")),
                         "with no fence.proxy.async after"));
  // The accumulators' initialization after the wgmma.fence.
  EXPECT_TRUE(faultsWith(
      runCase(c, s, insertBefore("wgmma.mma_async", "  mov.b32 %acc2, 0;\n")),
      "uses %acc2, read or written since the warp's last wgmma.fence"));
  // A read of an accumulator after the wgmma.fence (the instance writes it).
  EXPECT_TRUE(faultsWith(
      runCase(c, s, insertBefore("wgmma.mma_async", "  mov.b32 %r5, %acc2;\n")),
      "uses %acc2, read or written since the warp's last wgmma.fence"));
  // A second instance of another shape (n16) on the first accumulators,
  // with no wgmma.fence between: only instances of one shape chain.
  auto secondShape = [](std::string between) {
    return [=](std::string &body) {
      size_t at = body.find("  wgmma.mma_async");
      size_t end = body.find('\n', at) + 1;
      std::string mma = body.substr(at, end - at);
      // Its eight accumulators: the first eight of the n32 instance's.
      size_t list = mma.find("{%acc0,");
      std::string eight = "{%acc0";
      for (int i = 1; i < 8; ++i)
        eight += fmt(", %acc{0}", i);
      mma.replace(list, mma.find('}', list) - list, eight);
      size_t shape = mma.find("m64n32");
      mma.replace(shape, 6, "m64n16");
      body.insert(end, between + mma);
    };
  };
  EXPECT_TRUE(faultsWith(runCase(c, s, secondShape("")),
                         "wgmma.mma_async (m64n16k16) uses %acc0, an "
                         "accumulator of a wgmma.mma_async of another shape"));
  EXPECT_OK(runCase(c, s, secondShape("  wgmma.fence.sync.aligned;\n")));
  // The wgmma.fence in a function the kernel calls orders the kernel's
  // own register accesses too.
  EXPECT_OK(runCase(
      c, s,
      [](std::string &body) {
        std::string fence = "  wgmma.fence.sync.aligned;\n";
        body.replace(body.find(fence), fence.size(), "  call fence_all;\n");
      },
      128, ".func fence_all()\n{\n  wgmma.fence.sync.aligned;\n  ret;\n}\n"));
  // No wgmma.fence at all, the accumulators untouched before (scale-d 0).
  EXPECT_TRUE(faultsWith(runCase(c, s,
                                 [](std::string &body) {
                                   erase("  wgmma.fence.sync.aligned;\n")(body);
                                   size_t p;
                                   while ((p = body.find("  mov.b32 %acc")) !=
                                          std::string::npos)
                                     body.erase(p, body.find('\n', p) + 1 - p);
                                 }),
                         "wgmma.mma_async with no wgmma.fence before it in "
                         "warp"));
  // Two warps only.
  EXPECT_TRUE(faultsWith(runCase(c, s, {}, 64),
                         "needs the 128 threads of a warpgroup"));
  // Warps 2 and 3 issue another copy of the instruction (what LLVM's tail
  // duplication made of an inline statement that was not convergent).
  EXPECT_TRUE(faultsWith(runCase(c, s,
                                 [](std::string &body) {
                                   size_t at = body.find("  wgmma.mma_async");
                                   size_t end = body.find('\n', at) + 1;
                                   std::string mma = body.substr(at, end - at);
                                   body.replace(at, end - at,
                                                "  shr.u32 %r30, %r1, 6;\n"
                                                "  setp.ne.u32 %p5, %r30, 0;\n"
                                                "  @%p5 bra COPY;\n" +
                                                    mma +
                                                    "  bra.uni DONE;\n"
                                                    "COPY:\n" +
                                                    mma + "DONE:\n");
                                 }),
                         "issues a different wgmma.mma_async instruction"));
  // A warp-wide instruction on an accumulator in flight.
  EXPECT_TRUE(faultsWith(
      runCase(c, s,
              insertBefore("wgmma.wait_group",
                           "  shfl.sync.idx.b32 %r5, %acc3, 0, 31, -1;\n")),
      "accesses %acc3, a register of a wgmma.mma_async not yet waited on"));
  // Operand bytes a cp.async has not written yet (no wait for it).
  EXPECT_TRUE(faultsWith(
      runCase(c, s,
              insertBefore("fence.proxy.async",
                           "  setp.eq.u32 %p3, %r1, 0;\n"
                           "  @%p3 cp.async.ca.shared.global [%rd20+16], "
                           "[%rd1+0], 16;\n")),
      "a copy of thread 0 has not written yet"));
  // Warpgroup 1 skips the wgmma; after a delay, thread 128 stores into bytes
  // warpgroup 0's wgmma read, with no barrier between: a race.
  // With 256 threads: only the first warpgroup stages the operands.
  auto onlyFirstGroupStages = [](std::string &body) {
    std::string top = "  mov.u64 %rd20, smem;\n";
    body.insert(body.find(top) + top.size(), "  setp.ge.u32 %p8, %r1, 128;\n"
                                             "  @%p8 bra STAGED;\n");
    body.insert(body.find("  fence.proxy.async.shared::cta;"), "STAGED:\n");
  };
  auto secondGroupWrites = [&](std::string store) {
    return [=](std::string &body) {
      onlyFirstGroupStages(body);
      size_t fence = body.find("  wgmma.fence.sync.aligned;");
      body.insert(fence, "  setp.ge.u32 %p6, %r1, 128;\n"
                         "  @%p6 bra SKIP;\n");
      std::string wait = "  wgmma.wait_group.sync.aligned 0;\n";
      body.insert(body.find(wait) + wait.size(),
                  "SKIP:\n"
                  "  @!%p6 bra STORED;\n"
                  "  mov.u32 %r31, 0;\n"
                  "DELAY:\n"
                  "  add.u32 %r31, %r31, 1;\n"
                  "  setp.lt.u32 %p7, %r31, 200;\n"
                  "  @%p7 bra DELAY;\n" +
                      store +
                      "  ret;\n"
                      "STORED:\n");
    };
  };
  EXPECT_TRUE(faultsWith(
      runCase(c, s,
              secondGroupWrites("  setp.eq.u32 %p3, %r1, 128;\n"
                                "  @%p3 st.shared.u32 [%rd20+16], %r1;\n"),
              256),
      "data race on shared memory at offset 16: thread 128 writes it after "
      "warpgroup 0's wgmma.mma_async read it"));
  // The same store after a barrier the first warpgroup's threads join too.
  EXPECT_OK(runCase(
      c, s,
      [&](std::string &body) {
        secondGroupWrites("  bar.sync 1;\n"
                          "  setp.eq.u32 %p3, %r1, 128;\n"
                          "  @%p3 st.shared.u32 [%rd20+16], "
                          "%r1;\n")(body);
        body.replace(body.find("STORED:\n"), 8, "STORED:\n  bar.sync 1;\n");
      },
      256));
  // Both warpgroups' wgmmas read the bytes (warpgroup 0 staged them); thread
  // 128 stores into them after its own wait: warpgroup 0's read races.
  EXPECT_TRUE(faultsWith(
      runCase(
          c, s,
          [&](std::string &body) {
            onlyFirstGroupStages(body);
            insertBefore("shr.u32 %r2, %r1, 5;",
                         "  setp.eq.u32 %p3, %r1, 128;\n"
                         "  @%p3 st.shared.u32 [%rd20+16], %r1;\n")(body);
          },
          256),
      "data race on shared memory at offset 16: thread 128 writes it after "
      "other threads (or a wgmma.mma_async) read it"));
  // Warp 1 of the warpgroup whose wgmma read the bytes stores into them
  // after its wait: ordered, no race.
  EXPECT_OK(runCase(c, s,
                    insertBefore("shr.u32 %r2, %r1, 5;",
                                 "  setp.eq.u32 %p3, %r1, 32;\n"
                                 "  @%p3 st.shared.u32 [%rd20+16], %r1;\n")));
  // A descriptor that differs between threads.
  EXPECT_TRUE(
      faultsWith(runCase(c, s,
                         insertBefore("wgmma.mma_async",
                                      "  cvt.u64.u32 %rd30, %r1;\n"
                                      "  and.b64 %rd30, %rd30, 1;\n"
                                      "  add.s64 %rd11, %rd11, %rd30;\n")),
                 "descriptors and scale-d differ across the threads"));
}

/// A function `issue(a, b)` whose m64n8 wgmma (accumulators %x0-%x3, the
/// function's registers 0-3) reads descriptors a and b; `wait`: it waits
/// for it before returning.
std::string issueFunction(bool wait) {
  return std::string(R"(
.func issue(.param .b64 issue_a, .param .b64 issue_b)
{
  .reg .f32 %x<4>;
  .reg .b64 %d<2>;
  ld.param.b64 %d0, [issue_a];
  ld.param.b64 %d1, [issue_b];
  wgmma.fence.sync.aligned;
  wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%x0, %x1, %x2, %x3}, %d0, %d1, 0, 1, 1, 0, 0;
  wgmma.commit_group.sync.aligned;
)") + (wait ? "  wgmma.wait_group.sync.aligned 0;\n" : "") +
         "  ret;\n}\n";
}

TEST(SimtWgmmaReports, DeadlockTransposeAndParsing) {
  WgmmaCase c;
  Staged s = stage(c);
  // Warp 3 branches around the wgmma: warps 0-2 wait for it forever.
  KernelRun r = runCase(c, s, [](std::string &body) {
    size_t p = body.find("  wgmma.fence.sync.aligned;");
    body.insert(p, "  setp.ge.u32 %p2, %r1, 96;\n  @%p2 bra SKIP;\n");
    size_t q = body.find("  shr.u32 %r2, %r1, 5;");
    body.insert(q, "SKIP:\n");
  });
  EXPECT_TRUE(faultsWith(r, "wait at wgmma.wait_group for a wgmma.mma_async "
                            "the other warps of their warpgroup never issue"));
  // An MN-major operand is not implemented: reported, not computed.
  KernelRun t = runCase(c, s, [](std::string &body) {
    size_t p = body.find(", 1, 1, 0, 0;");
    body.replace(p, 13, ", 1, 1, 0, 1;");
  });
  EXPECT_EQ(t.result.status, SimtStatus::Unsupported) << t.result.message;
  // wgmma needs sm_90a.
  std::string plain = wgmmaKernel(c, s);
  plain.replace(plain.find("sm_90a"), 6, "sm_90");
  auto parsed = parsePtx(plain);
  ASSERT_FALSE(static_cast<bool>(parsed));
  EXPECT_NE(llvm::toString(parsed.takeError())
                .find("needs .target sm_90a (this module's is sm_90)"),
            std::string::npos);
  // An integer wgmma's N is 8, 24 or a multiple of 16 (ptxas: "Illegal
  // matrix shape"): unknown to the executor, reported when reached.
  WgmmaCase ints;
  ints.dtype = "s32";
  ints.atype = "s8";
  ints.btype = "s8";
  ints.n = 48;
  Staged si = stage(ints);
  KernelRun n56 = runCase(ints, si, [](std::string &body) {
    size_t p = body.find("m64n48k32");
    body.replace(p, 9, "m64n56k32");
    size_t q = body.find("{%acc0, ");
    body.insert(q + 1, "%acc100, %acc101, %acc102, %acc103, ");
  });
  EXPECT_EQ(n56.result.status, SimtStatus::Unsupported) << n56.result.message;
  // A function that issues a wgmma and returns before waiting for it.
  std::string func = issueFunction(/*wait=*/false);
  std::string call = sm90a(kernel(R"(
  .param .b64 pa;
  .param .b64 pb;
  st.param.b64 [pa], 0;
  st.param.b64 [pb], 64;
  call issue, (pa, pb);
)",
                                  func));
  KernelRun ret = run(call, 1, 128);
  EXPECT_TRUE(faultsWith(ret, "returns from 'issue' while %x0, a register "
                              "of a wgmma.mma_async not yet waited on"));
  // Malformed forms are parse errors naming the rule.
  KernelRun bad = runCase(c, s, [](std::string &body) {
    size_t p = body.find("{%acc0, ");
    body.erase(p + 1, 7); // one accumulator register short
  });
  EXPECT_EQ(bad.result.status, SimtStatus::Error);
  EXPECT_NE(bad.result.message.find("needs 16 accumulator registers"),
            std::string::npos)
      << bad.result.message;
  KernelRun scale = runCase(c, s, [](std::string &body) {
    size_t p = body.find(", %rd11, 0, 1, 1, 0, 0;");
    body.replace(p, 10, ", %rd11, 2");
  });
  EXPECT_EQ(scale.result.status, SimtStatus::Error);
  EXPECT_NE(scale.result.message.find("an immediate 0 or 1 as scale-d"),
            std::string::npos)
      << scale.result.message;
}

// A function's instance (m64n8, accumulators %x0-%x3: the callee's registers
// 0-3) waited on and returned from, then the kernel's instance of another
// shape on its own registers 0-7 with no fence between: different
// registers, no fault (the shape rule compares registers of one frame).
TEST(SimtWgmmaReports, ShapesInDifferentFrames) {
  std::string ptx = R"(.version 8.4
.target sm_90a
.address_size 64
.shared .align 1024 .b8 smem[2048];
)" + issueFunction(/*wait=*/true) +
                    R"(
.visible .entry k(.param .u64 k_out, .param .u64 k_in)
{
  .reg .f32 %y<8>;
  .reg .b32 %r<2>;
  .reg .b64 %rd<6>;
  .param .b64 pa;
  .param .b64 pb;
  mov.u32 %r0, %tid.x;
  mul.wide.u32 %rd0, %r0, 16;
  mov.u64 %rd1, smem;
  add.s64 %rd2, %rd1, %rd0;
  mov.u64 %rd3, 0;
  st.shared.v2.u64 [%rd2], {%rd3, %rd3};
  fence.proxy.async.shared::cta;
  bar.sync 0;
  shr.u64 %rd4, %rd1, 4;
  add.s64 %rd5, %rd4, 64;
  st.param.b64 [pa], %rd4;
  st.param.b64 [pb], %rd5;
  call issue, (pa, pb);
  wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {%y0, %y1, %y2, %y3, %y4, %y5, %y6, %y7}, %rd4, %rd5, 0, 1, 1, 0, 0;
  wgmma.commit_group.sync.aligned;
  wgmma.wait_group.sync.aligned 0;
  ret;
}
)";
  if (tilecheck::target::findPtxas()) {
    tilecheck::target::PtxasResult as =
        tilecheck::target::runPtxas(ptx, "sm_90a", 3);
    EXPECT_EQ(as.status, tilecheck::target::PtxasStatus::Ok) << as.log;
  }
  EXPECT_OK(run(ptx, 1, 128));
}

} // namespace
