//===- SimtTestKernels.h - Running hand-written PTX in tests ----*- C++ -*-===//
//
// The SIMT executor tests' harness: a kernel k(out, in) around a body of
// PTX, run on one launch with `in` as its input words, and the checks of
// its result.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_TESTS_UNIT_SIMTTESTKERNELS_H
#define TILECHECK_TESTS_UNIT_SIMTTESTKERNELS_H

#include "tilecheck/Oracle/Memory.h"
#include "tilecheck/Oracle/Simt.h"

#include "llvm/Support/FormatVariadic.h"

#include "gtest/gtest.h"

#include <cassert>
#include <cstring>

namespace simttest {

using namespace tilecheck::oracle;
using namespace tilecheck::oracle::simt;

constexpr const char *kPrelude = R"(
.version 8.0
.target sm_90
.address_size 64
)";

/// A kernel k(out, in) with a generous register file; BODY computes and
/// stores into out (u64 slots).
inline std::string kernel(const std::string &body,
                          const std::string &extra = "") {
  return std::string(kPrelude) + extra + R"(
.visible .entry k(.param .u64 k_out, .param .u64 k_in)
{
  .reg .pred %p<16>;
  .reg .b16 %h<16>;
  .reg .b32 %r<64>;
  .reg .b64 %rd<64>;
  .reg .f32 %f<32>;
  .reg .f64 %fd<16>;
  ld.param.u64 %rd0, [k_out];
  ld.param.u64 %rd1, [k_in];
)" + body +
         R"(
  ret;
}
)";
}

struct KernelRun {
  SimtResult result;
  std::vector<uint64_t> out;
};

inline KernelRun run(const std::string &ptx, unsigned outSlots,
                     uint32_t block = 1, uint32_t grid = 1,
                     std::vector<uint64_t> in = {}, uint32_t dynamicShared = 0,
                     uint64_t maxSteps = 1u << 20) {
  KernelRun r;
  auto parsed = parsePtx(ptx);
  if (!parsed) {
    r.result.status = SimtStatus::Error;
    r.result.message = llvm::toString(parsed.takeError());
    return r;
  }
  Memory memory;
  uint64_t out = memory.allocateZeroed("out", outSlots * 8, 256);
  if (in.empty())
    in.push_back(0);
  std::vector<uint8_t> inBytes(in.size() * 8);
  std::memcpy(inBytes.data(), in.data(), inBytes.size());
  uint64_t inAddr = memory.allocate("in", inBytes.size(), 256, inBytes);
  SimtLaunch launch;
  launch.entry = "k";
  launch.grid = {grid, 1, 1};
  launch.block = {block, 1, 1};
  launch.dynamicSharedBytes = dynamicShared;
  launch.maxWarpSteps = maxSteps;
  auto param = [](uint64_t v) {
    std::vector<uint8_t> b(8);
    std::memcpy(b.data(), &v, 8);
    return b;
  };
  launch.params = {param(out), param(inAddr)};
  r.result = runKernel(**parsed, launch, memory);
  r.out.resize(outSlots);
  const Memory::Buffer *buf = memory.findBuffer(out);
  std::memcpy(r.out.data(), buf->bytes.data(), outSlots * 8);
  return r;
}

/// st.global.b32 of register `reg` into slot `i`.
inline std::string st32(unsigned i, const std::string &reg) {
  return llvm::formatv("  st.global.b32 [%rd0+{0}], {1};\n", i * 8, reg);
}
inline std::string st64(unsigned i, const std::string &reg) {
  return llvm::formatv("  st.global.b64 [%rd0+{0}], {1};\n", i * 8, reg);
}

/// PTX: `dst` = `base` + `index` * `scale`, `index` a .u32 register (the
/// widened product goes through %rd60).
inline std::string elementAddress(const std::string &dst,
                                  const std::string &base,
                                  const std::string &index, unsigned scale) {
  return llvm::formatv("  mul.wide.u32 %rd60, {0}, {1};\n"
                       "  add.s64 {2}, {3}, %rd60;\n",
                       index, scale, dst, base);
}

/// PTX: `dst` = (lane >> bits) * hiScale + (lane & (2^bits - 1)) * loScale
/// for the lane (thread) id in %r1: an offset in the MMA fragment layouts,
/// e.g. g * 8 + 2t for g = lane / 4, t = lane % 4. Uses %r60 and %r61.
inline std::string laneOffset(const std::string &dst, unsigned bits,
                              unsigned hiScale, unsigned loScale) {
  return llvm::formatv("  shr.u32 %r60, %r1, {0};\n"
                       "  and.b32 %r61, %r1, {1};\n"
                       "  mul.lo.u32 %r61, %r61, {2};\n"
                       "  mad.lo.u32 {3}, %r60, {4}, %r61;\n",
                       bits, (1u << bits) - 1, loScale, dst, hiScale);
}

