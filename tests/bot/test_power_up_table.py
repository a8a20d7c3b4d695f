"""Power Up! through the real bot: turned on from the host's 🃏 Cards menus (Pandakaï, Cyber
Bunny and Kraken then offered), the Evolutions kept before the first turn and played in a turn
from a private 🧬 list; the board and the story never name a card a monster looked at, kept
or holds."""

from __future__ import annotations

import discord
import pytest
from bot_harness import Table, final_board, private_menu, private_reply, service
from simcord import MemberActor
from simcord.results import InteractionResult, ResponseMessage

from bot.i18n import ENGLISH, text
from bot.local import open_lobby
from bot.table.model import Game
from engine import (
    EVOLUTIONS,
    POWER_UP_MONSTER_NAMES,
    Decision,
    EvolutionMomentQuestion,
    PickEvolution,
)


def _private(result: InteractionResult) -> ResponseMessage:
    shown = result.followups[0] if result.followups else result.response
    assert shown is not None and result.ephemeral
    return shown


def _menu_values(message: discord.Message, custom_id: str) -> list[str]:
    for row in message.components:
        for child in getattr(row, "children", []):
            if getattr(child, "custom_id", None) == custom_id:
                return [option.value for option in child.options]
    raise AssertionError(f"no menu {custom_id}")


