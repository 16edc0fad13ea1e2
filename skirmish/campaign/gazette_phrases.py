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
from skirmish.i18n import Catalogue, Lang, name
from skirmish.rules import find_equipment, find_profile
from skirmish.rules.scenarios import find_scenario

#: Every kind of sentence in several phrasings, ``KIND.N`` (``phrasings``); both languages have
#: the same keys, each with the same fields (tests/test_catalogues.py). ``{…}`` are names and
#: numbers read from the facts.
PHRASES: Catalogue = {
    "en": {
        "headline-win.1": "{scenario}: the day belongs to {winner}",
        "headline-win.2": "Victory for {winner} in the {scenario}",
        "headline-win.3": "{winner} prevail over {loser} in the {scenario}",
        "headline-draw.1": "{scenario}: no victor between {first} and {second}",
        "headline-draw.2": "Stand-off in the {scenario}: {first} and {second} part even",
        "headline-upset.1": "Against the odds: {who} brings down {opponent} at {chance}",
        "headline-upset.2": "{who} beats the odds: {opponent} falls, a {chance} chance",
        "headline-upset.3": "Upset in game {game}: {who} fells {opponent}, a {chance} chance",
        "headline-escape.1": "Great escape: {who} walks away from {opponent} at {chance}",
        "headline-escape.2": "Not today! {who} survives {opponent}, odds of {chance}",
        "headline-town.1": "{campaign}: {gangs} in town",
        "headline-town.2": "Trouble brewing in {campaign}: {gangs} in town",
        "report-win.1": "{winner} ({winner_side}) beat {loser} ({loser_side}) in {turns}.",
        "report-win.2": (
            "After {turns}, {winner} ({winner_side}) had the better of {loser} ({loser_side})."
        ),
        "report-win.3": (
            "{loser} ({loser_side}) went down to {winner} ({winner_side}) after {turns}."
        ),
        "report-draw.1": (
            "{first} ({first_side}) and {second} ({second_side}) fought {turns} to a draw."
        ),
        "report-draw.2": (
            "Neither {first} ({first_side}) nor {second} ({second_side}) prevailed in {turns}."
        ),
        "report-reason.1": "The game ended thus: {reason}.",
        "report-reason.2": "How it ended: {reason}.",
        "retreat-voluntary.1": "Turn {turn}: {gang} chose to retreat, and lost the game (R-09).",
        "retreat-voluntary.2": "In turn {turn} {gang} turned tail and left the field (R-09).",
        "retreat-cohesion.1": "Turn {turn}: {gang} failed the cohesion test and retreated (R-08).",
        "retreat-cohesion.2": (
            "In turn {turn} {gang} lost heart, failed the cohesion test and fled (R-08)."
        ),
        "fall-shot.1": "Turn {turn}: {victim} ({gang}) was shot down by {by}.",
        "fall-shot.2": "In turn {turn} a shot from {by} laid {victim} ({gang}) low.",
        "fall-melee.1": "Turn {turn}: {victim} ({gang}) fell in a fight with {by}.",
        "fall-melee.2": "In turn {turn} {by} beat {victim} ({gang}) hand to hand.",
        "fall-by.1": "Turn {turn}: {victim} ({gang}) fell to {by}.",
        "fall-by.2": "In turn {turn} {by} put {victim} ({gang}) out of the fight.",
        "fall-blast.1": (
            "Turn {turn}: {victim} ({gang}) was caught in the blast of {by}'s {explosive}."
        ),
        "fall-blast.2": "In turn {turn} {by}'s {explosive} took {victim} ({gang}) with it.",
        "fall.1": "Turn {turn}: {victim} ({gang}) was put out of the fight.",
        "fall.2": "In turn {turn} {victim} ({gang}) went down.",
        "turning-hit.1": (
            "The turning point: turn {turn}, when {who} eliminated {opponent} with a {chance} "
            "chance of doing so."
        ),
        "turning-hit.2": (
            "The game turned in turn {turn}: {who} eliminated {opponent}, which the odds gave at "
            "{chance}."
        ),
        "turning-miss.1": (
            "The turning point: turn {turn}, when {opponent} survived {who}'s attack, which "
            "eliminated with a {chance} chance."
        ),
        "turning-miss.2": (
            "The game turned in turn {turn}: {who} had a {chance} chance to eliminate "
            "{opponent}, and did not."
        ),
        "turning-by.1": "The turning point: turn {turn}, when {by} brought down {victim}.",
        "turning-by.2": "It turned in turn {turn}, the moment {victim} fell to {by}.",
        "turning.1": "The turning point: the fall of {victim} in turn {turn}.",
        "turning.2": "It turned in turn {turn}, when {victim} went down.",
        "obituary.1": (
            "{name}, {profile} of {gang}, fell in game {game}, {scenario}{how}; the recovery "
            "die showed {roll}, and there was no getting up (R-10)."
        ),
        "obituary.2": (
            "Laid to rest: {name}, {profile} of {gang}. The last game was game {game}, "
            "{scenario}{how}; the recovery die showed {roll} (R-10)."
        ),
        "obituary.3": (
            "The undertaker measured {name}, {profile} of {gang}, after game {game}, "
            "{scenario}{how}: recovery die {roll} (R-10)."
        ),
        "how-shot.1": ", shot by {by}",
        "how-melee.1": ", in a fight with {by}",
        "how-by.1": ", at the hands of {by}",
        "how-blast.1": ", in the blast of {by}'s {explosive}",
        "leader.1": "Top of the standings: {gang}, with {points}.",
        "leader.2": "{gang} lead the field with {points}.",
        "gang-new.1": "{gang} ({faction}) rode into town with {money}$.",
        "gang-new.2": "New faces in town: {gang}, {faction}, with {money}$ to spend.",
        "hire.1": "{gang} took on {name}, {profile}, for {cost}$.",
        "hire.2": "New gun for {gang}: {name}, {profile}, signed for {cost}$.",
        "hires.1": "{gang} signed up {list}.",
        "hires.2": "New guns for {gang}: {list}.",
        "hire-item.1": "{name} ({profile}, {cost}$)",
        "fire.1": "{gang} let {name} ({profile}) go.",
        "fire.2": "{name} ({profile}) is no longer riding with {gang}.",
        "buys.1": "At the general store {gang} bought {list}.",
        "buys.2": "Seen leaving the general store, {gang}, with {list}.",
        "xp.1": "{name} of {gang} earned {xp} XP: {reason}.",
        "xp.2": "{xp} XP for {name} of {gang}: {reason}.",
        "advance-skill.1": "{name} of {gang} learned {skill}.",
        "advance-skill.2": "{name} ({gang}) has a new trick: {skill}.",
        "advance-stat.1": "{name} of {gang} raised {stat} from {before} to {after}.",
        "advance-stat.2": "{stat} {after} for {name} ({gang}), up from {before}.",
        "advance-promoted.1": (
            "{name} of {gang} raised {stat} from {before} to {after}, and is a hero now (§1.6)."
        ),
        "advance-promoted.2": (
            "From the ranks to the heroes: {name} of {gang}, {stat} {after} (§1.6)."
        ),
        "injure.1": "{name} of {gang} carries a lasting injury: {injury}.",
        "injure.2": "A wound that stays for {name} of {gang}: {injury}.",
        "recovered.1": "{name} of {gang} is back on their feet after game {game} (R-10).",
        "recovered.2": "Up again after game {game}: {name} of {gang} (R-10).",
        "wounded.1": (
            "{name} of {gang} is still bandaged after game {game}: -1 COS in the next game (R-10)."
        ),
        "wounded.2": "Bandages for {name} of {gang} after game {game}: -1 COS next time (R-10).",
        "invalid.1": "{name} of {gang} survived game {game}, but not unscathed: {injury} (R-10).",
        "invalid.2": "Game {game} left its mark on {name} of {gang}: {injury} (R-10).",
        "bounty.1": "{gang} collected {amount}$ in bounties for {victims} (H-09).",
        "bounty.2": "Payday for {gang}: {amount}$ of bounty for {victims} (H-09).",
        "outlaw-mark.1": "{gang} killed a civilian and are outlaws now, for good (H-09).",
        "outlaw-mark.2": "Civilian blood on {gang}: outlaws for good (H-09).",
        "income.1": "{gang} pocketed {amount}$ after game {game}: {result} (H-01).",
        "income.2": "Game {game} paid {gang} {amount}$: {result} (H-01).",
        "game-xp.1": "Experience for {gang} after game {game}: {list} (R-11).",
        "game-xp.2": "Game {game} taught {gang} a thing or two: {list} (R-11).",
        "xp-item.1": "{name} {xp} XP",
        "gambler.1": "{name} of {gang} won {amount}$ at the card table after game {game} (H-11).",
        "gambler.2": "Luck at cards for {name} of {gang}: {amount}$ after game {game} (H-11).",
        "marked-cards.1": (
            "{name} of {gang} made {amount}$ with marked cards after game {game} (H-10)."
        ),
        "marked-cards.2": (
            "Marked cards, full pockets: {amount}$ for {name} of {gang} after game {game} (H-10)."
        ),
        "gang-retire.1": "{gang} hung up their guns and left the campaign.",
        "gang-retire.2": "{gang} rode out of town for the last time.",
        "wanted-who.1": "{name}, {profile}, leader of {gang}.",
        "wanted-bounty.1": (
            "Reward: {bounty}$, {percent}% of the {cost}$ a {profile} is worth (H-09)."
        ),
        "wanted-infamy.1": "Wanted for cowardice: {gang} left the field by choice {times} (R-09).",
        "wanted-kills.1": "{name} has put {count} out of the fight to date.",
        "wanted-kills.2": "Eliminated by {name} to date: {count}.",
        "wanted-seen.1": "Last seen: game {game}, {scenario}.",
        "wanted-seen.2": "Last seen in game {game}, {scenario}.",
    },
    "it": {
        "headline-win.1": "{scenario}: la giornata è di {winner}",
        "headline-win.2": "Vittoria di {winner} in «{scenario}»",
        "headline-win.3": "{winner} ha la meglio su {loser} in «{scenario}»",
        "headline-draw.1": "{scenario}: nessun vincitore tra {first} e {second}",
        "headline-draw.2": "Stallo in «{scenario}»: {first} e {second} si separano alla pari",
        "headline-upset.1": (
            "Contro ogni pronostico: {who} abbatte {opponent}, probabilità {chance}"
        ),
        "headline-upset.2": "{who} sfida la sorte: {opponent} cade con probabilità {chance}",
        "headline-upset.3": "Sorpresa nella partita {game}: {who} abbatte {opponent} ({chance})",
        "headline-escape.1": "Salvo per miracolo: {who} scampa a {opponent}, probabilità {chance}",
        "headline-escape.2": "Non oggi! {who} sopravvive a {opponent}, probabilità {chance}",
        "headline-town.1": "{campaign}: {gangs} in città",
        "headline-town.2": "Aria di guai a {campaign}: {gangs} in città",
        "report-win.1": "{winner} ({winner_side}) batte {loser} ({loser_side}) in {turns}.",
        "report-win.2": (
            "Dopo {turns}, {winner} ({winner_side}) ha la meglio su {loser} ({loser_side})."
        ),
        "report-win.3": "{loser} ({loser_side}) cede a {winner} ({winner_side}) dopo {turns}.",
        "report-draw.1": "{first} ({first_side}) e {second} ({second_side}) pareggiano in {turns}.",
        "report-draw.2": (
            "Né {first} ({first_side}) né {second} ({second_side}) prevale in {turns}."
        ),
        "report-reason.1": "La partita è finita così: {reason}.",
        "report-reason.2": "Come è finita: {reason}.",
        "retreat-voluntary.1": (
            "Turno {turn}: {gang} sceglie la ritirata e perde la partita (R-09)."
        ),
        "retreat-voluntary.2": "Al turno {turn} {gang} volta le spalle e lascia il campo (R-09).",
        "retreat-cohesion.1": (
            "Turno {turn}: {gang} fallisce il test di coesione e si ritira (R-08)."
        ),
        "retreat-cohesion.2": (
            "Al turno {turn} {gang} perde il coraggio, fallisce il test di coesione e fugge (R-08)."
        ),
        "fall-shot.1": "Turno {turn}: cade {victim} ({gang}) sotto il fuoco di {by}.",
        "fall-shot.2": "Al turno {turn} un colpo di {by} abbatte {victim} ({gang}).",
        "fall-melee.1": "Turno {turn}: cade {victim} ({gang}) in un corpo a corpo con {by}.",
        "fall-melee.2": "Al turno {turn} {by} ha la meglio su {victim} ({gang}) nella lotta.",
        "fall-by.1": "Turno {turn}: cade {victim} ({gang}) per mano di {by}.",
        "fall-by.2": "Al turno {turn} {by} mette fuori combattimento {victim} ({gang}).",
        "fall-blast.1": (
            "Turno {turn}: {victim} ({gang}) finisce nell'esplosione di {explosive} di {by}."
        ),
        "fall-blast.2": "Al turno {turn} la {explosive} di {by} travolge {victim} ({gang}).",
        "fall.1": "Turno {turn}: {victim} ({gang}) è fuori combattimento.",
        "fall.2": "Al turno {turn} cade {victim} ({gang}).",
        "turning-hit.1": (
            "La svolta: il turno {turn}, quando {who} elimina {opponent} con probabilità {chance}."
        ),
        "turning-hit.2": (
            "Tutto cambia al turno {turn}: {who} elimina {opponent}, e le probabilità erano "
            "{chance}."
        ),
        "turning-miss.1": (
            "La svolta: il turno {turn}, quando {opponent} sopravvive all'attacco di {who}, che "
            "eliminava con probabilità {chance}."
        ),
        "turning-miss.2": (
            "Tutto cambia al turno {turn}: {who} aveva probabilità {chance} di eliminare "
            "{opponent}, e non ci riesce."
        ),
        "turning-by.1": "La svolta: il turno {turn}, quando {by} abbatte {victim}.",
        "turning-by.2": "Tutto cambia al turno {turn}, con la caduta di {victim} per mano di {by}.",
        "turning.1": "La svolta: la caduta di {victim} al turno {turn}.",
        "turning.2": "Tutto cambia al turno {turn}, quando cade {victim}.",
        "obituary.1": (
            "{name}, {profile} di {gang}, cade nella partita {game}, {scenario}{how}; il dado "
            "del recupero dice {roll}, e non c'è rimedio (R-10)."
        ),
        "obituary.2": (
            "Riposa in pace {name}, {profile} di {gang}. L'ultima partita: la {game}, "
            "{scenario}{how}; il dado del recupero dice {roll} (R-10)."
        ),
        "obituary.3": (
            "Il becchino prende le misure a {name}, {profile} di {gang}, dopo la partita "
            "{game}, {scenario}{how}: dado del recupero {roll} (R-10)."
        ),
        "how-shot.1": ", sotto il fuoco di {by}",
        "how-melee.1": ", in un corpo a corpo con {by}",
        "how-by.1": ", per mano di {by}",
        "how-blast.1": ", nell'esplosione di {explosive} di {by}",
        "leader.1": "In testa alla classifica: {gang}, con {points}.",
        "leader.2": "Guida la classifica {gang}, con {points}.",
        "gang-new.1": "Arriva in città {gang} ({faction}) con {money}$ in tasca.",
        "gang-new.2": "Facce nuove in città: {gang}, {faction}, con {money}$ da spendere.",
        "hire.1": "{gang} assolda {name}, {profile}, per {cost}$.",
        "hire.2": "Una pistola in più per {gang}: {name}, {profile}, al prezzo di {cost}$.",
        "hires.1": "{gang} assolda {list}.",
        "hires.2": "Nuove pistole per {gang}: {list}.",
        "hire-item.1": "{name} ({profile}, {cost}$)",
        "fire.1": "{gang} congeda {name} ({profile}).",
        "fire.2": "{name} ({profile}) non cavalca più con {gang}.",
        "buys.1": "All'emporio {gang} compra {list}.",
        "buys.2": "Visti uscire dall'emporio, quelli di {gang}, con {list}.",
        "xp.1": "{name} di {gang} guadagna {xp} PE: {reason}.",
        "xp.2": "{xp} PE per {name} di {gang}: {reason}.",
        "advance-skill.1": "{name} di {gang} impara {skill}.",
        "advance-skill.2": "Nuova abilità per {name} ({gang}): {skill}.",
        "advance-stat.1": "{name} di {gang} porta {stat} da {before} a {after}.",
        "advance-stat.2": "{stat} {after} per {name} ({gang}), prima era {before}.",
        "advance-promoted.1": (
            "{name} di {gang} porta {stat} da {before} a {after}, e ora è un eroe (§1.6)."
        ),
        "advance-promoted.2": "Dalla truppa agli eroi: {name} di {gang}, {stat} {after} (§1.6).",
        "injure.1": "Una ferita che resta per {name} di {gang}: {injury}.",
        "injure.2": "{name} di {gang} ne porta i segni: {injury}.",
        "recovered.1": "{name} di {gang} torna in piedi dopo la partita {game} (R-10).",
        "recovered.2": "Di nuovo in sella dopo la partita {game}: {name} di {gang} (R-10).",
        "wounded.1": (
            "{name} di {gang} ha ancora le bende dopo la partita {game}: -1 COS nella prossima "
            "partita (R-10)."
        ),
        "wounded.2": (
            "Bende per {name} di {gang} dopo la partita {game}: -1 COS la prossima volta (R-10)."
        ),
        "invalid.1": (
            "{name} di {gang} sopravvive alla partita {game}, ma non senza danni: {injury} (R-10)."
        ),
        "invalid.2": "La partita {game} lascia il segno su {name} di {gang}: {injury} (R-10).",
        "bounty.1": "{gang} incassa {amount}$ di taglie per {victims} (H-09).",
        "bounty.2": "Giorno di paga per {gang}: {amount}$ di taglia per {victims} (H-09).",
        "outlaw-mark.1": (
            "{gang} ha ucciso un civile: d'ora in poi è fuorilegge, per sempre (H-09)."
        ),
        "outlaw-mark.2": "Sangue innocente su {gang}: fuorilegge per sempre (H-09).",
        "income.1": "{gang} intasca {amount}$ dopo la partita {game}: {result} (H-01).",
        "income.2": "La partita {game} frutta a {gang} {amount}$: {result} (H-01).",
        "game-xp.1": "Esperienza per {gang} dopo la partita {game}: {list} (R-11).",
        "game-xp.2": "La partita {game} insegna qualcosa a {gang}: {list} (R-11).",
        "xp-item.1": "{name} {xp} PE",
        "gambler.1": (
            "{name} di {gang} vince {amount}$ al tavolo da gioco dopo la partita {game} (H-11)."
        ),
        "gambler.2": (
            "Fortuna a carte per {name} di {gang}: {amount}$ dopo la partita {game} (H-11)."
        ),
        "marked-cards.1": (
            "{name} di {gang} guadagna {amount}$ con le carte truccate dopo la partita {game} "
            "(H-10)."
        ),
        "marked-cards.2": (
            "Carte truccate, tasche piene: {amount}$ per {name} di {gang} dopo la partita "
            "{game} (H-10)."
        ),
        "gang-retire.1": "{gang} appende le pistole al chiodo e lascia la campagna.",
        "gang-retire.2": "{gang} lascia la città per l'ultima volta.",
        "wanted-who.1": "{name}, {profile}, capo di {gang}.",
        "wanted-bounty.1": (
            "Taglia: {bounty}$, il {percent}% dei {cost}$ che vale un {profile} (H-09)."
        ),
        "wanted-infamy.1": (
            "Ricercato per vigliaccheria: {gang} ha lasciato il campo per scelta {times} (R-09)."
        ),
        "wanted-kills.1": "{name} ha messo fuori combattimento {count} finora.",
        "wanted-kills.2": "Eliminati da {name} finora: {count}.",
        "wanted-seen.1": "Visto l'ultima volta: partita {game}, {scenario}.",
        "wanted-seen.2": "Avvistato l'ultima volta nella partita {game}, {scenario}.",
    },
}

