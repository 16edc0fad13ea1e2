"""Issue #12: table mode under load: games played on two phones each, scripted through the API.

A throw-away PostgreSQL 15 server on loopback (``--db sqlite``: an SQLite file instead) gets the
demo campaign and, as ``web_bench.py`` sets it up, one account and one gang of its own per phone
(a leader and a hand, each given a six-shooter here); the real server runs as the club runs it,
``skirmish serve`` on 127.0.0.1, and the phones are threads of this process, one ``httpx``
client each, logged in through ``POST /login`` with the CSRF cookie. Each pair of phones starts
its game through the API (``POST /api/v1/campaigns/{c}/games``: a Duel, one phone's gang good,
the other's bad) and begins turn 1; then the two phones take turns for ``--seconds``:

* each phone holds its game's stream open as the live page does (issue #23: one server-sent
  events connection per phone, ``GET /c/{c}/games/{id}/events?carry=game,round``, read in a
  thread of its own with ``httpx`` streaming); since issue #23's fourth round the stream
  carries, at each new revision, the game (as ``GET …/games/{id}`` answers, ``game status
  --json``) and the round (as ``GET …/picks`` answers, for this phone's side), read in one
  unit of work (``web/game_state.py``; the live page's stream carries its board and its
  panels the same way, ``?carry=board,panels``), so the phone asks for nothing after a change;
  when its stream is broken it falls back to the board's poll and the two reads (``poll``), as
  the live page does; then it does what its player would do next, if anything is theirs to
  do: lay its card (``POST …/picks``:
  the good side's first, the bad side's once it sees the other card down), roll the initiative
  with typed dice (``POST …/initiative {"dice"}``, the bad side's phone; the dice alternate so
  both sides win), let the winner's phone choose its own model (``{"activate"}``), then the
  model's action: a shot with typed dice that miss and a panic test passed (so games last), a
  reload when the gun is empty, a move for a hand while no leader has fired (a Duel's rule);
  with one side's models left, they act one after another; a new turn (``POST …/turn``) when
  everyone has acted;
* every change carries a fresh ``Idempotency-Key``, and one in ``RETRY_EVERY`` is sent twice with
  the same key: after the first answer (a retry of a lost answer) or at the same time (a double
  tap); both must answer alike (the round a card's or an initiative's answer ends with is the
  round as it stands when answered: it may have moved on, by the other phone, in between; what
  the change did, its lines and events, may not), and the game must change once;
* the acting phone waits for its own change's state on its stream: the revision it brings is
  its action's. The other phone's first state showing that revision (or a later one), as its
  stream brings it, is the update's arrival: update latency, counted from the action's answer
  and from its sending. A player decides nothing on a board older than the other player's
  last "done". A phone whose stream breaks says so (an error) and asks for the board
  every ``FALLBACK`` seconds meanwhile, as the live page's fallback poll does.

Three phases on the same server, side by side: every game at once with the phones unpaced
(each acts the instant it may: what the goals were set on), the same games **paced**
(``--think``: a player looks 0.5–1.5× that many seconds at the board before each tap, as
``web_bench.py``'s clients do; ``--think 0``: no such phase), then one game alone (the latency
without contention); the ratio of the first and the last is what the load costs. Any 5xx,
any 4xx (no refusal is expected: each phone does only what the game allows it) or a connection
error is an error (the first few are printed).

Afterwards the books must balance: each game's events are exactly those the phones' answers
named (each once, a retry's answer naming the first one's) plus one initiative for each choice
a phone saw succeed; each key a phone saw succeed is kept once; each phone saw its game's
revisions strictly increase, each action moved it on, and the game's revision moved on exactly
once per change the phones saw succeed; ``audit.check_campaign`` finds nothing. Errors or books
that do not balance: exit 1. Timings are reported, never asserted (the goals of issue #23,
action p95 under 100 ms and an update on the other phone under 250 ms after the answer, both
with 10 games at once, are stated as met or not).

``--profile FILE`` runs the server under cProfile (``web_bench.py``'s) and writes the merged
statistics there, to find what dominates.

``--workers N`` serves with ``skirmish serve --workers N`` (the news of a change made in one
process reaches the streams of the others through PostgreSQL's LISTEN/NOTIFY).

Run: .venv/bin/python benchmarks/table_bench.py [--seconds 60] [--games 10] [--db postgresql]
                                                [--workers 1] [--think 1] [--profile FILE]
                                                [--no-append]
The club-night tournament (issue #23): ``--games 50 --workers 2``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from common import cluster_cpu, header, postgres, sqlite
from table_seen import SHOWN_ERRORS, WRITES, Act, Seen, _ms, _row, check_books, report, updates
from web_bench import CAMPAIGN, PASSWORD, Player, cpu_seconds, server, set_up

HERE = Path(__file__).resolve().parent
SCENARIO = "duel"
#: How long a phone whose stream is broken waits between two board requests (the live page's
#: fallback poll, ``game_live_base.POLL``).
FALLBACK = 1.0
#: One change in this many is sent twice with its key (alternately a retry and a double tap).
RETRY_EVERY = 7
#: The dice of a shot that misses: the nerve test 1, 1 (calm), the shooting roll 1 (a miss at
#: ``RANGE``, long for a six-shooter, whoever shoots: 1 + TIRO 4 at most + the weapon's 1 + a
#: waiting target's 1 = 7, short of the 8 that hits, R-02), the target's panic test 1, 1 (steady).
MISS = "1,1,1,1,1"
RANGE = 10
#: The initiative's typed dice, good side's first: alternately each side wins (R-07).
INITIATIVE = ("6,1", "1,6")
GOAL_ACTION_P95 = 0.100
GOAL_UPDATE_P95 = 0.250
#: How long a phone waits for its own change's state to come down its stream.
OWN_STATE = 10.0
BOARD_REVISION = re.compile(r'data-revision="(\d+)"')


# --------------------------------------------------------------------------- the store


def arm(url: str, players: list[Player]) -> None:
    """A six-shooter for each phone's two models (an availability roll of 6 passes, R-12)."""
    from skirmish.campaign import equipment, store
    from skirmish.campaign.models import Gang
    from skirmish.engine.dice import TableDice

    engine = store.open_store(url, access=store.Access.CAMPAIGN, create=False)
    try:
        with store.transaction(engine, access=store.Access.CAMPAIGN) as s:
            for player in players:
                gang = s.get(Gang, player.gang_id)
                assert gang is not None
                for member in gang.members:
                    equipment.buy(
                        s, gang=gang, item="six-shooter", dice=TableDice((6,)), member=member.name
                    )
    finally:
        engine.dispose()


