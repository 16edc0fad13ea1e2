"""The Frontier Gazette's story (issue #14): every sentence from recorded facts, the sections
of a played campaign, of the example campaign and of an empty one, issues about one game, the
phrasings and their deterministic choice.

The played campaign is ``tests.games.gazette_play`` (three games: a death, a retreat by choice,
a bounty). ``campaigns.db.example`` has hires, purchases, advances and injuries but no game.
"""

from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path
from string import Formatter

import pytest
from sqlmodel import select

from skirmish.campaign import lookup
from skirmish.campaign.game.history import standing_entries
from skirmish.campaign.game.tables import Game, GameEvent, GameModel
from skirmish.campaign.gazette import gazette
from skirmish.campaign.gazette_games import UPSET, _swing, _turning, chance_words, upsets
from skirmish.campaign.gazette_issue import Gazette, Sentence
from skirmish.campaign.gazette_phrases import PHRASES, choose, kinds, phrasings, say
from skirmish.campaign.luck import Moment, Who, ledger
from skirmish.campaign.models import Gang
from skirmish.campaign.settings import find_setting
from skirmish.cli.store_options import session
from skirmish.errors import CampaignError, SkirmishError
from skirmish.i18n import Lang
from skirmish.rules import find_profile
from skirmish.rules.scenarios import find_scenario
from tests.games.gazette_play import played_campaign
from tests.games.harness import Cli

EXAMPLE = Path(__file__).resolve().parents[2] / "campaigns.db.example"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Cli:
    return played_campaign(tmp_path_factory.mktemp("gazette-played"))


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("gazette-example") / "example.db"
    shutil.copyfile(EXAMPLE, target)
    return target


@pytest.fixture(scope="module")
def empty(tmp_path_factory: pytest.TempPathFactory) -> Path:
    cli = Cli(tmp_path_factory.mktemp("gazette-empty") / "empty.db")
    cli.run("campaign", "new", "Dry Gulch")
    return Path(cli.db)


def issue(db: Path | str, lang: Lang, game: int | None = None) -> Gazette:
    with session(str(db), access="read") as s:
        return gazette(s, campaign=lookup.current_campaign(s, None), lang=lang, game=game)


def _names_of_facts(db: Path | str) -> tuple[dict[int, set[str]], dict[int, set[str]]]:
    """For each standing log entry and each game event, the names it records (the model, the
    gang, the people its details name): a sentence built from it must say one of them."""
    with session(str(db), access="read") as s:
        campaign = lookup.current_campaign(s, None)
        gangs = {g.id: g.name for g in s.exec(select(Gang)).all()}
        logs: dict[int, set[str]] = {}
        for entry in standing_entries(s, campaign):
            names = {entry.member_name or "", gangs.get(entry.gang_id, ""), campaign.name}
            names |= {str(entry.details.get(k) or "") for k in ("name", "gang")}
            names |= {f"{entry.details[k]}$" for k in ("cost", "amount") if k in entry.details}
            logs[int(entry.id or 0)] = names - {""}
        models = {m.id: m.name for m in s.exec(select(GameModel)).all()}
        scenarios = {
            g.id: {find_scenario(g.scenario).name_it, find_scenario(g.scenario).name_en}
            for g in s.exec(select(Game)).all()
        }
        events: dict[int, set[str]] = {}
        for event in s.exec(select(GameEvent)).all():
            d = event.details
            names = {models.get(event.model_id, "")}
            names |= {str(d.get(k) or "") for k in ("attacker", "target", "by", "gang", "model")}
            for side in (d.get("sides") or {}).values():
                names.add(str(side.get("gang") or ""))
            names |= scenarios[event.game_id]  # the game an event belongs to
            events[int(event.id or 0)] = names - {""}
    return logs, events


def _check_sources(paper: Gazette, db: Path | str) -> int:
    logs, events = _names_of_facts(db)
    count = 0
    for sentence in paper.sentences():
        count += 1
        assert sentence.log_ids or sentence.event_ids, sentence
        assert set(sentence.log_ids) <= set(logs), sentence  # standing entries only
        assert set(sentence.event_ids) <= set(events), sentence
        said = {n for i in sentence.log_ids for n in logs[i]}
        said |= {n for i in sentence.event_ids for n in events[i]}
        assert any(name in sentence.text for name in said), (sentence, said)
    return count


