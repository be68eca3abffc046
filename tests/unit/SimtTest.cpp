//===- SimtTest.cpp - Fidelity tests of the CPU SIMT executor -------------===//
//
// One test per instruction family: small hand-written PTX kernels whose
// expected values were worked out by hand from the PTX ISA manual (the
// comment next to each expectation says how), plus the executor's
// reports: faults, traps, unsupported instructions, hangs, parse errors.
//
//===----------------------------------------------------------------------===//

#include "SimtTestKernels.h"

#include <cstring>

using namespace tilecheck::oracle;
using namespace tilecheck::oracle::simt;

namespace {

using namespace simttest;

TEST(Simt, IntegerArithmetic) {
  std::string body = R"(
  mov.u32 %r1, 0xFFFFFFFF;
  add.cc.u32 %r2, %r1, 1;       // 0, carry out 1
  addc.u32 %r3, 0, 0;           // 0 + 0 + carry = 1
  sub.cc.u32 %r4, 0, 1;         // 0xFFFFFFFF, borrow 1
  subc.u32 %r5, 5, 1;           // 5 - (1 + borrow) = 3
  mov.s32 %r6, -3;
  mul.wide.s32 %rd2, %r6, 7;    // -21
  mul.hi.u32 %r7, 0x80000000, 4; // (2^31 * 4) >> 32 = 2
  mad.lo.s32 %r8, 3, 4, 5;      // 17
  mov.s32 %r9, -7;
  div.s32 %r10, %r9, 2;         // -3 (truncating)
  rem.s32 %r11, %r9, 2;         // -1
  shl.b32 %r12, 1, 40;          // shift clamped to 32: 0
  shr.s32 %r13, 0x80000000, 40; // sign fill: 0xFFFFFFFF
  bfe.u32 %r14, 0xABCD1234, 8, 8;  // 0x12
  bfe.s32 %r15, 0x0000F000, 12, 4; // field 0xF, sign-extended
  bfi.b32 %r16, 5, 0xFFFFFFFF, 4, 4; // 0xFFFFFF5F
  prmt.b32 %r17, 0x83221100, 0x77665544, 0x514B; // 0x551144FF
  shf.l.wrap.b32 %r18, 0x80000001, 1, 4; // upper half of {1:0x80000001}<<4 = 0x18
  shf.r.clamp.b32 %r19, 0x80000001, 1, 40; // n = 32: low half of {1:..}>>32 = 1
  clz.b32 %r20, 0x00010000;     // 15
  popc.b32 %r21, 0xF0F0;        // 8
  brev.b32 %r22, 1;             // 0x80000000
  bfind.u32 %r23, 0x00010000;   // 16
  bfind.u32 %r24, 0;            // 0xFFFFFFFF
  bfind.shiftamt.u32 %r25, 0x00010000; // 15
  min.s32 %r26, %r9, 1;         // -7
  min.u32 %r27, %r1, 1;         // 1
  neg.s32 %r28, 5;              // -5
  abs.s32 %r29, %r9;            // 7
  mad.lo.cc.u32 %r30, 0xFFFFFFFF, 1, 1; // 0, carry 1
  madc.hi.u32 %r31, 0xFFFFFFFF, 2, 0;   // hi(0x1FFFFFFFE) + 0 + 1 = 2
  mul.wide.u16 %r32, 0xFFFF, 0xFFFF;    // 0xFFFE0001
  div.u32 %r33, 7, 0;           // undefined in PTX; the executor gives all ones
  cnot.b32 %r34, 0;             // 1
  max.u16x2 %r35, 0x0001FFFF, 0x00020003; // per half: 0x0002, 0xFFFF
  min.s16x2 %r36, 0x0001FFFF, 0x00020003; // per half: 0x0001, -1 (0xFFFF)
  add.s16x2 %r37, 0x0001FFFF, 0x00020003; // per half, wrapping: 0x00030002
)";
  for (unsigned i = 2; i <= 37; ++i)
    if (i != 6)
      body += st32(i, "%r" + std::to_string(i));
  body += st64(6, "%rd2");
  KernelRun r = run(kernel(body), 38);
  EXPECT_OK(r);
  // Slots 2 to 37: %r2 to %r37, but %rd2 in slot 6.
  expectSlots(r, 2, {0u,
                     1u,
                     0xFFFFFFFFu,
                     3u,
                     static_cast<uint64_t>(-21),
                     2u,
                     17u,
                     0xFFFFFFF9u,
                     0xFFFFFFFDu,
                     0xFFFFFFFFu,
                     0u,
                     0xFFFFFFFFu,
                     0x12u,
                     0xFFFFFFFFu,
                     0xFFFFFF5Fu,
                     0x551144FFu,
                     0x18u,
                     1u,
                     15u,
                     8u,
                     0x80000000u,
                     16u,
                     0xFFFFFFFFu,
                     15u,
                     0xFFFFFFF9u,
                     1u,
                     0xFFFFFFFBu,
                     7u,
                     0u,
                     2u,
                     0xFFFE0001u,
                     0xFFFFFFFFu,
                     1u,
                     0x0002FFFFu,
                     0x0001FFFFu,
                     0x00030002u});
}

