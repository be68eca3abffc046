// RUN: tilec-opt %s | FileCheck %s --check-prefix=SILENT
// RUN: tilec-opt %s -Wunsupported-hints -split-input-file -verify-diagnostics
// RUN: not tilec-opt %s -Wunsupported-hints -Werr-hints 2>&1 | FileCheck %s --check-prefix=ERR

// Unsupported hints are kept silently by default, warned about with
// -Wunsupported-hints and fail verification with -Werr-hints as well.

// SILENT: optimization_hints=<sm_999 = {num_cta_in_cga = 2}>
// ERR: warning: unknown hint key sm_999
// ERR: error: Optimization hints verification failed
cuda_tile.module @m {
  // expected-warning @below {{unknown hint key sm_999}}
  entry @k() optimization_hints=<sm_999 = {num_cta_in_cga = 2}> {
  }
}

// -----

cuda_tile.module @m2 {
  // expected-warning @below {{expected power-of-two ≤ 16 for sm_90.num_cta_in_cga}}
  // expected-warning @below {{integer value in the range [1, 32] is expected for sm_90.occupancy}}
  // expected-warning @below {{bogus is not known hint for current Operation}}
  entry @k() optimization_hints=<sm_90 = {num_cta_in_cga = 3, occupancy = 0, bogus = 1}> {
  }
}
