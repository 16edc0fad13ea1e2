"""What ``table_bench.py``'s phones saw, the books they must balance and the report (issue #12,
issue #23): kept apart from the phones themselves so that neither module passes 800 lines."""

from __future__ import annotations

import os
import statistics
import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from web_bench import CAMPAIGN, _quantile

WRITES = ("start", "pick", "roll", "choose", "shoot", "reload", "move", "turn")
KINDS = (*WRITES, "retry", "board", "read")
SHOWN_ERRORS = 5

# --------------------------------------------------------------------------- what the phones saw


@dataclass
class Act:
    """One change a phone sent: its kind, key, when, the answer, and the revision it made."""

    game: int
    side: str
    kind: str
    key: str
    sent: float
    answered: float
    status: int
    body: Any
    request: dict[str, Any] = field(default_factory=dict)
    revision: int | None = None  # the revision its own phone saw right after the answer


@dataclass
class Seen:
    """What the phones saw in one phase: request timings, errors, changes, board revisions."""

    samples: list[tuple[str, float]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    error_count: int = 0
    acts: list[Act] = field(default_factory=list)
    retries: int = 0
    mismatched: list[str] = field(default_factory=list)  # a retry answered otherwise
    #: (game, side) → each new revision its board showed, with when
    revisions: dict[tuple[int, str], list[tuple[float, int]]] = field(default_factory=dict)
    wall: float = 0.0
    server_cpu: float = 0.0
    #: the processor time of the PostgreSQL server's processes (``None``: SQLite, in the
    #: server's) and of this process (the phones and their streams) in the phase
    db_cpu: float | None = None
    phones_cpu: float = 0.0
    games: int = 0
    load: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, kind: str, seconds: float, status: int, body: str) -> None:
        with self.lock:
            self.samples.append((kind, seconds))
            if not (200 <= status < 300 or status in (204, 304)):
                self.error_count += 1
                if len(self.errors) < SHOWN_ERRORS:
                    self.errors.append(f"{kind} → {status}: {body[:600]}")


def updates(seen: Seen) -> tuple[list[float], list[float], int]:
    """For each change, how long until the other phone's board showed it: from the answer
    (0 when the other phone's poll saw it before the answer reached the acting phone), from
    the sending; and how many the other phone never saw before the phase ended."""
    after_answer, after_send, missed = [], [], 0
    for act in seen.acts:
        other = "bad" if act.side == "good" else "good"
        shown = seen.revisions.get((act.game, other), [])
        when = next((t for t, rev in shown if act.revision is not None and rev >= act.revision
                     and t >= act.sent), None)  # fmt: skip
        if when is None:
            missed += 1
            continue
        after_answer.append(max(0.0, when - act.answered))
        after_send.append(when - act.sent)
    return after_answer, after_send, missed


# --------------------------------------------------------------------------- the books