# --------------------------------------------------------------------------- across the table


@dataclass
class Table:
    """What the two players of a game tell each other across the table: which models have done
    their action this activation ("done, your go"), which the board does not show."""

    done: set[tuple[int, str]] = field(default_factory=set)  # (turn, model)
    #: what wakes a waiting phone of this table: its stream's news, or the other player's word
    news: threading.Condition = field(default_factory=threading.Condition)
    said: int = 0  # how many times a player said "done"
    #: the revision the last "done" was said at: a phone decides nothing on an older board
    said_at: int = -1

    def has_acted(self, turn: int, model: str) -> bool:
        with self.news:
            return (turn, model) in self.done

    def say_done(self, turn: int, model: str, revision: int) -> None:
        with self.news:
            self.done.add((turn, model))
            self.said += 1
            self.said_at = max(self.said_at, revision)
            self.news.notify_all()


class Stop(Exception):
    """A phone cannot go on (an error was noted): its game stops there."""


# --------------------------------------------------------------------------- a phone


class Phone:
    """One player's phone at the table: logged in, watching its game, playing its side."""

    def __init__(self, base: str, player: Player, side: str, table: Table) -> None:
        import httpx2 as httpx

        self.http = httpx.Client(base_url=base, timeout=30, follow_redirects=False)
        self.player = player
        self.side = side
        self.table = table
        self.game = 0
        self.revision: int | None = None
        self.status: dict[str, Any] = {}
        self.round: dict[str, Any] = {}
        self.changes = 0
        self.rolls = 0
        self.seen = Seen()
        #: the newest revision the phone's stream announced, and its thread's news
        self.announced = -1
        self.news = table.news  # the table's: the other player's word wakes this phone too
        self.streaming = False
        self.listener: Any = None
        #: the newest state the stream brought (``?carry=game,round``), with when it came
        self.pushed: tuple[float, dict[str, Any]] | None = None
        self.stream_over = False  # the stream ended or broke (not merely not yet open)
        #: in a phase (``play``): its stream is meant to be open; before the phases (the game's
        #: start and opening turn) no stream is, and its own changes are read back at once
        self.watching = False
        self.think = 0.0  # paced: a player's look before each tap (``--think``)
        self.dice = random.Random(player.user)

    def log_in(self) -> None:
        form = self.http.get("/login")
        answer = self.http.post(
            "/login",
            data={"user": self.player.user, "password": PASSWORD, "csrf": form.cookies["csrf"]},
        )
        if answer.status_code != 303 or "session" not in self.http.cookies:
            raise SystemExit(f"{self.player.user} could not log in: {answer.status_code}")

    @property
    def api(self) -> str:
        return f"/api/v1/campaigns/{quote(CAMPAIGN, safe='')}/games/{self.game}"

    @property
    def page(self) -> str:
        return f"/c/{quote(CAMPAIGN, safe='')}/games/{self.game}"

    # ---------------------------------------------------------------- requests

    def _get(self, kind: str, path: str) -> Any:
        import httpx2 as httpx

        start = time.perf_counter()
        try:
            try:
                answer = self.http.get(path)
            except (httpx.ReadError, httpx.RemoteProtocolError):
                # a kept-alive connection the server closed as the request went out (idle
                # longer than uvicorn's keep-alive while the phone waited for news): a
                # browser sends a GET again on a new connection, and so does the phone
                answer = self.http.get(path)
        except httpx.HTTPError as exc:
            self.seen.note(kind, time.perf_counter() - start, 0, f"{type(exc).__name__}: {exc}")
            raise Stop from exc
        self.seen.note(kind, time.perf_counter() - start, answer.status_code, answer.text)
        if answer.status_code not in (200, 204):
            raise Stop
        return answer

    def _post(self, kind: str, path: str, body: dict[str, Any], key: str) -> tuple[Any, float]:
        """A change sent with its key; a refusal noted with what the phone saw when it sent it."""
        import httpx2 as httpx

        headers = {"X-CSRF-Token": self.http.cookies["csrf"], "Idempotency-Key": key}
        start = time.perf_counter()
        try:
            try:
                answer = self.http.post(path, json=body, headers=headers)
            except (httpx.ReadError, httpx.RemoteProtocolError):
                # the same race as a GET's (``_get``): since the stream carries the news
                # (issue #23) a phone's connection idles between its taps, longer than
                # uvicorn's keep-alive; Chromium sends a request that failed on a reused
                # connection before any answer again, and so does the phone, with the same
                # Idempotency-Key (the server acts on it at most once)
                answer = self.http.post(path, json=body, headers=headers)
        except httpx.HTTPError as exc:
            self.seen.note(kind, time.perf_counter() - start, 0, f"{type(exc).__name__}: {exc}")
            raise Stop from exc
        seen = (
            f" ← {self.player.user} sent {body} seeing revision {self.revision}, turn "
            f"{self.status.get('turn')}, acting {self.status.get('activation')}, round "
            f"{self.round.get('round')} {self.round.get('phase')}"
        )
        self.seen.note(kind, time.perf_counter() - start, answer.status_code, answer.text + seen)
        return answer, start

    def refresh(self) -> bool:
        """The game as the phone now knows it: the newest state its stream brought, if newer
        than what the phone shows (no request: the stream carries the game and the round, each
        read in one unit of work, issue #23's fourth round); without its stream, the fallback
        (``poll``). Whether the game moved on."""
        with self.news:
            pushed = self.pushed
            streaming = self.streaming
        if pushed is not None:
            when, state = pushed
            if state["revision"] > (self.revision if self.revision is not None else -1):
                self.status, self.round = state["game"], state["round"]
                self._saw(int(state["revision"]), when)
                return True
        if streaming:
            return False
        return self.poll()

    def poll(self) -> bool:
        """The fallback while the stream is broken, as the live page's: the board's poll; when
        it moved on, the round and the game read again, until both are of one revision: the
        round read between the board and the game (whose ``ETag`` is its revision) showing the
        same one, so a move is never decided on a game seen in one state and a round seen in
        the next."""
        path = f"{self.page}/board" + (f"?rev={self.revision}" if self.revision is not None else "")
        answer = self._get("board", path)
        if answer.status_code == 204:
            return False
        found = BOARD_REVISION.search(answer.text)
        if found is None:
            self.seen.note("board", 0.0, 599, "the board names no revision")
            raise Stop
        self._saw(int(found.group(1)))
        while True:
            self.round = self._get("read", f"{self.api}/picks").json()
            game = self._get("read", self.api)
            self.status = game.json()
            tag = re.fullmatch(r'"rev-(\d+)"', game.headers.get("etag", ""))
            if tag is None:
                self.seen.note("read", 0.0, 599, "the game's answer names no revision")
                raise Stop
            if int(tag.group(1)) == self.revision:
                return True
            self._saw(int(tag.group(1)))

    def caught_up(self, before: int | None) -> bool:
        """After the phone's own change: the state its stream brings past ``before`` (at most
        ``OWN_STATE`` seconds; without its stream, the fallback's reads). Whether it came."""
        deadline = time.perf_counter() + OWN_STATE
        floor = before if before is not None else -1
        if not self.watching:  # no stream to bring it (before the phases): read it back
            return self.refresh() or (self.revision is not None and self.revision > floor)
        with self.news:
            self.news.wait_for(
                lambda: (
                    (self.stream_over and not self.streaming)
                    or (self.pushed is not None and self.pushed[1]["revision"] > floor)
                ),
                timeout=max(0.0, deadline - time.perf_counter()),
            )
        return self.refresh() or (self.revision is not None and self.revision > floor)

    def _saw(self, revision: int, when: float | None = None) -> None:
        """A revision the phone's board showed, with when (``when``: the stream brought it)."""
        now = time.perf_counter() if when is None else when
        with self.seen.lock:
            self.seen.revisions.setdefault((self.game, self.side), []).append((now, revision))
        self.revision = revision

    def change(self, kind: str, path: str, body: dict[str, Any]) -> Act:
        """One change with a fresh key; one in ``RETRY_EVERY`` sent again with the same key
        (after the answer, or at the same time); then the phone's own board read again."""
        key = f"{self.player.user}-{uuid.uuid4().hex[:20]}"
        before = self.revision
        self.changes += 1
        twin: list[Any] = []
        thread = None
        again = self.changes % RETRY_EVERY == 0
        if again and self.changes % (2 * RETRY_EVERY) == 0:  # a double tap: both at once

            def tap() -> None:
                twin.append(self._post("retry", path, body, key)[0])

            thread = threading.Thread(target=tap)
            thread.start()
        answer, sent = self._post(kind, path, body, key)
        answered = time.perf_counter()
        if thread is not None:
            thread.join()
        elif again:  # a retry, as a phone whose answer was lost sends it
            twin.append(self._post("retry", path, body, key)[0])
        if answer.status_code not in (200, 201):
            with self.seen.lock:
                story = [f"{a.side} {a.kind} {a.request} → revision {a.revision}"
                         for a in self.seen.acts if a.game == self.game][-8:]  # fmt: skip
                if len(self.seen.errors) < SHOWN_ERRORS:
                    self.seen.errors.append(f"game {self.game} before it: " + "; ".join(story))
            raise Stop
        act = Act(self.game, self.side, kind, key, sent, answered, answer.status_code,
                  answer.json(), body)  # fmt: skip
        if twin:
            self._compare(act, twin[0])
        if not self.caught_up(before):
            self.seen.note(kind, 0.0, 599, f"{kind} did not move the game's revision on")
            raise Stop
        act.revision = self.revision
        with self.seen.lock:
            self.seen.acts.append(act)
        return act

    def _compare(self, act: Act, other: Any) -> None:
        with self.seen.lock:
            self.seen.retries += 1
        if other.status_code != act.status:
            self.seen.mismatched.append(
                f"{act.kind} {act.key}: {act.status} then {other.status_code}"
            )
            return
        first, second = dict(act.body), dict(other.json())
        for body in (first, second):
            body.pop("replayed", None)
        if first == second:
            return
        # A card's or an initiative's answer ends with the round as it stands when answered
        # (``GET …/picks``): a retry answered after the other phone played on (which its
        # stream now tells at once) shows the newer round. What the change itself did, its
        # lines and events, is the same in both, and the round differs only if it moved on.
        did = ("lines", "events")
        stands = ("turn", "round", "phase")
        if any(first.get(k) != second.get(k) for k in did) or all(
            first.get(k) == second.get(k) for k in stands
        ):
            self.seen.mismatched.append(f"{act.kind} {act.key}: {first} then {second}")

    # ---------------------------------------------------------------- the player's mind

    def start(self, opponent: Player) -> None:
        """The good side's phone starts the game (a Duel) and its first turn."""
        path = f"/api/v1/campaigns/{quote(CAMPAIGN, safe='')}/games"
        body = {"scenario": SCENARIO, "good": self.player.gang, "bad": opponent.gang}
        answer, _ = self._post("start", path, body, uuid.uuid4().hex)
        if answer.status_code != 201:
            raise SystemExit(f"{self.player.user} could not start a game: {answer.text[:300]}")
        self.game = int(answer.json()["game"])

    def models(self) -> dict[str, tuple[str, dict[str, Any]]]:
        return {
            m["name"]: (g["side"], m)
            for g in self.status.get("gangs", [])
            for m in g["models"]
            if not m["eliminated"] and m["left_turn"] is None
        }

    def next_move(self) -> tuple[str, str, dict[str, Any]] | None:
        """What this phone's player does now, if anything is theirs to do."""
        if self.status.get("status") != "in_progress":
            return None
        models = self.models()
        acting = self.status.get("activation")
        if acting in models and not self.table.has_acted(self.status["turn"], acting):
            return self.action(acting) if models[acting][0] == self.side else None
        phase = self.round.get("phase")
        if phase == "pick":
            sides = self.round["sides"]
            if sides[self.side]["picked"] or (self.side == "bad" and not sides["good"]["picked"]):
                return None
            return "pick", f"{self.api}/picks", {"model": self.still_to_act()}
        if phase == "roll" and self.side == "bad":
            self.rolls += 1
            dice = INITIATIVE[self.rolls % len(INITIATIVE)]
            return "roll", f"{self.api}/initiative", {"dice": dice}
        if phase == "choose" and self.round["roll"]["winner_side"] == self.side:
            return "choose", f"{self.api}/initiative", {"activate": self.side}
        if phase == "only" and self.round.get("only") == self.side:
            return self.action(self.round["models"][0])
        if phase == "all_done" and self.side == "good":
            return "turn", f"{self.api}/turn", {}
        return None

    def still_to_act(self) -> str:
        """The card this side lays: its leader first (only a leader opens fire in a Duel)."""
        turn = self.status["turn"]
        mine = [
            m for side, m in self.models().values()
            if side == self.side and m["activated_turn"] != turn
        ]  # fmt: skip
        leader = next(g["leader"] for g in self.status["gangs"] if g["side"] == self.side)
        mine.sort(key=lambda m: m["name"] != leader)
        return str(mine[0]["name"])

    def action(self, name: str) -> tuple[str, str, dict[str, Any]]:
        """A shot that misses; a reload with an empty gun; a move while no leader has fired."""
        model = self.models()[name][1]
        leader = next(g["leader"] for g in self.status["gangs"] if g["side"] == self.side)
        if not self.status.get("leader_fired") and name != leader:
            return "move", f"{self.api}/actions/move", {"member": name}
        guns = model["kit"]["guns"]
        if guns and guns[0]["left"] == 0:
            return "reload", f"{self.api}/actions/reload", {"member": name}
        target = next(n for n, (side, _) in self.models().items() if side != self.side)
        body = {"attacker": name, "target": target, "range": RANGE, "dice": MISS}
        return "shoot", f"{self.api}/actions/shoot", body

    # ---------------------------------------------------------------- the stream

    def listen(self) -> None:
        """The phone's stream, in a thread of its own until ``hang_up``: each ``revision``
        event is news for the player's loop (``wait_for_news``)."""
        import httpx2 as httpx

        client = httpx.Client(
            base_url=str(self.http.base_url),
            cookies=self.http.cookies,
            timeout=httpx.Timeout(30, read=None),
        )
        self.listener = client
        try:
            with client.stream("GET", f"{self.page}/events?carry=game,round") as answer:
                if answer.status_code != 200:
                    self.seen.note("stream", 0.0, answer.status_code, "the stream was refused")
                    return
                with self.news:
                    self.streaming = True
                kind = ""
                for line in answer.iter_lines():
                    if line.startswith("event:"):
                        kind = line.partition(":")[2].strip()
                    elif line.startswith("data:") and kind == "state":
                        state = json.loads(line.partition(":")[2])
                        came = time.perf_counter()
                        with self.news:
                            if (
                                self.pushed is None
                                or state["revision"] > self.pushed[1]["revision"]
                            ):
                                self.pushed = (came, state)
                            self.announced = max(self.announced, int(state["revision"]))
                            self.news.notify_all()
        except (httpx.HTTPError, OSError, RuntimeError, ValueError) as exc:
            if self.listener is client:  # not hung up: the stream broke
                self.seen.note("stream", 0.0, 0, f"{type(exc).__name__}: {exc}")
        finally:
            if self.listener is client or self.listener is None:
                with self.news:
                    self.streaming = False
                    self.stream_over = True
                    self.news.notify_all()

    def hang_up(self) -> None:
        """The stream closed; its thread ends by itself at the next line it reads (the
        server's next heartbeat at the latest: a blocked read is not interrupted)."""
        client, self.listener = self.listener, None
        if client is not None:
            client.close()

    def wait_for_news(self, deadline: float) -> bool:
        """Until the stream announces a revision newer than the board's, or the other player
        says "done" (or ``deadline``); a phone without its stream waits ``FALLBACK`` seconds.
        Whether the board must be read again (news, or no stream to bring it)."""
        with self.news:
            said = self.table.said
            left = max(0.0, deadline - time.perf_counter())

            def newer() -> bool:
                return self.announced > (self.revision if self.revision is not None else -1)

            self.news.wait_for(
                lambda: newer() or self.table.said != said,
                timeout=left if self.streaming else min(left, FALLBACK),
            )
            return newer() or not self.streaming

    def play(self, deadline: float) -> None:
        """Until ``deadline``: its stream open, act when it is this side's move, else wait for
        the stream's news and read the board."""
        self.announced = -1
        self.pushed = None
        self.stream_over = False
        listening = threading.Thread(target=self.listen, daemon=True)
        self.watching = True
        listening.start()
        try:
            self.caught_up(None)
            while time.perf_counter() < deadline:
                if self.streaming and self.table.said_at > (self.revision or -1):
                    # the other player said "done": the phone shows that board before its
                    # player decides anything (its stream brings it)
                    if self.wait_for_news(deadline):
                        self.refresh()
                    continue
                move = self.next_move()
                if move is not None:
                    if self.think > 0:  # paced: the player looks at the board before the tap
                        time.sleep(self.dice.uniform(self.think / 2, self.think * 3 / 2))
                        if time.perf_counter() >= deadline:
                            break
                    kind, path, body = move
                    turn = self.status["turn"]
                    act = self.change(kind, path, body)
                    if kind in ("shoot", "reload", "move"):
                        done = body.get("attacker") or body["member"]
                        self.table.say_done(turn, done, act.revision or 0)
                    continue
                if self.wait_for_news(deadline) and time.perf_counter() < deadline:
                    self.refresh()
        finally:
            self.hang_up()
            self.watching = False


