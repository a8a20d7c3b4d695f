"""The local table's page: SimCord's preview, served as a King of Tokyo table.

SimCord's preview page is a developer's tool (a toolbar to refresh, capture and inspect the
preview, a menu that ends its session). ``LocalPageServer`` serves the same page and the same
API over the same bot, with changes made where the page is served, not in SimCord:

- ``index.html`` speaks the table's language and loads ``local.css`` (which hides the
  developer's controls) and ``local.js`` (which counts the question's deadlines down against
  the wall clock, says what a refused click means, and brings a tab back after a restart);
- ``text.js`` renders a relative time (``<t:…:R>``) against the browser's clock, not the time
  the page was last published, and marks it for ``local.js`` to keep counting;
- ``presentation.js`` shows dates and times in the browser's time zone, not UTC;
- ``messages.js`` says "used /kot" and "(edited)" in the table's language, and
  ``composer.js`` its Send button;
- the page's token comes from a file beside the database, so its address stays the same;
- a mention in an embed's description or field (``/kot games``' ``<#channel>``) is shown by
  its name, as Discord shows it, not as raw text (``mentions_shown_in_embeds``).

Each change replaces a piece of SimCord's files (3.2.1, pinned) and fails at start-up, rather
than silently, when a new SimCord no longer has that piece.
"""

from __future__ import annotations

import contextlib
import html
import json
import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import simcord.preview
from simcord.preview._server import PreviewServer

from bot.i18n import text

HERE = Path(__file__).parent
SIMCORD_STATIC = Path(simcord.preview.__file__ or "").with_name("static")
# A token is 32 random bytes in base64url (as SimCord makes them): 43 characters.
TOKEN_LENGTH = 43


class PageError(Exception):
    """SimCord's page is not the one this module knows how to serve (another version)."""


def replaced(source: str, changes: list[tuple[str, str]], where: str) -> str:
    for old, new in changes:
        if old not in source:
            raise PageError(f"SimCord's {where} has changed (no {old!r}): "
                            "the local table needs SimCord 3.2.1")
        source = source.replace(old, new)
    return source


def page_words(language: str) -> dict[str, str]:
    """The page's own words (``local.ftl``), for ``local.js``."""
    return {key: text(language, f"local-{key}")
            for key in ("composer", "offline", "refused", "jump", "new-messages")}


def names_by_id(viewers: Any) -> dict[str, str]:
    """Each local player's name by user id, for ``local.js`` to show a mention SimCord leaves
    raw (``<@id>`` in an embed) as Discord shows it: ``@name``."""
    return {str(viewer.id): viewer.user.global_name or viewer.name for viewer in viewers}


def index_page(language: str, locale: str, names: dict[str, str]) -> str:
    words = html.escape(json.dumps({**page_words(language), "names": names}), quote=True)
    title = html.escape(text(language, "local-title"))
    viewing_as = html.escape(text(language, "local-viewing-as"))
    return replaced((SIMCORD_STATIC / "index.html").read_text(encoding="utf-8"), [
        ('<html lang="en">', f'<html lang="{locale}">'),
        ("<title>SimCord Preview</title>", f"<title>{title}</title>"),
        ('<link rel="stylesheet" href="/preview.css">',
         '<link rel="stylesheet" href="/preview.css">\n'
         '    <link rel="stylesheet" href="/local.css">\n'
         f'    <meta name="kot-local-words" content="{words}">\n'
         '    <script src="/local.js"></script>'),
        ("<strong>SimCord</strong><small>Preview</small>", f"<strong>{title}</strong>"),
        ("Viewing as\n", f"{viewing_as}\n"),
        ('aria-label="Viewing as"', f'aria-label="{viewing_as}"'),
        ('for="channel-composer-input">Message</label>',
         f'for="channel-composer-input">{html.escape(text(language, "local-message"))}</label>'),
    ], "index.html")


def composer_script(language: str) -> str:
    """The composer's Send button named in the table's language."""
    send = text(language, "local-send")
    return replaced((SIMCORD_STATIC / "composer.js").read_text(encoding="utf-8"), [
        ('state.editTargetId ? "Save" : "Send";',
         f'state.editTargetId ? "Save" : {json.dumps(send)};'),
        ("sendButton.title = `${sendLabel} message (Enter)`;",
         "sendButton.title = `${sendLabel} (Enter)`;"),
    ], "composer.js")


def text_script() -> str:
    return replaced((SIMCORD_STATIC / "text.js").read_text(encoding="utf-8"), [
        # The relative time against the browser's clock, which the table's clock follows.
        ("new Date(options.presentationTime || 0)", "new Date()"),
        ('const time = node("time", "discord-timestamp", rendered);',
         'const time = node("time", style === "R" ? "discord-timestamp relative-time"'
         ' : "discord-timestamp", rendered);'),
    ], "text.js")