TEST(Simt, FloatRoundingFlushSaturation) {
  std::string body = R"(
  add.rn.f32 %f1, 0f3F800000, 0f33800000;  // 1 + 2^-24: tie, to even: 1.0
  add.rp.f32 %f2, 0f3F800000, 0f33800000;  // up: 1 + 2^-23
  add.rm.f32 %f3, 0fBF800000, 0fB3000000;  // -1 - 2^-25 toward -inf
  mul.rz.f32 %f4, 0f3FAAAAAB, 0f40400000;  // 4.00000012 -> 4.0
  mul.rp.f32 %f5, 0f3FAAAAAB, 0f40400000;  // -> next float above 4.0
  div.rn.f32 %f6, 0f3F800000, 0f40400000;  // 1/3 nearest: 0x3EAAAAAB
  div.rz.f32 %f7, 0f3F800000, 0f40400000;  // 1/3 toward zero: 0x3EAAAAAA
  fma.rn.f32 %f8, 0f3F800001, 0f3F800001, 0fBF800002; // 2^-46 (fused)
  sqrt.rn.f32 %f9, 0f40000000;             // 0x3FB504F3 (below sqrt 2)
  sqrt.rp.f32 %f10, 0f40000000;            // 0x3FB504F4
  add.ftz.f32 %f11, 0f00000001, 0f00000000; // subnormal flushed: +0
  add.f32 %f12, 0f00000001, 0f00000000;     // kept: 0x00000001
  add.sat.f32 %f13, 0f3F400000, 0f3F000000; // 1.25 clamped to 1.0
  add.sat.f32 %f14, 0f7FC00000, 0f3F000000; // NaN saturates to +0
  min.f32 %f15, 0f7FC00000, 0f3F800000;     // NaN ignored: 1.0
  min.NaN.f32 %f16, 0f7FC00000, 0f3F800000; // canonical NaN
  min.f32 %f17, 0f80000000, 0f00000000;     // -0 < +0: -0
  max.f32 %f18, 0f80000000, 0f00000000;     // +0
  copysign.f32 %f19, 0fBF800000, 0f40000000; // |2| with the sign of -1: -2
  abs.f32 %f20, 0fFFC00000;                 // sign cleared: 0x7FC00000
  neg.f32 %f21, 0f3F800000;                 // -1
  mul.rn.f32 %f22, 0f7F800000, 0f00000000;  // inf * 0: canonical NaN
  cvt.rni.f32.f32 %f23, 0f40200000;         // 2.5 to nearest even integer: 2
  testp.subnormal.f32 %p1, 0f00000001;
  selp.b32 %r1, 1, 0, %p1;
  testp.notanumber.f32 %p2, 0f3F800000;
  selp.b32 %r2, 1, 0, %p2;
  add.rn.f16 %h1, 0x3C00, 0x1000;           // 1 + 2^-11: tie, to even: 0x3C00
  add.rn.f16 %h2, 0x3C01, 0x1000;           // tie, to even: 0x3C02
  fma.rn.f16 %h3, 0x4000, 0x4200, 0x3C00;   // 2 * 3 + 1 = 7: 0x4700
  mul.rn.bf16 %h4, 0x3FC0, 0x3FC0;          // 1.5 * 1.5 = 2.25: 0x4010
  min.bf16 %h5, 0x3F80, 0xBF80;             // -1: 0xBF80
  rcp.rn.f32 %f24, 0f40400000;              // 1/3: 0x3EAAAAAB
  div.rn.f64 %fd1, 0d3FF0000000000000, 0d4008000000000000; // 1/3 (f64)
  div.rm.f64 %fd2, 0d3FF0000000000000, 0d4008000000000000; // one below
  sqrt.rn.f64 %fd3, 0d4000000000000000;     // 0x3FF6A09E667F3BCD
)";
  for (unsigned i = 1; i <= 24; ++i)
    body += st32(i, "%f" + std::to_string(i));
  body += st32(25, "%r1") + st32(26, "%r2");
  for (unsigned i = 1; i <= 5; ++i)
    body +=
        llvm::formatv("  st.global.b16 [%rd0+{0}], %h{1};\n", (26 + i) * 8, i)
            .str();
  for (unsigned i = 1; i <= 3; ++i)
    body += st64(31 + i, "%fd" + std::to_string(i));
  KernelRun r = run(kernel(body), 35);
  EXPECT_OK(r);
  // Slots 1 to 34 in the order of the stores above; slot 33: 1/3 rounds
  // down at nearest too.
  expectSlots(r, 1,
              {0x3F800000u,
               0x3F800001u,
               0xBF800001u,
               0x40800000u,
               0x40800001u,
               0x3EAAAAABu,
               0x3EAAAAAAu,
               0x28800000u,
               0x3FB504F3u,
               0x3FB504F4u,
               0u,
               1u,
               0x3F800000u,
               0u,
               0x3F800000u,
               0x7FFFFFFFu,
               0x80000000u,
               0u,
               0xC0000000u,
               0x7FC00000u,
               0xBF800000u,
               0x7FFFFFFFu,
               0x40000000u,
               0x3EAAAAABu,
               1u,
               0u,
               0x3C00u,
               0x3C02u,
               0x4700u,
               0x4010u,
               0xBF80u,
               0x3FD5555555555555u,
               0x3FD5555555555555u,
               0x3FF6A09E667F3BCDu});
}

TEST(Simt, Conversions) {
  std::string body = R"(
  cvt.rzi.s32.f32 %r1, 0f4F800000;   // 2^32 saturates: 0x7FFFFFFF
  cvt.rzi.s32.f32 %r2, 0f7FC00000;   // NaN: 0
  cvt.rni.s32.f32 %r3, 0f40200000;   // 2.5: 2
  cvt.rni.s32.f32 %r4, 0f40600000;   // 3.5: 4
  cvt.rmi.s32.f32 %r5, 0fBF000000;   // -0.5 toward -inf: -1
  cvt.rpi.u32.f32 %r6, 0fC0A00000;   // -5 saturates to 0
  cvt.rn.f32.s32 %f7, 16777217;      // 2^24 + 1 -> 2^24: 0x4B800000
  cvt.rz.f32.u32 %f8, 0xFFFFFFFF;    // 4294967040: 0x4F7FFFFF
  cvt.rn.f32.u32 %f9, 0xFFFFFFFF;    // 2^32: 0x4F800000
  cvt.rn.f16.f32 %h1, 0f3F801000;    // 1 + 2^-11: tie, even: 0x3C00
  cvt.rz.f16.f32 %h2, 0f477FF000;    // 65520 toward zero: 65504 (0x7BFF)
  cvt.rn.f16.f32 %h3, 0f477FF000;    // tie past the largest finite: inf
  cvt.f32.f16 %f10, 0x3555;          // exact: 0x3EAAA000
  cvt.rn.bf16.f32 %h4, 0f3F808000;   // tie, even: 0x3F80
  cvt.rn.bf16.f32 %h5, 0f3F818000;   // tie, even: 0x3F82
  mov.s32 %r11, -1;
  cvt.s64.s32 %rd11, %r11;           // sign-extended
  cvt.u64.u32 %rd12, %r11;           // zero-extended
  cvt.s8.s32 %r13, 0x180;            // low byte 0x80, sign-extended
  cvt.sat.s8.s32 %r14, 300;          // 127
  mov.s32 %r20, -5;
  cvt.sat.u8.s32 %r15, %r20;         // 0
  cvt.rn.f32.f64 %f16, 0d3FD5555555555555; // 0x3EAAAAAB
  cvt.rz.f32.f64 %f17, 0d3FD5555555555555; // 0x3EAAAAAA
  cvt.rn.f64.s64 %fd1, -3;           // -3.0
  cvt.sat.f32.f32 %f18, 0f40000000;  // 2 clamped to 1
  cvt.rzi.s64.f64 %rd19, 0dC3E0000000000001; // below -2^63: INT64_MIN
)";
  for (unsigned i : {1, 2, 3, 4, 5, 6})
    body += st32(i, "%r" + std::to_string(i));
  for (unsigned i : {7, 8, 9, 10, 16, 17, 18})
    body += st32(i, "%f" + std::to_string(i));
  for (unsigned i = 1; i <= 5; ++i)
    body +=
        llvm::formatv("  st.global.b16 [%rd0+{0}], %h{1};\n", (18 + i) * 8, i)
            .str();
  body += st64(11, "%rd11") + st64(12, "%rd12") + st32(13, "%r13") +
          st32(14, "%r14") + st32(15, "%r15") + st64(24, "%fd1") +
          st64(25, "%rd19");
  KernelRun r = run(kernel(body), 26);
  EXPECT_OK(r);
  // Slots 1 to 25: %r1 to %f18 by number, then %h1 to %h5, %fd1, %rd19.
  expectSlots(r, 1,
              {0x7FFFFFFFu,
               0u,
               2u,
               4u,
               0xFFFFFFFFu,
               0u,
               0x4B800000u,
               0x4F7FFFFFu,
               0x4F800000u,
               0x3EAAA000u,
               0xFFFFFFFFFFFFFFFFu,
               0xFFFFFFFFu,
               0xFFFFFF80u,
               127u,
               0u,
               0x3EAAAAABu,
               0x3EAAAAAAu,
               0x3F800000u,
               0x3C00u,
               0x7BFFu,
               0x7C00u,
               0x3F80u,
               0x3F82u,
               0xC008000000000000u,
               0x8000000000000000u});
}

