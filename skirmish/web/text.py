"""Every word the web pages print besides the data's own names, in Italian and English
(``i18n.Catalogue``; ``tests/test_catalogues.py`` checks both languages have the same keys).

The templates get the page's language as ``t`` (a plain mapping: ``{{ t.standings }}``) and the
functions below for the stored words (a gang's status, a game's result) the glossary names.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from skirmish.i18n import Catalogue, Lang, messages
from skirmish.translation import N_, NP_, Message, said_value

TEXT: Catalogue = messages(
    {
        "app": N_("skirmish"),
        "tagline": N_("Per qualche dado in più: the club's campaigns"),
        "campaigns": N_("Campaigns"),
        "no_campaigns": N_("No campaign yet: create one with 'skirmish campaign new NAME'."),
        "gangs_count": N_("gangs"),
        "in_use": N_("in use at the terminal"),
        "scenarios": N_("Scenarios"),
        "rules": N_("Rules"),
        "home": N_("Home"),
        "language": N_("Language"),
        "standings": N_("Standings"),
        "sort_by": N_("Sort by"),
        "sort_place": N_("place"),
        "place": N_("#"),
        "gang": N_("Gang"),
        "faction": N_("Faction"),
        "games": N_("Games"),
        "wins": N_("Wins"),
        "losses": N_("Losses"),
        "draws": N_("Draws"),
        "eliminations": N_("Elim."),
        "points": N_("Points"),
        "rating": N_("Rating"),
        "treasury": NP_("text.TEXT.treasury", "Treasury"),
        "models": N_("Models"),
        "status": N_("Status"),
        "gangs": N_("Gangs"),
        "recent_games": N_("Recent games"),
        "no_games": NP_("text.TEXT.no_games", "No games yet."),
        "game_line": N_("Game {game}: {scenario}"),
        "versus": N_("{good} vs {bad}"),
        "winner": N_("winner: {winner}"),
        "turn": N_("turn {turn}"),
        "owed": N_("post-game still owed by {gangs}"),
        "log": N_("Campaign log"),
        "log_empty": N_("The log is empty."),
        "graveyard": N_("Graveyard"),
        "nobody_dead": NP_("text.TEXT.nobody_dead", "Nobody has died yet."),
        "dead_line": N_("{gang}, {profile}, {xp} XP"),
        "dead_game": N_("game {game}, {scenario}"),
        "dead_by": N_("eliminated by {name}"),
        "house_rules": N_("House rules"),
        "changed": N_("changed"),
        "roster": N_("Roster"),
        "pdf": N_("Roster PDF (A4)"),
        "stash": N_("Stash"),
        "empty": N_("empty"),
        "owes_postgame": N_("This gang still owes the post-game of game {game} ({scenario})."),
        "failed": N_("Failed purchases"),
        "waiting": N_("may not be tried again yet (H-03)"),
        "former": NP_("text.TEXT.former", "Former models"),
        "history": N_("History"),
        "model_of": N_("{profile} of {gang}"),
        "xp": N_("XP"),
        "advances": N_("Advances"),
        "no_advances": N_("No advances yet."),
        "advance_line": N_("{what} for {cost} XP"),
        "injuries": N_("Injuries"),
        "no_injuries": N_("No injuries."),
        "recoveries": N_("Recoveries"),
        "recovery_line": N_("after game {game}: {outcome}"),
        "kills": N_("Eliminations"),
        "game_result": N_("Game {game}, {scenario}: {result}"),
        "eliminated": N_("eliminated {names}"),
        "fell": N_("fell"),
        "fell_to": N_("fell to {name}"),
        "no_model_games": N_("Has not played a game yet."),
        "scenario_section": N_("§{number}"),
        "turn_limit": N_("{turns} turns"),
        "no_turn_limit": N_("no turn limit"),
        "table": NP_("text.TEXT.table", "Table"),
        "deployment": N_("Deployment"),
        "victory": N_("Victory"),
        "length": N_("Length of the game"),
        "special_rules": NP_("text.TEXT.special_rules", "Scenario rules"),
        "tracked": N_("To track"),
        "search": N_("Search"),
        "search_label": N_("A weapon, skill, profile, faction, item or table entry"),
        "search_hint": N_("Italian or English names, any case, accents optional."),
        "results": N_("Results"),
        "other_name": N_("In Italian: {name}"),
        "profile_numbers": N_(
            "TIRO {tiro} · FRED {fred} · RIF {rif} · COS {cos} · "
            "FAMA {fama} · FORTUNA {fortuna} · {cost}$"
        ),
        "weapon_numbers": N_(
            "Range {range} · shots {shots} · rounds {rounds} · CA {ca} · bonus {bonus} · {price}"
        ),
        "weapons": N_("Weapons"),
        "equipment": N_("Equipment"),
        "skills": N_("Skills"),
        "factions": N_("Factions"),
        "kind_faction": N_("Faction"),
        "kind_profile": N_("Profile"),
        "kind_weapon": N_("Weapon"),
        "kind_item": N_("Equipment"),
        "kind_skill": N_("Skill"),
        "kind_advance": N_("Advance"),
        "kind_action": N_("Action"),
        "kind_movement": N_("Movement"),
        "kind_modifier": N_("Modifier"),
        "kind_protection": N_("Protection"),
        "kind_recovery": NP_("text.TEXT.kind_recovery", "Recovery"),
        "kind_invalidity": N_("Invalidity"),
        "kind_doctor": N_("Doctor"),
        "not_found": N_("Not found"),
        "nearest": N_("Did you mean:"),
        "no_entry": N_("Nothing in the rules is called {query}."),
        "no_page": N_("There is no page at this address."),
        "back_home": N_("Back to the campaigns"),
        "api": N_("JSON API"),
        "footer_note": (
            N_(
                "Every change is logged, names who made it and can be undone; "
                "the skirmish command works on the same campaigns."
            )
        ),
        "login": N_("Log in"),
        "logout": N_("Log out"),
        "login_title": N_("Log in"),
        "login_user": N_("Name"),
        "login_password": N_("Password"),
        "login_hint": N_(
            "No account yet? An invitation from your campaign's owner makes one: open its "
            "link, or type its code on the join page."
        ),
        "logged_in_as": N_("Logged in as {name}"),
        "refused": N_("Refused"),
        "csrf_refused": N_(
            "This form is out of date or did not come from this site: reload the "
            "page and try again. Nothing was changed."
        ),
        "status_active": N_("active"),
        "status_dead": N_("dead"),
        "status_retired": N_("retired"),
    }
)


#: The words of each part of the web app (its own catalogue, kept beside its routes: ``part``).
PARTS: list[Catalogue] = []


def part(catalogue: Catalogue) -> Catalogue:
    """Add a part's own catalogue to the pages' words (``WORDS = text.part({...})`` at the top of
    a router module); a key may be declared only once across all of them."""
    for lang in ("it", "en"):
        clash = set(catalogue[lang]) & set(words(lang))
        if clash:
            raise ValueError(f"web words declared twice: {sorted(clash)}")
    PARTS.append(catalogue)
    return catalogue


def words(lang: Lang | str) -> Mapping[str, str]:
    """The page's words in ``lang`` (``t`` in the templates): the shared ones and every part's,
    merged into one read-only mapping once per language (and once more should a part be added
    later): every page asks for them (issue #23: they were copied on every request)."""
    key = str(lang)
    kept = _WORDS.get((key, len(PARTS)))
    if kept is None:
        merged: dict[str, str] = {}
        for table in reversed((TEXT, *PARTS)):  # no key is declared twice (``part``)
            merged.update(table[key])
        kept = _WORDS[(key, len(PARTS))] = MappingProxyType(merged)
    return kept


#: ``words`` merged, by language and the number of parts then declared.
_WORDS: dict[tuple[str, int], Mapping[str, str]] = {}


def status_word(status: str, lang: Lang | str) -> str:
    """A gang's or a model's stored status in ``lang`` (an unknown one as stored)."""
    return TEXT[str(lang)].get(f"status_{status}", status)


class Worded(Message):
    """A message in the pages' words (``words(lang)[key]``, filled in with ``values``), said in
    the language of whoever reads it: a refusal a page shows in its own sentence."""

    __slots__ = ()

    def __call__(self, lang: str) -> str:
        """The page's sentence in ``lang``."""
        return words(lang)[self.msgid].format(
            **{key: said_value(value, lang) for key, value in self.values.items()}
        )
