"""Activation cards (issue #13): one poker-size card per model, nine to an A4 page, for the
book's initiative (§1.8: "ad ogni miniatura viene associata una carta da gioco", each round both
players lay one face down and turn them together).

The card is decided before any layout (``printing.card_front``, with the text measured by
``printing.card_text``); the template then only places what was decided, at the measures of
``printing.card_layout``; ``tests/printing/layout_checks.py`` proves that nothing spills out.
This module puts a gang's cards on pages (``cards_view``) and renders the sheet.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from skirmish.campaign import views
from skirmish.campaign.links import gang_link
from skirmish.errors import CampaignError
from skirmish.i18n import Lang, name
from skirmish.printing.card_front import WORDS, blank_front, card_word, check_blank, front
from skirmish.printing.card_layout import (
    BACK_COLOUR,
    BACK_TEXT_WIDTH,
    GEOMETRY,
    NAME_SIZES,
    NO_QR,
    PER_PAGE,
    PROFILE_SIZES,
    QR_SIZE,
    SUIT_COLOURS,
    CardBack,
    CardFront,
    CardPage,
    CardsView,
    back_slot,
    cut_marks,
    slot,
)
from skirmish.printing.card_text import fit_line
from skirmish.printing.members import by_rank, member_view
from skirmish.printing.qr import qr_svg
from skirmish.printing.render import _render
from skirmish.printing.sheets import chosen_members
from skirmish.rules import find_faction
from skirmish.translation import Message

if TYPE_CHECKING:
    from skirmish.campaign.models import Campaign, Gang


def _pages(fronts: Sequence[CardFront], back: CardBack | None) -> tuple[CardPage, ...]:
    pages: list[CardPage] = []
    for start in range(0, len(fronts), PER_PAGE):
        placed = tuple((slot(i), card) for i, card in enumerate(fronts[start : start + PER_PAGE]))
        pages.append(CardPage(fronts=placed))
        if back is not None:
            pages.append(CardPage(backs=tuple(back_slot(s) for s, _ in placed), back=back))
    return tuple(pages)


def cards_view(
    gang: Mapping[str, Any] | None,
    lang: Lang | str = Lang.IT,
    *,
    blank: int = 0,
    back: bool = False,
    link: str | None = None,
    only: Collection[str] | None = None,
) -> CardsView:
    """The activation cards of ``gang`` (the store's ``gang show --json`` dict), leader first,
    then heroes, then commons (``build.by_rank``), followed by ``blank`` empty cards; without a
    gang, ``blank`` empty cards alone. ``back``: a page of backs after each page of fronts.
    ``link``: the gang's page on the campaign's public site, as a QR code on every card.
    ``only``: the names of the models to print (a card reprinted after a game), each keeping
    the index it has among the whole gang's cards."""
    check_blank(blank, with_gang=gang is not None)
    fronts: list[CardFront] = []
    gang_name = faction_name = ""
    if gang is not None:
        faction = find_faction(str(gang["faction"]))
        gang_name, faction_name = str(gang["name"]), name(faction, lang)
        qr = _qr(link, gang_name, lang) if link else NO_QR
        members = by_rank(list(gang.get("members", ())), faction.id)
        for position, member in enumerate(members):
            if only is not None and str(member["name"]) not in only:
                continue
            view = member_view(member, lang, faction.id)
            fronts.append(front(view, position, gang_name, lang, qr=qr))
    fronts += [blank_front(gang_name, lang) for _ in range(blank)]
    card_back = CardBack(
        title=card_word("game", lang),
        gang=fit_line(gang_name, BACK_TEXT_WIDTH, NAME_SIZES, bold=True, clip=True),
        faction=fit_line(faction_name, BACK_TEXT_WIDTH, PROFILE_SIZES),
    )
    title = card_word("doc_cards", lang) + (f": {gang_name}" if gang_name else "")
    return CardsView(title, _pages(fronts, card_back if back else None), len(fronts))


def _qr(link: str, gang: str, lang: Lang | str) -> Markup:
    return qr_svg(link, size_mm=QR_SIZE, title=card_word("qr", lang, gang=gang))


def cards_sheet(
    campaign: Campaign,
    gang: Gang,
    lang: Lang | str,
    *,
    models: Sequence[str] | None = None,
    blank: int = 0,
    back: bool = False,
) -> CardsView:
    """The cards of ``gang`` (of ``campaign``, read in the caller's unit of work), with a QR
    code to its page when the campaign has a web address: what ``skirmish print cards`` and
    the web app's download print, the same cards. ``models``: only these (names as stored,
    case and accents aside; an unknown one is refused with the nearest, a dead one because
    the dead are not activated, R-10)."""
    check_blank(blank, with_gang=True)
    only: set[str] | None = None
    if models is not None:
        living, dead = chosen_members(gang, models)
        if dead:
            names = ", ".join(repr(m.name) for m in dead)
            raise CampaignError(
                Message(
                    "{names}: the dead (R-10) have no activation card; leave them out of --models.",
                    names=names,
                )
            )
        only = {m.name for m in living}
    link = gang_link(campaign, gang.name)
    data = views.gang_data(gang, lang)
    return cards_view(data, lang, blank=blank, back=back, link=link, only=only)


def render_cards(cards: CardsView, lang: Lang | str = Lang.IT, *, inline_css: bool = True) -> str:
    """The sheet of cards as HTML (``inline_css=False``: without the stylesheet, for
    ``write_pdf_sheets`` or ``pdf.Press``, which bring it parsed)."""
    return _render(
        "cards.html",
        lang,
        inline_css=inline_css,
        cards=cards,
        g=GEOMETRY,
        marks=cut_marks(),
        w=WORDS[str(lang)] if str(lang) in WORDS else WORDS["en"],
        suit_colours=SUIT_COLOURS,
        back_colour=BACK_COLOUR,
    )
