//===- Sanitizers.h - what the sanitizer build changes for the engine -----===//
//
// AddressSanitizer reserves terabytes of virtual address space for its
// shadow memory, so an RLIMIT_AS cap makes an instrumented child fail at
// its first allocation ("internal allocator is out of memory"). Under ASan
// the engine and the reducer therefore leave the address space unlimited
// and rely on their wall-clock limits; out-of-memory is not classified in
// that build.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_FUZZ_SANITIZERS_H
#define TILECHECK_FUZZ_SANITIZERS_H

namespace tilecheck::fuzz {

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TILECHECK_FUZZ_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(TILECHECK_FUZZ_ASAN)
#define TILECHECK_FUZZ_ASAN 1
#endif

/// Whether an address-space limit can be put on a child of this build.
constexpr bool canLimitAddressSpace() {
#ifdef TILECHECK_FUZZ_ASAN
  return false;
#else
  return true;
#endif
}

} // namespace tilecheck::fuzz

#endif // TILECHECK_FUZZ_SANITIZERS_H
