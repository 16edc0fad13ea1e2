"""The board of a game tracked turn by turn: its gangs, models and objectives, the models and
objectives a command names, and what every action checks first (the game is on, the model is
still in play and may act).

The actions at the table are the other modules of ``campaign.game``, one per part of the book:
``start``, ``turns``, ``initiative``, ``states``, ``combat`` (with the bystanders' ``reactions``),
``objectives``, ``end``; ``status`` is what ``game status`` shows. Each action is keyword-only,
takes the ``session`` of the caller's one transaction, checks the rules before it changes
anything, changes the game's rows and appends one ``GameEvent`` with the dice
(``record_event``). A refusal raises ``CampaignError`` (or the engine's ``RulesError``): the
caller's transaction is rolled back and the database is unchanged.

The roster itself (money, XP, injuries, deaths) changes only in the post-game sequence
(``campaign.postgame``); starting and ending a game write a campaign ``LogEntry`` per gang that
``undo`` cannot cross (``log_barrier``), so nothing played in a game is undone from under it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from sqlalchemy import Integer, bindparam, event
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.orm import ORMExecuteState
from sqlalchemy.orm import Session as SaSession
from sqlalchemy.sql.dml import UpdateBase
from sqlmodel import Session, col, select

from skirmish.campaign import lookup, naming
from skirmish.campaign.game import capture, event_log
from skirmish.campaign.game.event_log import events_of as events_of
from skirmish.campaign.game.event_log import known_events as known_events
from skirmish.campaign.game.event_log import load_befores as load_befores
from skirmish.campaign.game.tables import (
    Game,
    GameEvent,
    GameGang,
    GameModel,
    GameObjective,
)
from skirmish.campaign.logbook import dice_data, log_entry, now_text
from skirmish.campaign.lookup import load_collections as load_collections
from skirmish.campaign.lookup import row_id
from skirmish.campaign.models import Campaign, CampaignLine, Gang, Member
from skirmish.campaign.store import locking_rows
from skirmish.engine.dice import Die
from skirmish.engine.glossary import EventKind, GameStatus
from skirmish.errors import CampaignError, on_command_line
from skirmish.rules import find_profile
from skirmish.rules.model import Flight, ModelState, Profile, Role, Side
from skirmish.rules.names import matching, normalize
from skirmish.rules.scenario_model import Objective, Scenario
from skirmish.rules.scenarios import find_scenario
from skirmish.translation import Both, Message


def scenario_of(game: Game) -> Scenario:
    """The game's scenario."""
    return find_scenario(game.scenario)


# ------------------------------------------------------------------ the unit of work's rows
#
# A game's gangs, models and objectives are read once per unit of work (issue #12, table mode's
# speed): the first ``gangs_of``/``models_of`` of a game also reads the campaign gangs and the
# roster models behind them, a query each; and every row the unit of work loads once
# ``hold_rows`` is called (by ``lock_game``, by the web's units of work) is held (``_HELD``), so
# that ``session.get`` finds it in the identity map, which holds rows weakly: a gang read, used
# and dropped would otherwise be read again at its next ``session.get``. The lists are read
# again after anything that may add or remove one of their rows: a flush that inserts or
# deletes a game's gang, model or objective, an INSERT/UPDATE/DELETE of their tables or raw SQL
# run directly (``capture.restore``, ``game undo``), or such a row added or deleted and not
# flushed yet. Rows already held change in place (they are the identity map's objects), and an
# expired one (after ``expire_all``) is read afresh by SQLAlchemy when next used, so a cached
# answer is always the one the query would give.

_LISTS = "game_rows"  # session.info: (kind, game id) → the rows, in the query's order
_HELD = "game_held"  # session.info: every row loaded since, held for the identity map
_LISTED = (GameGang, GameModel, GameObjective)
_EVENTS = event_log.EVENTS  # session.info: game id → its events or their tail (``event_log``)
_FRESH = "game_rows_fresh"  # session.info: the lists are read under the lock (``_loaded``)
_WRITES = "game_table_writes"  # session.info: statements that wrote a game's tables, counted


def _fresh(session: Session) -> bool:
    return bool(session.info.get(_FRESH))