def check_books(url: str, games: list[int], seen: list[Seen], openings: list[Act]) -> list[str]:
    """Every problem with the games (see the module's docs); empty when the books balance."""
    from sqlalchemy import text

    from skirmish.campaign import lookup, store
    from skirmish.campaign.audit import check_campaign

    problems: list[str] = []
    acts = [*openings, *(a for s in seen for a in s.acts)]
    for phase in seen:
        problems += [f"a retry answered otherwise: {m}" for m in phase.mismatched]
        for (game, side), shown in phase.revisions.items():
            numbers = [rev for _, rev in shown]
            if any(b <= a for a, b in zip(numbers, numbers[1:], strict=False)):
                problems.append(f"game {game}, {side}'s phone: revisions {numbers[:30]} …")
    keys = Counter(a.key for a in acts)
    problems += [f"key {k} answered as {n} changes" for k, n in keys.items() if n > 1]
    engine = store.open_store(url, access=store.Access.READ, create=False)
    try:
        with store.transaction(engine, access=store.Access.READ) as s:
            problems += map(str, check_campaign(s, lookup.campaign_by_name(s, CAMPAIGN)))
            kept = {row[0] for row in s.execute(text("SELECT key FROM request_key"))}
            problems += [f"key {a.key} ({a.kind}) was not kept" for a in acts if a.key not in kept]
            for game in games:
                events = list(
                    s.execute(
                        text("SELECT id, action FROM game_event WHERE game_id = :g"), {"g": game}
                    )
                )
                revision = s.execute(
                    text("SELECT revision FROM game WHERE id = :g"), {"g": game}
                ).scalar_one()
                mine = [a for a in acts if a.game == game]
                named = Counter(
                    e["id"]
                    for a in mine
                    if isinstance(a.body, dict)
                    for e in a.body.get("events", [])
                )
                ids = {row[0] for row in events}
                problems += [f"game {game}: event #{i} named {n} times" for i, n in named.items()
                             if n > 1]  # fmt: skip
                problems += [f"game {game}: event #{i} was answered but is not in the game"
                             for i in named if i not in ids]  # fmt: skip
                # A start's and a choice's answers name no event: a game's start records one,
                # the winner's choice the initiative and the chosen model's activation (§1.8).
                unnamed = Counter(action for i, action in events if i not in named)
                chosen = sum(1 for a in mine if a.kind == "choose")
                for action, expected in (
                    ("start", 1),
                    ("initiative", chosen),
                    ("activate", chosen),
                ):
                    if unnamed.pop(action, 0) != expected:
                        recorded = sum(1 for _, a in events if a == action)
                        problems.append(f"game {game}: {expected} {action} expected, "
                                        f"{recorded} recorded")  # fmt: skip
                strays = sorted(unnamed.items())
                if strays:
                    problems.append(f"game {game}: events no answer named: {strays[:10]}")
                changes = sum(1 for a in mine if a.kind != "start")
                if revision != changes:
                    problems.append(f"game {game}: revision {revision} after {changes} changes")
    finally:
        engine.dispose()
    return problems


# --------------------------------------------------------------------------- the report


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


def _row(values: list[float]) -> tuple[int, float, float, float]:
    return len(values), statistics.median(values), _quantile(values, 0.95), max(values)


def report(
    database: str, phases: list[tuple[str, Seen]], workers: int = 1
) -> tuple[str, float, float]:
    """The table (ms): each kind of request in each phase, the first against the last as ratios,
    the updates' arrival; the first phase's action p95 and update p95."""
    cores = len(os.sched_getaffinity(0))
    process = "1 process" if workers == 1 else f"{workers} worker processes"
    walls = ", ".join(f"{title} {seen.wall:.0f} s" for title, seen in phases)
    lines = [
        f"table: games of 2 phones on {database} (skirmish serve, {process}), {cores} cores "
        f"shared with the phones and the database; {walls}",
        f"{'':<13}" + "".join(f"{t:>{28 if i == 0 else 21}}" for i, (t, _) in enumerate(phases))
        + f"{'ratio':>14}",
        f"{'request':<13}{'n':>7}{'p50':>7}{'p95':>7}{'max':>7}"
        + f"{'n':>7}{'p50':>7}{'p95':>7}" * (len(phases) - 1) + f"{'p50':>7}{'p95':>7}",
    ]  # fmt: skip
    first, last = phases[0][1], phases[-1][1]

    def values(seen: Seen, kind: str) -> list[float]:
        actions = kind == "actions"
        return [s for k, s in seen.samples if k == kind or (actions and k in WRITES)]

    for kind in (*KINDS, "actions"):
        mine = values(first, kind)
        if not mine:
            continue
        n, p50, p95, most = _row(mine)
        cells = f"{kind:<13}{n:>7}{_ms(p50):>7}{_ms(p95):>7}{_ms(most):>7}"
        for _, other in phases[1:]:
            theirs = values(other, kind)
            cells += (f"{len(theirs):>7}{_ms(_row(theirs)[1]):>7}{_ms(_row(theirs)[2]):>7}"
                      if theirs else f"{'-':>7}" * 3)  # fmt: skip
        alone = values(last, kind)
        if alone:
            cells += f"{p50 / _row(alone)[1]:>6.1f}×{p95 / _row(alone)[2]:>6.1f}×"
        lines.append(cells)
    update_p95 = float("inf")
    for title, seen in phases:
        answer, send, missed = updates(seen)
        if not answer:
            lines.append(f"update on the other phone, {title}: none seen")
            continue
        a, s = _row(answer), _row(send)
        lines.append(
            f"update on the other phone, {title}: from the answer p50 {_ms(a[1])} p95 "
            f"{_ms(a[2])} max {_ms(a[3])}; from the sending p50 {_ms(s[1])} p95 {_ms(s[2])} "
            f"(n {a[0]}; {missed} not seen before the phase ended)"
        )
        if seen is first:
            update_p95 = a[2]
    counts = ", ".join(
        f"{title} {len(seen.acts)} changes ({len(seen.acts) / seen.wall:.0f}/s), "
        f"{seen.retries} sent twice"
        for title, seen in phases
    )
    errors = sum(seen.error_count for _, seen in phases)
    lines.append(f"changes: {counts}; errors {errors}")
    per = ", ".join(
        f"{title} {seen.server_cpu * 1000 / max(1, len(seen.samples)):.1f}"
        for title, seen in phases
    )
    per_change = ", ".join(
        f"{title} {seen.server_cpu * 1000 / max(1, len(seen.acts)):.1f}" for title, seen in phases
    )
    loads = ", ".join(f"{title} {seen.load:.1f}" for title, seen in phases)
    lines.append(f"server processor ms per request: {per}; per change: {per_change}; "
                 f"load average at the end: {loads}")  # fmt: skip
    lines += budget(phases, workers, cores)
    actions = values(first, "actions")
    return "\n".join(lines), (_row(actions)[2] if actions else float("inf")), update_p95


