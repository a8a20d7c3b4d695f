"""Power Up!'s moments through the real bot: a moment's question is shown privately (the
board names no Evolution), its private message offers "never ask me for…", and the standing
order for Evolutions ("deck", "hand", "never", and the cards never asked for) passes the
question silently when it leaves nothing to ask for."""

from __future__ import annotations

import tomllib

import discord
import pytest
from bot_harness import Table, private_menu, rewrite_state
from msgspec.structs import replace
from simcord.results import InteractionResult, ResponseMessage

from bot.discord.panel import _evolution_line
from bot.i18n import text
from bot.table.model import Chronicle, Game, Lobby, StandingOrder, StandingOrders
from bot.table.orders import order_summary, ordered_answer, with_choice, with_never_asked
from engine import EVOLUTIONS, GameState, Pass, Stay, StopRolling, apply, played_when
from tools.scenario.build import Builder

# The King (the first player) attacks Alienoid in Tokyo; Alienoid holds Anger Batteries,
# whose owner is asked at the end of every turn, and Alien Scourge; its deck holds nothing
# else.
_SETUP = """
power_up = true
[[monster]]
name = "The King"
[[monster]]
name = "Alienoid"
hand = ["Anger Batteries", "Alien Scourge"]
evolution_pile = []
[setup]
city = "Alienoid"
dice = ["smash", "smash", "smash", "1", "2", "3"]
"""


def _state(setup: str = _SETUP) -> GameState:
    return Builder(tomllib.loads(setup)).start()[0]


def _private(result: InteractionResult) -> ResponseMessage:
    shown = result.followups[0] if result.followups else result.response
    assert shown is not None and result.ephemeral
    return shown


def _words(message: discord.Message) -> str:
    return "\n".join([message.content or "", *(e.description or "" for e in message.embeds),
                      *(getattr(child, "label", "") or "" for row in message.components
                        for child in getattr(row, "children", []))])


async def _to_the_end_of_the_kings_turn(table: Table) -> Game:
    game = await table.start_game()
    await rewrite_state(table.env, game.id, lambda _state_before: _state())
    await table.option(StopRolling)
    await table.option(Stay)  # Alienoid stays in Tokyo
    game = await table.game()
    (asked,) = game.playing_state().pending
    assert asked.question == "turn_end"
    return game


async def test_a_moment_is_asked_privately_and_a_card_never_again(table: Table) -> None:
    _alice, bob = table.players[:2]
    game = await _to_the_end_of_the_kings_turn(table)
    (asked,) = game.playing_state().pending
    board = table.message(game.board_message_id or 0)
    assert "Anger Batteries" not in _words(board)
    assert "Show me privately" in _words(board)

    shown = _private(await table.click("p0", by=bob, decision=asked.id))
    assert "You can play **Anger Batteries**" in (shown.content or "")
    menu = private_menu(shown, f"kot:na:{game.id}:{asked.id}")
    assert [o["label"] for o in menu["options"]] == ["Never ask me for Anger Batteries"]
    done = await bob.select(shown, ["anger_batteries"], custom_id=f"kot:na:{game.id}:{asked.id}")
    game = await table.game()
    assert game.chronicle.orders.of(1).never_asked == ("anger_batteries",)
    # Nothing left to ask for: the question passed, silently, and Alienoid's turn began.
    state = game.playing_state()
    assert state.turn is not None and state.turn.seat == 1
    assert sorted(state.monsters[1].evolution_hand) == ["alien_scourge", "anger_batteries"]
    assert "standing order" not in _words(table.message(game.board_message_id or 0))
    assert done.response is not None and done.response.content == (
        "✅ Saved. Nothing is left to ask you for here, so you passed.")


async def test_the_panel_sets_when_evolutions_are_asked(table: Table) -> None:
    _alice, bob = table.players[:2]
    game = await table.start_game()
    await rewrite_state(table.env, game.id, lambda _state_before: _state())
    panel = _private(await bob.click(table.message(game.board_message_id or 0),
                                     custom_id=f"kot:m:{game.id}"))
    menu = private_menu(panel, f"kot:o:{game.id}:evolutions")
    assert [o["value"] for o in menu["options"]] == ["deck", "hand", "never"]
    await bob.select(panel, ["never"], custom_id=f"kot:o:{game.id}:evolutions")
    assert (await table.game()).chronicle.orders.of(1).evolutions == "never"
    # The end of The King's turn asks Alienoid nothing now.
    await table.option(StopRolling)
    await table.option(Stay)
    state = (await table.game()).playing_state()
    assert state.turn is not None and state.turn.seat == 1
    assert not any(d.question == "turn_end" for d in state.pending)


