"""``python -m bot --local`` end to end, in a real browser: the command starts, a person plays
from the page (lobby, a roll, keeping dice, resolving, ending the turn) while AI monsters
play theirs, Ctrl-C stops it, and the next run shows the same game again, at the same address,
in the tab left open. The page is a game's: no developer control, a clock that counts down,
and the question's buttons in view with the board above them, on a desktop and on a phone.

Needs Debian's Chromium and Playwright (``pip install -e '.[screens]'``). Without them the
test is skipped, unless ``KOT_BROWSER_TESTS=required`` (as ``.ci/run`` sets), where it fails.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import itertools
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
MISSING = [name for name, found in (
    ("Debian's chromium", CHROMIUM),
    ("playwright", importlib.util.find_spec("playwright")),
    ("SimCord's preview", importlib.util.find_spec("markdown_it")),
) if not found]
if MISSING and os.environ.get("KOT_BROWSER_TESTS") != "required":
    pytest.skip(f"browser test needs {', '.join(MISSING)}", allow_module_level=True)

from playwright.async_api import Page, async_playwright  # noqa: E402
from playwright.async_api import TimeoutError as PlaywrightTimeout  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
# The README's picture of a game in progress: taken again with KOT_UPDATE_SCREENSHOTS=1.
SCREENSHOT = ROOT / "docs" / "images" / "local-table.png"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"]
# Seconds to wait for something the bot or an AI monster does.
PATIENCE = 60.0
STAY_OR_YIELD = re.compile(r"@You [^\n]*: stay in Tokyo (City|Bay) or yield\?")
# The same question, and its Yield button, in each language of the table.
STAY_OR_YIELD_IN = {"en": (STAY_OR_YIELD, "Yield Tokyo"),
                    "es": (re.compile(r"@Tú [^\n]*: ¿te quedas en [^\n]* o cedes el sitio\?"),
                           "Ceder Tokyo")}
IMAGES_LOADED = "() => Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)"
# The page's own record of the rolls it shows (" rolled: " in its text), each time the count
# grows: as the page changed, not as the test happened to read it (a read of the test's can
# come over a second after the one before, an answer to Stay or Yield in between).
ROLLS_SEEN = r"""() => {
  const count = (words) => (document.body.innerText.match(words) || []).length;
  const rolls = () => count(/ rolled: /g);
  const seen = [rolls()];
  const at = [Date.now()];
  const turnsOver = [count(/ is over\./g)];
  window.kotRollsSeen = seen;
  window.kotRollsSeenAt = at;
  window.kotTurnsOverSeen = turnsOver;
  new MutationObserver(() => {
    const now = rolls();
    if (now > seen[seen.length - 1]) {
      seen.push(now);
      at.push(Date.now());
      turnsOver.push(count(/ is over\./g));
    }
  }).observe(document.body, {childList: true, subtree: true, characterData: true});
}"""
MY_ROLL = r"@You [^\n]*: keep dice and roll again \(2 rolls left\)"
# The AI monsters' pause before each move (seconds): long enough for the page (SimCord reads
# the table every 0.5 s, then draws the move, its board picture in view) to show each move
# on a loaded machine, where 0.6 s sometimes showed two at once (ROLLS_SEEN records them).
AI_PAUSE = 1.0
# Theirs in the tests that do not watch that pace, only wait for the person's turn.
QUICK_AI_PAUSE = 0.2
# The turn clock the test's table gives each turn (seconds).
TURN_SECONDS = 50
# SimCord's developer controls, none of which the table's page shows.
DEVELOPER_CONTROLS = ("Refresh preview", "Capture", "Inspector", "More", "End preview session",
                      "Messages", "Search")
# SimCord's controls on a message (shown on hover) and on a picture: none on the table's page.
MESSAGE_CONTROLS = re.compile(r"^(Download|Reply|Edit|Delete|Pin|Unpin|Open original)\b")
# The conversation: how far its bottom is below what the page shows (px), whether the
# "new messages" pill shows, and how many messages there are.
TIMELINE = """() => { const t = document.getElementById('channel-timeline');
    const pill = document.querySelector('.kot-new-messages');
    return [t.scrollHeight - t.scrollTop - t.clientHeight,
            pill !== null && pill.getClientRects().length > 0 ? pill.textContent : null,
            Array.from(document.querySelectorAll('[data-message-id]'),
                       (m) => BigInt(m.dataset.messageId)).reduce(
                (most, id) => (id > most ? id : most), 0n).toString()]; }"""
# The relative deadlines on the page: their instant (ms), their text, the browser's now (ms).
DEADLINES = """() => [Date.now(), Array.from(document.querySelectorAll('time.discord-timestamp'))
    .map(t => [Date.parse(t.dateTime), t.textContent])]"""


def _hear_ctrl_c() -> None:
    """In the child, before the table starts: SIGINT back to its default. A suite started in
    the background of a non-interactive shell (``cmd &``) ignores SIGINT, its children
    inherit that, and Python keeps an inherited "ignore": the table would never hear the
    test's Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class LocalTable:
    """``python -m bot --local`` running in a child process."""

    def __init__(self, database: Path, port: int, *args: str,
                 ai_pause: float = AI_PAUSE) -> None:
        environment = {**os.environ, "KOT_AI_PAUSE": str(ai_pause),
                       "KOT_TURN_TIMEOUT": str(TURN_SECONDS)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot", "--local", "--no-browser", "--port", str(port),
             "--database", str(database), *args],
            cwd=ROOT, env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, preexec_fn=_hear_ctrl_c)
        self.output: list[str] = []
        self.url = self._address()

    def _address(self) -> str:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.output.append(line)
            found = re.search(r"(http://127\.0\.0\.1:\d+/\S*)", line)
            if found:
                return found.group(1)
        raise AssertionError(f"no address printed: {''.join(self.output)}")

    def interrupt(self) -> tuple[int, str]:
        """Ctrl-C: the exit code and what it printed."""
        self.process.send_signal(signal.SIGINT)
        rest, _ = self.process.communicate(timeout=30)
        return self.process.returncode, "".join(self.output) + rest

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=CHROMIUM,
                                                    args=CHROMIUM_FLAGS)
        yield launched
        await launched.close()


