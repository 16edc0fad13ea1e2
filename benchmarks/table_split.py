"""Split a profiled ``table_bench.py`` run's server time per change by the functions at the
parts' roots (issue #23, table mode's fifteenth and sixteenth rounds: docs/web.md).

    ../.venv/bin/python table_split.py FILE.pstats CHANGES

``FILE.pstats`` is ``table_bench.py --profile FILE``'s merged cProfile of the server (both
phases), ``CHANGES`` the changes of both phases (its "changes:" line). Cumulative profiled ms
per change of: the unit of work (``game_activation.work``, ``game_perform.perform``,
``game_live_changes._change`` and ``do_start``) less what it reads or builds for the streams;
the answer's readings (``answer_round``); the writer's build of the streams' states
(``prepare_states``, sixteenth round); the streams' own READ builds (``states_text`` and a
stream's first ``state_text``); ``guard``'s identification hop (``identity.identify``); and
the rest (the whole less those). Statements are psycopg's ``Cursor.execute`` calls,
transaction commands its ``_exec_command`` calls (BEGIN, COMMIT, SAVEPOINT …)."""

from __future__ import annotations

import pstats
import sys


def main(path: str, changes: float) -> None:
    stats = pstats.Stats(path).stats  # type: ignore[attr-defined]

    def cum(name: str, module: str) -> float:
        found = (v[3] for k, v in stats.items() if k[2] == name and k[0].endswith(module))
        return sum(found) * 1000 / changes

    def calls(name: str, module: str) -> float:
        found = (v[1] for k, v in stats.items() if k[2] == name and module in k[0])
        return sum(found) / changes

    answer = cum("answer_round", "web/game_state.py")
    writer = cum("prepare_states", "web/game_state.py")
    uow = (
        cum("work", "web/game_activation.py")
        + cum("perform", "web/game_perform.py")
        + cum("_change", "web/game_live_changes.py")
        + cum("do_start", "web/game_live_changes.py")
    )
    shared = cum("states_text", "web/game_state.py")
    first = cum("state_text", "web/game_state.py")
    guard = cum("identify", "web/identity.py")
    whole = sum(v[2] for v in stats.values()) * 1000 / changes
    parts = {
        "the unit of work itself (less the answer's readings and the writer's build)": uow
        - answer
        - writer,
        "the answer's readings (answer_round, in the unit of work)": answer,
        "the writer's build of the streams' states (prepare_states, in the unit of work)": writer,
        "the streams' READ builds (states_text; a stream's first state_text)": shared + first,
        "guard's identification hop (identify)": guard,
    }
    parts["the rest (request around, news, streams on the loop)"] = whole - sum(parts.values())
    for name, ms in parts.items():
        print(f"{name}: {ms:.2f}")
    print(f"all profiled: {whole:.2f}")
    statements = calls("execute", "psycopg/cursor.py")
    commands = calls("_exec_command", "psycopg/_connection_base.py")
    print(f"SQL statements per change: {statements:.1f}; transaction commands: {commands:.1f}")


if __name__ == "__main__":
    main(sys.argv[1], float(sys.argv[2]))
