"""Issue #23: ``views.gang_data`` reads a gang's models, skills, injuries, items and failed
purchases as rows of their columns when they are not loaded, and from the objects when they are
(the printed sheets load the gang whole). Both ways give the same view, in both languages, for
every gang of the demo campaign, one with a failed purchase and a dead model among them, two
with an ended game whose post-game they owe (read beside the gang's other rows: issue #23)."""

from __future__ import annotations

import shutil
from pathlib import Path

from sqlalchemy.engine import Engine
from sqlmodel import select

from skirmish.campaign import gangs, lookup, store, views
from skirmish.campaign.game.start import start_game
from skirmish.campaign.models import FailedPurchase, Gang, Member, MemberStatus
from skirmish.engine.glossary import GameStatus

DEMO = Path(__file__).resolve().parent.parent.parent / "campaigns.db.example"


def _demo(tmp_path: Path) -> tuple[Engine, list[str], int | None]:
    """The demo's copy with a failed purchase and a dead model in its first gang, and a duel
    ended between its second and third, owing their post-games: its engine, the campaign's
    gangs' names and the ended game's id."""
    db = tmp_path / "campaigns.db"
    shutil.copyfile(DEMO, db)
    engine = store.open_store(str(db), access=store.Access.CAMPAIGN, create=False)
    try:
        with store.transaction(engine, access=store.Access.CAMPAIGN) as s:
            campaign = lookup.current_campaign(s, None)
            first = s.exec(select(Gang).where(Gang.campaign_id == campaign.id)).first()
            assert first is not None and first.id is not None
            s.add(FailedPurchase(gang_id=first.id, item="dinamite", game=first.games_played))
            dead = s.exec(select(Member).where(Member.gang_id == first.id)).first()
            assert dead is not None
            dead.status = MemberStatus.DEAD
            names = [g.name for g in campaign.gangs]
            ended = start_game(s, campaign=campaign, scenario="duel", good=names[1], bad=names[2])
            ended.status = GameStatus.ENDED
            s.flush()
            ended_id = ended.id
    except BaseException:
        engine.dispose()
        raise
    return engine, names, ended_id


def test_the_rows_and_the_objects_show_the_same_gang(tmp_path: Path) -> None:
    engine, names, ended_id = _demo(tmp_path)
    try:
        for lang in ("en", "it"):
            for name in names:
                with store.transaction(engine, access=store.Access.READ) as s:
                    campaign = lookup.current_campaign(s, None)
                    rows = views.gang_data(lookup.gang_by_name(s, campaign, name), lang)
                with store.transaction(engine, access=store.Access.READ) as s:
                    campaign = lookup.current_campaign(s, None)
                    gang = lookup.gang_by_name(s, campaign, name, full=True)
                    assert views._loaded(gang)
                    objects = views.gang_data(gang, lang)
                assert rows == objects, name
                if name == names[0]:
                    assert rows["former_members"] and rows["failed_purchases"]
                owed = rows["postgame_owed"]
                assert (owed is not None and owed["game"] == ended_id) == (name in names[1:3])
    finally:
        engine.dispose()


def test_a_gang_shown_is_read_as_a_row_and_shown_as_its_object(tmp_path: Path) -> None:
    """Issue #23, twelfth round: in a READ unit of work the gang page and the gang JSON read
    their gang as a row of its columns (``gangs.gang_line``: no ``Gang`` object loaded), and
    ``gang_data`` shows it as it shows the object, in both languages, every gang of the demo
    (a dead model, a failed purchase, a post-game owed). A name not said exactly, or a unit
    of work that may write, gets ``lookup.gang_by_name``'s object, the same gang."""
    engine, names, _ = _demo(tmp_path)
    try:
        for lang in ("en", "it"):
            for name in names:
                with store.transaction(engine, access=store.Access.READ) as s:
                    campaign = lookup.current_campaign(s, None)
                    objects = views.gang_data(lookup.gang_by_name(s, campaign, name), lang)
                with store.transaction(engine, access=store.Access.READ) as s:
                    campaign = lookup.current_campaign(s, None)
                    line = gangs.gang_line(s, campaign, name)
                    assert not isinstance(line, Gang)
                    assert not [o for o in s.identity_map.values() if isinstance(o, Gang)]
                    assert lookup.touched_gangs(s) == [line.id]
                    assert views.gang_data(line, lang, session=s) == objects, name
        with store.transaction(engine, access=store.Access.READ) as s:
            campaign = lookup.current_campaign(s, None)
            near = gangs.gang_line(s, campaign, names[0].lower())
            assert isinstance(near, Gang) and near.name == names[0]
        with store.transaction(engine, access=store.Access.CAMPAIGN) as s:
            campaign = lookup.current_campaign(s, None)
            written = gangs.gang_line(s, campaign, names[1])
            assert isinstance(written, Gang) and written.name == names[1]
    finally:
        engine.dispose()