def _forget_lists(session: Session) -> None:
    lists = session.info.get(_LISTS)
    if lists:
        lists.clear()


@event.listens_for(SaSession, "after_flush")
def _after_flush(session: SaSession, _context: Any) -> None:
    if _LISTS in session.info and any(
        isinstance(row, _LISTED) for row in (*session.new, *session.deleted)
    ):
        _forget_lists(session)  # type: ignore[arg-type]
    if session.info.get(_EVENTS) and any(
        isinstance(row, GameEvent) for row in (*session.new, *session.deleted)
    ):
        session.info[_EVENTS].clear()


@event.listens_for(SaSession, "after_commit")
def _after_commit(session: SaSession) -> None:
    """A session used past its transaction reads its events again: another writer may have
    added some since. A savepoint released (SQLAlchemy says "after commit" for it too: the
    idempotency key's claim) is not the transaction's end: its locks hold, its events stand
    (issue #23, seventh round: each action read its turn's events again after it)."""
    if session.in_nested_transaction():
        return
    if session.info.get(_EVENTS):
        session.info[_EVENTS].clear()


@event.listens_for(SaSession, "after_rollback")
def _after_rollback(session: SaSession) -> None:
    """After a rollback (a savepoint's too) the game's rows and events are read again: the
    rollback may have removed some. (Issue #23, table mode's ninth round: not through
    ``_after_commit``, which keeps them inside a savepoint, as a released one's stand: the
    initiative's trial, then rolled back, left its events in the list, and the roll's unit of
    work then saw the trial's model as taking its turn.)"""
    if session.info.get(_EVENTS):
        session.info[_EVENTS].clear()
    _forget_lists(session)  # type: ignore[arg-type]


def may_write(state: ORMExecuteState, tables: frozenset[str]) -> bool:
    """Whether the statement being run may change a row of ``tables``: an INSERT, UPDATE or
    DELETE of one of them, or any statement that is neither a query nor one of those (raw SQL:
    assumed to)."""
    if state.is_select:
        return False
    statement = state.statement
    if isinstance(statement, UpdateBase):
        table = getattr(statement, "table", None)
        return getattr(table, "name", None) in tables
    return True


_LISTED_TABLES = frozenset({"game_gang", "game_model", "game_objective"})
_EVENT_TABLES = frozenset({"game_event"})
_GAME_TABLES = _LISTED_TABLES | {"game"}


@event.listens_for(SaSession, "do_orm_execute")
def _on_execute(state: ORMExecuteState) -> None:
    if _LISTS in state.session.info and may_write(state, _LISTED_TABLES):
        _forget_lists(state.session)  # type: ignore[arg-type]
    if may_write(state, _GAME_TABLES):
        state.session.info[_WRITES] = state.session.info.get(_WRITES, 0) + 1
    if state.session.info.get(_EVENTS) and may_write(state, _EVENT_TABLES):
        state.session.info[_EVENTS].clear()


@event.listens_for(SaSession, "loaded_as_persistent")
def _loaded(session: SaSession, row: Any) -> None:
    held = session.info.get(_HELD)
    if held is not None:
        held.append(row)


@event.listens_for(SaSession, "pending_to_persistent")
def _inserted(session: SaSession, row: Any) -> None:
    """A row the unit of work inserted is held as a loaded one is (issue #23: a kept
    initiative roll, inserted then looked up by the answer's round, was read again)."""
    _loaded(session, row)


def hold_rows(session: Session) -> None:
    """From now on, hold every row the unit of work loads (see above)."""
    session.info.setdefault(_HELD, [])


def _listed(session: Session, kind: str, game: Game, load: Any) -> list[Any]:
    """The rows ``load`` reads for ``game``, once per unit of work (see above)."""
    lists: dict[tuple[str, int | None], list[Any]] | None = session.info.get(_LISTS)
    if lists is None:
        lists = session.info[_LISTS] = {}
        hold_rows(session)
    elif any(isinstance(row, _LISTED) for row in (*session.new, *session.deleted)):
        lists.clear()
    key = (kind, game.id)
    if key not in lists:
        lists[key] = list(load())
    return list(lists[key])


