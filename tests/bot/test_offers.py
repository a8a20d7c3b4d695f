"""Standing orders offered where they are needed: the Stay/Yield question offers "📋 Always
yield at ≤ N❤️" (N: the hearts the hit leaves), the buy step "📋 Skip buying from now on".
One click sets the order and answers the question as the order does; the player is told
privately, and 📋 My monster undoes it. Only the player asked may take it."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import discord
import msgspec
import pytest
from bot_harness import Table, private_reply, rewrite_state, service
from simcord import InteractionResult

from bot.discord.views import board_view
from bot.table.model import Chronicle, ClickRefused, Game, Lobby, StandingOrder
from bot.table.orders import offer_code
from bot.table.suggestions import suggestions
from engine import (
    CARDS,
    Card,
    Edition,
    EndBuying,
    GameState,
    GameType,
    Options,
    Roll,
    StopRolling,
    apply,
    create_game,
)
from engine.ai import HeuristicPlayer
from engine.players import RandomPlayer

MY_MONSTER = "📋 My monster"
QUIET_DICE = ["1", "2", "3", "1", "2", "3"]


async def _board(table: Table) -> discord.Message:
    """The game's live board."""
    return table.message((await table.game()).board_message_id or 0)


def _buttons(message: discord.Message) -> dict[str, str]:
    """The message's buttons: label by custom id."""
    return {item.custom_id or "": item.label or "" for row in message.components
            for item in row.children if isinstance(item, discord.Button)}


def _panel(result: InteractionResult) -> discord.Message:
    """The private panel that answered a click on 📋 My monster."""
    assert result.response is not None and result.ephemeral
    return result.response.message


async def _state(table: Table) -> GameState:
    state = (await table.game()).state
    assert state is not None
    return state


async def _hit_in_tokyo(table: Table, players: int = 2) -> tuple[int, int]:
    """The first monster enters Tokyo; the next hits it with 2 smashes and stops: the first
    is asked to stay or yield with 8❤️ left. Returns (game id, the first seat)."""
    game = await table.start_game(players=players)
    first = (await _state(table)).active
    await table.smash_turn(smashes=1)  # enters Tokyo City
    await table.roll_and_stop(["smash", "smash", "1", "2", "3", "1"])
    state = await _state(table)
    assert [(d.kind, d.seat) for d in state.pending] == [("yield", first)]
    return game.id, first


async def test_the_yield_offer_sets_the_order_and_yields_now(table: Table) -> None:
    game_id, first = await _hit_in_tokyo(table)
    decision = (await _state(table)).pending[0]
    board = (await _board(table))
    offer = f"kot:g:{game_id}:{decision.id}:y8"
    assert _buttons(board)[offer] == "📋 Always yield at ≤ 8❤️"
    player = table.player((await table.game()).seats[first])

    taken = await player.click(board, custom_id=offer)

    assert private_reply(taken) == (
        "📋 Standing order set: you yield Tokyo whenever a hit leaves you 8❤️ or fewer, so you "
        'yielded now. To undo it: **📋 My monster**, then "Yield: ask me".')
    game = await table.game()
    state = game.playing_state()
    assert state.city is not None and state.city != first  # the hitter took Tokyo
    assert state.monsters[first].hearts == 8
    assert all(d.kind != "yield" for d in state.pending)
    assert game.chronicle.orders.entries == (StandingOrder(first, yield_at=8),)
    log = "\n".join(m.embeds[0].description or "" for m in table.channel.history() if m.embeds)
    assert "standing order answered (yield at 8❤️ or fewer)" in log


async def test_the_yield_order_taken_answers_the_next_hit_too(table: Table) -> None:
    _game_id, first = await _hit_in_tokyo(table)
    await table.click("y8")
    # The first monster hits the hitter, which yields: the first is back in Tokyo...
    assert (await _state(table)).active == first
    await table.smash_turn(smashes=1, stay=False)
    assert (await _state(table)).city == first
    # ... and the next hit leaves it 7❤️: the order yields without asking.
    await table.roll_and_stop(["smash", "1", "2", "3", "1", "2"])
    state = await _state(table)
    assert state.monsters[first].hearts == 7
    assert state.city != first and all(d.kind != "yield" for d in state.pending)


