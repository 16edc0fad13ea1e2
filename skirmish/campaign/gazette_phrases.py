"""The Gazette's words (issue #14): every kind of sentence in several fixed phrasings
(``PHRASES``, Italian and English, the same number of each), the words that are not sentences,
and ``say``, which fills a phrasing chosen by a hash of the kind and the facts' ids, so the
same campaign always prints the same paper.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from skirmish.campaign.gazette_issue import Sentence
from skirmish.errors import SkirmishError
from skirmish.i18n import Catalogue, Lang, messages, name
from skirmish.rules import find_equipment, find_profile
from skirmish.rules.scenarios import find_scenario
from skirmish.translation import N_, Message, gettext

#: Every kind of sentence in several phrasings, ``KIND.N`` (``phrasings``); both languages have
#: the same keys, each with the same fields (tests/test_catalogues.py). ``{…}`` are names and
#: numbers read from the facts.
PHRASES: Catalogue = messages(
    {
        "headline-win.1": N_("{scenario}: the day belongs to {winner}"),
        "headline-win.2": N_("Victory for {winner} in the {scenario}"),
        "headline-win.3": N_("{winner} prevail over {loser} in the {scenario}"),
        "headline-draw.1": N_("{scenario}: no victor between {first} and {second}"),
        "headline-draw.2": N_("Stand-off in the {scenario}: {first} and {second} part even"),
        "headline-upset.1": N_("Against the odds: {who} brings down {opponent} at {chance}"),
        "headline-upset.2": N_("{who} beats the odds: {opponent} falls, a {chance} chance"),
        "headline-upset.3": N_("Upset in game {game}: {who} fells {opponent}, a {chance} chance"),
        "headline-escape.1": N_("Great escape: {who} walks away from {opponent} at {chance}"),
        "headline-escape.2": N_("Not today! {who} survives {opponent}, odds of {chance}"),
        "headline-town.1": N_("{campaign}: {gangs} in town"),
        "headline-town.2": N_("Trouble brewing in {campaign}: {gangs} in town"),
        "report-win.1": N_("{winner} ({winner_side}) beat {loser} ({loser_side}) in {turns}."),
        "report-win.2": (
            N_("After {turns}, {winner} ({winner_side}) had the better of {loser} ({loser_side}).")
        ),
        "report-win.3": (
            N_("{loser} ({loser_side}) went down to {winner} ({winner_side}) after {turns}.")
        ),
        "report-draw.1": (
            N_("{first} ({first_side}) and {second} ({second_side}) fought {turns} to a draw.")
        ),
        "report-draw.2": (
            N_("Neither {first} ({first_side}) nor {second} ({second_side}) prevailed in {turns}.")
        ),
        "report-reason.1": N_("The game ended thus: {reason}."),
        "report-reason.2": N_("How it ended: {reason}."),
        "retreat-voluntary.1": N_(
            "Turn {turn}: {gang} chose to retreat, and lost the game (R-09)."
        ),
        "retreat-voluntary.2": N_("In turn {turn} {gang} turned tail and left the field (R-09)."),
        "retreat-cohesion.1": N_(
            "Turn {turn}: {gang} failed the cohesion test and retreated (R-08)."
        ),
        "retreat-cohesion.2": (
            N_("In turn {turn} {gang} lost heart, failed the cohesion test and fled (R-08).")
        ),
        "fall-shot.1": N_("Turn {turn}: {victim} ({gang}) was shot down by {by}."),
        "fall-shot.2": N_("In turn {turn} a shot from {by} laid {victim} ({gang}) low."),
        "fall-melee.1": N_("Turn {turn}: {victim} ({gang}) fell in a fight with {by}."),
        "fall-melee.2": N_("In turn {turn} {by} beat {victim} ({gang}) hand to hand."),
        "fall-by.1": N_("Turn {turn}: {victim} ({gang}) fell to {by}."),
        "fall-by.2": N_("In turn {turn} {by} put {victim} ({gang}) out of the fight."),
        "fall-blast.1": (
            N_("Turn {turn}: {victim} ({gang}) was caught in the blast of {by}'s {explosive}.")
        ),
        "fall-blast.2": N_("In turn {turn} {by}'s {explosive} took {victim} ({gang}) with it."),
        "fall.1": N_("Turn {turn}: {victim} ({gang}) was put out of the fight."),
        "fall.2": N_("In turn {turn} {victim} ({gang}) went down."),
        "turning-hit.1": (
            N_(
                "The turning point: turn {turn}, when {who} eliminated {opponent} with a {chance} "
                "chance of doing so."
            )
        ),
        "turning-hit.2": (
            N_(
                "The game turned in turn {turn}: {who} eliminated "
                "{opponent}, which the odds gave at "
                "{chance}."
            )
        ),
        "turning-miss.1": (
            N_(
                "The turning point: turn {turn}, when {opponent} survived {who}'s attack, which "
                "eliminated with a {chance} chance."
            )
        ),
        "turning-miss.2": (
            N_(
                "The game turned in turn {turn}: {who} had a {chance} chance to eliminate "
                "{opponent}, and did not."
            )
        ),
        "turning-by.1": N_("The turning point: turn {turn}, when {by} brought down {victim}."),
        "turning-by.2": N_("It turned in turn {turn}, the moment {victim} fell to {by}."),
        "turning.1": N_("The turning point: the fall of {victim} in turn {turn}."),
        "turning.2": N_("It turned in turn {turn}, when {victim} went down."),
        "obituary.1": (
            N_(
                "{name}, {profile} of {gang}, fell in game {game}, {scenario}{how}; the recovery "
                "die showed {roll}, and there was no getting up (R-10)."
            )
        ),
        "obituary.2": (
            N_(
                "Laid to rest: {name}, {profile} of {gang}. The last game was game {game}, "
                "{scenario}{how}; the recovery die showed {roll} (R-10)."
            )
        ),
        "obituary.3": (
            N_(
                "The undertaker measured {name}, {profile} of {gang}, after game {game}, "
                "{scenario}{how}: recovery die {roll} (R-10)."
            )
        ),
        "how-shot.1": N_(", shot by {by}"),
        "how-melee.1": N_(", in a fight with {by}"),
        "how-by.1": N_(", at the hands of {by}"),
        "how-blast.1": N_(", in the blast of {by}'s {explosive}"),
        "leader.1": N_("Top of the standings: {gang}, with {points}."),
        "leader.2": N_("{gang} lead the field with {points}."),
        "gang-new.1": N_("{gang} ({faction}) rode into town with {money}$."),
        "gang-new.2": N_("New faces in town: {gang}, {faction}, with {money}$ to spend."),
        "hire.1": N_("{gang} took on {name}, {profile}, for {cost}$."),
        "hire.2": N_("New gun for {gang}: {name}, {profile}, signed for {cost}$."),
        "hires.1": N_("{gang} signed up {list}."),
        "hires.2": N_("New guns for {gang}: {list}."),
        "hire-item.1": N_("{name} ({profile}, {cost}$)"),
        "fire.1": N_("{gang} let {name} ({profile}) go."),
        "fire.2": N_("{name} ({profile}) is no longer riding with {gang}."),
        "buys.1": N_("At the general store {gang} bought {list}."),
        "buys.2": N_("Seen leaving the general store, {gang}, with {list}."),
        "xp.1": N_("{name} of {gang} earned {xp} XP: {reason}."),
        "xp.2": N_("{xp} XP for {name} of {gang}: {reason}."),
        "advance-skill.1": N_("{name} of {gang} learned {skill}."),
        "advance-skill.2": N_("{name} ({gang}) has a new trick: {skill}."),
        "advance-stat.1": N_("{name} of {gang} raised {stat} from {before} to {after}."),
        "advance-stat.2": N_("{stat} {after} for {name} ({gang}), up from {before}."),
        "advance-promoted.1": (
            N_("{name} of {gang} raised {stat} from {before} to {after}, and is a hero now (§1.6).")
        ),
        "advance-promoted.2": (
            N_("From the ranks to the heroes: {name} of {gang}, {stat} {after} (§1.6).")
        ),
        "injure.1": N_("{name} of {gang} carries a lasting injury: {injury}."),
        "injure.2": N_("A wound that stays for {name} of {gang}: {injury}."),
        "recovered.1": N_("{name} of {gang} is back on their feet after game {game} (R-10)."),
        "recovered.2": N_("Up again after game {game}: {name} of {gang} (R-10)."),
        "wounded.1": (
            N_(
                "{name} of {gang} is still bandaged after game "
                "{game}: -1 COS in the next game (R-10)."
            )
        ),
        "wounded.2": N_(
            "Bandages for {name} of {gang} after game {game}: -1 COS next time (R-10)."
        ),
        "invalid.1": N_(
            "{name} of {gang} survived game {game}, but not unscathed: {injury} (R-10)."
        ),
        "invalid.2": N_("Game {game} left its mark on {name} of {gang}: {injury} (R-10)."),
        "bounty.1": N_("{gang} collected {amount}$ in bounties for {victims} (H-09)."),
        "bounty.2": N_("Payday for {gang}: {amount}$ of bounty for {victims} (H-09)."),
        "outlaw-mark.1": N_("{gang} killed a civilian and are outlaws now, for good (H-09)."),
        "outlaw-mark.2": N_("Civilian blood on {gang}: outlaws for good (H-09)."),
        "income.1": N_("{gang} pocketed {amount}$ after game {game}: {result} (H-01)."),
        "income.2": N_("Game {game} paid {gang} {amount}$: {result} (H-01)."),
        "game-xp.1": N_("Experience for {gang} after game {game}: {list} (R-11)."),
        "game-xp.2": N_("Game {game} taught {gang} a thing or two: {list} (R-11)."),
        "xp-item.1": N_("{name} {xp} XP"),
        "gambler.1": N_(
            "{name} of {gang} won {amount}$ at the card table after game {game} (H-11)."
        ),
        "gambler.2": N_("Luck at cards for {name} of {gang}: {amount}$ after game {game} (H-11)."),
        "marked-cards.1": (
            N_("{name} of {gang} made {amount}$ with marked cards after game {game} (H-10).")
        ),
        "marked-cards.2": (
            N_(
                "Marked cards, full pockets: {amount}$ for {name} of "
                "{gang} after game {game} (H-10)."
            )
        ),
        "gang-retire.1": N_("{gang} hung up their guns and left the campaign."),
        "gang-retire.2": N_("{gang} rode out of town for the last time."),
        "wanted-who.1": N_("{name}, {profile}, leader of {gang}."),
        "wanted-bounty.1": (
            N_("Reward: {bounty}$, {percent}% of the {cost}$ a {profile} is worth (H-09).")
        ),
        "wanted-infamy.1": N_(
            "Wanted for cowardice: {gang} left the field by choice {times} (R-09)."
        ),
        "wanted-kills.1": N_("{name} has put {count} out of the fight to date."),
        "wanted-kills.2": N_("Eliminated by {name} to date: {count}."),
        "wanted-seen.1": N_("Last seen: game {game}, {scenario}."),
        "wanted-seen.2": N_("Last seen in game {game}, {scenario}."),
    }
)

#: Words that are not sentences: counts with their plural, list joints, the stats' names.
WORDS: Mapping[str, Mapping[str, str]] = messages({
        "turns-1": N_("one turn"), "turns": N_("{n} turns"),
        "points-1": N_("1 point"), "points": N_("{n} points"),
        "times-1": N_("once"), "times": N_("{n} times"),
        "models-1": N_("one model"), "models": N_("{n} models"),
        "gangs-1": N_("one gang"), "gangs": N_("{n} gangs"),
        "and": N_(" and "),
        "sep": N_(", "),
        "one-in": N_("1 in {n}"),
        "tiro": N_("TIRO"),
        "fred": N_("FRED"),
        "rif": N_("RIF"),
        "cos": N_("COS"),
        "fama": N_("FAMA"),
        "fortuna": N_("FORTUNA"),
    })  # fmt: skip

#: Numbers of gangs spelt out in a headline, by number (msgids: ``gang_count`` says them; more
#: than twelve gangs print as digits); a headline that opens with one gets its capital from
#: ``say``.
NUMBER_WORDS: Mapping[int, str] = {
    1: N_("one gang"), 2: N_("two gangs"), 3: N_("three gangs"), 4: N_("four gangs"),
    5: N_("five gangs"), 6: N_("six gangs"), 7: N_("seven gangs"), 8: N_("eight gangs"),
    9: N_("nine gangs"), 10: N_("ten gangs"), 11: N_("eleven gangs"), 12: N_("twelve gangs"),
}  # fmt: skip


def gang_count(count: int, lang: Lang | str) -> str:
    """``count`` gangs in ``lang``, spelt out up to twelve ("three gangs", "tre bande")."""
    if count in NUMBER_WORDS:
        return gettext(str(lang), NUMBER_WORDS[count])
    return word("gangs", str(lang), count)


# ------------------------------------------------------------------------------ phrasing


def choose(kind: str, log_ids: Sequence[int], event_ids: Sequence[int], count: int) -> int:
    """Which of ``count`` phrasings a sentence takes: a hash of its kind and its facts' ids, so
    the same facts always read the same, and different facts vary."""
    key = f"{kind}|{','.join(map(str, log_ids))}|{','.join(map(str, event_ids))}"
    return int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:4], "big") % count


def phrasings(kind: str, lang: Lang | str) -> list[str]:
    """The phrasings of a kind of sentence in ``lang``: ``PHRASES``' ``KIND.1``, ``KIND.2``…"""
    table = PHRASES[str(lang)]
    found: list[str] = []
    while f"{kind}.{len(found) + 1}" in table:
        found.append(table[f"{kind}.{len(found) + 1}"])
    return found