TEST(Simt, ComparisonsAndSelects) {
  std::string body = R"(
  setp.lt.f32 %p1, 0f7FC00000, 0f3F800000;  // ordered with NaN: false
  setp.ltu.f32 %p2, 0f7FC00000, 0f3F800000; // unordered: true
  setp.ne.f32 %p3, 0f7FC00000, 0f7FC00000;  // false
  setp.neu.f32 %p4, 0f7FC00000, 0f7FC00000; // true
  setp.nan.f32 %p5, 0f3F800000, 0f7FC00000; // true
  setp.lt.s32 %p6, -1, 0;                    // true
  setp.lt.u32 %p7, 0xFFFFFFFF, 0;            // false
  setp.lo.u32 %p8, 1, 2;                     // true
  setp.eq.and.s32 %p9, 1, 1, %p1;            // true and false: false
  setp.lt.s32 %p10|%p11, 1, 2;               // p = true, q = !p
  setp.gt.or.f64 %p12, 0d3FF0000000000000, 0d4000000000000000, %p2; // false or true
  selp.b32 %r1, 10, 20, %p6;                 // 10
  not.pred %p13, %p6;
  selp.b32 %r2, 10, 20, %p13;                // 20
  xor.pred %p14, %p6, %p2;                   // false
)";
  for (unsigned i = 1; i <= 14; ++i)
    body += llvm::formatv("  selp.u32 %r{0}, 1, 0, %p{1};\n  st.global.b32 "
                          "[%rd0+{2}], %r{0};\n",
                          20 + i, i, i * 8)
                .str();
  body += st32(15, "%r1") + st32(16, "%r2");
  KernelRun r = run(kernel(body), 17);
  EXPECT_OK(r);
  expectSlots(r, 1, {0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1, 0, 0, 10, 20});
}

TEST(Simt, SpecialRegistersAcrossCtasAndWarps) {
  // 2 CTAs of 64 threads: out[ctaid*64 + tid] = ctaid<<24 | warpid<<16 |
  // laneid<<8 | nctaid.
  std::string body = R"(
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mad.lo.u32 %r4, %r2, %r3, %r1;
  mul.wide.u32 %rd2, %r4, 8;
  add.s64 %rd3, %rd0, %rd2;
  mov.u32 %r5, %warpid;
  mov.u32 %r6, %laneid;
  mov.u32 %r7, %nctaid.x;
  shl.b32 %r8, %r2, 24;
  shl.b32 %r9, %r5, 16;
  shl.b32 %r10, %r6, 8;
  or.b32 %r11, %r8, %r9;
  or.b32 %r11, %r11, %r10;
  or.b32 %r11, %r11, %r7;
  st.global.b32 [%rd3], %r11;
)";
  KernelRun r = run(kernel(body), 128, /*block=*/64, /*grid=*/2);
  EXPECT_OK(r);
  for (uint32_t c = 0; c < 2; ++c)
    for (uint32_t t = 0; t < 64; ++t)
      EXPECT_EQ(r.out[c * 64 + t],
                (c << 24) | ((t / 32) << 16) | ((t % 32) << 8) | 2u);
}

TEST(Simt, DivergenceAndReconvergence) {
  // Odd lanes take one path, even lanes the other, then all meet again;
  // each thread loops tid times.
  std::string body = R"(
  mov.u32 %r1, %tid.x;
  and.b32 %r2, %r1, 1;
  setp.eq.u32 %p1, %r2, 1;
  @%p1 bra ODD;
  add.u32 %r3, %r1, 100;
  bra.uni JOIN;
ODD:
  shl.b32 %r3, %r1, 1;
JOIN:
  mov.u32 %r4, 0;
  mov.u32 %r5, 0;
LOOP:
  setp.ge.u32 %p2, %r5, %r1;
  @%p2 bra DONE;
  add.u32 %r4, %r4, %r5;
  add.u32 %r5, %r5, 1;
  bra.uni LOOP;
DONE:
  activemask.b32 %r6;
)" + stSlots("%r1", 3, {"%r3", "%r4", "%r6"});
  KernelRun r = run(kernel(body), 32 * 3, /*block=*/32);
  EXPECT_OK(r);
  for (uint32_t t = 0; t < 32; ++t) {
    EXPECT_EQ(r.out[3 * t], t % 2 ? 2 * t : t + 100);
    EXPECT_EQ(r.out[3 * t + 1], t == 0 ? 0 : t * (t - 1) / 2);
    // The lanes met again after the loop: all 32 issue activemask.
    EXPECT_EQ(r.out[3 * t + 2], 0xFFFFFFFFu);
  }
  EXPECT_GT(r.result.stats.divergentIssues, 0u);
}

TEST(Simt, SharedMemoryBarriersAndVectors) {
  // Two warps: thread t writes smem[t] = t * 3, bar.sync, reads
  // smem[(t + 1) % 64] (written by the other warp for t = 31 and 63);
  // then a v2 store/load round trip of the dynamic window.
  std::string body = R"(
  mov.u32 %r1, %tid.x;
  mov.u64 %rd2, sbuf;
  mul.lo.u32 %r2, %r1, 3;
)" + stSharedWord("%rd2", "%r1", "%r2") +
                     R"(
  bar.sync 0;
  add.u32 %r3, %r1, 1;
  rem.u32 %r3, %r3, 64;
)" + ldSharedWord("%r4", "%rd2", "%r3") +
                     stSlots("%r1", 1, {"%r4"}) + R"(
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra END;
  mov.u64 %rd9, dyn;
  cvta.shared.u64 %rd10, %rd9;
  st.v2.u32 [%rd10+8], {%r2, 77};
  ld.shared.v2.u32 {%r5, %r6}, [dyn+8];
  st.global.b32 [%rd0+512], %r6;
END:
)";
  std::string decls = ".shared .align 4 .b8 sbuf[256];\n"
                      ".extern .shared .align 16 .b8 dyn[];\n";
  KernelRun r = run(kernel(body, decls), 65, /*block=*/64, 1, {}, 16);
  EXPECT_OK(r);
  for (uint32_t t = 0; t < 64; ++t)
    EXPECT_EQ(r.out[t], ((t + 1) % 64) * 3);
  EXPECT_EQ(r.out[64], 77u);
}

