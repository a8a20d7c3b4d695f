"""A game's language (the host's choice, the server's setting or locale, the host's locale;
kept by a rematch) and each person's own language for their private answers."""

from __future__ import annotations

import discord
from bot_harness import Table, private_reply, service
from simcord import Env

from bot.table.model import ServerSettings


async def _open(table: Table, player_index: int = 0) -> int:
    await table.players[player_index].slash(table.channel, "kot start")
    return (await table.game()).id


async def test_a_new_game_speaks_english_by_default(table: Table) -> None:
    await _open(table)
    assert (await table.game()).language == "en"


async def test_the_host_locale_chooses_the_language_of_a_new_game(
        table: Table, client_locales: dict[int, str]) -> None:
    client_locales[table.players[0].id] = "es-419"
    await _open(table)
    assert (await table.game()).language == "es"


async def test_a_spanish_server_plays_in_spanish_and_its_setting_comes_first(
        env: Env, client_locales: dict[int, str]) -> None:
    guild = env.create_guild(preferred_locale="es-ES")
    channel = guild.create_text_channel("kot")
    host = guild.add_member(env.create_user("ana"))
    table = Table(env, channel, [host])
    await _open(table)
    assert (await table.game()).language == "es"
    await service(env).settings.save_server_settings(guild.id, ServerSettings(language="en"))
    await host.click(table.channel.last_message, label="Cancelar")  # (a Spanish lobby)
    await _open(table)
    assert (await table.game()).language == "en"


async def test_the_host_picks_the_language_in_the_lobby_and_others_cannot(table: Table) -> None:
    alice, bob = table.players[:2]
    game_id = await _open(table)
    lobby = table.channel.last_message
    assert lobby is not None
    await bob.click(lobby, label="Join")
    not_host = await bob.click(lobby, label="🌐 Language")
    assert private_reply(not_host) == "Only the host can choose the language."
    assert (await table.game()).language == "en"
    menus = await alice.click(lobby, label="🌐 Language")
    asked = menus.followups[0] if menus.followups else menus.response
    assert asked is not None and asked.content.startswith("🌐 The language")
    options = asked.components[0]["components"][0]["options"]
    assert [o["label"] for o in options] == ["English", "Español"]
    assert [o.get("default", False) for o in options] == [True, False]
    await alice.select(asked, ["es"], custom_id=f"kot:l:{game_id}:lang")
    assert (await table.game()).language == "es"


async def test_settings_set_the_language_of_new_games(table: Table) -> None:
    guild = table.env.guild
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(table.env.create_user("admin"), roles=[admins])
    refused = await table.players[1].slash(table.channel, "kot settings", language="es")
    assert "Manage Server" in (private_reply(refused) or "")
    await admin.slash(table.channel, "kot settings", language="es")
    assert (await service(table.env).settings.server_settings(guild.id)).language == "es"
    await _open(table)
    assert (await table.game()).language == "es"


async def test_private_answers_follow_each_askers_language_in_an_english_game(
        table: Table, client_locales: dict[int, str]) -> None:
    await table.start_game(players=2)
    game, decision, asked = await table.asked()
    assert game.language == "en"
    other = next(p for p in table.players[:2] if p is not asked)
    client_locales[asked.id] = "es-419"
    hint = private_reply(await asked.slash(table.channel, "kot hint")) or ""
    # (Which of the hint's sentences depends on the search; each is Spanish.)
    assert hint.startswith("💡 ") and any(
        said in hint for said in ("probabilidad de ganar", "sensata", "IA Fácil"))
    assert private_reply(await other.slash(table.channel, "kot hint")) == (
        "Nothing is asked of you right now.")
    client_locales[other.id] = "es-ES"
    assert private_reply(await other.slash(table.channel, "kot hint")) == (
        "Ahora mismo no se te pregunta nada.")
    refused = await other.click(table.message(game.board_message_id or 0),
                                custom_id=f"kot:g:{game.id}:{decision.id}:o0")
    assert (private_reply(refused) or "").startswith("Esta pregunta es para ")
    rules = private_reply(await other.slash(table.channel, "kot rules")) or ""
    assert rules.startswith("**Objetivo**")
