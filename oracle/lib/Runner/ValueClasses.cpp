//===- ValueClasses.cpp - Which special values an op computed on ----------===//

#include "tilecheck/Oracle/ValueClasses.h"

#include "tilecheck/Oracle/Interpreter.h"
#include "tilecheck/Support/EnumNames.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/APFloat.h"

using namespace llvm;
using namespace tilecheck::oracle;

StringRef tilecheck::oracle::stringify(ValueClass c) {
  static constexpr llvm::StringLiteral names[] = {
      "zero", "one",  "minus-one", "negative", "int-min",   "int-max",  "nan",
      "+inf", "-inf", "+0",        "-0",       "subnormal", "float-max"};
  static_assert(std::size(names) == static_cast<size_t>(ValueClass::Count));
  return tilecheck::nameOf(names, c);
}

static uint32_t bit(ValueClass c) { return 1u << static_cast<unsigned>(c); }

uint32_t tilecheck::oracle::valueClassesOf(const Tile &tile) {
  ElemType type = tile.elemType();
  uint32_t set = 0;
  if (isInteger(type)) {
    unsigned width = bitWidth(type);
    if (width < 2)
      return 0;
    int64_t lo = width >= 64 ? INT64_MIN : -(int64_t(1) << (width - 1));
    int64_t hi = width >= 64 ? INT64_MAX : (int64_t(1) << (width - 1)) - 1;
    for (int64_t i = 0, e = tile.size(); i < e; ++i) {
      int64_t v = tile.getSInt(i);
      if (v == 0)
        set |= bit(ValueClass::Zero);
      else if (v == 1)
        set |= bit(ValueClass::One);
      else if (v == -1)
        set |= bit(ValueClass::MinusOne);
      if (v < 0)
        set |= bit(ValueClass::Negative);
      if (v == lo)
        set |= bit(ValueClass::IntMin);
      if (v == hi)
        set |= bit(ValueClass::IntMax);
    }
    return set;
  }
  if (!isFloat(type))
    return 0;
  const fltSemantics *sem = semantics(type);
  if (!sem)
    return 0;
  APFloat largest = APFloat::getLargest(*sem);
  for (int64_t i = 0, e = tile.size(); i < e; ++i) {
    APFloat v = tile.getFloat(i);
    if (v.isNaN())
      set |= bit(ValueClass::NaN);
    else if (v.isInfinity())
      set |= bit(v.isNegative() ? ValueClass::NegInf : ValueClass::PosInf);
    else if (v.isZero())
      set |= bit(v.isNegative() ? ValueClass::NegZero : ValueClass::PosZero);
    else {
      if (v.isDenormal())
        set |= bit(ValueClass::Subnormal);
      if (abs(v).compare(largest) == APFloat::cmpEqual)
        set |= bit(ValueClass::FloatMax);
    }
  }
  return set;
}

void ValueClassCounter::count(StringRef opName,
                              ArrayRef<const Tile *> operands) {
  uint32_t set = 0;
  bool numeric = false;
  for (const Tile *t : operands) {
    if (!isInteger(t->elemType()) && !isFloat(t->elemType()))
      continue;
    if (isInteger(t->elemType()) && bitWidth(t->elemType()) < 2)
      continue;
    numeric = true;
    set |= valueClassesOf(*t);
  }
  if (!numeric)
    return;
  OpCounts &c = perOp[opName];
  ++c.instances;
  for (unsigned k = 0; k < static_cast<unsigned>(ValueClass::Count); ++k)
    if (set & (1u << k))
      ++c.withClass[k];
}

void ValueClassCounter::observe(ExecContext &ctx, mlir::Operation *op) {
  SmallVector<const Tile *, 4> tiles;
  for (mlir::Value operand : op->getOperands())
    if (const RtValue *v = ctx.lookup(operand))
      if (v->isTile())
        tiles.push_back(&v->getTile());
  count(op->getName().getStringRef(), tiles);
}

json::Value ValueClassCounter::toJSON() const {
  json::Object ops;
  for (const auto &entry : perOp) {
    json::Object classes;
    for (unsigned k = 0; k < static_cast<unsigned>(ValueClass::Count); ++k)
      if (entry.second.withClass[k])
        classes[stringify(static_cast<ValueClass>(k))] =
            static_cast<int64_t>(entry.second.withClass[k]);
    ops[entry.first()] = json::Object{
        {"instances", static_cast<int64_t>(entry.second.instances)},
        {"classes", std::move(classes)}};
  }
  return json::Object{{"ops", std::move(ops)}};
}