TEST(Simt, LocalMemoryCallsAndParams) {
  // A function returning x * 2 + 1 through .param, and a local array
  // addressed generically (cvta.local).
  std::string decls = R"(
.func (.param .b32 f_ret) f(.param .b32 f_x)
{
  .reg .b32 %a<4>;
  ld.param.b32 %a1, [f_x];
  mad.lo.u32 %a2, %a1, 2, 1;
  st.param.b32 [f_ret], %a2;
  ret;
}
)";
  std::string body = R"(
  .local .align 8 .b8 depot[16];
  mov.u64 %rd2, depot;
  cvta.local.u64 %rd3, %rd2;
  st.u32 [%rd3+4], 41;
  ld.local.u32 %r1, [depot+4];
  {
  .param .b32 param0;
  .param .b32 retval0;
  st.param.b32 [param0], %r1;
  call.uni (retval0), f, (param0);
  ld.param.b32 %r2, [retval0];
  }
)" + st32(0, "%r1") + st32(1, "%r2");
  KernelRun r = run(kernel(body, decls), 2, /*block=*/32);
  EXPECT_OK(r);
  EXPECT_EQ(r.out[0], 41u);
  EXPECT_EQ(r.out[1], 83u);
}

TEST(Simt, GlobalAtomics) {
  // 64 threads in 2 CTAs: add, max, inc (wrapping at 3), exch, cas, and an
  // f32 add of a subnormal (flushed by atom.add.f32).
  std::string body = R"(
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  shl.b32 %r3, %r2, 5;
  add.u32 %r4, %r3, %r1;          // global thread id 0..63
  atom.global.add.u32 %r5, [%rd0], 1;
  atom.global.max.s32 %r6, [%rd0+8], %r4;
  atom.global.inc.u32 %r7, [%rd0+16], 3;
  setp.ne.u32 %p1, %r4, 0;
  @%p1 bra END;
  atom.global.exch.b32 %r8, [%rd0+24], 9;
  atom.global.cas.b32 %r9, [%rd0+24], 9, 11;   // 9 == 9: swaps in 11
  atom.global.cas.b32 %r10, [%rd0+24], 9, 12;  // 11 != 9: unchanged
  st.global.b32 [%rd0+32], %r8;
  st.global.b32 [%rd0+40], %r9;
  st.global.b32 [%rd0+48], %r10;
  atom.global.add.f32 %f1, [%rd0+56], 0f00000001;
END:
)";
  KernelRun r = run(kernel(body), 8, /*block=*/32, /*grid=*/2);
  EXPECT_OK(r);
  EXPECT_EQ(r.out[0], 64u);
  EXPECT_EQ(r.out[1], 63u);
  EXPECT_EQ(r.out[2], 64u % 4); // inc wraps 0,1,2,3,0,...: 64 steps -> 0
  EXPECT_EQ(r.out[3], 11u);
  EXPECT_EQ(r.out[4], 0u);
  EXPECT_EQ(r.out[5], 9u);
  EXPECT_EQ(r.out[6], 11u);
  EXPECT_EQ(r.out[7], 0u); // +0 + subnormal, flushed
}

TEST(Simt, WarpCollectives) {
  std::string body = R"(
  mov.u32 %r1, %tid.x;
  mul.lo.u32 %r2, %r1, 10;
  shfl.sync.idx.b32 %r3, %r2, 0, 31, 0xFFFFFFFF;     // lane 0's: 0
  shfl.sync.down.b32 %r4|%p1, %r2, 1, 31, 0xFFFFFFFF; // lane+1's; lane 31 keeps its own
  shfl.sync.bfly.b32 %r5, %r2, 1, 31, 0xFFFFFFFF;    // lane^1's
  shfl.sync.up.b32 %r6, %r2, 2, 0, 0xFFFFFFFF;       // lane-2's; lanes 0,1 keep
  and.b32 %r7, %r1, 1;
  setp.eq.u32 %p2, %r7, 1;
  vote.sync.ballot.b32 %r8, %p2, 0xFFFFFFFF;         // 0xAAAAAAAA
  vote.sync.all.pred %p3, %p2, 0xFFFFFFFF;           // false
  vote.sync.any.pred %p4, %p2, 0xFFFFFFFF;           // true
  redux.sync.add.u32 %r9, %r1, 0xFFFFFFFF;           // 0 + ... + 31 = 496
  selp.u32 %r10, 1, 0, %p1;
  selp.u32 %r11, 1, 0, %p3;
  selp.u32 %r12, 1, 0, %p4;
)" + stSlots("%r1", 10,
             {"%r3", "%r4", "%r5", "%r6", "%r8", "%r9", "%r10", "%r11",
              "%r12"});
  KernelRun r = run(kernel(body), 32 * 10, /*block=*/32);
  EXPECT_OK(r);
  for (uint32_t l = 0; l < 32; ++l) {
    const uint64_t *o = &r.out[l * 10];
    EXPECT_EQ(o[0], 0u);
    EXPECT_EQ(o[1], l < 31 ? (l + 1) * 10 : l * 10);
    EXPECT_EQ(o[2], (l ^ 1) * 10);
    EXPECT_EQ(o[3], l >= 2 ? (l - 2) * 10 : l * 10);
    EXPECT_EQ(o[4], 0xAAAAAAAAu);
    EXPECT_EQ(o[5], 496u);
    EXPECT_EQ(o[6], l < 31 ? 1u : 0u);
    EXPECT_EQ(o[7], 0u);
    EXPECT_EQ(o[8], 1u);
  }
}

