#!/usr/bin/env python3
"""The report of a fuzzing campaign (scripts/campaign.py): report.md,
report.html (self-contained: plots embedded), report.json (for CI) and the
plots as PNG files, all computed from the campaign's state directory.

  campaign_report.py --state DIR [--report DIR] [--bin build/bin]

Contents: the findings table (kind, signature, culprit pass, count, first
and last seen, reduced size, repro command), throughput over time, peak RSS
of the workers, op-kind coverage (cuda_tile ops of the checked programs,
and the dialect's ops never generated), pass coverage (how often each pass
changed the IR it ran on, and the passes of the pipelines that never did),
configuration coverage (each configuration's outcomes).
"""

import argparse
import base64
import collections
import datetime
import html
import io
import json
import os
import re
import sqlite3
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TD_DIR = os.path.join("compiler", "include", "tilecheck", "Dialect",
                      "CudaTile", "IR")
OP_RE = re.compile(r'^def \w+\s*:\s*\w+<"([a-z_0-9]+)"', re.M)
NOT_FINDINGS = {"none", "skipped", "unsupported-target"}
OUTCOMES = ["none", "skipped", "unsupported-target"]


def dialect_ops(root):
    """Every op the cuda_tile dialect declares (its ODS files), as
    'cuda_tile.NAME'."""
    ops = set()
    td = os.path.join(root, TD_DIR)
    if not os.path.isdir(td):
        return ops
    for name in sorted(os.listdir(td)):
        if name.endswith(".td"):
            with open(os.path.join(td, name)) as f:
                ops.update("cuda_tile." + op for op in OP_RE.findall(f.read()))
    return ops


def read_lines(path):
    """The complete JSON lines of a results file (a cut-off last line, left
    by a kill, is ignored)."""
    out = []
    try:
        with open(path) as f:
            for line in f:
                if not line.endswith("\n"):
                    break
                try:
                    out.append(json.loads(line))
                except json.JSONDecodeError:
                    pass
    except FileNotFoundError:
        pass
    return out


