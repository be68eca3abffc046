// RUN: tilec-opt %s -split-input-file -verify-diagnostics

// Entry arguments must be scalar (rank-0) tiles.
cuda_tile.module @m {
  // expected-error @below {{'cuda_tile.entry' op entry op must have scalar types (rank 0 !cuda_tile.tile)}}
  entry @k(%a: !cuda_tile.tile<4xf32>) {
  }
}

// -----

// Tile dimensions must be powers of two.
cuda_tile.module @m {
  // expected-error @below {{all dimensions must be powers of two, got 3, 4}}
  testing$func @f(%a: !cuda_tile.tile<3x4xf32>) {
  }
}

// -----

// A partition view may not map one tensor dimension twice.
cuda_tile.module @m {
  // expected-error @below {{target dimension 0 mapped at least twice (for tile dimensions 0 and 1)}}
  testing$func @f(%a: !cuda_tile.partition_view<tile=(2x2), tensor_view<4x4xf32, strides=[4,1]>, dim_map=[0, 0]>) {
  }
}

// -----

// Optimization hints must name a dictionary per architecture.
cuda_tile.module @m {
  // expected-error @below {{expected dictionary attribute for optimization_hints entry `sm_100` got value=2 : i64}}
  entry @k() optimization_hints=<sm_100 = 2> {
  }
}

// -----

// The implicit return of a function with results has no operands.
cuda_tile.module @m {
  // expected-error @below {{'cuda_tile.return' op has 0 operands, but enclosing function (@f) returns 1}}
  testing$func @f(%a: tile<4xi32>) -> tile<4xi32> {
  }
}

// -----

// Returned types must match the function's result types one by one.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>, %b: tile<4xf32>) -> (tile<4xi32>, tile<4xi32>) {
    // expected-error @below {{type of return operand 1 ('!cuda_tile.tile<4xf32>') doesn't match function result type ('!cuda_tile.tile<4xi32>') in function @f}}
    return %a, %b : tile<4xi32>, tile<4xf32>
  }
}

// -----

// F4E2M1FN tiles need an even element count; this is reported before the
// power-of-two rule.
cuda_tile.module @m {
  // expected-error @below {{F4E2M1FN tiles must have an even number of elements}}
  testing$func @f(%a: tile<3x5xf4E2M1FN>) {
  }
}

// -----

// Tiles of pointers to f4E2M1FN have rank 0 (tileiras 13.5's rule and its
// words): memory packs two 4-bit elements per byte, so every other
// element has no byte address; views reach 4-bit memory.
cuda_tile.module @m {
  testing$func @f(%p: tile<ptr<f4E2M1FN>>) {
    // expected-error @below {{tiles of ptr<f4E2M1FN> must have rank 0; use an f4 tile view for memory accesses}}
    %0 = reshape %p : tile<ptr<f4E2M1FN>> -> tile<1xptr<f4E2M1FN>>
  }
}

// -----

// A token that cannot start a type where a short type is expected.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error @below {{custom op 'cuda_tile.broadcast' expected valid keyword}}
    %0 = broadcast %a : tile<4xi32> -> tile<4x-4xi32>
  }
}
