//===- CudaTileControlOps.cpp - cuda_tile control ops ------------------------===//
//
// Verifiers and custom parsers of the ops declared in CudaTileControlOps.td.
//
// Regions of `if` and `loop` may end in several kinds of terminators
// (yield/continue/break/return), so instead of SingleBlockImplicitTerminator
// their parsers add the implicit operand-less terminator themselves and the
// terminators check where they stand.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

/// Appends an operand-less `TermOp` to the single block of `region` (creating
/// the block if needed) unless the block already ends in a terminator.
template <typename TermOp>
static void addImplicitTerminator(OpAsmParser &parser, Region &region) {
  if (region.empty())
    region.push_back(new Block());
  Block &block = region.back();
  if (!block.empty() && block.back().hasTrait<mlir::OpTrait::IsTerminator>())
    return;
  OpBuilder builder(parser.getContext());
  builder.setInsertionPointToEnd(&block);
  TermOp::create(builder, parser.getEncodedSourceLoc(parser.getNameLoc()));
}

/// Prints a region without its entry arguments, leaving out the terminator
/// when it is the operand-less implicit one.
template <typename TermOp>
static void printImplicitTerminatorRegion(OpAsmPrinter &printer,
                                          Region &region) {
  bool printTerminator = true;
  if (!region.empty() && !region.front().empty()) {
    Operation &last = region.front().back();
    printTerminator = !(isa<TermOp>(last) && last.getNumOperands() == 0);
  }
  printer.printRegion(region, /*printEntryBlockArgs=*/false, printTerminator);
}

//===----------------------------------------------------------------------===//
// custom<IfOpRegion>
//===----------------------------------------------------------------------===//

static ParseResult parseIfOpRegion(OpAsmParser &parser, Region &region) {
  if (parser.parseRegion(region))
    return failure();
  addImplicitTerminator<YieldOp>(parser, region);
  return success();
}

static void printIfOpRegion(OpAsmPrinter &printer, Operation *,
                            Region &region) {
  printImplicitTerminatorRegion<YieldOp>(printer, region);
}

//===----------------------------------------------------------------------===//
// custom<AssumePredicate>: `div_by<16>` or `#cuda_tile.div_by<16>`
//===----------------------------------------------------------------------===//

static ParseResult parseAssumePredicate(OpAsmParser &parser,
                                        AssumePredicateAttr &predicate) {
  SMLoc loc = parser.getCurrentLocation();
  Attribute attr;
  OptionalParseResult full = parser.parseOptionalAttribute(attr);
  if (full.has_value()) {
    if (failed(*full))
      return failure();
  } else {
    StringRef name;
    if (parser.parseKeyword(&name))
      return failure();
    if (name == "div_by")
      attr = DivByAttr::parse(parser, Type());
    else if (name == "same_elements")
      attr = SameElementsAttr::parse(parser, Type());
    else if (name == "bounded")
      attr = BoundedAttr::parse(parser, Type());
    else
      return parser.emitError(loc)
             << "unknown assume predicate attribute: " << name
             << " (expected 'div_by', 'same_elements', or 'bounded')";
    if (!attr)
      return failure();
  }
  predicate = dyn_cast<AssumePredicateAttr>(attr);
  if (!predicate)
    return parser.emitError(loc) << "expected assume predicate attribute";
  return success();
}

static void printAssumePredicate(OpAsmPrinter &printer, Operation *,
                                 AssumePredicateAttr predicate) {
  std::string text;
  llvm::raw_string_ostream os(text);
  predicate.print(os);
  StringRef spelled(text);
  if (spelled.consume_front("#cuda_tile."))
    printer << spelled;
  else
    printer.printAttribute(predicate);
}

#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileControlOps.cpp.inc"

