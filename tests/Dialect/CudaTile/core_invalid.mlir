// RUN: tilec-opt %s -split-input-file -verify-diagnostics

// A bracketed literal must have the tile's shape.
cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{inferred shape of elements literal ([3]) does not match type ([4])}}
    %c = constant <i32: [1, 2, 3]> : tile<4xi32>
  }
}

// -----

// Nested lists must be rectangular.
cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{tensor literal is invalid; ranks are not consistent between elements}}
    %c = constant <i32: [[1, 2], [3]]> : tile<2x2xi32>
  }
}

// -----

// Integer literals must fit the element width (signed or unsigned range).
cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{integer constant out of range for type}}
    %c = constant <i8: 256> : tile<i8>
  }
}

// -----

// Boolean keywords are only for i1.
cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{expected integer value}}
    %c = constant <i32: true> : tile<i32>
  }
}

// -----

// The literal's element type must be the tile's.
cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{mismatch between the element type: 'f16' and the tile element type 'f32'}}
    %c = constant <f16: 1.0> : tile<f32>
  }
}

// -----

// iota produces a 1-d tile.
cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{expects result type to be 1-d tile}}
    %i = iota : tile<4x4xi32>
  }
}

// -----

// iota values must be representable in the element type.
cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{the number of elements 512 exceeds the maximum value of element type 'i8'}}
    %i = iota : tile<512xi8>
  }
}

// -----

// Tile-block queries return i32 scalars.
cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{result #0 must be 0D tile of i32 values, but got '!cuda_tile.tile<i64>'}}
    %x, %y, %z = get_tile_block_id : tile<i64>
  }
}

// -----

// broadcast only stretches size-1 dimensions.
cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error @below {{expects the shape of source tile to be compatible with that of the result tile, but got: 2, 4 and 4, 4}}
    %b = broadcast %a : tile<2x4xf32> -> tile<4x4xf32>
  }
}

// -----

// reshape keeps the element count.
cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error @below {{expected source tile and result tile to have the same number of elements}}
    %b = reshape %a : tile<2x4xf32> -> tile<16xf32>
  }
}

// -----

// permute needs a permutation of all dimensions.
cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error @below {{expect permutation elements to be unique}}
    %b = permute %a [0, 0] : tile<2x4xf32> -> tile<2x4xf32>
  }
}

// -----

// permute result shape follows the permutation.
cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error @below {{result shape invalid at index 0, expected: 4, but got: 2}}
    %b = permute %a [1, 0] : tile<2x4xf32> -> tile<2x4xf32>
  }
}

// -----

// cat's dimension must exist.
cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error @below {{expect dim to be [0, 2), but got: 2}}
    %b = cat %a, %a dim = 2 : tile<2x4xf32>, tile<2x4xf32> -> tile<2x8xf32>
  }
}

// -----

// cat's result adds up the concatenated dimension.
cuda_tile.module @m {
  testing$func @f(%a: tile<2x4xf32>) {
    // expected-error @below {{invalid concat at position 1, expected: 8 but got: 16}}
    %b = cat %a, %a dim = 1 : tile<2x4xf32>, tile<2x4xf32> -> tile<2x16xf32>
  }
}

// -----

// extract takes one index per dimension.
cuda_tile.module @m {
  testing$func @f(%a: tile<4x4xf32>, %i: tile<i32>) {
    // expected-error @below {{expected 2 indices, but got 1}}
    %b = extract %a[%i] : tile<4x4xf32> -> tile<2x2xf32>
  }
}

// -----

// extract blocks must tile the source evenly.
cuda_tile.module @m {
  testing$func @f(%a: tile<4x4xf32>, %i: tile<i32>) {
    // expected-error @below {{source dimension 1 size (4) must be evenly divisible by result dimension 1 size (8)}}
    %b = extract %a[%i, %i] : tile<4x4xf32> -> tile<2x8xf32>
  }
}

// -----

// reduce needs one identity per operand.
cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>) {
    // expected-error @below {{expect identities to match the number of operands but got: 1 operands and 2 identities}}
    %r = reduce %a dim=0 identities=[0.0 : f32, 1.0 : f32] : tile<8xf32> -> tile<f32>
    (%e: tile<f32>, %acc: tile<f32>) {
      yield %e : tile<f32>
    }
  }
}

// -----

// reduce's dimension must exist.
cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>) {
    // expected-error @below {{dimension (3) is out of bound [0, 1)}}
    %r = reduce %a dim=3 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%e: tile<f32>, %acc: tile<f32>) {
      yield %e : tile<f32>
    }
  }
}

// -----

