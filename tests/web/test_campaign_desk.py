"""The campaign page is the organiser's desk and a game page puts the next thing to do first
(issue #22, item 2), in both languages, through TestClient on a copy of the demo store (no
accounts: its reader may do everything) and on the club ``make_club`` builds."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import quote

from tests.web.test_actions import CAMPAIGN, CLANTONS, EARPS, cli, log_in, make_club, open_client

C = quote(CAMPAIGN, safe="")
HOME, GAMES = f"/c/{C}", f"/c/{C}/games"


def section(page: str, ident: str) -> str:
    """The text of the page's ``<section id=ident>`` (tags dropped, spaces folded), or ""."""
    found = re.search(rf'<section id="{ident}"[^>]*>(.*?)</section>', page, re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split()) if found else ""


def before(page: str, first: str, then: str) -> bool:
    """Whether ``first`` stands in the page before ``then`` (both must be there)."""
    assert first in page and then in page, (first, then)
    return page.index(first) < page.index(then)


def test_the_desk_offers_a_new_game_button_before_the_standings(demo: Path) -> None:
    with open_client(demo) as web:
        for lang, new, standings in (
            ("en", "New game", "Standings"),
            ("it", "Nuova partita", "Classifica"),
        ):
            page = web.get(f"{HOME}?lang={lang}").text
            button = f'<a class="button" href="{GAMES}/new">{new}</a>'
            assert button in page
            assert before(page, button, f"<h2>{standings}</h2>")
            assert f'<a class="button quiet" href="{GAMES}">' in page  # every game, a button
            assert not re.search(r"<h2><a ", page)  # no heading that is a link any more


def test_a_reader_who_may_not_start_a_game_is_offered_none(demo: Path) -> None:
    make_club(demo)
    with open_client(demo) as web:
        log_in(web, "Doc")  # no role in the campaign
        page = web.get(f"{HOME}?lang=en").text
        assert f'href="{GAMES}/new"' not in page
        assert 'id="desk-invitations"' not in page  # the invitations only to who may invite


def test_the_games_in_play_each_with_a_link(demo: Path) -> None:
    with open_client(demo) as web:
        assert 'id="in-play"' not in web.get(HOME).text  # none yet: no empty section
    cli(demo, "game", "start", "Rapina in banca", "--good", EARPS, "--bad", CLANTONS)
    with open_client(demo) as web:
        english = web.get(f"{HOME}?lang=en").text
        assert f'href="{GAMES}/1"' in english.split('id="in-play"')[1].split("</section>")[0]
        said = section(english, "in-play")
        assert said.startswith("Games in play")
        assert f"Game 1: Bank robbery {EARPS} vs {CLANTONS} · not begun" in said
        cli(demo, "game", "turn")
        italian = section(web.get(f"{HOME}?lang=it").text, "in-play")
        assert italian.startswith("Partite in corso")
        assert f"Partita 1: Rapina in banca {EARPS} contro {CLANTONS} · turno 1" in italian


def test_what_each_gang_owes_post_games_and_purchases_waiting(demo: Path) -> None:
    # The demo's Earps failed the mule's availability roll before their first game (H-03).
    with open_client(demo) as web:
        owed = section(web.get(f"{HOME}?lang=en").text, "owed")
        assert owed == (
            f"What the gangs still owe {EARPS} purchases waiting (H-03): Mule"
            " · not before the next game: Mule"
        )
    for args in (
        ("game", "start", "duel", "--good", EARPS, "--bad", CLANTONS),
        ("game", "turn"),
        ("game", "end", "--winner", EARPS),
    ):
        cli(demo, *args, "--campaign", CAMPAIGN)
    with open_client(demo) as web:
        page = web.get(f"{HOME}?lang=en").text
        for gang in (EARPS, CLANTONS):
            assert f'href="{GAMES}/1/postgame/{quote(gang, safe="")}"' in page
        owed = section(page, "owed")
        assert f"{EARPS} post-game of game 1 purchases waiting (H-03): Mule" in owed
        assert f"{CLANTONS} post-game of game 1" in owed
        italian = section(web.get(f"{HOME}?lang=it").text, "owed")
        assert italian.startswith("Ciò che le bande devono ancora fare")
        assert f"{EARPS} dopo-partita della partita 1 acquisti in attesa (H-03): Mulo" in italian


def test_the_purchases_waiting_are_named_once_each_and_escaped_once(demo: Path) -> None:
    """Issue #23: the desk joins a gang's failed purchases itself (not the template's filters):
    every one, oldest first, then those not before the next game; a name with a quote is
    escaped once, as every value."""
    from skirmish.campaign import lookup, store
    from skirmish.campaign.models import FailedPurchase

    engine = store.open_store(str(demo), create=False)
    try:
        with store.transaction(engine) as s:
            earps = lookup.gang_by_name(s, lookup.campaign_by_name(s, CAMPAIGN), EARPS)
            earps.games_played = 1  # one game on: the mule's roll (before game 0) waits no more
            s.add(earps)
            s.add(FailedPurchase(gang_id=earps.id, item="woodsman-axe", game=1))
    finally:
        engine.dispose()
    with open_client(demo) as web:
        page = web.get(f"{HOME}?lang=en").text
        assert (
            "purchases waiting (H-03): Mule, Woodsman&#39;s axe"
            " · not before the next game: Woodsman&#39;s axe</span>"
        ) in page
        italian = section(web.get(f"{HOME}?lang=it").text, "owed")
        assert italian.endswith(
            "(H-03): Mulo, Ascia boscaiolo · non prima della prossima partita: Ascia boscaiolo"
        )