def gangs_of(session: Session, game: Game) -> list[GameGang]:
    """The two gangs of a game, good side first."""

    def load() -> list[GameGang]:
        # the campaign gangs beside them, one statement (issue #23, eighth round); under the
        # lock read afresh, the unit of work's changes flushed before (``_loaded_rows``)
        query = _game_gangs_with_gangs_query()
        if _fresh(session):
            query = query.execution_options(populate_existing=True)
        both = session.exec(query, params={"game": game.id}).all()
        rows = [gg for gg, _ in both]
        return sorted(rows, key=lambda g: (g.side != Side.GOOD, g.id))

    return _listed(session, "gangs", game, load)


@cache
def _game_gangs_with_gangs_query() -> Any:
    """``gangs_of``' statement, built once: each game gang beside its campaign gang
    (every game gang has one: ``game_gang.gang_id`` is a foreign key, not null)."""
    return (
        select(GameGang, Gang)
        .join(Gang, col(Gang.id) == col(GameGang.gang_id))
        .where(col(GameGang.game_id) == bindparam("game", type_=Integer))
        .order_by(col(GameGang.id))
    )


def models_of(session: Session, game: Game) -> list[GameModel]:
    """Every model of a game, in the order they joined it."""

    def load() -> list[GameModel]:
        # the roster models beside them, into the identity map in the same statement (issue #23)
        query = _game_models_with_members_query()
        if _fresh(session):
            query = query.execution_options(populate_existing=True)
        return [model for model, _ in session.exec(query, params={"game": game.id}).all()]

    return _listed(session, "models", game, load)


@cache
def _game_models_with_members_query() -> Any:
    """``models_of``' statement, built once: each game model beside its roster model (every
    game model has one: ``game_model.member_id`` is a foreign key, not null)."""
    return (
        select(GameModel, Member)
        .join(Member, col(Member.id) == col(GameModel.member_id))
        .where(col(GameModel.game_id) == bindparam("game", type_=Integer))
        .order_by(col(GameModel.id))
    )


def objectives_of(session: Session, game: Game) -> list[GameObjective]:
    """Every objective copy of a game."""

    def load() -> list[GameObjective]:
        return list(
            session.exec(
                select(GameObjective)
                .where(GameObjective.game_id == game.id)
                .order_by(col(GameObjective.id))
                .execution_options(populate_existing=_fresh(session))
            ).all()
        )

    return _listed(session, "objectives", game, load)


def gang_row(session: Session, game_gang: GameGang) -> Gang:
    """The campaign gang behind a game gang."""
    gang = session.get(Gang, game_gang.gang_id)
    assert gang is not None
    lookup.lock_row(session, gang)
    return gang


def gang_rows(session: Session, game: Game) -> list[tuple[GameGang, Gang]]:
    """Each gang of ``game`` (``gangs_of``) beside its campaign gang, locked as ``gang_row``
    locks it, in that order, in one statement (issue #23: a statement each)."""
    found = []
    for game_gang in gangs_of(session, game):
        gang = session.get(Gang, game_gang.gang_id)
        assert gang is not None
        found.append((game_gang, gang))
    lookup.lock_rows(session, [gang for _, gang in found])
    return found


def side_gangs(session: Session, game: Game) -> dict[str, str]:
    """Each side's gang by name (``{"good": "Earp brothers", "bad": "Clantons"}``): what the
    game's log names a side by (the winner of its end), whichever of its events are told. Read
    only: no row is locked."""
    found = {gg.side: session.get(Gang, gg.gang_id) for gg in gangs_of(session, game)}
    return {side: gang.name for side, gang in found.items() if gang is not None}


def member_of(session: Session, model: GameModel) -> Member:
    """The roster model behind a game model."""
    member = session.get(Member, model.member_id)
    assert member is not None
    return member


def game_gang_of(session: Session, model: GameModel) -> GameGang:
    gg = session.get(GameGang, model.game_gang_id)
    assert gg is not None
    return gg


