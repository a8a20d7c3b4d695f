"""King of Tokyo: Origins through the real bot: chosen with /kot start or the lobby's Game
menu, played to the final standings, kept by Rematch; and Origins' cards mixed into a 2016
base game from the host's 🃏 Cards menus."""

from __future__ import annotations

from collections import Counter

import discord
import pytest
from bot_harness import Table, final_board, private_menu, private_reply, service

from bot.discord.views import PICK_MENUS
from bot.local import open_lobby
from bot.table.model import Refused
from engine import ORIGINS_MONSTER_NAMES, ORIGINS_REPRINTS, implemented_keys, new_in_origins


def _menu(message: discord.Message, custom_id: str) -> discord.ui.Select:  # type: ignore[type-arg]
    for row in message.components:
        for child in getattr(row, "children", []):
            if getattr(child, "custom_id", None) == custom_id:
                return child  # type: ignore[no-any-return]
    raise AssertionError(f"no menu {custom_id}")


def _fields(message: discord.Message) -> dict[str | None, str | None]:
    return {field.name: field.value for field in message.embeds[0].fields}


async def test_a_whole_origins_game_from_the_lobby_to_the_final_standings(table: Table) -> None:
    alice, bob = table.players[:2]
    opened = await alice.slash(table.channel, "kot start", game="origins")
    assert opened.response is not None and not opened.ephemeral
    lobby = table.channel.last_message
    assert lobby is not None
    game = await table.game()
    assert game.lobby.game == "origins"
    assert lobby.embeds[0].title == "King of Tokyo: Origins — lobby"
    assert _fields(lobby)["Game"] == "King of Tokyo: Origins"
    assert "Origins deck" in (_fields(lobby)["Cards"] or "")
    assert "2–4 players" in (lobby.embeds[0].footer.text or "")
    # The monster menu offers Origins' four monsters, and only them.
    monsters = _menu(lobby, f"kot:l:{game.id}:monster")
    assert [option.value for option in monsters.options] == list(ORIGINS_MONSTER_NAMES)
    await bob.select(lobby, ["Gigarex"], custom_id=f"kot:l:{game.id}:monster")
    # Origins mixes in nothing: its Cards menu says so.
    cards = await alice.click(lobby, label="🃏 Cards")
    assert "An Origins game plays its own deck" in (private_reply(cards) or "")

    await alice.click(lobby, label="Start")
    game = await table.game()
    state = game.playing_state()
    assert state.options.game == "origins" and state.options.two_player_variant
    assert state.monsters[1].name == "Gigarex"
    assert {m.name for m in state.monsters} <= set(ORIGINS_MONSTER_NAMES)
    assert not state.bay_open
    dealt = Counter([*state.deck, *(card.key for card in state.face_up)])
    assert dealt["evacuation_orders"] == 1 and "extra_head" not in dealt

    for _turn in range(12):
        if await service(table.env).games.active_in_channel(table.channel.id) is None:
            break
        await table.smash_turn()
    final = await service(table.env).games.peek(game.id)
    assert final.status == "over" and final.state is not None and final.state.over
    announcement = final_board(table.channel)
    assert announcement.embeds[0].title == "Game over"
    standings = _fields(announcement)["Final standings"] or ""
    assert all(m.name in standings for m in final.state.monsters)
    winner = table.player(final.seats[final.state.winners[0]])
    assert winner.mention in announcement.content

    # Rematch keeps the game type.
    await bob.click(announcement, label="🔁 Rematch")
    rematch = await table.game()
    assert rematch.status == "lobby" and rematch.lobby.game == "origins"
    await bob.click(table.message(rematch.board_message_id or 0), label="Start")
    assert (await table.game()).playing_state().options.game == "origins"


async def test_the_game_menu_switches_game_and_the_origins_limits_follow(table: Table) -> None:
    alice, bob, carol, dave, erin = table.players[:5]
    await alice.slash(table.channel, "kot start")
    lobby = table.channel.last_message
    assert lobby is not None
    game = await table.game()
    assert _fields(lobby)["Game"] == "King of Tokyo (2016)"
    for player in (bob, carol, dave):
        await player.click(lobby, label="Join")
    await bob.select(lobby, ["Gigazaur"], custom_id=f"kot:l:{game.id}:monster")
    await erin.click(lobby, label="Join")
    menu = f"kot:l:{game.id}:edition"
    crowded = await alice.select(lobby, ["origins"], custom_id=menu)
    assert private_reply(crowded) == (
        "King of Tokyo: Origins is played by 2 to 4 monsters: 5 have joined.")
    await erin.click(lobby, label="Leave")
    await alice.select(lobby, ["origins"], custom_id=menu)
    game = await table.game()
    assert game.lobby.game == "origins" and game.lobby.edition == "2016"
    # Bob's Gigazaur is not an Origins monster: he picks again.
    assert game.lobby.players[1].monster is None
    full = await erin.click(lobby, label="Join")
    assert private_reply(full) == "The game is full (4 monsters)."
    await alice.select(lobby, ["2011"], custom_id=menu)
    game = await table.game()
    assert game.lobby.game == "kot" and game.lobby.edition == "2011"
    assert _fields(table.message(lobby.id))["Game"] == "King of Tokyo (2011)"


