//===- OracleMemoryTest.cpp - memory ops of the interpreter ---------------===//
//
// Views (partition with edge tiles and every padding value, dim_map,
// strided, gather/scatter), pointer loads and stores with masks, offset,
// atomics, globals and alloca, and the undefined behaviour the memory model
// must report: indices outside the index space, out-of-bounds and
// misaligned pointers, uninitialized reads, and weak accesses to the same
// bytes from two tile blocks. Expectations are computed by hand; programs
// use only constants, block ids and memory ops, so they do not depend on
// the arithmetic semantics.
//
//===----------------------------------------------------------------------===//

#include "OracleTestUtil.h"

#include <cmath>

using namespace tilecheck::oracle;
using namespace tilecheck::oracle::testing;

namespace {

class OracleMemory : public OracleTest {
protected:
  /// A buffer initialized with `values`; returns its address.
  template <typename T> uint64_t buffer(const std::vector<T> &values) {
    return memory.allocate("buf", values.size() * sizeof(T), 256,
                           llvm::ArrayRef<uint8_t>(
                               reinterpret_cast<const uint8_t *>(values.data()),
                               values.size() * sizeof(T)));
  }
  /// Element i of the buffer at `base`, read back as the harness.
  template <typename T> T at(uint64_t base, int64_t i) {
    const Memory::Buffer *b = memory.findBuffer(base);
    EXPECT_TRUE(b);
    T v;
    std::memcpy(&v, b->bytes.data() + (base - b->base) + i * sizeof(T),
                sizeof(T));
    return v;
  }
  static Tile ptr(uint64_t addr) {
    Tile t(ElemType::Ptr, {});
    t.set<uint64_t>(0, addr);
    return t;
  }
  static Tile ptrs(std::vector<uint64_t> addrs) {
    Tile t(ElemType::Ptr, {static_cast<int64_t>(addrs.size())});
    for (size_t i = 0; i < addrs.size(); ++i)
      t.set<uint64_t>(i, addrs[i]);
    return t;
  }
  /// The arguments of partitionModule's @load: the tensor at `a` with
  /// `rows` rows, and the index (i, j) of the tile.
  static std::vector<Tile> loadArgs(uint64_t a, double rows, double i,
                                    double j) {
    return {ptr(a), tileOf(ElemType::I64, {}, {rows}),
            tileOf(ElemType::I32, {}, {i}), tileOf(ElemType::I32, {}, {j})};
  }
  /// `testing$func @<fn>(%p: tile<<shape>ptr<elem>>) -> tile<<shape>elem>`
  /// returning a weak load_ptr_tko of %p (`shape` is like "2x").
  static std::string loadPtrFunc(const std::string &fn,
                                 const std::string &shape,
                                 const std::string &elem) {
    std::string p = "tile<" + shape + "ptr<" + elem + ">>",
                x = "tile<" + shape + elem + ">";
    return "  testing$func @" + fn + "(%p: " + p + ") -> " + x +
           " {\n    %x, %t = load_ptr_tko weak %p : " + p + " -> " + x +
           ", token\n    return %x : " + x + "\n  }\n";
  }
  static Tile i1s(std::vector<int> bits) {
    Tile t(ElemType::I1, {static_cast<int64_t>(bits.size())});
    for (size_t i = 0; i < bits.size(); ++i)
      t.setInt(i, bits[i]);
    return t;
  }
  /// Runs entry `name` over `grid` with `args`.
  RunResult runGrid(llvm::StringRef name, std::vector<Tile> args,
                    std::array<int64_t, 3> grid) {
    RunOptions options;
    options.grid = grid;
    Interpreter interp(module.get(), memory, options);
    std::string error;
    mlir::Operation *entry = interp.findEntry(name, error);
    EXPECT_TRUE(entry) << error;
    std::vector<RtValue> in;
    for (Tile &t : args)
      in.push_back(RtValue::tile(std::move(t)));
    return interp.run(entry, in);
  }
  static void expectUB(const std::optional<RunFailure> &f,
                       llvm::StringRef needle) {
    ASSERT_TRUE(f.has_value()) << "expected undefined behaviour";
    EXPECT_EQ(f->kind, FailureKind::UndefinedBehavior) << f->str();
    EXPECT_NE(f->message.find(needle.str()), std::string::npos) << f->str();
  }
};

std::vector<float> iotaF(int n) {
  std::vector<float> v(n);
  for (int i = 0; i < n; ++i)
    v[i] = static_cast<float>(i);
  return v;
}

std::vector<int32_t> iotaI(int n) {
  std::vector<int32_t> v(n);
  for (int i = 0; i < n; ++i)
    v[i] = i;
  return v;
}

//===----------------------------------------------------------------------===//
// Partition views
//===----------------------------------------------------------------------===//

/// A 3x6 f32 tensor (rows given at run time) cut into 2x4 tiles: the index
/// space is 2x2 and tile (1, 1) covers only elements (2, 4) and (2, 5).
std::string partitionModule(const std::string &padding) {
  std::string pv = "partition_view<tile=(2x4), " + padding +
                   "tensor_view<?x6xf32, strides=[6,1]>>";
  return R"mlir(
cuda_tile.module @m {
  testing$func @load(%p: tile<ptr<f32>>, %n: tile<i64>, %i: tile<i32>, %j: tile<i32>) -> tile<2x4xf32> {
    %tv = make_tensor_view %p, shape = [%n, 6], strides = [6, 1] : tile<i64> -> tensor_view<?x6xf32, strides=[6,1]>
    %pv = make_partition_view %tv : )mlir" +
         pv + R"mlir(
    %tok = make_token : token
    %x, %t = load_view_tko weak %pv[%i, %j] token = %tok : )mlir" +
         pv + R"mlir(, tile<i32> -> tile<2x4xf32>, token
    return %x : tile<2x4xf32>
  }
})mlir";
}

TEST_F(OracleMemory, PartitionLoadFullTile) {
  ASSERT_TRUE(parse(partitionModule("")));
  uint64_t a = buffer(iotaF(18));
  Tile x = eval("load", loadArgs(a, 3, 0, 1))[0];
  // Rows 0-1, columns 4-7: columns 6 and 7 lie past the tensor.
  EXPECT_EQ(valueAt(x, 0), 4);
  EXPECT_EQ(valueAt(x, 1), 5);
  EXPECT_EQ(valueAt(x, 4), 10);
  EXPECT_EQ(valueAt(x, 5), 11);
  // No padding_value: the unspecified pattern (all bits set).
  EXPECT_EQ(bitsAt(x, 2), 0xFFFFFFFFu);
  EXPECT_EQ(bitsAt(x, 7), 0xFFFFFFFFu);
  Tile y = eval("load", loadArgs(a, 3, 0, 0))[0];
  std::vector<double> want = {0, 1, 2, 3, 6, 7, 8, 9};
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(valueAt(y, i), want[i]) << i;
}

