//===- CudaTileTypesTest.cpp - cuda_tile type rules and round trips -------===//
//
// Unit tests for the type verifiers (power-of-two dimensions, element limit,
// f4 parity, view rules) and RapidCheck properties: every valid type prints
// to text that parses back to the same type, in both the prefixed and the
// short spelling; invalid shapes are always rejected.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"
#include "tilecheck/InitAll.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

using namespace mlir;
using namespace tilecheck::cuda_tile;

namespace {

class CudaTileTypes : public ::testing::Test {
protected:
  CudaTileTypes() {
    DialectRegistry registry;
    tilecheck::registerAllDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
  }

  /// Verifies a tile type, capturing the diagnostic text.
  bool tileIsValid(ArrayRef<int64_t> shape, Type elem, std::string *msg = nullptr) {
    std::string text;
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
      text = d.str();
      return success();
    });
    bool ok = static_cast<bool>(
        TileType::getChecked([&] { return emitError(UnknownLoc::get(&ctx)); }, shape, elem));
    if (msg)
      *msg = text;
    return ok;
  }

  Type parse(StringRef text) {
    ScopedDiagnosticHandler handler(&ctx, [](Diagnostic &) { return success(); });
    return parseType(text, &ctx);
  }

  std::string print(Type t) {
    std::string s;
    llvm::raw_string_ostream os(s);
    t.print(os);
    return s;
  }

  MLIRContext ctx;
};

TEST_F(CudaTileTypes, TileDimensionsMustBePowersOfTwo) {
  Type f32 = Float32Type::get(&ctx);
  EXPECT_TRUE(tileIsValid({2, 4}, f32));
  EXPECT_TRUE(tileIsValid({}, f32));
  std::string msg;
  EXPECT_FALSE(tileIsValid({3, 5, 9}, f32, &msg));
  EXPECT_EQ(msg, "all dimensions must be powers of two, got 3, 5, 9");
  EXPECT_FALSE(tileIsValid({0}, f32));
}

TEST_F(CudaTileTypes, TileElementLimitIs2To24) {
  Type i8 = IntegerType::get(&ctx, 8);
  EXPECT_TRUE(tileIsValid({1 << 12, 1 << 12}, i8));
  EXPECT_FALSE(tileIsValid({1 << 12, 1 << 13}, i8));
}

TEST_F(CudaTileTypes, F4TilesNeedEvenElementCount) {
  Type f4 = Float4E2M1FNType::get(&ctx);
  std::string msg;
  EXPECT_FALSE(tileIsValid({1}, f4, &msg));
  EXPECT_EQ(msg, "F4E2M1FN tiles must have an even number of elements");
  EXPECT_TRUE(tileIsValid({2}, f4));
}

TEST_F(CudaTileTypes, RejectsUnsupportedElementTypes) {
  EXPECT_FALSE(tileIsValid({2}, IntegerType::get(&ctx, 7)));
  EXPECT_FALSE(tileIsValid({2}, IndexType::get(&ctx)));
  EXPECT_TRUE(tileIsValid({2}, PointerType::get(&ctx, Float16Type::get(&ctx))));
}

TEST_F(CudaTileTypes, ShortAndPrefixedSpellingsParseAlike) {
  Type a = parse("!cuda_tile.tile<8x!cuda_tile.ptr<f32>>");
  Type b = parse("!cuda_tile.tile<8xptr<f32>>");
  ASSERT_TRUE(a);
  EXPECT_EQ(a, b);
  EXPECT_EQ(print(a), "!cuda_tile.tile<8xptr<f32>>");
}

TEST_F(CudaTileTypes, PartitionViewPrintsIdentityDimMapImplicitly) {
  Type t = parse("!cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, "
                 "strides=[16,1]>, dim_map=[0, 1]>");
  ASSERT_TRUE(t);
  EXPECT_EQ(print(t), "!cuda_tile.partition_view<tile=(2x2), "
                      "tensor_view<16x16xf32, strides=[16,1]>>");
  Type p = parse("!cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, "
                 "strides=[16,1]>, dim_map=[1, 0]>");
  ASSERT_TRUE(p);
  EXPECT_NE(print(p).find("dim_map=[1, 0]"), std::string::npos);
}

