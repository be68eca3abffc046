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