# ------------------------------------------------------------------------ every sentence


@pytest.mark.parametrize("lang", [Lang.IT, Lang.EN])
def test_every_sentence_states_a_recorded_log_entry_or_game_event(
    played: Cli, example: Path, lang: Lang
) -> None:
    assert _check_sources(issue(played.db, lang), played.db) > 30
    assert _check_sources(issue(example, lang), example) > 20
    for game in (1, 2, 3):
        assert _check_sources(issue(played.db, lang, game), played.db) > 3


def test_the_same_campaign_prints_the_same_paper(played: Cli) -> None:
    assert issue(played.db, Lang.IT) == issue(played.db, Lang.IT)
    assert issue(played.db, Lang.EN, 2) == issue(played.db, Lang.EN, 2)


# ------------------------------------------------------------------------ a played campaign


def test_a_played_campaign_has_each_games_report_newest_first(played: Cli) -> None:
    paper = issue(played.db, Lang.EN)
    assert [r.game for r in paper.reports] == [3, 2, 1]
    assert [r.scenario for r in paper.reports] == ["Duel", "Duel", "Bank robbery"]
    hunters, earps, bank = paper.reports
    assert "Hunters" in hunters.headline.text and "Earps" in earps.headline.text
    texts = [s.text for s in bank.sentences]
    assert "Earps (good)" in texts[0] and "Clantons (bad)" in texts[0]
    assert any("Frank (Clantons)" in t and "shot down by Wyatt" in t for t in texts)
    assert any("Billy (Clantons)" in t and "Morgan" in t for t in texts)
    turning = [s for s in bank.sentences if s.kind.startswith("turning")]
    assert len(turning) == 1 and "Frank" in turning[0].text  # the first of two falls
    kinds = [s.kind for s in earps.sentences]
    assert "retreat-voluntary" in kinds and not any(k.startswith("turning") for k in kinds)
    assert "(R-09)" in next(s.text for s in earps.sentences if s.kind == "retreat-voluntary")


def test_headlines_are_the_ledgers_upsets_with_their_exact_chance(played: Cli) -> None:
    with session(str(played.db), access="read") as s:
        moments = ledger(s, campaign=lookup.current_campaign(s, None)).moments
    shot = next(m for m in moments if m.kind == "action" and m.role == "attacker")
    assert shot.eliminated and shot.chance_eliminated is not None  # Wyatt's shot at Frank
    assert shot.chance_eliminated <= UPSET
    (headline,) = issue(played.db, Lang.EN).headlines
    assert headline.kind == "headline-upset" and headline.event_ids == (shot.event_id,)
    assert "Wyatt" in headline.text and "Frank" in headline.text
    assert chance_words(shot.chance_eliminated, Lang.EN) in headline.text
    bank = issue(played.db, Lang.IT, 1).reports[0]
    (turning,) = [s for s in bank.sentences if s.kind.startswith("turning")]
    assert turning.kind == "turning-hit" and turning.event_ids == (shot.event_id,)
    assert chance_words(shot.chance_eliminated, Lang.IT) in turning.text


def _attack(event: int, chance: Fraction, eliminated: bool, role: str = "attacker") -> Moment:
    who, opponent = ("Wyatt", "Frank") if role == "attacker" else ("Frank", "Wyatt")
    return Moment(
        kind="action", role=role, purpose="shoot", faces=(), percentile=Fraction(50),
        variance=Fraction(0), as_good=Fraction(1, 2), as_bad=Fraction(1, 2),
        who=Who(who, 1, "Earps", 1, None), opponent=opponent, source="table", game_id=1,
        turn=2, event_id=event, eliminated=eliminated, chance_eliminated=chance,
        impact_eliminations=(1 if eliminated else 0) - chance,
    )  # fmt: skip