# --------------------------------------------------------------------------- the run


def run_phase(
    pairs: list[tuple[Phone, Phone]], seconds: float, server_pid: int, url: str = ""
) -> Seen:
    """Every pair's phones play their game together for ``seconds``; with ``url``, the
    PostgreSQL server's processor time is measured too (``common.cluster_cpu``)."""
    seen = Seen(games=len(pairs))
    phones = [phone for pair in pairs for phone in pair]
    for phone in phones:
        phone.seen = seen
        phone.revision = None
    cpu = cpu_seconds(server_pid)
    db, mine = cluster_cpu(url), time.process_time()
    deadline: list[float] = []
    start = threading.Barrier(
        len(phones), action=lambda: deadline.append(time.perf_counter() + seconds)
    )

    def loop(phone: Phone) -> None:
        start.wait()
        try:
            phone.play(deadline[0])
        except Stop:
            pass

    threads = [threading.Thread(target=loop, args=(p,), daemon=True) for p in phones]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seen.wall = time.perf_counter() - began
    seen.server_cpu = cpu_seconds(server_pid) - cpu
    seen.phones_cpu = time.process_time() - mine
    db_after = cluster_cpu(url)
    seen.db_cpu = None if db is None or db_after is None else db_after - db
    seen.load = os.getloadavg()[0]
    return seen


