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
#include "llvm/ADT/STLFunctionalExtras.h"
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

/// An access's place in its tile block's token order. At the cuda_tile
/// level tokens, not program order, order a tile block's memory ops: "weak
/// operations cannot be used to communicate ... between fragments of the
/// same tile block which are not ordered by token order" (the Tile IR
/// memory model). Memory reports a load of a byte the same tile block wrote
/// and a store that changes such a byte when token order does not put the
/// earlier write first and either access is weak. Data dependences, which
/// order accesses without a token, are not tracked, so what they may order
/// is not reported: a store after a load of the same bytes by the block
/// (its value, or whether it runs, may depend on what the load read),
/// whether or not a token orders that load after the earlier store. A
/// store that leaves a byte as it was is not a write here: no order of the
/// two can be told apart.
struct BlockOrder {
  static constexpr uint32_t kNoNode = ~0u;
  /// This access (one execution of a memory op).
  uint32_t node = kNoNode;
  /// Weak ordering (not relaxed/acquire/release at any scope).
  bool weak = true;
  /// Whether the access `earlier` of the same tile block is ordered before
  /// this one.
  llvm::function_ref<bool(uint32_t earlier)> orderedAfter;
  /// Set when an access is reported: the earlier one.
  uint32_t conflict = kNoNode;
  /// The last orderedAfter answer (bytes of one element share their
  /// earlier write).
  uint32_t lastEarlier = kNoNode;
  bool lastOrdered = false;
};

class Memory {
public:
  struct Buffer {
    std::string name;
    uint64_t base = 0;
    std::vector<uint8_t> bytes;
    /// Per byte: which of its nibbles hold a written value (bit 0 the low
    /// nibble, bit 1 the high one: kWholeByte once the byte is written).
    /// 4-bit elements are packed two per byte and written one nibble at a
    /// time (see read/write's `bits`).
    std::vector<uint8_t> initialized;
    /// Per byte: last writing block (kNone if none) and its ordering.
    std::vector<int32_t> writer;
    std::vector<uint8_t> writerWeak;
    /// Per byte: reading block (kNone, a block id, or kMany) and whether
    /// some read was weak.
    std::vector<int32_t> reader;
    std::vector<uint8_t> readerWeak;
    /// Per byte: the last write's BlockOrder node (kNoNode when it had
    /// none) and whether it was weak; valid while `writer` is that
    /// write's block.
    std::vector<uint32_t> writerNode;
    std::vector<uint8_t> writerNodeWeak;
    /// Per byte: the writing block read it after that write (a later
    /// store may depend on what it read).
    std::vector<uint8_t> readSinceWrite;
    /// Per byte (when races are tracked): the nibbles `writer` wrote
    /// (Buffer::initialized's bits), so that within a tile block a read of
    /// one nibble is not ordered against a write of the other only.
    std::vector<uint8_t> writtenNibbles;
    /// The buffer holds an odd number of 4-bit elements: its last byte's
    /// high nibble is past its end (markSpareHighNibble).
    bool spareHighNibble = false;
    uint64_t size() const { return bytes.size(); }
  };
  static constexpr uint8_t kWholeByte = 3;
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
  /// The buffer at `base` holds an odd number of 4-bit elements: a nibble
  /// access to its last byte's high nibble is out of bounds (whole-byte
  /// accesses, as compiled code makes, still reach it).
  void markSpareHighNibble(uint64_t base);

  /// Reads/writes `n` bytes at `addr` on behalf of `block`. On failure
  /// returns false and sets `error` to a description of the fault
  /// (out of bounds, uninitialized read, data race).
  /// `order`, when given, places the access in its tile block's token
  /// order (BlockOrder).
  /// `bits` (n == 1 only) restricts the access to a nibble of the byte,
  /// 0x0F or 0xF0, for a packed 4-bit element: a read requires only that
  /// nibble to be initialized (the whole byte is copied out; the caller
  /// picks its nibble), a write replaces only those bits. Races between
  /// tile blocks are tracked per byte: accesses of two blocks to the two
  /// nibbles of one byte conflict as accesses to the byte do (compiled
  /// code moves whole bytes; a nibble store rewrites its byte). Within a
  /// block, a read is checked against the block's unordered writes of its
  /// own nibble only; two unordered writes of one byte conflict.
  bool read(uint64_t addr, void *out, uint64_t n, int32_t block, Ordering ord,
            std::string &error, BlockOrder *order = nullptr,
            uint8_t bits = 0xFF);
  bool write(uint64_t addr, const void *in, uint64_t n, int32_t block,
             Ordering ord, std::string &error, BlockOrder *order = nullptr,
             uint8_t bits = 0xFF);
  /// True when [addr, addr+n) lies inside one buffer.
  bool isMapped(uint64_t addr, uint64_t n) const;

  const Buffer *findBuffer(uint64_t addr) const;
  Buffer *findBuffer(uint64_t addr);
  /// Forgets per-block access records (between independent launches).
  void resetAccessRecords();
  /// Forgets every byte's BlockOrder node: each run numbers its nodes
  /// afresh (Interpreter::run and call do this first).
  void resetBlockOrder();

private:
  Buffer *locate(uint64_t addr, uint64_t n, std::string &error,
                 uint8_t bits = 0xFF);

  bool trackRaces;
  uint64_t nextBase = 0x10000;
  std::map<uint64_t, Buffer> buffers; // keyed by base address
};

} // namespace tilecheck::oracle

#endif // TILECHECK_ORACLE_MEMORY_H