def _board_words(message: discord.Message) -> str:
    """Everything the board message shows: its text, embeds and button labels."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "",
                  *(f"{field.name} {field.value}" for field in embed.fields)]
    parts += [getattr(child, "label", "") or "" for row in message.components
              for child in getattr(row, "children", [])]
    return "\n".join(parts)


NAMES = {key: text(ENGLISH, f"evo-{key}") for key in EVOLUTIONS}


async def _power_up_game(table: Table) -> Game:
    alice, bob = table.players[:2]
    lobby = await open_lobby(table.channel, alice, [bob])
    game = await table.game()
    menus = _private(await alice.click(lobby, label="🃏 Cards"))
    menu = private_menu(menus, f"kot:l:{game.id}:power_up")
    assert [option["value"] for option in menu["options"]] == ["off", "on"]
    await alice.select(menus, ["on"], custom_id=f"kot:l:{game.id}:power_up")
    game = await table.game()
    assert game.lobby.power_up
    lobby = table.message(lobby.id)
    cards = {f.name: f.value for f in lobby.embeds[0].fields}["Cards"] or ""
    assert "with Power Up!" in cards
    assert _menu_values(lobby, f"kot:l:{game.id}:monster") == list(POWER_UP_MONSTER_NAMES)
    await alice.select(lobby, ["Pandakaï"], custom_id=f"kot:l:{game.id}:monster")
    await alice.click(table.message(lobby.id), label="Start")
    return await table.game()


def _asked(game: Game, player: MemberActor) -> Decision:
    state = game.playing_state()
    return next(d for d in state.pending if game.seats[d.seat] == player.id)


async def test_power_up_from_the_lobby_to_an_evolution_played(table: Table) -> None:
    alice, bob = table.players[:2]
    game = await _power_up_game(table)
    state = game.playing_state()
    assert state.options.power_up and state.monsters[game.seats.index(alice.id)].name == (
        "Pandakaï")
    # Both are asked at once which Evolution to keep; the board names none of them.
    assert [d.question for d in state.pending] == ["first_evolution"] * 2
    board = table.message(game.board_message_id or 0)
    looked = {key for d in state.pending for o in d.options
              for key in [getattr(getattr(o, "choice", None), "key", None)] if key}
    shown = _board_words(board)
    assert not [NAMES[key] for key in looked if NAMES[key] in shown]

    mine = _asked(game, alice)
    keys = [o.choice.key for o in mine.options if isinstance(getattr(o, "choice", None),
                                                             PickEvolution)]
    # Kept: the last one, unless only the other is played in its owner's turn (Pandakaï's
    # Bamboozle and Eats, Shoots and Leaves wait for moments of their own).
    if EVOLUTIONS[keys[-1]].timing != "any" and EVOLUTIONS[keys[0]].timing == "any":
        keys.reverse()
    secret = await table.click("p0", by=alice, decision=mine.id)
    said = private_reply(secret) or ""
    assert all(NAMES[key] in said for key in keys)
    await alice.click(_private(secret), label=f"Keep {NAMES[keys[-1]]}")
    bobs = _asked(await table.game(), bob)
    bobs_secret = await table.click("p0", by=bob, decision=bobs.id)
    await bob.click(_private(bobs_secret), custom_id=f"kot:g:{game.id}:{bobs.id}:o0")

    game = await table.game()
    seat = game.seats.index(alice.id)
    assert game.playing_state().monsters[seat].evolution_hand == (keys[-1],)
    shown = _board_words(table.message(game.board_message_id or 0))
    assert NAMES[keys[-1]] not in shown and NAMES[keys[0]] not in shown

    # Bob's turns pass by their defaults until Alice is asked to roll in her own turn.
    for _ in range(20):
        game = await table.game()
        decision = game.playing_state().pending[0]
        asked = table.player(game.seats[decision.seat])
        if asked is alice and decision.kind == "roll":
            break
        default = f"o{decision.options.index(decision.default)}"
        if decision.power == EvolutionMomentQuestion.key:
            # (A moment of Evolutions: its answers are shown to the one asked privately.)
            shown = _private(await table.click("p0", by=asked))
            await asked.click(shown, custom_id=f"kot:g:{game.id}:{decision.id}:{default}")
            continue
        await table.click(default, by=asked)
    board = table.message(game.board_message_id or 0)
    assert "🧬 Evolutions" in _board_words(board)
    listed = await table.click("e0", by=alice)
    said = private_reply(listed) or ""
    assert NAMES[keys[-1]] in said and text(ENGLISH, f"evotext-{keys[-1]}") in said
    # Someone else may not look at Alice's Evolutions.
    peeked = await table.click("e0", by=bob)
    assert NAMES[keys[-1]] not in (private_reply(peeked) or "")
    if EVOLUTIONS[keys[-1]].timing != "any":
        # (Both looked at wait for moments of their own: the list says none plays now.)
        assert "None can be played now" in said
        return
    await alice.click(_private(listed), label=f"Play {NAMES[keys[-1]]}")
    game = await table.game()
    monster = game.playing_state().monsters[seat]
    assert keys[-1] not in monster.evolution_hand
    assert f"plays the Evolution {NAMES[keys[-1]]}" in _board_words(
        table.message(game.board_message_id or 0))


async def test_power_up_off_again_gives_back_the_monsters_only_it_offers(table: Table) -> None:
    alice, bob = table.players[:2]
    await alice.slash(table.channel, "kot start")
    lobby = table.channel.last_message
    assert lobby is not None
    game = await table.game()
    menus = _private(await alice.click(lobby, label="🃏 Cards"))
    refused = await bob.click(lobby, label="🃏 Cards")
    assert private_reply(refused) == "Only the host can choose the cards."
    await alice.select(menus, ["on"], custom_id=f"kot:l:{game.id}:power_up")
    await alice.select(table.message(lobby.id), ["Kraken"],
                       custom_id=f"kot:l:{game.id}:monster")
    assert (await table.game()).lobby.players[0].monster == "Kraken"
    await alice.select(menus, ["off"], custom_id=f"kot:l:{game.id}:power_up")
    game = await table.game()
    assert not game.lobby.power_up and game.lobby.players[0].monster is None
    assert "Kraken" not in _menu_values(table.message(lobby.id), f"kot:l:{game.id}:monster")
    # A 2011 game takes Power Up! too (its menu alone: it mixes no Origins cards).
    await alice.select(table.message(lobby.id), ["2011"], custom_id=f"kot:l:{game.id}:edition")
    menus = _private(await alice.click(table.message(lobby.id), label="🃏 Cards"))
    ids = [menu.get("custom_id") for row in menus.components
           for menu in row.get("components", [])]
    assert ids == [f"kot:l:{game.id}:power_up"]
    # Origins plays its own deck: Power Up! is turned off with it, and not offered.
    await alice.select(menus, ["on"], custom_id=f"kot:l:{game.id}:power_up")
    await alice.select(table.message(lobby.id), ["origins"],
                       custom_id=f"kot:l:{game.id}:edition")
    game = await table.game()
    assert not game.lobby.power_up and not game.lobby.options().power_up
    cards = await alice.click(table.message(lobby.id), label="🃏 Cards")
    assert "An Origins game plays its own deck" in (private_reply(cards) or "")
    forged = await alice.select(menus, ["on"], custom_id=f"kot:l:{game.id}:power_up")
    assert "Power Up! is for a King of Tokyo game" in (private_reply(forged) or "")
    assert not (await table.game()).lobby.power_up


async def _answer_privately(table: Table, game: Game, decision: Decision,
                            player: MemberActor, number: int) -> None:
    """Open a secret question's answers (🔒) and click option ``number`` there."""
    shown = _private(await table.click("p0", by=player, decision=decision.id))
    await player.click(shown, custom_id=f"kot:g:{game.id}:{decision.id}:o{number}")