@pytest.fixture
def tables() -> Iterator[list[LocalTable]]:
    started: list[LocalTable] = []
    yield started
    for table in started:
        table.kill()


async def page_text(page: Page) -> str:
    return await page.locator("body").inner_text()


async def until(page: Page, done: Callable[[str], bool], what: str,
                language: str = "en") -> str:
    """Until ``done(page text)``; the page's text. Meanwhile, an AI monster's Smash may ask
    the person to stay in Tokyo or yield: they yield."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        text = await page_text(page)
        if done(text):
            return text
        await yield_if_asked(page, text, language)
        await page.wait_for_timeout(200)
    raise AssertionError(f"the page never showed {what}; it shows:\n{text[-2000:]}")


async def yield_if_asked(page: Page, text: str, language: str = "en") -> None:
    question, answer = STAY_OR_YIELD_IN[language]
    if question.search(text):
        buttons = page.get_by_role("button", name=answer)
        if await buttons.count():
            # (Not while the tab's last click is pending: its buttons wait, disabled.)
            with contextlib.suppress(PlaywrightTimeout):
                await buttons.last.click(timeout=1000)


async def wait_for_text(page: Page, pattern: str) -> str:
    return await until(page, lambda text: re.search(pattern, text) is not None, repr(pattern))


async def click(page: Page, name: str, done: Callable[[str], bool],
                language: str = "en") -> str:
    """Click the newest button named ``name`` (a regex) until ``done(page text)``: a click
    on a page published just before an AI monster's move is refused as stale (SimCord's
    preview does so), and is made again."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        buttons = page.get_by_role("button", name=re.compile(name))
        if await buttons.count():
            await buttons.last.click()
        try:
            return await until(page, done, f"what {name!r} does", language)
        except AssertionError:
            continue
    raise AssertionError(f"clicking {name!r} did nothing:\n{(await page_text(page))[-2000:]}")