TEST_F(OracleMemory, PartitionEdgeTileReadsEachPaddingValue) {
  struct Case {
    const char *padding;
    uint32_t bits; // 0 = check NaN instead
  };
  for (Case c : {Case{"zero", 0x00000000u}, Case{"neg_zero", 0x80000000u},
                 Case{"pos_inf", 0x7F800000u}, Case{"neg_inf", 0xFF800000u},
                 Case{"nan", 0}}) {
    SCOPED_TRACE(c.padding);
    ASSERT_TRUE(parse(
        partitionModule(std::string("padding_value = ") + c.padding + ", ")));
    uint64_t a = buffer(iotaF(18));
    Tile x = eval("load", loadArgs(a, 3, 1, 1))[0];
    // Only (2, 4) and (2, 5) are inside the tensor.
    EXPECT_EQ(valueAt(x, 0), 16);
    EXPECT_EQ(valueAt(x, 1), 17);
    for (int i : {2, 3, 4, 5, 6, 7}) {
      if (c.bits || std::string(c.padding) == "zero")
        EXPECT_EQ(bitsAt(x, i), c.bits) << i;
      else
        EXPECT_TRUE(std::isnan(valueAt(x, i))) << i;
    }
  }
}

TEST_F(OracleMemory, ColumnMajorTensorUsesItsStrides) {
  // A 4x2 tensor stored column-major: element (r, c) lives at r + 4c.
  // Tile (1, 0) of 2x2 tiles covers rows 2-3.
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%p: tile<ptr<i64>>) -> tile<2x2xi64> {
    %tv = make_tensor_view %p, shape = [4, 2], strides = [1, 4] : tensor_view<4x2xi64, strides=[1,4]>
    %pv = make_partition_view %tv : partition_view<tile=(2x2), tensor_view<4x2xi64, strides=[1,4]>>
    %one = constant <i32: 1> : tile<i32>
    %z = constant <i32: 0> : tile<i32>
    %x, %t = load_view_tko weak %pv[%one, %z] : partition_view<tile=(2x2), tensor_view<4x2xi64, strides=[1,4]>>, tile<i32> -> tile<2x2xi64>, token
    return %x : tile<2x2xi64>
  }
})mlir"));
  uint64_t a = buffer(std::vector<int64_t>{0, 1, 2, 3, 10, 11, 12, 13});
  Tile x = eval("f", {ptr(a)})[0];
  EXPECT_EQ(x.getSInt(0), 2);  // (2, 0)
  EXPECT_EQ(x.getSInt(1), 12); // (2, 1)
  EXPECT_EQ(x.getSInt(2), 3);  // (3, 0)
  EXPECT_EQ(x.getSInt(3), 13); // (3, 1)
}

TEST_F(OracleMemory, PaddingOfNarrowFloats) {
  // f8E4M3FN has -0 but no infinity: pos_inf padding cannot be honoured
  // and reads as the unspecified pattern (0xFF, a NaN).
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%p: tile<ptr<f8E4M3FN>>) -> (tile<4xf8E4M3FN>, tile<4xf8E4M3FN>) {
    %tv = make_tensor_view %p, shape = [2], strides = [1] : tensor_view<2xf8E4M3FN, strides=[1]>
    %pz = make_partition_view %tv : partition_view<tile=(4), padding_value = neg_zero, tensor_view<2xf8E4M3FN, strides=[1]>>
    %pi = make_partition_view %tv : partition_view<tile=(4), padding_value = pos_inf, tensor_view<2xf8E4M3FN, strides=[1]>>
    %z = constant <i32: 0> : tile<i32>
    %x, %t = load_view_tko weak %pz[%z] : partition_view<tile=(4), padding_value = neg_zero, tensor_view<2xf8E4M3FN, strides=[1]>>, tile<i32> -> tile<4xf8E4M3FN>, token
    %y, %t1 = load_view_tko weak %pi[%z] : partition_view<tile=(4), padding_value = pos_inf, tensor_view<2xf8E4M3FN, strides=[1]>>, tile<i32> -> tile<4xf8E4M3FN>, token
    return %x, %y : tile<4xf8E4M3FN>, tile<4xf8E4M3FN>
  }
})mlir"));
  uint64_t a = buffer(std::vector<uint8_t>{0x38 /*1.0*/, 0x40 /*2.0*/});
  auto out = eval("f", {ptr(a)});
  EXPECT_EQ(bitsAt(out[0], 0), 0x38u);
  EXPECT_EQ(bitsAt(out[0], 1), 0x40u);
  EXPECT_EQ(bitsAt(out[0], 2), 0x80u);
  EXPECT_EQ(bitsAt(out[0], 3), 0x80u);
  EXPECT_EQ(bitsAt(out[1], 2), 0xFFu);
  EXPECT_EQ(bitsAt(out[1], 3), 0xFFu);
}

TEST_F(OracleMemory, PartitionIndexOutsideIndexSpaceIsUB) {
  ASSERT_TRUE(parse(partitionModule("padding_value = zero, ")));
  uint64_t a = buffer(iotaF(18));
  expectUB(evalFailure("load", loadArgs(a, 3, 2, 0)),
           "outside the view's index space");
  // Indices are unsigned: -1 is far outside, not the last tile.
  expectUB(evalFailure("load", loadArgs(a, 3, 0, -1)),
           "outside the view's index space");
}

TEST_F(OracleMemory, DynamicShapeMustBePositive) {
  ASSERT_TRUE(parse(partitionModule("")));
  uint64_t a = buffer(iotaF(18));
  expectUB(evalFailure("load", loadArgs(a, 0, 0, 0)), "strictly positive");
}

