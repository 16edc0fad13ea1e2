"""The Gazette's feeds as documents (issue #14, ``skirmish/web/feeds.py``): an Atom 1.0 feed
that parses as XML and carries every element RFC 4287 requires, an RSS 2.0 channel with its
required elements, content sent as escaped HTML whatever the names hold, times in each format's
words, and ids that depend only on what they are made from."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest

from skirmish.web.feeds import Entry, Feed, atom, rfc822, rfc3339, rss, stable_id, when

A = "{http://www.w3.org/2005/Atom}"
HOSTILE = '<script>alert("x")</script> & ]]> Tom'


def _feed(entries: int = 2) -> Feed:
    return Feed(
        ident=stable_id("1881-10-20T09:01:00Z", 1, "campaign"),
        title=f"The Frontier Gazette: {HOSTILE}",
        subtitle="Tombstone 1881",
        lang="en",
        author="The Frontier Gazette",
        updated="2026-11-26T11:29:36Z",
        self_link="http://club.example/c/T/gazette.atom",
        link="http://club.example/c/T/gazette",
        entries=[
            Entry(
                ident=stable_id("1881-10-20T09:01:00Z", 1, "game", n),
                title=f"Game {n}: {HOSTILE}",
                updated=f"2026-11-2{n}T10:00:00+01:00",
                link=f"http://club.example/c/T/gazette?game={n}",
                html=f"<p>{HOSTILE.replace('<', '&lt;')}</p>",
            )
            for n in range(1, entries + 1)
        ],
    )


def test_the_atom_feed_has_every_element_rfc_4287_requires() -> None:
    root = ElementTree.fromstring(atom(_feed()))
    assert root.tag == f"{A}feed"
    for required in ("id", "title", "updated", "author"):
        assert root.find(f"{A}{required}") is not None, required
    assert root.find(f"{A}author/{A}name") is not None
    links = {(link.get("rel"), link.get("href")) for link in root.findall(f"{A}link")}
    assert ("self", "http://club.example/c/T/gazette.atom") in links
    assert ("alternate", "http://club.example/c/T/gazette") in links
    entries = root.findall(f"{A}entry")
    assert len(entries) == 2
    for entry in entries:
        for required in ("id", "title", "updated", "content"):
            assert entry.find(f"{A}{required}") is not None, required
        assert entry.findtext(f"{A}id", "").startswith("urn:uuid:")
        content = entry.find(f"{A}content")
        assert content is not None and content.get("type") == "html"
    assert len({e.findtext(f"{A}id") for e in entries} | {root.findtext(f"{A}id")}) == 3


def test_names_and_content_arrive_as_text_not_markup() -> None:
    document = atom(_feed())
    assert b"<script>" not in document
    root = ElementTree.fromstring(document)
    assert root.findtext(f"{A}title") == f"The Frontier Gazette: {HOSTILE}"
    entry = root.findall(f"{A}entry")[0]
    # the HTML content is one escaped string: a reader unescapes it once and gets the markup,
    # in which the hostile name is still escaped
    assert entry.findtext(f"{A}content") == f"<p>{HOSTILE.replace('<', '&lt;')}</p>"
    channel = ElementTree.fromstring(rss(_feed())).find("channel")
    assert channel is not None
    item = channel.findall("item")[0]
    assert item.findtext("title") == f"Game 1: {HOSTILE}"
    assert item.findtext("description") == f"<p>{HOSTILE.replace('<', '&lt;')}</p>"


def test_the_rss_channel_has_its_required_elements() -> None:
    root = ElementTree.fromstring(rss(_feed()))
    assert root.tag == "rss" and root.get("version") == "2.0"
    channel = root.find("channel")
    assert channel is not None
    for required in ("title", "link", "description"):
        assert channel.findtext(required), required
    items = channel.findall("item")
    assert [i.findtext("pubDate") for i in items] == [
        "Sat, 21 Nov 2026 09:00:00 GMT",
        "Sun, 22 Nov 2026 09:00:00 GMT",
    ]
    for item in items:
        guid = item.find("guid")
        assert guid is not None and guid.get("isPermaLink") == "false"


def test_an_empty_feed_is_still_a_whole_feed() -> None:
    root = ElementTree.fromstring(atom(_feed(entries=0)))
    assert root.findall(f"{A}entry") == []
    assert root.findtext(f"{A}updated") == "2026-11-26T11:29:36Z"


@pytest.mark.parametrize(
    ("stamp", "atom_time", "rss_time"),
    [
        ("1881-10-20T09:01:00Z", "1881-10-20T09:01:00Z", "Thu, 20 Oct 1881 09:01:00 GMT"),
        ("2026-11-26T11:29:36.123456+00:00", "2026-11-26T11:29:36Z",
         "Thu, 26 Nov 2026 11:29:36 GMT"),
        ("2026-11-26T12:00:00+02:00", "2026-11-26T10:00:00Z", "Thu, 26 Nov 2026 10:00:00 GMT"),
        ("2026-11-26T12:00:00", "2026-11-26T12:00:00Z", "Thu, 26 Nov 2026 12:00:00 GMT"),
    ],
)  # fmt: skip
def test_times_in_each_formats_words(stamp: str, atom_time: str, rss_time: str) -> None:
    assert rfc3339(stamp) == atom_time
    assert rfc822(stamp) == rss_time
    assert when(stamp).tzinfo is not None


def test_ids_depend_only_on_what_they_are_made_of() -> None:
    one = stable_id("1881-10-20T09:01:00Z", 1, "game", 3)
    assert one == stable_id("1881-10-20T09:01:00Z", 1, "game", 3)
    assert one != stable_id("1881-10-20T09:01:00Z", 1, "game", 4)
    assert one != stable_id("1881-10-20T09:01:00Z", 2, "game", 3)
