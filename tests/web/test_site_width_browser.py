"""No page of the site is wider than a phone (issue 44): every page a signed-in player can
reach by following the site's own links from the home page — with a finished game of each
kind, so that score sheets, replays, analyses and profiles are among them — is opened at
390×844 in English and in German (its long compounds) and must not scroll sideways."""

from __future__ import annotations

import random
import re
from urllib.parse import urldefrag, urlsplit

from board_play import builder_move
from play import register
from playwright.sync_api import Browser, Page

PHONE = {"width": 390, "height": 844}
#: The most pages opened per language: each kind of page once (ids folded, see _kind).
MOST = 70
#: Links that act rather than show (they are forms elsewhere) or leave the site's pages.
SKIPPED = re.compile(r"^/(api|lang|logout|static|events|unsubscribe)\b|/stream\b|\.(png|svg|js)$")

_LINKS = """() => [...document.querySelectorAll('a[href]:not([download])')]
  .map(a => a.getAttribute('href')).filter(h => h.startsWith('/') && !h.startsWith('//'))"""


def _kind(path: str) -> str:
    """One page of each kind: numbers and names of players folded (each game's own pages
    are opened: a card game's and a board game's differ)."""
    path = re.sub(r"=\d+", "=<n>", path)
    return re.sub(r"^/players/[^/?]+", "/players/<name>", path)


def _finish(page: Page, base: str, game: str, opponents: list[str]) -> None:
    """A practice game of ``game`` played to its end through the API."""
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "carson_csrf")
    headers = {"X-CSRF-Token": csrf}
    made = page.request.post(
        f"{base}/api/games", data={"game": game, "seats": ["human", *opponents]},
        headers=headers,
    )  # fmt: skip
    assert made.ok, made.text()
    game_id = made.json()["id"]
    rng = random.Random(1)
    while True:
        view = page.request.get(f"{base}/api/games/{game_id}").json()
        if view["status"] == "over":
            return
        legal = view["legal_actions"]
        if not legal:
            page.wait_for_timeout(50)
            continue
        kind = view["view"].get("decision", {}).get("kind", "") if game == "board" else ""
        action = builder_move(kind, legal, view["view"], rng) if kind else rng.choice(legal)
        page.request.post(
            f"{base}/api/games/{game_id}/actions",
            data={"seq": view["seq"], "action": action}, headers=headers,
        )  # fmt: skip


#: The header's links and buttons not wholly inside the screen.
_CUT_OFF = """() => Array.from(document.querySelectorAll('header.top a, header.top button'))
  .filter(el => { const box = el.getBoundingClientRect();
                  return box.width > 0 && (box.left < 0 || box.right > window.innerWidth); })
  .map(el => el.textContent.trim())"""


def test_no_page_is_wider_than_a_phone(browser: Browser, base_url: str) -> None:
    player = browser.new_context(viewport=PHONE).new_page()
    register(player, base_url, "narrowwalker")
    _finish(player, base_url, "card", ["ai-easy"] * 3)
    _finish(player, base_url, "board", ["greedy"] * 2)
    problems: list[str] = []
    for lang in ("en", "de"):
        context = browser.new_context(viewport=PHONE)
        context.add_cookies(player.context.cookies())
        context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
        page = context.new_page()
        queue, seen, opened = ["/"], {_kind("/")}, 0
        while queue and opened < MOST:
            path = queue.pop(0)
            answer = page.goto(base_url + path)
            opened += 1
            if (
                answer is None
                or answer.status >= 400
                or urlsplit(page.url).netloc != urlsplit(base_url).netloc
            ):
                continue
            wide = page.evaluate("document.documentElement.scrollWidth")
            if wide > PHONE["width"]:
                problems.append(f"{path} in {lang}: {wide} px wide")
            for cut in page.evaluate(_CUT_OFF):  # a header link out of sight: out of reach
                problems.append(f"{path} in {lang}: the header's {cut!r} is cut off")
            for link in page.evaluate(_LINKS):
                link = urldefrag(link)[0]
                if link and not SKIPPED.search(link) and _kind(link) not in seen:
                    seen.add(_kind(link))
                    queue.append(link)
        assert opened >= 15, f"only {opened} pages reached in {lang}: {sorted(seen)}"
        context.close()
    assert not problems, "\n".join(problems)
