#!/usr/bin/env python3
"""How often generated programs feed value-sensitive ops their edge values.

For every op whose result depends on signedness, rounding, range or special
values (itof/ftoi, div/rem, shifts, min/max, comparisons, float arithmetic
and math), the share of executed instances that had an operand element of
each value class: for integers zero, one, minus-one, negative (sign bit
set), int-min, int-max; for floats nan, +inf, -inf, +0, -0, subnormal,
float-max. The interpreter counts (`tile-run --value-classes`,
oracle/include/tilecheck/Oracle/ValueClasses.h); this script generates the
programs, runs them and adds the counts up.

  value_classes.py count --out FILE.json [--policies full,ints,...]
                         [--count N] [--seed S] [--jobs J] [--bin DIR]
  value_classes.py table FILE.json [FILE2.json]   # Markdown; with two
                         files, "before -> after" per cell

Exit status: 0 done, 2 could not run.
"""

import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Ops on integer operands, and on float operands, whose result depends on
# the operands' signs, range or special values.
INT_OPS = ["itof", "divi", "remi", "shli", "shri", "mini", "maxi", "cmpi",
           "absi", "negi", "muli", "addi", "subi"]
FLOAT_OPS = ["ftoi", "ftof", "cmpf", "addf", "subf", "mulf", "divf", "remf",
             "minf", "maxf", "negf", "absf", "fma", "sqrt", "rsqrt", "exp",
             "exp2", "log", "log2", "floor", "ceil", "tanh", "pow"]
INT_CLASSES = ["zero", "one", "minus-one", "negative", "int-min", "int-max"]
FLOAT_CLASSES = ["nan", "+inf", "-inf", "+0", "-0", "subnormal", "float-max"]


def run_one(bin_dir, policy, seed, tmp):
    """(op counts, exit code) of one generated program; a generator or
    interpreter failure is an exit code ("gen-failed", "timeout"), not an
    exception that would stop the whole count."""
    d = os.path.join(tmp, f"{policy}-{seed}")
    g = subprocess.run([os.path.join(bin_dir, "tile-gen"), "--policy", policy,
                        "--seed", str(seed), "--count", "1", "-o", d],
                       capture_output=True)
    if g.returncode != 0:
        return None, "gen-failed"
    out = os.path.join(d, "classes.json")
    try:
        r = subprocess.run([os.path.join(bin_dir, "tile-run"), "--manifest",
                            os.path.join(d, str(seed), "manifest.json"),
                            "--value-classes", out], capture_output=True,
                           text=True, timeout=600)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    if not os.path.exists(out):
        return None, r.returncode
    with open(out) as f:
        return json.load(f)["ops"], r.returncode


def cmd_count(args):
    totals = {}
    exits = {}
    policies = args.policies.split(",")
    with tempfile.TemporaryDirectory(prefix="value-classes-") as tmp, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(run_one, args.bin, p, args.seed + i, tmp)
                   for p in policies for i in range(args.count)]
        for fut in futures:
            ops, rc = fut.result()
            exits[rc] = exits.get(rc, 0) + 1
            for name, c in (ops or {}).items():
                t = totals.setdefault(name, {"instances": 0, "classes": {},
                                             "programs": 0})
                t["instances"] += c["instances"]
                t["programs"] += 1
                for k, n in c["classes"].items():
                    t["classes"][k] = t["classes"].get(k, 0) + n
    result = {"policies": policies, "count": args.count, "seed": args.seed,
              "exit_codes": {str(k): v for k, v in
                             sorted(exits.items(), key=lambda kv: str(kv[0]))},
              "ops": totals}
    with open(args.out, "w") as f:
        json.dump(result, f, indent=1, sort_keys=True)
    print(f"{args.out}: {sum(exits.values())} programs, exit codes "
          f"{result['exit_codes']}")
    return 0


def cmd_table(args):
    runs = []
    for path in args.files:
        try:
            with open(path) as f:
                runs.append(json.load(f))
        except (OSError, ValueError) as e:
            print(f"value_classes: cannot read {path}: {e}", file=sys.stderr)
            return 2
    print(f"Programs: " + "; ".join(
        f"{os.path.basename(p)}: {r['count']} per policy of "
        f"{','.join(r['policies'])}, seed {r['seed']}"
        for p, r in zip(args.files, runs)))
    print()
    for title, ops, classes in (("Integer", INT_OPS, INT_CLASSES),
                                ("Float", FLOAT_OPS, FLOAT_CLASSES)):
        print(f"{title} operand classes: % of executed instances with an "
              "operand element of the class" +
              (" (before -> after)" if len(runs) > 1 else ""))
        print()
        print("| op | instances | " + " | ".join(classes) + " |")
        print("|---|---|" + "---|" * len(classes))
        for op in ops:
            row = [r["ops"].get("cuda_tile." + op) for r in runs]
            if not any(row):
                continue
            cells = []
            for c in classes:
                vals = []
                for x in row:
                    if not x or not x["instances"]:
                        vals.append("-")
                    else:
                        share = 100.0 * x["classes"].get(c, 0) / x["instances"]
                        vals.append(f"{share:.0f}")
                cells.append(" -> ".join(vals))
            inst = " -> ".join(str(x["instances"]) if x else "0" for x in row)
            print(f"| {op} | {inst} | " + " | ".join(cells) + " |")
        print()
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("count")
    c.add_argument("--out", required=True)
    c.add_argument("--policies", default="full")
    c.add_argument("--count", type=int, default=100)
    c.add_argument("--seed", type=int, default=41000000)
    c.add_argument("--jobs", type=int, default=2)
    c.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    t = sub.add_parser("table")
    t.add_argument("files", nargs="+")
    args = ap.parse_args(argv)
    if args.cmd == "count":
        for tool in ("tile-gen", "tile-run"):
            if not os.access(os.path.join(args.bin, tool), os.X_OK):
                print(f"value_classes: no {tool} in {args.bin}",
                      file=sys.stderr)
                return 2
        return cmd_count(args)
    return cmd_table(args)


if __name__ == "__main__":
    sys.exit(main())