async def until_images_load(page: Page) -> None:
    """(Polled from here: the page's content policy forbids Playwright's in-page waiting.)"""
    deadline = time.monotonic() + PATIENCE
    while not await page.evaluate(IMAGES_LOADED):
        assert time.monotonic() < deadline, "the board picture never loaded"
        await page.wait_for_timeout(100)


def shows(pattern: str) -> Callable[[str], bool]:
    return lambda text: re.search(pattern, text) is not None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def assert_no_developer_control(page: Page) -> None:
    for name in DEVELOPER_CONTROLS:
        assert not await page.get_by_role("button", name=name, exact=True).count(), name
    found = page.get_by_role("button", name=MESSAGE_CONTROLS)
    assert not await found.count(), await found.all_inner_texts()
    assert "SimCord" not in await page_text(page)
    assert "Preview" not in await page.title()


async def send(page: Page, message: str, sent: str) -> None:
    """Type ``message`` in the composer and send it, until the page shows ``sent`` (a regex).
    (Sent again while it stays in the composer: a send overlapping a republication of the
    page is refused as stale, as a click is.)"""
    composer = page.locator("#channel-composer-input")
    await composer.fill(message)
    deadline = time.monotonic() + PATIENCE
    while not re.search(sent, await page_text(page)):
        assert time.monotonic() < deadline, f"{message!r} was never sent"
        if await composer.input_value():
            await composer.press("Enter")
        await page.wait_for_timeout(300)


async def assert_jump_links_stay_here(page: Page) -> None:
    """A link to a message (as the bot's out-of-turn pings carry, here typed by the person)
    leads to that message on the page, not to discord.com."""
    lobby = await page.locator("[data-message-id]").first.get_attribute("data-message-id")
    await send(page, f"see https://discord.com/channels/1/2/{lobby}",
               r"see (https://discord\.com/channels/|↑)")
    deadline = time.monotonic() + PATIENCE
    while await page.locator('a[href*="discord.com"]').count():
        assert time.monotonic() < deadline, "a link to discord.com stays on the page"
        await page.wait_for_timeout(100)
    assert await page.locator(f'[data-jump-to="{lobby}"]').inner_text() == "↑ go to the message"


async def seconds_shown(page: Page) -> tuple[float, int]:
    """The newest relative deadline on the page: the seconds left to it by the browser's
    clock, and the seconds its text says ("in 58 seconds")."""
    now, deadlines = await page.evaluate(DEADLINES)
    assert deadlines, "the question shows its deadline"
    instant, shown = deadlines[-1]
    found = re.fullmatch(r"in (\d+) seconds?", shown)
    assert found, f"a deadline within a minute is shown to the second: {shown!r}"
    return (instant - now) / 1000, int(found.group(1))


async def assert_newests_down(page: Page) -> None:
    """The turn's deadline, TURN_SECONDS after the turn began, is shown to the second against
    the browser's clock, and goes on counting down without the page being republished."""
    left, shown = await seconds_shown(page)
    assert 0 < left <= TURN_SECONDS and abs(left - shown) <= 1, (left, shown)
    await page.wait_for_timeout(2100)
    later_left, later_shown = await seconds_shown(page)
    assert abs(later_left - later_shown) <= 1 and later_shown <= shown - 2, (shown, later_shown)


