//===- Memory.cpp - Global memory model of the reference interpreter ------===//

#include "tilecheck/Oracle/Memory.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cassert>
#include <cstring>

using namespace llvm;

namespace tilecheck::oracle {

static std::string hex(uint64_t v) {
  std::string s;
  raw_string_ostream(s) << format_hex(v, 1);
  return s;
}

uint64_t Memory::allocate(StringRef name, uint64_t size, uint64_t align,
                          ArrayRef<uint8_t> init) {
  if (align < 256)
    align = 256;
  uint64_t base = (nextBase + align - 1) & ~(align - 1);
  // An unmapped gap of at least 4 KiB follows every buffer.
  nextBase = base + size + 4096;
  Buffer &b = buffers[base];
  b.name = name.str();
  b.base = base;
  b.bytes.assign(size, 0);
  b.initialized.assign(size, 0);
  if (!init.empty()) {
    std::memcpy(b.bytes.data(), init.data(), std::min<uint64_t>(size, init.size()));
    std::fill(b.initialized.begin(),
              b.initialized.begin() + std::min<uint64_t>(size, init.size()),
              kWholeByte);
  }
  if (trackRaces) {
    b.writer.assign(size, kNone);
    b.writerWeak.assign(size, 0);
    b.reader.assign(size, kNone);
    b.readerWeak.assign(size, 0);
    b.writerNode.assign(size, BlockOrder::kNoNode);
    b.writerNodeWeak.assign(size, 0);
    b.readSinceWrite.assign(size, 0);
    b.writtenNibbles.assign(size, 0);
  }
  return base;
}

void Memory::markSpareHighNibble(uint64_t base) {
  if (Buffer *b = findBuffer(base); b && b->base == base && b->size() > 0)
    b->spareHighNibble = true;
}

uint64_t Memory::allocateZeroed(StringRef name, uint64_t size, uint64_t align) {
  uint64_t base = allocate(name, size, align);
  Buffer &b = buffers[base];
  std::fill(b.initialized.begin(), b.initialized.end(), kWholeByte);
  return base;
}

const Memory::Buffer *Memory::findBuffer(uint64_t addr) const {
  auto it = buffers.upper_bound(addr);
  if (it == buffers.begin())
    return nullptr;
  --it;
  if (addr >= it->second.base + it->second.size())
    return nullptr;
  return &it->second;
}

Memory::Buffer *Memory::findBuffer(uint64_t addr) {
  return const_cast<Buffer *>(
      static_cast<const Memory *>(this)->findBuffer(addr));
}

bool Memory::isMapped(uint64_t addr, uint64_t n) const {
  const Buffer *b = findBuffer(addr);
  return b && addr + n <= b->base + b->size() && addr + n >= addr;
}

Memory::Buffer *Memory::locate(uint64_t addr, uint64_t n, std::string &error,
                               uint8_t bits) {
  Buffer *b = findBuffer(addr);
  if (b && (bits & 0xF0) && bits != 0xFF && b->spareHighNibble &&
      addr == b->base + b->size() - 1) {
    error = "access of the high nibble at address " + hex(addr) +
            ", past the end of '" + b->name + "' (" +
            std::to_string(2 * b->size() - 1) + " 4-bit elements at " +
            hex(b->base) + ")";
    return nullptr;
  }
  if (!b || addr + n > b->base + b->size() || addr + n < addr) {
    error = "access of " + std::to_string(n) + " bytes at address " +
            hex(addr) + " is outside every allocation";
    if (b)
      error += " (runs past the end of '" + b->name + "', " +
               std::to_string(b->size()) + " bytes at " + hex(b->base) + ")";
    return nullptr;
  }
  return b;
}

static std::string blockName(int32_t block) {
  return block == kHarness ? std::string("the harness")
                           : "tile block " + std::to_string(block);
}

/// The earlier write of this tile block to byte i of `b` that token order
/// does not order before `order`'s access, where one of them is weak
/// (BlockOrder); kNoNode when there is none.
static uint32_t unorderedWrite(const Memory::Buffer &b, uint64_t i,
                               int32_t block, BlockOrder &order) {
  uint32_t earlier = b.writerNode[i];
  if (earlier == BlockOrder::kNoNode || earlier == order.node ||
      b.writer[i] != block || !(order.weak || b.writerNodeWeak[i]))
    return BlockOrder::kNoNode;
  if (earlier != order.lastEarlier) {
    order.lastEarlier = earlier;
    order.lastOrdered = order.orderedAfter(earlier);
  }
  return order.lastOrdered ? BlockOrder::kNoNode : earlier;
}

static std::string byteName(const Memory::Buffer &b, uint64_t i) {
  return hex(b.base + i) + " ('" + b.name + "' + " + std::to_string(i) + ")";
}

/// The nibbles (Buffer::initialized's bits) an access with `bits` touches.
static uint8_t nibblesOf(uint8_t bits) {
  return ((bits & 0x0F) ? 1 : 0) | ((bits & 0xF0) ? 2 : 0);
}

bool Memory::read(uint64_t addr, void *out, uint64_t n, int32_t block,
                  Ordering ord, std::string &error, BlockOrder *order,
                  uint8_t bits) {
  assert((n == 1 || bits == 0xFF) && "a nibble access is one byte");
  Buffer *b = locate(addr, n, error, bits);
  if (!b)
    return false;
  uint64_t off = addr - b->base;
  uint8_t need = nibblesOf(bits);
  for (uint64_t i = off; i < off + n; ++i) {
    if ((b->initialized[i] & need) != need) {
      error = "read of uninitialized memory at " + hex(b->base + i) +
              " ('" + b->name + "' + " + std::to_string(i) + ")";
      return false;
    }
  }
  if (trackRaces && block != kHarness) {
    bool weak = ord == Ordering::Weak;
    for (uint64_t i = off; i < off + n; ++i) {
      int32_t w = b->writer[i];
      if (w != kNone && w != block && (weak || b->writerWeak[i])) {
        error = "data race: " + blockName(block) + " reads " +
                hex(b->base + i) + " ('" + b->name + "' + " +
                std::to_string(i) + ") written by " + blockName(w) +
                " with weak ordering";
        return false;
      }
      int32_t &r = b->reader[i];
      if (r == kNone)
        r = block;
      else if (r != block)
        r = kMany;
      b->readerWeak[i] |= weak;
    }
    if (order && order->node != BlockOrder::kNoNode) {
      // (Only the byte's last write has its node: a read of a nibble an
      // earlier write wrote is checked against the last write, which may
      // have written the other nibble only.)
      for (uint64_t i = off; i < off + n; ++i)
        if (uint32_t e = (b->writtenNibbles[i] & need)
                             ? unorderedWrite(*b, i, block, *order)
                             : BlockOrder::kNoNode;
            e != BlockOrder::kNoNode) {
          order->conflict = e;
          error = "unordered accesses: " + blockName(block) + " reads " +
                  byteName(*b, i) +
                  ", which an earlier store of the same tile block wrote, "
                  "and no token orders the load after that store";
          return false;
        }
      for (uint64_t i = off; i < off + n; ++i)
        if (b->writer[i] == block)
          b->readSinceWrite[i] = 1;
    }
  }
  std::memcpy(out, b->bytes.data() + off, n);
  return true;
}

bool Memory::write(uint64_t addr, const void *in, uint64_t n, int32_t block,
                   Ordering ord, std::string &error, BlockOrder *order,
                   uint8_t bits) {
  assert((n == 1 || bits == 0xFF) && "a nibble access is one byte");
  Buffer *b = locate(addr, n, error, bits);
  if (!b)
    return false;
  uint64_t off = addr - b->base;
  uint8_t wrote = nibblesOf(bits);
  // A nibble write stores its byte with the other nibble as it is.
  uint8_t merged;
  if (bits != 0xFF) {
    merged = static_cast<uint8_t>((b->bytes[off] & ~bits) |
                                  (*static_cast<const uint8_t *>(in) & bits));
    in = &merged;
  }
  if (trackRaces && block != kHarness) {
    bool weak = ord == Ordering::Weak;
    for (uint64_t i = off; i < off + n; ++i) {
      int32_t w = b->writer[i];
      int32_t r = b->reader[i];
      const char *what = nullptr;
      int32_t other = kNone;
      if (w != kNone && w != block && (weak || b->writerWeak[i])) {
        what = "written";
        other = w;
      } else if (r != kNone && r != block && (weak || b->readerWeak[i])) {
        what = "read";
        other = r;
      }
      if (what) {
        error = "data race: " + blockName(block) + " writes " +
                hex(b->base + i) + " ('" + b->name + "' + " +
                std::to_string(i) + ") " + what + " by " +
                (other == kMany ? std::string("other tile blocks")
                                : blockName(other)) +
                " with weak ordering";
        return false;
      }
    }
    bool ordered = order && order->node != BlockOrder::kNoNode;
    const auto *bytes = static_cast<const uint8_t *>(in);
    // A store that leaves a byte as it was cannot be told from one ordered
    // either way.
    // Nor is a store after a load of the byte by this block: it may depend
    // on what the load read (BlockOrder).
    if (ordered)
      for (uint64_t i = off; i < off + n; ++i)
        if (b->bytes[i] != bytes[i - off] && !b->readSinceWrite[i])
          if (uint32_t e = unorderedWrite(*b, i, block, *order);
              e != BlockOrder::kNoNode) {
            order->conflict = e;
            error = "unordered accesses: " + blockName(block) + " writes " +
                    byteName(*b, i) +
                    ", which an earlier store of the same tile block wrote "
                    "with another value, and no token orders the two "
                    "stores";
            return false;
          }
    for (uint64_t i = off; i < off + n; ++i) {
      // A store that leaves the byte as it was keeps the byte's last
      // write (whose node means nothing to another block).
      bool changed = b->bytes[i] != bytes[i - off];
      if (changed || b->writer[i] != block) {
        b->writerNode[i] =
            ordered && changed ? order->node : BlockOrder::kNoNode;
        b->writerNodeWeak[i] = ordered && order->weak;
        b->readSinceWrite[i] = 0;
      }
      b->writtenNibbles[i] =
          (b->writer[i] == block ? b->writtenNibbles[i] : 0) | wrote;
      b->writer[i] = block;
      b->writerWeak[i] = weak;
    }
  }
  std::memcpy(b->bytes.data() + off, in, n);
  for (uint64_t i = off; i < off + n; ++i)
    b->initialized[i] |= wrote;
  return true;
}

void Memory::resetAccessRecords() {
  for (auto &[base, b] : buffers) {
    std::fill(b.writer.begin(), b.writer.end(), kNone);
    std::fill(b.reader.begin(), b.reader.end(), kNone);
    std::fill(b.writerWeak.begin(), b.writerWeak.end(), 0);
    std::fill(b.readerWeak.begin(), b.readerWeak.end(), 0);
    std::fill(b.writtenNibbles.begin(), b.writtenNibbles.end(), 0);
  }
  resetBlockOrder();
}

void Memory::resetBlockOrder() {
  for (auto &[base, b] : buffers) {
    std::fill(b.writerNode.begin(), b.writerNode.end(), BlockOrder::kNoNode);
    std::fill(b.writerNodeWeak.begin(), b.writerNodeWeak.end(), 0);
    std::fill(b.readSinceWrite.begin(), b.readSinceWrite.end(), 0);
  }
}

} // namespace tilecheck::oracle