void CudaTileDialect::registerControlOps() {
  addVersionedOps<
#define GET_OP_LIST
#include "tilecheck/Dialect/CudaTile/IR/CudaTileControlOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Early exits: continue / break
//===----------------------------------------------------------------------===//

/// Finds the loop an early-exit op belongs to: the first ancestor of type
/// `Loops...`, reached through `if` ops only. Emits an error (with a note on
/// the offending ancestor) if another op is in the way.
template <typename... Loops>
static FailureOr<Operation *> findExitTarget(Operation *exitOp) {
  Operation *ancestor = exitOp->getParentOp();
  while (ancestor && !isa<Loops...>(ancestor)) {
    if (!isa<IfOp>(ancestor)) {
      InFlightDiagnostic diag = exitOp->emitOpError(
          "can only be nested within a ancestor chain of '");
      llvm::interleave(ArrayRef<StringRef>({Loops::getOperationName()...,
                                            IfOp::getOperationName()}),
                       diag, "', '");
      diag << "' operations";
      diag.attachNote(ancestor->getLoc())
          << "see unexpected ancestor operation";
      return failure();
    }
    ancestor = ancestor->getParentOp();
  }
  if (!ancestor)
    return exitOp->emitOpError("must be nested in a loop");
  return ancestor;
}

LogicalResult ContinueOp::verify() {
  FailureOr<Operation *> loop = findExitTarget<ForOp, LoopOp>(*this);
  if (failed(loop))
    return failure();
  TypeRange operandTypes = getOperandTypes();
  if (isa<LoopOp>(*loop)) {
    // In `loop`, continue feeds the iter_values of the next iteration.
    if ((*loop)->getOperandTypes() != operandTypes)
      return emitError("`loop` is missing a valid terminator. `continue` op "
                       "should have operand types that match the parent loop "
                       "iter_values: (")
             << (*loop)->getOperandTypes() << "), but found: ("
             << operandTypes << ")";
    return success();
  }
  // In `for`, the iter_values have the result types.
  if ((*loop)->getResultTypes() != operandTypes)
    return emitError("`for` is missing a valid terminator. `continue` op "
                     "should have operand types that match the parent loop "
                     "return types: (")
           << (*loop)->getResultTypes() << "), but found: (" << operandTypes
           << ")";
  return success();
}

LogicalResult BreakOp::verify() {
  FailureOr<Operation *> loop = findExitTarget<LoopOp>(*this);
  if (failed(loop))
    return failure();
  if ((*loop)->getResultTypes() != getOperandTypes())
    return emitOpError("operand types must correspond to the parent loop "
                       "result types: (")
           << getOperandTypes() << ") vs (" << (*loop)->getResultTypes()
           << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// IfOp
//===----------------------------------------------------------------------===//

/// Rejects view types as values carried out of a region.
static LogicalResult checkNoViewResults(Operation *op) {
  for (auto [i, type] : llvm::enumerate(op->getResultTypes())) {
    if (isa<TensorViewType>(type))
      return op->emitOpError() << "result type " << i
                               << " is a tensor_view, which is not supported";
    if (isa<TileView>(type))
      return op->emitOpError() << "result type " << i
                               << " is a tile view, which is not supported";
  }
  return success();
}

LogicalResult IfOp::verify() {
  TypeRange resultTypes = getResultTypes();
  auto checkBranch = [&](Region &region, StringRef name) -> LogicalResult {
    if (region.empty() || region.front().empty())
      return success();
    auto yield = dyn_cast<YieldOp>(region.front().back());
    if (!yield)
      return success(); // continue/break/return leave the if.
    TypeRange yielded = yield->getOperandTypes();
    if (!resultTypes.empty() && yielded.empty())
      return emitOpError("has return type of ")
             << resultTypes << " but " << name
             << " branch does not yield anything";
    if (resultTypes.empty() && !yielded.empty())
      return emitOpError("does not return a value, but ")
             << name << " branch yields " << yielded;
    if (yielded != resultTypes)
      return emitOpError("type does not match yield type, ")
             << name << " branch yields " << yielded
             << " but op result type is " << resultTypes;
    return success();
  };
  if (failed(checkNoViewResults(*this)))
    return failure();
  if (getThenRegion().empty())
    return emitOpError("must define then branch");
  if (failed(checkBranch(getThenRegion(), "then")))
    return failure();
  if (getElseRegion().empty()) {
    if (!resultTypes.empty())
      return emitOpError("has non-empty return type, must define else branch");
    return success();
  }
  return checkBranch(getElseRegion(), "else");
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

/// Checks the iter_values of a loop against its initializers and results.
static LogicalResult verifyIterValues(Operation *op, ValueRange inits,
                                      ValueRange iterArgs) {
  if (iterArgs.size() != inits.size())
    return op->emitOpError("mismatch in number of region iterator values and "
                           "loop iterator inits: ")
           << iterArgs.size() << " vs " << inits.size();
  for (auto [i, init, arg] : llvm::enumerate(inits, iterArgs)) {
    if (isa<TensorViewType>(arg.getType()))
      return op->emitOpError() << "loop-carried value " << i
                               << " is a tensor_view, which is not supported";
    if (isa<TileView>(arg.getType()))
      return op->emitOpError() << "loop-carried value " << i
                               << " is a tile view, which is not supported";
    if (init.getType() != arg.getType())
      return op->emitOpError()
             << "init value " << i << " and region iter_value " << i
             << " have different type: " << init.getType()
             << " != " << arg.getType();
  }
  return checkNoViewResults(op);
}

/// `iter_values(%a = %x, %b = %y)` -> region arguments and initializers.
static ParseResult
parseIterValues(OpAsmParser &parser,
                SmallVectorImpl<OpAsmParser::Argument> &regionArgs,
                SmallVectorImpl<OpAsmParser::UnresolvedOperand> &inits) {
  return parser.parseAssignmentList(regionArgs, inits);
}

static void printIterValues(OpAsmPrinter &printer, ValueRange regionArgs,
                            ValueRange inits) {
  printer << "iter_values(";
  llvm::interleaveComma(llvm::zip(regionArgs, inits), printer, [&](auto it) {
    printer << std::get<0>(it) << " = " << std::get<1>(it);
  });
  printer << ")";
}

/// A type list of `loop`; a region brace where a type belongs is reported the
/// way a missing type keyword is.
static ParseResult parseLoopTypes(OpAsmParser &parser,
                                  SmallVectorImpl<Type> &types) {
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalLBrace()))
    return parser.emitError(loc, "expected valid keyword");
  return parseCudaTileTypes(parser, types);
}

// for [unsigned] %iv in (%lb to %ub, step %s) : type
//     [iter_values(%a = %x, ...) -> (types)] region attr-dict
ParseResult ForOp::parse(OpAsmParser &parser, OperationState &state) {
  Builder &builder = parser.getBuilder();
  if (succeeded(parser.parseOptionalKeyword("unsigned")))
    state.addAttribute(getUnsignedCmpAttrName(state.name),
                       builder.getUnitAttr());
  OpAsmParser::Argument iv;
  OpAsmParser::UnresolvedOperand lb, ub, step;
  if (parser.parseOperand(iv.ssaName) || parser.parseKeyword("in") ||
      parser.parseLParen() || parser.parseOperand(lb) ||
      parser.parseKeyword("to") || parser.parseOperand(ub) ||
      parser.parseComma() || parser.parseKeyword("step") ||
      parser.parseOperand(step) || parser.parseRParen() ||
      parser.parseColon() || parseCudaTileTypeShort(parser, iv.type))
    return failure();

  SmallVector<OpAsmParser::Argument> regionArgs{iv};
  SmallVector<OpAsmParser::UnresolvedOperand> inits;
  if (succeeded(parser.parseOptionalKeyword("iter_values"))) {
    SmallVector<Type> types;
    if (parseIterValues(parser, regionArgs, inits) || parser.parseArrow() ||
        parser.parseLParen() || parseCudaTileTypes(parser, types) ||
        parser.parseRParen())
      return failure();
    if (types.size() != inits.size())
      return parser.emitError(parser.getNameLoc(),
                              "mismatch in number of loop-carried values and "
                              "defined values");
    for (auto [arg, type] : llvm::zip(llvm::drop_begin(regionArgs), types))
      arg.type = type;
    state.addTypes(types);
  }

  Region *body = state.addRegion();
  if (parser.parseRegion(*body, regionArgs))
    return failure();
  ForOp::ensureTerminator(*body, builder,
                          parser.getEncodedSourceLoc(parser.getNameLoc()));
  if (parser.parseOptionalAttrDict(state.attributes))
    return failure();
  if (parser.resolveOperands({lb, ub, step}, iv.type, state.operands) ||
      parser.resolveOperands(inits, state.types, parser.getNameLoc(),
                             state.operands))
    return failure();
  return success();
}

void ForOp::print(OpAsmPrinter &printer) {
  if (getUnsignedCmp())
    printer << " unsigned";
  printer << ' ' << getInductionVar() << " in (" << getLowerBound() << " to "
          << getUpperBound() << ", step " << getStep() << ") : ";
  printCudaTileTypeShort(printer, getInductionVar().getType());
  printer << ' ';
  if (!getInitValues().empty()) {
    printIterValues(printer, getRegionIterValues(), getInitValues());
    printer << " -> (";
    printCudaTileTypes(printer, *this, getInitValues().getTypes());
    printer << ") ";
  }
  printImplicitTerminatorRegion<ContinueOp>(printer, getRegion());
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getUnsignedCmpAttrName()});
}

