//===- OracleNvTileTest.cpp - nv_tileaa and nv_tileas semantics -----------===//
//
// The mirror ops run the cuda_tile semantics on builtin tensors and bare
// scalars: each test writes the op in the generic form inside an
// nv_tileaa.func and checks hand-computed results, including the modifiers
// (overflow flags, rounding modes, orderings), regions (for, if, reduce),
// pointers (!nv_tileaa.ptr through the interpreter's pointer hook), the
// memref and tiled-view ops, the dot forms, convert_layout and tile-run on
// an nv_tileaa kernel.
//
//===----------------------------------------------------------------------===//

#include "OracleNumericTestUtil.h"

#include "tilecheck/Oracle/Npy.h"
#include "tilecheck/Oracle/TileRun.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace tilecheck::oracle;
using namespace tilecheck::oracle::testing;

namespace {

class OracleNvTile : public OracleNumericTest {};

Tile scalar(ElemType t, double v) { return tileOf(t, {}, {v}); }

/// Runs the same generic-form body in nv_tileaa and in nv_tileas: the
/// mirrors of both dialects must behave the same.
const char *const kDialects[] = {"nv_tileaa", "nv_tileas"};

std::string subst(std::string text, const std::string &dialect) {
  for (size_t p; (p = text.find("$D")) != std::string::npos;)
    text.replace(p, 2, dialect);
  return text;
}

TEST_F(OracleNvTile, IntegerMirrorKeepsOverflowFlags) {
  for (const char *d : kDialects) {
    SCOPED_TRACE(d);
    ASSERT_TRUE(defineNv(
        "%a: tensor<2xi32>, %b: tensor<2xi32>", "tensor<2xi32>",
        subst("%r = \"$D.addi\"(%a, %b) <{overflow = "
              "#cuda_tile.overflow<no_signed_wrap>}> : (tensor<2xi32>, "
              "tensor<2xi32>) -> tensor<2xi32>",
              d)));
    EXPECT_EQ(intsOf(run({tileOf(I32, {2}, {-1, 5}), tileOf(I32, {2}, {1, 6})})),
              (Ints{0, 11}));
    expectUB({tileOf(I32, {2}, {0, 2147483647}), tileOf(I32, {2}, {0, 1})},
             "2147483647 + 1 at element 1");
  }
}

TEST_F(OracleNvTile, DivisionMirrorRoundsAndChecksOnScalars) {
  for (const char *d : kDialects) {
    SCOPED_TRACE(d);
    ASSERT_TRUE(defineNv(
        "%a: i32, %b: i32", "i32",
        subst("%r = \"$D.divi\"(%a, %b) <{signedness = "
              "#cuda_tile.signedness<signed>, rounding = "
              "#cuda_tile.rounding<negative_inf>}> : (i32, i32) -> i32",
              d)));
    Tile r = run({scalar(I32, 7), scalar(I32, -2)});
    EXPECT_EQ(r.rank(), 0u);
    EXPECT_EQ(intsOf(r), (Ints{-4}));
    expectUB({scalar(I32, 7), scalar(I32, 0)}, "by zero");
  }
}

TEST_F(OracleNvTile, FloatMirrorHonoursRoundingMode) {
  for (const char *d : kDialects) {
    SCOPED_TRACE(d);
    std::string op = subst("\"$D.divf\"(%a, %b) <{rounding_mode = "
                           "#cuda_tile.rounding<ROUND>}> : (f32, f32) -> f32",
                           d);
    std::string nearest = op, zero = op;
    nearest.replace(nearest.find("ROUND"), 5, "nearest_even");
    zero.replace(zero.find("ROUND"), 5, "zero");
    ASSERT_TRUE(defineNv("%a: f32, %b: f32", "f32", "%r = " + nearest));
    EXPECT_EQ(bitsOf(run({scalar(F32, 1), scalar(F32, 3)})), (Bits{0x3eaaaaab}));
    ASSERT_TRUE(defineNv("%a: f32, %b: f32", "f32", "%r = " + zero));
    EXPECT_EQ(bitsOf(run({scalar(F32, 1), scalar(F32, 3)})), (Bits{0x3eaaaaaa}));
  }
}

TEST_F(OracleNvTile, CmpfAndSelectMirrors) {
  ASSERT_TRUE(defineNv(
      "%a: tensor<2xf32>, %b: tensor<2xf32>", "tensor<2xf32>",
      "%c = \"nv_tileas.cmpf\"(%a, %b) <{comparison_predicate = "
      "#cuda_tile.comparison_predicate<less_than>, comparison_ordering = "
      "#cuda_tile.comparison_ordering<unordered>}> : (tensor<2xf32>, "
      "tensor<2xf32>) -> tensor<2xi1>\n"
      "    %r = \"nv_tileas.select\"(%c, %a, %b) : (tensor<2xi1>, "
      "tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>"));
  // NaN < 1 is true when unordered: select picks the NaN.
  Tile r = run({tileOfBits(F32, {2}, {0x7fc00000, 0x40000000}),
                tileOf(F32, {2}, {1, 1})});
  EXPECT_EQ(bitsOf(r), (Bits{0x7fc00000, 0x3f800000}));
}

TEST_F(OracleNvTile, ConstantsIotaAndReshape) {
  ASSERT_TRUE(defineNv(
      "", "tensor<2x2xi32>",
      "%i = \"nv_tileaa.iota\"() : () -> tensor<4xi32>\n"
      "    %c = \"nv_tileaa.constant\"() <{value = dense<10> : tensor<4xi32>}> "
      ": () -> tensor<4xi32>\n"
      "    %s = \"nv_tileaa.addi\"(%i, %c) : (tensor<4xi32>, tensor<4xi32>) "
      "-> tensor<4xi32>\n"
      "    %r = \"nv_tileaa.reshape\"(%s) : (tensor<4xi32>) -> "
      "tensor<2x2xi32>"));
  Tile r = run({});
  EXPECT_EQ(r.shape(), (llvm::ArrayRef<int64_t>{2, 2}));
  EXPECT_EQ(intsOf(r), (Ints{10, 11, 12, 13}));
  ASSERT_TRUE(defineNv("", "i8",
                       "%r = \"nv_tileas.constant\"() <{value = dense<-3> : "
                       "tensor<i8>}> : () -> i8"));
  EXPECT_EQ(intsOf(run({})), (Ints{-3}));
}

TEST_F(OracleNvTile, ForLoopAndIfRegions) {
  // sum of i for i in [0, 5) with an if that doubles odd i: upstream scf
  // around nv_tileaa ops, as convert-cuda-tile-to-tileaa produces.
  ASSERT_TRUE(defineNv(
      "%n: i32", "i32",
      "%z = \"nv_tileaa.constant\"() <{value = dense<0> : tensor<i32>}> : () "
      "-> i32\n"
      "    %one = \"nv_tileaa.constant\"() <{value = dense<1> : tensor<i32>}> "
      ": () -> i32\n"
      "    %r = \"scf.for\"(%z, %n, %one, %z) ({\n"
      "    ^bb0(%i: i32, %acc: i32):\n"
      "      %bit = \"nv_tileaa.andi\"(%i, %one) : (i32, i32) -> i32\n"
      "      %odd = \"nv_tileaa.cmpi\"(%bit, %one) <{comparison_predicate = "
      "#cuda_tile.comparison_predicate<equal>, signedness = "
      "#cuda_tile.signedness<signed>}> : (i32, i32) -> i1\n"
      "      %v = \"scf.if\"(%odd) ({\n"
      "        %d = \"nv_tileaa.addi\"(%i, %i) : (i32, i32) -> i32\n"
      "        \"scf.yield\"(%d) : (i32) -> ()\n"
      "      }, {\n"
      "        \"scf.yield\"(%i) : (i32) -> ()\n"
      "      }) : (i1) -> i32\n"
      "      %s = \"nv_tileaa.addi\"(%acc, %v) : (i32, i32) -> i32\n"
      "      \"scf.yield\"(%s) : (i32) -> ()\n"
      "    }) : (i32, i32, i32, i32) -> i32"));
  // 0 + 2 + 2 + 6 + 4 = 14
  EXPECT_EQ(intsOf(run({scalar(I32, 5)})), (Ints{14}));
}

TEST_F(OracleNvTile, ReduceOnATensor) {
  ASSERT_TRUE(defineNv(
      "%x: tensor<2x3xf32>", "tensor<2xf32>",
      "%r = \"nv_tileas.reduce\"(%x) <{dim = 1 : i32, identities = [0.0 : "
      "f32]}> ({\n"
      "    ^bb0(%e: f32, %acc: f32):\n"
      "      %s = \"nv_tileas.addf\"(%e, %acc) : (f32, f32) -> f32\n"
      "      \"nv_tileas.yield\"(%s) : (f32) -> ()\n"
      "    }) : (tensor<2x3xf32>) -> tensor<2xf32>"));
  Tile r = run({tileOf(F32, {2, 3}, {1, 2, 3, 10, 20, 30})});
  EXPECT_EQ(r.get<float>(0), 6.0f);
  EXPECT_EQ(r.get<float>(1), 60.0f);
}

TEST_F(OracleNvTile, PointerLoadsThroughNvPointers) {
  std::vector<uint8_t> bytes(16);
  for (int i = 0; i < 4; ++i) {
    float v = 1.5f * i;
    std::memcpy(&bytes[4 * i], &v, 4);
  }
  uint64_t base = memory.allocate("buf", bytes.size(), 256, bytes);
  ASSERT_TRUE(defineNv(
      "%p: tensor<4x!nv_tileaa.ptr<f32, 1>>, %o: tensor<4xi32>",
      "tensor<4xf32>",
      "%q = \"nv_tileaa.offset\"(%p, %o) : (tensor<4x!nv_tileaa.ptr<f32, "
      "1>>, tensor<4xi32>) -> tensor<4x!nv_tileaa.ptr<f32, 1>>\n"
      "    %r, %t = \"nv_tileaa.load_ptr_tko\"(%q) <{memory_ordering_semantics "
      "= #nv_tileaa<mem_semantic weak>, operandSegmentSizes = array<i32: 1, "
      "0, 0, 0>}> : (tensor<4x!nv_tileaa.ptr<f32, 1>>) -> (tensor<4xf32>, "
      "!nv_tileaa.mem_token)"));
  Tile ptrs(ElemType::Ptr, {4});
  for (int i = 0; i < 4; ++i)
    ptrs.set<uint64_t>(i, base);
  Tile r = run({ptrs, tileOf(I32, {4}, {3, 2, 1, 0})});
  EXPECT_EQ(r.get<float>(0), 4.5f);
  EXPECT_EQ(r.get<float>(3), 0.0f);
  // One past the end faults.
  expectUB({ptrs, tileOf(I32, {4}, {0, 0, 0, 4})}, "element 3");
}

TEST_F(OracleNvTile, MemrefTiledViewLoadWithPadding) {
  // A 3x4 f32 memref with a dynamic row count, tiled 2x2 with zero padding:
  // tile (1, 1) covers rows 2..3 (row 3 is padding) and columns 2..3.
  std::vector<uint8_t> bytes(48);
  for (int i = 0; i < 12; ++i) {
    float v = float(i);
    std::memcpy(&bytes[4 * i], &v, 4);
  }
  uint64_t base = memory.allocate("m", bytes.size(), 256, bytes);
  for (const char *d : kDialects) {
    SCOPED_TRACE(d);
    std::string view = std::string(d) == "nv_tileaa" ? "make_tiled_view"
                                                      : "view";
    std::string memref = "!nv_tileaa.memref<?x4xf32, strides=[4,1], 1>";
    std::string tiled = "!nv_tileaa.tiled_view<partition, tile=[2, 2], " +
                        memref +
                        ", dim_map=[0, 1], traversal_strides=[], "
                        "sparse_dim=-1, "
                        "padding_value=#cuda_tile.padding_value<zero>>";
    ASSERT_TRUE(defineNv(
        "%p: !nv_tileaa.ptr<f32, 1>, %rows: i32, %i: i32, %j: i32",
        "tensor<2x2xf32>",
        subst("%m = \"$D.make_memref\"(%p, %rows) <{operandSegmentSizes = "
              "array<i32: 1, 1, 0>}> : (!nv_tileaa.ptr<f32, 1>, i32) -> " +
                  memref +
                  "\n"
                  "    %v = \"$D." +
                  view + "\"(%m) : (" + memref + ") -> " + tiled +
                  "\n"
                  "    %r, %t = \"$D.tiled_load\"(%v, %i, %j) "
                  "<{memory_ordering_semantics = #$D<mem_semantic weak>, "
                  "operandSegmentSizes = array<i32: 1, 2, 0>}> : (" +
                  tiled +
                  ", i32, i32) -> (tensor<2x2xf32>, !nv_tileaa.mem_token)",
              d)));
    Tile ptr(ElemType::Ptr, {});
    ptr.set<uint64_t>(0, base);
    Tile r = run({ptr, scalar(I32, 3), scalar(I32, 1), scalar(I32, 1)});
    EXPECT_EQ(r.get<float>(0), 10.0f); // (2, 2)
    EXPECT_EQ(r.get<float>(1), 11.0f); // (2, 3)
    EXPECT_EQ(r.get<float>(2), 0.0f);  // row 3: padding
    EXPECT_EQ(r.get<float>(3), 0.0f);
    // Row index 2 is past the index space (ceil(3 / 2) = 2 rows of tiles).
    expectUB({ptr, scalar(I32, 3), scalar(I32, 2), scalar(I32, 0)}, "");
  }
}

TEST_F(OracleNvTile, MemrefShapesStoreAndAtomicRMW) {
  // A 2x3 i32 memref (row stride 4) viewed as 1x2 tiles: index space 2x2,
  // tile (1, 1) covers column 2 and the masked column 3.
  std::vector<uint8_t> bytes(32, 0);
  uint64_t base = memory.allocate("m", bytes.size(), 256, bytes);
  std::string memref = "!nv_tileaa.memref<2x3xi32, strides=[4,1], 1>";
  std::string tiled = "!nv_tileaa.tiled_view<partition, tile=[1, 2], " +
                      memref +
                      ", dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>";
  ASSERT_TRUE(defineNv(
      "%p: !nv_tileaa.ptr<i32, 1>, %v: tensor<1x2xi32>", "tensor<5xi32>",
      "%m = \"nv_tileas.make_memref\"(%p) <{operandSegmentSizes = "
      "array<i32: 1, 0, 0>}> : (!nv_tileaa.ptr<i32, 1>) -> " +
          memref +
          "\n"
          "    %d0, %d1 = \"nv_tileas.memref_shape\"(%m) : (" +
          memref +
          ") -> (i32, i32)\n"
          "    %w = \"nv_tileas.view\"(%m) : (" +
          memref + ") -> " + tiled +
          "\n"
          "    %i0, %i1 = \"nv_tileas.index_space_shape\"(%w) : (" +
          tiled +
          ") -> (i32, i32)\n"
          "    %one = \"nv_tileas.constant\"() <{value = dense<1> : "
          "tensor<i32>}> : () -> i32\n"
          "    %t1 = \"nv_tileas.tiled_store\"(%v, %w, %one, %one) "
          "<{memory_ordering_semantics = #nv_tileas<mem_semantic weak>, "
          "operandSegmentSizes = array<i32: 1, 1, 2, 0>}> : "
          "(tensor<1x2xi32>, " +
          tiled +
          ", i32, i32) -> !nv_tileaa.mem_token\n"
          "    %t2 = \"nv_tileas.tiled_atomic_rmw\"(%w, %one, %one, %v) "
          "<{memory_ordering_semantics = #nv_tileas<mem_semantic relaxed>, "
          "memory_scope = #nv_tileas<mem_scope device>, mode = "
          "3 : i32, operandSegmentSizes = array<i32: "
          "1, 2, 1, 0>}> : (" +
          tiled +
          ", i32, i32, tensor<1x2xi32>) -> !nv_tileaa.mem_token\n"
          "    %l, %t3 = \"nv_tileas.tiled_load\"(%w, %one, %one) "
          "<{memory_ordering_semantics = #nv_tileas<mem_semantic weak>, "
          "operandSegmentSizes = array<i32: 1, 2, 0>}> : (" +
          tiled +
          ", i32, i32) -> (tensor<1x2xi32>, !nv_tileaa.mem_token)\n"
          "    %zero = \"nv_tileas.constant\"() <{value = dense<0> : "
          "tensor<i32>}> : () -> i32\n"
          "    %l0 = \"nv_tileas.extract\"(%l, %zero, %zero) : "
          "(tensor<1x2xi32>, i32, i32) -> tensor<1x1xi32>\n"
          "    %e = \"nv_tileas.reshape\"(%l0) : (tensor<1x1xi32>) -> "
          "tensor<1xi32>\n"
          "    %s0 = \"nv_tileas.reshape\"(%d0) : (i32) -> tensor<1xi32>\n"
          "    %s1 = \"nv_tileas.reshape\"(%d1) : (i32) -> tensor<1xi32>\n"
          "    %s2 = \"nv_tileas.reshape\"(%i0) : (i32) -> tensor<1xi32>\n"
          "    %s3 = \"nv_tileas.reshape\"(%i1) : (i32) -> tensor<1xi32>\n"
          "    %c01 = \"nv_tileas.cat\"(%s0, %s1) <{dim = 0 : i64}> : "
          "(tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>\n"
          "    %c23 = \"nv_tileas.cat\"(%s2, %s3) <{dim = 0 : i64}> : "
          "(tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>\n"
          "    %c4 = \"nv_tileas.cat\"(%c01, %c23) <{dim = 0 : i64}> : "
          "(tensor<2xi32>, tensor<2xi32>) -> tensor<4xi32>\n"
          "    %r = \"nv_tileas.cat\"(%c4, %e) <{dim = 0 : i64}> : "
          "(tensor<4xi32>, tensor<1xi32>) -> tensor<5xi32>"));
  Tile ptr(ElemType::Ptr, {});
  ptr.set<uint64_t>(0, base);
  Tile r = run({ptr, tileOf(I32, {1, 2}, {5, 9})});
  // Shape 2x3, index space 2x2 (ceil(3 / 2) = 2), then the element at
  // (1, 2): stored 5, plus 5 atomically. The masked column touched nothing.
  EXPECT_EQ(intsOf(r), (Ints{2, 3, 2, 2, 10}));
  const Memory::Buffer *buf = memory.findBuffer(base);
  ASSERT_TRUE(buf);
  int32_t stored, next;
  std::memcpy(&stored, &buf->bytes[4 * (4 + 2)], 4);
  std::memcpy(&next, &buf->bytes[4 * (4 + 3)], 4);
  EXPECT_EQ(stored, 10);
  EXPECT_EQ(next, 0);
}

TEST_F(OracleNvTile, DotAndConvertLayout) {
  // Layouts are tensor encodings; the values do not depend on them.
  ASSERT_TRUE(defineNv(
      "%a: tensor<2x2xf32, #nv_tileas<layout mma_a>>, "
      "%b: tensor<2x2xf32, #nv_tileas<layout mma_b>>, "
      "%c: tensor<2x2xf32, #nv_tileas<layout mma_c>>",
      "tensor<2x2xf32, #nv_tileas<layout reg>>",
      "%d = nv_tileas.dot %a, %b, %c {atom = #nv_tileas<atom mma_f32>} : "
      "(tensor<2x2xf32, #nv_tileas<layout mma_a>>, tensor<2x2xf32, "
      "#nv_tileas<layout mma_b>>, tensor<2x2xf32, #nv_tileas<layout mma_c>>) "
      "-> tensor<2x2xf32, #nv_tileas<layout mma_c>>\n"
      "    %r = nv_tileas.convert_layout %d : (tensor<2x2xf32, "
      "#nv_tileas<layout mma_c>>) -> tensor<2x2xf32, #nv_tileas<layout reg>>"));
  // [1 2; 3 4] x [5 6; 7 8] + 1 = [20 23; 44 51]
  Tile r = run({tileOf(F32, {2, 2}, {1, 2, 3, 4}), tileOf(F32, {2, 2}, {5, 6, 7, 8}),
                tileOf(F32, {2, 2}, {1})});
  EXPECT_EQ(r.get<float>(0), 20.0f);
  EXPECT_EQ(r.get<float>(1), 23.0f);
  EXPECT_EQ(r.get<float>(2), 44.0f);
  EXPECT_EQ(r.get<float>(3), 51.0f);
  ASSERT_TRUE(defineNv(
      "%a: tensor<1x1xi8>, %b: tensor<1x1xi8>, %c: tensor<1x1xi32>",
      "tensor<1x1xi32>",
      "%r = \"nv_tileaa.dot_int\"(%a, %b, %c) <{signedness_lhs = "
      "#cuda_tile.signedness<unsigned>, signedness_rhs = "
      "#cuda_tile.signedness<signed>}> : (tensor<1x1xi8>, tensor<1x1xi8>, "
      "tensor<1x1xi32>) -> tensor<1x1xi32>"));
  // 255 (unsigned -1) * -2 + 0 = -510
  EXPECT_EQ(intsOf(run({tileOf(I8, {1, 1}, {-1}), tileOf(I8, {1, 1}, {-2}),
                        tileOf(I32, {1, 1}, {0})})),
            (Ints{-510}));
}

TEST_F(OracleNvTile, ShufflePermutesRowMajorElements) {
  ASSERT_TRUE(defineNv("%t: tensor<2x2xi32>", "tensor<2x2xi32>",
                       "%r = \"nv_tileas.shuffle\"(%t) <{source_index = "
                       "array<i64: 3, 0, 0, 2>}> : (tensor<2x2xi32>) -> "
                       "tensor<2x2xi32>"));
  EXPECT_EQ(intsOf(run({tileOf(I32, {2, 2}, {10, 11, 12, 13})})),
            (Ints{13, 10, 10, 12}));
}

TEST_F(OracleNvTile, SharedMemoryBuffers) {
  // Two f16x2 buffers: %b at bytes [8, 12), %c over [10, 14) shares the
  // bytes of %b's second element.
  ASSERT_TRUE(defineNv(
      "%t: tensor<2xf16>, %u: tensor<2xf16>", "tensor<2xf16>",
      "%b = \"nv_tileas.alloc_tensor\"() <{offset = 8 : i64}> : () -> "
      "!nv_tileas.smem<2xf16>\n"
      "    %c = \"nv_tileas.alloc_tensor\"() <{offset = 10 : i64}> : () -> "
      "!nv_tileas.smem<2xf16>\n"
      "    \"nv_tileas.copy\"(%t, %b) : (tensor<2xf16>, "
      "!nv_tileas.smem<2xf16>) -> ()\n"
      "    \"nv_tileas.copy\"(%u, %c) : (tensor<2xf16>, "
      "!nv_tileas.smem<2xf16>) -> ()\n"
      "    %r = \"nv_tileas.smem_load\"(%b) : (!nv_tileas.smem<2xf16>) -> "
      "tensor<2xf16>"));
  Tile r = run({tileOfBits(ElemType::F16, {2}, {0x3c00, 0x4000}),
                tileOfBits(ElemType::F16, {2}, {0x4200, 0x4400})});
  EXPECT_EQ(bitsOf(r), (Bits{0x3c00, 0x4200}));

  // Loading a buffer before anything wrote it.
  ASSERT_TRUE(defineNv(
      "%t: tensor<2xf32>", "tensor<2xf32>",
      "%b = \"nv_tileas.alloc_tensor\"() <{offset = 0 : i64}> : () -> "
      "!nv_tileas.smem<4xf32>\n"
      "    %h = \"nv_tileas.alloc_tensor\"() <{offset = 0 : i64}> : () -> "
      "!nv_tileas.smem<2xf32>\n"
      "    \"nv_tileas.copy\"(%t, %h) : (tensor<2xf32>, "
      "!nv_tileas.smem<2xf32>) -> ()\n"
      "    %all = \"nv_tileas.smem_load\"(%b) : (!nv_tileas.smem<4xf32>) -> "
      "tensor<4xf32>\n"
      "    %r = \"nv_tileas.smem_load\"(%h) : (!nv_tileas.smem<2xf32>) -> "
      "tensor<2xf32>"));
  expectUB({tileOf(F32, {2}, {1, 2})},
           "reads shared memory that nothing wrote (byte 8, element 2)");
}

TEST_F(OracleNvTile, TileRunBindsNvKernelArguments) {
  // A kernel over builtin types: a pointer, a scalar and a tensor argument.
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("oracle-nvtile", dir));
  std::string file = (dir + "/k.mlir").str();
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(file, ec);
    ASSERT_FALSE(ec);
    os << "module {\n"
          "  nv_tileaa.func @k(%p: !nv_tileaa.ptr<i32, 1>, %s: i32, %t: "
          "tensor<4xi32>) attributes {nv_tileaa.kernel} {\n"
          "    %x, %y, %z = \"nv_tileaa.get_tile_block_id\"() : () -> (i32, "
          "i32, i32)\n"
          "    %x1 = \"nv_tileaa.reshape\"(%x) : (i32) -> tensor<1xi32>\n"
          "    %xs = \"nv_tileaa.broadcast\"(%x1) : (tensor<1xi32>) -> "
          "tensor<4xi32>\n"
          "    %s1 = \"nv_tileaa.reshape\"(%s) : (i32) -> tensor<1xi32>\n"
          "    %ss = \"nv_tileaa.broadcast\"(%s1) : (tensor<1xi32>) -> "
          "tensor<4xi32>\n"
          "    %a = \"nv_tileaa.addi\"(%t, %ss) : (tensor<4xi32>, "
          "tensor<4xi32>) -> tensor<4xi32>\n"
          "    %p1 = \"nv_tileaa.reshape\"(%p) : (!nv_tileaa.ptr<i32, 1>) "
          "-> tensor<1x!nv_tileaa.ptr<i32, 1>>\n"
          "    %ps = \"nv_tileaa.broadcast\"(%p1) : "
          "(tensor<1x!nv_tileaa.ptr<i32, 1>>) -> "
          "tensor<4x!nv_tileaa.ptr<i32, 1>>\n"
          "    %i = \"nv_tileaa.iota\"() : () -> tensor<4xi32>\n"
          "    %four = \"nv_tileaa.constant\"() <{value = dense<4> : "
          "tensor<4xi32>}> : () -> tensor<4xi32>\n"
          "    %row = \"nv_tileaa.muli\"(%xs, %four) : (tensor<4xi32>, "
          "tensor<4xi32>) -> tensor<4xi32>\n"
          "    %o = \"nv_tileaa.addi\"(%row, %i) : (tensor<4xi32>, "
          "tensor<4xi32>) -> tensor<4xi32>\n"
          "    %q = \"nv_tileaa.offset\"(%ps, %o) : "
          "(tensor<4x!nv_tileaa.ptr<i32, 1>>, tensor<4xi32>) -> "
          "tensor<4x!nv_tileaa.ptr<i32, 1>>\n"
          "    %tok = \"nv_tileaa.store_ptr_tko\"(%q, %a) "
          "<{memory_ordering_semantics = #nv_tileaa<mem_semantic weak>, "
          "operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : "
          "(tensor<4x!nv_tileaa.ptr<i32, 1>>, tensor<4xi32>) -> "
          "!nv_tileaa.mem_token\n"
          "    nv_tileaa.return\n"
          "  }\n"
          "}\n";
  }
  TileRunConfig config;
  config.inputFile = file;
  config.grid = {2, 1, 1};
  config.args = {{"zeros:i32:8"}, {"100"}, {"7"}};
  TileRunOutcome out = runTileProgram(ctx, config);
  ASSERT_EQ(out.exitCode, 0) << out.message;
  ASSERT_EQ(out.buffers.size(), 1u);
  std::vector<int32_t> got(8);
  std::memcpy(got.data(), out.buffers[0].array.data.data(), 32);
  // The tensor argument 7 is splat; every element is 107.
  EXPECT_EQ(got, (std::vector<int32_t>(8, 107)));

  // A tensor argument passed by value from a .npy of its shape.
  NpyArray t;
  t.descr = "<i4";
  t.shape = {4};
  for (int32_t v : {1, 2, 3, 4})
    for (int b = 0; b < 4; ++b)
      t.data.push_back(uint8_t(uint32_t(v) >> (8 * b)));
  std::string npy = (dir + "/t.npy").str();
  ASSERT_FALSE(static_cast<bool>(writeNpy(npy, t)));
  config.args[2].form = "@" + npy;
  out = runTileProgram(ctx, config);
  ASSERT_EQ(out.exitCode, 0) << out.message;
  std::memcpy(got.data(), out.buffers[0].array.data.data(), 32);
  EXPECT_EQ(got,
            (std::vector<int32_t>{101, 102, 103, 104, 101, 102, 103, 104}));
  // A .npy of another shape is refused.
  t.shape = {2, 2};
  ASSERT_FALSE(static_cast<bool>(writeNpy(npy, t)));
  out = runTileProgram(ctx, config);
  EXPECT_EQ(out.exitCode, static_cast<int>(kExitUsage));
  EXPECT_NE(out.message.find("does not have the shape"), std::string::npos)
      << out.message;
  llvm::sys::fs::remove_directories(dir);
}

} // namespace
