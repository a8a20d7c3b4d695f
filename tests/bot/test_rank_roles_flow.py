"""Rank roles through the real bot on SimCord (which keeps Discord's roles, their order and the
bot's permissions): a mapping refused when the bot could not hand the role out; a role given
once a player is ranked and taken when the season turns; a lost permission said once in the
league's channel, and the roles made right once it is given back."""

from __future__ import annotations

import discord
from bot_harness import Table, bot_of, private_reply
from test_records_commands import play_to_the_end
from test_seasons_flow import admin_of

from bot.table.league.seasons import DAY


def roles_of(table: Table, user_id: int) -> set[int]:
    return set(table.env.backend.get_member(table.env.guild.id, user_id).role_ids)


def bot_role(table: Table) -> discord.Role:
    guild = bot_of(table.env).get_guild(table.env.guild.id)
    assert guild is not None
    return guild.me.top_role


def set_bot_permissions(table: Table, permissions: discord.Permissions) -> None:
    table.env.backend.edit_role(table.env.guild.id, bot_role(table).id,
                                {"permissions": permissions.value})


async def test_a_rank_role_is_given_then_taken_when_the_season_turns(table: Table) -> None:
    admin = admin_of(table)
    guild = table.env.guild
    await admin.slash(table.channel, "kot league season", days=7, channel=table.channel)
    hatchlings = guild.create_role("Hatchlings")
    said = private_reply(await admin.slash(table.channel, "kot league role", rank="hatchling",
                                           role=hatchlings))
    assert said == f"🥚 Hatchling → <@&{hatchlings.id}>"
    for rank in ("stomper", "smasher"):
        await admin.slash(table.channel, "kot league role", rank=rank,
                          role=guild.create_role(rank.title()))
    settings = await bot_of(table.env).league.settings(guild.id)
    rank_roles = settings.rank_roles
    alice, bob = table.players[:2]

    await play_to_the_end(table)
    await play_to_the_end(table)
    assert roles_of(table, alice.id) == roles_of(table, bob.id) == set()  # not ranked yet
    await play_to_the_end(table)
    await table.env.settle()
    ratings = await bot_of(table.env).league.season_ratings(
        await bot_of(table.env).league.running(guild.id))  # type: ignore[arg-type]
    for player in (alice, bob):
        from bot.table.league.ranks import rank_of
        wanted = rank_roles[rank_of(ratings[player.id])]
        assert roles_of(table, player.id) == {wanted}
    # A role an admin gave by hand is never the bot's to take.
    hand_given = guild.create_role("Regulars")
    table.env.backend.add_member_role(guild.id, alice.id, hand_given.id)

    await table.env.advance_time(7 * DAY + 60)
    # A new season: nobody is ranked, the roles the bot gave are taken back.
    assert roles_of(table, alice.id) == {hand_given.id}
    assert roles_of(table, bob.id) == set()
    assert await bot_of(table.env).rank_roles._store.given_roles(guild.id) == []


async def test_a_role_the_bot_could_not_hand_out_is_refused(table: Table) -> None:
    admin = admin_of(table)
    guild = table.env.guild
    above = guild.create_role("Kings")
    table.env.backend.edit_role(guild.id, above.id, {"position": bot_role(table).position + 1})
    said = private_reply(await admin.slash(table.channel, "kot league role", rank="king",
                                           role=above))
    assert said is not None and "below the bot's role" in said
    below = guild.create_role("Titans")
    set_bot_permissions(table, discord.Permissions(send_messages=True, view_channel=True))
    said = private_reply(await admin.slash(table.channel, "kot league role", rank="titan",
                                           role=below))
    assert said is not None and "needs the Manage Roles permission" in said
    said = private_reply(await admin.slash(table.channel, "kot league role", rank="titan",
                                           role=guild.default_role))
    assert said is not None and "cannot be handed out" in said
    assert (await bot_of(table.env).league.settings(guild.id)).rank_roles == {}


async def test_a_lost_permission_is_said_once_and_the_roles_follow_once_back(
        table: Table) -> None:
    admin = admin_of(table)
    guild = table.env.guild
    await admin.slash(table.channel, "kot league season", days=7, channel=table.channel)
    for rank in ("hatchling", "stomper", "smasher", "titan"):
        await admin.slash(table.channel, "kot league role", rank=rank,
                          role=guild.create_role(rank))
    everything = bot_role(table).permissions
    set_bot_permissions(table, discord.Permissions(send_messages=True, view_channel=True,
                                                   embed_links=True, attach_files=True,
                                                   read_message_history=True))
    for _game in range(3):
        await play_to_the_end(table)
    alice, bob = table.players[:2]
    assert roles_of(table, alice.id) == roles_of(table, bob.id) == set()
    warnings = [m for m in table.channel.history() if m.content.startswith("⚠️ The bot could")]
    assert len(warnings) == 1 and "Manage Roles" in warnings[0].content
    # Retried (at most a minute apart) without saying it again; once allowed, given.
    await table.env.advance_time(30)
    assert len([m for m in table.channel.history()
                if m.content.startswith("⚠️ The bot could")]) == 1
    set_bot_permissions(table, everything)
    await table.env.advance_time(61)
    assert len(roles_of(table, alice.id)) == len(roles_of(table, bob.id)) == 1
    assert not (await bot_of(table.env).league.settings(guild.id)).roles_refused
