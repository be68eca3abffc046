//===- SplitMix64.h - the project's small seeded random source --*- C++ -*-===//
//
// SplitMix64 (Steele, Lea and Flood, 2014): tiny, portable and fixed
// forever. A seed names the same stream on every machine and under every
// library update, which seeded matrices, mutants, inputs and scheduler
// samples rely on. The generators' xoshiro256** is seeded from it.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_SUPPORT_SPLITMIX64_H
#define TILECHECK_SUPPORT_SPLITMIX64_H

#include <cstdint>

namespace tilecheck {

struct SplitMix64 {
  uint64_t state;

  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, n) up to modulo bias (negligible for our small n); 0
  /// when n is 0.
  uint64_t below(uint64_t n) { return n ? next() % n : 0; }
  /// Uniform in [0, 1), from the top 53 bits.
  double unit() { return (next() >> 11) * (1.0 / 9007199254740992.0); }
};

} // namespace tilecheck

#endif // TILECHECK_SUPPORT_SPLITMIX64_H