def game_by_id(session: Session, campaign: CampaignLine, game_id: int) -> Game:
    """Game number ``game_id`` of ``campaign``: a writer's found and locked in one statement
    (issue #23: it was read, then locked and read again)."""
    game: Game | None
    if locking_rows(session) and not lookup.is_locked(session, Game, game_id):
        game = lookup.lock_found(session, _game_query().params(game=game_id, campaign=campaign.id))
    else:
        game = session.get(Game, game_id)
    if game is None or game.campaign_id != campaign.id:
        raise CampaignError(
            Message(
                "campaign {campaign_name!r} has no game {game_id}; see "
                "{on_command_line_skirmish_game}.",
                campaign_name=campaign.name,
                game_id=game_id,
                on_command_line_skirmish_game=Message(
                    "⟪'skirmish game list'¦the campaign's games⟫"
                ),
            )
        )
    lock_game(session, game)
    return game


@cache
def _game_query() -> Any:
    """``game_by_id``'s statement, built once: the game of that number and campaign."""
    return select(Game).where(
        col(Game.id) == bindparam("game", type_=Integer),
        col(Game.campaign_id) == bindparam("campaign", type_=Integer),
    )


def current_game(session: Session, campaign: Campaign, game_id: int | None = None) -> Game:
    """Game ``game_id``, else the campaign's game in progress, else its latest game."""
    if game_id is not None:
        return game_by_id(session, campaign, game_id)
    games = session.exec(
        select(Game).where(Game.campaign_id == campaign.id).order_by(col(Game.id).desc())
    ).all()
    if not games:
        raise CampaignError(
            Message(
                "campaign {campaign_name!r} has no game yet; start "
                "one{on_command_line_with_skirmish}.",
                campaign_name=campaign.name,
                on_command_line_with_skirmish=Message(
                    "⟪ with 'skirmish game start SCENARIO --good GANG --bad GANG'¦⟫"
                ),
            )
        )
    playing = [g for g in games if g.status == GameStatus.IN_PROGRESS]
    if len(playing) > 1:
        numbers = ", ".join(str(g.id) for g in playing)
        raise CampaignError(
            Message(
                "games {numbers} are in progress; choose one with {on_command_line_game_n_game}.",
                numbers=numbers,
                on_command_line_game_n_game=on_command_line("--game N", "⟨game⟩"),
            )
        )
    game = playing[0] if playing else games[0]
    lock_game(session, game)
    return game


def lock_game(session: Session, game: Game) -> None:
    """Lock ``game`` for the unit of work and, for a writer, keep its rows as they are before
    the action (``capture.remember``: its first event carries them, for ``game undo``)."""
    hold_rows(session)
    lookup.lock_row(session, game)
    if capture.remembering(session, game):
        capture.remember(session, game, lambda: _loaded_rows(session, game))


def _loaded_rows(session: Session, game: Game) -> capture.Loaded:
    """The game's rows before the action from the rows the unit of work loads for it anyway
    (issue #23: they were read from the tables for the capture, then again by the action),
    read afresh under the lock; its events' mark; and its rows after, from the same objects,
    unless a statement wrote the game's tables in between (``_WRITES``)."""
    session.flush()
    _forget_lists(session)
    if session.info.get(_EVENTS):
        session.info[_EVENTS].pop(game.id, None)
    session.info[_FRESH] = True
    try:
        gangs, models, objectives = _held(session, game)
    finally:
        session.info.pop(_FRESH, None)
    mark = event_log.mark(session, game)  # the log's tail read, not the whole log (issue #23)
    writes = session.info.get(_WRITES, 0)

    def after() -> capture.State | None:
        if session.info.get(_WRITES, 0) != writes:
            return None
        session.flush()
        return capture.state_of(game, *_held(session, game))

    return capture.state_of(game, gangs, models, objectives), mark, after


def _held(
    session: Session, game: Game
) -> tuple[list[GameGang], list[GameModel], list[GameObjective]]:
    if _fresh(session):
        _read_gangs_and_objectives(session, game)
    gangs = sorted(gangs_of(session, game), key=lambda g: int(g.id or 0))
    return gangs, models_of(session, game), objectives_of(session, game)


