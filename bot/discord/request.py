"""A request: one click or slash command, as the bot answers it.

Built once per interaction (``Request.of``: by ``bot.discord.routing`` for a button or a
menu, at the top of a cog's command for a slash command), it holds what every answer needs:
the asker (id, name), their language (their Discord client's, chosen here once), the
interaction, and whether Discord has its first answer yet. Clicks and commands answer
through it: privately, with a refusal, an acknowledgement, an edit of the message clicked
(or of the command's answer). The calls to Discord themselves, and what their failures
mean, stay in ``bot.discord.io``; a command's owed answers are kept there too.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.io import DiscordIO
from bot.discord.locales import asker_language
from bot.discord.messages import refusal_text
from bot.i18n import text
from bot.table.model import ClickRefused, Game, Refused
from engine import Arg

Interaction = discord.Interaction[Any]

# What the asker is told when their click or command failed (a message of the catalogs).
SOMETHING_WENT_WRONG = "something-went-wrong"

# In ``interaction.extras``: the interaction's request, so that every part of the bot that
# handles it (a command handing a click's work on, the failure handler) shares the one.
_REQUEST = "kot_request"


class Request:
    """One interaction being answered: who asks, in which language, and the answers."""

    def __init__(self, interaction: Interaction, io: DiscordIO) -> None:
        self.interaction = interaction
        self._io = io
        self.user_id = interaction.user.id
        # The asker's name as the server shows it.
        self.name = interaction.user.display_name
        # The language of every answer only the asker sees.
        self.language = asker_language(interaction)

    @classmethod
    def of(cls, interaction: Interaction, io: DiscordIO) -> Request:
        """The interaction's request: built at its first use, the same one after."""
        made = interaction.extras.get(_REQUEST)
        if isinstance(made, Request):
            return made
        request = interaction.extras[_REQUEST] = cls(interaction, io)
        return request

    @property
    def acknowledged(self) -> bool:
        """Whether Discord has the first answer (an acknowledgement, or the answer itself):
        every answer from then on is a follow-up or an edit."""
        return self.interaction.response.is_done()

    def text(self, message_id: str, /, **args: Arg) -> str:
        """Message ``message_id`` of the catalogs, in the asker's language."""
        return text(self.language, message_id, **args)

    async def acknowledge(self, *, thinking_privately: bool = False) -> bool:
        """Answer within Discord's 3 seconds, before slow work (``DiscordIO.acknowledge``):
        a command's "thinking…", privately or not, a click's nothing. False when Discord
        refused it: then nothing more should happen."""
        return await self._io.acknowledge(self.interaction,
                                          thinking_privately=thinking_privately)

    async def answer(self, content: str | None, **extra: Any) -> None:
        """A message only the asker sees: the answer, or a follow-up once acknowledged."""
        await self._io.reply_privately(self.interaction, content, **extra)

    async def tell(self, message_id: str, /, **args: Arg) -> None:
        """Message ``message_id``, privately, in the asker's language."""
        await self.answer(self.text(message_id, **args))

    async def refuse(self, refusal: Refused) -> None:
        """Why the request changes nothing (the table's phrase), privately."""
        await self.answer(refusal.said(self.language))

    async def refuse_click(self, refusal: ClickRefused, game: Game) -> None:
        """Why a click on ``game``'s controls cannot act (said by its code), privately."""
        await self.answer(refusal_text(refusal, game, self.language))

    async def edit(self, **fields: Any) -> None:
        """Edit the private message clicked, or the command's answer (its "thinking…")."""
        await self._io.edit_response(self.interaction, **fields)

    async def failed(self, error: BaseException, message_id: str = SOMETHING_WENT_WRONG) -> None:
        """The request failed (a bug, the store): logged, and the asker told ``message_id``."""
        await self._io.report_failure(self.interaction, error, self.text(message_id))