@pytest.mark.parametrize("language", ["en", "es"])
async def test_a_whole_power_up_game_with_its_moments_answered_and_timed_out(
        table: Table, language: str) -> None:
    """From the lobby to the final standings: every draw answered privately, every moment
    of an Evolution answered (playing the first that fits, or passing) or left to its
    reaction clock, which passes it; the attacks forced, so the game ends in a few turns."""
    alice, bob = table.players[:2]
    lobby = await open_lobby(table.channel, alice, [bob])
    game = await table.game()
    menus = _private(await alice.click(lobby, label="🃏 Cards"))
    await alice.select(menus, ["on"], custom_id=f"kot:l:{game.id}:power_up")
    await alice.select(table.message(lobby.id), ["Gigazaur"], custom_id=f"kot:l:{game.id}:monster")
    await bob.select(table.message(lobby.id), ["The King"], custom_id=f"kot:l:{game.id}:monster")
    if language == "es":
        chosen = _private(await alice.click(table.message(lobby.id), label="🌐 Language"))
        await alice.select(chosen, ["es"], custom_id=f"kot:l:{game.id}:lang")
    await alice.click(table.message(lobby.id), custom_id=f"kot:l:{game.id}:start")
    games = service(table.env).games
    moments = timed_out = 0
    for _ in range(400):
        game = await games.game(game.id)
        state = game.state
        if game.status != "playing" or state is None or state.over:
            break
        decision = state.pending[0]
        player = table.player(game.seats[decision.seat])
        if decision.power == EvolutionMomentQuestion.key:
            moments += 1
            if moments % 2:
                await table.env.advance_time(game.lobby.reaction_seconds + 1)
                timed_out += 1
                after = (await games.game(game.id)).state
                assert after is None or after.decision(decision.id) is None
            else:
                await _answer_privately(table, game, decision, player,
                                        len(decision.options) - 1)
        elif decision.power == "evolution_draw":
            await _answer_privately(table, game, decision, player, 0)
        elif decision.kind == "roll" and state.turn is not None and not state.turn.dice_final:
            await table.roll_and_stop(["smash"] * 4 + ["heart", "1"])
        else:
            number = decision.options.index(decision.default)
            clicked = await table.click(f"o{number}", by=player, decision=decision.id)
            if clicked.ephemeral:  # "this knocks out your monster": done anyway
                await player.click(_private(clicked),
                                   custom_id=f"kot:g:{game.id}:{decision.id}:c{number}")
    finished = await games.game(game.id)
    assert finished.status == "over", finished.status
    assert moments >= 2 and timed_out >= 1
    words = _board_words(final_board(table.channel))
    assert ("wins" in words) if language == "en" else ("gana" in words), words[:300]