/// PTX: loads the .u32 word `index` (a .u32 register) of the shared array
/// whose address is in `base` into `dst` (the address goes through %rd62).
inline std::string ldSharedWord(const std::string &dst, const std::string &base,
                                const std::string &index) {
  return elementAddress("%rd62", base, index, 4) +
         llvm::formatv("  ld.shared.u32 {0}, [%rd62];\n", dst).str();
}

/// PTX: stores `value` (a .u32 register) into the .u32 word `index` (a .u32
/// register) of the shared array whose address is in `base` (the address
/// goes through %rd62).
inline std::string stSharedWord(const std::string &base,
                                const std::string &index,
                                const std::string &value) {
  return elementAddress("%rd62", base, index, 4) +
         llvm::formatv("  st.shared.u32 [%rd62], {0};\n", value).str();
}

/// PTX: `st.global.TYPE` of `regs` into out slots `address` + offsets[i]
/// bytes.
inline std::string stAt(const std::string &type, const std::string &address,
                        std::initializer_list<unsigned> offsets,
                        std::initializer_list<const char *> regs) {
  assert(offsets.size() == regs.size() && "an offset for each register");
  std::string ptx;
  const char *const *reg = regs.begin();
  for (unsigned offset : offsets)
    ptx += llvm::formatv("  st.global.{0} [{1}{2}], {3};\n", type, address,
                         offset ? "+" + std::to_string(offset) : "", *reg++);
  return ptx;
}

/// PTX: stores the .b32 registers `regs` into consecutive out slots from
/// slot `index` * `stride` on (`index` a .u32 register; the address goes
/// through %rd61).
inline std::string stSlots(const std::string &index, unsigned stride,
                           std::initializer_list<const char *> regs) {
  std::string ptx = elementAddress("%rd61", "%rd0", index, 8 * stride);
  unsigned offset = 0;
  for (const char *reg : regs) {
    ptx += stAt("b32", "%rd61", {offset}, {reg});
    offset += 8;
  }
  return ptx;
}

/// PTX: stores a lane's m16n8 C/D fragment, the .TYPE registers d0..d3 at
/// (g, 2t), (g, 2t + 1), (g + 8, 2t), (g + 8, 2t + 1) (g = lane / 4,
/// t = lane % 4), into the row-major 16x8 matrix in out, an element a slot.
/// Uses %r60 to %r62 and %rd60, %rd61.
inline std::string stFragment16x8(const std::string &type,
                                  std::initializer_list<const char *> d) {
  return laneOffset("%r62", 2, 8, 2) +
         elementAddress("%rd61", "%rd0", "%r62", 8) +
         stAt(type, "%rd61", {0, 8, 512, 520}, d);
}

/// Expects out[first + i] == expected[i] for each i.
inline void expectSlots(const KernelRun &r, unsigned first,
                        std::initializer_list<uint64_t> expected) {
  unsigned slot = first;
  for (uint64_t value : expected) {
    EXPECT_EQ(r.out[slot], value) << "slot " << slot;
    ++slot;
  }
}

#define EXPECT_OK(r)                                                           \
  ASSERT_EQ((r).result.status, SimtStatus::Ok) << (r).result.message

/// Whether the run ended in a fault whose message contains `text`.
inline ::testing::AssertionResult faultsWith(const KernelRun &r,
                                             llvm::StringRef text) {
  if (r.result.status != SimtStatus::Fault)
    return ::testing::AssertionFailure()
           << "status " << name(r.result.status).str()
           << ", not Fault: " << r.result.message;
  if (!llvm::StringRef(r.result.message).contains(text))
    return ::testing::AssertionFailure()
           << "message lacks \"" << text.str() << "\": " << r.result.message;
  return ::testing::AssertionSuccess();
}

/// f16 bits of a small integer (|v| <= 3).
inline uint16_t halfOfInt(int v) {
  static const uint16_t mag[] = {0x0000, 0x3C00, 0x4000, 0x4200};
  return static_cast<uint16_t>((v < 0 ? 0x8000 : 0) | mag[v < 0 ? -v : v]);
}

} // namespace simttest

#endif // TILECHECK_TESTS_UNIT_SIMTTESTKERNELS_H
