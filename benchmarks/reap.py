"""The processor time of a command's whole process tree (issue #23, benchmarks/issue23.md "the
suite"): ``python3 benchmarks/reap.py COMMAND …`` runs it as a child subreaper, so every
descendant that its parent left behind (chromium's double-forked helpers) is reaped here, and
``RUSAGE_CHILDREN`` counts them all; ``/usr/bin/time`` misses those. Linux only."""

from __future__ import annotations

import ctypes
import os
import resource
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36


def main(command: list[str]) -> int:
    ctypes.CDLL(None).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    start = time.monotonic()
    code = subprocess.Popen(command).wait()
    while True:  # the orphans, reparented to this process
        try:
            os.wait()
        except ChildProcessError:
            break
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = used.ru_utime + used.ru_stime
    print(
        f"TREE-CPU user {used.ru_utime:.1f} s sys {used.ru_stime:.1f} s total {total:.1f} s "
        f"wall {time.monotonic() - start:.1f} s rc {code}",
        file=sys.stderr,
    )
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
