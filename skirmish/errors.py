"""The few named exceptions of skirmish (STYLE.md habit 4).

Every message quotes the user's input with ``{value!r}`` (``shown(value)`` where it may be
long) and says what to do next. The CLI turns any ``SkirmishError`` into one ``Error: …`` line
on stderr and a non-zero exit code.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from typing import NamedTuple

from skirmish.translation import Both, Message, ngettext

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
_CLI_PHRASE = re.compile(r"⟪([^¦⟫]*)¦([^⟫]*)⟫")


def on_command_line(cli: str, elsewhere: str) -> str:
    """A phrase of a message that the command line says as ``cli`` (the command to type,
    ``'skirmish game turn'``) and every other front end as ``elsewhere`` (words that fit a page
    and the API: "a new turn"), where the command line keeps its own wording."""
    return f"⟪{cli}¦{elsewhere}⟫"


def said(text: str, lang: str, naming: Naming | None = None) -> str:
    """``text`` (a message, an input's help) with each input it names (``named``) said by
    ``naming``, default the front end's at work (``NAMING``), and each of its phrases the
    command line says its own way (``on_command_line``) as the front end at work says it."""
    how = naming or NAMING.get()
    side = 1 if COMMAND_LINE.get() else 2
    text = _CLI_PHRASE.sub(lambda m: m.group(side), text)
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

    The message is given in English and, with ``it=``, in Italian: the CLI shows the one of the
    chosen language (``--lang``, ``SKIRMISH_LANG``), ``text(lang)``; ``str()`` is the English.
    Raise sites write both side by side, e.g.
    ``CampaignError(f"no gang {name!r}", it=f"nessuna banda {name!r}")``; a test checks that
    every message in the package has its Italian.

    A message about an input names it with ``named("weapon")``, never as a flag or a label:
    ``inputs`` lists those it names (``input``: the first), and ``text`` says each as the front
    end does (``naming``, else the one at work, ``NAMING``).
    """

    exit_code: int = 1

    def __init__(self, message: str | Message = "", *, it: str | None = None) -> None:
        super().__init__(message)
        self._it = it

    @property
    def message(self) -> str | Message:
        """The message as raised: a ``Message`` (said in any language), or a text."""
        return self.args[0] if self.args else ""

    @property
    def it(self) -> str | None:
        """The Italian template (``None``: the message has none and is said in English)."""
        if isinstance(self.message, Message):
            return self.message("it")
        return self._it

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
        if str(lang) == "it" and self._it:
            return self._it
        return str(self.message)

    def text(self, lang: str, naming: Naming | None = None) -> str:
        """The message in ``lang`` (``"it"`` or ``"en"``; English when it has no Italian), each
        input it names said by ``naming`` (default: the front end's at work, ``NAMING``)."""
        return said(self.template(lang), lang, naming)

    def __str__(self) -> str:
        return self.text("en")


class RulesError(SkirmishError):
    """The rules forbid what was asked (full cover, out of range, a terrified model acting…)."""


class Kind(NamedTuple):
    """A kind of name in Italian, as an error says it: the noun, its plural with the article,
    and whether it is feminine ("arma sconosciuta", "profilo sconosciuto")."""

    noun: str
    plural: str
    feminine: bool = False


#: The Italian of every ``kind`` an ``UnknownNameError`` is raised with (the book's words).
KINDS_IT: dict[str, Kind] = {
    "action": Kind("azione", "le azioni", True),
    "advance": Kind("avanzamento", "gli avanzamenti"),
    "campaign": Kind("campagna", "le campagne", True),
    "doctor": Kind("dottore", "i dottori"),
    "equipment": Kind("equipaggiamento", "gli equipaggiamenti"),
    "faction": Kind("fazione", "le fazioni", True),
    "game event": Kind("evento di partita", "gli eventi di partita"),
    "game status": Kind("stato di partita", "gli stati di partita"),
    "gang": Kind("banda", "le bande", True),
    "injury": Kind("ferita", "le ferite", True),
    "invalidity": Kind("invalidità", "le invalidità", True),
    "item": Kind("oggetto", "gli oggetti"),
    "leader": Kind("capo", "i capi"),
    "model": Kind("personaggio", "i personaggi"),
    "modifier table": Kind("tabella dei modificatori", "le tabelle dei modificatori", True),
    "movement": Kind("movimento", "i movimenti"),
    "objective event": Kind("evento dell'obiettivo", "gli eventi degli obiettivi"),
    "objective state": Kind("stato dell'obiettivo", "gli stati degli obiettivi"),
    "pace": Kind("andatura", "le andature", True),
    "point": Kind("punto", "i punti"),
    "profile": Kind("profilo", "i profili"),
    "protection": Kind("protezione", "le protezioni", True),
    "recovery result": Kind("risultato di recupero", "i risultati di recupero"),
    "result": Kind("risultato", "i risultati"),
    "rules entry": Kind("voce del regolamento", "le voci del regolamento", True),
    "scenario": Kind("scenario", "gli scenari"),
    "side": Kind("schieramento", "gli schieramenti"),
    "side-step": Kind("passo laterale", "i passi laterali"),
    "skill": Kind("abilità", "le abilità", True),
    "state": Kind("stato", "gli stati"),
    "table": Kind("tabella", "le tabelle", True),
    "weapon": Kind("arma", "le armi", True),
}


def kind_it(kind: str) -> str:
    """The Italian noun of a kind of name (``"weapon"`` → ``"arma"``), the kind itself if it has
    none."""
    word = KINDS_IT.get(kind)
    return word.noun if word else kind


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
        hint = (
            f"did you mean {names}?"
            if self.suggestions
            else "see "
            + on_command_line("'skirmish rules'", "the rules")
            + f" for the list of {kind} names."
        )
        word = KINDS_IT.get(kind, Kind(f"nome ({kind})", f"i nomi ({kind})"))
        every = "tutte" if word.feminine else "tutti"
        hint_it = (
            f"forse intendevi {names_it}?"
            if self.suggestions
            else "vedi "
            + on_command_line("'skirmish rules'", "il regolamento")
            + f" per {every} {word.plural}."
        )
        unknown = "sconosciuta" if word.feminine else "sconosciuto"
        super().__init__(
            f"unknown {kind} {shown(value)}: {hint}",
            it=f"{word.noun} {unknown} {shown(value)}: {hint_it}",
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
        dice = Both(*(ngettext(lang, "{n} die", "{n} dice", given) for lang in ("en", "it")))
        if more_needed:
            more = Both(
                *(
                    ngettext(lang, "at least {n} more", "at least {n} more", more_needed)
                    for lang in ("en", "it")
                )
            )
            message = Message(
                "⟨dice⟩ gave {dice} but this roll needs {more} (the next one is for: "
                "{purpose}); add them in the order they were rolled.",
                dice=dice,
                more=more,
                purpose=Both(purpose, self.purpose_it),
            )
        else:
            message = Message(
                "⟨dice⟩ gave {dice} but this roll needs more (the next one is for: {purpose}); "
                "add them in the order they were rolled.",
                dice=dice,
                purpose=Both(purpose, self.purpose_it),
            )
        super().__init__(message)


class CampaignError(SkirmishError):
    """A campaign action that the store or the rules refuse (budget, gang size, unknown gang…)."""


class StaleError(CampaignError):
    """A confirmation for what has changed since it was shown (an undo whose action is no
    longer the last, issue #20): refused, saying what changed; nothing is changed."""


class StoreError(SkirmishError):
    """The database cannot be used (not a skirmish database, newer schema, unreachable)."""
