// RUN: tilec-opt %s -split-input-file -verify-diagnostics

// A weak load must not name a scope.
cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<4x!cuda_tile.ptr<f32>>) {
    // expected-error @below {{weak load must not have memory scope}}
    %v, %t = load_ptr_tko weak device %p : tile<4xptr<f32>> -> tile<4xf32>, token
  }
}

// -----

// A relaxed store needs a scope.
cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<4x!cuda_tile.ptr<f32>>, %v: !cuda_tile.tile<4xf32>) {
    // expected-error @below {{memory scope is required for relaxed store}}
    %t = store_ptr_tko relaxed %p, %v : tile<4xptr<f32>>, tile<4xf32> -> token
  }
}

// -----

// Loads accept weak/relaxed/acquire only.
cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<4x!cuda_tile.ptr<f32>>) {
    // expected-error @below {{expect one of: weak, relaxed, or acquire, but got: release}}
    %v, %t = load_ptr_tko release device %p : tile<4xptr<f32>> -> tile<4xf32>, token
  }
}

// -----

// The pointee type must match the loaded element type.
cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<4x!cuda_tile.ptr<i32>>) {
    // expected-error @below {{`source` type is expected a pointer type of `result` type}}
    %v, %t = load_ptr_tko weak %p : tile<4xptr<i32>> -> tile<4xf32>, token
  }
}

// -----

// The view access needs one index per view dimension.
cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{expected 2 index operands (based on view type), got 1}}
    %t, %tok = load_view_tko weak %v[%i] : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x8xf32>, token
  }
}

// -----

// Index operands share one type.
cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, %i: !cuda_tile.tile<i32>, %j: !cuda_tile.tile<i64>) {
    // expected-error @below {{expected index type 1 to be the same as other index types ('!cuda_tile.tile<i32>'), got '!cuda_tile.tile<i64>'}}
    %t, %tok = load_view_tko weak %v[%i, %j] : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32>, tile<i64> -> tile<8x8xf32>, token
  }
}

// -----

// The stored tile must have the view's tile type.
cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, %i: !cuda_tile.tile<i32>, %x: !cuda_tile.tile<8xf32>) {
    // expected-error @below {{expected tile type to be '!cuda_tile.tile<8x8xf32>' (based on view type), got '!cuda_tile.tile<8xf32>'}}
    %tok = store_view_tko weak %x, %v[%i, %i] : tile<8xf32>, partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
  }
}

// -----

// Constant sizes must agree with the tensor_view type.
cuda_tile.module @m {
  testing$func @f(%b: !cuda_tile.tile<!cuda_tile.ptr<f32>>) {
    // expected-error @below {{input shape dimension 1 does not match tensor_view type (expected 32, got 64)}}
    %tv = make_tensor_view %b, shape = [32, 64], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
  }
}

// -----

// The base pointer must point to the view's element type.
cuda_tile.module @m {
  testing$func @f(%b: !cuda_tile.tile<!cuda_tile.ptr<f32>>) {
    // expected-error @below {{expected pointer to 'f64' to build tensor_view of this type, got 'f32'}}
    %tv = "cuda_tile.make_tensor_view"(%b) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!cuda_tile.tile<!cuda_tile.ptr<f32>>) -> !cuda_tile.tensor_view<f64>
  }
}

// -----

// get_tensor_shape returns one value per dimension.
cuda_tile.module @m {
  testing$func @f(%tv: !cuda_tile.tensor_view<8x8xf32, strides=[8,1]>) {
    // expected-error @below {{expected 2 results due to tensor rank, but got 1}}
    %0 = "cuda_tile.get_tensor_shape"(%tv) : (!cuda_tile.tensor_view<8x8xf32, strides=[8,1]>) -> (!cuda_tile.tile<i32>)
  }
}

// -----

// Atomic RMW: the argument element type must be the pointee type.
cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<2x!cuda_tile.ptr<f32>>, %v: !cuda_tile.tile<2xi32>) {
    // expected-error @below {{expected pointee type ('f32') to match element type of 'arg' ('i32')}}
    %r, %t = atomic_rmw_tko relaxed device %p, add, %v : tile<2xptr<f32>>, tile<2xi32> -> tile<2xi32>, token
  }
}

// -----

// Atomics need a non-weak ordering.
cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<2x!cuda_tile.ptr<i32>>, %v: !cuda_tile.tile<2xi32>) {
    // expected-error @below {{memory ordering semantics must be one of: relaxed, acquire, release, acq_rel}}
    %r, %t = atomic_rmw_tko weak device %p, add, %v : tile<2xptr<i32>>, tile<2xi32> -> tile<2xi32>, token
  }
}

// -----

// Compare-and-swap works on 32/64-bit elements only.
cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<2x!cuda_tile.ptr<i8>>, %v: !cuda_tile.tile<2xi8>) {
    // expected-error @below {{expect only float or integer types with 32 or 64 bit}}
    %r, %t = atomic_cas_tko relaxed device %p, %v, %v : tile<2xptr<i8>>, tile<2xi8> -> tile<2xi8>, token
  }
}

// -----

// View reductions cannot exchange.
cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.partition_view<tile=(2x2), tensor_view<4x4xi32, strides=[4,1]>>, %x: !cuda_tile.tile<2x2xi32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{atomic_red_view_tko op cannot use xchg operation}}
    %t = atomic_red_view_tko relaxed device %v[%i, %i], xchg, %x : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<4x4xi32, strides=[4,1]>>, tile<i32> -> token
  }
}

// -----

// join_tokens needs at least two inputs.
cuda_tile.module @m {
  testing$func @f(%t: !cuda_tile.token) {
    // expected-error @below {{expect two or more tokens}}
    %j = join_tokens %t : token
  }
}

// -----

// get_global checks the pointee type against the global.
cuda_tile.module @m {
  global @g <f16: [1.0, 2.0]> : tile<2xf16>
  entry @k() {
    // expected-error @below {{pointee type of result type '!cuda_tile.ptr<f32>' does not match type 'f16' of the global @g}}
    %p = get_global @g : tile<ptr<f32>>
  }
}

// -----

// Globals are rank 1.
cuda_tile.module @m {
  // expected-error @below {{type must have rank 1}}
  global @g <f16: [[1.0, 2.0]]> : tile<1x2xf16>
}

// -----

// alloca alignment is a power of two.
cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{'alignment' must be power of two}}
    %p = alloca num_elem = 64, alignment = 3 : tile<ptr<f32>>
  }
}

// -----

// alloca alignment covers at least one element.
cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{'alignment' (2) must be at least the natural size (4 bytes) for element type 'f32'}}
    %p = alloca num_elem = 64, alignment = 2 : tile<ptr<f32>>
  }
}