TEST_F(OracleMemory, PartitionStoreMasksTheEdge) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @store(%p: tile<ptr<f32>>, %i: tile<i32>, %j: tile<i32>) {
    %tv = make_tensor_view %p, shape = [3, 6], strides = [6, 1] : tensor_view<3x6xf32, strides=[6,1]>
    %pv = make_partition_view %tv : partition_view<tile=(2x4), tensor_view<3x6xf32, strides=[6,1]>>
    %v = constant <f32: [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tile<2x4xf32>
    %t = store_view_tko weak %v, %pv[%i, %j] : tile<2x4xf32>, partition_view<tile=(2x4), tensor_view<3x6xf32, strides=[6,1]>>, tile<i32> -> token
    return
  }
})mlir"));
  // The buffer is larger than the tensor, so an unmasked element would
  // land in it (row 2, column 6 is flat index 18) rather than fault.
  uint64_t a = buffer(std::vector<float>(32, -1.0f));
  eval("store", {ptr(a), tileOf(ElemType::I32, {}, {1}),
                 tileOf(ElemType::I32, {}, {1})});
  for (int i = 0; i < 32; ++i) {
    float want = i == 16 ? 1.0f : i == 17 ? 2.0f : -1.0f;
    EXPECT_EQ(at<float>(a, i), want) << i;
  }
}

TEST_F(OracleMemory, DimMapIsIdentityLoadPlusPermute) {
  // An 8x2 tensor, tiles of 2x4 whose dimension 0 runs along tensor
  // dimension 1: index space 1x2, and element (i, j) of tile (0, b) is
  // tensor element (4b + j, i).
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%p: tile<ptr<i32>>, %b: tile<i32>) -> (tile<2x4xi32>, tile<i32>, tile<i32>, tile<i64>, tile<i64>) {
    %tv = make_tensor_view %p, shape = [8, 2], strides = [2, 1] : tensor_view<8x2xi32, strides=[2,1]>
    %pv = make_partition_view %tv : partition_view<tile=(2x4), tensor_view<8x2xi32, strides=[2,1]>, dim_map=[1, 0]>
    %z = constant <i32: 0> : tile<i32>
    %x, %t = load_view_tko weak %pv[%z, %b] : partition_view<tile=(2x4), tensor_view<8x2xi32, strides=[2,1]>, dim_map=[1, 0]>, tile<i32> -> tile<2x4xi32>, token
    %s0, %s1 = get_index_space_shape %pv : partition_view<tile=(2x4), tensor_view<8x2xi32, strides=[2,1]>, dim_map=[1, 0]> -> tile<i32>
    %d0, %d1 = get_tensor_shape %tv : tensor_view<8x2xi32, strides=[2,1]> -> tile<i64>
    return %x, %s0, %s1, %d0, %d1 : tile<2x4xi32>, tile<i32>, tile<i32>, tile<i64>, tile<i64>
  }
})mlir"));
  uint64_t a = buffer(iotaI(16));
  auto out = eval("f", {ptr(a), tileOf(ElemType::I32, {}, {1})});
  ASSERT_EQ(out.size(), 5u);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      EXPECT_EQ(out[0].getSInt(i * 4 + j), (4 + j) * 2 + i) << i << "," << j;
  EXPECT_EQ(out[1].getSInt(0), 1);
  EXPECT_EQ(out[2].getSInt(0), 2);
  EXPECT_EQ(out[3].getSInt(0), 8);
  EXPECT_EQ(out[4].getSInt(0), 2);
  expectUB(evalFailure("f", {ptr(a), tileOf(ElemType::I32, {}, {2})}),
           "index space");
}

TEST_F(OracleMemory, ShapeThatDoesNotFitTheResultIsUB) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%p: tile<ptr<f32>>, %n: tile<i32>) -> tile<i8> {
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %d = get_tensor_shape %tv : tensor_view<?xf32, strides=[1]> -> tile<i8>
    return %d : tile<i8>
  }
})mlir"));
  uint64_t a = buffer(iotaF(4));
  EXPECT_EQ(eval("f", {ptr(a), tileOf(ElemType::I32, {}, {200})})[0].getUInt(0),
            200u); // read as unsigned: fits in 8 bits
  expectUB(evalFailure("f", {ptr(a), tileOf(ElemType::I32, {}, {300})}),
           "does not fit");
}

//===----------------------------------------------------------------------===//
// Strided and gather/scatter views
//===----------------------------------------------------------------------===//

TEST_F(OracleMemory, StridedViewLoadStoreAndIndexSpace) {
  // 16 elements, tiles of 4 every 3 elements: origins 0, 3, ..., 15, so
  // the index space is 6 and tile 5 holds element 15 and three paddings.
  const char *sv = "strided_view<tile=(4), traversal_strides=[3], "
                   "padding_value = zero, tensor_view<16xf32, strides=[1]>>";
  ASSERT_TRUE(parse(std::string(R"mlir(
cuda_tile.module @m {
  testing$func @f(%p: tile<ptr<f32>>, %i: tile<i32>) -> (tile<4xf32>, tile<i32>) {
    %tv = make_tensor_view %p, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    %sv = make_strided_view %tv : )mlir") +
                    sv + R"mlir(
    %x, %t = load_view_tko weak %sv[%i] : )mlir" +
                    sv +
                    R"mlir(, tile<i32> -> tile<4xf32>, token
    %n = get_index_space_shape %sv : )mlir" +
                    sv + R"mlir( -> tile<i32>
    return %x, %n : tile<4xf32>, tile<i32>
  }
  testing$func @g(%p: tile<ptr<f32>>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    %sv = make_strided_view %tv : )mlir" +
                    sv + R"mlir(
    %v = constant <f32: [100.0, 101.0, 102.0, 103.0]> : tile<4xf32>
    %t = store_view_tko weak %v, %sv[%i] : tile<4xf32>, )mlir" +
                    sv + R"mlir(, tile<i32> -> token
    return
  }
})mlir"));
  uint64_t a = buffer(iotaF(16));
  auto out = eval("f", {ptr(a), tileOf(ElemType::I32, {}, {2})});
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(valueAt(out[0], i), 6 + i);
  EXPECT_EQ(out[1].getSInt(0), 6);
  out = eval("f", {ptr(a), tileOf(ElemType::I32, {}, {5})});
  EXPECT_EQ(valueAt(out[0], 0), 15);
  for (int i = 1; i < 4; ++i)
    EXPECT_EQ(bitsAt(out[0], i), 0u);
  expectUB(evalFailure("f", {ptr(a), tileOf(ElemType::I32, {}, {6})}),
           "index space");
  eval("g", {ptr(a), tileOf(ElemType::I32, {}, {1})});
  for (int i = 0; i < 16; ++i)
    EXPECT_EQ(at<float>(a, i), i >= 3 && i < 7 ? 97 + i : i) << i;
}