async def test_someone_else_cannot_take_the_yield_offer(table: Table) -> None:
    game_id, first = await _hit_in_tokyo(table, players=3)
    game = await table.game()
    before = game.state
    decision = game.playing_state().pending[0]
    offer = f"kot:g:{game_id}:{decision.id}:y8"
    first_monster = game.playing_state().monsters[first].name
    for clicker in (table.player(game.seats[(first + 1) % 3]), table.players[5]):
        refused = await clicker.click((await _board(table)), custom_id=offer)
        assert refused.ephemeral
        reply = private_reply(refused) or ""
        assert ("This question is for" in reply and first_monster in reply) or (
            "not playing in this game" in reply), reply
    after = await table.game()
    assert after.state == before and after.chronicle.orders.entries == ()


async def test_an_offer_the_question_did_not_make_is_refused(table: Table) -> None:
    await _hit_in_tokyo(table)
    game = await table.game()
    asked = game.seats[game.playing_state().pending[0].seat]
    decision = game.playing_state().pending[0].id

    async def show(game_id: int) -> None:
        raise AssertionError("nothing to show")

    # A forged button (no board shows it): 3❤️ is not what the hit leaves; no buy step.
    for code in ("y3", "y9", "n0"):
        with pytest.raises(ClickRefused) as refused:
            await service(table.env).take_offer(game.id, asked, decision, code, show)
        assert refused.value.detail_in("en") == "That button is not one this bot knows."
    after = await table.game()
    assert after.state == game.state and after.chronicle == game.chronicle


async def test_the_order_taken_shows_in_the_panel_and_the_panel_undoes_it(table: Table) -> None:
    game_id, first = await _hit_in_tokyo(table)
    await table.click("y8")
    player = table.player((await table.game()).seats[first])
    panel = _panel(await player.click((await _board(table)), label=MY_MONSTER))
    assert panel.embeds[0].fields[0].value == (
        "Stay or yield: yield at 8❤️ or fewer, else ask me · Buying: ask me")
    yield_menu = next(item for row in panel.components for item in row.children
                      if item.custom_id == f"kot:o:{game_id}:yield")
    assert isinstance(yield_menu, discord.SelectMenu)
    assert [o.value for o in yield_menu.options if o.default] == ["8"]
    await player.select(panel, ["off"], custom_id=f"kot:o:{game_id}:yield")
    assert (await table.game()).chronicle.orders.entries == ()


def _at_the_buy_step_with(energy: int) -> Callable[[GameState], GameState]:
    def change(state: GameState) -> GameState:
        monsters = list(state.monsters)
        monsters[state.active] = msgspec.structs.replace(monsters[state.active], energy=energy)
        return msgspec.structs.replace(state, monsters=tuple(monsters))
    return change


async def _buy_step(table: Table, players: int = 2) -> tuple[int, int]:
    """A new game's first monster rolls nothing that scores, with 30⚡: asked what to buy.
    Returns (game id, its seat)."""
    await table.start_game(players=players)
    return await _buy_step_now(table)


async def _buy_step_now(table: Table) -> tuple[int, int]:
    """The active monster, with 30⚡, rolls nothing that scores: asked what to buy."""
    game = await table.game()
    active = (await _state(table)).active
    await rewrite_state(table.env, game.id, _at_the_buy_step_with(30))
    await table.roll_and_stop(QUIET_DICE)
    state = await _state(table)
    assert [(d.kind, d.seat) for d in state.pending] == [("buy", active)]
    return game.id, active