def _read_gangs_and_objectives(session: Session, game: Game) -> None:
    """The game's gangs beside their campaign gangs and the game's objective copies, read
    afresh in one statement and listed as ``gangs_of`` and ``objectives_of`` list them (issue
    #23: a statement each under every writer's lock; a game of a scenario without objectives,
    most, read none at every action). The copies are joined to each of the two gangs' rows
    (the same rows twice, held once): a game has its two gangs from its start, and with none
    the copies are read alone."""
    found = session.exec(_gangs_and_objectives_query(), params={"game": game.id}).all()
    if not found:
        return
    gangs = list({id(gg): gg for gg, _, _ in found}.values())
    gangs.sort(key=lambda g: (g.side != Side.GOOD, g.id))
    objectives = list({id(o): o for _, _, o in found if o is not None}.values())
    _listed(session, "gangs", game, lambda: gangs)
    _listed(session, "objectives", game, lambda: objectives)


@cache
def _gangs_and_objectives_query() -> Any:
    """``_read_gangs_and_objectives``' statement, built once: ``gangs_of``' rows, each beside
    every objective copy of the game (none: once, without), by gang then copy."""
    return (
        select(GameGang, Gang, GameObjective)
        .join(Gang, col(Gang.id) == col(GameGang.gang_id))
        .outerjoin(GameObjective, col(GameObjective.game_id) == col(GameGang.game_id))
        .where(col(GameGang.game_id) == bindparam("game", type_=Integer))
        .order_by(col(GameGang.id), col(GameObjective.id))
        .execution_options(populate_existing=True)
    )


def require_in_progress(game: Game) -> None:
    if game.status != GameStatus.IN_PROGRESS:
        scenario = scenario_of(game)
        values = {"game": game.id, "scenario": Both(scenario.name_en, scenario.name_it)}
        raise CampaignError(
            Message(
                "game {game} ({scenario}) has been abandoned; start a new one{start}.",
                start=Message("⟪ with 'skirmish game start'¦⟫"),
                **values,
            )
            if game.status == GameStatus.ABANDONED
            else Message(
                "game {game} ({scenario}) has ended; no more actions can be recorded in it "
                "(run {postgame} if not done yet).",
                postgame=Message("⟪'skirmish game postgame'¦the post-game sequence⟫"),
                **values,
            )
        )


def require_started(game: Game) -> None:
    if game.turn < 1:
        raise CampaignError(
            Message(
                "game {game_id} has not begun its first turn; {on_command_line_run_skirmish_g}.",
                game_id=game.id,
                on_command_line_run_skirmish_g=Message(
                    "⟪run 'skirmish game turn' first¦begin turn 1 first⟫"
                ),
            )
        )


def playing_model(session: Session, game: Game, name: str) -> GameModel:
    require_in_progress(game)
    require_started(game)
    model = find_model(session, game, name)
    require_alive(session, model)
    return model


@dataclass(frozen=True)
class ModelRef:
    """A model a command names: a gang's model, or a scenario objective that is a person."""

    model: GameModel | None
    objective: GameObjective | None = None


def model_label(session: Session, model: GameModel) -> str:
    gg = session.get(GameGang, model.game_gang_id)
    assert gg is not None
    return f"{gang_row(session, gg).name}:{model.name}"


def find_model(session: Session, game: Game, name: str) -> GameModel:
    """The game's model ``name`` names: its name or its handle, or a unique prefix or whole
    words of either (``campaign.naming``; a model still in play wins a tie with eliminated
    ones); ``GANG:NAME`` first picks the gang, named the same way."""
    models = models_of(session, game)
    gang_part, sep, model_part = name.rpartition(":")
    pool, typed = models, name
    gangs = [(gg, (gang.name,)) for gg, gang in gang_rows(session, game)]
    if sep and matching(gang_part, gangs):
        gg = naming.choose(
            gang_part, gangs, kind=naming.GANG, label=lambda g: gang_row(session, g).name
        )
        pool, typed = [m for m in models if m.game_gang_id == gg.id], model_part
    members = {row_id(m): member_of(session, m) for m in models}
    candidates = [
        (m, tuple(dict.fromkeys(n for n in _names(m, members[row_id(m)]) if n))) for m in pool
    ]
    shared = Counter(normalize(m.name) for m in models)

    def label(model: GameModel) -> str:
        text = naming.with_handle(model.name, members[row_id(model)].handle)
        if shared[normalize(model.name)] > 1:
            return f"{gang_row(session, game_gang_of(session, model)).name}:{text}"
        return text

    def missing(near: list[str]) -> CampaignError:
        listed = ", ".join(map(repr, near))
        return CampaignError(
            Message(
                "model {name!r} is not in game {game_id}; did you mean {listed}?",
                name=name,
                game_id=game.id,
                listed=listed,
            )
        )

    return naming.choose(
        typed, candidates, kind=naming.MODEL, label=label, missing=missing, prefer=in_play
    )


