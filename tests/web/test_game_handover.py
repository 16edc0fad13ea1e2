"""Each decision on the phone of the player it belongs to (issue #20, web/game_handover.py):
Wyatt's shot at Ike Clanton comes to Ike's saves, his FORTUNA and his panic dice, which are
asked on Ike's phone while Wyatt's says whom it waits for; one phone may take it over; an undo
drops it. The store is the Duello of ``test_web_game_actions`` and a copy for the CLI.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from tests.web.test_actions import log_in, open_client
from tests.web.test_web_game_actions import (
    PAGE,
    board,
    cli_json,
    events,
    flow_url,
    follow,
    form_action,
    hidden,
    revision,
    shown_events,
    stores,  # noqa: F401 - the fixture
    tap,
    text_of,
    text_of_fragment,
    ticked,
)

PANEL = f"{PAGE}/handover/panel"


def handovers(db: Path) -> int:
    with sqlite3.connect(db) as connection:
        return int(connection.execute("SELECT count(*) FROM game_handover").fetchone()[0])


def shot_until_the_save(wyatt: Any, faces: tuple[int, ...] = (2, 3, 6)) -> Any:
    """Wyatt shoots Ike Clanton at 5U from his phone, typing his nerve and shooting dice; the
    page his phone is left on (the wait for Ike's save)."""
    page = wyatt.get(flow_url(model="Wyatt Earp", action="shoot", target="Ike Clanton"))
    step = wyatt.post(f"{PAGE}/act", data={**hidden(page), **ticked(page), "range": "5",
                                           "mode": "typed"})  # fmt: skip
    for face in faces:
        step = tap(wyatt, step, taking=False, die=str(face))
    return step


def on_the_panel(client: Any, **field: str) -> Any:
    """A tap on the live page's hand-over panel: the live page again, then its panel."""
    panel = client.get(PANEL)
    answer = client.post(form_action(panel), data={**hidden(panel), **field})
    assert answer.status_code == 303 and answer.headers["location"].endswith("/games/1"), (
        text_of_fragment(answer) if answer.status_code != 303 else answer.headers
    )
    return client.get(PANEL)


def test_the_targets_saves_reroll_and_panic_dice_are_asked_on_his_phone(
    stores: tuple[Path, Path],  # noqa: F811
) -> None:
    web, other = stores
    with open_client(web) as wyatt, open_client(web) as ike:
        log_in(wyatt, "Wyatt")
        log_in(ike, "Ike")
        waiting = shot_until_the_save(wyatt)
        # Wyatt's phone says what his dice did and whom it waits for, and asks no die
        said = text_of(waiting)
        assert "shooting roll for Wyatt Earp: 6, hit, damage 2." in said
        assert "Waiting for Ike (Clanton gang) to roll: saving roll for Ike Clanton." in said
        assert 'name="die"' not in waiting.text and 'name="here"' in waiting.text
        assert events(web) == events(other) and handovers(web) == 1  # nothing recorded
        wait_url = waiting.url
        # Ike's live page holds the panel; in it, his save's six faces
        live = ike.get(PAGE)
        assert 'id="gho-panel"' in live.text and 'hx-trigger="load,' in live.text
        panel = ike.get(PANEL)
        assert "Your die." in text_of_fragment(panel)
        assert "Next die: saving roll for Ike Clanton" in text_of_fragment(panel)
        assert panel.text.count('name="die"') == 6
        # ... which he types: it fails, and the reroll is his to decide, with the advice
        panel = on_the_panel(ike, die="6")
        asked = text_of_fragment(panel)
        assert "saving roll for Ike Clanton failed: 6. Reroll it?" in asked
        assert "FORTUNA of Ike Clanton (2 left) Rerolled, it passes on 1, 2, 3: 50%." in asked
        # meanwhile Wyatt's phone: its poll sees the change and says what it waits for now
        seen = revision(web) - 1
        poll = wyatt.get(f"{PANEL}?rev={seen}&key={hidden(waiting)['key']}&poll=1")
        assert poll.status_code == 200
        assert ("Waiting for Ike (Clanton gang) to say whether to reroll: saving roll for Ike "
                "Clanton (failed: 6).") in text_of_fragment(poll)  # fmt: skip
        assert wyatt.get(f"{PANEL}?rev={revision(web)}&poll=1").status_code == 204
        # Ike spends FORTUNA, types the rerolled save, the second save and his panic dice
        panel = on_the_panel(ike, answer="fortuna")
        assert "rerolled" in text_of_fragment(panel)
        for face in (1, 2, 1):
            panel = on_the_panel(ike, die=str(face))
        last = ike.post(form_action(panel), data={**hidden(panel), "die": "3"})
        assert last.status_code == 200
        done = text_of(last)
        assert "Wyatt Earp shoots Ike Clanton" in done
        assert "Ike Clanton rerolls the saving roll with FORTUNA" in done
        # Wyatt's wait shows what was recorded
        recorded = text_of(wyatt.get(wait_url))
        assert "Recorded:" in recorded and "Wyatt Earp shoots Ike Clanton" in recorded
        # a second tap of the last die records nothing more
        again = ike.post(form_action(panel), data={**hidden(panel), "die": "3"})
        assert again.status_code == 409
    printed = cli_json(other, "shoot", "Wyatt Earp", "Ike Clanton", "--range", "5", "--dice",
                       "2,3,6,6,1,2,1,3", "--reroll", "save:fortuna")  # fmt: skip
    assert handovers(web) == 0
    assert shown_events(web, 0) == shown_events(other, 0)
    assert printed["events"] == shown_events(web, 0)[-len(printed["events"]) :]
    assert board(web) == board(other)


def test_the_shooters_phone_takes_it_over_with_one_tap(
    stores: tuple[Path, Path],  # noqa: F811
) -> None:
    """One phone for both: "Roll it here" asks every die of the action left on Wyatt's phone;
    Ike's panel says his phone took it over, and a tap of Ike's on the old page changes
    nothing."""
    web, other = stores
    with open_client(web) as wyatt, open_client(web) as ike:
        log_in(wyatt, "Wyatt")
        log_in(ike, "Ike")
        ike.cookies.set("lang", "it")
        waiting = shot_until_the_save(wyatt)
        old = ike.get(PANEL)
        assert "Prossimo dado: tiro salvezza per Ike Clanton" in text_of_fragment(old)
        here = wyatt.post(form_action(waiting, "gac-go"), data={**hidden(waiting), "here": "1"})
        step = follow(wyatt, here)
        assert "Next die: saving roll for Ike Clanton" in text_of(step)
        assert (
            "In attesa che il telefono di Wyatt (che l'ha preso) tiri: tiro salvezza per "
            "Ike Clanton." in text_of_fragment(ike.get(PANEL))
        )
        stale = ike.post(form_action(old), data={**hidden(old), "die": "1"})
        assert stale.status_code == 409 and "sull'altro telefono" in text_of(stale)
        fresh = {**hidden(old), "rev": str(revision(web)), "die": "1"}
        refused = ike.post(form_action(old), data=fresh)
        assert refused.status_code == 403
        assert "Questo dado lo tira il telefono di Wyatt (che l'ha preso)" in text_of(refused)
        for face in (2, 1, 1):  # the saves and the first panic die: all asked here now
            step = tap(wyatt, step, taking=False, die=str(face))
        step = tap(wyatt, step, taking=False, die="3")
        assert "Wyatt Earp shoots Ike Clanton" in text_of(step)
    cli_json(other, "shoot", "Wyatt Earp", "Ike Clanton", "--range", "5", "--dice",
             "2,3,6,2,1,1,3")  # fmt: skip
    assert shown_events(web, 0) == shown_events(other, 0)
    assert board(web) == board(other)
    assert handovers(web) == 0


def test_an_undo_drops_the_hand_over_and_nothing_of_it_is_recorded(
    stores: tuple[Path, Path],  # noqa: F811
) -> None:
    web, _ = stores
    with open_client(web) as wyatt, open_client(web) as ike:
        log_in(wyatt, "Wyatt")
        log_in(ike, "Ike")
        drink = ike.get(flow_url(model="Billy Clanton", action="whisky"))
        ike.post(f"{PAGE}/act", data={**hidden(drink), "go": "1"})
        before = events(web)
        waiting = shot_until_the_save(wyatt)
        old = ike.get(PANEL)
        assert 'name="die"' in old.text
        undo = ike.get(f"{PAGE}/undo")
        assert "Billy Clanton drinks whisky" in text_of(undo)
        assert ike.post(f"{PAGE}/undo", data=hidden(undo)).status_code == 200
        # the hand-over lapsed: Ike's panel is empty, Wyatt's wait says so, a tap is refused
        empty = ike.get(PANEL)
        assert empty.status_code == 200 and 'name="die"' not in empty.text
        assert " hidden>" in empty.text
        assert "This action was dropped" in text_of(wyatt.get(waiting.url))
        refused = ike.post(form_action(old), data={**hidden(old), "die": "1"})
        assert refused.status_code == 409
        live = ike.get(PAGE)
        assert 'hx-trigger="game-changed from:body"' in live.text  # no fetch of a lapsed one
    assert events(web) == before - 1  # the whisky taken back, nothing of the shot recorded