def iso(t):
    return datetime.datetime.fromtimestamp(
        t, datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")


def config_flags(config):
    """tilec flags of a tilec configuration string, or None for another
    executor's."""
    flags = []
    for part in config.split(","):
        key, _, value = part.partition("=")
        if key == "compiler":
            return None
        if re.fullmatch(r"sm_\d+[a-z]?", part):
            flags.append("--gpu-name=" + part)
        elif re.fullmatch(r"O[0-3]", part):
            flags.append("-" + part)
        elif key == "v2":
            flags.append("--v2-opt-level=" + value)
        elif key == "strategy":
            flags.append("--pipeline-strategy=" + value)
        elif key == "scheduler":
            flags.append("--scheduler=" + value)
        elif key == "stages":
            flags.append("--unspecialized-pipeline-num-stages=" + value)
        elif key == "agents" and value == "aus":
            flags.append("--materialize-schedule-use-aus")
        elif key == "reg2reg":
            flags.append("--materialize-convert-layout-reg2reg-vec-size=" +
                         value)
        elif key == "queues":
            flags.append("--queue-loads-depth=" + value)
    return flags


def pipeline_passes(bin_dir, config):
    """The pass arguments of a tilec configuration's pipeline (tilec
    --print-pipeline), or None."""
    flags = config_flags(config)
    tilec = os.path.join(bin_dir or "", "tilec")
    if flags is None or not os.access(tilec, os.X_OK):
        return None
    try:
        out = subprocess.run([tilec, "--print-pipeline"] + flags +
                             [os.path.join(ROOT, "corpus", "seeds",
                                           "vector_add.mlir")],
                             capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if out.returncode != 0:
        return None
    text = re.sub(r"\{[^{}]*\}", "", out.stdout)
    return {t for t in re.findall(r"[a-z][a-z0-9_.-]*", text) if "." not in t}


def load(state):
    with open(os.path.join(state, "campaign.json")) as f:
        params = json.load(f)
    lines, dones, failed = [], [], []
    units = os.path.join(state, "units")
    if os.path.isdir(units):
        for name in sorted(os.listdir(units)):
            p = os.path.join(units, name)
            if name.endswith(".jsonl"):
                for line in read_lines(p):
                    line["_unit"] = name[:-6]
                    lines.append(line)
            elif name.endswith(".done"):
                with open(p) as f:
                    dones.append(json.load(f))
            elif name.endswith(".failed"):
                with open(p) as f:
                    record = json.load(f)
                record["key"] = name[:-7]
                failed.append(record)
    triage = {}
    for event in read_lines(os.path.join(state, "triage.jsonl")):
        # A merged state holds every shard's events: a reduction wins over
        # another shard's failure to reduce.
        old = triage.get(event["signature"])
        if old is None or old.get("outcome") not in ("reduced",
                                                     "reduced-before"):
            triage[event["signature"]] = event
    store = {}
    findings = params.get("findings") or os.path.join(state, "findings")
    db = os.path.join(findings, "index.sqlite")
    if os.path.exists(db):
        query = ("SELECT signature, kind, culprit, count, first_seen,"
                 " last_seen, example_dir, signature_text FROM buckets")
        try:
            con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
            try:
                rows = con.execute(query).fetchall()
            finally:
                con.close()
        except sqlite3.Error:
            # A hot journal left by a killed tile-diff: only a connection
            # that may write rolls it back.
            con = sqlite3.connect(db, timeout=30)
            try:
                rows = con.execute(query).fetchall()
            finally:
                con.close()
        for row in rows:
            store[row[0]] = dict(zip(
                ["signature", "kind", "culprit", "count", "first_seen",
                 "last_seen", "example_dir", "signature_text"], row))
    return params, lines, dones, failed, triage, store


def campaign_clock(params, times):
    """Maps wall-clock times onto campaign time: each session's interval
    follows the previous ones without the gaps between sessions (or
    between shards of a merged state). A time outside every recorded
    interval keeps its offset from the nearest earlier session start."""
    starts = []
    for sess in params.get("sessions", []):
        try:
            t = datetime.datetime.strptime(
                sess["start"], "%Y-%m-%dT%H:%M:%SZ").replace(
                    tzinfo=datetime.timezone.utc).timestamp()
        except (KeyError, ValueError):
            continue
        starts.append((t, sess.get("seconds", 0)))
    starts.sort()
    if not starts:
        t0 = min(times) if times else 0
        return lambda t: t - t0
    offsets, total = [], 0.0
    for start, seconds in starts:
        offsets.append((start, total))
        total += seconds

    def clock(t):
        best = offsets[0]
        for start, offset in offsets:
            if start <= t + 1:  # start times have whole seconds
                best = (start, offset)
        return max(0.0, best[1] + t - best[0])
    return clock


def summarize(state, bin_dir):
    params, lines, dones, failed, triage, store = load(state)
    known_ops = dialect_ops(ROOT)
    # Each program once (a resumed unit never checks a program twice, but a
    # merged state might hold the same unit from two runs).
    seen_programs = set()
    programs = []
    for line in lines:
        key = (line.get("policy", ""), line.get("seed"),
               line.get("program", ""))
        if key in seen_programs:
            continue
        seen_programs.add(key)
        programs.append(line)
    programs.sort(key=lambda l: l.get("time", 0))

    kinds = collections.Counter()
    by_config = collections.defaultdict(collections.Counter)
    skip_reasons = collections.Counter()
    ops = collections.Counter()
    pass_changed = collections.Counter()
    instrumented = collections.Counter()  # config -> runs with coverage
    buckets = {}
    errors = []
    policies = collections.Counter()
    for line in programs:
        if "error" in line:
            errors.append({"program": line.get("program", ""),
                           "error": line["error"]})
            continue
        policies[line.get("policy") or "corpus"] += 1
        for op in line.get("ops", []):
            if op.startswith("cuda_tile."):
                ops[op] += 1
        for r in line.get("results", []):
            kind = r["kind"]
            kinds[kind] += 1
            by_config[r["config"]][kind] += 1
            if kind == "skipped":
                skip_reasons[r.get("detail", "")] += 1
            if not r["config"].startswith("compiler=") and \
                    kind not in ("skipped", "unsupported-target"):
                instrumented[r["config"]] += 1
                for p in r.get("changed_passes", []):
                    pass_changed[p] += 1
            if kind in NOT_FINDINGS:
                continue
            sig = r.get("signature", "")
            b = buckets.setdefault(sig, {
                "signature": sig, "kind": kind,
                "culprit": r.get("culprit", ""),
                "culprit_method": r.get("culprit_method", ""),
                "op_kind": r.get("op_kind", ""),
                "detail": r.get("detail", ""), "count": 0,
                "first_seen": line.get("time", 0),
                "last_seen": line.get("time", 0),
                "configs": collections.Counter(),
                "example_program": line.get("program", "")})
            b["count"] += 1
            b["first_seen"] = min(b["first_seen"], line.get("time", 0))
            b["last_seen"] = max(b["last_seen"], line.get("time", 0))
            b["configs"][r["config"]] += 1
    bin_dir = bin_dir or os.path.join(ROOT, "build", "bin")
    rel_bin = os.path.relpath(bin_dir, ROOT) if bin_dir.startswith(ROOT) \
        else bin_dir
    for sig, b in buckets.items():
        s = store.get(sig, {})
        t = triage.get(sig, {})
        b["store_count"] = s.get("count")
        b["example_dir"] = s.get("example_dir", "")
        b["signature_text"] = s.get("signature_text", "")
        b["repro"] = (f"{rel_bin}/tile-diff --repro {b['example_dir']}"
                      if b["example_dir"] else "")
        b["triage"] = t.get("outcome", "pending")
        b["reduced"] = t.get("reduced", "")
        b["ops_before"] = t.get("ops_before")
        b["ops_after"] = t.get("ops_after")
        b["regression"] = t.get("regression", "")
        b["configs"] = dict(b["configs"].most_common())
    bucket_list = sorted(buckets.values(),
                         key=lambda b: (-b["count"], b["signature"]))

    # Pass coverage: every pass of the configurations' pipelines, each over
    # the runs of the configurations whose pipeline has it. Without
    # checkpoints tile-diff compiles without the instrumentation that
    # records the passes, and there is no pass coverage.
    uninstrumented = any(a.startswith("--checkpoints=none")
                         for a in params.get("tile_diff_args", []))
    all_passes = set(pass_changed)
    pipelines_known = True
    runs_of = collections.Counter()
    for config, n in instrumented.items():
        passes = pipeline_passes(bin_dir, config)
        if passes is None:
            pipelines_known = False
            passes = set(pass_changed)
        all_passes |= passes
        for p in passes:
            runs_of[p] += n
    total_instrumented = 0 if uninstrumented else sum(instrumented.values())
    pass_rows = [] if uninstrumented else [
        {"pass": p, "changed": pass_changed[p], "runs": runs_of[p],
         "fraction": pass_changed[p] / runs_of[p] if runs_of[p] else 0.0}
        for p in sorted(all_passes, key=lambda p: (-pass_changed[p], p))]

    # Throughput over campaign time (sessions back to back), in about 60
    # bins of whole seconds; the last bin is divided by the part of it the
    # campaign reached.
    wall = [l.get("time", 0) for l in programs if l.get("time")]
    clock = campaign_clock(params, wall)
    times = sorted(clock(t) for t in wall)
    series = []
    if times:
        span = max(times[-1], 1)
        width = max(1, -(-int(span) // 60))
        bins = collections.Counter(int(t // width) for t in times)
        cumulative = 0
        last = int(span // width)
        for i in range(last + 1):
            cumulative += bins.get(i, 0)
            covered = width if i < last else max(span - i * width, 1)
            if i == last and series and covered < width / 2:
                # A sliver of a last bin joins the one before.
                prev = series[-1]
                prev["programs"] += bins.get(i, 0)
                prev["per_second"] = prev["programs"] / (width + covered)
                prev["cumulative"] = cumulative
                break
            series.append({"t": i * width, "programs": bins.get(i, 0),
                           "per_second": bins.get(i, 0) / covered,
                           "cumulative": cumulative})
    found_times = sorted(clock(b["first_seen"]) for b in bucket_list)
    finding_times = sorted(
        clock(l.get("time", 0)) for l in programs
        for r in l.get("results", []) if r["kind"] not in NOT_FINDINGS)
    rss = sorted(({"ended": d.get("ended", ""), "maxrss_kb":
                   d.get("maxrss_kb", 0), "seconds": d.get("seconds", 0)}
                  for d in dones), key=lambda d: d["ended"])
    seconds = sum(s.get("seconds", 0) for s in params.get("sessions", []))
    findings_total = sum(b["count"] for b in bucket_list)
    corpus_failed = [d for d in dones if d.get("rc") == 2]
    return {
        "state": os.path.abspath(state),
        "params": {k: v for k, v in params.items() if k != "sessions"},
        "sessions": params.get("sessions", []),
        "seconds": seconds,
        "programs": len(programs) - len(errors),
        "programs_per_second": (len(programs) - len(errors)) / seconds
        if seconds else 0.0,
        "failed_units": failed,
        "policies": dict(policies.most_common()),
        "errors": errors,
        "units_done": len(dones),
        "corpus_failed": corpus_failed,
        "config_runs": sum(kinds.values()),
        "outcomes": dict(kinds.most_common()),
        "findings": findings_total,
        "buckets": bucket_list,
        "skip_reasons": dict(skip_reasons.most_common(10)),
        "configs": {c: dict(k.most_common()) for c, k in
                    sorted(by_config.items())},
        "ops": {"seen": dict(ops.most_common()),
                "never": sorted(known_ops - set(ops)),
                "dialect": len(known_ops)},
        "passes": {"rows": pass_rows, "instrumented_runs": total_instrumented,
                   "uninstrumented": uninstrumented,
                   "pipelines_known": pipelines_known,
                   "never_changed": [r["pass"] for r in pass_rows
                                     if not r["changed"]]},
        "throughput": series,
        "first_time": 0.0 if times else None,
        "bucket_times": found_times,
        "finding_times": finding_times,
        "rss": rss,
        "peak_rss_kb": max((d["maxrss_kb"] for d in rss), default=0),
        "generated": datetime.datetime.now(datetime.timezone.utc).strftime(
            "%Y-%m-%d %H:%M UTC"),
    }


# --------------------------------------------------------------------------
# Plots
# --------------------------------------------------------------------------

def plots(summary):
    """{name: PNG bytes}; empty without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return {}
    out = {}

    def save(fig, name):
        buf = io.BytesIO()
        fig.tight_layout()
        fig.savefig(buf, format="png", dpi=90)
        plt.close(fig)
        out[name] = buf.getvalue()

    series = summary["throughput"]
    if series:
        fig, ax = plt.subplots(figsize=(8, 3.2))
        minutes = [p["t"] / 60 for p in series]
        ax.plot(minutes, [p["per_second"] for p in series], color="tab:blue",
                drawstyle="steps-post")
        ax.set_xlabel("campaign time (minutes)")
        ax.set_ylabel("programs/s", color="tab:blue")
        ax2 = ax.twinx()
        ax2.plot(minutes, [p["cumulative"] for p in series],
                 color="tab:gray")
        ax2.set_ylabel("programs checked", color="tab:gray")
        ax.set_title("Throughput")
        save(fig, "throughput.png")

        # Cumulative findings and buckets against campaign time.
        fig, ax = plt.subplots(figsize=(8, 3.2))
        origin = summary["first_time"]
        all_times = summary["finding_times"]
        if all_times and origin is not None:
            ax.step([(t - origin) / 60 for t in all_times],
                    range(1, len(all_times) + 1), where="post",
                    label="findings")
            bt = summary["bucket_times"]
            ax.step([(t - origin) / 60 for t in bt], range(1, len(bt) + 1),
                    where="post", label="buckets")
            ax.legend()
        else:
            ax.text(0.5, 0.5, "no findings", ha="center", va="center",
                    transform=ax.transAxes)
        ax.set_xlabel("campaign time (minutes)")
        ax.set_ylabel("count")
        ax.set_title("Findings and buckets")
        save(fig, "findings.png")

    seen = summary["ops"]["seen"]
    if seen:
        names = sorted(seen, key=lambda o: -seen[o])
        fig, ax = plt.subplots(figsize=(8, max(3, 0.16 * len(names) + 1)))
        ax.barh([n.replace("cuda_tile.", "") for n in names],
                [seen[n] for n in names], color="tab:green")
        ax.invert_yaxis()
        ax.tick_params(axis="y", labelsize=6)
        ax.set_xlabel("programs containing the op")
        ax.set_title(f"Op-kind coverage: {len(seen)} of "
                     f"{summary['ops']['dialect']} cuda_tile ops")
        save(fig, "ops.png")

    rows = summary["passes"]["rows"]
    if rows:
        fig, ax = plt.subplots(figsize=(8, max(3, 0.2 * len(rows) + 1)))
        ax.barh([r["pass"] for r in rows],
                [100 * r["fraction"] for r in rows], color="tab:purple")
        ax.invert_yaxis()
        ax.tick_params(axis="y", labelsize=7)
        ax.set_xlabel("% of the runs with the pass in which it changed the "
                      "IR")
        ax.set_title("Pass coverage")
        save(fig, "passes.png")

    configs = summary["configs"]
    if configs:
        names = list(configs)
        kinds = sorted({k for c in configs.values() for k in c},
                       key=lambda k: (k not in OUTCOMES, k))
        fig, ax = plt.subplots(figsize=(8, max(3, 0.3 * len(names) + 1)))
        left = [0] * len(names)
        for kind in kinds:
            values = [configs[n].get(kind, 0) for n in names]
            ax.barh(names, values, left=left, label=kind)
            left = [a + b for a, b in zip(left, values)]
        ax.invert_yaxis()
        ax.tick_params(axis="y", labelsize=6)
        ax.set_xlabel("configuration runs")
        ax.legend(fontsize=7)
        ax.set_title("Configuration coverage")
        save(fig, "configs.png")

    rss = summary["rss"]
    if rss:
        fig, ax = plt.subplots(figsize=(8, 3))
        ax.plot(range(len(rss)), [d["maxrss_kb"] / 1024 for d in rss], ".",
                markersize=3)
        ax.set_xlabel("unit (in order of completion)")
        ax.set_ylabel("peak RSS of the worker (MiB)")
        ax.set_ylim(bottom=0)
        ax.set_title("Worker memory")
        save(fig, "rss.png")
    return out


# --------------------------------------------------------------------------
# Writers
# --------------------------------------------------------------------------

def short(text, n=120):
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[:n - 1] + "…"


def reduced_text(b):
    if b["ops_before"] is not None:
        return f"{b['ops_before']} → {b['ops_after']} ops"
    return b["triage"]


def markdown(summary, images):
    p = summary["params"]
    out = ["# Fuzzing campaign", ""]
    out.append(f"Generated {summary['generated']} from `{summary['state']}`.")
    budget = []
    if p.get("programs") is not None:
        budget.append(f"{p['programs']} generated programs")
    if p.get("time") is not None:
        budget.append(f"{p['time']:.0f} s")
    out.append(f"Seeds from {p['seed']}, policies `{p['policies']}`, matrix "
               f"`{p['matrix']}`, shard {p['shard']}, budget "
               f"{' and '.join(budget) or '?'}; "
               f"{len(summary['sessions'])} session(s), "
               f"{summary['seconds']:.0f} s in all.")
    out.append("")
    out.append(f"**{summary['programs']} programs checked "
               f"({summary['programs_per_second']:.2f}/s), "
               f"{summary['config_runs']} configuration runs, "
               f"{summary['findings']} findings in "
               f"{len(summary['buckets'])} buckets.** Peak worker RSS "
               f"{summary['peak_rss_kb'] / 1024:.0f} MiB.")
    out.append("")
    out.append("Outcomes: " + ", ".join(f"{k} {n}" for k, n in
                                        summary["outcomes"].items()) + ".")
    if summary["errors"]:
        out.append(f"{len(summary['errors'])} programs could not be checked "
                   f"(not counted above; first: "
                   f"{short(summary['errors'][0]['error'])}).")
    for f in summary["failed_units"]:
        out.append(f"Unit {f['key']}: tile-diff failed {f['attempts']} "
                   f"time(s) (last exit {f['rc']}, {f['missing']} programs "
                   f"unchecked; log `{f['log']}`).")
    out += ["", "## Findings", ""]
    if summary["buckets"]:
        out.append("| kind | signature | culprit | count | first seen | "
                   "last seen | reduced | repro |")
        out.append("|---|---|---|---|---|---|---|---|")
        for b in summary["buckets"]:
            culprit = b["culprit"] or "?"
            if b["op_kind"]:
                culprit += f" ({b['op_kind']})"
            out.append(f"| {b['kind']} | `{b['signature']}` | {culprit} | "
                       f"{b['count']} | {iso(b['first_seen'])} | "
                       f"{iso(b['last_seen'])} | {reduced_text(b)} | "
                       f"`{b['repro']}` |")
        out.append("")
        for b in summary["buckets"]:
            out.append(f"- `{b['signature']}`: {short(b['detail'], 200)}")
    else:
        out.append("No finding.")
    out += ["", "## Throughput", ""]
    if "throughput.png" in images:
        out.append("![throughput](throughput.png)")
        out.append("![findings](findings.png)")
    if "rss.png" in images:
        out.append("![rss](rss.png)")
    out += ["", "## Op-kind coverage", ""]
    ops = summary["ops"]
    out.append(f"{len(ops['seen'])} of {ops['dialect']} cuda_tile ops "
               f"appear in the checked programs.")
    if ops["never"]:
        out.append("Never generated: " + ", ".join(
            f"`{o.replace('cuda_tile.', '')}`" for o in ops["never"]) + ".")
    if "ops.png" in images:
        out.append("")
        out.append("![ops](ops.png)")
    out += ["", "## Pass coverage", ""]
    passes = summary["passes"]
    if passes["uninstrumented"]:
        out.append("No pass coverage: the campaign compiled without "
                   "checkpoints (`--checkpoints=none`), so no pass was "
                   "observed.")
    elif not passes["rows"]:
        out.append("No pass coverage: no tilec configuration ran.")
    out.append(f"Of the tilec configuration runs whose pipeline has the "
               "pass, how many it changed the IR in (its fingerprint before "
               "and after).")
    out.append("")
    out.append("| pass | runs it changed the IR | runs with the pass | % |")
    out.append("|---|---|---|---|")
    for r in passes["rows"]:
        out.append(f"| `{r['pass']}` | {r['changed']} | {r['runs']} | "
                   f"{100 * r['fraction']:.1f} |")
    if passes["never_changed"]:
        out.append("")
        out.append("Never changed the IR: " + ", ".join(
            f"`{p}`" for p in passes["never_changed"]) + ".")
    out += ["", "## Configuration coverage", ""]
    kinds = sorted({k for c in summary["configs"].values() for k in c},
                   key=lambda k: (k not in OUTCOMES, k))
    out.append("| configuration | " + " | ".join(kinds) + " |")
    out.append("|---|" + "---|" * len(kinds))
    for c, counts in summary["configs"].items():
        out.append(f"| `{c}` | " + " | ".join(str(counts.get(k, 0))
                                             for k in kinds) + " |")
    if summary["skip_reasons"]:
        out += ["", "Skipped, most frequent reasons:", ""]
        for reason, n in summary["skip_reasons"].items():
            out.append(f"- {n}: {short(reason, 160)}")
    out.append("")
    return "\n".join(out)


CSS = """
body { font-family: sans-serif; margin: 2em; max-width: 1100px; color: #222; }
table { border-collapse: collapse; margin: 1em 0; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 3px 7px; text-align: left; }
th { background: #f0f0f0; }
code { font-size: 12px; }
td code { word-break: break-all; }
.summary { font-size: 15px; }
img { max-width: 100%; border: 1px solid #eee; margin: 0.5em 0; }
.finding { color: #a00; font-weight: bold; }
.ok { color: #070; font-weight: bold; }
"""

# The page checks itself: once loaded, every image must have decoded; the
# result goes to <body data-check="...">, which a headless browser's DOM
# dump shows (tests/scripts/test_campaign.py).
CHECK_JS = """
window.addEventListener('load', function () {
  var bad = 0;
  var imgs = document.getElementsByTagName('img');
  for (var i = 0; i < imgs.length; i++)
    if (!imgs[i].complete || imgs[i].naturalWidth === 0) bad++;
  document.body.setAttribute('data-check',
      bad ? ('broken-images-' + bad) : ('ok-' + imgs.length + '-images'));
});
"""


def html_report(summary, images):
    e = html.escape
    p = summary["params"]
    parts = ["<!DOCTYPE html><html><head><meta charset='utf-8'>",
             "<title>tilecheck campaign</title>",
             f"<style>{CSS}</style><script>{CHECK_JS}</script>",
             "</head><body data-check='pending'>",
             "<h1>tilecheck fuzzing campaign</h1>"]
    cls = "finding" if summary["findings"] else "ok"
    parts.append(
        f"<p class='summary'><span class='{cls}'>{summary['programs']} "
        f"programs checked, {summary['findings']} findings in "
        f"{len(summary['buckets'])} buckets</span> — "
        f"{summary['programs_per_second']:.2f} programs/s, "
        f"{summary['config_runs']} configuration runs, "
        f"{summary['seconds']:.0f} s over {len(summary['sessions'])} "
        f"session(s), peak worker RSS "
        f"{summary['peak_rss_kb'] / 1024:.0f} MiB.</p>")
    parts.append(
        f"<p>Seeds from {p['seed']}, policies <code>{e(p['policies'])}"
        f"</code>, matrix <code>{e(p['matrix'])}</code>, shard "
        f"{e(str(p['shard']))}. State <code>{e(summary['state'])}</code>. "
        f"Generated {summary['generated']}.</p>")
    parts.append("<p>Outcomes: " + ", ".join(
        f"{e(k)} {n}" for k, n in summary["outcomes"].items()) + ".</p>")
    parts.append("<h2>Findings</h2>")
    if summary["buckets"]:
        parts.append("<table><tr><th>kind</th><th>signature</th>"
                     "<th>culprit</th><th>count</th><th>first seen</th>"
                     "<th>last seen</th><th>reduced</th><th>detail</th>"
                     "<th>repro</th></tr>")
        for b in summary["buckets"]:
            culprit = b["culprit"] or "?"
            if b["op_kind"]:
                culprit += f" ({b['op_kind']})"
            parts.append(
                f"<tr><td>{e(b['kind'])}</td><td><code>{e(b['signature'])}"
                f"</code></td><td>{e(culprit)}</td><td>{b['count']}</td>"
                f"<td>{iso(b['first_seen'])}</td><td>{iso(b['last_seen'])}"
                f"</td><td>{e(reduced_text(b))}</td>"
                f"<td>{e(short(b['detail'], 200))}</td>"
                f"<td><code>{e(b['repro'])}</code></td></tr>")
        parts.append("</table>")
    else:
        parts.append("<p class='ok'>No finding.</p>")

    def img(name, alt):
        if name in images:
            data = base64.b64encode(images[name]).decode()
            parts.append(f"<img alt='{alt}' src='data:image/png;base64,"
                         f"{data}'>")
    parts.append("<h2>Throughput</h2>")
    img("throughput.png", "throughput")
    img("findings.png", "findings over time")
    img("rss.png", "worker memory")
    ops = summary["ops"]
    parts.append(f"<h2>Op-kind coverage</h2><p>{len(ops['seen'])} of "
                 f"{ops['dialect']} cuda_tile ops appear in the checked "
                 "programs.")
    if ops["never"]:
        parts.append(" Never generated: " + ", ".join(
            f"<code>{e(o.replace('cuda_tile.', ''))}</code>"
            for o in ops["never"]) + ".")
    parts.append("</p>")
    img("ops.png", "op-kind coverage")
    passes = summary["passes"]
    parts.append("<h2>Pass coverage</h2><p>Of the tilec configuration runs "
                 "whose pipeline has the pass, how many it changed the IR "
                 "in.</p>")
    img("passes.png", "pass coverage")
    if passes["never_changed"]:
        parts.append("<p>Never changed the IR: " + ", ".join(
            f"<code>{e(x)}</code>" for x in passes["never_changed"]) +
            ".</p>")
    parts.append("<h2>Configuration coverage</h2>")
    img("configs.png", "configuration coverage")
    kinds = sorted({k for c in summary["configs"].values() for k in c},
                   key=lambda k: (k not in OUTCOMES, k))
    parts.append("<table><tr><th>configuration</th>" +
                 "".join(f"<th>{e(k)}</th>" for k in kinds) + "</tr>")
    for c, counts in summary["configs"].items():
        parts.append(f"<tr><td><code>{e(c)}</code></td>" + "".join(
            f"<td>{counts.get(k, 0)}</td>" for k in kinds) + "</tr>")
    parts.append("</table>")
    if summary["skip_reasons"]:
        parts.append("<p>Skipped, most frequent reasons:</p><ul>")
        for reason, n in summary["skip_reasons"].items():
            parts.append(f"<li>{n}: {e(short(reason, 160))}</li>")
        parts.append("</ul>")
    parts.append("</body></html>")
    return "\n".join(parts)


def write_report(state, report_dir, bin_dir=None):
    summary = summarize(state, bin_dir)
    images = plots(summary)
    os.makedirs(report_dir, exist_ok=True)
    for name, data in images.items():
        with open(os.path.join(report_dir, name), "wb") as f:
            f.write(data)
    with open(os.path.join(report_dir, "report.md"), "w") as f:
        f.write(markdown(summary, images))
    with open(os.path.join(report_dir, "report.html"), "w") as f:
        f.write(html_report(summary, images))
    with open(os.path.join(report_dir, "report.json"), "w") as f:
        json.dump(summary, f, indent=1, sort_keys=True)
        f.write("\n")
    if not images:
        print("campaign_report: matplotlib is missing, the report has no "
              "plots (bash scripts/setup.sh installs it)", file=sys.stderr)
    return summary


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--state", required=True)
    ap.add_argument("--report")
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    args = ap.parse_args()
    report = args.report or os.path.join(args.state, "report")
    s = write_report(args.state, report, args.bin)
    print(f"report: {os.path.join(report, 'report.html')} ({s['programs']} "
          f"programs, {s['findings']} findings)")


if __name__ == "__main__":
    main()
