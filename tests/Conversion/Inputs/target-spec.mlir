// Input of convert-tileaa-to-tileas-errors.mlir: a compute capability the
// pass cannot read.
// expected-error @+1 {{failed to get the target spec}}
module {
  nv_tileaa.func @k() attributes {nv_tileaa.kernel} {
    nv_tileaa.return
  }
}
