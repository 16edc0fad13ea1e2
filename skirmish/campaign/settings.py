"""The house rules H-01…H-11 of RULINGS.md §4 as campaign settings, and the explosives flag.

Each setting has a key typed by users (``sell-percent``), the house rule it belongs to, a
default (the ruling's), and a parser that checks a typed value. Values are stored as text in
``campaign_setting``; a campaign gets every default written down when it is created, so later
changes of defaults never change an existing campaign.

The numeric house rules take whole numbers (ASCII digits) in a range, checked before anything
is stored (issue #8, "Bounds"):

======================  ========  =============================================================
setting                 range     why
======================  ========  =============================================================
win-money, loss-money   0–1000    dollars after each game (the ruling's 50 and 20); more would
                                  make every purchase trivial
win-xp                  0–10      XP per model per win (the ruling's 1)
sell-percent            0–100     a sale never pays more than the price paid
bounty-percent          0–100     a bounty is a share of the eliminated model's cost
marked-cards-dice       0–6       D6 rolled for the marked cards (the ruling's 1)
======================  ========  =============================================================
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import NamedTuple

from skirmish.errors import CampaignError, shown
from skirmish.i18n import Catalogue, messages
from skirmish.rules.names import normalize
from skirmish.translation import N_, Message, Said, gettext


class HouseRule(NamedTuple):
    """One campaign setting: key, house rule id, default and the values it accepts."""

    key: str
    rule: str  # "H-01" … "H-11", or "R-12" for the explosives flag
    default: str
    text: str  # its English, with {value}: the msgid of its Italian in the catalogue
    choices: tuple[str, ...] = ()  # closed set; empty when an integer in [low, high]
    low: int = 0
    high: int = 0

    def parse(self, value: str) -> str:
        """The canonical text of ``value``, or a ``CampaignError`` saying what is accepted."""
        typed = normalize(value)
        if self.choices:
            aliases = _BOOL_ALIASES if self.choices == ("on", "off") else {}
            typed = aliases.get(typed, typed)
            if typed not in self.choices:
                raise CampaignError(
                    Message(
                        "{rule}: {key} takes {join_choices}, not {value}.",
                        rule=self.rule,
                        key=self.key,
                        value=shown(value),
                        join_choices=Said(lambda lang: either(self.choices, lang)),
                    )
                )
            return typed
        digits = value.strip()
        # ASCII digits only: int() also reads "１００" and "1_000", which nobody means here;
        # the length check keeps int() away from a number with thousands of digits.
        plain = digits.removeprefix("-").removeprefix("+")
        number = int(digits) if plain.isascii() and plain.isdigit() and len(plain) < 10 else None
        if number is None or not self.low <= number <= self.high:
            raise CampaignError(
                Message(
                    "{rule}: {key} takes a whole number from {low} to {high}, not {value}.",
                    rule=self.rule,
                    key=self.key,
                    low=self.low,
                    high=self.high,
                    value=shown(value),
                )
            )
        return str(number)

    @property
    def accepts(self) -> str:
        """What the setting accepts, for help texts: ``on|off`` or ``0–100``."""
        return "|".join(self.choices) if self.choices else f"{self.low}–{self.high}"

    def describe(self, value: str, lang: str, in_words: bool = False) -> str:
        """The rule's text for ``value`` in ``lang``: a choice in the language's words in Italian,
        and in English when ``in_words`` (else as typed, ``next-game``: the key and value typed
        stay as they are, in ``campaign show``'s own columns)."""
        word = VALUE_WORDS[str(lang)].get(value, value) if in_words or lang != "en" else value
        return gettext(str(lang), self.text, value=word)


def either(words: tuple[str, ...], lang: str) -> str:
    """``words`` joined as alternatives in ``lang`` ("on or off")."""
    said = words[0]
    for word in words[1:]:
        said = gettext(lang, "{left} or {right}", left=said, right=word)
    return said


#: The words of the settings' choices, for the rules' texts and the settings form (issue #10).
VALUE_WORDS: Catalogue = messages(
    {
        "on": N_("yes"),
        "off": N_("no"),
        "next-game": N_("from the next game"),
        "any-time": N_("at any time"),
        "stash": N_("to the stash"),
        "lost": N_("lost"),
        "reroll": N_("roll again"),
        "higher-rif": N_("the higher RIF wins"),
        "nothing": N_("no effect"),
        "hiring": N_("at hiring only"),
        "always": N_("always"),
        "per-kill": N_("per model eliminated"),
        "flat": N_("flat"),
    }
)


_BOOL_ALIASES = {
    "yes": "on", "si": "on", "true": "on", "1": "on", "y": "on",
    "no": "off", "false": "off", "0": "off", "n": "off",
}  # fmt: skip

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "explosives", "R-12", "off",
        N_("dynamite and nitroglycerin on sale (mining or railroad zone): {value}"),
        choices=("on", "off"),
    ),
    HouseRule(
        "win-money", "H-01", "50",
        N_("the winner gains {value}$ after a game"),
        low=0, high=1000,
    ),
    HouseRule(
        "loss-money", "H-01", "20",
        N_("the loser (a retreat is a loss) gains {value}$ after a game"),
        low=0, high=1000,
    ),
    HouseRule(
        "win-xp", "H-02", "1",
        N_("+{value} XP to each model of the winning gang not eliminated"),
        low=0, high=10,
    ),
    HouseRule(
        "failed-item", "H-03", "next-game",
        N_("an item whose availability roll failed can be tried again: {value}"),
        choices=("next-game", "any-time"),
    ),
    HouseRule(
        "dead-equipment", "H-04", "stash",
        N_("a dead model's equipment goes to: {value}"),
        choices=("stash", "lost"),
    ),
    HouseRule(
        "sell-percent", "H-05", "50",
        N_("items sell for {value}% of the price paid, rounded down"),
        low=0, high=100,
    ),
    HouseRule(
        "initiative-ties", "H-06", "reroll",
        N_("initiative ties: {value}"),
        choices=("reroll", "higher-rif"),
    ),
    HouseRule(
        "duplicate-invalidity", "H-07", "reroll",
        N_("a duplicate invalidity result: {value}"),
        choices=("reroll", "nothing"),
    ),
    HouseRule(
        "hero-limits", "H-08", "hiring",
        N_("hero limits apply: {value} (hiring: a promoted common may exceed them)"),
        choices=("hiring", "always"),
    ),
    HouseRule(
        "bounty-percent", "H-09", "50",
        N_("bounty killers gain {value}% of each outlaw or mexican eliminated, rounded down"),
        low=0, high=100,
    ),
    HouseRule(
        "marked-cards-dice", "H-10", "1",
        N_("marked cards: {value}D6 $ after a game the holder was not eliminated in"),
        low=0, high=6,
    ),
    HouseRule(
        "gambler", "H-11", "per-kill",
        N_("gambler: 1D6 (+1D6 per model he eliminated when per-kill): {value}"),
        choices=("per-kill", "flat"),
    ),
)  # fmt: skip