async def test_the_host_mixes_origins_cards_into_a_2016_game(table: Table) -> None:
    alice, bob = table.players[:2]
    lobby = await open_lobby(table.channel, alice, [bob])
    game = await table.game()
    not_host = await bob.click(lobby, label="🃏 Cards")
    assert private_reply(not_host) == "Only the host can choose the cards."
    menus = await alice.click(lobby, label="🃏 Cards")
    panel = menus.followups[0] if menus.followups else menus.response
    assert menus.ephemeral and panel is not None
    picker = private_menu(panel, f"kot:l:{game.id}:picked")
    assert [option["value"] for option in picker["options"]] == list(new_in_origins())
    assert picker["max_values"] == 14 and picker["min_values"] == 0

    await alice.select(panel, ["all"], custom_id=f"kot:l:{game.id}:mix")
    game = await table.game()
    assert game.lobby.mix == "all"
    shown = _fields(table.message(lobby.id))["Cards"] or ""
    assert f"all 50 Origins cards ({game.lobby.cards_dealt()} cards" in shown
    left_out = 14 - len(implemented_keys("origins"))
    assert (f"{left_out} not playable yet" in shown) is (left_out > 0)
    await alice.select(panel, ["supertower", "shrinky"], custom_id=f"kot:l:{game.id}:picked")
    game = await table.game()
    assert game.lobby.mix == "pick" and game.lobby.picked == ("supertower", "shrinky")
    assert "Supertower, Shrinky" in (_fields(table.message(lobby.id))["Cards"] or "")

    # Reprints are picked from two more menus; each menu changes only its own cards.
    first, second = (private_menu(panel, f"kot:l:{game.id}:reprints{part}")
                     for part in (1, 2))
    reprints = [option["value"] for menu in (first, second) for option in menu["options"]]
    assert sorted(reprints) == sorted(set(ORIGINS_REPRINTS)) and len(reprints) == 36
    assert first["placeholder"] == "Pick Origins' reprints (1/2)"
    await alice.select(panel, ["jets"], custom_id=f"kot:l:{game.id}:reprints1")
    game = await table.game()
    assert game.lobby.picked == ("supertower", "shrinky", "jets")
    assert dict(game.lobby.deck())["jets"] == 2
    await alice.select(panel, ["shrinky"], custom_id=f"kot:l:{game.id}:picked")
    game = await table.game()
    assert game.lobby.picked == ("jets", "shrinky")
    # A card a menu does not offer (Discord sends only those offered: a forged click) is
    # refused, and changes nothing.
    async def show(_game_id: int) -> None:
        return None

    for forged in (["supertower"], ["extra_head"]):
        with pytest.raises(Refused) as refusal:
            await service(table.env).lobbies.set_mix(
                game.id, alice.id, show, picked=tuple(forged), among=PICK_MENUS["reprints2"])
        assert refusal.value.phrase.id == "table-refusal-pick-origins-card"
    assert (await table.game()).lobby.picked == ("jets", "shrinky")
    # Many cards picked are counted rather than named.
    await alice.select(panel, [option["value"] for option in second["options"]],
                       custom_id=f"kot:l:{game.id}:reprints2")
    game = await table.game()
    assert len(game.lobby.picked) == 20
    assert "+ 20 Origins cards" in (_fields(table.message(lobby.id))["Cards"] or "")

    await alice.select(panel, ["all"], custom_id=f"kot:l:{game.id}:mix")
    await alice.click(lobby, label="Start")
    state = (await table.game()).playing_state()
    counts = Counter([*state.deck, *(card.key for card in state.face_up)])
    # The base deck and all of Origins' cards: the reprints twice, Evacuation Orders thrice.
    assert counts["evacuation_orders"] == 3 and counts["heal"] == 2
    assert counts["extra_head"] == 2 and counts["armor_plating"] == 1
    implemented_new = set(implemented_keys("origins"))
    assert all(counts[key] == (key in implemented_new) for key in new_in_origins())
    assert dict(state.options.deck())["evacuation_orders"] == 3


async def test_a_2011_game_drops_the_mix(table: Table) -> None:
    alice = table.players[0]
    await alice.slash(table.channel, "kot start", game="2016")
    lobby = table.channel.last_message
    assert lobby is not None
    game = await table.game()
    menus = await alice.click(lobby, label="🃏 Cards")
    panel = menus.followups[0] if menus.followups else menus.response
    assert panel is not None
    await alice.select(panel, ["new"], custom_id=f"kot:l:{game.id}:mix")
    await alice.select(lobby, ["2011"], custom_id=f"kot:l:{game.id}:edition")
    game = await table.game()
    assert game.lobby.mix == "none"
    assert (_fields(table.message(lobby.id))["Cards"] or "").startswith("Base deck (66 cards)")
    refused = await alice.select(panel, ["new"], custom_id=f"kot:l:{game.id}:mix")
    assert "Only a 2016 King of Tokyo game" in (private_reply(refused) or "")