def _game(state: GameState, *orders: StandingOrder) -> Game:
    return Game(id=1, guild_id=1, channel_id=1, host_id=11, status="playing", lobby=Lobby(),
                seats=(11, 22), state=state, chronicle=Chronicle(orders=StandingOrders(orders)),
                board_message_id=None)


def _at_turn_end() -> GameState:
    state = _state()
    state, _ = apply(state, 0, StopRolling(decision=state.pending[0].id))
    (stay_question,) = state.pending
    stay = next(o for o in stay_question.options if isinstance(o, Stay))
    state, _ = apply(state, 1, stay)
    return state


@pytest.mark.parametrize(("order", "passed"), [
    (StandingOrder(1), False),
    (StandingOrder(1, evolutions="hand"), False),
    (StandingOrder(1, evolutions="never"), True),
    (StandingOrder(1, never_asked=("anger_batteries",)), True),
    (StandingOrder(1, never_asked=("alien_scourge",)), False),
])
def test_which_orders_pass_a_moment(order: StandingOrder, passed: bool) -> None:
    state = _at_turn_end()
    (asked,) = state.pending
    answer = ordered_answer(_game(state, order), asked)
    assert (answer is not None) is passed
    if answer is not None:
        action, told = answer
        assert told is None and isinstance(getattr(action, "choice", None), Pass)


def test_hand_asks_only_when_the_hand_holds_a_card_for_the_moment() -> None:
    state = _at_turn_end()
    (asked,) = state.pending
    alienoid = replace(state.monsters[1], evolution_hand=("alien_scourge",),
                       evolution_pile=("anger_batteries",))
    holding_other = replace(state, monsters=(state.monsters[0], alienoid))
    # Its deck still holds Anger Batteries: "deck" asks, "hand" passes.
    assert ordered_answer(_game(holding_other, StandingOrder(1)), asked) is None
    assert ordered_answer(_game(holding_other, StandingOrder(1, evolutions="hand")),
                          asked) is not None


def test_never_asked_keeps_the_other_moments_cards_and_refuses_unoffered_ones() -> None:
    order = StandingOrder(1, never_asked=("cold_wave",))
    changed = with_never_asked(order, ["anger_batteries"], ["anger_batteries"])
    assert changed.never_asked == ("cold_wave", "anger_batteries")
    assert with_never_asked(changed, ["anger_batteries"], []).never_asked == ("cold_wave",)
    with pytest.raises(ValueError):
        with_never_asked(order, ["anger_batteries"], ["tune_up"])
    with pytest.raises(ValueError):
        with_choice(order, "evolutions", "sometimes")
    assert with_choice(order, "evolutions", "hand").evolutions == "hand"


def test_the_panel_summary_says_the_evolutions_order_in_power_up_games_only() -> None:
    order = StandingOrder(1, evolutions="hand", never_asked=("cold_wave",))
    assert "Evolutions" not in order_summary(order, "en")
    summary = order_summary(order, "en", power_up=True)
    assert "ask me only when I hold one" in summary and "never asked for 1 card" in summary
    assert "Evoluciones" in order_summary(order, "es", power_up=True)


async def test_the_autopilot_passes_a_moment_for_an_absent_player(table: Table) -> None:
    game = await _to_the_end_of_the_kings_turn(table)
    (asked,) = game.playing_state().pending
    reaction = game.lobby.reaction_seconds
    await table.env.advance_time(reaction + 1)
    state = (await table.game()).playing_state()
    assert state.decision(asked.id) is None
    # Passed: both Evolutions still in hand (the Easy AI would have played Alien Scourge).
    assert sorted(state.monsters[1].evolution_hand) == ["alien_scourge", "anger_batteries"]
    assert state.monsters[1].vp == 0


@pytest.mark.parametrize("language", ["en", "es"])
def test_my_monster_says_when_each_evolution_in_hand_may_be_played(language: str) -> None:
    lines = {key: _evolution_line(key, language, when=True) for key in EVOLUTIONS}
    assert all("{" not in line and line.endswith(".") for line in lines.values())
    assert played_when("detachable_tail") == ("losing_hearts",)
    assert played_when("mecha_blast") == ("dice_resolving",)
    assert played_when("giant_banana") == ("any",) and played_when("nine_lives") == ()
    when = {"en": "— played when you are about to lose hearts.",
            "es": "— se juega cuando vas a perder corazones."}[language]
    assert lines["detachable_tail"].endswith(when)
    assert lines["nine_lives"].endswith(text(language, "panel-when-by-itself"))