TEST_F(OracleMemory, GatherScatterViewPicksRows) {
  const char *gv = "gather_scatter_view<tile=(4x2), tensor_view<8x4xi32, "
                   "strides=[4,1]>, sparse_dim=0>";
  ASSERT_TRUE(parse(std::string(R"mlir(
cuda_tile.module @m {
  testing$func @load(%p: tile<ptr<i32>>, %rows: tile<4xi32>, %c: tile<i32>) -> tile<4x2xi32> {
    %tv = make_tensor_view %p, shape = [8, 4], strides = [4, 1] : tensor_view<8x4xi32, strides=[4,1]>
    %gv = make_gather_scatter_view %tv : )mlir") +
                    gv + R"mlir(
    %x, %t = load_view_tko weak %gv[%rows, %c] : )mlir" +
                    gv +
                    R"mlir(, tile<4xi32>, tile<i32> -> tile<4x2xi32>, token
    return %x : tile<4x2xi32>
  }
  testing$func @store(%p: tile<ptr<i32>>, %rows: tile<4xi32>, %c: tile<i32>) {
    %tv = make_tensor_view %p, shape = [8, 4], strides = [4, 1] : tensor_view<8x4xi32, strides=[4,1]>
    %gv = make_gather_scatter_view %tv : )mlir" +
                    gv + R"mlir(
    %v = constant <i32: [[-1, -2], [-3, -4], [-5, -6], [-7, -8]]> : tile<4x2xi32>
    %t = store_view_tko weak %v, %gv[%rows, %c] : tile<4x2xi32>, )mlir" +
                    gv + R"mlir(, tile<4xi32>, tile<i32> -> token
    return
  }
})mlir"));
  uint64_t a = buffer(iotaI(32));
  Tile x = eval("load", {ptr(a), tileOf(ElemType::I32, {4}, {7, 0, 3, 3}),
                         tileOf(ElemType::I32, {}, {1})})[0];
  // The dense index is the column the chunk starts at (CUDA Tile C++'s
  // gather_scatter_view, cuTile Python's ct.Slice(start, length), and
  // tileiras's cubins on a GPU), not a tile number: columns 1 and 2.
  int rows[] = {7, 0, 3, 3};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 2; ++c)
      EXPECT_EQ(x.getSInt(r * 2 + c), rows[r] * 4 + 1 + c);
  // A chunk that starts at the last column runs past the tensor: the view
  // has no padding value, so those elements are unspecified (the
  // interpreter's all-ones pattern).
  Tile edge = eval("load", {ptr(a), tileOf(ElemType::I32, {4}, {7, 0, 3, 3}),
                            tileOf(ElemType::I32, {}, {3})})[0];
  for (int r = 0; r < 4; ++r) {
    EXPECT_EQ(edge.getSInt(r * 2), rows[r] * 4 + 3);
    EXPECT_EQ(edge.getSInt(r * 2 + 1), -1);
  }
  // A start past the tensor is outside the index space.
  expectUB(
      evalFailure("load", {ptr(a), tileOf(ElemType::I32, {4}, {0, 1, 2, 3}),
                           tileOf(ElemType::I32, {}, {4})}),
      "index space");
  expectUB(
      evalFailure("load", {ptr(a), tileOf(ElemType::I32, {4}, {0, 8, 1, 2}),
                           tileOf(ElemType::I32, {}, {0})}),
      "row index 8");
  eval("store", {ptr(a), tileOf(ElemType::I32, {4}, {1, 5, 6, 2}),
                 tileOf(ElemType::I32, {}, {0})});
  // Row 1 gets -1, -2; row 5 -3, -4; row 6 -5, -6; row 2 -7, -8.
  EXPECT_EQ(at<int32_t>(a, 4), -1);
  EXPECT_EQ(at<int32_t>(a, 5), -2);
  EXPECT_EQ(at<int32_t>(a, 6), 6);
  EXPECT_EQ(at<int32_t>(a, 20), -3);
  EXPECT_EQ(at<int32_t>(a, 25), -6);
  EXPECT_EQ(at<int32_t>(a, 8), -7);
  EXPECT_EQ(at<int32_t>(a, 9), -8);
  EXPECT_EQ(at<int32_t>(a, 0), 0);
  EXPECT_EQ(at<int32_t>(a, 12), 12);
}

//===----------------------------------------------------------------------===//
// Pointers
//===----------------------------------------------------------------------===//

TEST_F(OracleMemory, PointerLoadWithMaskAndPadding) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @padded(%p: tile<4xptr<i32>>, %m: tile<4xi1>, %pad: tile<4xi32>) -> tile<4xi32> {
    %x, %t = load_ptr_tko weak %p, %m, %pad : tile<4xptr<i32>>, tile<4xi1>, tile<4xi32> -> tile<4xi32>, token
    return %x : tile<4xi32>
  }
  testing$func @masked(%p: tile<4xptr<i32>>, %m: tile<4xi1>) -> tile<4xi32> {
    %x, %t = load_ptr_tko relaxed device %p, %m : tile<4xptr<i32>>, tile<4xi1> -> tile<4xi32>, token
    return %x : tile<4xi32>
  }
})mlir"));
  uint64_t a = buffer(std::vector<int32_t>{10, 20, 30, 40});
  // Lane 1 points nowhere: masked off, it must not be accessed.
  Tile x = eval("padded", {ptrs({a + 12, 0, a + 4, a + 8}), i1s({1, 0, 1, 1}),
                           tileOf(ElemType::I32, {4}, {-5, -6, -7, -8})})[0];
  EXPECT_EQ(x.getSInt(0), 40);
  EXPECT_EQ(x.getSInt(1), -6);
  EXPECT_EQ(x.getSInt(2), 20);
  EXPECT_EQ(x.getSInt(3), 30);
  x = eval("masked", {ptrs({a, a + 4, 0, a}), i1s({1, 1, 0, 1})})[0];
  EXPECT_EQ(x.getSInt(0), 10);
  EXPECT_EQ(x.getSInt(1), 20);
  EXPECT_EQ(x.getUInt(2), 0xFFFFFFFFu); // unspecified pattern
  EXPECT_EQ(x.getSInt(3), 10);
}

TEST_F(OracleMemory, PointerStoreWithMask) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%p: tile<4xptr<i16>>, %m: tile<4xi1>) {
    %v = constant <i16: [1, 2, 3, 4]> : tile<4xi16>
    %t = store_ptr_tko weak %p, %v, %m : tile<4xptr<i16>>, tile<4xi16>, tile<4xi1> -> token
    return
  }
})mlir"));
  uint64_t a = buffer(std::vector<int16_t>{0, 0, 0, 0});
  eval("f", {ptrs({a, a + 2, 0, a + 6}), i1s({0, 1, 0, 1})});
  EXPECT_EQ(at<int16_t>(a, 0), 0);
  EXPECT_EQ(at<int16_t>(a, 1), 2);
  EXPECT_EQ(at<int16_t>(a, 2), 0);
  EXPECT_EQ(at<int16_t>(a, 3), 4);
}