def test_upsets_and_great_escapes_make_the_headlines_rarest_first() -> None:
    moments = [
        _attack(1, Fraction(1, 3), True),  # likely enough: no upset
        _attack(2, Fraction(1, 5), True),
        _attack(3, Fraction(1, 36), True),
        _attack(4, Fraction(35, 36), False, role="target"),  # survived at 1 in 36
        _attack(5, Fraction(24, 25), False, role="target"),  # 4%: a great escape
        _attack(6, Fraction(1, 10), False),  # a miss is no upset
    ]
    found = upsets(moments, "en")
    assert [(s.kind, s.event_ids) for s in found] == [
        ("headline-upset", (3,)), ("headline-escape", (4,)), ("headline-escape", (5,))
    ]  # fmt: skip
    assert "1 in 36" in found[0].text and "1 in 36" in found[1].text and "1 in 25" in found[2].text
    assert _swing(moments, 1) is moments[3 - 1]  # the kill at 1 in 36 moved the most
    assert _swing(moments, 2) is None
    assert _turning(moments[5], "en").kind == "turning-miss"


def test_a_chance_is_printed_exactly() -> None:
    assert chance_words(Fraction(1, 12), Lang.EN) == "1 in 12"
    assert chance_words(Fraction(1, 12), Lang.IT) == "1 su 12"
    assert chance_words(Fraction(3, 40), Lang.EN) == "7.5%"
    assert chance_words(Fraction(3, 40), Lang.IT) == "7,5%"
    assert chance_words(Fraction(1, 2), Lang.EN) == "1 in 2"
    assert chance_words(Fraction(3, 4), Lang.EN) == "75%"
    assert chance_words(Fraction(1, 5000), Lang.IT) == "<0,1%"


def test_the_dead_get_an_obituary_with_how_they_fell(played: Cli) -> None:
    (frank,) = issue(played.db, Lang.EN).obituaries
    assert (frank.name, frank.profile, frank.gang) == ("Frank", "Thug", "Clantons")
    assert "shot by Wyatt" in frank.sentence.text and "Bank robbery" in frank.sentence.text
    assert "(R-10)" in frank.sentence.text
    (morto,) = issue(played.db, Lang.IT).obituaries
    assert morto.profile == "Delinquente" and "sotto il fuoco di Wyatt" in morto.sentence.text


def test_the_wanted_poster_is_the_leader_with_the_highest_bounty(played: Cli) -> None:
    wanted = issue(played.db, Lang.EN).wanted
    assert wanted is not None
    boss = find_profile("boss")  # Ike, the outlaws' leader (H-09)
    percent = int(find_setting("bounty-percent").default)
    assert (wanted.name, wanted.gang, wanted.profile) == ("Ike", "Clantons", "Boss")
    assert wanted.bounty == boss.cost * percent // 100
    assert any(f"{wanted.bounty}$" in s.text and "(H-09)" in s.text for s in wanted.sentences)
    assert any("game 3" in s.text for s in wanted.sentences)  # last seen


def test_standings_and_news_come_from_the_store(played: Cli) -> None:
    paper = issue(played.db, Lang.EN)
    stored = {row["gang"]: row for row in played.json("campaign", "standings")}
    assert [r.gang for r in paper.standings] == ["Earps", "Hunters", "Clantons"]
    for row in paper.standings:
        assert (row.played, row.won, row.points) == (
            stored[row.gang]["games"], stored[row.gang]["wins"], stored[row.gang]["points"]
        )  # fmt: skip
    assert paper.leader is not None and "Earps" in paper.leader.text
    kinds = [s.kind for s in paper.news]
    for kind in ("gang-new", "hires", "buys", "income", "game-xp", "bounty", "hire",
                 "advance-skill", "recovered", "wounded", "gambler", "marked-cards"):  # fmt: skip
        assert kind in kinds, kind
    bounty = next(s for s in paper.news if s.kind == "bounty")
    assert "Hunters" in bounty.text and "Ike" in bounty.text and "95$" in bounty.text


def test_an_issue_about_one_game_tells_that_game_and_what_followed(played: Cli) -> None:
    first = issue(played.db, Lang.EN, 1)
    assert [r.game for r in first.reports] == [1] and first.game == 1 and first.number == 1
    assert [o.name for o in first.obituaries] == ["Frank"]
    news = " ".join(s.text for s in first.news)
    assert "Billy" in news and "Johnny Ringo" not in news and "Django" not in news
    last = issue(played.db, Lang.EN, 3)
    assert last.obituaries == () and last.number == 3
    news = " ".join(s.text for s in last.news)
    assert "Johnny Ringo" in news and "Sniper" in news and "Frank" not in news