async def test_a_person_plays_a_turn_in_the_browser(browser: Any, tables: list[LocalTable],
                                                     tmp_path: Path) -> None:
    database = tmp_path / "local.sqlite3"
    port = free_port()
    table = LocalTable(database, port, "--ai", "2", "--level", "easy")
    tables.append(table)
    page = await browser.new_page(viewport={"width": 1000, "height": 900})
    await page.goto(table.url)

    text = await wait_for_text(page, r"King of Tokyo — lobby")
    assert text.count("Easy AI") == 2, "the AI monsters asked for are seated"
    # (The lobby's embed names its players; the page would show a raw mention as @name.)
    assert "<@" not in text and "You — monster given at start (host)" in text, \
        "the host by name, not as a raw mention"
    await assert_no_developer_control(page)
    await assert_jump_links_stay_here(page)

    # Start; AI monsters play until it is the person's turn (they answer for themselves).
    await click(page, r"^Start$", shows(r"Turn 1"))
    text = await wait_for_text(page, MY_ROLL)
    turns_over = text.count(" is over.")
    await assert_newests_down(page)

    def turn_over(text: str) -> bool:
        return text.count(" is over.") > turns_over

    def ai_turns_over(text: str) -> bool:  # (the two AI monsters' after the person's)
        return text.count(" is over.") > turns_over + 2

    async def end_my_turn() -> None:
        """Stop rolling; end the turn in the shop if it is offered (with nothing to buy or
        sweep, the turn ends by itself)."""
        text = await click(page, r"^Done rolling$", lambda text: turn_over(text) or re.search(
            r"@You [^\n]*buy cards, sweep, or end the turn\?", text) is not None)
        if not turn_over(text):
            await click(page, r"^End turn$", turn_over)

    # Keep a die, reroll the others, stop, end the turn.
    await click(page, r" keep$", shows(r"release"))
    await click(page, r"^Roll \(\d left\)$", shows(r"\(1 roll left\)"))
    await until_images_load(page)
    update = os.environ.get("KOT_UPDATE_SCREENSHOTS") == "1"
    await page.screenshot(path=str(SCREENSHOT if update else tmp_path / "local-table.png"))
    await end_my_turn()

    # The AI turns that follow unfold on the page one move (one roll) at a time. (The dice are
    # not seeded: two AI turns may show fewer than three moves of one roll, as once in CI; then
    # the person plays another turn and the AI monsters theirs, watched the same way.)
    steps: list[int] = []
    for _round in range(3):
        await page.evaluate(ROLLS_SEEN)
        await until(page, ai_turns_over, "the AI monsters' turns")
        rolls_shown = await page.evaluate("() => window.kotRollsSeen")
        # (When, in ms from the first: if two come at once, how long the page went without.)
        shown_at = await page.evaluate(
            "() => window.kotRollsSeenAt.map((t) => t - window.kotRollsSeenAt[0])")
        turns_over_shown = await page.evaluate("() => window.kotTurnsOverSeen")
        seen = [later - earlier for earlier, later in itertools.pairwise(rolls_shown)]
        ended = [later > earlier for earlier, later in itertools.pairwise(turns_over_shown)]
        # One move a step. A monster's last roll that leaves it nothing to answer (no buy
        # step, no Tokyo question) ends its turn in the same move, and the next monster's
        # first roll is automatic: that one move shows two rolls, with the end of a turn
        # between them.
        assert all(step == 1 or (step == 2 and turn_ended)
                   for step, turn_ended in zip(seen, ended, strict=True)), (
            rolls_shown, turns_over_shown, shown_at)
        steps += seen
        if steps.count(1) >= 3:
            break
        text = await wait_for_text(page, MY_ROLL)
        turns_over = text.count(" is over.")
        await end_my_turn()
    assert steps.count(1) >= 3, steps

    # Ctrl-C stops the table cleanly; the next run on the same file and port has the same
    # address, and the tab left open shows the game again by itself.
    code, printed = table.interrupt()
    assert code == 0, printed
    assert "Stopped" in printed and "Traceback" not in printed
    await wait_for_text(page, r"The table has stopped")
    again = LocalTable(database, port)
    tables.append(again)
    assert again.url == table.url
    text = await until(page, lambda text: "The table has stopped" not in text and re.search(
        r"Turn [2-9]", text) is not None, "the game again in the tab left open")
    assert "opened a King of Tokyo lobby" not in text, "no new lobby over a kept game"