TEST_F(OracleMemory, OffsetScalesSignedOffsets) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f32(%p: tile<4xptr<f32>>, %o: tile<4xi32>) -> tile<4xptr<f32>> {
    %q = offset %p, %o : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
    return %q : tile<4xptr<f32>>
  }
  testing$func @f64(%p: tile<4xptr<f64>>, %o: tile<4xi8>) -> tile<4xptr<f64>> {
    %q = offset %p, %o : tile<4xptr<f64>>, tile<4xi8> -> tile<4xptr<f64>>
    return %q : tile<4xptr<f64>>
  }
})mlir"));
  uint64_t b = 0x1000;
  Tile q = eval("f32", {ptrs({b, b, b, b}),
                        tileOf(ElemType::I32, {4}, {-4, -1, 0, 3})})[0];
  EXPECT_EQ(q.get<uint64_t>(0), b - 16);
  EXPECT_EQ(q.get<uint64_t>(1), b - 4);
  EXPECT_EQ(q.get<uint64_t>(2), b);
  EXPECT_EQ(q.get<uint64_t>(3), b + 12);
  q = eval("f64", {ptrs({b, b, b, b}),
                   tileOf(ElemType::I8, {4}, {-128, 127, -1, 1})})[0];
  EXPECT_EQ(q.get<uint64_t>(0), b - 1024);
  EXPECT_EQ(q.get<uint64_t>(1), b + 1016);
  EXPECT_EQ(q.get<uint64_t>(2), b - 8);
  EXPECT_EQ(q.get<uint64_t>(3), b + 8);
  // Below address 0: the address computation overflows.
  expectUB(evalFailure("f32", {ptrs({16, 16, 16, 16}),
                               tileOf(ElemType::I32, {4}, {0, -5, 0, 0})}),
           "overflows");
}

TEST_F(OracleMemory, OutOfBoundsAndMisalignedPointersAreUB) {
  ASSERT_TRUE(parse(moduleOf(loadPtrFunc("f", "2x", "i32") + R"mlir(
  testing$func @g(%p: tile<2xptr<i32>>) {
    %v = constant <i32: 1> : tile<2xi32>
    %t = store_ptr_tko weak %p, %v : tile<2xptr<i32>>, tile<2xi32> -> token
    return
  }
)mlir")));
  uint64_t a = buffer(std::vector<int32_t>{1, 2, 3, 4});
  EXPECT_EQ(eval("f", {ptrs({a + 12, a})})[0].getSInt(0), 4);
  expectUB(evalFailure("f", {ptrs({a, a + 16})}), "outside every allocation");
  expectUB(evalFailure("g", {ptrs({a - 4, a})}), "outside every allocation");
  expectUB(evalFailure("f", {ptrs({a + 2, a})}), "misaligned");
}

TEST_F(OracleMemory, BooleanLoadCanonicalizesBytes) {
  ASSERT_TRUE(parse(moduleOf(loadPtrFunc("f", "4x", "i1"))));
  uint64_t a = buffer(std::vector<uint8_t>{0, 1, 0x80, 0xFF});
  Tile x = eval("f", {ptrs({a, a + 1, a + 2, a + 3})})[0];
  EXPECT_EQ(*x.at(0), 0);
  EXPECT_EQ(*x.at(1), 1);
  EXPECT_EQ(*x.at(2), 1);
  EXPECT_EQ(*x.at(3), 1);
}

TEST_F(OracleMemory, Tf32LoadDropsTheLowMantissaBits) {
  ASSERT_TRUE(parse(moduleOf(loadPtrFunc("f", "2x", "tf32"))));
  uint64_t a = buffer(std::vector<uint32_t>{0x3F801FFFu, 0x40000000u});
  Tile x = eval("f", {ptrs({a, a + 4})})[0];
  EXPECT_EQ(x.get<uint32_t>(0), 0x3F800000u);
  EXPECT_EQ(x.get<uint32_t>(1), 0x40000000u);
}

TEST_F(OracleMemory, AllocaIsUninitializedUntilWritten) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @uninit() -> tile<i32> {
    %p = alloca num_elem = 4, alignment = 16 : tile<ptr<i32>>
    %x, %t = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token
    return %x : tile<i32>
  }
  testing$func @written() -> tile<i32> {
    %p = alloca num_elem = 4, alignment = 1024 : tile<ptr<i32>>
    %v = constant <i32: 42> : tile<i32>
    %t0 = store_ptr_tko weak %p, %v : tile<ptr<i32>>, tile<i32> -> token
    %x, %t1 = load_ptr_tko weak %p token = %t0 : tile<ptr<i32>> -> tile<i32>, token
    return %x : tile<i32>
  }
  testing$func @addr() -> tile<ptr<i32>> {
    %p = alloca num_elem = 4, alignment = 1024 : tile<ptr<i32>>
    return %p : tile<ptr<i32>>
  }
})mlir"));
  expectUB(evalFailure("uninit", {}), "uninitialized");
  EXPECT_EQ(eval("written", {})[0].getSInt(0), 42);
  uint64_t p = eval("addr", {})[0].get<uint64_t>(0);
  EXPECT_EQ(p % 1024, 0u);
  ASSERT_TRUE(memory.findBuffer(p));
  EXPECT_EQ(memory.findBuffer(p)->size(), 16u);
}

//===----------------------------------------------------------------------===//
// Tile blocks: races, atomics, globals
//===----------------------------------------------------------------------===//

/// `entry @<name>(%p: tile<ptr<f32>>)` storing a 4-element tile of 3.0 at
/// partition `index` of the 8 floats at %p, defined by `indexDef`, with
/// `ordering` (weak, or a memory ordering and scope).
std::string storeEntry(const std::string &name, const std::string &indexDef,
                       const std::string &index, const std::string &ordering) {
  const std::string pv =
      "partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>";
  return "  entry @" + name + "(%p: tile<ptr<f32>>) {\n    " + indexDef +
         R"mlir(
    %tv = make_tensor_view %p, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %pv = make_partition_view %tv : )mlir" +
         pv + R"mlir(
    %v = constant <f32: 3.0> : tile<4xf32>
    %t = store_view_tko )mlir" +
         ordering + " %v, %pv[" + index + "] : tile<4xf32>, " + pv +
         R"mlir(, tile<i32> -> token
    return
  }
)mlir";
}