# --------------------------------------------------------------------------- main


def _games(count: int) -> str:
    return f"{count} game" if count == 1 else f"{count} games"


def bench(options: argparse.Namespace) -> int:
    stores = {"postgresql": postgres, "sqlite": sqlite}
    with stores[options.db]("tablebench") as url:
        players, _ = set_up(url, 2 * options.games)
        arm(url, players)
        with server(url, workers=options.workers, profile=options.profile) as (base, pid):
            pairs = []
            for number in range(options.games):
                across = Table()
                good = Phone(base, players[2 * number], "good", across)
                bad = Phone(base, players[2 * number + 1], "bad", across)
                pairs.append((good, bad))
            openings = []
            opened = Seen()
            for good, bad in pairs:
                for phone in (good, bad):
                    phone.log_in()
                    phone.seen = opened
                good.start(bad.player)
                bad.game = good.game
                openings.append(good.change("turn", f"{good.api}/turn", {}))
            if opened.error_count:
                print("\n".join(opened.errors), file=sys.stderr)
                return 1
            short = max(options.seconds / 3, 1.0)
            phases = [(_games(options.games), run_phase(pairs, options.seconds, pid, url))]
            if options.think > 0:  # the same games, each player taking a moment before a tap
                for phone in (p for pair in pairs for p in pair):
                    phone.think = options.think
                paced = run_phase(pairs, short * 2, pid, url)
                phases.append((f"{_games(options.games)} paced", paced))
                for phone in (p for pair in pairs for p in pair):
                    phone.think = 0.0
            phases.append(("1 game alone", run_phase(pairs[:1], short, pid, url)))
            for good, bad in pairs:
                good.http.close()
                bad.http.close()
        games = [good.game for good, _ in pairs]
        problems = check_books(url, games, [seen for _, seen in phases], openings)
    table, action_p95, update_p95 = report(options.db, phases, options.workers)
    table += (
        f"\ngoals with {_games(options.games)} at once: action p95 < "
        f"{GOAL_ACTION_P95 * 1000:.0f} ms "
        + ("met" if action_p95 < GOAL_ACTION_P95 else "not met")
        + f" ({_ms(action_p95)} ms); update p95 < {GOAL_UPDATE_P95:g} s "
        + ("met" if update_p95 < GOAL_UPDATE_P95 else "not met")
        + f" ({_ms(update_p95)} ms, pushed by the game's stream); books "
        + ("balance" if not problems else f"DO NOT balance ({len(problems)} problems)")
    )
    if options.think > 0:
        paced_actions = [t for k, t in phases[1][1].samples if k in WRITES]
        paced_updates = updates(phases[1][1])[0]
        table += (
            f"\npaced ({_games(options.games)}, a tap every {options.think / 2:g}–"
            f"{options.think * 3 / 2:g} s): action p95 "
            + (_ms(_row(paced_actions)[2]) if paced_actions else "-")
            + " ms; update p95 "
            + (_ms(_row(paced_updates)[2]) if paced_updates else "-")
            + " ms"
        )
    return publish(table, phases, problems, script="table_bench.py", append=not options.no_append)


