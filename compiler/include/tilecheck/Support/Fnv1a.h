//===- Fnv1a.h - the project's stable 64-bit hash ----------------*- C++
//-*-===//
//
// FNV-1a, 64 bits (Fowler, Noll and Vo): the same bytes give the same value
// on every machine, build and library version, which signatures, policy
// hashes, launch keys and op-result digests rely on.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_SUPPORT_FNV1A_H
#define TILECHECK_SUPPORT_FNV1A_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <cstdint>

namespace tilecheck {

/// An FNV-1a hash fed piecewise.
struct Fnv1a {
  uint64_t hash = 0xcbf29ce484222325ull;

  Fnv1a &add(const void *data, size_t n) {
    const auto *p = static_cast<const uint8_t *>(data);
    for (size_t i = 0; i < n; ++i) {
      hash ^= p[i];
      hash *= 0x100000001b3ull;
    }
    return *this;
  }
  Fnv1a &add(llvm::StringRef bytes) { return add(bytes.data(), bytes.size()); }
  /// The 8 bytes of `v` (host order).
  Fnv1a &addWord(uint64_t v) { return add(&v, sizeof v); }
  /// The length, then the bytes: consecutive fields cannot run together.
  Fnv1a &addField(llvm::StringRef bytes) {
    return addWord(bytes.size()).add(bytes);
  }
};

/// The FNV-1a hash of `bytes`.
inline uint64_t fnv1a(llvm::StringRef bytes) { return Fnv1a().add(bytes).hash; }

} // namespace tilecheck

#endif // TILECHECK_SUPPORT_FNV1A_H