/// Each of two tile blocks stores a 4-element tile at partition index
/// `%idx`: its own block id, or 0 for both.
const std::string kRaceModule = moduleOf(
    storeEntry("own", "%bx, %by, %bz = get_tile_block_id : tile<i32>", "%bx",
               "weak") +
    storeEntry("same", "%z = constant <i32: 0> : tile<i32>", "%z", "weak") +
    storeEntry("sameRelaxed", "%z = constant <i32: 0> : tile<i32>", "%z",
               "relaxed device") +
    storeEntry("sameBlockScope", "%z = constant <i32: 0> : tile<i32>", "%z",
               "relaxed tl_blk"));

TEST_F(OracleMemory, BlocksWritingTheirOwnPartitionsDoNotRace) {
  ASSERT_TRUE(parse(kRaceModule));
  uint64_t a = buffer(std::vector<float>(8, 0.0f));
  RunResult r = runGrid("own", {ptr(a)}, {2, 1, 1});
  EXPECT_TRUE(r.ok()) << r.failure->str();
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(at<float>(a, i), 3.0f);
}

TEST_F(OracleMemory, WeakWritesOfTheSameElementByTwoBlocksAreUB) {
  ASSERT_TRUE(parse(kRaceModule));
  uint64_t a = buffer(std::vector<float>(8, 0.0f));
  RunResult r = runGrid("same", {ptr(a)}, {2, 1, 1});
  expectUB(r.failure, "data race");
  EXPECT_EQ(r.failure->block[0], 1);
}

TEST_F(OracleMemory, RelaxedWritesOfTheSameElementDoNotRace) {
  ASSERT_TRUE(parse(kRaceModule));
  uint64_t a = buffer(std::vector<float>(8, 0.0f));
  RunResult r = runGrid("sameRelaxed", {ptr(a)}, {2, 1, 1});
  EXPECT_TRUE(r.ok()) << r.failure->str();
}

TEST_F(OracleMemory, BlockScopedWritesFromTwoBlocksRace) {
  // tl_blk scope does not include the other tile block, so the two relaxed
  // stores are not atomic with respect to each other.
  ASSERT_TRUE(parse(kRaceModule));
  uint64_t a = buffer(std::vector<float>(8, 0.0f));
  expectUB(runGrid("sameBlockScope", {ptr(a)}, {2, 1, 1}).failure, "data race");
}

TEST_F(OracleMemory, WeakReadOfAnotherBlocksWeakWriteIsUB) {
  // Every block reads partition 0 and writes its own partition: block 1
  // reads what block 0 wrote, with no synchronization.
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tv = make_tensor_view %p, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>
    %z = constant <i32: 0> : tile<i32>
    %x, %t = load_view_tko weak %pv[%z] : partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %t1 = store_view_tko weak %x, %pv[%bx] token = %t : tile<4xf32>, partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    return
  }
})mlir"));
  uint64_t a = buffer(iotaF(8));
  RunResult r = runGrid("k", {ptr(a)}, {2, 1, 1});
  expectUB(r.failure, "data race");
  EXPECT_EQ(r.failure->block[0], 1);
  // A single block has nobody to race with.
  uint64_t b = buffer(iotaF(8));
  EXPECT_TRUE(runGrid("k", {ptr(b)}, {1, 1, 1}).ok());
}

TEST_F(OracleMemory, AtomicAddFromFourBlocksGivesTheSum) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %old, %t = atomic_rmw_tko relaxed device %p, add, %bx : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
})mlir"));
  uint64_t a = buffer(std::vector<int32_t>{10});
  RunResult r = runGrid("k", {ptr(a)}, {4, 1, 1});
  EXPECT_TRUE(r.ok()) << r.failure->str();
  EXPECT_EQ(at<int32_t>(a, 0), 10 + 0 + 1 + 2 + 3);
}

TEST_F(OracleMemory, AtomicRMWModesReturnOldValues) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @ints(%p: tile<4xptr<i32>>) -> (tile<4xi32>, tile<4xi32>, tile<4xi32>, tile<4xi32>) {
    %v = constant <i32: [5, 5, 6, -8]> : tile<4xi32>
    %a, %t0 = atomic_rmw_tko relaxed device %p, max, %v : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    %b, %t1 = atomic_rmw_tko acq_rel device %p, umin, %v token = %t0 : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    %c, %t2 = atomic_rmw_tko relaxed tl_blk %p, xor, %v token = %t1 : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    %tj = join_tokens %t0, %t2 : token
    %d, %t3 = atomic_rmw_tko release sys %p, xchg, %v token = %tj : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    return %a, %b, %c, %d : tile<4xi32>, tile<4xi32>, tile<4xi32>, tile<4xi32>
  }
  testing$func @half(%p: tile<2xptr<f16>>, %m: tile<2xi1>) -> tile<2xf16> {
    %v = constant <f16: [3.0, 1.0]> : tile<2xf16>
    %a, %t = atomic_rmw_tko relaxed device %p, addf, %v, %m : tile<2xptr<f16>>, tile<2xf16>, tile<2xi1> -> tile<2xf16>, token
    return %a : tile<2xf16>
  }
})mlir"));
  uint64_t a = buffer(std::vector<int32_t>{1, 9, -1, 3});
  auto out = eval("ints", {ptrs({a, a + 4, a + 8, a + 12})});
  ASSERT_EQ(out.size(), 4u);
  // max (signed): old [1, 9, -1, 3] -> [5, 9, 6, 3]
  // umin: -8 is huge unsigned -> [5, 5, 6, 3]
  // xor: [5^5, 5^5, 6^6, 3^-8] = [0, 0, 0, -5]
  // xchg: -> [5, 5, 6, -8]
  std::vector<std::vector<int64_t>> olds = {
      {1, 9, -1, 3}, {5, 9, 6, 3}, {5, 5, 6, 3}, {0, 0, 0, 3 ^ -8}};
  for (int k = 0; k < 4; ++k)
    for (int i = 0; i < 4; ++i)
      EXPECT_EQ(out[k].getSInt(i), olds[k][i]) << k << "," << i;
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(at<int32_t>(a, i), std::vector<int32_t>({5, 5, 6, -8})[i]);

  // f16 spacing at 2048 is 2: 2048 + 3 = 2051 is a tie between 2050 and
  // 2052 and rounds to the even mantissa (2052 = 0x6802); lane 1 is masked.
  uint64_t h = buffer(std::vector<uint16_t>{0x6800 /*2048*/, 0x3C00 /*1*/});
  Tile x = eval("half", {ptrs({h, h + 2}), i1s({1, 0})})[0];
  EXPECT_EQ(bitsAt(x, 0), 0x6800u);
  EXPECT_EQ(bitsAt(x, 1), 0xFFFFu); // implementation-defined: unspecified
  EXPECT_EQ(at<uint16_t>(h, 0), 0x6802u);
  EXPECT_EQ(at<uint16_t>(h, 1), 0x3C00u);
}