def find_game_gang(session: Session, game: Game, name: str) -> GameGang:
    """The gang of ``game`` that ``name`` names (``campaign.naming``: a prefix or whole words
    will do)."""
    gangs = [(gg, (gang.name,)) for gg, gang in gang_rows(session, game)]

    def missing(near: list[str]) -> CampaignError:
        names = ", ".join(repr(names[0]) for _, names in gangs)
        return CampaignError(
            Message(
                "gang {name!r} has no part in game {game_id}; its gangs: {names}.",
                name=name,
                game_id=game.id,
                names=names,
            )
        )

    return naming.choose(
        name, gangs, kind=naming.GANG, label=lambda g: gang_row(session, g).name, missing=missing
    )


def _names(model: GameModel, member: Member) -> tuple[str | None, ...]:
    """What a game model answers to: the name it played under, its roster's name now (renamed
    since) and its handle."""
    return (model.name, member.name, member.handle)


def find_objective(
    session: Session, game: Game, name: str, copy_no: int | None = None
) -> tuple[Objective, list[GameObjective]]:
    scenario = scenario_of(game)
    key = normalize(name)
    for objective in scenario.objectives:
        if names_objective(objective, key):
            copies = [o for o in objectives_of(session, game) if o.objective == objective.id]
            if copy_no is not None:
                copies = [o for o in copies if o.copy_no == copy_no]
                if not copies:
                    raise CampaignError(
                        Message(
                            "{objective_name} {copy_no} does not exist: there are "
                            "{objective_count} (count from 1).",
                            copy_no=copy_no,
                            objective_count=objective.count,
                            objective_name=Both(objective.name_en, objective.name_it),
                        )
                    )
            return objective, copies
    known = ", ".join(o.id for o in scenario.objectives) or "none"
    raise CampaignError(
        Message(
            "scenario {scenario_id!r} has no objective {name!r}; its objectives: {known}.",
            name=name,
            known=known,
            scenario_id=Both(scenario.id, scenario.name_it),
        )
    )


def names_objective(objective: Objective, key: str) -> bool:
    """``loot``, ``sacco``, ``bottino``, ``testimone``… name an objective, as its id and names
    or any word of them do."""
    names = [normalize(n) for n in (objective.id, objective.name_it, objective.name_en)]
    return key in names or any(key in name.split("-") for name in names if len(key) > 2)


def resolve_target(session: Session, game: Game, name: str) -> ModelRef:
    try:
        return ModelRef(find_model(session, game, name))
    except CampaignError:
        scenario = scenario_of(game)
        key = normalize(name)
        for objective in scenario.objectives:
            if objective.targetable and names_objective(objective, key):
                _, copies = find_objective(session, game, objective.id)
                return ModelRef(None, copies[0])
        raise


def require_alive(session: Session, model: GameModel) -> None:
    if model.eliminated:
        raise CampaignError(
            Message(
                "{model_name!r} was eliminated in turn {model_eliminated_turn}; it "
                "takes no part in the game any more.",
                model_name=model.name,
                model_eliminated_turn=model.eliminated_turn,
            )
        )
    if model.left_turn is not None:
        raise CampaignError(
            Message(
                "{model_name!r} left the table in turn {model_left_turn} (R-20); it "
                "takes no part in the game any more.",
                model_name=model.name,
                model_left_turn=model.left_turn,
            )
        )


