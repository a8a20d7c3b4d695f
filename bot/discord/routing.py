"""The one routing of every button and menu: from a ``custom_id`` to the bot's click handler.

A control is a ``Control`` subclass that names its ``custom_id`` once, as a pattern of parts
(``"kot:r:{game_id:int}"``). From it come the id it is posted with (``id_for``), the
``DynamicItem`` template that recognises the id when it is clicked (after a restart too), and
the control rebuilt from a clicked id: its constructor is called with the parts by name. The
control only says where its click goes (``route``), given the click as a ``Request``
(``bot.discord.request``, built here); the click is caught here if it fails.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar, Protocol, Self, TypeVar, cast

import discord

from bot.discord.io import DiscordIO
from bot.discord.request import Request

Interaction = discord.Interaction[Any]

ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])

# A part of a custom_id pattern: {name:int} (digits, given as an int) or {name:regex} (text).
_PART = re.compile(r"\{(?P<name>\w+):(?P<pattern>[^{}]+)\}")
_DIGITS = r"\d+"


class ClickHandler(Protocol):
    """What the controls call, each with the click's ``Request``. The bot owns one
    (``bot.discord.clicks.Clicks``) as ``clicks``, so the controls need nothing from the
    modules that handle clicks."""

    async def game_click(self, request: Request, game_id: int, decision_id: int,
                         code: str) -> None: ...

    async def lobby_button(self, request: Request, game_id: int, verb: str) -> None: ...

    async def lobby_select(self, request: Request, game_id: int, field: str,
                           values: list[str]) -> None: ...

    async def end_answer(self, request: Request, game_id: int, *, confirmed: bool,
                         expires: int) -> None: ...

    async def rematch(self, request: Request, game_id: int) -> None: ...

    async def monster_panel(self, request: Request, game_id: int) -> None: ...

    async def story(self, request: Request, game_id: int) -> None: ...

    async def order_select(self, request: Request, game_id: int, field: str,
                           values: list[str]) -> None: ...

    async def never_ask(self, request: Request, game_id: int, decision_id: int,
                        keys: list[str]) -> None: ...

    async def coach_note(self, request: Request, game_id: int) -> None: ...

    async def coach_toggle(self, request: Request, game_id: int, *, on: bool) -> None: ...

    def take(self) -> bool:
        """Whether to handle a click now: not while the bot closes (the click, never
        answered, works again once the bot is back). Taken, it is work the close waits for."""
        ...


class _BotWithClickHandler(Protocol):
    clicks: ClickHandler
    io: DiscordIO


class Control(discord.ui.DynamicItem[ItemT], template=r"(?!)"):
    """A button or a menu whose ``custom_id`` is built from, and parsed back into, the
    values its constructor takes by name. (``Control`` itself matches no id: ``(?!)``.)"""

    _format: ClassVar[str]
    _parsers: ClassVar[dict[str, Callable[[str], object]]]

    def __init_subclass__(cls, *, custom_id: str, **kwargs: Any) -> None:
        template: list[str] = []
        parsers: dict[str, Callable[[str], object]] = {}
        position = 0
        for part in _PART.finditer(custom_id):
            name, pattern = part["name"], part["pattern"]
            template.append(re.escape(custom_id[position:part.start()]))
            template.append(f"(?P<{name}>{_DIGITS if pattern == 'int' else pattern})")
            parsers[name] = int if pattern == "int" else str
            position = part.end()
        template.append(re.escape(custom_id[position:]))
        cls._format = _PART.sub(lambda part: "{" + part["name"] + "}", custom_id)
        cls._parsers = parsers
        super().__init_subclass__(template="".join(template), **kwargs)

    @classmethod
    def id_for(cls, **values: object) -> str:
        """The ``custom_id`` of the control with these values."""
        return cls._format.format(**values)

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> Self:
        values = {name: parse(match[name]) for name, parse in cls._parsers.items()}
        # Every control's constructor takes its id's parts by name (and defaults the rest).
        return cast(Callable[..., Self], cls)(**values)

    async def callback(self, interaction: Interaction) -> None:
        """Hand the click to the bot's handler, as a ``Request``: the one place where a
        failed click is caught (a dynamic item's errors would otherwise only reach
        discord.py's log)."""
        bot = cast(_BotWithClickHandler, interaction.client)
        if not bot.clicks.take():
            return
        request = Request.of(interaction, bot.io)
        try:
            await self.route(bot.clicks, request)
        except Exception as error:
            await request.failed(error)

    async def route(self, clicks: ClickHandler, request: Request) -> None:
        """Where this control's click goes."""
        raise NotImplementedError