async def test_the_skip_buying_offer_sets_the_order_and_ends_the_buy_step(table: Table) -> None:
    game_id, active = await _buy_step(table)
    decision = (await _state(table)).pending[0]
    board = (await _board(table))
    offer = f"kot:g:{game_id}:{decision.id}:n0"
    assert _buttons(board)[offer] == "📋 Skip buying from now on"
    player = table.player((await table.game()).seats[active])
    energy = (await _state(table)).monsters[active].energy

    taken = await player.click(board, custom_id=offer)

    assert private_reply(taken) == (
        "📋 Standing order set: you skip buying from now on, so your turn ended. To undo it: "
        '**📋 My monster**, then "Buying: ask me".')
    game = await table.game()
    state = game.playing_state()
    assert state.active != active and state.monsters[active].energy == energy  # none bought
    assert game.chronicle.orders.entries == (StandingOrder(active, buy="never"),)
    log = "\n".join(m.embeds[0].description or "" for m in table.channel.history() if m.embeds)
    assert "standing order answered (buying: always skip it)" in log

    # The next turns' buy steps are skipped, until 📋 undoes it.
    await table.smash_turn(smashes=0)
    await table.roll_and_stop(QUIET_DICE)
    state = await _state(table)
    assert state.active != active and state.monsters[active].cards == ()
    assert state.monsters[active].energy >= 30  # (the rolls add energy; none was spent)
    panel = _panel(await player.click((await _board(table)), label=MY_MONSTER))
    assert panel.embeds[0].fields[0].value == "Stay or yield: ask me · Buying: always skip it"
    await player.select(panel, ["ask"], custom_id=f"kot:o:{game_id}:buy")
    assert (await table.game()).chronicle.orders.entries == ()
    await table.smash_turn(smashes=0)
    await table.option(Roll)
    await table.option(StopRolling)
    assert (await _state(table)).pending[0].kind == "buy"


async def test_someone_else_cannot_take_the_skip_buying_offer(table: Table) -> None:
    game_id, active = await _buy_step(table, players=3)
    game = await table.game()
    decision = game.playing_state().pending[0]
    other = table.player(game.seats[(active + 1) % 3])
    refused = await other.click((await _board(table)),
                                custom_id=f"kot:g:{game_id}:{decision.id}:n0")
    assert "This question is for" in (private_reply(refused) or "")
    after = await table.game()
    assert after.state == game.state and after.chronicle.orders.entries == ()


def _rows_within_discords_limits(message: discord.Message) -> None:
    rows = [row.children for row in message.components]
    assert len(rows) <= 5 and all(len(row) <= 5 for row in rows)
    assert sum(len(row) for row in rows) <= 25


def _tentacles_and_many_cards_to_buy(state: GameState) -> GameState:
    """The active monster has Parasitic Tentacles, Made in a Lab and 50⚡; every other
    monster owns eight Keep cards: a buy step of 3 + 40 cards to buy, and Sweep."""
    monsters = list(state.monsters)
    for seat, monster in enumerate(monsters):
        if seat == state.active:
            monsters[seat] = msgspec.structs.replace(monster, energy=50, cards=(
                Card(uid=900, key="parasitic_tentacles"), Card(uid=901, key="made_in_a_lab")))
        else:
            monsters[seat] = msgspec.structs.replace(monster, cards=tuple(
                Card(uid=1000 + 10 * seat + i, key="extra_head" if i % 2 else "giant_brain")
                for i in range(8)))
    return msgspec.structs.replace(state, monsters=tuple(monsters))


async def test_the_busiest_buy_step_keeps_its_controls_the_offer_and_the_panel(
        table: Table) -> None:
    game = await table.start_game(players=6)
    await rewrite_state(table.env, game.id, _tentacles_and_many_cards_to_buy)
    await table.roll_and_stop(QUIET_DICE)
    game = await table.game()
    decision = game.playing_state().pending[0]
    assert decision.kind == "buy" and len(decision.options) > 25
    board = (await _board(table))
    _rows_within_discords_limits(board)
    labels = _buttons(board)
    assert labels[f"kot:g:{game.id}:{decision.id}:n0"] == "📋 Skip buying from now on"
    assert MY_MONSTER in labels.values() and "End turn" in labels.values()


def _two_in_tokyo(state: GameState) -> GameState:
    """Tokyo City and Tokyo Bay taken by the two monsters after the active one."""
    count = len(state.monsters)
    return msgspec.structs.replace(state, city=(state.active + 1) % count,
                                   bay=(state.active + 2) % count)


async def test_both_monsters_in_tokyo_get_their_own_offer(table: Table) -> None:
    game = await table.start_game(players=5)
    await rewrite_state(table.env, game.id, _two_in_tokyo)
    await table.roll_and_stop(["smash", "smash", "smash", "1", "2", "3"])
    game = await table.game()
    state = game.playing_state()
    assert [d.kind for d in state.pending] == ["yield", "yield"]
    board = (await _board(table))
    _rows_within_discords_limits(board)
    labels = _buttons(board)
    for decision in state.pending:
        name = state.monsters[decision.seat].name
        assert labels[f"kot:g:{game.id}:{decision.id}:y7"] == f"{name}: 📋 Always yield at ≤ 7❤️"
    # One takes it: it yields; the other is still asked.
    city = state.pending[0]
    player = table.player(game.seats[city.seat])
    await player.click(board, custom_id=f"kot:g:{game.id}:{city.id}:y7")
    after = await _state(table)
    assert [d.seat for d in after.pending] == [state.pending[1].seat]


