//===- Wgmma.cpp - wgmma's operand layouts ----------------------*- C++ -*-===//

#include "Wgmma.h"

namespace tilecheck::oracle::simt::wgmma {

Descriptor decodeDescriptor(uint64_t bits) {
  Descriptor d;
  d.start = (bits & 0x3fff) << 4;
  d.leadingOffset = ((bits >> 16) & 0x3fff) << 4;
  d.strideOffset = ((bits >> 32) & 0x3fff) << 4;
  d.baseOffset = (bits >> 49) & 7;
  // Bits 62-63: 0 none, 1 128B, 2 64B, 3 32B.
  static constexpr unsigned kSwizzle[] = {0, 128, 64, 32};
  d.swizzleBytes = kSwizzle[bits >> 62];
  return d;
}

uint64_t kMajorOffset(const Descriptor &d, unsigned row, unsigned kByte) {
  uint64_t atom = d.start + (row / 8) * d.strideOffset;
  if (d.swizzleBytes == 0)
    return atom + (row % 8) * 16 + (kByte / 16) * d.leadingOffset + kByte % 16;
  uint64_t linear = atom + (row % 8) * d.swizzleBytes + kByte;
  uint64_t mask = d.swizzleBytes / 16 - 1;
  return linear ^ (((linear >> 7) & mask) << 4);
}

std::pair<unsigned, unsigned> accumulatorElement(unsigned thread, unsigned i) {
  unsigned warp = thread / 32, lane = thread % 32;
  unsigned g = lane / 4, t = lane % 4;
  return {16 * warp + g + 8 * ((i >> 1) & 1), 8 * (i >> 2) + 2 * t + (i & 1)};
}

std::pair<unsigned, unsigned> aElement(unsigned thread, unsigned i,
                                       unsigned elemBytes) {
  unsigned warp = thread / 32, lane = thread % 32;
  unsigned g = lane / 4, t = lane % 4, row0 = 16 * warp + g;
  switch (elemBytes) {
  case 2: // a0..a7: rows g, g, g+8, g+8, then the same 8 columns on
    return {row0 + 8 * ((i >> 1) & 1), 2 * t + (i & 1) + 8 * (i >> 2)};
  case 4: // tf32 a0..a3: (g, t), (g+8, t), (g, t+4), (g+8, t+4)
    return {row0 + 8 * (i & 1), t + 4 * (i >> 1)};
  default: // bytes: registers of four, rows g, g+8, g, g+8
    return {row0 + 8 * ((i >> 2) & 1), 4 * t + (i & 3) + 16 * (i >> 3)};
  }
}

} // namespace tilecheck::oracle::simt::wgmma
