"""``board.carried_items``: what a game's model carries, from its campaign gang's items, which
a unit of work reads for both gangs of the game in one statement (issue #23: each ``Gang.items``
was a lazy load of its own, one statement per gang per unit of work that showed the board)."""

from __future__ import annotations

from sqlmodel import Session, select

from skirmish.campaign import lookup
from skirmish.campaign.game import board
from skirmish.campaign.game.tables import Game
from skirmish.campaign.models import Gang, Member

from .statements import recorded
from .table_mode import Table


def _game(s: Session) -> Game:
    found = s.get(Game, 1)
    assert found is not None
    return found


def _carried(s: Session) -> dict[str, list[str]]:
    models = board.models_of(s, _game(s))
    return {m.name: board.carried_items(s, board.member_of(s, m)) for m in models}


def _lazily(s: Session) -> dict[str, list[str]]:
    """Each model's items as its gang's own lazy load reads them (no ``board`` list held)."""
    found = {}
    for model in board.models_of(s, _game(s)):
        member = board.member_of(s, model)
        gang = s.get(Gang, member.gang_id)
        assert gang is not None
        found[model.name] = [i.item for i in lookup.carried(gang, member)]
    return found


def test_both_gangs_items_are_read_in_one_statement_as_their_lazy_loads_would(
    table: Table,
) -> None:
    with recorded("FROM owned_item") as seen:
        carried = table.read(_carried)
    assert len(seen) == 1, seen
    assert carried == table.read(_lazily)
    assert carried["Wyatt"] == ["six-shooter", "marked-cards"]
    assert carried["Ike"] == ["rifle"] and carried["Frank"] == ["knife"]


def test_a_gang_outside_the_held_games_reads_its_own_items(table: Table) -> None:
    def step(s: Session) -> list[str]:
        board.models_of(s, _game(s))  # the game's gangs held: the Hunters are not one of them
        django = s.exec(select(Member).where(Member.name == "Django")).one()
        return board.carried_items(s, django)

    with recorded("FROM owned_item") as seen:
        assert table.read(step) == ["six-shooter"]
    assert len(seen) == 1
