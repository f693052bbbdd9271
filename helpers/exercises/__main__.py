"""Command line: ``python -m helpers.exercises --list`` or ``--verify [ID ...]`` (see README, 练习)."""

from __future__ import annotations

import argparse
import sys
import time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m helpers.exercises", description="The notebooks' exercises (练习).")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument(
        "--list", action="store_true", help="one line per exercise: id, notebook, stars, title, stored answers"
    )
    group.add_argument("--verify", action="store_true", help="run every stored answer (answers/<id>/) through its check")
    parser.add_argument("ids", nargs="*", help="only these exercises (default: all)")
    args = parser.parse_args(argv)

    import helpers.exercises as exercises

    try:
        chosen = [exercises.get(i) for i in args.ids] if args.ids else list(exercises.EXERCISES.values())
    except KeyError as err:
        parser.error(str(err.args[0]))
    if args.list:
        for ex in chosen:  # reads each folder: fails if an installed package lacks the answer files
            wrong, right = len(ex.stored("wrong")), len(ex.stored("right"))
            if not (ex.folder / "starter.py").is_file() or not wrong:
                print(f"{ex.id}: no code in {ex.folder}", file=sys.stderr)
                return 1
            print(f"{ex.id}  {ex.notebook:28s}  {ex.stars:3s}  {ex.title}  ({wrong} wrong, {right} right)")
        return 0

    import helpers

    helpers.make_reproducible(seed=42, quiet=True)
    from helpers.exercises.verify import verify

    start = time.perf_counter()
    outcomes = verify(chosen)
    print(f"verify took {time.perf_counter() - start:.1f} s")
    return 0 if all(o.passed for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