TEST_F(OracleMemory, AtomicAddfAndXchgOnFloats) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @f(%p: tile<2xptr<f32>>, %q: tile<2xptr<f64>>) -> (tile<2xf32>, tile<2xf64>) {
    %v = constant <f32: [0.25, 2.0]> : tile<2xf32>
    %a, %t0 = atomic_rmw_tko relaxed device %p, addf, %v : tile<2xptr<f32>>, tile<2xf32> -> tile<2xf32>, token
    %w = constant <f64: [-0.0, 7.5]> : tile<2xf64>
    %b, %t1 = atomic_rmw_tko relaxed device %q, xchg, %w : tile<2xptr<f64>>, tile<2xf64> -> tile<2xf64>, token
    return %a, %b : tile<2xf32>, tile<2xf64>
  }
})mlir"));
  uint64_t p = buffer(std::vector<float>{1.5f, -2.0f});
  uint64_t q = buffer(std::vector<double>{3.0, 4.0});
  auto out = eval("f", {ptrs({p, p + 4}), ptrs({q, q + 8})});
  EXPECT_EQ(valueAt(out[0], 0), 1.5);
  EXPECT_EQ(valueAt(out[0], 1), -2.0);
  EXPECT_EQ(at<float>(p, 0), 1.75f);
  EXPECT_EQ(at<float>(p, 1), 0.0f);
  EXPECT_EQ(valueAt(out[1], 0), 3.0);
  EXPECT_EQ(at<uint64_t>(q, 0), 0x8000000000000000ull);
  EXPECT_EQ(at<double>(q, 1), 7.5);
}

TEST_F(OracleMemory, AtomicCompareAndSwap) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  testing$func @i(%p: tile<4xptr<i32>>, %m: tile<4xi1>) -> tile<4xi32> {
    %c = constant <i32: [1, 0, 3, 4]> : tile<4xi32>
    %v = constant <i32: [10, 20, 30, 40]> : tile<4xi32>
    %r, %t = atomic_cas_tko relaxed device %p, %c, %v, %m : tile<4xptr<i32>>, tile<4xi32>, tile<4xi1> -> tile<4xi32>, token
    return %r : tile<4xi32>
  }
  testing$func @f(%p: tile<2xptr<f32>>) -> tile<2xf32> {
    %c = constant <f32: [-0.0, 1.0]> : tile<2xf32>
    %v = constant <f32: [5.0, 6.0]> : tile<2xf32>
    %r, %t = atomic_cas_tko acquire device %p, %c, %v : tile<2xptr<f32>>, tile<2xf32> -> tile<2xf32>, token
    return %r : tile<2xf32>
  }
})mlir"));
  uint64_t a = buffer(std::vector<int32_t>{1, 2, 3, 4});
  // Lane 3 is masked off (its pointer is not even valid) and returns cmp.
  Tile r = eval("i", {ptrs({a, a + 4, a + 8, 0}), i1s({1, 1, 1, 0})})[0];
  std::vector<int64_t> want = {1, 2, 3, 4};
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(r.getSInt(i), want[i]);
  EXPECT_EQ(at<int32_t>(a, 0), 10); // matched
  EXPECT_EQ(at<int32_t>(a, 1), 2);  // 2 != 0
  EXPECT_EQ(at<int32_t>(a, 2), 30);
  EXPECT_EQ(at<int32_t>(a, 3), 4);
  // +0.0 and -0.0 compare equal as floats but not as bits.
  uint64_t f = buffer(std::vector<float>{0.0f, 1.0f});
  Tile x = eval("f", {ptrs({f, f + 4})})[0];
  EXPECT_EQ(bitsAt(x, 0), 0u);
  EXPECT_EQ(at<float>(f, 0), 0.0f);
  EXPECT_EQ(at<float>(f, 1), 6.0f);
}

TEST_F(OracleMemory, AtomicReductionIntoAViewTile) {
  const char *pv =
      "partition_view<tile=(2x2), tensor_view<3x4xi32, strides=[4,1]>>";
  ASSERT_TRUE(parse(std::string(R"mlir(
cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>) {
    %tv = make_tensor_view %p, shape = [3, 4], strides = [4, 1] : tensor_view<3x4xi32, strides=[4,1]>
    %pv = make_partition_view %tv : )mlir") +
                    pv + R"mlir(
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %v = constant <i32: [[1, 2], [3, 4]]> : tile<2x2xi32>
    %t = atomic_red_view_tko relaxed device %pv[%one, %bx], add, %v : tile<2x2xi32>, )mlir" +
                    pv + R"mlir(, tile<i32> -> token
    %t1 = atomic_red_view_tko relaxed device %pv[%one, %one], max, %v : tile<2x2xi32>, )mlir" +
                    pv + R"mlir(, tile<i32> -> token
    return
  }
})mlir"));
  uint64_t a = buffer(iotaI(12));
  // Both blocks: tile (1, bx) gets +[1, 2] on row 2 (row 3 is masked);
  // both also apply max with [1, 2] to row 2, columns 2-3.
  RunResult r = runGrid("k", {ptr(a)}, {2, 1, 1});
  EXPECT_TRUE(r.ok()) << r.failure->str();
  std::vector<int32_t> want = {0, 1, 2, 3, 4, 5, 6, 7, 9, 11, 11, 13};
  for (int i = 0; i < 12; ++i)
    EXPECT_EQ(at<int32_t>(a, i), want[i]) << i;
}

TEST_F(OracleMemory, GlobalIsInitializedOnceAndSharedByBlocks) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  global @counter alignment = 64 <i32: [100, 7]> : tile<2xi32>
  entry @k(%out: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %g = get_global @counter : tile<ptr<i32>>
    %one = constant <i32: 1> : tile<i32>
    %old, %t0 = atomic_rmw_tko relaxed device %g, add, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %g1 = offset %g, %one : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %seven, %t1 = load_ptr_tko relaxed device %g1 : tile<ptr<i32>> -> tile<i32>, token
    %two = constant <i32: 2> : tile<i32>
    %o = offset %out, %bx : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %t2 = store_ptr_tko weak %o, %old : tile<ptr<i32>>, tile<i32> -> token
    %z = constant <i32: 4> : tile<i32>
    %o2 = offset %out, %z : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %o3 = offset %o2, %bx : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %t3 = store_ptr_tko weak %o3, %seven : tile<ptr<i32>>, tile<i32> -> token
    return
  }
})mlir"));
  uint64_t out = buffer(std::vector<int32_t>(8, 0));
  RunResult r = runGrid("k", {ptr(out)}, {4, 1, 1});
  EXPECT_TRUE(r.ok()) << r.failure->str();
  // Blocks run in order 0..3 and see 100, 101, 102, 103: one global.
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(at<int32_t>(out, i), 100 + i) << i;
    EXPECT_EQ(at<int32_t>(out, 4 + i), 7) << i;
  }
}

