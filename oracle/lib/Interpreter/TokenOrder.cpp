//===- TokenOrder.cpp - a tile block's token order ------------------------===//

#include "TokenOrder.h"

#include "tilecheck/Oracle/Interpreter.h"

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace tilecheck::oracle {

SmallVector<uint32_t, 2> TokenOrder::tokenNodes(ExecContext &ctx,
                                                Operation *op) const {
  SmallVector<uint32_t, 2> out;
  for (Value v : op->getOperands())
    if (const RtValue *rt = ctx.lookup(v);
        rt && rt->kind() == RtValue::Kind::Token &&
        rt->getTokenNode() != kNoNode &&
        !llvm::is_contained(out, rt->getTokenNode()))
      out.push_back(rt->getTokenNode());
  return out;
}

uint32_t TokenOrder::create(Operation *op, SmallVector<uint32_t, 2> preds) {
  nodes.push_back({op, std::move(preds)});
  return static_cast<uint32_t>(nodes.size() - 1);
}

uint32_t TokenOrder::access(ExecContext &ctx, Operation *op) {
  if (current != op || currentStep != ctx.getStep()) {
    current = op;
    currentStep = ctx.getStep();
    currentNode = create(op, tokenNodes(ctx, op));
    auto ordering = op->getAttrOfType<cuda_tile::MemoryOrderingAttr>(
        "memory_ordering_semantics");
    currentIsWeak =
        !ordering || ordering.getValue() == cuda_tile::MemoryOrdering::WEAK;
    memo.clear();
  }
  return currentNode;
}

uint32_t TokenOrder::result(ExecContext &ctx, Operation *op) {
  uint32_t node = kNoNode;
  if (current == op && currentStep == ctx.getStep()) {
    node = currentNode;
  } else {
    SmallVector<uint32_t, 2> preds = tokenNodes(ctx, op);
    if (preds.size() == 1)
      node = preds.front();
    else if (!preds.empty())
      node = create(op, std::move(preds));
  }
  current = nullptr;
  currentNode = kNoNode;
  return node;
}

bool TokenOrder::ordered(uint32_t earlier, uint32_t later) {
  if (earlier == later)
    return true;
  // A node of another run (Memory::resetBlockOrder makes this unreachable)
  // orders nothing this run can tell.
  if (earlier >= nodes.size() || later >= nodes.size())
    return true;
  if (earlier > later)
    return false;
  bool memoize = later == currentNode;
  if (memoize)
    if (auto it = memo.find(earlier); it != memo.end())
      return it->second;
  if (visited.size() < nodes.size())
    visited.resize(nodes.size(), 0);
  if (++generation == 0) {
    std::fill(visited.begin(), visited.end(), 0);
    generation = 1;
  }
  bool found = false;
  llvm::DenseSet<uint32_t> &after = knownAfter[earlier];
  SmallVector<uint32_t, 16> stack{later};
  visited[later] = generation;
  while (!stack.empty() && !found) {
    uint32_t n = stack.pop_back_val();
    for (uint32_t p : nodes[n].preds) {
      if (p == earlier || after.contains(p)) {
        found = true;
        break;
      }
      // Ancestors are numbered below their descendants: nothing below
      // `earlier` leads to it.
      if (p < earlier || visited[p] == generation)
        continue;
      visited[p] = generation;
      stack.push_back(p);
    }
  }
  if (memoize)
    memo[earlier] = found;
  if (found)
    after.insert(later);
  return found;
}

} // namespace tilecheck::oracle