TEST(Simt, LdmatrixAndMmaM16N8K16) {
  // A (16x16) and B (16x8) f16 row-major in `in`, copied to shared memory;
  // ldmatrix.x4 gives A's fragment (lane l: the row l%16, column block
  // l/16), ldmatrix.x2.trans B's (lane l: row k = l%16); mma.sync with a
  // zero C; each lane stores d0..d3 at (g, 2t), (g, 2t+1), (g+8, 2t),
  // (g+8, 2t+1) of D, g = lane/4, t = lane%4 (the ISA's fragment layouts).
  std::string decls = ".shared .align 16 .b8 sA[512];\n"
                      ".shared .align 16 .b8 sB[256];\n";
  std::string body = R"(
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 16;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.v4.u32 {%r2, %r3, %r4, %r5}, [%rd3];
  mov.u64 %rd4, sA;
  add.s64 %rd5, %rd4, %rd2;
  st.shared.v4.u32 [%rd5], {%r2, %r3, %r4, %r5};
  mul.wide.u32 %rd6, %r1, 8;
  add.s64 %rd7, %rd1, %rd6;
  ld.global.v2.u32 {%r6, %r7}, [%rd7+512];
  mov.u64 %rd8, sB;
  add.s64 %rd9, %rd8, %rd6;
  st.shared.v2.u32 [%rd9], {%r6, %r7};
  bar.sync 0;
  and.b32 %r8, %r1, 15;
  shr.u32 %r9, %r1, 4;
  shl.b32 %r10, %r8, 5;
  shl.b32 %r11, %r9, 4;
  add.u32 %r12, %r10, %r11;
  cvt.u64.u32 %rd10, %r12;
  add.s64 %rd11, %rd4, %rd10;
  ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r13, %r14, %r15, %r16}, [%rd11];
  shl.b32 %r17, %r8, 4;
  cvt.u64.u32 %rd12, %r17;
  add.s64 %rd13, %rd8, %rd12;
  ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%r18, %r19}, [%rd13];
  mov.f32 %f5, 0f00000000;
  mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r13, %r14, %r15, %r16}, {%r18, %r19}, {%f5, %f5, %f5, %f5};
)" + stFragment16x8("f32", {"%f1", "%f2", "%f3", "%f4"});
  int A[16][16], B[16][8];
  std::vector<uint16_t> halves;
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 16; ++k) {
      A[i][k] = (i + 2 * k) % 7 - 3;
      halves.push_back(halfOfInt(A[i][k]));
    }
  for (int k = 0; k < 16; ++k)
    for (int n = 0; n < 8; ++n) {
      B[k][n] = (3 * k + n) % 5 - 2;
      halves.push_back(halfOfInt(B[k][n]));
    }
  std::vector<uint64_t> in(halves.size() / 4);
  std::memcpy(in.data(), halves.data(), halves.size() * 2);
  KernelRun r = run(kernel(body, decls), 128, /*block=*/32, 1, in);
  EXPECT_OK(r);
  for (int i = 0; i < 16; ++i)
    for (int n = 0; n < 8; ++n) {
      int d = 0;
      for (int k = 0; k < 16; ++k)
        d += A[i][k] * B[k][n];
      float f = static_cast<float>(d);
      uint32_t bits;
      std::memcpy(&bits, &f, 4);
      EXPECT_EQ(r.out[i * 8 + n], bits) << "D[" << i << "][" << n << "]";
    }
}

TEST(Simt, IntegerMmaM16N8K16WrapsAndTakesEachSignedness) {
  // mma.sync.aligned.m16n8k16.row.col.s32.s8.u8.s32 from fragments loaded
  // by each lane itself: A (16x16 bytes, row-major) register r is row
  // g + 8r, bytes 4t..4t+3; B is stored transposed (8x16) so that its one
  // register is column g, rows 4t..4t+3; C/D element i at row g + 8 (i>=2),
  // column 2t + (i & 1), stored one to an 8-byte output slot. A is
  // signed, B unsigned, and C starts near INT32_MAX so that some sums
  // wrap.
  std::string body = R"(
  mov.u32 %r1, %tid.x;
)" + laneOffset("%r6", 2, 16, 4) +
                     R"(
  cvt.u64.u32 %rd2, %r6;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.u32 %r7, [%rd3];
  ld.global.u32 %r8, [%rd3+128];
  ld.global.u32 %r9, [%rd3+256];
)" + laneOffset("%r12", 2, 8, 2) +
                     elementAddress("%rd5", "%rd1", "%r12", 4) + R"(
  ld.global.u32 %r13, [%rd5+384];
  ld.global.u32 %r14, [%rd5+388];
  ld.global.u32 %r15, [%rd5+640];
  ld.global.u32 %r16, [%rd5+644];
  mma.sync.aligned.m16n8k16.row.col.s32.s8.u8.s32 {%r17, %r18, %r19, %r20}, {%r7, %r8}, {%r9}, {%r13, %r14, %r15, %r16};
)" + stFragment16x8("u32", {"%r17", "%r18", "%r19", "%r20"});
  int8_t A[16][16];
  uint8_t B[16][8];
  int32_t C[16][8];
  std::vector<uint8_t> bytes(896);
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 16; ++k) {
      A[i][k] = static_cast<int8_t>((i * 37 + k * 101) & 0xff);
      bytes[i * 16 + k] = static_cast<uint8_t>(A[i][k]);
    }
  for (int k = 0; k < 16; ++k)
    for (int n = 0; n < 8; ++n) {
      B[k][n] = static_cast<uint8_t>((k * 59 + n * 83 + 128) & 0xff);
      bytes[256 + n * 16 + k] = B[k][n];
    }
  for (int i = 0; i < 16; ++i)
    for (int n = 0; n < 8; ++n) {
      C[i][n] = INT32_MAX - 1000 * (i * 8 + n);
      std::memcpy(&bytes[384 + (i * 8 + n) * 4], &C[i][n], 4);
    }
  std::vector<uint64_t> in(bytes.size() / 8);
  std::memcpy(in.data(), bytes.data(), bytes.size());
  KernelRun r = run(kernel(body, ""), 128, /*block=*/32, 1, in);
  EXPECT_OK(r);
  unsigned wrapped = 0;
  for (int i = 0; i < 16; ++i)
    for (int n = 0; n < 8; ++n) {
      int64_t d = C[i][n];
      for (int k = 0; k < 16; ++k)
        d += int64_t(A[i][k]) * int64_t(B[k][n]);
      wrapped += d > INT32_MAX;
      EXPECT_EQ(r.out[i * 8 + n], static_cast<uint32_t>(d))
          << "D[" << i << "][" << n << "]";
    }
  EXPECT_GT(wrapped, 0u);
}

TEST(Simt, PermuteModesAndPackedConversions) {
  // {b, a} bytes 0..7 = 00 11 22 33 44 55 66 77; each mode per the ISA's
  // table (c[1:0] the shift or byte).
  std::string body = R"(
  prmt.b32.f4e %r1, 0x33221100, 0x77665544, 1;   // bytes 1 2 3 4
  prmt.b32.b4e %r2, 0x33221100, 0x77665544, 0;   // bytes 0 7 6 5
  prmt.b32.rc8 %r3, 0x33221100, 0x77665544, 2;   // byte 2 four times
  prmt.b32.ecl %r4, 0x33221100, 0x77665544, 1;   // bytes 1 1 2 3
  prmt.b32.ecr %r5, 0x33221100, 0x77665544, 2;   // bytes 0 1 2 2
  prmt.b32.rc16 %r6, 0x33221100, 0x77665544, 1;  // half 1 twice
  cvt.rn.f16x2.f32 %r7, 0f3F800000, 0f40000000;  // a (1.0) high, b (2.0) low
  cvt.rn.bf16x2.f32 %r8, 0f3F800000, 0f40000000;
  setp.nan.f16x2 %p1|%p2, 0x7E003C00, 0x3C003C00; // low: 1 vs 1, high: NaN
  selp.u32 %r9, 1, 0, %p1;                        // lower halves: not NaN
  selp.u32 %r10, 1, 0, %p2;                       // upper halves: NaN
  setp.lt.f16x2 %p3|%p4, 0x3C004000, 0x40003C00;  // 2 < 1 low, 1 < 2 high
  selp.u32 %r11, 1, 0, %p3;
  selp.u32 %r12, 1, 0, %p4;
)";
  for (unsigned i = 1; i <= 12; ++i)
    body += st32(i, "%r" + std::to_string(i));
  KernelRun r = run(kernel(body), 13);
  EXPECT_OK(r);
  expectSlots(r, 1,
              {0x44332211u, 0x55667700u, 0x22222222u, 0x33221111u, 0x22221100u,
               0x33223322u, 0x3C004000u, 0x3F804000u, 0u, 1u, 0u, 1u});
}

