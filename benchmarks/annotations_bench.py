"""What ``from __future__ import annotations`` costs a module that declares NamedTuples (issue
#23): ``typing.NamedTuple`` compiles each annotation written as a string into a ``ForwardRef``
when the class is created, about 7 µs a field, and ``roll shoot`` creates about 320 fields' worth
on every start.

Each module's body, compiled beforehand, is executed in a fresh namespace as it is and with the
future import put first, alternated, after ``roll shoot`` has loaded everything it imports; the
medians are printed. In-process, one interpreter: compare the two columns of one run.

Run: .venv/bin/python benchmarks/annotations_bench.py [--runs N] MODULE [MODULE…]
     (e.g. skirmish.engine.shooting skirmish.printing.views)
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FUTURE = "from __future__ import annotations\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="+")
    parser.add_argument("--runs", type=int, default=41)
    args = parser.parse_args()
    sys.argv = ["skirmish", "roll", "shoot", "--tiro", "4", "--cover", "light", "--seed", "1"]
    with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
        from skirmish.cli.entry import main as roll

        roll()
    for name in args.modules:
        __import__(name)
    gc.disable()
    for name in args.modules:
        path = REPO / (name.replace(".", "/") + ".py")
        source = path.read_text(encoding="utf-8").replace(FUTURE, "")
        evaluated = compile(source, str(path), "exec", dont_inherit=True)
        postponed = compile(FUTURE + source, str(path), "exec", dont_inherit=True)
        times: dict[str, list[float]] = {"evaluated": [], "postponed": []}
        for _ in range(args.runs):
            for kind, code in (("postponed", postponed), ("evaluated", evaluated)):
                namespace = {"__name__": name, "__file__": str(path)}
                start = time.perf_counter()
                exec(code, namespace)
                times[kind].append(time.perf_counter() - start)
        post, ev = (statistics.median(times[k]) * 1e3 for k in ("postponed", "evaluated"))
        print(f"{name:32} postponed {post:6.3f} ms   evaluated {ev:6.3f} ms")


if __name__ == "__main__":
    main()
