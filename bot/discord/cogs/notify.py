"""``/kot notify``: a person's turns by direct message (``bot.table.model.PersonSettings``,
carried out by the publisher's pings and reminders, ``bot.discord.direct_messages``).

The setting is the person's, in every server: it is about their direct messages. Turning
it on keeps the language of their Discord client for those messages (a direct message has
no locale of its own) and sends one at once, so they learn now whether Discord lets the bot
write to them.
"""

from __future__ import annotations

from typing import Any

import discord
import msgspec
from discord import app_commands

from bot.discord.cogs import KotCog
from bot.discord.command_words import words
from bot.discord.io import DiscordFailure, FailureKind, log_failure
from bot.i18n import text
from bot.table.model import PersonSettings


class NotifyCog(KotCog, name="Notify"):
    @app_commands.command(name="notify", description=words("notify-cmd"))
    @app_commands.describe(dms=words("notify-cmd-dms"))
    async def notify(self, interaction: discord.Interaction[Any],
                     dms: bool | None = None) -> None:
        """With no option: what is set. With ``dms``: direct messages on or off."""
        request = self.request(interaction)
        service = self.bot.service
        user_id = request.user_id
        current = await service.settings.person_settings(user_id)
        if dms is None:
            await request.tell(_shown(current))
            return
        if not await request.acknowledge(thinking_privately=True):
            return
        if not dms:
            await service.settings.save_person_settings(
                user_id, msgspec.structs.replace(current, dms=False, dms_refused=False))
            await request.tell("notify-off")
            return
        language = request.language
        refused, tested = await self._try_a_message(user_id, language)
        await service.settings.save_person_settings(user_id, msgspec.structs.replace(
            current, dms=True, language=language, dms_refused=refused))
        await request.answer(request.text("notify-refused") if refused else " ".join(
            [request.text("notify-on")]
            + ([request.text("notify-on-tested")] if tested else [])))

    async def _try_a_message(self, user_id: int, language: str) -> tuple[bool, bool]:
        """A first direct message: (Discord refused it, it was sent). One Discord could not
        take now (a 5xx) says nothing either way: the first ping tries again."""
        io = self.bot.io
        try:
            channel_id = await io.dm_channel(user_id)
            await io.direct_message(channel_id, text(language, "notify-dm-test"))
        except DiscordFailure as failure:
            log_failure(failure, "user %s: the first direct message failed", user_id)
            return failure.kind is FailureKind.FORBIDDEN, False
        return False, True


def _shown(settings: PersonSettings) -> str:
    if not settings.dms:
        return "notify-shown-off"
    return "notify-shown-refused" if settings.dms_refused else "notify-shown-on"