LogicalResult ForOp::verifyRegions() {
  Block &body = getRegion().front();
  if (body.getNumArguments() == 0)
    return emitOpError(
        "expected at least one block argument for induction variable");
  if (body.getArgument(0).getType() != getLowerBound().getType())
    return emitOpError("expected induction variable to be same type as bounds "
                       "and step: ")
           << body.getArgument(0).getType() << " vs "
           << getLowerBound().getType();
  if (getInitValues().getTypes() != getResultTypes())
    return emitOpError("failed to verify that all of {initValues, "
                       "resultValues} have same type");
  return verifyIterValues(*this, getInitValues(), getRegionIterValues());
}

// loop [iter_values(%a = %x, ...) : types] [-> types] region attr-dict
// loop [: types] region attr-dict
ParseResult LoopOp::parse(OpAsmParser &parser, OperationState &state) {
  SmallVector<OpAsmParser::Argument> regionArgs;
  SmallVector<OpAsmParser::UnresolvedOperand> inits;
  SmallVector<Type> initTypes;
  if (succeeded(parser.parseOptionalKeyword("iter_values"))) {
    if (parseIterValues(parser, regionArgs, inits) || parser.parseColon() ||
        parseLoopTypes(parser, initTypes))
      return failure();
    if (regionArgs.size() != initTypes.size())
      return parser.emitError(parser.getCurrentLocation(),
                              "found different number of iter_values and "
                              "types");
    for (auto [arg, type] : llvm::zip(regionArgs, initTypes))
      arg.type = type;
    if (succeeded(parser.parseOptionalArrow())) {
      SmallVector<Type> resultTypes;
      if (parseLoopTypes(parser, resultTypes))
        return failure();
      state.addTypes(resultTypes);
    }
  } else if (succeeded(parser.parseOptionalColon())) {
    SmallVector<Type> resultTypes;
    if (parseLoopTypes(parser, resultTypes))
      return failure();
    state.addTypes(resultTypes);
  }

  Region *body = state.addRegion();
  if (parser.parseRegion(*body, regionArgs))
    return failure();
  addImplicitTerminator<ContinueOp>(parser, *body);
  if (parser.parseOptionalAttrDict(state.attributes))
    return failure();
  return parser.resolveOperands(inits, initTypes, parser.getNameLoc(),
                                state.operands);
}

