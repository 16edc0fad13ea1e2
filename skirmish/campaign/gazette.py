"""The Frontier Gazette (issue #14): a campaign's story told as a newspaper, from the recorded
facts only.

Every sentence of the paper is a ``Sentence``: its words, and the ids of the campaign log
entries (``LogEntry``) and game events (``GameEvent``) it was built from. Nothing is invented:
each sentence is one of several fixed phrasings of its kind (``PHRASES``, Italian and English,
the same number of each), filled in with names and numbers read from those entries, and chosen
by a hash of the kind and the ids, so the same campaign always prints the same paper. The
printing layer (``printing.gazette``) lays the sentences out; it prints no sentence of its own.

What goes in (``gazette(session, campaign=…, lang=…, game=None)``):

- headlines: the result of each finished game, the latest first; a campaign without games
  gets one about the gangs that came to town;
- a report for each finished game: who beat whom in which scenario and how many turns, each
  retreat (R-08, R-09), each model that fell and to whom, and the turning point (the first
  elimination: the log has no measure of a swing until the luck ledger gives one);
- obituaries: the dead (R-10), how they fell when the game recorded it, the recovery die;
- the standings (``history.standings``) and who leads them;
- news from town: new gangs, hires, purchases, experience, advances, injuries, recoveries,
  bounties, retired gangs (consecutive hires and purchases of a gang in one sentence);
- a WANTED poster: the living leader with the highest bounty value (H-09: a share of the
  profile's cost for an outlaw or mexican profile, or a bounty killer marked as an outlaw),
  else the leader whose gang retreated by choice most often (infamy, R-09), else none.

With ``game=N`` the paper is about that game: its headline and report, its dead, and the news
from its start to the start of the next game (its post-game and what the gangs did after it).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from sqlmodel import Session, col, select

from skirmish.campaign.game.board import events_of, games_of, gang_row, gangs_of, models_of
from skirmish.campaign.game.history import standing_entries, standings
from skirmish.campaign.game.start import outlaw_marked
from skirmish.campaign.game.tables import Game, GameEvent, GameGang, GameModel, Retreat
from skirmish.campaign.game.telling import reason_text
from skirmish.campaign.gangs import settings_of
from skirmish.campaign.luck import Moment
from skirmish.campaign.luck import ledger as luck_ledger
from skirmish.campaign.luck.reading import ACTION, ATTACKER
from skirmish.campaign.models import Campaign, Gang, GangStatus, LogEntry, Member, MemberStatus
from skirmish.campaign.settings import find_setting
from skirmish.campaign.views import injury_name, skill_name
from skirmish.engine.glossary import EventKind, GameResult, GameStatus, label
from skirmish.errors import CampaignError, SkirmishError
from skirmish.i18n import Catalogue, Lang, name
from skirmish.rules import find_equipment, find_faction, find_profile
from skirmish.rules.ids import FactionId
from skirmish.rules.model import Side
from skirmish.rules.names import normalize
from skirmish.rules.scenarios import find_scenario

#: An elimination this unlikely or less is an upset worth a headline (the luck ledger's exact
#: chance of the attack eliminating its target); a great escape is the ledger's (5% or less).
UPSET = Fraction(1, 4)
#: Headlines from the ledger's upsets and escapes, at most.
HEADLINES = 3

#: H-09: the factions whose models carry a bounty (as ``postgame.WANTED``).
BOUNTY_FACTIONS = (FactionId.OUTLAWS, FactionId.MEXICANS)

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


@dataclass(frozen=True)
class Sentence:
    """One sentence of the paper and the facts it states: the ids of the campaign log entries
    and of the game events it was built from (at least one of them)."""

    kind: str
    text: str
    log_ids: tuple[int, ...] = ()
    event_ids: tuple[int, ...] = ()


@dataclass(frozen=True)
class GameReport:
    """A finished game: its number, scenario (the book's name), when it ended, its headline and
    the report's sentences (the result, retreats, the fallen, the turning point)."""

    game: int
    scenario: str
    ended_at: str
    headline: Sentence
    sentences: tuple[Sentence, ...]


@dataclass(frozen=True)
class Obituary:
    """A dead model (R-10): name, profile (the book's name), gang, and the sentence about it."""

    name: str
    profile: str
    gang: str
    sentence: Sentence


@dataclass(frozen=True)
class StandingRow:
    """A line of the standings (``history.standings``)."""

    place: int
    gang: str
    played: int
    won: int
    drawn: int
    lost: int
    eliminations: int
    points: int


@dataclass(frozen=True)
class Wanted:
    """The WANTED poster: the leader, the gang, the profile, the reward (``None``: wanted for
    infamy, R-09) and the poster's sentences."""

    name: str
    gang: str
    profile: str
    bounty: int | None
    sentences: tuple[Sentence, ...]


@dataclass(frozen=True)
class Gazette:
    """One issue of the paper, built only from the store's facts."""

    campaign: str
    lang: str
    game: int | None
    number: int  # the number: finished games reported so far (at least 1)
    date: str  # the latest fact's timestamp (ISO 8601): the same campaign, the same paper
    headlines: tuple[Sentence, ...] = ()
    reports: tuple[GameReport, ...] = ()
    obituaries: tuple[Obituary, ...] = ()
    standings: tuple[StandingRow, ...] = ()
    leader: Sentence | None = None
    news: tuple[Sentence, ...] = ()
    wanted: Wanted | None = None

    def sentences(self) -> Iterator[Sentence]:
        """Every sentence of the issue, in the order it prints."""
        yield from self.headlines
        for report in self.reports:
            yield report.headline
            yield from report.sentences
        for obituary in self.obituaries:
            yield obituary.sentence
        if self.leader is not None:
            yield self.leader
        yield from self.news
        if self.wanted is not None:
            yield from self.wanted.sentences

    @property
    def empty(self) -> bool:
        """Whether nothing has happened yet worth a line."""
        return next(self.sentences(), None) is None


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


def _phrase(kind: str, lang: str, logs: Sequence[int], events: Sequence[int]) -> str:
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
    text = _phrase(kind, str(lang), log_ids, event_ids).format(**values)
    return Sentence(kind, text[:1].upper() + text[1:], log_ids, event_ids)


def _word(key: str, lang: str, n: int | None = None) -> str:
    table = WORDS[lang]
    if n is not None:
        return (table.get(f"{key}-1") if n == 1 else None) or table[key].format(n=n)
    return table[key]


def _listed(items: Sequence[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return _word("sep", lang).join(items[:-1]) + _word("and", lang) + items[-1]


def _profile(profile_id: Any, lang: str) -> str:
    try:
        return name(find_profile(str(profile_id)), lang)
    except SkirmishError:  # a profile since removed from the rules: its id is all there is
        return str(profile_id)


def _equipment(item_id: Any, lang: str) -> str:
    try:
        return name(find_equipment(str(item_id)), lang)
    except SkirmishError:
        return str(item_id)


def _scenario(scenario_id: Any, lang: str) -> str:
    try:
        return name(find_scenario(str(scenario_id)), lang)
    except SkirmishError:
        return str(scenario_id)


# ------------------------------------------------------------------------------ the facts


@dataclass
class _Facts:
    """What one issue reads from the store, once."""

    session: Session
    campaign: Campaign
    lang: str
    entries: list[LogEntry]
    games: list[Game]
    gangs: dict[int, Gang]
    events: dict[int, list[GameEvent]] = field(default_factory=dict)
    models: dict[int, list[GameModel]] = field(default_factory=dict)
    sides: dict[int, list[GameGang]] = field(default_factory=dict)
    moments: tuple[Moment, ...] = ()  # the luck ledger's, of the finished games in the issue

    def gang_name(self, gang_id: int | None) -> str:
        gang = self.gangs.get(gang_id or 0)
        return gang.name if gang is not None else ""

    def game_events(self, game: Game) -> list[GameEvent]:
        if game.id not in self.events:
            self.events[int(game.id or 0)] = events_of(self.session, game)
        return self.events[int(game.id or 0)]

    def game_models(self, game: Game) -> list[GameModel]:
        if game.id not in self.models:
            self.models[int(game.id or 0)] = models_of(self.session, game)
        return self.models[int(game.id or 0)]

    def game_sides(self, game: Game) -> list[GameGang]:
        if game.id not in self.sides:
            self.sides[int(game.id or 0)] = gangs_of(self.session, game)
        return self.sides[int(game.id or 0)]


@dataclass(frozen=True)
class _Fall:
    """How a model was eliminated in a game: the turn, by whom, how, and the event saying so."""

    model: GameModel
    gang: str
    turn: int | None
    by: str | None
    how: str  # shot, melee, blast, by, none
    explosive: str
    event: GameEvent | None


def _falls(facts: _Facts, game: Game) -> list[_Fall]:
    """The models eliminated in ``game``, in the order they fell, each with the event that
    eliminated it when the game's log has one."""
    models = facts.game_models(game)
    by_id = {m.id: m for m in models}
    gang_of = {gg.id: gang_row(facts.session, gg).name for gg in facts.game_sides(game)}
    found: dict[int, tuple[GameEvent, str, str]] = {}
    for logged in facts.game_events(game):
        for model_id, how, explosive in _eliminated_by(logged, models):
            found.setdefault(model_id, (logged, how, explosive))
    falls = []
    for model in models:
        if not model.eliminated:
            continue
        told = found.get(int(model.id or 0))
        event: GameEvent | None = told[0] if told is not None else None
        how, explosive = (told[1], told[2]) if told is not None else ("none", "")
        by = by_id[model.eliminated_by].name if model.eliminated_by in by_id else None
        if by is None and how != "none":
            how = "none"
        elif by is not None and how == "none":
            how = "by"
        falls.append(
            _Fall(model, gang_of.get(model.game_gang_id, ""), model.eliminated_turn, by, how,
                  explosive, event)
        )  # fmt: skip
    return sorted(falls, key=lambda f: (f.event.id if f.event else 1 << 62, f.model.id or 0))


def _eliminated_by(event: GameEvent, models: Sequence[GameModel]) -> list[tuple[int, str, str]]:
    """The models ``event`` eliminated: (game model id, how, the explosive's id)."""
    d = event.details or {}
    named = {normalize(m.name): int(m.id or 0) for m in models}
    action = event.action
    if action == EventKind.ELIMINATE:
        target = (
            int(event.model_id)
            if event.model_id is not None
            else named.get(normalize(str(d.get("model") or "")))
        )
        return [(target, "by", "")] if target else []
    if action in (EventKind.SHOOT, EventKind.MELEE) and d.get("eliminated"):
        target = named.get(normalize(str(d.get("target") or "")))
        how = "shot" if action == EventKind.SHOOT else "melee"
        return [(target, how, "")] if target else []
    if action == EventKind.HIT and d.get("eliminated"):
        target = named.get(normalize(str(d.get("model") or "")))
        if target is None and event.model_id is not None:
            target = int(event.model_id)
        return [(target, "by", "")] if target else []
    if action == EventKind.EXPLOSION:
        hit = []
        for caught in d.get("caught") or []:
            target = named.get(normalize(str(caught.get("model") or "")))
            if target and caught.get("outcome") == "eliminated":
                hit.append((target, "blast", str(d.get("explosive") or "")))
        return hit
    return []


def _fall_values(fall: _Fall, lang: str) -> dict[str, Any]:
    return {
        "victim": fall.model.name,
        "gang": fall.gang,
        "turn": fall.turn if fall.turn is not None else "?",
        "by": fall.by or "",
        "explosive": _equipment(fall.explosive, lang).lower() if fall.explosive else "",
    }


# ------------------------------------------------------------------------------ the games


#: Why a game ended, when it says no more than the result: not repeated in the report.
PLAIN_ENDS = frozenset({
    "named by the players", "confirmed by both players", "a draw, as the players agreed",
    "a draw, confirmed by both players", "good side retreated", "bad side retreated",
    "both sides retreated",
})  # fmt: skip


def _found_scenario(scenario_id: str) -> Any:
    try:
        return find_scenario(scenario_id)
    except SkirmishError:
        return None


def _side_word(side: str, lang: str) -> str:
    return label(Side(side), lang)


def _end_event(facts: _Facts, game: Game) -> GameEvent | None:
    ends = [e for e in facts.game_events(game) if e.action == EventKind.END]
    return ends[-1] if ends else None


def _game_headline(facts: _Facts, game: Game) -> Sentence | None:
    lang = facts.lang
    end = _end_event(facts, game)
    sides = facts.game_sides(game)
    if end is None or len(sides) != 2:
        return None
    names = {gg.side: gang_row(facts.session, gg).name for gg in sides}
    scenario = _scenario(game.scenario, lang)
    start = [e.id for e in facts.game_events(game) if e.action == EventKind.START]
    events = [int(end.id or 0), *[int(i or 0) for i in start]]
    if game.winner in names:
        loser = next(n for side, n in names.items() if side != game.winner)
        return say("headline-win", lang, events=events, scenario=scenario,
                   winner=names[game.winner], loser=loser)  # fmt: skip
    first, second = (gang_row(facts.session, gg).name for gg in sides)
    return say("headline-draw", lang, events=events, scenario=scenario, first=first,
               second=second)  # fmt: skip


def _report(facts: _Facts, game: Game) -> GameReport | None:
    lang = facts.lang
    headline = _game_headline(facts, game)
    end = _end_event(facts, game)
    if headline is None or end is None:
        return None
    sides = facts.game_sides(game)
    events = facts.game_events(game)
    start_ids = [int(e.id or 0) for e in events if e.action == EventKind.START]
    result_ids = [int(end.id or 0), *start_ids]
    turns = _word("turns", lang, max(game.turn, 1))
    names = {gg.side: gang_row(facts.session, gg).name for gg in sides}
    said: list[Sentence] = []
    if game.winner in names:
        loser_side = next(side for side in names if side != game.winner)
        said.append(
            say("report-win", lang, events=result_ids, winner=names[game.winner],
                loser=names[loser_side], winner_side=_side_word(game.winner, lang),
                loser_side=_side_word(loser_side, lang), turns=turns)
        )  # fmt: skip
    else:
        first, second = sides
        said.append(
            say("report-draw", lang, events=result_ids, first=names[first.side],
                second=names[second.side], first_side=_side_word(first.side, lang),
                second_side=_side_word(second.side, lang), turns=turns)
        )  # fmt: skip
    reason = str(end.details.get("reason") or game.reason or "")
    if reason and reason not in PLAIN_ENDS:
        said.append(
            say(
                "report-reason",
                lang,
                events=[int(end.id or 0)],
                reason=reason_text(reason, _found_scenario(game.scenario), Lang(lang)),
            )
        )
    for gg in sides:
        if gg.retreated is None:
            continue
        kind = "retreat-voluntary" if gg.retreated == Retreat.VOLUNTARY else "retreat-cohesion"
        action = EventKind.RETREAT if gg.retreated == Retreat.VOLUNTARY else EventKind.COHESION
        gang = names[gg.side]
        told = [
            int(e.id or 0)
            for e in events
            if e.action == action and normalize(str(e.details.get("gang", ""))) == normalize(gang)
        ]
        if told:
            said.append(say(kind, lang, events=told[-1:], gang=gang,
                            turn=gg.retreat_turn or "?"))  # fmt: skip
    falls = _falls(facts, game)
    for fall in falls:
        if fall.event is None:
            continue
        kind = {"shot": "fall-shot", "melee": "fall-melee", "blast": "fall-blast",
                "by": "fall-by"}.get(fall.how, "fall")  # fmt: skip
        said.append(say(kind, lang, events=[int(fall.event.id or 0)], **_fall_values(fall, lang)))
    swing = _swing(facts.moments, int(game.id or 0))
    told_falls = [f for f in falls if f.event is not None]
    first_fall = told_falls[0] if len(told_falls) > 1 else None  # one fall is the whole story
    if swing is not None:
        said.append(_turning(swing, lang))
    elif first_fall is not None and first_fall.event is not None:
        kind = "turning-by" if first_fall.by else "turning"
        said.append(
            say(kind, lang, events=[int(first_fall.event.id or 0)],
                **_fall_values(first_fall, lang))
        )  # fmt: skip
    return GameReport(
        game=int(game.id or 0),
        scenario=_scenario(game.scenario, lang),
        ended_at=game.ended_at or "",
        headline=headline,
        sentences=tuple(said),
    )


# ------------------------------------------------------------------------------ the luck


def chance_words(value: Fraction, lang: Lang | str) -> str:
    """An exact probability as a paper prints it: ``1 in 12`` (``1 su 12``) for one chance in
    a few, else a percentage to a tenth (``8.3%``, ``8,3%``), never ``0.0%``."""
    language = str(lang)
    if value.numerator == 1 and value.denominator <= 1000:
        return _word("one-in", language).format(n=value.denominator)
    percent = round(float(value) * 100, 1)
    if percent < 0.1:
        return _word("below", language)
    shown = f"{percent:.1f}".removesuffix(".0")
    return _word("percent", language).format(n=shown.replace(".", "," if language == "it" else "."))


def _named(moment: Moment) -> bool:
    return bool(moment.who.model and moment.opponent and moment.chance_eliminated is not None)


def _swing(moments: Sequence[Moment], game_id: int) -> Moment | None:
    """The attack of ``game_id`` whose outcome moved the eliminations furthest from what the
    odds expected (the ledger's impact), if any moved them at all."""
    attacks = [
        m
        for m in moments
        if m.game_id == game_id and m.kind == ACTION and m.role == ATTACKER and _named(m)
        and m.impact_eliminations
    ]  # fmt: skip
    if not attacks:
        return None
    return max(attacks, key=lambda m: (abs(m.impact_eliminations or 0), -m.event_id))


def _turning(moment: Moment, lang: str) -> Sentence:
    chance = moment.chance_eliminated or Fraction(0)
    kind = "turning-hit" if moment.eliminated else "turning-miss"
    return say(kind, lang, events=[moment.event_id], turn=moment.turn, who=moment.who.model,
               opponent=moment.opponent, chance=chance_words(chance, lang))  # fmt: skip


def _upsets(moments: Sequence[Moment], lang: str) -> list[Sentence]:
    """Headlines from the ledger: eliminations at odds of ``UPSET`` or less and great escapes,
    the rarest first."""
    found: list[tuple[Fraction, int, str, Moment]] = []
    for m in moments:
        if m.kind != ACTION or not _named(m) or m.chance_eliminated is None:
            continue
        if m.role == ATTACKER and m.eliminated and m.chance_eliminated <= UPSET:
            found.append((m.chance_eliminated, m.event_id, "headline-upset", m))
        elif m.escape:
            found.append((1 - m.chance_eliminated, m.event_id, "headline-escape", m))
    found.sort(key=lambda f: (f[0], f[1]))
    return [
        say(kind, lang, events=[m.event_id], who=m.who.model, opponent=m.opponent,
            chance=chance_words(odds, lang), game=m.game_id)
        for odds, _, kind, m in found[:HEADLINES]
    ]  # fmt: skip


# ------------------------------------------------------------------------------ the dead


def _obituaries(facts: _Facts, entries: Sequence[LogEntry]) -> list[Obituary]:
    lang = facts.lang
    games = {g.id: g for g in facts.games}
    members = _members(facts)
    found = []
    for entry in entries:
        if entry.action != "recovery" or entry.details.get("outcome") != "dead":
            continue
        member = members.get(entry.member_id or 0)
        if member is None or member.status != MemberStatus.DEAD:
            continue
        d = entry.details
        game = games.get(d.get("game"))
        how_kind, values, events = "how-none", {}, []
        if game is not None:
            fall = next((f for f in _falls(facts, game) if f.model.member_id == member.id), None)
            if fall is not None and fall.event is not None:
                how_kind = f"how-{fall.how}"
                values = _fall_values(fall, lang)
                events = [int(fall.event.id or 0)]
        how = ""
        if how_kind != "how-none":
            how = _phrase(how_kind, lang, [int(entry.id or 0)], events).format(**values)
        profile = _profile(member.profile, lang)
        gang = facts.gang_name(member.gang_id)
        sentence = say(
            "obituary", lang, logs=[int(entry.id or 0)], events=events, name=member.name,
            profile=profile, gang=gang, game=d.get("game"),
            scenario=_scenario(d.get("scenario"), lang), how=how, roll=d.get("roll"),
        )  # fmt: skip
        found.append(Obituary(member.name, profile, gang, sentence))
    return found


def _members(facts: _Facts) -> dict[int, Member]:
    return {int(m.id or 0): m for gang in facts.gangs.values() for m in gang.members}


# ------------------------------------------------------------------------------ the news

#: Log actions that print in the news, and those merged when a gang does several in a row.
NEWS = frozenset({
    "gang-new", "hire", "fire", "buy", "xp", "advance", "injure", "recovery", "bounty",
    "outlaw-mark", "gang-retire", "income", "game-xp", "gambler", "marked-cards",
})  # fmt: skip
MERGED = {"hire": "hires", "buy": "buys", "game-xp": "game-xp"}
#: The characteristics an advance raises (R-11), by the book's abbreviations.
STATS = frozenset({"tiro", "fred", "rif", "cos", "fama", "fortuna"})


def _news(facts: _Facts, entries: Sequence[LogEntry]) -> list[Sentence]:
    said: list[Sentence] = []
    run: list[LogEntry] = []

    def flush() -> None:
        if run:
            said.extend(_merged(facts, run))
            run.clear()

    for entry in entries:
        if entry.action not in NEWS:
            continue
        if entry.action == "buy" and not entry.details.get("available", True):
            continue  # a failed availability roll bought nothing
        if entry.action in MERGED:
            if run and (
                run[0].action != entry.action
                or run[0].gang_id != entry.gang_id
                or run[0].details.get("game") != entry.details.get("game")
            ):
                flush()
            run.append(entry)
            continue
        flush()
        sentence = _one(facts, entry)
        if sentence is not None:
            said.append(sentence)
    flush()
    return said


def _merged(facts: _Facts, run: Sequence[LogEntry]) -> list[Sentence]:
    lang = facts.lang
    gang = facts.gang_name(run[0].gang_id)
    ids = [int(e.id or 0) for e in run]
    if run[0].action == "hire":
        if len(run) == 1:
            d = run[0].details
            return [
                say(
                    "hire",
                    lang,
                    logs=ids,
                    gang=gang,
                    name=d.get("name", ""),
                    profile=_profile(d.get("profile"), lang),
                    cost=d.get("cost"),
                )
            ]
        items = [
            PHRASES[lang]["hire-item.1"].format(
                name=e.details.get("name", ""), profile=_profile(e.details.get("profile"), lang),
                cost=e.details.get("cost"),
            )
            for e in run
        ]  # fmt: skip
        return [say("hires", lang, logs=ids, gang=gang, list=_listed(items, lang))]
    if run[0].action == "game-xp":
        gained = [
            PHRASES[lang]["xp-item.1"].format(
                name=e.member_name or "",
                xp=int(e.details.get("eliminations") or 0) + int(e.details.get("bonus") or 0),
            )
            for e in run
        ]
        return [say("game-xp", lang, logs=ids, gang=gang, game=run[0].details.get("game"),
                    list=_listed(gained, lang))]  # fmt: skip
    counted: dict[str, int] = {}
    for entry in run:
        item = _equipment(entry.details.get("item"), lang).lower()
        counted[item] = counted.get(item, 0) + 1
    items = [item if n == 1 else f"{item} ({n})" for item, n in counted.items()]
    return [say("buys", lang, logs=ids, gang=gang, list=_listed(items, lang))]


def _one(facts: _Facts, entry: LogEntry) -> Sentence | None:
    lang = facts.lang
    d = entry.details
    logs = [int(entry.id or 0)]
    gang = facts.gang_name(entry.gang_id)
    who = entry.member_name or str(d.get("name") or "")
    action = entry.action
    if action == "gang-new":
        faction = name(find_faction(str(d.get("faction"))), lang)
        return say(action, lang, logs=logs, gang=d.get("gang", gang), faction=faction,
                   money=entry.money_after)  # fmt: skip
    if action == "gang-retire":
        return say(action, lang, logs=logs, gang=d.get("gang", gang))
    if action == "fire":
        return say(action, lang, logs=logs, gang=gang, name=d.get("name", who),
                   profile=_profile(d.get("profile"), lang))  # fmt: skip
    if action == "xp":
        reason = str(d.get("reason") or "").strip()
        if not reason or int(d.get("xp") or 0) <= 0:
            return None  # bookkeeping without a story
        return say(action, lang, logs=logs, gang=gang, name=who, xp=d.get("xp"), reason=reason)
    if action == "advance":
        return _advance(lang, logs, gang, who, d)
    if action == "injure":
        injury = str(d.get("injury") or "")
        return say(action, lang, logs=logs, gang=gang, name=who,
                   injury=injury_name(injury, lang).lower()) if injury else None  # fmt: skip
    if action == "recovery":
        outcome = d.get("outcome")
        if outcome == "invalid" and d.get("invalidity"):
            return say("invalid", lang, logs=logs, gang=gang, name=who, game=d.get("game"),
                       injury=injury_name(str(d["invalidity"]), lang).lower())  # fmt: skip
        if outcome in ("wounded", "recovered"):
            return say(str(outcome), lang, logs=logs, gang=gang, name=who, game=d.get("game"))
        return None  # the dead have their obituary
    if action == "bounty":
        victims = [str(v.get("name")) for v in d.get("victims") or []]
        amount = sum(int(v.get("bounty") or 0) for v in d.get("victims") or [])
        return say(action, lang, logs=logs, gang=gang, amount=amount,
                   victims=_listed(victims, lang))  # fmt: skip
    if action == "outlaw-mark":
        return say(action, lang, logs=logs, gang=gang)
    if action in ("gambler", "marked-cards"):
        if not d.get("amount"):
            return None
        return say(action, lang, logs=logs, gang=gang, name=who, amount=d.get("amount"),
                   game=d.get("game"))  # fmt: skip
    if action == "income":
        if not d.get("amount"):
            return None
        result = label(GameResult(str(d.get("result"))), lang)
        return say(action, lang, logs=logs, gang=gang, amount=d.get("amount"),
                   game=d.get("game"), result=result)  # fmt: skip
    return None


def _advance(
    lang: str, logs: Sequence[int], gang: str, who: str, d: Mapping[str, Any]
) -> Sentence | None:
    advance = str(d.get("advance") or "")
    if advance == "skill" and d.get("skill"):
        skill = skill_name(str(d["skill"]), lang)
        if d.get("choice"):
            skill += f" ({_equipment(d['choice'], lang).lower()})"
        return say("advance-skill", lang, logs=logs, gang=gang, name=who, skill=skill)
    if advance in STATS and d.get("before") is not None:
        kind = "advance-promoted" if d.get("promoted") else "advance-stat"
        return say(
            kind,
            lang,
            logs=logs,
            gang=gang,
            name=who,
            stat=_word(advance, lang),
            before=d.get("before"),
            after=d.get("after"),
        )
    return None


# ------------------------------------------------------------------------------ WANTED


def _wanted(facts: _Facts, entries: Sequence[LogEntry]) -> Wanted | None:
    """The poster: the living leader of an active gang with the highest bounty (H-09), else
    the one whose gang retreated by choice most often (R-09); ties go to the one with more
    eliminations, then to the first hired."""
    lang = facts.lang
    percent = int(
        settings_of(facts.campaign).get("bounty-percent", find_setting("bounty-percent").default)
    )
    hires = {int(e.member_id): e for e in entries if e.action == "hire" and e.member_id is not None}
    kills = _kills(facts)
    infamy = _infamy(facts)
    best: tuple[tuple[int, int, int, int], Member, int | None] | None = None
    for gang in facts.gangs.values():
        if gang.status != GangStatus.ACTIVE:
            continue
        for member in gang.members:
            if member.role != "leader" or member.status != MemberStatus.ACTIVE:
                continue
            if int(member.id or 0) not in hires:
                continue  # no recorded fact to print it from
            profile = find_profile(member.profile)
            wanted = profile.faction in BOUNTY_FACTIONS or (
                profile.faction == FactionId.BOUNTY_KILLERS and outlaw_marked(facts.session, gang)
            )
            bounty = profile.cost * percent // 100 if wanted and percent > 0 else None
            times = len(infamy.get(int(gang.id or 0), []))
            if bounty is None and times == 0:
                continue
            rank = (
                bounty if bounty is not None else -1,
                times,
                len(kills.get(int(member.id or 0), [])),
                -int(member.id or 0),
            )
            if best is None or rank > best[0]:
                best = (rank, member, bounty)
    if best is None:
        return None
    _, member, bounty = best
    gang = facts.gangs[member.gang_id]
    hire = hires[int(member.id or 0)]
    hired = [int(hire.id or 0)]
    profile = find_profile(member.profile)
    profile_name = name(profile, lang)
    said = [say("wanted-who", lang, logs=hired, name=member.name, profile=profile_name,
                gang=gang.name)]  # fmt: skip
    if bounty is not None:
        said.append(say("wanted-bounty", lang, logs=hired, bounty=bounty, percent=percent,
                        cost=profile.cost, profile=profile_name))  # fmt: skip
    else:
        told = infamy[int(gang.id or 0)]
        said.append(say("wanted-infamy", lang, events=told, gang=gang.name,
                        times=_word("times", lang, len(told))))  # fmt: skip
    killed = kills.get(int(member.id or 0), [])
    if killed:
        said.append(say("wanted-kills", lang, events=killed, name=member.name,
                        count=_word("models", lang, len(killed))))  # fmt: skip
    seen = _last_seen(facts, member)
    if seen is not None:
        said.append(seen)
    return Wanted(member.name, gang.name, profile_name, bounty, tuple(said))


def _kills(facts: _Facts) -> dict[int, list[int]]:
    """Each member's eliminations of enemy models over the campaign's finished games, as the
    ids of the events that eliminated them."""
    found: dict[int, list[int]] = {}
    for game in facts.games:
        if game.status != GameStatus.ENDED:
            continue
        models = {m.id: m for m in facts.game_models(game)}
        for fall in _falls(facts, game):
            killer = models.get(fall.model.eliminated_by)
            if killer is None or fall.event is None:
                continue
            if killer.game_gang_id == fall.model.game_gang_id:
                continue
            found.setdefault(killer.member_id, []).append(int(fall.event.id or 0))
    return found


def _infamy(facts: _Facts) -> dict[int, list[int]]:
    """Each gang's voluntary retreats (R-09) in finished games, as the retreat events' ids."""
    found: dict[int, list[int]] = {}
    for game in facts.games:
        if game.status != GameStatus.ENDED:
            continue
        for gg in facts.game_sides(game):
            if gg.retreated != Retreat.VOLUNTARY:
                continue
            gang = gang_row(facts.session, gg).name
            told = [
                int(e.id or 0)
                for e in facts.game_events(game)
                if e.action == EventKind.RETREAT
                and normalize(str(e.details.get("gang", ""))) == normalize(gang)
            ]
            if told:
                found.setdefault(gg.gang_id, []).append(told[-1])
    return found


def _last_seen(facts: _Facts, member: Member) -> Sentence | None:
    for game in reversed(facts.games):
        if game.status == GameStatus.ABANDONED:
            continue
        if any(m.member_id == member.id for m in facts.game_models(game)):
            start = [int(e.id or 0) for e in facts.game_events(game) if e.action == "start"]
            if not start:
                return None
            return say("wanted-seen", facts.lang, events=start[:1], game=game.id,
                       scenario=_scenario(game.scenario, facts.lang))  # fmt: skip
    return None


# ------------------------------------------------------------------------------ the issue


def _standings(
    facts: _Facts, finished: Sequence[Game]
) -> tuple[list[StandingRow], Sentence | None]:
    rows = [
        StandingRow(r["place"], r["gang"], r["games"], r["wins"], r["draws"], r["losses"],
                    r["eliminations"], r["points"])
        for r in standings(facts.session, campaign=facts.campaign)
        if r["status"] == GangStatus.ACTIVE
    ]  # fmt: skip
    if not rows or rows[0].played == 0:
        return rows, None
    top = rows[0]
    if len(rows) > 1 and (rows[1].points, rows[1].eliminations) == (top.points, top.eliminations):
        return rows, None  # level at the top: nobody leads
    gang = next(g for g in facts.gangs.values() if g.name == top.gang)
    ends = [  # each game's start (the sides) and end (the result)
        int(e.id or 0)
        for game in finished
        if any(gg.gang_id == gang.id for gg in facts.game_sides(game))
        for e in facts.game_events(game)
        if e.action in (EventKind.START, EventKind.END)
    ]
    if not ends:
        return rows, None
    return rows, say("leader", facts.lang, events=ends, gang=top.gang,
                     points=_word("points", facts.lang, top.points))  # fmt: skip


def _town_headline(facts: _Facts, entries: Sequence[LogEntry]) -> Sentence | None:
    founded = [e for e in entries if e.action == "gang-new"]
    if not founded:
        return None
    count = len(founded)
    words = NUMBER_WORDS[facts.lang]
    gangs = words[count] if count < len(words) else _word("gangs", facts.lang, count)
    return say("headline-town", facts.lang, logs=[int(e.id or 0) for e in founded],
               gangs=gangs, campaign=facts.campaign.name)  # fmt: skip


def _window(entries: Sequence[LogEntry], games: Sequence[Game], game: Game) -> list[LogEntry]:
    """The log entries of an issue about ``game``: from its start (its ``game-start`` entries)
    to the start of the next game, that is its post-game and what the gangs did after it."""
    starts: dict[int, int] = {}
    for entry in entries:
        if entry.action == "game-start":
            key = int(entry.details.get("game") or 0)
            starts[key] = max(starts.get(key, 0), int(entry.id or 0))
    first = starts.get(int(game.id or 0), 0)
    later = [
        min(int(e.id or 0) for e in entries if e.action == "game-start"
            and int(e.details.get("game") or 0) == int(g.id or 0))
        for g in games
        if int(g.id or 0) > int(game.id or 0) and int(g.id or 0) in starts
    ]  # fmt: skip
    last = min(later) if later else None
    return [
        e for e in entries if int(e.id or 0) > first and (last is None or int(e.id or 0) < last)
    ]


def gazette(
    session: Session, *, campaign: Campaign, lang: Lang | str = Lang.IT, game: int | None = None
) -> Gazette:
    """The paper of ``campaign`` to date in ``lang``, or the issue about game ``game`` (a game
    that has not ended, or was abandoned, has no issue)."""
    language = str(lang)
    entries = standing_entries(session, campaign)
    gangs = {
        int(g.id or 0): g
        for g in session.exec(
            select(Gang).where(Gang.campaign_id == campaign.id).order_by(col(Gang.id))
        ).all()
    }
    games = games_of(session, campaign)
    facts = _Facts(session, campaign, language, entries, games, gangs)
    finished = [g for g in games if g.status == GameStatus.ENDED]
    chosen: Game | None = None
    if game is not None:
        chosen = _chosen_game(games, game)
        finished = [chosen]
        entries = _window(entries, games, chosen)
    if finished:
        read = luck_ledger(session, campaign=campaign, game_id=game).moments
        ids = {g.id for g in finished}
        facts.moments = tuple(m for m in read if m.game_id in ids)
    reports = [r for r in (_report(facts, g) for g in reversed(finished)) if r is not None]
    headlines = _upsets(facts.moments, language)  # else the latest report's headline leads
    if not reports and chosen is None:
        town = _town_headline(facts, entries)
        headlines = [town] if town is not None else []
    rows, leader = _standings(facts, [g for g in games if g.status == GameStatus.ENDED])
    stamps = [e.at for e in entries] + [g.ended_at or "" for g in finished]
    number = len([g for g in games if g.status == GameStatus.ENDED])
    if chosen is not None:
        number = [g.id for g in games if g.status == GameStatus.ENDED].index(chosen.id) + 1
    return Gazette(
        campaign=campaign.name,
        lang=language,
        game=game,
        number=max(number, 1),
        date=max(stamps, default="") or campaign.created_at,
        headlines=tuple(headlines),
        reports=tuple(reports),
        obituaries=tuple(_obituaries(facts, entries)),
        standings=tuple(rows),
        leader=leader,
        news=tuple(_news(facts, entries)),
        wanted=_wanted(facts, standing_entries(session, campaign)),
    )


def _chosen_game(games: Sequence[Game], number: int) -> Game:
    found = next((g for g in games if g.id == number), None)
    if found is None:
        listed = ", ".join(str(g.id) for g in games) or "none"
        listed_it = ", ".join(str(g.id) for g in games) or "nessuna"
        raise CampaignError(
            f"this campaign has no game {number}; its games: {listed} ('skirmish game list').",
            it=f"questa campagna non ha una partita {number}; le sue partite: {listed_it} "
            "('skirmish game list').",
        )
    if found.status != GameStatus.ENDED:
        state = "was abandoned" if found.status == GameStatus.ABANDONED else "has not ended yet"
        state_it = (
            "è stata abbandonata" if found.status == GameStatus.ABANDONED else "non è ancora finita"
        )
        raise CampaignError(
            f"game {number} {state}: the Gazette reports finished games; leave out --game for "
            "the campaign to date.",
            it=f"la partita {number} {state_it}: la Gazzetta racconta le partite finite; togli "
            "--game per la campagna fino a oggi.",
        )
    return found