def test_an_undone_action_is_not_news(played: Cli, tmp_path: Path) -> None:
    cli = Cli(tmp_path / "undone.db")
    shutil.copyfile(played.db, cli.db)
    assert "Johnny Ringo" in " ".join(s.text for s in issue(cli.db, Lang.EN).news)
    cli.run("undo", "Clantons")
    assert "Johnny Ringo" not in " ".join(s.text for s in issue(cli.db, Lang.EN).news)


def test_an_issue_about_a_game_not_ended_or_unknown_is_refused(played: Cli, tmp_path: Path) -> None:
    cli = Cli(tmp_path / "playing.db")
    shutil.copyfile(played.db, cli.db)
    cli.run("game", "start", "duel", "Earps", "Clantons")
    with pytest.raises(CampaignError, match="game 4 has not ended yet") as caught:
        issue(cli.db, Lang.EN, 4)
    assert "non è ancora finita" in caught.value.text("it")
    with pytest.raises(CampaignError, match="no game 9; its games: 1, 2, 3, 4"):
        issue(cli.db, Lang.EN, 9)


# ------------------------------------------------------------------------ no games


def test_the_example_campaign_tells_of_its_gangs_without_games(example: Path) -> None:
    paper = issue(example, Lang.IT)
    assert paper.reports == () and paper.obituaries == () and paper.leader is None
    (headline,) = paper.headlines
    assert "quattro bande" in headline.text and "Tombstone 1881" in headline.text
    assert len(headline.log_ids) == 4  # the four gangs founded
    hires = [s for s in paper.news if s.kind == "hires"]
    assert len(hires) == 4 and "Wyatt Earp (Sceriffo, 180$)" in hires[0].text
    assert any(s.kind == "advance-promoted" and "Billy Kid" in s.text for s in paper.news)
    assert any(s.kind == "injure" and "Morgan Earp" in s.text for s in paper.news)
    assert paper.wanted is not None and paper.wanted.name == "Ike Clanton"
    assert [r.played for r in paper.standings] == [0, 0, 0, 0]
    assert not any(
        "-" in w
        for s in paper.sentences()
        for w in s.text.split()
        if "-" in w and w.strip(".,()").islower()
    )  # no internal id such as "six-shooter"


def test_an_empty_campaign_has_nothing_to_say(empty: Path) -> None:
    for lang in (Lang.IT, Lang.EN):
        paper = issue(empty, lang)
        assert paper.empty and list(paper.sentences()) == []
        assert paper.standings == () and paper.wanted is None and paper.number == 1
        assert paper.campaign == "Dry Gulch"


# ------------------------------------------------------------------------ the phrasings


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in Formatter().parse(text) if f}


def test_every_kind_has_phrasings_in_both_languages() -> None:
    assert set(PHRASES["it"]) == set(PHRASES["en"])
    for kind in kinds():
        assert len(phrasings(kind, Lang.IT)) == len(phrasings(kind, Lang.EN)) >= 1, kind
    several = [k for k in kinds() if len(phrasings(k, Lang.EN)) > 1]
    assert len(several) > 25  # most kinds of sentence vary


def test_a_phrasing_is_chosen_by_the_facts_ids_and_all_are_used() -> None:
    kind = "report-win"
    count = len(phrasings(kind, Lang.EN))
    chosen = {choose(kind, (), (i,), count) for i in range(1, 60)}
    assert chosen == set(range(count))
    assert choose(kind, (1, 2), (), count) == choose(kind, (1, 2), (), count)


def test_a_sentence_needs_a_fact() -> None:
    with pytest.raises(SkirmishError, match="no recorded fact"):
        say("fall", Lang.EN, victim="Frank", gang="Clantons", turn=1)
    said = say("fall", Lang.EN, events=[7, 3, 7], victim="frank", gang="Clantons", turn=1)
    assert said == Sentence("fall", said.text, (), (3, 7)) and said.text[0].isupper()


def test_every_phrasing_formats_with_its_fields() -> None:
    for lang in ("it", "en"):
        for key, text in PHRASES[lang].items():
            assert _fields(text) == _fields(PHRASES["en"][key]), key
            text.format(**dict.fromkeys(_fields(text), "x"))
