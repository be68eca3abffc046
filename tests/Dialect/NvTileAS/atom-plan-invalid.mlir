// The attributes of a materialized layout conversion (compiler/docs/
// Lowering.md, "Materializing layout conversions"): a plan's tag fixes the
// op that carries it, so no later pass can change it (seed 001).
// RUN: tilec-opt --split-input-file --verify-diagnostics %s

nv_tileaa.func @staging_tag_on_convert(%a: tensor<16xf32, #nv_tileas<layout reg>>) {
  // expected-error @+1 {{a shared-memory staging atom plan (tag 1) belongs on nv_tileas.smem_load; the tag of a materialized conversion cannot change}}
  %0 = nv_tileas.convert_layout %a {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 1, atomBytes = 16>} : (tensor<16xf32, #nv_tileas<layout reg>>) -> tensor<16xf32, #nv_tileas<layout smem>>
  nv_tileaa.return
}

// -----

nv_tileaa.func @register_tag_on_load(%b: !nv_tileas.smem<16xf32>) {
  // expected-error @+1 {{a register-to-register atom plan (tag 0) belongs on nv_tileas.convert_layout; the tag of a materialized conversion cannot change}}
  %0 = nv_tileas.smem_load %b {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 0, atomBytes = 16>} : (!nv_tileas.smem<16xf32>) -> tensor<16xf32, #nv_tileas<layout reg>>
  nv_tileaa.return
}

// -----

nv_tileaa.func @unknown_tag(%b: !nv_tileas.smem<16xf32>) {
  // expected-error @+1 {{atom plan tag 2 is neither 0 (register to register) nor 1 (shared-memory staging)}}
  %0 = nv_tileas.smem_load %b {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 2, atomBytes = 16>} : (!nv_tileas.smem<16xf32>) -> tensor<16xf32, #nv_tileas<layout reg>>
  nv_tileaa.return
}

// -----

nv_tileaa.func @empty_atom(%a: tensor<16xf32, #nv_tileas<layout reg>>) {
  // expected-error @+1 {{an atom plan moves at least one byte per atom}}
  %0 = nv_tileas.convert_layout %a {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 0, atomBytes = 0>} : (tensor<16xf32, #nv_tileas<layout reg>>) -> tensor<16xf32, #nv_tileas<layout smem>>
  nv_tileaa.return
}

// -----

nv_tileaa.func @root_without_plan(%a: tensor<16xf32, #nv_tileas<layout reg>>) {
  // expected-error @+1 {{'nv_tileas.root_reg_to_reg_copy_op' marks a nv_tileas.convert_layout with a register-to-register atom plan}}
  %0 = nv_tileas.convert_layout %a {nv_tileas.root_reg_to_reg_copy_op} : (tensor<16xf32, #nv_tileas<layout reg>>) -> tensor<16xf32, #nv_tileas<layout smem>>
  nv_tileaa.return
}

// -----

nv_tileaa.func @root_on_staging(%b: !nv_tileas.smem<16xf32>) {
  // expected-error @+1 {{'nv_tileas.root_reg_to_reg_copy_op' marks a nv_tileas.convert_layout with a register-to-register atom plan}}
  %0 = nv_tileas.smem_load %b {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 1, atomBytes = 16>, nv_tileas.root_reg_to_reg_copy_op} : (!nv_tileas.smem<16xf32>) -> tensor<16xf32, #nv_tileas<layout reg>>
  nv_tileaa.return
}

// -----

nv_tileaa.func @bytes_without_plan(%b: !nv_tileas.smem<16xi8>) {
  // expected-error @+1 {{'nv_tileas.reinterpret_byte' marks the reader of a materialized layout conversion (with its atom plan)}}
  %0 = nv_tileas.smem_load %b {nv_tileas.reinterpret_byte} : (!nv_tileas.smem<16xi8>) -> tensor<16xi8, #nv_tileas<layout reg>>
  nv_tileaa.return
}

// -----

nv_tileaa.func @not_a_plan(%a: tensor<16xf32, #nv_tileas<layout reg>>) {
  // expected-error @+1 {{'nv_tileas.atom_plan' must be an #nv_tileas.atom_plan}}
  %0 = nv_tileas.convert_layout %a {nv_tileas.atom_plan = 1 : i32} : (tensor<16xf32, #nv_tileas<layout reg>>) -> tensor<16xf32, #nv_tileas<layout smem>>
  nv_tileaa.return
}
