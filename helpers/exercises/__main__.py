"""Command line: ``python -m helpers.exercises --list`` or ``--verify [ID ...]``."""

from __future__ import annotations

import argparse
import sys
import time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m helpers.exercises", description="The notebooks' exercises (练习).")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--list", action="store_true", help="one line per exercise: id, notebook, title")
    group.add_argument("--verify", action="store_true", help="run every solution and wrong answer through its check")
    parser.add_argument("ids", nargs="*", help="only these exercises (default: all)")
    args = parser.parse_args(argv)

    import helpers.exercises as exercises

    try:
        chosen = [exercises.get(i) for i in args.ids] if args.ids else list(exercises.EXERCISES.values())
    except KeyError as err:
        parser.error(str(err.args[0]))
    if args.list:
        for ex in chosen:
            print(f"{ex.id}  {ex.notebook:28s}  {ex.stars:3s}  {ex.title}")
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
