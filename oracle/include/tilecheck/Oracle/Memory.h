//===- Memory.h - Global memory model of the reference interpreter --------===//
//
// A flat 64-bit address space of buffers. The harness allocates the kernel's
// buffers (initialized from .npy files), the interpreter allocates globals
// and allocas. Every byte carries an "initialized" bit, so reading memory
// nobody wrote is reported, and an access record (which tile block last
// wrote it, which read it, and whether with weak ordering), so two tile
// blocks touching the same byte with at least one weak write are reported as
// a data race. Buffers are separated by unmapped gaps, so running off the end
// of one never silently lands in the next.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_MEMORY_H
#define TILECHECK_ORACLE_MEMORY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tilecheck::oracle {

/// Who performs an access: the harness (setup/readback) or a tile block.
constexpr int32_t kHarness = -1;

/// Ordering class of an access: weak accesses promise no concurrent access.
enum class Ordering { Weak, Atomic };

class Memory {
public:
  struct Buffer {
    std::string name;
    uint64_t base = 0;
    std::vector<uint8_t> bytes;
    std::vector<uint8_t> initialized;
    /// Per byte: last writing block (kNone if none) and its ordering.
    std::vector<int32_t> writer;
    std::vector<uint8_t> writerWeak;
    /// Per byte: reading block (kNone, a block id, or kMany) and whether
    /// some read was weak.
    std::vector<int32_t> reader;
    std::vector<uint8_t> readerWeak;
    uint64_t size() const { return bytes.size(); }
  };
  static constexpr int32_t kNone = -2;
  static constexpr int32_t kMany = -3;

  explicit Memory(bool trackRaces = true) : trackRaces(trackRaces) {}

  /// Allocates `size` bytes aligned to `align` (a power of two, >= 1).
  /// Returns the base address. `init` gives the initial contents (marked
  /// initialized) or, when empty, leaves the memory uninitialized.
  uint64_t allocate(llvm::StringRef name, uint64_t size, uint64_t align,
                    llvm::ArrayRef<uint8_t> init = {});
  /// Allocates `size` bytes filled with zeros, marked initialized.
  uint64_t allocateZeroed(llvm::StringRef name, uint64_t size, uint64_t align);

  /// Reads/writes `n` bytes at `addr` on behalf of `block`. On failure
  /// returns false and sets `error` to a description of the fault
  /// (out of bounds, uninitialized read, data race).
  bool read(uint64_t addr, void *out, uint64_t n, int32_t block, Ordering ord,
            std::string &error);
  bool write(uint64_t addr, const void *in, uint64_t n, int32_t block,
             Ordering ord, std::string &error);
  /// True when [addr, addr+n) lies inside one buffer.
  bool isMapped(uint64_t addr, uint64_t n) const;

  const Buffer *findBuffer(uint64_t addr) const;
  Buffer *findBuffer(uint64_t addr);
  /// Forgets per-block access records (between independent launches).
  void resetAccessRecords();

private:
  Buffer *locate(uint64_t addr, uint64_t n, std::string &error);

  bool trackRaces;
  uint64_t nextBase = 0x10000;
  std::map<uint64_t, Buffer> buffers; // keyed by base address
};

} // namespace tilecheck::oracle

#endif // TILECHECK_ORACLE_MEMORY_H
