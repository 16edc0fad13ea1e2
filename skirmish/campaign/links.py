"""The addresses of the club's web app (issues #11, #13), declared once.

The web app's pages of a campaign, a gang and a model live at ``/c/NAME``, ``/c/NAME/g/GANG``
and ``/c/NAME/g/GANG/m/MODEL``, each name percent-quoted whole (``safe=""``: a ``/`` or a ``?``
in a name is part of it). ``skirmish.web.site`` builds its links with these functions, and the
printed sheets' QR codes (``printing.qr``) point at ``gang_link``: the campaign's web address
(``Campaign.web_address``, set by ``campaign address`` or the campaign's settings page) followed
by the gang's path. An invitation's link (``join_link``) is absolute there too.

A web address is what a phone opens: ``http`` or ``https``, a host, an optional port and path,
no user name or password, no query or fragment, at most ``limits.WEB_ADDRESS_LENGTH``
characters. ``clean_web_address`` normalises it: scheme and host in lower case (an
internationalised host in its ASCII form), the path percent-encoded where it must be, and a
``/`` at its end, so a gang's path is appended to it as to a folder: the app may be served
under a sub-path by a proxy (``https://example.org/saloon/``).
"""

from __future__ import annotations

import ipaddress
import re
from functools import lru_cache
from typing import TYPE_CHECKING
from urllib.parse import quote, urlsplit, urlunsplit

from skirmish.errors import CampaignError
from skirmish.limits import WEB_ADDRESS_LENGTH, bad_character, shown
from skirmish.translation import Message

if TYPE_CHECKING:
    from skirmish.campaign.models import Campaign

#: What a valid address looks like, for the errors.
EXAMPLE = "https://saloon.example.org/"
_SCHEMES = ("http", "https")
#: Characters a path keeps as they are (RFC 3986's pchar and "/"; "%" keeps escapes as given).
_PATH_SAFE = "/%:@!$&'()*+,;=-._~"


def _path(*parts: str) -> str:
    return "/" + "/".join(map(_quoted, parts))


@lru_cache(maxsize=4096)
def _quoted(part: str) -> str:
    """A name percent-quoted whole, kept: a page links the same gangs on every row (issue #23)."""
    return quote(part, safe="")


def campaign_path(campaign_name: str) -> str:
    """The path of a campaign's page: ``/c/NAME``."""
    return _path("c", campaign_name)


def gang_path(campaign_name: str, gang_name: str) -> str:
    """The path of a gang's page: ``/c/NAME/g/GANG``."""
    return _path("c", campaign_name, "g", gang_name)


def model_path(campaign_name: str, gang_name: str, model_name: str) -> str:
    """The path of a model's page: ``/c/NAME/g/GANG/m/MODEL``."""
    return _path("c", campaign_name, "g", gang_name, "m", model_name)


def join_path(token: str) -> str:
    """The path of an invitation's link: ``/join/TOKEN``."""
    return _path("join", token)


def join_link(campaign: Campaign, token: str) -> str:
    """An invitation's link: absolute under the campaign's web address once it is set (issue
    #22: what a phone opens from a message or a QR code), else its path."""
    if not campaign.web_address:
        return join_path(token)
    return absolute(campaign.web_address, join_path(token))


def absolute(web_address: str, path: str) -> str:
    """``path`` (one of the paths above) under ``web_address`` (ending in ``/``)."""
    return web_address + path.removeprefix("/")


def gang_link(campaign: Campaign, gang_name: str) -> str | None:
    """The absolute URL of the gang's page on the club's web app, or ``None`` when the campaign
    has no web address."""
    if not campaign.web_address:
        return None
    return absolute(campaign.web_address, gang_path(campaign.name, gang_name))


def _invalid(address: str, why: Message) -> CampaignError:
    return CampaignError(
        Message(
            "{address} is not a web address skirmish can print: {why}. Give the "
            "address at which the club opens {on_command_line_skirmish_serve}, "
            "like {example}",
            address=shown(address),
            example=EXAMPLE,
            why=why,
            on_command_line_skirmish_serve=Message("⟪'skirmish serve'¦this web app⟫"),
        )
    )


_LABEL = re.compile(r"(?!-)[a-z0-9-]{1,63}(?<!-)")


def _host(address: str, host: str) -> str:
    """``host`` as a QR code carries it: an IP address as it is (IPv6 in brackets), a name in
    lower case and its ASCII form (IDNA), each label a valid one."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        pass
    else:
        return f"[{ip.compressed}]" if ip.version == 6 else ip.compressed
    try:
        name = host.encode("idna").decode("ascii").lower()
    except UnicodeError:
        name = ""
    if not all(_LABEL.fullmatch(label) for label in name.removesuffix(".").split(".")):
        raise _invalid(
            address,
            Message("its host {host} is not a valid name", host=shown(host)),
        )
    return name


def clean_web_address(address: str) -> str:
    """``address`` checked and normalised (see the module's docs), or a ``CampaignError`` in
    both languages saying what a valid address looks like."""
    text = address.strip()
    if not text:
        raise _invalid(address, Message("it is empty"))
    if len(text) > WEB_ADDRESS_LENGTH:
        raise _invalid(
            address,
            Message("it is longer than {length} characters", length=WEB_ADDRESS_LENGTH),
        )
    if bad_character(text) is not None or any(c.isspace() for c in text):
        raise _invalid(address, Message("it holds spaces or control characters"))
    try:
        parts = urlsplit(text)  # "http://[" is refused here (an unclosed IPv6 host)
    except ValueError:
        raise _invalid(
            address, Message("it cannot be read as a web address (an unclosed [ of an IPv6 host?)")
        ) from None
    scheme = parts.scheme.lower()
    if scheme not in _SCHEMES:
        raise _invalid(address, Message("it must start with https:// or http://"))
    if parts.username is not None or parts.password is not None:
        raise _invalid(
            address,
            Message("it must not hold a user name or password (they would be printed on paper)"),
        )
    if "?" in text or "#" in text:
        raise _invalid(address, Message("it must not have a query (?…) or a fragment (#…)"))
    host = parts.hostname
    if not host:
        raise _invalid(address, Message("it names no host"))
    try:
        port = parts.port
    except ValueError:
        raise _invalid(address, Message("its port is not a number from 0 to 65535")) from None
    netloc = _host(address, host)
    if port is not None:
        netloc += f":{port}"
    path = quote(parts.path, safe=_PATH_SAFE)
    if not path.endswith("/"):
        path += "/"
    cleaned = urlunsplit((scheme, netloc, path, "", ""))
    if len(cleaned) > WEB_ADDRESS_LENGTH:
        raise _invalid(
            address,
            Message(
                "written out for a QR code it is longer than {length} characters",
                length=WEB_ADDRESS_LENGTH,
            ),
        )
    return cleaned