async def test_the_offers_speak_the_games_language_and_answer_in_the_askers(
        table: Table, client_locales: dict[int, str]) -> None:
    client_locales[table.players[0].id] = "es-ES"  # the host: a Spanish game
    game_id, first = await _hit_in_tokyo(table)
    game = await table.game()
    assert game.language == "es"
    offer = f"kot:g:{game_id}:{game.playing_state().pending[0].id}:y8"
    board = await _board(table)
    assert _buttons(board)[offer] == "📋 Ceder siempre con ≤ 8❤️"
    player = table.player(game.seats[first])
    client_locales[player.id] = "es-ES"
    assert private_reply(await player.click(board, custom_id=offer)) == (
        "📋 Orden fija puesta: cedes Tokyo siempre que un ataque te deje con 8❤️ o menos, así "
        "que has cedido ahora. Para deshacerla: **📋 Mi monstruo** y elige «Ceder: pregúntame».")
    if (await _state(table)).pending[0].kind == "buy":  # (the hitter's, if it can buy)
        await table.option(EndBuying)
    game_id, active = await _buy_step_now(table)
    board = await _board(table)
    decision = (await _state(table)).pending[0]
    offer = f"kot:g:{game_id}:{decision.id}:n0"
    assert _buttons(board)[offer] == "📋 No comprar a partir de ahora"
    asker = table.player(game.seats[active])
    client_locales[asker.id] = "en-US"  # an English player in a Spanish game
    assert private_reply(await asker.click(board, custom_id=offer)) == (
        "📋 Standing order set: you skip buying from now on, so your turn ended. To undo it: "
        '**📋 My monster**, then "Buying: ask me".')


def _random_games() -> Iterator[GameState]:
    """Every state of random games with rich starts (cards and energy from the start), in
    each game type and size: the buy steps and Stay/Yield questions they meet."""
    for seed in range(36):
        game_type: GameType = "origins" if seed % 3 == 0 else "kot"
        edition: Edition = "2011" if seed % 3 == 2 else "2016"
        players = 2 + seed % (3 if game_type == "origins" else 5)
        rnd = random.Random(seed)
        state, _ = create_game(Options(game=game_type, edition=edition), seed, players)
        keeps = [key for key in state.deck if CARDS[key].kind == "keep"]
        state = msgspec.structs.replace(state, monsters=tuple(
            msgspec.structs.replace(monster, energy=rnd.randint(0, 30), cards=tuple(
                Card(uid=9000 + 10 * seat + i, key=key)
                for i, key in enumerate(rnd.sample(keeps, rnd.randint(0, 5)))))
            for seat, monster in enumerate(state.monsters)))
        seats = [HeuristicPlayer(seed) if rnd.random() < 0.5 else RandomPlayer(seed)
                 for _ in range(players)]
        for _step in range(2000):
            if state.over:
                break
            yield state
            decision = state.pending[0]
            state, _ = apply(state, decision.seat, seats[decision.seat].answer(state, decision))


async def test_every_question_that_offers_an_order_shows_it_within_discords_limits() -> None:
    offered = 0
    for state in _random_games():
        game = Game(id=1, guild_id=1, channel_id=1, host_id=11, status="playing",
                    lobby=Lobby(), seats=tuple(range(11, 11 + len(state.monsters))),
                    state=state, chronicle=Chronicle(), board_message_id=1)
        view = board_view(game, suggestions(game))
        assert view is not None
        rows = view.to_components()
        assert len(rows) <= 5 and all(len(row["components"]) <= 5 for row in rows)
        ids = {item["custom_id"] for row in rows for item in row["components"]}
        for decision in state.pending:
            code = offer_code(game, decision)
            if code is not None:
                assert f"kot:g:1:{decision.id}:{code}" in ids
                offered += 1
        assert "kot:m:1" in ids
    assert offered > 100  # (the games met many questions that offer one)