# The live question (the newest message of the channel, not a private answer, with buttons):
# where its buttons and its picture are, against the conversation's visible part and the
# window; whether its picture has loaded; its buttons' labels.
LIVE_QUESTION = """() => { const t = document.getElementById('channel-timeline');
    const box = (e) => { const r = e.getBoundingClientRect();
                         return [r.top, r.bottom, r.left, r.right]; };
    const asked = Array.from(t.querySelectorAll('[data-message-id]')).filter((m) =>
        !m.querySelector(':scope > .message-ephemeral-note')
        && m.querySelector(':scope > .message-components button'));
    const live = asked[asked.length - 1];
    if (!live) return null;
    const picture = live.querySelector(':scope > .message-attachments img');
    return {view: box(t), window: [0, innerHeight, 0, innerWidth],
            buttons: box(live.querySelector(':scope > .message-components')),
            picture: picture ? box(picture) : null,
            loaded: !picture || (picture.complete && picture.naturalWidth > 0),
            labels: Array.from(live.querySelectorAll(':scope > .message-components button'),
                               (b) => b.textContent.trim())}; }"""
# The words of the six-monster test, in each language of the table: the person's roll, a kept
# die, the roll buttons, the buy step's question, a finished turn.
WORDS = {
    "en": {"lobby": r"King of Tokyo — lobby", "start": r"^Start$", "turn": r"Turn 1",
           "roll": MY_ROLL, "keep": r" keep$", "kept": r"release",
           "roll-again": r"^Roll \(\d left\)$", "one-left": r"\(1 roll left\)",
           "done": r"^Done rolling$", "buy": r"@You [^\n]*buy cards, sweep, or end the turn\?",
           "over": " is over."},
    "es": {"lobby": r"King of Tokyo — sala", "start": r"^Empezar$", "turn": r"Turno 1",
           "roll": r"@Tú [^\n]*: ¿guardas dados y vuelves a tirar \(quedan 2 tiradas\)",
           "keep": r" guardar$", "kept": r"soltar", "roll-again": r"^Tirar \(quedan \d\)$",
           "one-left": r"\(queda 1 tirada\)", "done": r"^Dejar de tirar$",
           "buy": r"@Tú [^\n]*¿compras cartas, renuevas las cartas o terminas el turno\?",
           "over": " ha terminado."},
}


def inside(inner: list[float], outer: list[float]) -> bool:
    """One box (top, bottom, left, right) inside another (half a pixel of rounding)."""
    top, bottom, left, right = inner
    return (top >= outer[0] - 0.5 and bottom <= outer[1] + 0.5
            and left >= outer[2] - 0.5 and right <= outer[3] + 0.5)


async def assert_question_in_view(page: Page, what: str) -> None:
    """The live question's buttons, and the picture above them, are in the conversation's
    visible part (and so in the window) once the page has followed the game: the player
    decides without scrolling. (Read until so: the page follows a frame after it draws, and
    the picture loads after the message.)"""
    await page.bring_to_front()  # (a tab out of sight draws no frame: it follows nothing)
    deadline = time.monotonic() + 10
    while True:
        shown = await page.evaluate(LIVE_QUESTION)
        if shown is not None and shown["loaded"] and inside(shown["buttons"], shown["view"]) \
                and inside(shown["view"], shown["window"]) and shown["picture"] is not None \
                and inside(shown["picture"], shown["view"]):
            break
        if shown is not None and shown["loaded"] and shown["picture"] is None \
                and inside(shown["buttons"], shown["view"]):
            break  # (the lobby: no picture)
        assert time.monotonic() < deadline, f"{what}: the question is not in view: {shown}"
        await page.wait_for_timeout(200)
    picture = shown["picture"]
    if picture is not None:
        assert picture[1] <= shown["buttons"][0] + 0.5, f"{what}: the buttons under the picture"
        # The board stays readable: at least 200 px wide, on a phone as on a desktop.
        assert picture[3] - picture[2] >= 200, f"{what}: the picture is too small: {shown}"