def budget(phases: list[tuple[str, Seen]], workers: int, cores: int) -> list[str]:
    """Issue #23's eighth round: the whole processor time of a change (the server, PostgreSQL,
    the phones) and the closed loop's bound it implies. Each game has one change in flight at a
    time, so by Little's law a game's change comes every ``games / throughput`` (the action's
    answer is part of that); the processor time caps the throughput at ``cores / all`` and, the
    server's processes each being one interpreter (one lock), at ``min(workers, cores) /
    server``: the cycle cannot be shorter than ``games × all / cores`` nor ``games × server /
    min(workers, cores)``."""
    lines = []
    for title, seen in phases:
        changes = max(1, len(seen.acts))
        server = seen.server_cpu * 1000 / changes
        phones = seen.phones_cpu * 1000 / changes
        db = None if seen.db_cpu is None else seen.db_cpu * 1000 / changes
        whole = server + phones + (db or 0.0)
        busy = (seen.server_cpu + seen.phones_cpu + (seen.db_cpu or 0.0)) / max(seen.wall, 1e-9)
        store = "in the server" if db is None else f"{db:.1f}"
        lines.append(
            f"processor ms per change, {title}: server {server:.1f}, PostgreSQL {store}, "
            f"phones {phones:.1f}, all {whole:.1f} ({busy:.2f} of {cores} cores busy)"
        )
    for title, seen in phases:
        changes = max(1, len(seen.acts))
        rate = len(seen.acts) / max(seen.wall, 1e-9)
        actions = [t for k, t in seen.samples if k in WRITES]
        mean = statistics.fmean(actions) * 1000 if actions else 0.0
        server = seen.server_cpu * 1000 / changes
        whole = (seen.server_cpu + seen.phones_cpu + (seen.db_cpu or 0.0)) * 1000 / changes
        interpreters = min(workers, cores)
        cycle = seen.games / rate * 1000 if rate else float("inf")
        lines.append(
            f"closed loop, {title}: {seen.games} game(s) at {rate:.1f} changes/s, so a game's "
            f"change every {cycle:.0f} ms (Little's law; the action's mean answer {mean:.0f} "
            f"ms of it); bounds from the processor: {seen.games} × {whole:.1f} / {cores} cores "
            f"= {seen.games * whole / cores:.0f} ms, the server's {interpreters} "
            f"interpreter(s): {seen.games} × {server:.1f} / {interpreters} = "
            f"{seen.games * server / interpreters:.0f} ms"
        )
    return lines
