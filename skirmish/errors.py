"""The few named exceptions of skirmish (STYLE.md habit 4).

Every message quotes the user's input with ``{value!r}`` (``shown(value)`` where it may be
long) and says what to do next. The CLI turns any ``SkirmishError`` into one ``Error: …`` line
on stderr and a non-zero exit code.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from contextvars import ContextVar

from skirmish.translation import N_, Both, Message, NMessage, Said, gettext

#: How much of a user's text an error message repeats (a 10,000-character name is not echoed).
SHOWN_LENGTH = 40


def shown(value: object, length: int = SHOWN_LENGTH) -> str:
    """``repr(value)`` for an error message, cut to about ``length`` characters with the total
    length said, so a huge input is never echoed whole (``skirmish.limits`` re-exports it)."""
    try:
        text = repr(value)
    except ValueError:  # an int with more digits than Python turns into text
        return "a number far too large"
    if len(text) <= length + 2:
        return text
    size = len(value) if isinstance(value, str | bytes) else len(text)
    quote = text[-1] if text[-1] in "'\"" else ""
    return f"{text[: length + 1]}…{quote} ({size:,} characters)"


#: How a front end names an input a message is about: (the input's declared name, the
#: language) -> its word for it: the CLI's flag (``--weapon``), a page's field label
#: ('Weapon', 'Arma'), the API's field name (``weapon``).
Naming = Callable[[str, str], str]

#: An input named in a message, waiting for the front end's word (``named``).
_NAMED = re.compile(r"⟨([a-z][a-z0-9_]*)⟩")


def named(input_name: str) -> str:
    """A placeholder in a message for the input declared as ``input_name`` (``weapon``,
    ``target_waiting``, ``dice``): the engine knows no front end, so a refusal names the input
    and each front end says it its own way (``SkirmishError.text``)."""
    return f"⟨{input_name}⟩"


#: A phrase of a message the command line says its own way (``on_command_line``).
CLI_PHRASE = re.compile(r"⟪([^¦⟫]*)¦([^⟫]*)⟫")


def on_command_line(cli: str, elsewhere: str) -> str:
    """A phrase of a message that the command line says as ``cli`` (a flag to type,
    ``--game N``) and every other front end as ``elsewhere`` (``named("game")``), where the
    command line keeps its own wording. A phrase with words to translate is instead one message
    of the catalogue written with the same markers, ``Message("⟪ with 'skirmish game
    turn'¦⟫")``, its Italian translating both sides (docs/architecture.md)."""
    return f"⟪{cli}¦{elsewhere}⟫"


def said(text: str, lang: str, naming: Naming | None = None) -> str:
    """``text`` (a message, an input's help) with each input it names (``named``) said by
    ``naming``, default the front end's at work (``NAMING``), and each of its phrases the
    command line says its own way (``on_command_line``) as the front end at work says it."""
    how = naming or NAMING.get()
    side = 1 if COMMAND_LINE.get() else 2
    text = CLI_PHRASE.sub(lambda m: m.group(side), text)
    return _NAMED.sub(lambda m: how(m.group(1), str(lang)), text)


def renamed(message: str, prefix: str) -> str:
    """``message`` with each input it names under ``prefix`` (``other_``: the other target's
    ``target_rif`` is ``other_target_rif``)."""
    return _NAMED.sub(lambda m: named(prefix + m.group(1)), message)


def as_declared(input_name: str, lang: str) -> str:
    """The engine's own naming, where no front end chose one: the declared name itself."""
    return input_name


#: The naming of the front end at work (the CLI sets its flags for a command, the web its
#: labels or field names for a request); ``as_declared`` elsewhere (the engine's tests).
NAMING: ContextVar[Naming] = ContextVar("skirmish_naming", default=as_declared)

#: Whether the front end at work is the command line (``cli.input_names.naming_inputs`` sets
#: it), which says the phrases of ``on_command_line`` its own way.
COMMAND_LINE: ContextVar[bool] = ContextVar("skirmish_command_line", default=False)


class SkirmishError(Exception):
    """Base of every error a user can cause; its message is shown as one line.

    The message is a ``Message`` of the catalogue (issue #21), e.g.
    ``CampaignError(Message("no gang {name!r}", name=name))``: the CLI says it in the chosen
    language (``--lang``, ``SKIRMISH_LANG``), ``text(lang)``; ``str()`` is the English. A plain
    text (another library's, a message already said) is said as it is in every language.

    A message about an input names it with ``named("weapon")``, never as a flag or a label:
    ``inputs`` lists those it names (``input``: the first), and ``text`` says each as the front
    end does (``naming``, else the one at work, ``NAMING``).
    """

    exit_code: int = 1

    def __init__(self, message: str | Message = "") -> None:
        super().__init__(message)

    @property
    def message(self) -> str | Message:
        """The message as raised: a ``Message`` (said in any language), or a text."""
        return self.args[0] if self.args else ""

    @property
    def inputs(self) -> tuple[str, ...]:
        """The declared names of the inputs the message names, in order, once each."""
        message = str(self.args[0]) if self.args else ""
        return tuple(dict.fromkeys(_NAMED.findall(message)))

    @property
    def input(self) -> str | None:
        """The input the refusal is about (the first it names), if any."""
        return next(iter(self.inputs), None)

    def template(self, lang: str) -> str:
        """The message in ``lang`` with the inputs it names still unsaid (``named``)."""
        if isinstance(self.message, Message):
            return self.message(str(lang))
        return str(self.message)

    def text(self, lang: str, naming: Naming | None = None) -> str:
        """The message in ``lang`` (``"it"`` or ``"en"``; English when it has no Italian), each
        input it names said by ``naming`` (default: the front end's at work, ``NAMING``)."""
        return said(self.template(lang), lang, naming)

    def __str__(self) -> str:
        return self.text("en")


class RulesError(SkirmishError):
    """The rules forbid what was asked (full cover, out of range, a terrified model acting…)."""


#: What an ``UnknownNameError`` says for each ``kind`` it is raised with, whole sentences for
#: the catalogue (the Italian noun's gender agrees: "arma sconosciuta", "profilo sconosciuto"):
#: with suggestions, and without (pointing to the rules' list).
UNKNOWN: dict[str, tuple[str, str]] = {
    "action": (
        N_("unknown action {value}: did you mean {names}?"),
        N_("unknown action {value}: see {rules} for the list of action names."),
    ),
    "advance": (
        N_("unknown advance {value}: did you mean {names}?"),
        N_("unknown advance {value}: see {rules} for the list of advance names."),
    ),
    "campaign": (
        N_("unknown campaign {value}: did you mean {names}?"),
        N_("unknown campaign {value}: see {rules} for the list of campaign names."),
    ),
    "doctor": (
        N_("unknown doctor {value}: did you mean {names}?"),
        N_("unknown doctor {value}: see {rules} for the list of doctor names."),
    ),
    "equipment": (
        N_("unknown equipment {value}: did you mean {names}?"),
        N_("unknown equipment {value}: see {rules} for the list of equipment names."),
    ),
    "faction": (
        N_("unknown faction {value}: did you mean {names}?"),
        N_("unknown faction {value}: see {rules} for the list of faction names."),
    ),
    "game event": (
        N_("unknown game event {value}: did you mean {names}?"),
        N_("unknown game event {value}: see {rules} for the list of game event names."),
    ),
    "game status": (
        N_("unknown game status {value}: did you mean {names}?"),
        N_("unknown game status {value}: see {rules} for the list of game status names."),
    ),
    "gang": (
        N_("unknown gang {value}: did you mean {names}?"),
        N_("unknown gang {value}: see {rules} for the list of gang names."),
    ),
    "injury": (
        N_("unknown injury {value}: did you mean {names}?"),
        N_("unknown injury {value}: see {rules} for the list of injury names."),
    ),
    "invalidity": (
        N_("unknown invalidity {value}: did you mean {names}?"),
        N_("unknown invalidity {value}: see {rules} for the list of invalidity names."),
    ),
    "item": (
        N_("unknown item {value}: did you mean {names}?"),
        N_("unknown item {value}: see {rules} for the list of item names."),
    ),
    "leader": (
        N_("unknown leader {value}: did you mean {names}?"),
        N_("unknown leader {value}: see {rules} for the list of leader names."),
    ),
    "model": (
        N_("unknown model {value}: did you mean {names}?"),
        N_("unknown model {value}: see {rules} for the list of model names."),
    ),
    "modifier table": (
        N_("unknown modifier table {value}: did you mean {names}?"),
        N_("unknown modifier table {value}: see {rules} for the list of modifier table names."),
    ),
    "movement": (
        N_("unknown movement {value}: did you mean {names}?"),
        N_("unknown movement {value}: see {rules} for the list of movement names."),
    ),
    "objective event": (
        N_("unknown objective event {value}: did you mean {names}?"),
        N_("unknown objective event {value}: see {rules} for the list of objective event names."),
    ),
    "objective state": (
        N_("unknown objective state {value}: did you mean {names}?"),
        N_("unknown objective state {value}: see {rules} for the list of objective state names."),
    ),
    "pace": (
        N_("unknown pace {value}: did you mean {names}?"),
        N_("unknown pace {value}: see {rules} for the list of pace names."),
    ),
    "point": (
        N_("unknown point {value}: did you mean {names}?"),
        N_("unknown point {value}: see {rules} for the list of point names."),
    ),
    "profile": (
        N_("unknown profile {value}: did you mean {names}?"),
        N_("unknown profile {value}: see {rules} for the list of profile names."),
    ),
    "protection": (
        N_("unknown protection {value}: did you mean {names}?"),
        N_("unknown protection {value}: see {rules} for the list of protection names."),
    ),
    "recovery result": (
        N_("unknown recovery result {value}: did you mean {names}?"),
        N_("unknown recovery result {value}: see {rules} for the list of recovery result names."),
    ),
    "result": (
        N_("unknown result {value}: did you mean {names}?"),
        N_("unknown result {value}: see {rules} for the list of result names."),
    ),
    "rules entry": (
        N_("unknown rules entry {value}: did you mean {names}?"),
        N_("unknown rules entry {value}: see {rules} for the list of rules entry names."),
    ),
    "scenario": (
        N_("unknown scenario {value}: did you mean {names}?"),
        N_("unknown scenario {value}: see {rules} for the list of scenario names."),
    ),
    "side": (
        N_("unknown side {value}: did you mean {names}?"),
        N_("unknown side {value}: see {rules} for the list of side names."),
    ),
    "side-step": (
        N_("unknown side-step {value}: did you mean {names}?"),
        N_("unknown side-step {value}: see {rules} for the list of side-step names."),
    ),
    "skill": (
        N_("unknown skill {value}: did you mean {names}?"),
        N_("unknown skill {value}: see {rules} for the list of skill names."),
    ),
    "state": (
        N_("unknown state {value}: did you mean {names}?"),
        N_("unknown state {value}: see {rules} for the list of state names."),
    ),
    "table": (
        N_("unknown table {value}: did you mean {names}?"),
        N_("unknown table {value}: see {rules} for the list of table names."),
    ),
    "weapon": (
        N_("unknown weapon {value}: did you mean {names}?"),
        N_("unknown weapon {value}: see {rules} for the list of weapon names."),
    ),
}

#: The same for a kind not in ``UNKNOWN``.
UNKNOWN_KIND = (
    N_("unknown {kind} {value}: did you mean {names}?"),
    N_("unknown {kind} {value}: see {rules} for the list of {kind} names."),
)


def _the_rules(lang: str) -> str:
    return on_command_line("'skirmish rules'", gettext(lang, "the rules"))


class UnknownNameError(RulesError):
    """A name that matches no entry of a table; the message lists the closest valid names."""

    def __init__(
        self,
        kind: str,
        value: str,
        suggestions: Sequence[str],
        *,
        suggestions_it: Sequence[str] | None = None,
    ) -> None:
        self.kind = kind
        self.value = value
        self.suggestions = tuple(suggestions)
        names = ", ".join(repr(s) for s in self.suggestions)
        # The Italian error suggests the Italian names (what a player reads in the book).
        names_it = ", ".join(repr(s) for s in suggestions_it) if suggestions_it else names
        suggesting, listing = UNKNOWN.get(kind, UNKNOWN_KIND)
        super().__init__(
            Message(
                suggesting if self.suggestions else listing,
                kind=kind,
                value=shown(value),
                names=Both(names, names_it),
                rules=Said(_the_rules),
            )
        )


class DiceError(SkirmishError):
    """Dice typed in that cannot be used (not 1–6, or too few for the roll)."""


class NotEnoughDice(DiceError):
    """A scripted dice source ran out; carries how many were given and what the next die was for."""

    def __init__(
        self,
        given: int,
        purpose: str,
        more_needed: int | None = None,
        *,
        purpose_it: str | None = None,
    ) -> None:
        self.given = given
        self.purpose = purpose
        self.purpose_it = purpose_it or purpose
        self.more_needed = more_needed
        values = {"purpose": Both(purpose, purpose_it or purpose)}
        if more_needed:
            message = NMessage(
                "⟨dice⟩ gave {n} die but this roll needs at least {more} more (the next one "
                "is for: {purpose}); add them in the order they were rolled.",
                "⟨dice⟩ gave {n} dice but this roll needs at least {more} more (the next one "
                "is for: {purpose}); add them in the order they were rolled.",
                given,
                more=more_needed,
                **values,
            )
        else:
            message = NMessage(
                "⟨dice⟩ gave {n} die but this roll needs more (the next one is for: "
                "{purpose}); add them in the order they were rolled.",
                "⟨dice⟩ gave {n} dice but this roll needs more (the next one is for: "
                "{purpose}); add them in the order they were rolled.",
                given,
                **values,
            )
        super().__init__(message)


class CampaignError(SkirmishError):
    """A campaign action that the store or the rules refuse (budget, gang size, unknown gang…)."""


class StaleError(CampaignError):
    """A confirmation for what has changed since it was shown (an undo whose action is no
    longer the last, issue #20): refused, saying what changed; nothing is changed."""


class StoreError(SkirmishError):
    """The database cannot be used (not a skirmish database, newer schema, unreachable)."""
