//===- OpTable.cpp - the frozen per-op bytecode encodings -----------------===//
//
// One row per op: its frozen opcode, the version that introduced it, its
// region count, whether its operand groups are attribute-sized, and its
// fields in ODS declaration order. A field is written as
//
//   R:<result>:<one|var>:<since>
//   O:<operand>:<one|opt|var>:<since>
//   A:<attr>:<encoding>:<req|opt>:<since>[=<default>]
//
// where <encoding> names how the attribute is written (see AttrEnc) and
// <default> is the enum/integer value a required attribute takes in files
// older than the attribute. These are facts of the public format (opcode
// numbers, field order, versions); the rows are checked against the
// registered cuda_tile ops by BytecodeTableTest, so a drift between the
// dialect and the format fails a test instead of corrupting files.
//
// The generic reader/writer interpret the rows; keeping the format as data
// rather than 100 hand-written functions means one place to change and one
// code path to fuzz.
//
//===----------------------------------------------------------------------===//

#include "Encoding.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"

#include <map>

using namespace tilecheck::bytecode;

namespace {
struct Row {
  uint32_t opcode;
  const char *name;
  Version since;
  unsigned numRegions;
  bool attrSizedOperands;
  const char *fields;
};

// clang-format off
const Row kRows[] = {
    {0x00, "absf", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1"},
    {0x01, "absi", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1"},
    {0x02, "addf", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1 A:rounding_mode:enum:req:13.1 A:flush_to_zero:unit:opt:13.1"},
    {0x03, "addi", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1 A:overflow:enum:req:13.1=0"},
    {0x04, "andi", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1"},
    {0x05, "assert", {13, 1, 0}, 0, false, "O:condition:one:13.1 A:message:str:req:13.1"},
    {0x06, "assume", {13, 1, 0}, 0, false, "R:result:one:13.1 O:value:one:13.1 A:predicate:pred:req:13.1"},
    {0x07, "atomic_cas_tko", {13, 1, 0}, 0, true, "R:result:one:13.1 R:result_token:one:13.1 A:memory_ordering_semantics:enum:req:13.1 A:memory_scope:enum:req:13.1 O:pointers:one:13.1 O:cmp:one:13.1 O:val:one:13.1 O:mask:opt:13.1 O:token:opt:13.1"},
    {0x08, "atomic_rmw_tko", {13, 1, 0}, 0, true, "R:result:one:13.1 R:result_token:one:13.1 A:memory_ordering_semantics:enum:req:13.1 A:memory_scope:enum:req:13.1 O:pointers:one:13.1 A:mode:enum:req:13.1 O:arg:one:13.1 O:mask:opt:13.1 O:token:opt:13.1"},
    {0x09, "bitcast", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1"},
    {0x0A, "break", {13, 1, 0}, 0, false, "O:operands:var:13.1"},
    {0x0B, "broadcast", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1"},
    {0x0C, "cat", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1 A:dim:int:req:13.1"},
    {0x0D, "ceil", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1"},
    {0x0E, "cmpf", {13, 1, 0}, 0, false, "R:result:one:13.1 A:comparison_predicate:enum:req:13.1 A:comparison_ordering:enum:req:13.1 O:lhs:one:13.1 O:rhs:one:13.1"},
    {0x0F, "cmpi", {13, 1, 0}, 0, false, "R:result:one:13.1 A:comparison_predicate:enum:req:13.1 O:lhs:one:13.1 O:rhs:one:13.1 A:signedness:enum:req:13.1"},
    {0x10, "constant", {13, 1, 0}, 0, false, "R:result:one:13.1 A:value:dense:req:13.1"},
    {0x11, "continue", {13, 1, 0}, 0, false, "O:operands:var:13.1"},
    {0x12, "cos", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1"},
    {0x13, "cosh", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1"},
    {0x14, "divf", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1 A:rounding_mode:enum:req:13.1 A:flush_to_zero:unit:opt:13.1"},
    {0x15, "divi", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1 A:signedness:enum:req:13.1 A:rounding:enum:req:13.1=1"},
    {0x16, "entry", {13, 1, 0}, 1, false, "A:sym_name:str:req:13.1 A:function_type:type:req:13.1 A:arg_attrs:array:opt:13.1 A:res_attrs:array:opt:13.1 A:optimization_hints:hints:opt:13.1"},
    {0x17, "exp", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1 A:rounding_mode:enum:req:13.3=5"},
    {0x18, "exp2", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1 A:flush_to_zero:unit:opt:13.1"},
    {0x25, "exti", {13, 1, 0}, 0, false, "R:to:one:13.1 O:from:one:13.1 A:signedness:enum:req:13.1"},
    {0x26, "extract", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1 O:indices:var:13.1"},
    {0x27, "floor", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1"},
    {0x28, "fma", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1 O:acc:one:13.1 A:rounding_mode:enum:req:13.1 A:flush_to_zero:unit:opt:13.1"},
    {0x29, "for", {13, 1, 0}, 1, false, "R:resultValues:var:13.1 O:lowerBound:one:13.1 O:upperBound:one:13.1 O:step:one:13.1 O:initValues:var:13.1 A:unsignedCmp:unit:opt:13.2"},
    {0x2A, "ftof", {13, 1, 0}, 0, false, "R:to:one:13.1 O:from:one:13.1 A:rounding_mode:enum:req:13.1=0"},
    {0x2B, "ftoi", {13, 1, 0}, 0, false, "R:to:one:13.1 O:from:one:13.1 A:signedness:enum:req:13.1 A:rounding_mode:enum:req:13.1"},
    {0x2C, "get_global", {13, 1, 0}, 0, false, "R:result:one:13.1 A:name:str:req:13.1"},
    {0x2D, "get_index_space_shape", {13, 1, 0}, 0, false, "R:result:var:13.1 O:src:one:13.1"},
    {0x2E, "get_num_tile_blocks", {13, 1, 0}, 0, false, "R:gridSize_x:one:13.1 R:gridSize_y:one:13.1 R:gridSize_z:one:13.1"},
    {0x2F, "get_tensor_shape", {13, 1, 0}, 0, false, "R:result:var:13.1 O:src:one:13.1"},
    {0x30, "get_tile_block_id", {13, 1, 0}, 0, false, "R:blockId_x:one:13.1 R:blockId_y:one:13.1 R:blockId_z:one:13.1"},
    {0x31, "global", {13, 1, 0}, 0, false, "A:sym_name:str:req:13.1 A:value:dense:req:13.1 A:alignment:int:req:13.1=0 A:constant:unit:opt:13.3 A:symbol_visibility:enum:req:13.3=0"},
    {0x32, "if", {13, 1, 0}, 2, false, "R:results:var:13.1 O:condition:one:13.1"},
    {0x33, "int_to_ptr", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1"},
    {0x3A, "iota", {13, 1, 0}, 0, false, "R:result:one:13.1"},
    {0x3B, "itof", {13, 1, 0}, 0, false, "R:to:one:13.1 O:from:one:13.1 A:signedness:enum:req:13.1 A:rounding_mode:enum:req:13.1"},
    {0x3C, "join_tokens", {13, 1, 0}, 0, false, "R:result:one:13.1 O:tokens:var:13.1"},
    {0x3D, "load_ptr_tko", {13, 1, 0}, 0, true, "R:result:one:13.1 R:result_token:one:13.1 A:memory_ordering_semantics:enum:req:13.1 A:memory_scope:enum:opt:13.1 O:source:one:13.1 O:mask:opt:13.1 O:paddingValue:opt:13.1 O:token:opt:13.1 A:optimization_hints:hints:opt:13.1"},
    {0x3E, "load_view_tko", {13, 1, 0}, 0, true, "R:tile:one:13.1 R:result_token:one:13.1 A:memory_ordering_semantics:enum:req:13.1 A:memory_scope:enum:opt:13.1 O:view:one:13.1 O:index:var:13.1 O:token:opt:13.1 A:optimization_hints:hints:opt:13.1"},
    {0x3F, "log", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1"},
    {0x40, "log2", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1"},
    {0x41, "loop", {13, 1, 0}, 1, false, "R:resultValues:var:13.1 O:initValues:var:13.1"},
    {0x42, "make_partition_view", {13, 1, 0}, 0, false, "R:result:one:13.1 O:tensor_view:one:13.1"},
    {0x43, "make_tensor_view", {13, 1, 0}, 0, true, "R:result:one:13.1 O:base:one:13.1 O:dynamicShape:var:13.1 O:dynamicStrides:var:13.1"},
    {0x44, "make_token", {13, 1, 0}, 0, false, "R:result:one:13.1"},
    {0x45, "maxf", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1 A:propagate_nan:unit:opt:13.1 A:flush_to_zero:unit:opt:13.1"},
    {0x46, "maxi", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1 A:signedness:enum:req:13.1"},
    {0x47, "minf", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1 A:propagate_nan:unit:opt:13.1 A:flush_to_zero:unit:opt:13.1"},
    {0x48, "mini", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1 A:signedness:enum:req:13.1"},
    {0x49, "mmaf", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1 O:acc:one:13.1 A:fast_acc:unit:opt:13.3"},
    {0x4A, "mmai", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1 O:acc:one:13.1 A:signedness_lhs:enum:req:13.1 A:signedness_rhs:enum:req:13.1"},
    {0x4B, "module", {13, 1, 0}, 1, false, "A:sym_name:str:req:13.1 A:producer:str:opt:13.3"},
    {0x4C, "mulf", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1 A:rounding_mode:enum:req:13.1 A:flush_to_zero:unit:opt:13.1"},
    {0x4D, "mulhii", {13, 1, 0}, 0, false, "R:result:one:13.1 O:x:one:13.1 O:y:one:13.1"},
    {0x4E, "muli", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1 A:overflow:enum:req:13.1=0"},
    {0x4F, "negf", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1"},
    {0x50, "negi", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1 A:overflow:enum:req:13.2=0"},
    {0x51, "offset", {13, 1, 0}, 0, false, "R:result:one:13.1 O:ptr:one:13.1 O:offset:one:13.1"},
    {0x52, "ori", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1"},
    {0x53, "permute", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1 A:permutation:i32s:req:13.1"},
    {0x54, "pow", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1 O:exponent:one:13.1"},
    {0x55, "print_tko", {13, 1, 0}, 0, true, "R:result_token:one:13.2 A:str:str:req:13.1 O:args:var:13.1 O:token:opt:13.2"},
    {0x56, "ptr_to_int", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1"},
    {0x57, "ptr_to_ptr", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1"},
    {0x58, "reduce", {13, 1, 0}, 1, false, "R:results:var:13.1 O:operands:var:13.1 A:dim:int:req:13.1 A:identities:array:req:13.1"},
    {0x59, "remf", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1"},
    {0x5A, "remi", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1 A:signedness:enum:req:13.1"},
    {0x5B, "reshape", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1"},
    {0x5C, "return", {13, 1, 0}, 0, false, "O:operands:var:13.1"},
    {0x5D, "rsqrt", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1 A:flush_to_zero:unit:opt:13.1"},
    {0x5E, "scan", {13, 1, 0}, 1, false, "R:results:var:13.1 O:operands:var:13.1 A:dim:int:req:13.1 A:reverse:bool:req:13.1 A:identities:array:req:13.1"},
    {0x5F, "select", {13, 1, 0}, 0, false, "R:result:one:13.1 O:cond:one:13.1 O:val_if_true:one:13.1 O:val_if_false:one:13.1"},
    {0x60, "shli", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1 A:overflow:enum:req:13.1=0"},
    {0x61, "shri", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1 A:signedness:enum:req:13.1"},
    {0x62, "sin", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1"},
    {0x63, "sinh", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1"},
    {0x64, "sqrt", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1 A:rounding_mode:enum:req:13.1 A:flush_to_zero:unit:opt:13.1"},
    {0x65, "store_ptr_tko", {13, 1, 0}, 0, true, "R:result_token:one:13.1 A:memory_ordering_semantics:enum:req:13.1 A:memory_scope:enum:opt:13.1 O:destination:one:13.1 O:value:one:13.1 O:mask:opt:13.1 O:token:opt:13.1 A:optimization_hints:hints:opt:13.1"},
    {0x66, "store_view_tko", {13, 1, 0}, 0, true, "R:result_token:one:13.1 A:memory_ordering_semantics:enum:req:13.1 A:memory_scope:enum:opt:13.1 O:tile:one:13.1 O:view:one:13.1 O:index:var:13.1 O:token:opt:13.1 A:optimization_hints:hints:opt:13.1"},
    {0x67, "subf", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1 A:rounding_mode:enum:req:13.1 A:flush_to_zero:unit:opt:13.1"},
    {0x68, "subi", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1 A:overflow:enum:req:13.1=0"},
    {0x69, "tan", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1"},
    {0x6A, "tanh", {13, 1, 0}, 0, false, "R:result:one:13.1 O:source:one:13.1 A:rounding_mode:enum:req:13.2=5"},
    {0x6B, "trunci", {13, 1, 0}, 0, false, "R:to:one:13.1 O:from:one:13.1 A:overflow:enum:req:13.1=0"},
    {0x6C, "xori", {13, 1, 0}, 0, false, "R:result:one:13.1 O:lhs:one:13.1 O:rhs:one:13.1"},
    {0x6D, "yield", {13, 1, 0}, 0, false, "O:operands:var:13.1"},
    {0x6E, "atan2", {13, 2, 0}, 0, false, "R:result:one:13.2 O:x:one:13.2 O:y:one:13.2"},
    {0x6F, "pack", {13, 3, 0}, 0, false, "R:result:one:13.3 O:source:one:13.3"},
    {0x70, "unpack", {13, 3, 0}, 0, false, "R:result:one:13.3 O:source:one:13.3"},
    {0x71, "alloca", {13, 3, 0}, 0, false, "R:result:one:13.3 A:num_elem:int:req:13.3 A:alignment:int:req:13.3 A:global:unit:opt:13.3"},
    {0x72, "mmaf_scaled", {13, 3, 0}, 0, false, "R:result:one:13.3 O:lhs:one:13.3 O:rhs:one:13.3 O:acc:one:13.3 O:lhs_scale:one:13.3 O:rhs_scale:one:13.3"},
    {0x73, "make_gather_scatter_view", {13, 3, 0}, 0, false, "R:result:one:13.3 O:tensor_view:one:13.1"},
    {0x74, "make_strided_view", {13, 3, 0}, 0, false, "R:result:one:13.3 O:tensor_view:one:13.3"},
    {0x75, "atomic_red_view_tko", {13, 3, 0}, 0, true, "R:result_token:one:13.3 A:memory_ordering_semantics:enum:req:13.3 A:memory_scope:enum:req:13.3 O:view:one:13.3 O:index:var:13.3 A:mode:enum:req:13.3 O:value:one:13.3 O:token:opt:13.3"},
#ifdef TILECHECK_INCLUDE_TEST_VERSIONS
    // Test-only ops of the test-only versions 250.x. Their opcodes are ours
    // (no bytecode file with them is public); they only need to stay clear
    // of the public ones.
    {0x800, "testing$bytecode_test_evolution", {250, 0, 0}, 0, false, "R:result_token:one:250.1 O:input:one:250.0 A:new_attr:int:opt:250.1 O:optional_token:opt:250.1"},
    {0x801, "testing$bytecode_test_new_attribute", {250, 0, 0}, 0, false, "A:new_flag:unit:opt:250.1 A:new_param:int:req:250.1=42"},
#endif
};
// clang-format on

Version parseRowVersion(llvm::StringRef text) {
  std::optional<Version> v = Version::parse(text);
  if (!v)
    llvm::report_fatal_error("bytecode op table: bad version");
  return *v;
}

/// Turns the compact rows into OpEncodings once; the rows are compile-time
/// constants, so a malformed row is a programming error.
struct Table {
  std::vector<OpEncoding> ops;
  llvm::DenseMap<uint32_t, unsigned> byOpcode;
  llvm::StringMap<unsigned> byName;

  Table() {
    for (const Row &row : kRows) {
      OpEncoding enc;
      enc.opcode = row.opcode;
      enc.name = row.name;
      enc.since = row.since;
      enc.numRegions = row.numRegions;
      enc.attrSizedOperands = row.attrSizedOperands;
      llvm::SmallVector<llvm::StringRef> fields;
      llvm::StringRef(row.fields).split(fields, ' ', -1, false);
      for (llvm::StringRef field : fields) {
        llvm::SmallVector<llvm::StringRef> p;
        field.split(p, ':');
        if (p[0] == "R") {
          enc.results.push_back({p[1].str(), p[2] == "var",
                                 parseRowVersion(p[3])});
        } else if (p[0] == "O") {
          Arity a = p[2] == "one" ? Arity::One
                    : p[2] == "opt" ? Arity::Optional
                                    : Arity::Variadic;
          enc.operands.push_back({p[1].str(), a, parseRowVersion(p[3])});
        } else {
          AttrField a;
          a.name = p[1].str();
          a.enc = llvm::StringSwitch<AttrEnc>(p[2])
                      .Case("enum", AttrEnc::Enum)
                      .Case("unit", AttrEnc::Unit)
                      .Case("int", AttrEnc::Int)
                      .Case("bool", AttrEnc::Bool)
                      .Case("str", AttrEnc::Str)
                      .Case("i32s", AttrEnc::I32s)
                      .Case("dense", AttrEnc::Dense)
                      .Case("array", AttrEnc::Array)
                      .Case("pred", AttrEnc::Pred)
                      .Case("hints", AttrEnc::Hints)
                      .Case("type", AttrEnc::Type);
          a.optional = p[3] == "opt";
          auto [ver, dflt] = p[4].split('=');
          a.since = parseRowVersion(ver);
          if (!dflt.empty()) {
            int64_t d;
            if (dflt.getAsInteger(10, d))
              llvm::report_fatal_error("bytecode op table: bad default");
            a.defaultValue = d;
          }
          enc.attrs.push_back(std::move(a));
        }
      }
      assignFlagBits(enc);
      byOpcode[enc.opcode] = ops.size();
      byName[enc.name] = ops.size();
      ops.push_back(std::move(enc));
    }
  }

  /// Optional fields get flag bits in version order, attributes before
  /// operands within a version, so bits of old fields never move when a
  /// release adds new ones.
  static void assignFlagBits(OpEncoding &enc) {
    std::map<Version, llvm::SmallVector<std::pair<bool, unsigned>>> groups;
    for (auto [i, a] : llvm::enumerate(enc.attrs))
      if (a.optional)
        groups[a.since].push_back({true, static_cast<unsigned>(i)});
    if (enc.attrSizedOperands)
      for (auto [i, o] : llvm::enumerate(enc.operands))
        if (o.arity == Arity::Optional)
          groups[o.since].push_back({false, static_cast<unsigned>(i)});
    unsigned bit = 0;
    for (auto &[version, members] : groups) {
      if (!enc.firstOptionalVersion)
        enc.firstOptionalVersion = version;
      for (auto [isAttr, index] : members) {
        if (isAttr)
          enc.attrs[index].flagBit = bit++;
        else
          enc.operands[index].flagBit = bit++;
      }
    }
    enc.numFlagBits = bit;
  }
};

const Table &table() {
  static const Table t;
  return t;
}
} // namespace

const OpEncoding *tilecheck::bytecode::lookupOpcode(uint64_t opcode) {
  // Public opcodes are below 0x1000; checking first also keeps DenseMap's
  // reserved keys (~0U, ~0U - 1) out of find(), which they would corrupt.
  if (opcode >= 0x1000)
    return nullptr;
  auto it = table().byOpcode.find(static_cast<uint32_t>(opcode));
  if (it == table().byOpcode.end())
    return nullptr;
  return &table().ops[it->second];
}

const OpEncoding *tilecheck::bytecode::lookupOpName(llvm::StringRef mnemonic) {
  auto it = table().byName.find(mnemonic);
  return it == table().byName.end() ? nullptr : &table().ops[it->second];
}

llvm::ArrayRef<OpEncoding> tilecheck::bytecode::allOpEncodings() {
  return table().ops;
}

//===----------------------------------------------------------------------===//
// Types and versions
//===----------------------------------------------------------------------===//

Version tilecheck::bytecode::typeTagVersion(TypeTag tag) {
  switch (tag) {
  case TypeTag::F8E8M0FNU:
    return {13, 2, 0};
  case TypeTag::F4E2M1FN:
  case TypeTag::GatherScatterView:
  case TypeTag::StridedView:
  case TypeTag::I4:
    return {13, 3, 0};
  default:
    return {13, 1, 0};
  }
}

llvm::StringRef tilecheck::bytecode::typeTagName(TypeTag tag) {
  static const char *const names[kNumTypeTags] = {
      "Int1",          "Int8",         "Int16",         "Int32",
      "Int64",         "Float16",      "BFloat16",      "Float32",
      "TFloat32",      "Float64",      "Float8E4M3FN",  "Float8E5M2",
      "PointerType",   "TileType",     "TensorViewType", "PartitionViewType",
      "FunctionType",  "TokenType",    "Float8E8M0FNU", "Float4E2M1FN",
      "GatherScatterViewType", "StridedViewType", "Int4"};
  unsigned i = static_cast<unsigned>(tag);
  return i < kNumTypeTags ? names[i] : "unknown";
}

llvm::ArrayRef<Version> Version::testingVersions() {
#ifdef TILECHECK_INCLUDE_TEST_VERSIONS
  static const Version versions[] = {{250, 0, 0}, {250, 1, 0}};
  return versions;
#else
  return {};
#endif
}

bool Version::isSupported() const {
  if (!(*this < oldest()) && !(newest() < *this))
    return true;
  return llvm::is_contained(testingVersions(), *this);
}

std::string Version::str() const {
  std::string s = std::to_string(major) + "." + std::to_string(minor);
  if (tag)
    s += "." + std::to_string(tag);
  return s;
}

std::optional<Version> Version::parse(llvm::StringRef text) {
  auto [maj, rest] = text.split('.');
  auto [min, tagText] = rest.split('.');
  unsigned a, b, t = 0;
  if (maj.getAsInteger(10, a) || min.getAsInteger(10, b) || a > 255 ||
      b > 255)
    return std::nullopt;
  if (!tagText.empty() && (tagText.getAsInteger(10, t) || t > 65535))
    return std::nullopt;
  return Version{static_cast<uint8_t>(a), static_cast<uint8_t>(b),
                 static_cast<uint16_t>(t)};
}

bool tilecheck::bytecode::isBytecode(llvm::StringRef buffer) {
  return buffer.starts_with(llvm::StringRef(kMagic, sizeof(kMagic)));
}
