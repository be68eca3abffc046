// An entry argument of a builtin tensor type: valid for the dialect,
// refused by the bytecode writer (used by ../writer_scope.mlir).
cuda_tile.module @kernels {
  cuda_tile.entry @tensor_arg(%arg0 : tensor<2xi16>) {
    cuda_tile.return
  }
}