@pytest.mark.parametrize("language", ["en", "es"])
async def test_the_questions_buttons_are_in_view_with_the_board(
        browser: Any, tables: list[LocalTable], tmp_path: Path, language: str) -> None:
    """Six monsters (the tallest board) in a desktop window (1280×900) and on a phone
    (400×860): the buttons of each question, and the board's picture above them, are in
    view without scrolling, in the table's language."""
    words = WORDS[language]
    table = LocalTable(tmp_path / "local.sqlite3", free_port(), "--ai", "5", "--lang", language,
                       ai_pause=QUICK_AI_PAUSE)
    tables.append(table)
    desktop = await browser.new_page(viewport={"width": 1280, "height": 900})
    phone = await browser.new_page(viewport={"width": 400, "height": 860})
    tabs = (desktop, phone)
    for tab in tabs:
        await tab.goto(table.url)
        await wait_for_text(tab, words["lobby"])
        await assert_question_in_view(tab, "the lobby")

    async def in_view(pattern: str, what: str) -> str:
        for tab in tabs:
            text = await until(tab, shows(pattern), what, language)
            await assert_question_in_view(tab, what)
        return text

    await click(desktop, words["start"], shows(words["turn"]), language)
    text = await in_view(words["roll"], "the person's first roll")
    turns_over = text.count(words["over"])
    await click(desktop, words["keep"], shows(words["kept"]), language)
    await in_view(words["kept"], "a die kept")
    await click(desktop, words["roll-again"], shows(words["one-left"]), language)
    await in_view(words["one-left"], "the second roll")
    text = await click(desktop, words["done"], lambda text: text.count(words["over"]) > turns_over
                       or re.search(words["buy"], text) is not None, language)
    if re.search(words["buy"], text):
        await in_view(words["buy"], "the buy step")


async def timeline(page: Page) -> tuple[float, str | None, int]:
    """The conversation's distance to its bottom, the pill's words, the newest message shown
    (its id: a count would not grow when an answered ping is deleted as a move comes)."""
    gap, pill, newest = await page.evaluate(TIMELINE)
    return gap, pill, int(newest)