#: Words that are not sentences: counts with their plural, list joints, the stats' names.
WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "turns-1": "one turn", "turns": "{n} turns",
        "points-1": "1 point", "points": "{n} points",
        "times-1": "once", "times": "{n} times",
        "models-1": "one model", "models": "{n} models",
        "gangs-1": "one gang", "gangs": "{n} gangs",
        "and": " and ", "sep": ", ", "one-in": "1 in {n}", "percent": "{n}%", "below": "<0.1%",
        "tiro": "TIRO", "fred": "FRED", "rif": "RIF", "cos": "COS", "fama": "FAMA",
        "fortuna": "FORTUNA",
    },
    "it": {
        "turns-1": "un turno", "turns": "{n} turni",
        "points-1": "1 punto", "points": "{n} punti",
        "times-1": "una volta", "times": "{n} volte",
        "models-1": "un personaggio", "models": "{n} personaggi",
        "gangs-1": "una banda", "gangs": "{n} bande",
        "and": " e ", "sep": ", ", "one-in": "1 su {n}", "percent": "{n}%", "below": "<0,1%",
        "tiro": "TIRO", "fred": "FRED", "rif": "RIF", "cos": "COS", "fama": "FAMA",
        "fortuna": "FORTUNA",
    },
}  # fmt: skip

#: Numbers spelt out in a headline (more than twelve gangs print as digits); a headline that
#: opens with one gets its capital from ``say``.
NUMBER_WORDS: Mapping[str, tuple[str, ...]] = {
    "en": ("", "one gang", "two gangs", "three gangs", "four gangs", "five gangs", "six gangs",
           "seven gangs", "eight gangs", "nine gangs", "ten gangs", "eleven gangs",
           "twelve gangs"),
    "it": ("", "una banda", "due bande", "tre bande", "quattro bande", "cinque bande",
           "sei bande", "sette bande", "otto bande", "nove bande", "dieci bande",
           "undici bande", "dodici bande"),
}  # fmt: skip


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
            f"a sentence of kind {kind!r} was built from no recorded fact.",
            it=f"una frase di tipo {kind!r} è stata costruita senza alcun fatto registrato.",
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
