"""What every browser test asks of every page it reaches: it is one page (one header, one
footer), it fits a phone (no sideways scrolling), every control has a name a screen reader
reads; and its screenshot, to look at, when asked (``SKIRMISH_SCREENSHOTS``) or when a test
fails."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

#: The phone the tests hold: an iPhone 12-15 sized screen, CSS pixels, at twice the density.
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}

#: The browser's language per page language: Accept-Language follows it.
LOCALES = {"it": "it-IT", "en": "en-GB"}

#: Thumb-sized: Apple's and Material's smallest comfortable tap target, in CSS pixels.
THUMB = 44

_OVERFLOW = """
(width) => {
  const clipped = (el) => {
    for (let up = el.parentElement; up && up !== document.documentElement; up = up.parentElement) {
      const o = getComputedStyle(up).overflowX;
      if (o !== "visible") return true;
    }
    return false;
  };
  const describe = (el) => {
    let name = el.tagName.toLowerCase();
    if (el.id) name += "#" + el.id;
    if (el.classList.length) name += "." + [...el.classList].join(".");
    const text = (el.innerText || el.value || "").trim().replace(/\\s+/g, " ").slice(0, 60);
    return text ? `${name} "${text}"` : name;
  };
  const out = [];
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    if ((r.right > width + 0.5 || r.left < -0.5) && !clipped(el)) {
      let depth = 0;
      for (let up = el; up; up = up.parentElement) depth++;
      out.push({what: describe(el), right: Math.round(r.right), left: Math.round(r.left),
                width: Math.round(r.width), depth});
    }
  }
  out.sort((a, b) => (b.right - a.right) || (b.depth - a.depth));
  const root = document.documentElement;
  return {scroll: root.scrollWidth, layout: root.clientWidth, inner: window.innerWidth,
          offenders: out};
}
"""


def assert_fits(page: Any) -> None:
    """The page never scrolls sideways at the phone's width; the message names the widest
    element that sticks out (the one to fix), and how many do.

    The bound is the phone's width, not ``window.innerWidth`` alone: a mobile browser widens
    its visual viewport (zooms out) to show a page that overflows, so on such a page
    ``innerWidth`` grows with the content and would hide the fault."""
    expected = page.viewport_size["width"]
    found = page.evaluate(_OVERFLOW, expected)
    where = page.url
    assert found["layout"] == expected, (
        f"{where}: the layout is {found['layout']} px wide on a {expected} px phone "
        "(no <meta name=viewport content='width=device-width'>?)"
    )
    if max(found["scroll"], found["inner"]) <= expected and not found["offenders"]:
        return
    offenders = found["offenders"]
    widest = offenders[0] if offenders else None
    detail = (
        f"widest: {widest['what']} spans {widest['left']}..{widest['right']} px"
        f" ({len(offenders)} elements stick out)"
        if widest
        else "no single element found sticking out"
    )
    raise AssertionError(
        f"{where} scrolls sideways: {found['scroll']} px of content on a {expected} px phone; "
        + detail
    )


_TARGETS = """
(thumb) => {
  const shown = (el) => {
    if (!el.getClientRects().length) return false;
    const s = getComputedStyle(el);
    return s.visibility !== "hidden" && s.display !== "none";
  };
  const text = (el) => (el.innerText || el.textContent || "").trim();
  const byIds = (el) => (el.getAttribute("aria-labelledby") || "").split(/\\s+/)
      .map((id) => document.getElementById(id)).filter(Boolean).map(text).join(" ").trim();
  // words, not only signs: "✕" or "›" alone says nothing to a screen reader
  const words = (said) => /[\\p{L}\\p{N}]/u.test(said);
  const named = (el) => {
    if ((el.getAttribute("aria-label") || "").trim()) return true;
    if (byIds(el)) return true;
    const tag = el.tagName.toLowerCase();
    if (tag === "button" || tag === "a" || tag === "summary") {
      return words(text(el)) || !!el.querySelector("img[alt]:not([alt=''])");
    }
    if (tag === "input" && ["submit", "button", "reset"].includes(el.type)) {
      return words(el.value.trim());
    }
    return [...(el.labels || [])].some((label) => words(text(label)));
  };
  const describe = (el) => {
    const tag = el.tagName.toLowerCase();
    const bits = [tag];
    for (const a of ["type", "name", "id", "href", "for"]) {
      if (el.getAttribute(a)) bits.push(`${a}=${el.getAttribute(a)}`);
    }
    const said = text(el).replace(/\\s+/g, " ").slice(0, 30);
    if (said && (tag === "a" || tag === "button" || tag === "summary" || tag === "label")) {
      bits.push(`"${said}"`);
    }
    return bits.join(" ");
  };
  const ticks = (el) => el.tagName === "INPUT" && ["checkbox", "radio"].includes(el.type);
  const controls = document.querySelectorAll(
    "input:not([type=hidden]), select, textarea, button, a[href], summary, label[for]");
  const unnamed = [], small = [];
  let smallest = null;
  for (const el of controls) {
    if (!shown(el)) continue;
    const tag = el.tagName.toLowerCase();
    if (tag === "label") {  // a label is a target when it ticks its box (measured below)
      const box = document.getElementById(el.htmlFor);
      if (!box || !ticks(box)) continue;
    } else if (!named(el)) {
      unnamed.push(describe(el));
    }
    let r = el.getBoundingClientRect();
    if (ticks(el)) {  // a small box is fine when its label is the target: tapping it ticks it
      const labels = [...(el.labels || [])].map((l) => l.getBoundingClientRect());
      r = [r, ...labels].reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
    }
    const size = {what: describe(el), width: Math.round(r.width), height: Math.round(r.height)};
    const least = (one) => Math.min(one.width, one.height);
    if (!smallest || least(size) < least(smallest)) smallest = size;
    if (r.width < thumb - 0.5 || r.height < thumb - 0.5) {
      small.push(`${size.what} (${size.width}×${size.height} px)`);
    }
  }
  return {unnamed, small, smallest};
}
"""


def tap_targets(page: Any) -> dict[str, Any]:
    """The page's visible controls without a name, those smaller than a thumb (44×44 CSS px,
    WCAG 2.5.5), and the smallest of all (``{"what", "width", "height"}``, or ``None``)."""
    found: dict[str, Any] = page.evaluate(_TARGETS, THUMB)
    return found


def assert_labelled(page: Any) -> None:
    """Every visible control has a name a screen reader reads: an input, select and textarea a
    <label for>, a wrapping <label>, aria-label or aria-labelledby; a button, link and summary
    its words (not only signs such as "✕") or aria-label. And every control is a thumb's
    target, at least 44×44 CSS px (WCAG 2.5.5): links, buttons, inputs, selects, summaries,
    and the label that ticks a checkbox or a radio button (the box may be smaller). No link is
    let off as "inline" (WCAG's exception for a link in a sentence): the site's style makes
    every link a thumb's target, in the log's sentences too."""
    found = tap_targets(page)
    assert not found["unnamed"], f"{page.url}: controls with no name: {found['unnamed']}"
    assert not found["small"], f"{page.url}: controls smaller than a thumb: {found['small']}"


def assert_one_page(page: Any) -> None:
    """The page holds exactly one page: one header, one main, one footer (issue #20: a link
    of a panel once pasted the whole page it led to inside the live page)."""
    counts = page.evaluate(
        "() => ({header: document.querySelectorAll('header.top').length,"
        " main: document.querySelectorAll('main').length,"
        " footer: document.querySelectorAll('footer').length})"
    )
    assert counts == {"header": 1, "main": 1, "footer": 1}, f"{page.url}: {counts}"


#: Where every page's picture goes, when set (``make screenshots``: the README's pictures).
SHOTS_ENV = "SKIRMISH_SCREENSHOTS"


def shot(page: Any, name: str, folder: Path, full_page: bool = True) -> Path | None:
    """With ``SKIRMISH_SCREENSHOTS`` set (``make screenshots``), a PNG in ``folder`` (the test's
    tmp dir) and its copy in the folder it names: the whole page at one pixel per CSS pixel
    (to look at), or the phone's screen as the phone shows it, at its density (for the README).
    Otherwise nothing (issue #23): a picture cost chromium as much processor time as loading
    the page, some 300 of them a run, and no test reads one; a failing test's pages are
    photographed when it fails instead (``photograph_on_failure``, conftest.py)."""
    wanted = os.environ.get(SHOTS_ENV)
    if not wanted:
        return None
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page, scale="css" if full_page else "device")
    Path(wanted).mkdir(parents=True, exist_ok=True)
    shutil.copyfile(path, Path(wanted) / path.name)
    return path


def photograph(page: Any, name: str, folder: Path) -> Path:
    """The whole page as it is now, in ``folder``, whatever the environment says (a failing
    test's pages)."""
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True, scale="css")
    return path


def check(page: Any, name: str, folder: Path) -> Path | None:
    """The three checks of every page a browser test reaches, in the order a failure is
    easiest to read; the page's picture with ``SKIRMISH_SCREENSHOTS`` (a failing page is
    photographed when its test fails)."""
    path = shot(page, name, folder)
    assert_one_page(page)
    assert_fits(page)
    assert_labelled(page)
    return path
