"""Record the machine, and write the results as JSON, a Markdown table and a bar chart (PNG).

Everything here works from the plain ``results`` dict that ``benchmarks.run`` builds
(the content of ``results.json``), so the table and chart can be redrawn from a saved file.
"""

from __future__ import annotations

import json
import os
import textwrap
from pathlib import Path

import matplotlib

from helpers.timing import machine_line

matplotlib.use("Agg")  # files only: works without a display

import matplotlib.pyplot as plt  # noqa: E402

#: Files written into the output folder.
JSON_NAME = "results.json"
MARKDOWN_NAME = "results.md"
CHART_NAME = "results.png"


#: How the Markdown names the model each size setting uses (``Sizes.model`` in ``benchmarks.cases``).
MODEL_TEXT = {
    "cnn": "the guide's CNN (`helpers.models.build_cnn`)",
    "mlp": "a small dense net (`helpers.models.build_mlp`), to keep the smoke test short",
}


def md_text(text: str) -> str:
    """Return ``text`` with the characters Markdown would read as markup (``_ * ` | \\``) escaped."""
    for char in "\\`*_|":
        text = text.replace(char, "\\" + char)
    return text


def _on_off(flag: bool | None) -> str:
    return "unknown" if flag is None else ("on" if flag else "off")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


def to_markdown(results: dict) -> str:
    """Return the results as Markdown: the machine, then one table per group (ms and speed-up vs its baseline)."""
    machine, sizes = results["machine"], results["sizes"]
    lines = [
        "# Benchmark results",
        "",
        f"Machine: {machine_line(machine)}.",
        f"TensorFlow threads: {machine['tf_intra_op_threads']} intra-op / {machine['tf_inter_op_threads']} "
        f"inter-op; deterministic ops: {_on_off(machine['deterministic_ops'])} "
        "(the notebooks' setting, from `helpers.make_reproducible`).",
        f"Run: {'--quick (tiny sizes, not a measurement)' if results['quick'] else 'full'}, "
        f"{results['duration_s']:.0f} s in all.",
        f"Model: {MODEL_TEXT[sizes['model']]}; batch {sizes['batch_size']}; "
        f"{sizes['examples']} training images at most.",
        "",
        "Each time is the median over the timed rounds, after untimed warm-up calls; spread = max - min "
        "over the rounds. Speed-up = baseline median / variant median: above 1 is faster than the baseline.",
    ]
    for group in results["groups"].values():
        base = md_text(group["results"][group["baseline"]]["label"])
        lines += [
            "",
            f"## {md_text(group['title'])}",
            "",
            f"One call: {md_text(group['per_call'])}. {group['warmup']} untimed warm-up call(s), then {group['repeats']} "
            "timed rounds"
            + (f" of about {group['round_s']:g} s each." if group["round_s"] > 0 else " of one call each."),
            "",
            f"| variant | ms per call (median) | spread (ms) | rounds x calls | speed-up vs {base} |",
            "|---|---:|---:|---:|---:|",
        ]
        for key, case in group["results"].items():
            label = md_text(case["label"]) + (" (baseline)" if key == group["baseline"] else "")
            if case.get("error"):
                lines.append(f"| {label} | failed: {md_text(case['error'].splitlines()[0][:120])} | | | |")
                continue
            ratio = "n/a" if case["speedup"] is None else f"{case['speedup']:.2f}x"
            calls = f"{case['repeats']} x {case['number']}"
            lines.append(
                f"| {label} | {_ms(case['median_s'])} | {_ms(case['spread_s'])} | {calls} | {ratio} |"
            )
        notes = [
            f"- **{md_text(c['label'])}**: {md_text(c['note'])}."
            for c in group["results"].values()
            if c.get("note")
        ]
        if notes:
            lines += ["", "Notes:", "", *notes]
    return "\n".join(lines) + "\n"


def _ascii(text: str) -> str:
    return text.encode("ascii", "replace").decode("ascii")


# The chart is read on phones too (the book's results page, about 360 px wide): a narrow
# figure, each variant's name above its bar instead of beside it, and type large enough to
# stay readable when the picture is shrunk to that width.
CHART_WIDTH_IN = 5.6
CHART_FONT = 12


def draw_chart(results: dict):
    """Return a figure with one panel per group: horizontal bars of the speed-ups, a dashed line at 1 (baseline)."""
    groups = list(results["groups"].values())
    sizes = [len(group["results"]) for group in groups]
    fig, axes = plt.subplots(
        len(groups),
        1,
        figsize=(CHART_WIDTH_IN, 1.2 + sum(0.62 * n + 0.9 for n in sizes)),
        gridspec_kw={"height_ratios": [n + 1.2 for n in sizes]},
        squeeze=False,
    )
    for ax, group in zip(axes[:, 0], groups):
        keys = list(group["results"])
        cases = [group["results"][k] for k in keys]
        labels = [
            _ascii(c["label"]) + (" (baseline)" if k == group["baseline"] else "")
            for k, c in zip(keys, cases)
        ]
        values = [c["speedup"] or 0.0 for c in cases]
        colors = ["0.6" if k == group["baseline"] else plt.cm.tab10(i) for i, k in enumerate(keys)]
        positions = list(range(len(cases)))[::-1]  # first case at the top
        bars = ax.barh(positions, values, color=colors, height=0.42, align="edge")
        texts = []
        for case, value in zip(cases, values):
            if case.get("error"):
                texts.append("failed (see results.json)")
            elif case["speedup"] is None:
                texts.append(f"n/a ({case['median_s'] * 1000:.1f} ms)")
            else:
                texts.append(f"{value:.2f}x ({case['median_s'] * 1000:.0f} ms)")
        ax.bar_label(bars, labels=texts, padding=3, fontsize=CHART_FONT - 1)
        for position, label in zip(positions, labels):  # the variant's name, above its bar
            ax.text(0, position + 0.47, label, fontsize=CHART_FONT - 1, va="bottom", ha="left")
        ax.set_yticks([])
        ax.set_ylim(-0.15, len(cases) - 0.05)
        ax.axvline(1.0, color="black", linestyle="--", linewidth=1)
        ax.set_xlim(0, max([1.0, *values]) * 1.6)
        ax.tick_params(axis="x", labelsize=CHART_FONT - 2)
        ax.set_title(_ascii(group["title"]), fontsize=CHART_FONT, loc="left", fontweight="bold")
        ax.grid(visible=False)
    axes[-1, 0].set_xlabel("speed-up vs the baseline (higher is faster)", fontsize=CHART_FONT - 1)
    title = machine_line(results["machine"]) + (" [--quick: not a measurement]" if results["quick"] else "")
    fig.suptitle(textwrap.fill(title, 60), fontsize=CHART_FONT - 2)
    fig.tight_layout()
    return fig


def write_all(results: dict, out: str | os.PathLike) -> list[Path]:
    """Write ``results.json``, ``results.md`` and ``results.png`` into ``out`` (created if needed); return their paths."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    paths = [out / JSON_NAME, out / MARKDOWN_NAME, out / CHART_NAME]
    paths[0].write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    paths[1].write_text(to_markdown(results), encoding="utf-8")
    fig = draw_chart(results)
    try:
        # no timestamp or version in the PNG's metadata: the file changes only when the figures do
        fig.savefig(paths[2], dpi=100, metadata={"Software": None})
    finally:
        plt.close(fig)
    return paths
