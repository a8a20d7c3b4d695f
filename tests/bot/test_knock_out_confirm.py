"""A click that would knock out the clicker's own monster is confirmed first: the first click
asks privately and changes nothing, the private button (``c<n>``) applies it, a harmless
click is applied at once, and a confirmation for a passed moment is refused."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import discord
import msgspec
from bot_harness import Table, private_reply, rewrite_state, service

from engine import Buy, Card, EndBuying, GameState

CONFIRM_ANYWAY = "Do it anyway"

MOMENT_PASSED = "That moment has passed: use the buttons on the latest board."

QUIET_DICE = ["1", "2", "3", "1", "2", "3"]


def _active(hearts: int, energy: int, *, poison: int = 0,
            face_up: tuple[str, ...], deck: tuple[str, ...] = ("energize",),
            ) -> Callable[[GameState], GameState]:
    """A change for rewrite_state: the active monster's hearts, energy and poison, and the
    face-up cards and the deck."""

    def change(state: GameState) -> GameState:
        monsters = list(state.monsters)
        monsters[state.active] = msgspec.structs.replace(
            monsters[state.active], hearts=hearts, energy=energy, poison=poison)
        cards = tuple(Card(uid=5000 + i, key=key) for i, key in enumerate(face_up))
        return msgspec.structs.replace(state, monsters=tuple(monsters), face_up=cards,
                                       deck=deck)

    return change


def _buy_number(state: GameState, key: str) -> int:
    decision = state.pending[0]
    return next(i for i, o in enumerate(decision.options)
                if isinstance(o, Buy) and state.face_up[o.slot].key == key)


def _labels(message: discord.Message) -> list[str]:
    return [getattr(item, "label", "") or "" for row in message.components
            for item in getattr(row, "children", [])]


async def _state(table: Table) -> GameState:
    state = (await table.game()).state
    assert state is not None
    return state


async def test_buying_jet_fighters_at_3_hearts_asks_privately_first(table: Table) -> None:
    game = await table.start_game(players=2)
    await rewrite_state(table.env, game.id, _active(
        3, 20, face_up=("jet_fighters", "corner_store", "tank")))
    await table.roll_and_stop(QUIET_DICE)
    before = await _state(table)
    _game, decision, clicker = await table.asked()
    other = next(p for p in table.players[:2] if p is not clicker)
    assert decision.kind == "buy"

    # The first click: a private warning with one button, and nothing changes.
    asked = await table.click(f"o{_buy_number(before, 'jet_fighters')}")
    assert private_reply(asked) == "⚠️ Buying Jet Fighters knocks out your monster (3 ❤️)."
    warning = asked.response
    assert warning is not None and _labels(warning.message) == [CONFIRM_ANYWAY]
    custom_ids = [getattr(item, "custom_id", "") for row in warning.message.components
                  for item in getattr(row, "children", [])]
    jets = _buy_number(before, "jet_fighters")
    assert custom_ids == [f"kot:g:{game.id}:{decision.id}:c{jets}"]
    assert await _state(table) == before
    assert warning.id not in {m.id for m in table.channel.history(viewer=other)}

    # A purchase that does no harm is applied at once.
    await table.click(f"o{_buy_number(before, 'corner_store')}")
    bought = await _state(table)
    assert bought.seq == before.seq + 1
    assert bought.monsters[bought.active].vp == before.monsters[before.active].vp + 1
    assert bought.pending[0].id != decision.id

    # The warning's button belongs to the question that has passed: refused, nothing changes.
    stale = await clicker.click(warning.message, label=CONFIRM_ANYWAY)
    assert (private_reply(stale) or "").startswith(MOMENT_PASSED)
    assert await _state(table) == bought

    # Asked again, and confirmed this time: bought, and the monster is out (the other one,
    # last standing, wins at once).
    again = await table.click(f"o{_buy_number(bought, 'jet_fighters')}")
    assert again.response is not None
    confirmed = await clicker.click(again.response.message, label=CONFIRM_ANYWAY)
    assert confirmed.acknowledged
    final = (await service(table.env).games.peek(game.id)).state
    assert final is not None and final.over
    assert not final.monsters[before.active].alive
    assert final.winners == (1 - before.active,)
    edited = next(m for m in table.channel.history(viewer=clicker)
                  if m.id == again.response.id)
    assert edited.content == "✅ Buy Jet Fighters (5⚡)" and not edited.components


async def test_no_confirmation_when_every_answer_knocks_the_monster_out(table: Table) -> None:
    """1 heart and a poison token, 2 energy (3 once in Tokyo) and nothing affordable: a sweep
    leaves too little to buy anything, so both answers end in the poison. End turn is
    applied at once."""
    game = await table.start_game(players=2)
    await rewrite_state(table.env, game.id, _active(
        1, 2, poison=1, face_up=("energize", "frenzy", "evacuation_orders"),
        deck=("jet_fighters", "energize", "frenzy")))
    await table.roll_and_stop(QUIET_DICE)
    before = await _state(table)
    assert [type(o).__name__ for o in before.pending[0].options] == ["Sweep", "EndBuying"]
    ended = await table.option(EndBuying)
    assert private_reply(ended) is None
    final = (await service(table.env).games.peek(game.id)).state
    assert final is not None and final.over and not final.monsters[before.active].alive


async def test_a_private_warning_leaves_no_view_behind_and_its_button_still_works(
        table: Table) -> None:
    """discord.py keeps a view it sends unless it is stopped, and gives one sent privately a
    15-minute expiry task: the bot sends its views stopped (its buttons are routed by their
    custom ids), so a private message leaves no task behind and still answers its button."""
    game = await table.start_game(players=2)
    await rewrite_state(table.env, game.id, _active(
        3, 20, face_up=("jet_fighters", "corner_store", "tank")))
    await table.roll_and_stop(QUIET_DICE)
    before = await _state(table)
    _game, _decision, clicker = await table.asked()
    asked = await table.click(f"o{_buy_number(before, 'jet_fighters')}")
    assert asked.response is not None

    expiry_tasks = [task for task in asyncio.all_tasks()
                    if "timeout_task" in task.get_coro().__qualname__]
    assert expiry_tasks == []
    confirmed = await clicker.click(asked.response.message, label=CONFIRM_ANYWAY)
    assert confirmed.acknowledged
    final = (await service(table.env).games.peek(game.id)).state
    assert final is not None and not final.monsters[before.active].alive