TEST(Simt, StmatrixLayout) {
  // Lane t holds {2t, 2t+1} (row t/4, columns 2(t%4), 2(t%4)+1): the 8x8
  // matrix stored row-major is 0..63; with .trans its transpose.
  auto ptx = [](bool trans) {
    std::string body = std::string(R"(
  mov.u32 %r1, %tid.x;
  shl.b32 %r2, %r1, 1;
  add.u32 %r3, %r2, 1;
  shl.b32 %r3, %r3, 16;
  or.b32 %r4, %r2, %r3;
  and.b32 %r5, %r1, 7;
  mul.wide.u32 %rd2, %r5, 16;
  mov.u64 %rd3, sbuf;
  add.s64 %rd4, %rd3, %rd2;
  )") +
                       (trans ? "stmatrix.sync.aligned.m8n8.x1.trans.shared.b16"
                              : "stmatrix.sync.aligned.m8n8.x1.shared.b16") +
                       R"( [%rd4], {%r4};
  bar.sync 0;
)" + ldSharedWord("%r6", "%rd3", "%r1") +
                       stSlots("%r1", 1, {"%r6"});
    return kernel(body, ".shared .align 16 .b8 sbuf[128];\n");
  };
  for (bool trans : {false, true}) {
    KernelRun r = run(ptx(trans), 32, 32);
    EXPECT_OK(r);
    for (uint32_t t = 0; t < 32; ++t) {
      // Elements 2t and 2t+1 of the stored matrix (row-major index k).
      auto at = [&](uint32_t k) {
        uint32_t row = k / 8, col = k % 8;
        return trans ? col * 8 + row : k;
      };
      EXPECT_EQ(r.out[t], at(2 * t) | (at(2 * t + 1) << 16))
          << (trans ? "trans " : "") << "word " << t;
    }
  }
}

TEST(Simt, MmaNeedsTheWholeWarp) {
  std::string body = R"(
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p1, %r1, 16;
  @%p1 bra END;
  mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r2, %r3}, {%r4}, {%f5, %f6, %f7, %f8};
END:
)";
  KernelRun r = run(kernel(body), 1, 32);
  EXPECT_TRUE(faultsWith(r, "needs all 32 lanes of the warp converged"));
}

// Lanes that a lane-dependent branch sends to a loop latch laid out before
// the body (LLVM's rotated loops) reach the body's mma.sync again ahead of
// the others; they wait there for the rest of the warp instead of issuing
// it alone (regression test: campaign finding 883b081cd2db90ea, an mmaf
// whose accumulator rows past M = 1 are stored by lanes with g = 0 only).
TEST(Simt, MmaWaitsForLanesBehindALatch) {
  std::string body = R"(
  mov.u32 %r1, %tid.x;
  mov.b32 %r2, 0;
  mov.b32 %r3, 0;
  mov.b32 %r4, 0;
  mov.b32 %f5, 0f00000000;
  mov.b32 %f6, 0f00000000;
  mov.b32 %f7, 0f00000000;
  mov.b32 %f8, 0f00000000;
  mov.u32 %r5, 0;
  mov.u32 %r6, 0;
  setp.ne.u32 %p2, %r1, 0;
  bra.uni BODY;
LATCH:
  add.u32 %r5, %r5, 1;
  setp.lt.u32 %p3, %r5, 2;
  @%p3 bra BODY;
  bra.uni DONE;
BODY:
  mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r2, %r3}, {%r4}, {%f5, %f6, %f7, %f8};
  @%p2 bra LATCH;
  add.u32 %r6, %r6, 1;
  bra.uni LATCH;
DONE:
)";
  KernelRun r = run(kernel(body), 1, 32);
  EXPECT_OK(r);
}

TEST(Simt, CpAsyncGroups) {
  // Thread t copies in[t] (4 bytes) to sbuf[t] and in[t] with src-size 2
  // (the rest zero-filled) to sbuf2[t]; after wait_group 0 and a barrier it
  // reads its neighbour's.
  std::string decls = ".shared .align 16 .b8 sbuf[128];\n"
                      ".shared .align 16 .b8 sbuf2[128];\n";
  std::string body = R"(
  mov.u32 %r1, %tid.x;
)" + elementAddress("%rd4", "%rd1", "%r1", 8) +
                     R"(
  mov.u64 %rd5, sbuf;
  mov.u64 %rd7, sbuf2;
)" + elementAddress("%rd6", "%rd5", "%r1", 4) +
                     elementAddress("%rd8", "%rd7", "%r1", 4) + R"(
  cp.async.ca.shared.global [%rd6], [%rd4], 4;
  cp.async.commit_group;
  cp.async.ca.shared.global [%rd8], [%rd4], 4, 2;
  cp.async.commit_group;
  cp.async.wait_group 0;
  bar.sync 0;
  add.u32 %r2, %r1, 1;
  and.b32 %r2, %r2, 31;
)" + ldSharedWord("%r3", "%rd5", "%r2") +
                     ldSharedWord("%r4", "%rd7", "%r2") +
                     stSlots("%r1", 2, {"%r3", "%r4"});
  std::vector<uint64_t> in(32);
  for (uint64_t t = 0; t < 32; ++t)
    in[t] = 0xABCD0000u + t * 0x101;
  KernelRun r = run(kernel(body, decls), 64, 32, 1, in);
  EXPECT_OK(r);
  for (uint64_t t = 0; t < 32; ++t) {
    uint64_t v = in[(t + 1) % 32] & 0xffffffffu;
    EXPECT_EQ(r.out[2 * t], v);
    EXPECT_EQ(r.out[2 * t + 1], v & 0xffff);
  }
  // Reading the destination before waiting for its group is reported.
  std::string early = R"(
  mov.u64 %rd5, sbuf;
  cp.async.ca.shared.global [%rd5], [%rd1], 4;
  cp.async.commit_group;
  ld.shared.u32 %r3, [%rd5];
)";
  KernelRun e = run(kernel(early, decls), 1, 32);
  EXPECT_TRUE(faultsWith(e, "a cp.async of thread 0 has not written yet"));
}

