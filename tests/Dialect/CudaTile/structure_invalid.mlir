// RUN: tilec-opt %s -split-input-file -verify-diagnostics

// Entry arguments must be scalar (rank-0) tiles.
cuda_tile.module @m {
  // expected-error @below {{'cuda_tile.entry' op argument #0 must be a 0-d tile (scalar or pointer), got '!cuda_tile.tile<4xf32>'}}
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

// Only entries and globals live at module level.
cuda_tile.module @m {
  // expected-error @below {{is not allowed at module level}}
  "cuda_tile.return"() : () -> ()
}
