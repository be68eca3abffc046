//===- TokenOrder.h - a tile block's token order ----------------*- C++ -*-===//
//
// At the cuda_tile level, tokens and not program order order a tile block's
// memory ops (the Tile IR memory model; Memory.h, BlockOrder). Every
// execution of a memory op is a node whose predecessors are the nodes of
// the tokens it takes; its result token carries the node. join_tokens and
// print_tko pass their operands' nodes on; make_token starts with none. An
// access is ordered after an earlier one when the earlier node is an
// ancestor of its own. Nodes are numbered in execution order, so a search
// for an earlier node never follows a predecessor numbered below it.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_INTERPRETER_TOKENORDER_H
#define TILECHECK_ORACLE_INTERPRETER_TOKENORDER_H

#include "tilecheck/Oracle/Memory.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <vector>

namespace tilecheck::oracle {

class ExecContext;

class TokenOrder {
public:
  static constexpr uint32_t kNoNode = BlockOrder::kNoNode;

  /// The node of the current execution of memory op `op`, made at its
  /// first access.
  uint32_t access(ExecContext &ctx, mlir::Operation *op);
  /// Whether the current execution's op is weak (its
  /// memory_ordering_semantics, read once per execution).
  bool currentWeak() const { return currentIsWeak; }
  /// The node `op`'s result token carries (ends the current execution):
  /// its access node, else the one node its tokens have, else a node
  /// joining them (kNoNode without any).
  uint32_t result(ExecContext &ctx, mlir::Operation *op);
  /// Whether `earlier` is `later` or an ancestor of it.
  bool ordered(uint32_t earlier, uint32_t later);
  /// The op whose execution made `node`.
  mlir::Operation *opOf(uint32_t node) const {
    return node < nodes.size() ? nodes[node].op : nullptr;
  }

private:
  struct Node {
    mlir::Operation *op;
    llvm::SmallVector<uint32_t, 2> preds;
  };
  llvm::SmallVector<uint32_t, 2> tokenNodes(ExecContext &ctx,
                                            mlir::Operation *op) const;
  uint32_t create(mlir::Operation *op, llvm::SmallVector<uint32_t, 2> preds);

  std::vector<Node> nodes;
  /// The execution of a memory op that has a node: the op and the step it
  /// runs at (ExecContext::getStep).
  mlir::Operation *current = nullptr;
  uint64_t currentStep = 0;
  uint32_t currentNode = kNoNode;
  bool currentIsWeak = true;
  /// ordered(e, currentNode) answers, for the current execution.
  llvm::DenseMap<uint32_t, bool> memo;
  /// Per earlier node, the nodes found ordered after it: a search stops at
  /// one of them (a loop's chain of tokens is searched once per iteration,
  /// not back to the start each time).
  llvm::DenseMap<uint32_t, llvm::DenseSet<uint32_t>> knownAfter;
  /// Search marks: a node was visited by the search numbered `generation`.
  std::vector<uint32_t> visited;
  uint32_t generation = 0;
};

} // namespace tilecheck::oracle

#endif // TILECHECK_ORACLE_INTERPRETER_TOKENORDER_H