def messages_script(language: str) -> str:
    """SimCord's words on a message in the table's language: "You used /kot", "(edited)".
    The local player is named with a pronoun ("You", "Tú"), whose verb agrees with it
    ("Tú usaste", not "Tú usó")."""
    used, used_by_you, edited, you = (text(language, f"local-{key}")
                                      for key in ("used", "used-by-you", "edited", "you"))
    by_whom = (f"(invoker === {json.dumps(you)} ? {json.dumps(f' {used_by_you} ')}"
               f" : {json.dumps(f' {used} ')})")
    return replaced((SIMCORD_STATIC / "messages.js").read_text(encoding="utf-8"), [
        ('invoker ? `${invoker} used ` : "Used "',
         f'invoker ? invoker + {by_whom} : {json.dumps(used.capitalize() + " ")}'),
        ('" (edited)"', json.dumps(f" ({edited})")),
        ('"(edited)"', json.dumps(f"({edited})")),
    ], "messages.js")


def presentation_script() -> str:
    return replaced((SIMCORD_STATIC / "presentation.js").read_text(encoding="utf-8"), [
        # Dates and times in the browser's time zone (the preview's is UTC), in the table's
        # language (the preview's locale).
        ('timezone: configured.timezone || state.profile.timezone || "UTC",',
         "timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,"),
    ], "presentation.js")


def page_token(database: Path) -> str:
    """The page's token, kept beside the database (readable by its owner only): the same table
    keeps the same address across restarts."""
    path = database.with_name(database.name + ".page")
    try:
        token = path.read_text(encoding="ascii").strip()
    except (FileNotFoundError, UnicodeDecodeError):
        token = ""
    if len(token) != TOKEN_LENGTH:
        token = secrets.token_urlsafe(32)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as file:
            file.write(token + "\n")
    return token


class LocalPageServer(PreviewServer):
    """SimCord's page server with the table's page (see the module's docstring)."""

    _STATIC_FILES: ClassVar[dict[str, str]] = {
        **PreviewServer._STATIC_FILES, "/local.css": "local.css", "/local.js": "local.js",
        "/local-run.txt": "local-run.txt"}
    _STATIC_CONTENT_TYPES: ClassVar[dict[str, str]] = {
        **PreviewServer._STATIC_CONTENT_TYPES, "local.css": "text/css",
        "local-run.txt": "text/plain"}

    def __init__(self, preview: Any, port: int, language: str) -> None:
        super().__init__(preview, port)
        # Made once, at start-up: a SimCord that no longer fits fails there.
        self.served = {"index.html": index_page(language, preview.locale,
                                                names_by_id(preview.viewers)),
                       "text.js": text_script(),
                       "presentation.js": presentation_script(),
                       "messages.js": messages_script(language),
                       "composer.js": composer_script(language),
                       "local.css": (HERE / "local.css").read_text(encoding="utf-8"),
                       "local.js": (HERE / "local.js").read_text(encoding="utf-8"),
                       # Which run of the table this is: a tab reloads when it changes.
                       "local-run.txt": secrets.token_urlsafe(8)}

    async def _static(self, request: Any) -> Any:
        from aiohttp import web

        filename = self._STATIC_FILES.get(request.path)
        if filename not in self.served:
            return await super()._static(request)
        if request.headers.get("Host", "") not in self._allowed_hosts():
            raise web.HTTPForbidden()
        content_type = self._STATIC_CONTENT_TYPES.get(filename, "application/javascript")
        return web.Response(text=self.served[filename], content_type=content_type,
                            headers=self._SECURITY_HEADERS)


# The fields of an embed where Discord shows a mention as a name (a channel's, a role's, a
# member's it has loaded): SimCord's page shows one there as raw text ("<#123…>").
EMBED_MENTION_FIELDS = ("embed_description", "embed_field_value")


@contextlib.contextmanager
def mentions_shown_in_embeds() -> Iterator[None]:
    """Meanwhile, the page shows a mention in an embed's description or field value as
    Discord does, by its name ("#king-of-tokyo": ``/kot games`` names each game's channel
    so), not as raw text. SimCord's markdown policy of those fields (3.2.1, pinned) says
    whether mentions are resolved there; the names come from SimCord's own context."""
    from simcord.preview import _markdown

    policies = _markdown._FIELD_POLICIES
    if not all("mentions" in policies.get(field, {}) for field in EMBED_MENTION_FIELDS):
        raise PageError("SimCord's markdown policies have changed (no embed mentions): "
                        "the local table needs SimCord 3.2.1")
    before = {field: policies[field]["mentions"] for field in EMBED_MENTION_FIELDS}
    for field in EMBED_MENTION_FIELDS:
        policies[field]["mentions"] = True
    try:
        yield
    finally:
        for field, value in before.items():
            policies[field]["mentions"] = value


def serve_table_page(preview: Any, database: Path, language: str) -> None:
    """Before the preview is entered: its page is the table's, at the database's address."""
    preview.capability = page_token(database)
    preview._server = LocalPageServer(preview, preview._server._requested_port, language)