TEST_F(CudaTileTypes, PartitionViewRejectsDuplicateDimMap) {
  EXPECT_FALSE(parse("!cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, "
                     "strides=[16,1]>, dim_map=[0, 0]>"));
}

TEST_F(CudaTileTypes, TensorViewRankZeroHasNoStrides) {
  Type t = parse("!cuda_tile.tensor_view<f32>");
  ASSERT_TRUE(t);
  EXPECT_EQ(print(t), "!cuda_tile.tensor_view<f32>");
  EXPECT_FALSE(parse("!cuda_tile.tensor_view<4xf32>"));
}

//===----------------------------------------------------------------------===//
// Properties
//===----------------------------------------------------------------------===//

/// A random element type a tile may hold.
Type pickElement(MLIRContext &ctx, int k) {
  switch (k % 13) {
  case 0: return IntegerType::get(&ctx, 1);
  case 1: return IntegerType::get(&ctx, 8);
  case 2: return IntegerType::get(&ctx, 16);
  case 3: return IntegerType::get(&ctx, 32);
  case 4: return IntegerType::get(&ctx, 64);
  case 5: return Float16Type::get(&ctx);
  case 6: return BFloat16Type::get(&ctx);
  case 7: return Float32Type::get(&ctx);
  case 8: return Float64Type::get(&ctx);
  case 9: return FloatTF32Type::get(&ctx);
  case 10: return Float8E4M3FNType::get(&ctx);
  case 11: return Float8E5M2Type::get(&ctx);
  default: return PointerType::get(&ctx, Float32Type::get(&ctx));
  }
}

TEST_F(CudaTileTypes, ValidTilesRoundTripThroughText) {
  rc::check("print(parse(t)) == t for valid tiles", [&] {
    auto logDims = *rc::gen::container<std::vector<int>>(
        *rc::gen::inRange(0, 5), rc::gen::inRange(0, 6));
    SmallVector<int64_t> shape;
    for (int l : logDims)
      shape.push_back(int64_t(1) << l);
    Type elem = pickElement(ctx, *rc::gen::inRange(0, 13));
    auto tile = TileType::get(shape, elem);
    RC_ASSERT(parse(print(tile)) == Type(tile));
  });
}

TEST_F(CudaTileTypes, NonPowerOfTwoDimensionsAreAlwaysRejected) {
  rc::check("a tile with a non-power-of-two dimension never verifies", [&] {
    auto dims = *rc::gen::container<std::vector<int64_t>>(
        *rc::gen::inRange(1, 4), rc::gen::inRange<int64_t>(1, 64));
    bool allPow2 = llvm::all_of(dims, [](int64_t d) { return llvm::isPowerOf2_64(d); });
    RC_PRE(!allPow2);
    RC_ASSERT(!tileIsValid(dims, Float32Type::get(&ctx)));
  });
}

TEST_F(CudaTileTypes, TensorViewsRoundTripThroughText) {
  rc::check("print(parse(v)) == v for tensor views", [&] {
    int rank = *rc::gen::inRange(0, 4);
    SmallVector<int64_t> shape, strides;
    for (int i = 0; i < rank; ++i) {
      shape.push_back(*rc::gen::elementOf(std::vector<int64_t>{ShapedType::kDynamic, 1, 7, 64, 4096}));
      strides.push_back(*rc::gen::elementOf(std::vector<int64_t>{ShapedType::kDynamic, 1, 3, 128}));
    }
    auto view = TensorViewType::get(&ctx, Float16Type::get(&ctx), shape, strides);
    RC_ASSERT(parse(print(view)) == Type(view));
  });
}

} // namespace