def require_can_act(model: GameModel) -> None:
    if model.fleeing:
        raise CampaignError(
            Message(
                "{model_name!r} flees every turn until it leaves the table and takes "
                "no other action (R-20); record "
                "{on_command_line_f_skirmish_game_leave_model_na} when it does.",
                model_name=model.name,
                on_command_line_f_skirmish_game_leave_model_na=Message(
                    "⟪'skirmish game leave {name}'¦that it leaves the table⟫", name=model.name
                ),
            )
        )
    if model.state == ModelState.TERRIFIED:
        when = (
            Message(
                "at the start of turn {turn}⟪ ('skirmish game turn')¦⟫",
                turn=model.state_clears_turn,
            )
            if model.state_clears_turn is not None
            else Message(
                "afterwards: record ⟪'skirmish game state NAME steady'¦that it is steady again⟫"
            )
        )
        raise CampaignError(
            Message(
                "{model_name!r} is terrified and cannot act (§4.3.2, R-04): it skips "
                "its next turn and becomes steady {when}.",
                model_name=model.name,
                when=when,
            )
        )


def side_of(session: Session, model: GameModel) -> Side:
    """The side a game model plays on."""
    gg = session.get(GameGang, model.game_gang_id)
    assert gg is not None
    return Side(gg.side)


def is_leader(session: Session, game: Game, model: GameModel) -> bool:
    """Whether ``model`` leads its gang in ``game``: the model its gang named for the game
    (R-21), else a model of a leader profile."""
    gg = game_gang_of(session, model)
    if gg.leader_id is not None:
        return gg.leader_id == model.id
    return member_of(session, model).role == Role.LEADER


def in_play(model: GameModel) -> bool:
    """Whether a model is still in the game: not eliminated, not off the table (R-20)."""
    return not model.eliminated and model.left_turn is None


def profile_of(session: Session, model: GameModel) -> Profile:
    return find_profile(member_of(session, model).profile)


def flight_of(session: Session, model: GameModel) -> Flight | None:
    return profile_of(session, model).flees


def carried_items(session: Session, member: Member) -> list[str]:
    gang = session.get(Gang, member.gang_id)
    assert gang is not None
    if "items" in sa_inspect(gang).unloaded:
        load_collections(session, _gangs_beside(session, gang), "items")
    return [i.item for i in lookup.carried(gang, member)]


def _gangs_beside(session: Session, gang: Gang) -> list[Gang]:
    """``gang`` and the other campaign gang of a game it plays whose gangs or models the unit
    of work holds (``gangs_of``, ``models_of``), so that both gangs' items are read in one
    statement (issue #23: each ``Gang.items`` was a lazy load of its own, a statement per gang
    per unit of work that showed the board); what the lazy loads would read in the same
    transaction."""
    for (kind, _), listed in (session.info.get(_LISTS) or {}).items():
        if kind == "gangs":
            ids = [row.gang_id for row in listed]
        elif kind == "models":
            ids = list(dict.fromkeys(member_of(session, row).gang_id for row in listed))
        else:
            continue
        if gang.id in ids:
            found = [session.get(Gang, gang_id) for gang_id in ids]
            return [row for row in found if row is not None]
    return [gang]


def objectives_carried(session: Session, game: Game, model: GameModel) -> list[GameObjective]:
    return [o for o in objectives_of(session, game) if o.carrier == model.id]


def record_event(
    session: Session,
    game: Game,
    action: EventKind,
    *,
    model: GameModel | None = None,
    details: dict[str, Any] | None = None,
    dice: Sequence[Die] = (),
) -> GameEvent:
    event = GameEvent(
        game_id=row_id(game),
        turn=game.turn,
        action=action,
        model_id=model.id if model is not None else None,
        at=now_text(),
        details=details or {},
        dice=dice_data(dice),
        before=capture.attach(session, row_id(game)),  # the action's first event: for game undo
    )
    known = event_log.held(session, game)
    session.add(event)
    session.flush()  # the list of events is forgotten (``_after_flush``): it is this one more
    event_log.hold(session, game, known, event)
    capture.recorded(session, event)
    return event


def log_barrier(
    session: Session, game: Game, gang: Gang, action: str, extra: dict[str, Any]
) -> None:
    """A campaign log entry for the game that ``undo`` cannot cross (no state before it);
    ``game undo`` of the action that wrote it takes it back (``capture.logged``)."""
    entry = log_entry(
        session,
        campaign_id=game.campaign_id,
        gang=gang,
        action=action,
        details={"game": game.id, "scenario": game.scenario, **extra},
        money_before=gang.treasury,
    )
    capture.logged(session, row_id(game), [row_id(entry)])
