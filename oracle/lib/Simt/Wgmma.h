//===- Wgmma.h - wgmma's operand layouts ------------------------*- C++ -*-===//
//
// Internal to the SIMT executor: where wgmma.mma_async (PTX ISA 9.7.15)
// finds its operands. A and B in shared memory are described by a 64-bit
// matrix descriptor (9.7.15.5.1.2.2: start address, leading and stride
// byte offsets, each in 16-byte units, base offset, swizzle mode) over the
// ISA's canonical K-major layouts; A in registers and the accumulator D
// are spread over the warpgroup's 128 threads like four mma.sync m16n8
// fragments, warp w holding rows 16w..16w+15.
//
// K-major only: every dense wgmma reads 32 bytes of K per row (k16 of
// 16-bit elements, k8 of tf32, k32 of bytes). Without swizzling a row's
// 32 bytes are two 16-byte core-matrix rows, the second `leadingOffset`
// after the first; rows 8 apart are `strideOffset` apart, the 8 rows of a
// core matrix 16 bytes apart. With an S-byte swizzle (32, 64, 128) the
// rows of an 8-row atom are S bytes apart and each 16-byte chunk's index
// is XORed with address bits 7 and up (chunk ^= (addr >> 7) & (S/16 - 1)),
// so atoms repeat every 8 * S bytes of shared memory; the leading offset
// is unused.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_SIMT_WGMMA_H
#define TILECHECK_ORACLE_SIMT_WGMMA_H

#include <cstdint>
#include <utility>

namespace tilecheck::oracle::simt::wgmma {

/// The threads of a warpgroup, and its M.
constexpr unsigned kThreads = 128, kRows = 64;
/// Bytes of K one dense wgmma reads per row.
constexpr unsigned kRowBytes = 32;

struct Descriptor {
  /// Byte offsets in the CTA's shared window.
  uint64_t start = 0, leadingOffset = 0, strideOffset = 0;
  /// Bits 49-51: the pattern's phase when the start is not aligned to it.
  unsigned baseOffset = 0;
  /// 0 (none), 32, 64 or 128.
  unsigned swizzleBytes = 0;
};

Descriptor decodeDescriptor(uint64_t bits);

/// The shared-memory offset of byte `kByte` (below kRowBytes) of row `row`
/// of a K-major operand.
uint64_t kMajorOffset(const Descriptor &d, unsigned row, unsigned kByte);

/// (row, column) of element `i` of warpgroup thread `thread` (0..127) in
/// the 64xN accumulator: f32/s32 registers one element each, f16 two (the
/// first low).
std::pair<unsigned, unsigned> accumulatorElement(unsigned thread, unsigned i);

/// (row, column) of element `i` of A's four registers in the 64xK A, for
/// elements of `elemBytes` (2: f16/bf16, 8 of them; 4: tf32, 4; 1: bytes,
/// 16; elements low first within a register).
std::pair<unsigned, unsigned> aElement(unsigned thread, unsigned i,
                                       unsigned elemBytes);

} // namespace tilecheck::oracle::simt::wgmma

#endif // TILECHECK_ORACLE_SIMT_WGMMA_H
