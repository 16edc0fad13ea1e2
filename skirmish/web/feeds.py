"""News feeds (issue #14): the Gazette's issues as Atom 1.0 (RFC 4287) and RSS 2.0 documents,
written with the standard library's XML writer, so every name and every piece of content is
escaped by the writer and not by hand.

``atom(feed)`` and ``rss(feed)`` are pure functions of a ``Feed``: its stable id, title, the
time of its newest entry, the addresses of itself and of the page it mirrors, and its entries,
each with its own stable id, title, time, address and HTML content (sent as escaped text,
``type="html"`` in Atom, ``<description>`` in RSS, as both formats expect). Times are the
store's ISO 8601 UTC times; Atom takes them as they are (RFC 3339), RSS in RFC 822's words.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import format_datetime
from xml.etree import ElementTree

ATOM_NS = "http://www.w3.org/2005/Atom"
#: What a feed says it is when a reader asks the server (RFC 4287 §7; RSS has no registered
#: type, and this is what the readers send and expect).
ATOM_TYPE = "application/atom+xml"
RSS_TYPE = "application/rss+xml"
#: The generator element's words.
GENERATOR = "skirmish"


@dataclass(frozen=True)
class Entry:
    """One item of a feed: ``ident`` is a URI that never changes (``stable_id``), ``updated`` an
    ISO 8601 time, ``link`` the absolute address of the page it mirrors, ``html`` its content."""

    ident: str
    title: str
    updated: str
    link: str
    html: str
    summary: str = ""


@dataclass(frozen=True)
class Feed:
    """A feed: its stable id, title and subtitle, language (``it``/``en``), author, the time of
    its newest entry, its own address (``self_link``) and the page it mirrors (``link``)."""

    ident: str
    title: str
    subtitle: str
    lang: str
    author: str
    updated: str
    self_link: str
    link: str
    entries: Sequence[Entry]


def stable_id(*parts: object) -> str:
    """A ``urn:uuid:`` made from ``parts`` (the same parts, the same id, on any server under any
    address: a campaign's creation time and row id, an issue's game number)."""
    key = "skirmish:" + ":".join(str(p) for p in parts)
    return uuid.uuid5(uuid.NAMESPACE_URL, key).urn


def when(stamp: str) -> datetime:
    """A stored ISO 8601 time (``…Z`` or with an offset; one without is UTC) as an aware
    datetime."""
    moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def rfc3339(stamp: str) -> str:
    """An ISO 8601 time as Atom writes it: UTC, seconds, ``Z``."""
    return when(stamp).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def rfc822(stamp: str) -> str:
    """An ISO 8601 time as RSS 2.0 writes it: ``Thu, 20 Oct 1881 09:01:00 GMT``."""
    return format_datetime(when(stamp).astimezone(UTC), usegmt=True)


def _sub(parent: ElementTree.Element, tag: str, content: str = "", **attrs: str) -> None:
    child = ElementTree.SubElement(parent, tag, attrs)
    if content:
        child.text = content


def _document(root: ElementTree.Element) -> bytes:
    written: bytes = ElementTree.tostring(root, encoding="utf-8", xml_declaration=True)
    return written


def atom(feed: Feed) -> bytes:
    """The Atom 1.0 document of ``feed`` (UTF-8, with its XML declaration)."""
    root = ElementTree.Element("feed", {"xmlns": ATOM_NS, "xml:lang": feed.lang})
    _sub(root, "id", feed.ident)
    _sub(root, "title", feed.title)
    if feed.subtitle:
        _sub(root, "subtitle", feed.subtitle)
    _sub(root, "updated", rfc3339(feed.updated))
    _sub(root, "link", rel="self", type=ATOM_TYPE, href=feed.self_link)
    _sub(root, "link", rel="alternate", type="text/html", href=feed.link)
    author = ElementTree.SubElement(root, "author")
    _sub(author, "name", feed.author)
    _sub(root, "generator", GENERATOR)
    for entry in feed.entries:
        item = ElementTree.SubElement(root, "entry")
        _sub(item, "id", entry.ident)
        _sub(item, "title", entry.title)
        _sub(item, "updated", rfc3339(entry.updated))
        _sub(item, "link", rel="alternate", type="text/html", href=entry.link)
        if entry.summary:
            _sub(item, "summary", entry.summary)
        _sub(item, "content", entry.html, type="html")
    return _document(root)


def rss(feed: Feed) -> bytes:
    """The RSS 2.0 document of ``feed`` (UTF-8, with its XML declaration); each item's
    ``guid`` is its stable id, not an address."""
    root = ElementTree.Element("rss", {"version": "2.0", "xmlns:atom": ATOM_NS})
    channel = ElementTree.SubElement(root, "channel")
    _sub(channel, "title", feed.title)
    _sub(channel, "link", feed.link)
    _sub(channel, "description", feed.subtitle or feed.title)
    _sub(channel, "language", feed.lang)
    _sub(channel, "lastBuildDate", rfc822(feed.updated))
    _sub(channel, "generator", GENERATOR)
    _sub(channel, "atom:link", rel="self", type=RSS_TYPE, href=feed.self_link)
    for entry in feed.entries:
        item = ElementTree.SubElement(channel, "item")
        _sub(item, "title", entry.title)
        _sub(item, "link", entry.link)
        _sub(item, "guid", entry.ident, isPermaLink="false")
        _sub(item, "pubDate", rfc822(entry.updated))
        _sub(item, "description", entry.html)
    return _document(root)
