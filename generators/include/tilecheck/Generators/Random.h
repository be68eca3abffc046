//===- Random.h - The generator's one source of choices ---------*- C++ -*-===//
//
// Every decision the generator makes goes through a ChoiceSource, so a
// program is a pure function of (seed, policy). Two sources exist:
//  - SeededSource: xoshiro256** seeded through splitmix64, with explicit
//    arithmetic for ranges (never std::uniform_*_distribution, whose output
//    differs between standard libraries);
//  - ReplaySource: replays a recorded list of raw choices, answering 0 once
//    the list runs out. RapidCheck shrinks that list (drops elements, moves
//    values towards 0), and because choice 0 is always the simplest option
//    (no optional feature, the first listed kind, the smallest shape, the
//    smallest trip count, the smallest constant), shrinking the list shrinks
//    the program -- Hypothesis's choice-sequence idea.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_GENERATORS_RANDOM_H
#define TILECHECK_GENERATORS_RANDOM_H

#include "tilecheck/Support/SplitMix64.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace tilecheck::gen {

/// Source of bounded choices. `below(n)` returns a value in [0, n), n >= 1.
class ChoiceSource {
public:
  virtual ~ChoiceSource() = default;
  virtual uint64_t below(uint64_t n) = 0;

  /// Uniform integer in [lo, hi] (lo <= hi).
  int64_t range(int64_t lo, int64_t hi) {
    uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
    if (span == UINT64_MAX)
      return static_cast<int64_t>(below(UINT64_MAX));
    return static_cast<int64_t>(static_cast<uint64_t>(lo) + below(span + 1));
  }
  /// True with probability p; choice 0 answers false (the simpler program).
  bool chance(double p) {
    constexpr uint64_t kScale = 1u << 20;
    uint64_t threshold = static_cast<uint64_t>((1.0 - p) * kScale);
    return below(kScale) >= threshold && p > 0.0;
  }
  /// Index chosen with the given relative weights; choice 0 picks the first
  /// index with a nonzero weight. Returns weights.size() if all are zero.
  size_t weighted(llvm::ArrayRef<unsigned> weights) {
    uint64_t total = 0;
    for (unsigned w : weights)
      total += w;
    if (total == 0)
      return weights.size();
    uint64_t r = below(total);
    for (size_t i = 0; i < weights.size(); ++i) {
      if (r < weights[i])
        return i;
      r -= weights[i];
    }
    return weights.size() - 1;
  }
  /// One element of a non-empty list.
  template <typename T> const T &pick(llvm::ArrayRef<T> items) {
    return items[below(items.size())];
  }
};

/// xoshiro256** (Blackman and Vigna), seeded by splitmix64.
class SeededSource : public ChoiceSource {
public:
  explicit SeededSource(uint64_t seed) {
    SplitMix64 mix{seed};
    for (uint64_t &word : state)
      word = mix.next();
  }
  uint64_t next() {
    uint64_t result = rotl(state[1] * 5, 7) * 9;
    uint64_t t = state[1] << 17;
    state[2] ^= state[0];
    state[3] ^= state[1];
    state[1] ^= state[2];
    state[0] ^= state[3];
    state[2] ^= t;
    state[3] = rotl(state[3], 45);
    return result;
  }
  /// Lemire's multiply-shift with rejection: unbiased and portable.
  uint64_t below(uint64_t n) override {
    if (n <= 1)
      return 0;
    uint64_t threshold = (0 - n) % n;
    for (;;) {
      unsigned __int128 m = static_cast<unsigned __int128>(next()) * n;
      if (static_cast<uint64_t>(m) >= threshold)
        return static_cast<uint64_t>(m >> 64);
    }
  }

private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t state[4];
};

/// Replays recorded raw choices (each reduced modulo the bound), then zeros.
class ReplaySource : public ChoiceSource {
public:
  explicit ReplaySource(std::vector<uint64_t> choices)
      : choices(std::move(choices)) {}
  uint64_t below(uint64_t n) override {
    if (n <= 1 || pos >= choices.size()) {
      ++pos;
      return 0;
    }
    return choices[pos++] % n;
  }
  /// How many choices the generator asked for.
  size_t consumed() const { return pos; }

private:
  std::vector<uint64_t> choices;
  size_t pos = 0;
};

} // namespace tilecheck::gen

#endif // TILECHECK_GENERATORS_RANDOM_H