// reduce's body takes rank-0 tiles.
cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>) {
    // expected-error @below {{expect 0-rank tile type at index: 0 but got: '!cuda_tile.tile<1xf32>'}}
    %r = reduce %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%e: tile<1xf32>, %acc: tile<f32>) {
      yield %acc : tile<f32>
    }
  }
}

// -----

// reduce yields one value per operand.
cuda_tile.module @m {
  testing$func @f(%a: tile<8xf32>) {
    // expected-error @below {{expect number of terminators operands (0) to match number of operands (1)}}
    %r = reduce %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%e: tile<f32>, %acc: tile<f32>) {
      yield
    }
  }
}

// -----

// reduce results drop the reduced dimension.
cuda_tile.module @m {
  testing$func @f(%a: tile<8x4xf32>) {
    // expected-error @below {{failed to infer returned types}}
    // expected-error @below {{inferred type(s) '!cuda_tile.tile<4xf32>' are incompatible with return type(s) of operation '!cuda_tile.tile<8xf32>'}}
    %r = reduce %a dim=0 identities=[0.0 : f32] : tile<8x4xf32> -> tile<8xf32>
    (%e: tile<f32>, %acc: tile<f32>) {
      yield %e : tile<f32>
    }
  }
}

// -----

// Only pure ops may combine elements.
cuda_tile.module @m {
  testing$func @f(%a: tile<8xi32>) {
    %r = scan %a dim=0 reverse=false identities=[0 : i32] : tile<8xi32> -> tile<8xi32>
    (%e: tile<i32>, %acc: tile<i32>) {
      // expected-error @below {{'cuda_tile.print_tko' op only pure operations are allowed inside 'cuda_tile.scan'}}
      %t = print_tko "x" -> token
      yield %e : tile<i32>
    }
  }
}

// -----

// mmaf operands must agree on K.
cuda_tile.module @m {
  testing$func @f(%a: tile<4x16xf16>, %b: tile<8x16xf16>, %c: tile<4x16xf32>) {
    // expected-error @below {{dim 1 of lhs (16) and dim 0 of rhs (8) must match, but got lhs shape (4, 16) and rhs shape (8, 16)}}
    %d = mmaf %a, %b, %c : tile<4x16xf16>, tile<8x16xf16>, tile<4x16xf32>
  }
}

// -----

// mmaf restricts the accumulator type per input type.
cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xbf16>, %b: tile<8x4xbf16>, %c: tile<4x4xf16>) {
    // expected-error @below {{unsupported combination of element types. Input type 'bf16' expects accumulator/result type to be one of {'f32'}, but got 'f16'}}
    %d = mmaf %a, %b, %c : tile<4x8xbf16>, tile<8x4xbf16>, tile<4x4xf16>
  }
}

// -----

// mmai takes i8 inputs.
cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xi16>, %b: tile<8x4xi16>, %c: tile<4x4xi32>) {
    // expected-error @below {{operand #0 must be mmai operand tile type of i8 values, but got '!cuda_tile.tile<4x8xi16>'}}
    %d = mmai %a, %b, %c signed signed : tile<4x8xi16>, tile<8x4xi16>, tile<4x4xi32>
  }
}

// -----

// mmaf_scaled f8 inputs use blocks of 32 elements per scale.
cuda_tile.module @m {
  testing$func @f(%a: tile<64x64xf8E5M2>, %b: tile<64x64xf8E5M2>, %c: tile<64x64xf32>,
                  %sa: tile<64x4xf8E8M0FNU>, %sb: tile<4x64xf8E8M0FNU>) {
    // expected-error @below {{shape error: f8 element type requires block scale factor of lhs_scale and rhs_scale to be 32, but got 16}}
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x64xf8E5M2>, tile<64x64xf8E5M2>, tile<64x64xf32>, tile<64x4xf8E8M0FNU>, tile<4x64xf8E8M0FNU>
  }
}

// -----

// f8E4M3FN scales only go with f4E2M1FN inputs.
cuda_tile.module @m {
  testing$func @f(%a: tile<64x64xf8E5M2>, %b: tile<64x64xf8E5M2>, %c: tile<64x64xf32>,
                  %sa: tile<64x2xf8E4M3FN>, %sb: tile<2x64xf8E4M3FN>) {
    // expected-error @below {{unsupported combination of element types. Scale type 'f8E4M3FN' expects lhs and rhs element types to be 'f4E2M1FN', but got 'f8E5M2'}}
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x64xf8E5M2>, tile<64x64xf8E5M2>, tile<64x64xf32>, tile<64x2xf8E4M3FN>, tile<2x64xf8E4M3FN>
  }
}
