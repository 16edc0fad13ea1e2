"""``campaign.links`` (issue #13): the web app's paths declared once, a campaign's web address
checked and normalised, and a gang's absolute link for the printed QR codes."""

from __future__ import annotations

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from skirmish.campaign.links import (
    campaign_path,
    clean_web_address,
    gang_link,
    gang_path,
    model_path,
)
from skirmish.campaign.models import Campaign
from skirmish.errors import CampaignError
from skirmish.limits import WEB_ADDRESS_LENGTH

NAMES = ["Deadwood", "Città di Tombstone", "a/b?c#d", "100% & più", "Ünïcödé  spaces"]


@pytest.mark.parametrize("name", NAMES)
def test_the_web_app_builds_its_links_with_these_paths(name: str) -> None:
    from skirmish.web import site

    assert site.campaign_url(name) == campaign_path(name)
    assert site.gang_url(name, name + "g") == gang_path(name, name + "g")
    assert site.model_url(name, "g", name) == model_path(name, "g", name)


def test_each_name_is_quoted_whole() -> None:
    assert campaign_path("Deadwood") == "/c/Deadwood"
    assert gang_path("Città di Tombstone", "a/b?c") == "/c/Citt%C3%A0%20di%20Tombstone/g/a%2Fb%3Fc"
    assert model_path("W", "Earps", "Doc #1") == "/c/W/g/Earps/m/Doc%20%231"


@pytest.mark.parametrize(
    ("typed", "cleaned"),
    [
        ("https://saloon.example.org/", "https://saloon.example.org/"),
        ("https://saloon.example.org", "https://saloon.example.org/"),
        ("  HTTPS://Saloon.Example.ORG/Club  ", "https://saloon.example.org/Club/"),
        ("http://192.168.1.20:8000", "http://192.168.1.20:8000/"),
        ("http://[::1]:8000/", "http://[::1]:8000/"),
        ("https://example.org/il saloon", None),  # a space: refused, see below
        ("https://example.org/caffè/", "https://example.org/caff%C3%A8/"),
        ("https://example.org/a%20b", "https://example.org/a%20b/"),
        ("https://società.example/", "https://xn--societ-nta.example/"),
    ],
)
def test_an_address_is_normalised(typed: str, cleaned: str | None) -> None:
    if cleaned is None:
        with pytest.raises(CampaignError):
            clean_web_address(typed)
    else:
        assert clean_web_address(typed) == cleaned
        assert clean_web_address(cleaned) == cleaned  # normalising twice changes nothing


@pytest.mark.parametrize(
    ("typed", "english", "italian"),
    [
        ("", "it is empty", "è vuoto"),
        ("   ", "it is empty", "è vuoto"),
        ("saloon.example.org", "must start with https:// or http://", "deve iniziare con"),
        ("ftp://example.org/", "must start with https:// or http://", "deve iniziare con"),
        ("javascript:alert(1)", "must start with https:// or http://", "deve iniziare con"),
        ("https://", "names no host", "non indica alcun host"),
        ("https://:80/", "names no host", "non indica alcun host"),
        ("https://doc:secret@example.org/", "user name or password", "nome utente o una password"),
        ("https://doc@example.org/", "user name or password", "nome utente o una password"),
        ("https://example.org/?campaign=1", "query (?…) or a fragment", "query (?…) né un"),
        ("https://example.org/#top", "query (?…) or a fragment", "query (?…) né un"),
        ("https://example.org/?", "query (?…) or a fragment", "query (?…) né un"),
        ("https://example.org:99999/", "port is not a number", "la porta non è un numero"),
        ("https://example.org:http/", "port is not a number", "la porta non è un numero"),
        ("https://exa mple.org/", "spaces or control characters", "spazi o caratteri"),
        ("https://example.org/\x1b[31m", "spaces or control characters", "spazi o caratteri"),
        ("https://" + "a" * WEB_ADDRESS_LENGTH + ".org/", "longer than 200", "supera i 200"),
        ("https://example.org/" + "è" * 60, "written out for a QR code", "per un codice QR"),
        ("https://a..b/", "is not a valid name", "non è un nome valido"),
    ],
)
def test_what_is_not_a_web_address_is_refused_in_both_languages(
    typed: str, english: str, italian: str
) -> None:
    with pytest.raises(CampaignError) as refusal:
        clean_web_address(typed)
    message, messaggio = str(refusal.value), refusal.value.text("it")
    assert english in message and "like https://saloon.example.org/" in message
    assert italian in messaggio and "come https://saloon.example.org/" in messaggio
    assert "\x1b" not in message + messaggio  # the input is quoted with its escapes shown


def test_a_gang_link_needs_the_campaigns_web_address() -> None:
    campaign = Campaign(name="Città di Tombstone", created_at="2026-12-07T10:00:00Z")
    assert gang_link(campaign, "Earps") is None
    campaign.web_address = "https://example.org/saloon/"
    assert gang_link(campaign, "Banda dei Fratelli Però") == (
        "https://example.org/saloon/c/Citt%C3%A0%20di%20Tombstone/g/"
        "Banda%20dei%20Fratelli%20Per%C3%B2"
    )


@given(
    st.one_of(
        st.text(max_size=80),
        st.builds(
            "{}://{}{}".format,
            st.sampled_from(["http", "https", "HTTPS", "ftp", ""]),
            st.one_of(
                st.text(max_size=30),
                st.from_regex(
                    r"[A-Za-z0-9àÈß-]{1,12}(\.[a-z]{2,6}){0,2}(:[0-9]{1,6})?", fullmatch=True
                ),
            ),
            st.one_of(
                st.text(max_size=60), st.from_regex(r"(/[^?#\s]{0,12}){0,3}", fullmatch=True)
            ),
        ),
    )
)
@example("A://[")  # an unclosed IPv6 host: urlsplit raises ValueError (found by CI)
@example("http://[::1")
@settings(max_examples=300, deadline=None)
def test_any_text_is_a_clean_address_or_refused(typed: str) -> None:
    """Whatever is typed: a ``CampaignError`` (nothing else), or an ASCII address a QR code and
    a gang's path can follow, which cleaning again leaves as it is."""
    try:
        cleaned = clean_web_address(typed)
    except CampaignError as refusal:
        assert refusal.text("it") != str(refusal)
        event("refused")
        return
    event("accepted")
    assert cleaned.isascii() and len(cleaned) <= WEB_ADDRESS_LENGTH
    assert cleaned.startswith(("http://", "https://")) and cleaned.endswith("/")
    assert not set(cleaned) & set(" ?#\\\x00\x7f")
    assert clean_web_address(cleaned) == cleaned
