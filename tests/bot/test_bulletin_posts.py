"""Bulletins through the real bot on SimCord: drawn in their language, posted in their channel,
never twice, and kept while the channel forbids them."""

from __future__ import annotations

import discord
from bot_harness import Table, bot_of

from bot.table.league.bulletins import PodiumPlace, Queued, SeasonClosed

PODIUM = (PodiumPlace(1, 11, "ann", 27.25, 14, "king"),
          PodiumPlace(2, 12, "bo*b", 12.0, 9, "smasher"))


def closed(language: str = "en") -> SeasonClosed:
    return SeasonClosed(season=2, podium=PODIUM, players=5, next_season=3,
                        next_ends_at=1_900_000_000.0, language=language)


def bulletins_in(table: Table) -> list[discord.Embed]:
    return [embed for message in table.channel.history() for embed in message.embeds
            if (embed.title or "").startswith("🏆")]


async def test_a_season_closing_is_posted_once_in_the_server_language(table: Table) -> None:
    bot = bot_of(table.env)
    guild_id = table.env.guild.id
    await bot.bulletins.post(Queued(guild_id, table.channel.id, closed("es")))
    (embed,) = bulletins_in(table)
    assert embed.title == "🏆 Fin de la temporada 2"
    lines = (embed.description or "").splitlines()
    assert lines[0] == "🥇 **ann** · 👑 Rey de Tokio · **27,2** · 14 partidas"
    # A name is escaped, not read as markdown.
    assert lines[1] == "🥈 **bo\\*b** · 👊 Aplastador · **12,0** · 9 partidas"
    assert "Empieza la temporada 3: termina el <t:1900000000:D>." in lines
    assert await bot.bulletins._store.bulletins(guild_id) == []


async def test_a_bulletin_attempted_before_is_found_not_posted_again(table: Table) -> None:
    bot = bot_of(table.env)
    guild_id = table.env.guild.id
    store = bot.bulletins._store
    await bot.bulletins.post(Queued(guild_id, table.channel.id, closed()))
    # The bot died after posting it, before dropping it: queued again, attempted once.
    await store.add_bulletins([Queued(guild_id, table.channel.id, closed()).row(1.0)])
    (row,) = await store.bulletins(guild_id)
    await store.start_bulletin_attempt(guild_id, row.seq)
    await bot.bulletins.restore()
    assert len(bulletins_in(table)) == 1
    assert await store.bulletins(guild_id) == []


async def test_a_forbidden_channel_keeps_its_bulletin_until_it_allows_it(table: Table) -> None:
    bot = bot_of(table.env)
    guild = table.env.guild
    channel = guild.create_text_channel("news", overwrites={
        table.env.bot.user: discord.PermissionOverwrite(send_messages=False)})
    await bot.bulletins.post(Queued(guild.id, channel.id, closed()))
    assert [m for m in channel.history() if m.embeds] == []
    assert len(await bot.bulletins._store.bulletins(guild.id)) == 1
    assert bot.bulletins.retries.pending(guild.id)
    # Allowed again: the retry posts it. (Its deadline was set by the test's own call, which
    # SimCord does not track as the bot's work: the test makes the retry's call itself.)
    table.env.backend.delete_overwrite(channel.id, table.env.backend.bot_user.id)
    await bot.bulletins.show(guild.id)
    assert len([m for m in channel.history() if m.embeds]) == 1
    assert await bot.bulletins._store.bulletins(guild.id) == []
