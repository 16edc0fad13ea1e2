"""The walker's actions: one per entry of its menu, each asking what the table shows and then
calling the same ``game`` command function (and so the same service) as the command line.

No rule lives here: each question is checked for what it is (a model of the list, a number in
range, yes or no) and the service the command calls decides the rest. A refusal is raised as
the command raises it (``SkirmishError``) and the walker prints it and returns to its menu; the
action's transaction was rolled back, so nothing changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from skirmish.campaign.game import situations
from skirmish.campaign.game.situations import (
    actors,
    enemies,
    fight_weapons,
    friends,
    guns_to_shoot,
    in_play,
    waiting,
)
from skirmish.cli import game_combat, game_end, game_objectives, game_states
from skirmish.cli.game_activations import activate as begin
from skirmish.cli.game_combat import do_melee, do_shoot
from skirmish.cli.game_record import events_after, game_of
from skirmish.cli.game_status import log as show_log
from skirmish.cli.game_status import status
from skirmish.cli.game_turns import initiative as roll
from skirmish.cli.game_turns import turn as new_turn
from skirmish.cli.game_undo import undo as take_back
from skirmish.cli.store_options import session
from skirmish.cli.walker_prompts import Asker, Cancelled, Option
from skirmish.cli.walker_table import (
    Figure,
    Table,
    carried_weapons,
    figure_options,
    person_options,
    read_table,
    weapon_options,
)
from skirmish.cli.walker_text import MESSAGES
from skirmish.engine.glossary import VOCABULARIES, EventKind, TableState, label, label_value
from skirmish.engine.situation import GAME_SOURCES, Input, Kind, Procedure, inputs_for
from skirmish.engine.situation_words import choice_label as situation_choice_label
from skirmish.errors import CampaignError
from skirmish.i18n import Lang, message
from skirmish.limits import COUNT, DISTANCE
from skirmish.rules.model import Cover, ObjectiveState, Point, Side


class NothingToChoose(CampaignError):
    """No model fits the action now: said instead of an empty list."""


@dataclass
class Walker:
    """One walker session: its language, its store, its game and its questions."""

    lang: Lang
    db: str | None
    campaign: str | None
    game: int
    ask: Asker

    @property
    def common(self) -> dict[str, Any]:
        """What every ``game`` command function takes besides its own arguments."""
        return {"lang": self.lang, "game": self.game, "campaign": self.campaign, "db": self.db}

    def table(self) -> Table:
        return read_table(self.db, self.campaign, self.game)

    def say(self, key: str, **values: object) -> str:
        return self.ask.say(key, **values)

    def blank_none(self) -> str:
        return self.say("blank-none")

    # ------------------------------------------------------------------------ models

    def maybe_model(self, question: str, figures: Sequence[Figure]) -> str | None:
        """One of ``figures``, or ``None`` for a blank answer (or when there is none)."""
        if not figures:
            return None
        text = self.say(question, blank=self.blank_none())
        return self.ask.choose_or_none(text, figure_options(figures, self.lang))

    def dice(self) -> str | None:
        """The action's dice typed in one go; at a terminal none are asked here: the command
        asks for each die as it is rolled, saying what it is for (``dice_prompt``)."""
        from skirmish.cli.dice_prompt import interactive  # lazy: command

        return None if interactive() else self.ask.dice()


def _nobody(why: str) -> NothingToChoose:
    """Nobody fits the action now, and ``why`` (a key of the walker's catalogue)."""
    return NothingToChoose(message(MESSAGES, "nobody", why=message(MESSAGES, why)))


def pick_model(walker: Walker, question: str, figures: Sequence[Figure], why: str) -> str:
    if not figures:
        raise _nobody(why)
    return walker.ask.choose(walker.say(question), figure_options(figures, walker.lang))


# ------------------------------------------------------------------------------ situation


def choice_label(member: StrEnum, lang: Lang) -> str:
    """A choice's word in ``lang``: the glossary's, else the situation's (the cover levels, a
    horse's pace: ``engine.situation_words``), never its English value in Italian."""
    if type(member) in VOCABULARIES:
        return label(member, lang)
    return situation_choice_label(type(member), member.value, lang)


def choice_options(choices: type[StrEnum], lang: Lang) -> list[Option[StrEnum]]:
    return [
        Option(c, choice_label(c, lang), tuple(dict.fromkeys((choice_label(c, lang), c.value))))
        for c in choices
    ]


def _value(walker: Walker, item: Input, procedure: Procedure, target: Figure | None) -> Any:
    """The value of one more input of the situation, asked by its kind."""
    question = walker.say("value", name=item.name(walker.lang), help=item.help(walker.lang))
    if item.kind is Kind.FLAG:
        return True
    if item.kind is Kind.CHOICE and item.choices is not None:
        return walker.ask.choose(question, choice_options(item.choices, walker.lang))
    if item.kind is Kind.DISTANCE:
        return walker.ask.distance(question, DISTANCE)
    if item.kind is Kind.WEAPON and target is not None:
        return walker.ask.choose(question, weapon_options(carried_weapons(target), walker.lang))
    return walker.ask.number(question, COUNT)


def more_inputs(
    walker: Walker, procedure: Procedure, asked: set[str], target: Figure | None
) -> dict[str, Any]:
    """What else the table shows, chosen from the rest of the declaration's inputs
    (``engine.situation``), by their parameter names as the command takes them."""
    rest = [i for i in inputs_for(procedure, GAME_SOURCES) if i.id not in asked]
    lang = walker.lang
    options: list[Option[Input | None]] = [
        Option(i, f"{i.name(lang)}: {i.help(lang)}", (i.name(lang), i.id)) for i in rest
    ]
    # The command's --no-target-waiting: the record says the target is still to take its
    # turn, the table says it moved.
    acted = walker.say("target-acted")
    options.append(Option(None, acted, (acted, "no-target-waiting")))
    question = walker.say("more", choose=walker.say("choose-many"), blank=walker.blank_none())
    chosen = walker.ask.choose_many(question, options, listed=False)
    values = {
        i.param_for(procedure): _value(walker, i, procedure, target)
        for i in chosen
        if i is not None
    }
    if None in chosen:
        values["no_target_waiting"] = True
    return values


# ------------------------------------------------------------------------------ bystanders


def bystanders(walker: Walker, table: Table, target: str, *, shot: bool) -> dict[str, Any]:
    """What the tracker cannot know about the models around ``target`` (it knows no
    positions), asked only where it matters (``reactions.questions``): the friends that would
    react to its fall (R-19), a model of its side near the captive it holds (R-22), the unarmed
    civilians near a shot (R-20)."""
    from skirmish.campaign.game.reactions import questions  # lazy: command

    with session(walker.db, access="read") as s:
        asked = questions(s, game=game_of(s, walker.campaign, walker.game), target=target)
    answers: dict[str, Any] = {"near": [], "guard": None}
    choose, blank = walker.say("choose-many"), walker.blank_none()
    by_name = {f.name: f for f in table.figures}
    if asked.friends:
        question = walker.say("friends", target=target, choose=choose, blank=blank)
        options = figure_options([by_name[n] for n in asked.friends], walker.lang)
        answers["near"] = walker.ask.choose_many(question, options)
    if asked.captives:
        question = walker.say("guard", target=target, held=", ".join(asked.captives), blank=blank)
        answers["guard"] = walker.ask.choose_or_none(
            question, figure_options(friends(table, target), walker.lang)
        )
    if shot:
        answers["civilian_near"] = []
        if asked.civilians:
            question = walker.say("civilians", choose=choose, blank=blank)
            options = figure_options([by_name[n] for n in asked.civilians], walker.lang)
            answers["civilian_near"] = walker.ask.choose_many(question, options)
    return answers


# ------------------------------------------------------------------------------ the actions


def board(walker: Walker) -> None:
    status(**walker.common, json_=False)


def log(walker: Walker) -> None:
    show_log(**walker.common, json_=False)


def turn(walker: Walker) -> None:
    new_turn(**walker.common, seed=None, dice=walker.dice(), json_=False)


def initiative(walker: Walker) -> None:
    """§1.8: each side reveals a model still to take its turn; a side with none left reveals
    nothing (the service then needs no roll)."""
    table = walker.table()
    if not waiting(table):
        raise _nobody("why-activate")
    chosen: dict[Side, str | None] = {}
    lenders: dict[Side, str | None] = {}
    for side, question in ((Side.GOOD, "good-model"), (Side.BAD, "bad-model")):
        ours = [f for f in waiting(table) if f.side is side]
        chosen[side] = (
            walker.ask.choose(walker.say(question), figure_options(ours, walker.lang))
            if ours
            else None
        )
        lenders[side] = None
        if chosen[side] is None:
            continue
        lending = [
            f for f in in_play(table)
            if f.side is side and f.label != chosen[side] and f.fama_left > 0
        ]  # fmt: skip
        if lending:
            text = walker.say("fama-from", name=chosen[side], blank=walker.blank_none())
            lenders[side] = walker.ask.choose_or_none(text, figure_options(lending, walker.lang))
    roll(good=chosen[Side.GOOD], bad=chosen[Side.BAD], good_fama_from=lenders[Side.GOOD],
         bad_fama_from=lenders[Side.BAD], **walker.common, seed=None, dice=walker.dice(),
         json_=False)  # fmt: skip


def activate(walker: Walker) -> None:
    member = pick_model(walker, "activate-who", waiting(walker.table()), "why-activate")
    begin(member=member, **walker.common, json_=False)


def _target(walker: Walker, table: Table, attacker: str) -> tuple[str, Figure | None]:
    """Whom ``attacker`` attacks: an enemy in play or a scenario's person."""
    foes = enemies(table, attacker)
    options = [*figure_options(foes, walker.lang), *person_options(table.persons, walker.lang)]
    if not options:
        raise _nobody("why-target")
    target = walker.ask.choose(walker.say("target"), options)
    return target, next((f for f in foes if f.label == target), None)


def shoot(walker: Walker) -> None:
    table = walker.table()
    attacker = pick_model(walker, "shooter", actors(table), "why-act")
    target, figure = _target(walker, table, attacker)
    shooter = next(f for f in table.figures if f.label == attacker)
    guns = guns_to_shoot(shooter)
    weapon = None
    if len(guns) > 1:
        blank = walker.say("blank-default", default=walker.say("weapon-default"))
        weapon = walker.ask.choose_or_none(
            walker.say("weapon", blank=blank), weapon_options(guns, walker.lang)
        )
    blank = walker.say("blank-default", default=walker.say("range-default"))
    distance = walker.ask.distance(walker.say("range", blank=blank), DISTANCE)
    blank = walker.say("blank-default", default=choice_label(Cover.NONE, walker.lang))
    cover = walker.ask.choose_or_none(
        f"{walker.say('cover')} ({blank})", choice_options(Cover, walker.lang)
    )
    more = more_inputs(walker, Procedure.SHOOT, {"weapon", "range", "cover"}, figure)
    named = bystanders(walker, table, target, shot=True)
    do_shoot(attacker=attacker, target=target, weapon=weapon, range_=distance,
             cover=cover or Cover.NONE, **more, **named, **walker.common,
             dice=walker.dice())  # fmt: skip


def _fight_weapons(figure: Figure, walker: Walker) -> list[Option[str]]:
    blades = fight_weapons(figure)
    bare = Option("bare-hands", walker.say("bare-hands"), ("bare-hands", "mani-nude"))
    return [*weapon_options(blades, walker.lang), bare]


def melee(walker: Walker) -> None:
    table = walker.table()
    attacker = pick_model(walker, "attacker", actors(table), "why-act")
    target, figure = _target(walker, table, attacker)
    fighter = next(f for f in table.figures if f.label == attacker)
    blank = walker.say("blank-default", default=walker.say("weapon-default"))
    weapon = walker.ask.choose_or_none(
        walker.say("weapon", blank=blank), _fight_weapons(fighter, walker)
    )
    defence: dict[str, Any] = {}
    if figure is not None:
        defence["target_weapon"] = walker.ask.choose_or_none(
            walker.say("target-weapon", blank=blank), _fight_weapons(figure, walker)
        )
    more = more_inputs(walker, Procedure.MELEE, {"weapon", "target_weapon"}, figure)
    named = bystanders(walker, table, target, shot=False)
    do_melee(attacker=attacker, target=target, weapon=weapon, **defence, **more, **named,
             **walker.common, dice=walker.dice())  # fmt: skip


def hit(walker: Walker) -> None:
    table = walker.table()
    member = pick_model(walker, "model", in_play(table), "why-model")
    wounds = walker.ask.number(walker.say("wounds"), COUNT, low=1)
    by = walker.maybe_model("by", enemies(table, member))
    named = bystanders(walker, table, member, shot=False)
    game_combat.hit(member=member, wounds=wounds, by=by, **named, **walker.common, seed=None,
           dice=walker.dice() if named["near"] else None, json_=False)  # fmt: skip


def eliminate(walker: Walker) -> None:
    table = walker.table()
    member = pick_model(walker, "model", in_play(table), "why-model")
    by = walker.maybe_model("by", enemies(table, member))
    named = bystanders(walker, table, member, shot=False)
    game_combat.eliminate(member=member, by=by, **named, **walker.common, seed=None,
           dice=walker.dice() if named["near"] else None, json_=False)  # fmt: skip


def state(walker: Walker) -> None:
    table = walker.table()
    member = pick_model(walker, "model", in_play(table), "why-model")
    options = [
        Option(s.value, label(s, walker.lang), (label(s, Lang.IT), label(s, Lang.EN), s.value))
        for s in TableState
    ]
    new_state = walker.ask.choose(walker.say("new-state"), options)
    game_states.state(member=member, new_state=new_state, **walker.common, json_=False)


def leave(walker: Walker) -> None:
    civilians = [f for f in in_play(walker.table()) if f.civilian]
    member = pick_model(walker, "model", civilians, "why-civilian")
    game_states.leave(member=member, **walker.common, json_=False)


def spend(walker: Walker) -> None:
    rich = [f for f in in_play(walker.table()) if f.fama_left or f.fortuna_left]
    member = pick_model(walker, "model", rich, "why-points")
    figure = next(f for f in rich if f.label == member)
    left = {Point.FAMA: figure.fama_left, Point.FORTUNA: figure.fortuna_left}
    options = [
        Option(p.value, f"{label(p, walker.lang)} ({left[p]})", (label(p, walker.lang), p.value))
        for p in Point
        if left[p] > 0
    ]
    point = walker.ask.choose(walker.say("point"), options)
    game_states.spend(point=point, member=member, **walker.common, json_=False)


def drink(walker: Walker) -> None:
    thirsty = [f for f in in_play(walker.table()) if situations.thirsty(f)]
    member = pick_model(walker, "model", thirsty, "why-whisky")
    game_states.drink(member=member, **walker.common, json_=False)


def objective(walker: Walker) -> None:
    from skirmish.rules.scenarios import find_scenario  # lazy: command

    table = walker.table()
    scenario = find_scenario(table.board["scenario"])
    lang = walker.lang
    rows = table.board["objectives"]
    options = []
    for row in rows:
        found = scenario.objective(row["objective"])
        name = found.name_it if lang == Lang.IT else found.name_en
        carrier = walker.say("carrier", name=row["carrier"]) if row["carrier"] else ""
        line = walker.say(
            "objective-line", name=name, copy=row["copy"],
            state=label_value(ObjectiveState, row["state"], lang), carrier=carrier,
        )  # fmt: skip
        options.append(Option((found, row["copy"]), line, (found.name_it, found.name_en, found.id)))
    chosen, copy_no = walker.ask.choose(walker.say("objective"), options)
    events = [
        Option(e.value, label(e, lang), (label(e, Lang.IT), label(e, Lang.EN), e.value))
        for e in chosen.events
    ]
    events.append(Option("carry", walker.say("carry-event"), ("carry", "porta")))
    event = walker.ask.choose(walker.say("event"), events)
    by = walker.maybe_model("doer", in_play(table))
    game_objectives.objective(
        objective=chosen.id,
        event=event,
        by=by,
        copy=copy_no if chosen.count > 1 else None,
        **walker.common,
        json_=False,
    )


def retreat(walker: Walker) -> None:
    gangs = walker.table().gangs()
    gang = walker.ask.choose(walker.say("gang"), [Option(g, g, (g,)) for g in gangs])
    if not walker.ask.yes_no(walker.say("confirm-retreat", gang=gang)):
        raise Cancelled
    now = walker.ask.yes_no(walker.say("infamy-now"), default=True)
    game_end.retreat(gang=gang, infamy_later=not now, **walker.common, seed=None,
           dice=walker.dice() if now else None, json_=False)  # fmt: skip


def end(walker: Walker) -> None:
    table = walker.table()
    options: list[Option[tuple[str | None, bool]]] = []
    verdict = table.board["verdict"]
    if verdict is not None and verdict["over"]:
        who = verdict["winner"] or walker.say("winner-draw")
        options.append(Option((None, False), walker.say("winner-verdict", who=who), ()))
    options += [Option((g, False), g, (g,)) for g in table.gangs()]
    draw = walker.say("winner-draw")
    options.append(Option((None, True), draw, (draw, "draw", "pareggio")))
    winner, is_draw = walker.ask.choose(walker.say("winner"), options)
    if not walker.ask.yes_no(walker.say("confirm-end")):
        raise Cancelled
    game_end.end(winner=winner, draw=is_draw, **walker.common, json_=False)


def abandon(walker: Walker) -> None:
    if not walker.ask.yes_no(walker.say("confirm-abandon")):
        raise Cancelled
    game_end.abandon(**walker.common, json_=False)


def undo(walker: Walker) -> None:
    with session(walker.db, access="read") as s:
        events = events_after(s, game_of(s, walker.campaign, walker.game), 0)
    last = events[-1]
    what = label_value(EventKind, last["action"], walker.lang)
    if not walker.ask.yes_no(walker.say("confirm-undo", what=what, turn=last["turn"])):
        raise Cancelled
    take_back(times=1, **walker.common, json_=False)