TEST(Simt, MbarrierProducerConsumer) {
  // Thread 0 initializes an mbarrier for `count` arrivals; warp 0 writes
  // sdata and arrives; warp 1 waits on phase 0 (try_wait.parity spin loop),
  // then reads what warp 0 wrote.
  auto ptx = [](unsigned count) {
    std::string decls = ".shared .align 8 .b8 bar[8];\n"
                        ".shared .align 4 .b8 sdata[128];\n";
    std::string body = R"(
  mov.u32 %r1, %tid.x;
  mov.u64 %rd2, bar;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra INITED;
  mbarrier.init.shared.b64 [%rd2], COUNT;
INITED:
  bar.sync 0;
  mov.u64 %rd3, sdata;
  setp.ge.u32 %p2, %r1, 32;
  @%p2 bra CONSUMER;
  mul.lo.u32 %r2, %r1, 7;
)" + stSharedWord("%rd3", "%r1", "%r2") +
                       R"(
  mbarrier.arrive.release.cta.shared.b64 %rd6, [%rd2];
  bra.uni END;
CONSUMER:
  mbarrier.try_wait.parity.shared.b64 %p3, [%rd2], 0;
  @!%p3 bra CONSUMER;
  sub.u32 %r3, %r1, 32;
)" + ldSharedWord("%r4", "%rd3", "%r3") +
                       stSlots("%r3", 1, {"%r4"}) + "END:\n";
    body.replace(body.find("COUNT"), 5, std::to_string(count));
    return kernel(body, decls);
  };
  KernelRun r = run(ptx(32), 32, /*block=*/64);
  EXPECT_OK(r);
  for (uint64_t t = 0; t < 32; ++t)
    EXPECT_EQ(r.out[t], t * 7);
  // 64 expected arrivals, 32 come: the consumers wait forever.
  KernelRun dead = run(ptx(64), 32, 64);
  EXPECT_TRUE(faultsWith(dead, "deadlocked mbarrier: 32 threads wait on an "
                               "mbarrier phase that never completes"));
}

TEST(Simt, BulkCopyCompletesOnItsMbarrier) {
  // Thread 0 sets up an mbarrier expecting 1 arrival and 128 bytes, and
  // issues a 128-byte cp.async.bulk from `in` into sdata; every thread waits
  // on phase 0 and reads word t.
  std::string decls = ".shared .align 8 .b8 bar[8];\n"
                      ".shared .align 16 .b8 sdata[128];\n";
  std::string body = R"(
  mov.u32 %r1, %tid.x;
  mov.u64 %rd2, bar;
  mov.u64 %rd3, sdata;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra WAIT;
  mbarrier.init.shared.b64 [%rd2], 1;
  mbarrier.arrive.expect_tx.shared.b64 %rd4, [%rd2], 128;
  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%rd3], [%rd1], 128, [%rd2];
WAIT:
  bar.sync 0;
LOOP:
  mbarrier.try_wait.parity.shared.b64 %p2, [%rd2], 0;
  @!%p2 bra LOOP;
)" + ldSharedWord("%r2", "%rd3", "%r1") +
                     stSlots("%r1", 1, {"%r2"});
  std::vector<uint64_t> in(16);
  for (uint64_t i = 0; i < 16; ++i)
    in[i] = (2 * i + 1) << 32 | (2 * i);
  KernelRun r = run(kernel(body, decls), 32, 32, 1, in);
  EXPECT_OK(r);
  for (uint64_t t = 0; t < 32; ++t)
    EXPECT_EQ(r.out[t], t);
}

//===----------------------------------------------------------------------===//
// What the executor reports
//===----------------------------------------------------------------------===//

TEST(SimtReports, SharedMemoryRaceWithoutBarrier) {
  std::string body = R"(
  mov.u32 %r1, %tid.x;
  mov.u64 %rd2, sbuf;
)" + stSharedWord("%rd2", "%r1", "%r1") +
                     R"(
  ld.shared.u32 %r4, [sbuf+4];
)";
  KernelRun r = run(kernel(body, ".shared .align 4 .b8 sbuf[256];\n"), 1, 32);
  EXPECT_TRUE(faultsWith(r, "data race on shared memory at offset 4"));
}

TEST(SimtReports, InitOfAValidMbarrier) {
  // PTX: mbarrier.init of a location holding a valid mbarrier object is
  // undefined; after mbarrier.inval it is a fresh one (the backend's
  // pipelines created again in a loop do this).
  std::string twice = R"(
  mov.u64 %rd2, bar;
  mbarrier.init.shared.b64 [%rd2], 1;
  mbarrier.init.shared.b64 [%rd2], 1;
)";
  std::string decls = ".shared .align 8 .b8 bar[8];\n";
  KernelRun r = run(kernel(twice, decls), 1, 1);
  EXPECT_TRUE(faultsWith(
      r, "mbarrier.init of a valid mbarrier object at shared offset 0"));
  std::string reset = R"(
  mov.u64 %rd2, bar;
  mbarrier.init.shared.b64 [%rd2], 1;
  mbarrier.inval.shared.b64 [%rd2];
  mbarrier.init.shared.b64 [%rd2], 1;
)";
  EXPECT_OK(run(kernel(reset, decls), 1, 1));
}

TEST(SimtReports, UninitializedSharedRead) {
  std::string body = "  ld.shared.u32 %r1, [sbuf+8];\n";
  KernelRun r = run(kernel(body, ".shared .align 4 .b8 sbuf[16];\n"), 1, 32);
  EXPECT_TRUE(faultsWith(r, "read of uninitialized shared memory at offset 8"));
}

TEST(SimtReports, BarrierReachedByAPartialCta) {
  std::string body = R"(
  mov.u32 %r1, %tid.x;
  setp.eq.u32 %p1, %r1, 5;
  @%p1 bra END;
  bar.sync 0;
END:
)";
  KernelRun r = run(kernel(body), 1, 64);
  EXPECT_TRUE(faultsWith(r, "barrier reached by a partial CTA: 63 of 64 "
                            "threads wait at a barrier, 1 exited"));
}

TEST(SimtReports, OutOfBoundsAndMisalignedAccesses) {
  KernelRun oob = run(kernel("  st.global.b32 [%rd0+8], 1;\n"), 1);
  EXPECT_TRUE(faultsWith(oob, "global store"));
  EXPECT_NE(oob.result.message.find("PTX line"), std::string::npos);
  KernelRun mis = run(kernel("  st.global.b32 [%rd0+2], 1;\n"), 1);
  EXPECT_TRUE(faultsWith(mis, "misaligned global store of 4 bytes"));
  KernelRun shared = run(kernel("  st.shared.b32 [sbuf+16], 1;\n",
                                ".shared .align 4 .b8 sbuf[16];\n"),
                         1);
  EXPECT_TRUE(faultsWith(shared, "out-of-bounds shared store"));
}