void LoopOp::print(OpAsmPrinter &printer) {
  bool hasInits = !getInitValues().empty();
  bool hasResults = !getResultTypes().empty();
  printer << ' ';
  if (hasInits) {
    printIterValues(printer, getRegionIterValues(), getInitValues());
    printer << " : ";
    printCudaTileTypes(printer, *this, getInitValues().getTypes());
    printer << ' ';
    if (hasResults)
      printer << "-> ";
  } else if (hasResults) {
    printer << ": ";
  }
  if (hasResults) {
    printCudaTileTypes(printer, *this, getResultTypes());
    printer << ' ';
  }
  printImplicitTerminatorRegion<ContinueOp>(printer, getRegion());
  printer.printOptionalAttrDict((*this)->getAttrs());
}

LogicalResult LoopOp::verifyRegions() {
  return verifyIterValues(*this, getInitValues(), getRegionIterValues());
}

//===----------------------------------------------------------------------===//
// AssumeOp
//===----------------------------------------------------------------------===//

LogicalResult AssumeOp::verify() {
  // The predicate attribute knows which values it may describe.
  return getPredicate().verifyWithType(getValue().getType(),
                                       [&]() { return emitOpError(); });
}

//===----------------------------------------------------------------------===//
// PrintTkoOp
//===----------------------------------------------------------------------===//

LogicalResult PrintTkoOp::verify() {
  StringRef format = getStr();
  size_t expected = 0;
  for (size_t pos = 0; pos < format.size(); ++pos) {
    if (format[pos] != '%')
      continue;
    // A conversion runs from '%' up to its conversion character; flags,
    // width, precision and length modifiers may come in between.
    size_t end = format.find_first_of("diuoxXeEfFgGaAcsSpn%", pos + 1);
    if (end == StringRef::npos)
      return emitOpError("found unterminated format expression");
    if (end == pos + 1 && format[end] == '%') {
      pos = end; // "%%" prints a percent sign.
      continue;
    }
    ++expected;
    pos = end;
  }
  if (expected != getArgs().size())
    return emitOpError("incorrect number of operands: expected ")
           << expected << ", found " << getArgs().size();
  return success();
}