def kinds() -> list[str]:
    """Every kind of sentence ``PHRASES`` has."""
    return sorted({key.rpartition(".")[0] for key in PHRASES["en"]})


def phrase(kind: str, lang: str, logs: Sequence[int], events: Sequence[int]) -> str:
    options = phrasings(kind, lang)
    return options[choose(kind, logs, events, len(options))]


def say(
    kind: str,
    lang: Lang | str,
    *,
    logs: Iterable[int] = (),
    events: Iterable[int] = (),
    **values: Any,
) -> Sentence:
    """The sentence of ``kind`` about the facts ``logs`` and ``events`` (ids), in ``lang``."""
    log_ids, event_ids = tuple(sorted(set(logs))), tuple(sorted(set(events)))
    if not log_ids and not event_ids:
        raise SkirmishError(
            Message("a sentence of kind {kind!r} was built from no recorded fact.", kind=kind)
        )
    text = phrase(kind, str(lang), log_ids, event_ids).format(**values)
    return Sentence(kind, text[:1].upper() + text[1:], log_ids, event_ids)


def word(key: str, lang: str, n: int | None = None) -> str:
    table = WORDS[lang]
    if n is not None:
        return (table.get(f"{key}-1") if n == 1 else None) or table[key].format(n=n)
    return table[key]


def joined(items: Sequence[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return word("sep", lang).join(items[:-1]) + word("and", lang) + items[-1]


def profile_word(profile_id: Any, lang: str) -> str:
    try:
        return name(find_profile(str(profile_id)), lang)
    except SkirmishError:  # a profile since removed from the rules: its id is all there is
        return str(profile_id)


def equipment_word(item_id: Any, lang: str) -> str:
    try:
        return name(find_equipment(str(item_id)), lang)
    except SkirmishError:
        return str(item_id)


def scenario_word(scenario_id: Any, lang: str) -> str:
    try:
        return name(find_scenario(str(scenario_id)), lang)
    except SkirmishError:
        return str(scenario_id)