async def until_timeline(page: Page, done: Callable[[float, str | None, int], bool],
                         what: str, answering: Page) -> tuple[float, str | None, int]:
    """Until ``done(timeline(page))``. An AI monster's Smash asking the person to stay in
    Tokyo or yield is answered in the tab ``answering`` (a click in ``page`` would scroll it
    to the question)."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        shown = await timeline(page)
        if done(*shown):
            return shown
        await yield_if_asked(answering, await page_text(answering))
        await page.wait_for_timeout(200)
    raise AssertionError(f"the page never showed {what}: {shown}")


async def test_a_second_tab_and_a_stale_click(
        browser: Any, tables: list[LocalTable], tmp_path: Path) -> None:
    """Two tabs of the same table, in Tokyo's time zone: names, absolute times in the
    browser's zone, no control of SimCord's on a message or a picture, and a click in the tab
    that has not seen the last move."""
    table = LocalTable(tmp_path / "local.sqlite3", free_port(), "--ai", "2",
                       ai_pause=QUICK_AI_PAUSE)
    tables.append(table)
    tabs = await browser.new_context(viewport={"width": 1000, "height": 700},
                                     timezone_id="Asia/Tokyo")
    first, second = await tabs.new_page(), await tabs.new_page()
    for tab in (first, second):
        await tab.goto(table.url)
        await wait_for_text(tab, r"King of Tokyo — lobby")

    # A mention left raw in the page's text (as SimCord leaves one in an embed) reads @name.
    topic = first.locator("#channel-topic")
    await topic.evaluate("""(topic) => { const names = JSON.parse(document.querySelector(
        'meta[name="kot-local-words"]').content).names;
        topic.textContent = `seated: <@${Object.keys(names)[0]}>`; }""")
    await first.wait_for_timeout(500)  # (local.js looks at the page every 0.25 s)
    assert await topic.text_content() == "seated: @You"
    # A date (2026-01-01 00:00 UTC) in the browser's time zone, in the table's language.
    await send(first, "from <t:1767225600:f> to <t:1767225600:t>",
               r"from \w+ \d+, 2026")
    assert "from Jan 1, 2026, 9:00 AM to 9:00 AM" in await page_text(first)

    # The second tab has not read the table since the lobby (a tab in the background, its
    # reads slowed by the browser, here held): its Start is a click on an older view.
    held = asyncio.Event()

    async def hold(route: Any) -> None:
        await held.wait()
        with contextlib.suppress(Exception):  # (the page may have dropped that read)
            await route.continue_()

    await second.route("**/api/state", hold)
    await click(first, r"^Start$", shows(r"Turn 1"))
    await wait_for_text(first, MY_ROLL)
    await second.get_by_role("button", name="Start", exact=True).click()
    held.set()
    await second.unroute("**/api/state")
    # It says so in the page, and shows the live board: the newest message, at the bottom.
    await wait_for_text(second, r"That click was on an older view of the game: nothing was "
                                r"done\. Here is the board as it is now\.")
    await wait_for_text(second, MY_ROLL)
    await until_timeline(second, lambda gap, _pill, _newest: gap <= 2, "the live board", second)
    await until_images_load(second)
    await assert_no_developer_control(second)
    await second.locator("img").last.hover()
    await assert_no_developer_control(second)

    await tabs.close()


async def test_the_page_follows_new_messages_and_says_when_scrolled_up(
        browser: Any, tables: list[LocalTable], tmp_path: Path) -> None:
    """Two tabs of one table: scrolled up, the first stays where it is while the second plays
    and a pill says that new messages came; clicked, it goes down to them and follows."""
    table = LocalTable(tmp_path / "local.sqlite3", free_port(), "--ai", "2")
    tables.append(table)
    tabs = await browser.new_context(viewport={"width": 1000, "height": 700})
    first, second = await tabs.new_page(), await tabs.new_page()
    for tab in (first, second):
        await tab.goto(table.url)
        await wait_for_text(tab, r"King of Tokyo — lobby")
    await click(first, r"^Start$", shows(r"Turn 1"))
    await wait_for_text(first, MY_ROLL)
    await wait_for_text(second, MY_ROLL)

    # Scrolled up, the first tab stays where it is while new messages arrive (the second
    # tab ends the turn), and a pill says so; clicked, it goes down to them.
    await first.bring_to_front()
    await until_timeline(first, lambda gap, _pill, _newest: gap <= 2, "the newest message",
                         second)
    await first.mouse.move(500, 300)
    await first.mouse.wheel(0, -2000)
    await until_timeline(first, lambda gap, _pill, _newest: gap > 300,
                         "the conversation scrolled up", second)
    turns_over = (await page_text(second)).count(" is over.")

    def turn_over(text: str) -> bool:
        return text.count(" is over.") > turns_over

    def ai_turns_over(text: str) -> bool:  # (the two AI monsters' after the person's)
        return text.count(" is over.") > turns_over + 2

    text = await click(second, r"^Done rolling$", lambda text: turn_over(text) or re.search(
        r"@You [^\n]*buy cards, sweep, or end the turn\?", text) is not None)
    if not turn_over(text):
        await click(second, r"^End turn$", turn_over)
    # The player looks at the first tab again: a tab out of sight draws no frame (Chromium
    # pauses its animation frames), so it follows nothing until it is shown.
    await first.bring_to_front()
    gap, pill, _ = await until_timeline(first, lambda _gap, pill, _newest: pill is not None,
                                        "the new messages pill", second)
    assert pill == "New messages ↓" and gap > 300, (pill, gap)
    await first.locator(".kot-new-messages").click()
    _, _, newest = await until_timeline(first, lambda gap, pill, _newest: gap <= 2
                                        and pill is None, "the newest message", second)
    # At the bottom, it follows: the AI turns' messages come into view as they arrive.
    await until_timeline(first, lambda gap, _pill, shown: shown > newest and gap <= 2,
                         "the next message followed", second)
    await tabs.close()