def publish(
    table: str, phases: list[tuple[str, Seen]], problems: list[str], *, script: str, append: bool
) -> int:
    """The report printed, the phases' errors and the books' problems after it, the report
    added to ``results.txt`` (``append``); the exit code (1: an error or a problem)."""
    print(table)
    for line in [e for _, seen in phases for e in seen.errors]:
        print(f"error: {line}", file=sys.stderr)
    for line in problems[:20]:
        print(f"books: {line}", file=sys.stderr)
    if append:
        with open(HERE / "results.txt", "a", encoding="utf-8") as results:
            results.write(f"{header()}\n== {script}\n{table}\n")
    errors = sum(seen.error_count for _, seen in phases)
    return 1 if errors or problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="the full load's length")
    parser.add_argument("--games", type=int, default=10, help="games at once, 2 phones each")
    parser.add_argument("--db", choices=("postgresql", "sqlite"), default="postgresql")
    parser.add_argument("--workers", type=int, default=1, help="skirmish serve --workers")
    parser.add_argument(
        "--think", type=float, default=1.0,
        help="the paced phase: a player's look before each tap, 0.5–1.5× this (0: no such phase)",
    )  # fmt: skip
    parser.add_argument("--profile", metavar="FILE", help="profile the server into FILE")
    parser.add_argument("--no-append", action="store_true", help="do not add to results.txt")
    options = parser.parse_args()
    if options.games < 1 or options.seconds <= 0 or options.workers < 1 or options.think < 0:
        parser.error("--games, --seconds and --workers must be positive")
    return bench(options)


if __name__ == "__main__":
    sys.exit(main())