TEST_F(OracleMemory, ConstantGlobalIsReadOnly) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  global private constant @lut <f32: [1.5, 2.5]> : tile<2xf32>
  global @mut <f32: [1.5, 2.5]> : tile<2xf32>
  testing$func @read() -> tile<f32> {
    %g = get_global @lut : tile<ptr<f32>>
    %one = constant <i32: 1> : tile<i32>
    %g1 = offset %g, %one : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %x, %t = load_ptr_tko weak %g1 : tile<ptr<f32>> -> tile<f32>, token
    return %x : tile<f32>
  }
  testing$func @writeConst() {
    %g = get_global @lut : tile<ptr<f32>>
    %v = constant <f32: 0.0> : tile<f32>
    %t = store_ptr_tko weak %g, %v : tile<ptr<f32>>, tile<f32> -> token
    return
  }
  testing$func @writeMutable() -> tile<f32> {
    %g = get_global @mut : tile<ptr<f32>>
    %v = constant <f32: 4.0> : tile<f32>
    %t = store_ptr_tko weak %g, %v : tile<ptr<f32>>, tile<f32> -> token
    %x, %t1 = load_ptr_tko weak %g token = %t : tile<ptr<f32>> -> tile<f32>, token
    return %x : tile<f32>
  }
})mlir"));
  EXPECT_EQ(valueAt(eval("read", {})[0], 0), 2.5);
  expectUB(evalFailure("writeConst", {}), "constant globals are read-only");
  EXPECT_EQ(valueAt(eval("writeMutable", {})[0], 0), 4.0);
}

TEST_F(OracleMemory, GlobalDeclarationIsNotExecutable) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  global @g <i32: [1]> : tile<1xi32>
})mlir"));
  mlir::Operation *global = nullptr;
  module->walk([&](mlir::Operation *op) {
    if (op->getName().getStringRef() == "cuda_tile.global")
      global = op;
  });
  ASSERT_TRUE(global);
  Interpreter interp(module.get(), memory, RunOptions{});
  OpSemanticsFn fn = interp.lookup(global);
  ASSERT_TRUE(fn);
  ExecContext ctx(interp, {0, 0, 0}, 0);
  EXPECT_TRUE(mlir::failed(fn(ctx, global)));
  std::optional<RunFailure> f = ctx.takeFailure();
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, FailureKind::Error);
  EXPECT_NE(f->message.find("declaration"), std::string::npos);
}

//===----------------------------------------------------------------------===//
// 4-bit elements: two per byte, low nibble first
//===----------------------------------------------------------------------===//

TEST_F(OracleMemory, NibbleWritesKeepTheOtherNibbleAndTrackInitialization) {
  uint64_t a = memory.allocate("nibbles", 2, 256);
  std::string error;
  uint8_t v = 0x07, out = 0;
  ASSERT_TRUE(memory.write(a, &v, 1, 0, Ordering::Weak, error, nullptr, 0x0F))
      << error;
  // The low nibble reads back; the high one was never written.
  ASSERT_TRUE(memory.read(a, &out, 1, 0, Ordering::Weak, error, nullptr, 0x0F))
      << error;
  EXPECT_EQ(out & 0x0F, 0x07);
  EXPECT_FALSE(
      memory.read(a, &out, 1, 0, Ordering::Weak, error, nullptr, 0xF0));
  EXPECT_NE(error.find("uninitialized"), std::string::npos) << error;
  EXPECT_FALSE(memory.read(a, &out, 1, 0, Ordering::Weak, error));
  v = 0x90;
  ASSERT_TRUE(memory.write(a, &v, 1, 0, Ordering::Weak, error, nullptr, 0xF0))
      << error;
  ASSERT_TRUE(memory.read(a, &out, 1, 0, Ordering::Weak, error)) << error;
  EXPECT_EQ(out, 0x97);
}

TEST_F(OracleMemory, FourBitGlobalsAllocasAndViewsArePacked) {
  ASSERT_TRUE(parse(R"mlir(
cuda_tile.module @m {
  global @lut <f4E2M1FN: [0.5, 1.0, 1.5, 2.0, 3.0, -6.0, 4.0, 0.0]> : tile<8xf4E2M1FN>
  testing$func @read() -> tile<2xf4E2M1FN> {
    %g = get_global @lut : tile<ptr<f4E2M1FN>>
    %tv = make_tensor_view %g, shape = [6], strides = [1] : tensor_view<6xf4E2M1FN, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(2), tensor_view<6xf4E2M1FN, strides=[1]>>
    %two = constant <i32: 2> : tile<i32>
    %x, %t = load_view_tko weak %pv[%two] : partition_view<tile=(2), tensor_view<6xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<2xf4E2M1FN>, token
    return %x : tile<2xf4E2M1FN>
  }
  testing$func @addrs() -> (tile<ptr<f4E2M1FN>>, tile<ptr<f4E2M1FN>>) {
    %g = get_global @lut : tile<ptr<f4E2M1FN>>
    %p = alloca num_elem = 5, alignment = 16 : tile<ptr<f4E2M1FN>>
    return %g, %p : tile<ptr<f4E2M1FN>>, tile<ptr<f4E2M1FN>>
  }
})mlir"));
  // Elements 4 and 5: 3.0 and -6.0 (codes 5 and 0xf), from byte 2.
  std::vector<Tile> r = eval("read", {});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(valueAt(r[0], 0), 3.0);
  EXPECT_EQ(valueAt(r[0], 1), -6.0);
  std::vector<Tile> p = eval("addrs", {});
  ASSERT_EQ(p.size(), 2u);
  const Memory::Buffer *g = memory.findBuffer(p[0].get<uint64_t>(0));
  ASSERT_TRUE(g);
  EXPECT_EQ(g->bytes, (std::vector<uint8_t>{0x21, 0x43, 0xF5, 0x06}));
  const Memory::Buffer *a = memory.findBuffer(p[1].get<uint64_t>(0));
  ASSERT_TRUE(a);
  EXPECT_EQ(a->size(), 3u);
}

} // namespace