_BY_KEY: dict[str, HouseRule] = {rule.key: rule for rule in HOUSE_RULES}
# A house rule with a single setting can also be named by its id ("H-05").
_BY_RULE: dict[str, HouseRule] = {
    rule.rule.casefold(): rule
    for rule in HOUSE_RULES
    if sum(1 for other in HOUSE_RULES if other.rule == rule.rule) == 1
}


def find_setting(key: str) -> HouseRule:
    """The setting called ``key`` (``sell-percent``, or ``H-05`` for one-setting rules)."""
    typed = normalize(key)
    found = _BY_KEY.get(typed) or _BY_RULE.get(typed)
    if found is None:
        close = difflib.get_close_matches(typed, list(_BY_KEY), n=3, cutoff=0.4)
        hint = ", ".join(repr(c) for c in close) if close else ", ".join(_BY_KEY)
        raise CampaignError(
            Message("unknown campaign setting {key}: try {hint}.", key=shown(key), hint=hint)
        )
    return found


def defaults() -> dict[str, str]:
    """Every setting with its default value."""
    return {rule.key: rule.default for rule in HOUSE_RULES}


def resolve(overrides: Mapping[str, str]) -> dict[str, str]:
    """Defaults with ``overrides`` (typed keys and values) checked and applied."""
    values = defaults()
    for key, value in overrides.items():
        rule = find_setting(key)
        values[rule.key] = rule.parse(value)
    return values


def parse_assignment(text: str) -> tuple[str, str]:
    """``"sell-percent=100"`` → ``("sell-percent", "100")``."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip() or not value.strip():
        raise CampaignError(
            Message(
                "a house rule is set as KEY=VALUE (e.g. sell-percent=100), not {text}.",
                text=shown(text),
            )
        )
    return key.strip(), value.strip()