TEST(SimtReports, TrapUnsupportedAndHang) {
  KernelRun trap = run(kernel("  trap;\n"), 1);
  EXPECT_EQ(trap.result.status, SimtStatus::Trap);
  // An unimplemented instruction is reported when a thread reaches it, with
  // its mnemonic; the same one under a false guard is never reached.
  // (Sparse wgmma: the dense forms run, SimtWgmmaTest.cpp.)
  std::string mma = "  wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16 "
                    "{%f1, %f2, %f3, %f4}, %rd1, %rd2, %r1, 0, 1, 1, 1, 0, "
                    "0;\n";
  KernelRun unsup = run(kernel(mma), 1, 32);
  EXPECT_EQ(unsup.result.status, SimtStatus::Unsupported);
  EXPECT_EQ(unsup.result.instruction,
            "wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16");
  EXPECT_NE(unsup.result.message.find("unsupported: wgmma.mma_async.sp"),
            std::string::npos);
  // A type an instruction does not define its meaning for is refused, not
  // read as one wider value.
  KernelRun packed = run(kernel("  rcp.approx.f16x2 %r1, %r2;\n"), 1, 32);
  EXPECT_EQ(packed.result.status, SimtStatus::Unsupported);
  EXPECT_EQ(packed.result.instruction,
            "rcp.approx.f16x2 (type on this instruction)");
  KernelRun tf32 = run(kernel("  cvt.rna.tf32.f32 %r1, %f1;\n"), 1, 32);
  EXPECT_EQ(tf32.result.status, SimtStatus::Unsupported);
  KernelRun guarded =
      run(kernel("  setp.eq.u32 %p1, 0, 1;\n  @%p1 " + mma.substr(2)), 1, 32);
  EXPECT_EQ(guarded.result.status, SimtStatus::Ok) << guarded.result.message;
  KernelRun hang =
      run(kernel("LOOP:\n  bra.uni LOOP;\n"), 1, 32, 1, {}, 0, 1000);
  EXPECT_EQ(hang.result.status, SimtStatus::StepLimit);
}

TEST(SimtReports, MalformedPtxIsRefusedOrRunsWithoutCrashing) {
  // One kernel touching most of the executor, then every variant with one
  // line or one token removed: each must be refused by the parser with a
  // message, or run to some status, never crash (the sanitizer build runs
  // this too). Operands the machine reads must be there (checkOperands).
  std::string decls = R"(
.shared .align 8 .b8 bar[8];
.shared .align 16 .b8 sbuf[256];
.func (.param .b32 f_ret) f(.param .b32 f_x)
{
  .reg .b32 %a<4>;
  ld.param.b32 %a1, [f_x];
  add.u32 %a2, %a1, 1;
  st.param.b32 [f_ret], %a2;
  ret;
}
)";
  std::string body = R"(
  mov.u32 %r1, %tid.x;
  mov.u64 %rd2, sbuf;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd2, %rd3;
  st.shared.u32 [%rd4], %r1;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra SKIP;
  mbarrier.init.shared.b64 [bar], 1;
SKIP:
  bar.sync 0;
  ld.shared.u32 %r2, [%rd4];
  shfl.sync.bfly.b32 %r3, %r2, 1, 31, 0xFFFFFFFF;
  atom.global.add.u32 %r4, [%rd0], %r3;
  {
  .param .b32 param0;
  .param .b32 retval0;
  st.param.b32 [param0], %r3;
  call.uni (retval0), f, (param0);
  ld.param.b32 %r5, [retval0];
  }
  mov.u32 %r6, 0;
LOOP:
  add.u32 %r6, %r6, 1;
  setp.lt.u32 %p2, %r6, %r5;
  @%p2 bra LOOP;
  @%p1 bra END;
  mbarrier.arrive.shared.b64 %rd5, [bar];
  mbarrier.try_wait.parity.shared.b64 %p3, [bar], 0;
  selp.u32 %r7, 1, 2, %p3;
  st.global.u32 [%rd0+8], %r7;
END:
)";
  std::string ptx = kernel(body, decls);
  KernelRun whole = run(ptx, 2, 32);
  EXPECT_OK(whole);
  EXPECT_EQ(whole.out[1], 1u);
  std::vector<std::string> lines;
  llvm::SmallVector<llvm::StringRef> split;
  llvm::StringRef(ptx).split(split, '\n');
  for (llvm::StringRef l : split)
    lines.push_back(l.str());
  unsigned refused = 0, ran = 0;
  auto check = [&](const std::string &variant) {
    auto parsed = parsePtx(variant);
    if (!parsed) {
      std::string msg = llvm::toString(parsed.takeError());
      EXPECT_FALSE(msg.empty());
      ++refused;
      return;
    }
    ++ran;
    Memory memory;
    uint64_t out = memory.allocateZeroed("out", 16, 256);
    SimtLaunch launch;
    launch.entry = "k";
    launch.block = {32, 1, 1};
    launch.maxWarpSteps = 20000;
    std::vector<uint8_t> p(8);
    std::memcpy(p.data(), &out, 8);
    launch.params = {p, p};
    (void)runKernel(**parsed, launch, memory);
  };
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string without;
    for (size_t j = 0; j < lines.size(); ++j)
      if (j != i)
        without += lines[j] + "\n";
    check(without);
    // Each token of the line dropped in turn.
    llvm::SmallVector<llvm::StringRef> tokens;
    llvm::StringRef(lines[i]).split(tokens, ' ', -1, false);
    for (size_t t = 0; t < tokens.size() && tokens.size() > 1; ++t) {
      std::string line;
      for (size_t u = 0; u < tokens.size(); ++u)
        if (u != t)
          line += tokens[u].str() + " ";
      std::string variant;
      for (size_t j = 0; j < lines.size(); ++j)
        variant += (j == i ? line : lines[j]) + "\n";
      check(variant);
    }
  }
  EXPECT_GT(refused, 20u);
  EXPECT_GT(ran, 20u);
}

TEST(SimtReports, ParseErrorsAndBadLaunches) {
  const std::pair<const char *, const char *> badBodies[] = {
      {"  add.u32 %q1, 1, 2;\n", "'%q1' is neither a declared register"},
      {"  bra.uni NOWHERE;\n", "'NOWHERE' is not a label"}};
  for (auto [body, error] : badBodies) {
    auto bad = parsePtx(kernel(body));
    ASSERT_FALSE(static_cast<bool>(bad)) << body;
    EXPECT_NE(llvm::toString(bad.takeError()).find(error), std::string::npos)
        << body;
  }
  auto ok = parsePtx(kernel(""));
  ASSERT_TRUE(static_cast<bool>(ok));
  Memory memory;
  SimtLaunch launch;
  launch.entry = "k";
  SimtResult r = runKernel(**ok, launch, memory);
  EXPECT_EQ(r.status, SimtStatus::Error);
  EXPECT_NE(r.message.find("takes 2 parameters, the launch passes 0"),
            std::string::npos);
  launch.entry = "nope";
  EXPECT_NE(runKernel(**ok, launch, memory).message.find("no .entry 'nope'"),
            std::string::npos);
  auto sizes = entryParamSizes(**ok, "k");
  ASSERT_TRUE(static_cast<bool>(sizes));
  EXPECT_EQ(*sizes, (std::vector<unsigned>{8, 8}));
  EXPECT_TRUE(unsupportedInstructions(**ok).empty());
}

} // namespace
