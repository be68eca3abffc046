#!/bin/sh
# A stand-in for cuobjdump --dump-resource-usage CUBIN (chosen with
# TILECHECK_CUOBJDUMP): the report's shape as cuobjdump 13.x prints it.
[ "$1" = "--dump-resource-usage" ] && [ -f "$2" ] || exit 1
cat <<'OUT'

Resource usage:
 Common:
  GLOBAL:0
 Function k:
  REG:40 STACK:0 SHARED:50000 LOCAL:0 CONSTANT[0]:392 TEXTURE:0 SURFACE:0 SAMPLER:0
OUT
