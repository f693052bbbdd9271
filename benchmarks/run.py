"""Command line: ``python -m benchmarks --out benchmarks/results [--quick]``.

Runs every group of :mod:`benchmarks.cases`, prints each figure as it is
measured, then writes results.json, results.md and results.png into ``--out``.
Exit status 0 when every variant was measured, 1 when one raised (its error is
in the results instead of a time).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import asdict
from pathlib import Path

import helpers  # light: does not import TensorFlow

#: Default output folder (committed): benchmarks/results next to this file.
DEFAULT_OUT = Path(__file__).resolve().parent / "results"
#: Version of the layout of results.json; raise it when keys change.
SCHEMA = 1
MAX_ERROR_CHARS = 500
#: Most calls in one timed round (a fast call on a GPU would otherwise need thousands).
MAX_NUMBER = 200


def run(
    out: str | Path = DEFAULT_OUT, quick: bool = False, seed: int = 42, only: list[str] | None = None
) -> dict:
    """Measure the groups (all, or those named in ``only``), write the three files into ``out``, return the results."""
    start = time.perf_counter()
    helpers.make_reproducible(seed=seed, quiet=True)  # before TensorFlow is imported

    from benchmarks import cases, report
    from helpers import timing
    from helpers.timing import compare

    sizes = cases.QUICK if quick else cases.FULL
    builders = [b for b in cases.GROUPS if not only or group_key(b) in only]
    machine = timing.machine_info()
    print(f"Benchmarks{' (--quick)' if quick else ''} on {timing.machine_line(machine)}", flush=True)
    results = {
        "schema": SCHEMA,
        "quick": quick,
        "seed": seed,
        "sizes": asdict(sizes),
        "machine": machine,
        "groups": {},
        "failed": [],
        "duration_s": None,
    }
    for build in builders:
        group = build(sizes, seed)
        print(f"\n{group.title} - one call: {group.per_call}", flush=True)
        timings, entries = {}, {}
        for case in group.cases:
            entry = {"label": case.label, "note": case.note}
            try:
                with cases.op_determinism(case.deterministic):
                    timing, number = measure_case(case.fn, group.warmup, group.repeats, group.round_s)
            except Exception as err:  # noqa: BLE001 - record it, measure the rest
                message = f"{type(err).__name__}: {err}"[:MAX_ERROR_CHARS]
                entry.update(error=message, median_s=None, spread_s=None, speedup=None)
                results["failed"].append(f"{group.key}/{case.key}")
                print(f"  {case.label:34} FAILED {message.splitlines()[0][:200]}", flush=True)
            else:
                timings[case.key] = timing
                entry.update(
                    median_s=timing.median,
                    spread_s=timing.spread,
                    repeats=timing.repeats,
                    number=number,
                    speedup=None,
                )
                print(f"  {case.label:34} {timing}", flush=True)
            entries[case.key] = entry
        if group.baseline in timings:
            for key, ratio in compare(timings, group.baseline).items():
                entries[key]["speedup"] = ratio
            summary = ", ".join(
                f"{entries[k]['label']} {r:.2f}x" for k, r in compare(timings, group.baseline).items()
            )
            print(f"  speed-up vs {entries[group.baseline]['label']}: {summary}", flush=True)
        results["groups"][group.key] = {
            "title": group.title,
            "per_call": group.per_call,
            "baseline": group.baseline,
            "warmup": group.warmup,
            "repeats": group.repeats,
            "round_s": group.round_s,
            "results": entries,
        }
    results["duration_s"] = time.perf_counter() - start
    paths = report.write_all(results, out)
    print(
        f"\nWrote {', '.join(p.name for p in paths)} into {Path(out)} ({results['duration_s']:.0f} s)",
        flush=True,
    )
    return results


def measure_case(fn, warmup: int, repeats: int, round_s: float, max_number: int = MAX_NUMBER):
    """Return the ``Timing`` of ``fn`` and the calls per round: enough calls that a round lasts about ``round_s``.

    After the warm-up, one timed call sets the number of calls per round
    (between 1 and ``max_number``); ``round_s=0`` times one call per round.
    """
    from helpers.timing import measure

    if round_s <= 0:
        return measure(fn, repeats=repeats, warmup=warmup, number=1), 1
    probe = measure(fn, repeats=1, warmup=warmup, number=1)
    number = max(1, min(max_number, round(round_s / max(probe.median, 1e-9))))
    return measure(fn, repeats=repeats, warmup=0, number=number), number


def group_key(build) -> str:
    """Return the key of the group a builder in ``cases.GROUPS`` makes ('train_step_group' -> 'train_step')."""
    return build.__name__.removesuffix("_group")


GROUP_KEYS = ("train_step", "epoch", "input_pipeline", "inference")


def main(argv: list[str] | None = None) -> int:
    """Parse the command line, run, and return the exit status (1 if any variant failed)."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="Time the guide's recommendations on this machine; write results.json/.md/.png.",
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: %(default)s)")
    parser.add_argument(
        "--quick", action="store_true", help="tiny sizes: checks that everything runs, in seconds"
    )
    parser.add_argument(
        "--seed", type=int, default=42, help="seed for helpers.make_reproducible (default: 42)"
    )
    parser.add_argument(
        "--only",
        nargs="+",
        choices=GROUP_KEYS,
        metavar="GROUP",
        help=f"run only these groups: {', '.join(GROUP_KEYS)}",
    )
    args = parser.parse_args(argv)
    results = run(args.out, quick=args.quick, seed=args.seed, only=args.only)
    if results["failed"]:
        print(f"Failed: {', '.join(results['failed'])} (see results.json)", file=sys.stderr)
        return 1
    return 0
