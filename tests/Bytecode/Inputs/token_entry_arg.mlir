// A token entry argument next to a pointer (used by ../writer_scope.mlir).
cuda_tile.module @kernels {
  entry @takes_token(%t: token, %p: tile<ptr<f32>>) {
    %u = make_token : token
    %j = join_tokens %t, %u : token
    return
  }
}
