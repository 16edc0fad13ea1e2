"""One issue of the Frontier Gazette as values (issue #14): its ``Sentence``s, each with the ids
of the log entries and game events it states, the games' reports, the obituaries, the
standings and the WANTED poster, gathered in a ``Gazette`` (``campaign.gazette`` builds it).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass


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