def test_the_open_invitations_read_only_with_a_link_to_the_members_page(demo: Path) -> None:
    with open_client(demo) as web:
        assert section(web.get(f"{HOME}?lang=en").text, "desk-invitations") == (
            "Open invitations No open invitations. Invite or withdraw on the members page"
        )
    made = json.loads(cli(demo, "campaign", "invite", "--role", "arbitrator", "--json",
                          "--campaign", CAMPAIGN))  # fmt: skip
    with open_client(demo) as web:
        page = web.get(f"{HOME}?lang=en").text
        said = section(page, "desk-invitations")
        assert made["code"] in said and "arbitrator, good until" in said
        assert f'href="{HOME}/members"' in page.split('id="desk-invitations"')[1]
        assert "<form" not in page.split('id="desk-invitations"')[1].split("</section>")[0]
        italian = section(web.get(f"{HOME}?lang=it").text, "desk-invitations")
        assert italian.startswith("Inviti aperti") and made["code"] in italian
        assert "arbitro, valido fino al" in italian
        assert italian.endswith("Invita o ritira nella pagina dei membri")


# ------------------------------------------------------------------------- the game page


def test_before_the_first_turn_beginning_it_comes_first_and_no_model_acts(demo: Path) -> None:
    cli(demo, "game", "start", "Rapina in banca", "--good", EARPS, "--bad", CLANTONS)
    with open_client(demo) as web:
        for lang, begin, act in (
            ("en", "Begin the first turn", "Act with a model"),
            ("it", "Inizia il primo turno", "Agisci con un personaggio"),
        ):
            page = web.get(f"{GAMES}/1?lang={lang}").text
            assert page.count(f'action="{GAMES}/1/turn"') == 1  # once, at the top
            assert before(page, f'<button type="submit">{begin}</button>', 'class="side side-')
            assert before(page, 'id="begin"', 'id="panels"')
            assert act not in page
            assert 'class="now card"' not in page  # nothing else to say on the board's top
        cli(demo, "game", "turn")
        page = web.get(f"{GAMES}/1?lang=en").text
        assert 'id="begin"' not in page and "Begin the first turn" not in page
        assert "Act with a model" in page and "New turn" in page


def test_the_card_to_lay_and_the_post_game_come_before_the_rosters(demo: Path) -> None:
    make_club(demo)
    cli(demo, "game", "start", "duel", "--good", EARPS, "--bad", CLANTONS, "--campaign", CAMPAIGN)
    cli(demo, "game", "turn", "--campaign", CAMPAIGN)
    with open_client(demo) as web:
        log_in(web, "Wyatt")
        for lang in ("en", "it"):
            page = web.get(f"{GAMES}/1?lang={lang}").text
            assert before(page, 'id="activation"', 'class="side side-')
            assert before(page, 'class="ga-models"', 'class="side side-')  # his card to lay
    cli(demo, "game", "end", "--winner", EARPS, "--campaign", CAMPAIGN)
    with open_client(demo) as web:
        log_in(web, "Wyatt")
        mine = f'<a class="button" href="{GAMES}/1/postgame/{quote(EARPS, safe="")}">'
        for lang, words in (("en", "Post-game for"), ("it", "Dopo-partita di")):
            page = web.get(f"{GAMES}/1?lang={lang}").text
            assert before(page, f"{mine}{words} {EARPS}</a>", 'class="side side-')
            assert "Act with a model" not in page and "Agisci con un personaggio" not in page


def test_act_with_a_model_reappears_when_the_panel_redraws_after_the_first_turn(
    demo: Path,
) -> None:
    cli(demo, "game", "start", "Rapina in banca", "--good", EARPS, "--bad", CLANTONS)
    with open_client(demo) as web:
        panel = web.get(f"{GAMES}/1/act/panel?lang=en").text
        assert 'id="gac-panel"' in panel and " hidden>" in panel  # there, to redraw itself
        assert "Act with a model" not in panel
        cli(demo, "game", "turn")
        panel = web.get(f"{GAMES}/1/act/panel?lang=en").text
        assert " hidden>" not in panel and "Act with a model" in panel


def test_before_the_first_turn_only_loading_a_gun_is_offered(demo: Path) -> None:
    """R-14: a gun that loads 7 or 17 rounds is loaded before the first turn, for free."""
    cli(demo, "gang", "buy", CLANTONS, "repeater", "--for", "Ike", "--dice", "6")
    cli(demo, "game", "start", "Rapina in banca", "--good", EARPS, "--bad", CLANTONS)
    with open_client(demo) as web:
        for lang, load, act in (
            ("en", "Load a gun before the first turn (R-14)", "Act with a model"),
            ("it", "Carica un'arma prima del primo turno (R-14)", "Agisci con un personaggio"),
        ):
            page = html.unescape(web.get(f"{GAMES}/1?lang={lang}").text)
            assert load in page and act not in page
            assert before(page, 'id="begin"', load)  # beginning the turn stays first
