"""``bot.table.orders``: which answer a standing order gives, and how the panel's choices change
an order (pure functions, no Discord)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from bot.i18n import say
from bot.table.model import Chronicle, Game, Lobby, StandingOrder, StandingOrders
from bot.table.orders import (
    offer_code,
    order_summary,
    ordered_answer,
    with_choice,
    with_offer,
    with_order,
)
from engine import (
    Buy,
    Decision,
    EndBuying,
    Options,
    Stay,
    Sweep,
    Yield,
    create_game,
)


def _game(hearts: int, *orders: StandingOrder, seats: tuple[int, ...] = (11, 22)) -> Game:
    state, _ = create_game(Options(), 1, ("Alienoid", "Gigazaur"))
    state = replace(state, monsters=(replace(state.monsters[0], hearts=hearts),
                                     state.monsters[1]))
    return Game(id=1, guild_id=1, channel_id=1, host_id=11, status="playing", lobby=Lobby(),
                seats=seats, state=state, chronicle=Chronicle(orders=StandingOrders(orders)),
                board_message_id=None)


YIELD_QUESTION = Decision(id=5, seat=0, kind="yield", options=(Stay(decision=5),
                                                               Yield(decision=5)),
                          default=Stay(decision=5), amount=0)


def _buy_question(*options: object) -> Decision:
    return Decision(id=6, seat=0, kind="buy", options=(*options, EndBuying(decision=6)),
                    default=EndBuying(decision=6))


@pytest.mark.parametrize(("hearts", "expected"), [(3, Yield), (4, Yield), (5, None),
                                                  (6, None), (7, Stay)])
def test_yield_at_or_below_stay_above_and_ask_between(hearts: int, expected: type | None) -> None:
    game = _game(hearts, StandingOrder(0, yield_at=4, stay_above=6))
    answer = ordered_answer(game, YIELD_QUESTION)
    assert (None if answer is None else type(answer[0])) is expected


def test_the_yield_order_wins_where_both_apply_and_the_pending_loss_counts() -> None:
    game = _game(6, StandingOrder(0, yield_at=4, stay_above=0))
    held = replace(YIELD_QUESTION, amount=2)  # a loss a card holds until the answer
    answer = ordered_answer(game, held)
    assert answer is not None and isinstance(answer[0], Yield)
    assert say("en", answer[1]) == "📋 Alienoid's standing order answered (yield at 4❤️ or fewer)."
    stays = ordered_answer(game, YIELD_QUESTION)
    assert stays is not None and isinstance(stays[0], Stay)


def test_skip_buying_when_unaffordable_only_when_no_card_can_be_bought() -> None:
    game = _game(10, StandingOrder(0, buy="unaffordable"))
    assert ordered_answer(game, _buy_question(Buy(decision=6, slot=0))) is None
    answer = ordered_answer(game, _buy_question(Sweep(decision=6)))
    assert answer is not None and isinstance(answer[0], EndBuying)
    never = _game(10, StandingOrder(0, buy="never"))
    answer = ordered_answer(never, _buy_question(Buy(decision=6, slot=0)))
    assert answer is not None and isinstance(answer[0], EndBuying)


def test_no_order_and_ai_seats_are_asked() -> None:
    assert ordered_answer(_game(1), YIELD_QUESTION) is None
    ai = _game(1, StandingOrder(0, yield_at=9), seats=(-1, 22))
    assert ordered_answer(ai, YIELD_QUESTION) is None


def test_menu_choices_change_one_part_and_bad_values_are_refused() -> None:
    order = with_choice(StandingOrder(0), "yield", "4")
    order = with_choice(order, "stay", "0")
    order = with_choice(order, "buy", "never")
    assert order == StandingOrder(0, yield_at=4, stay_above=0, buy="never")
    assert order_summary(order) == ("Stay or yield: yield at 4❤️ or fewer, always stay · "
                                    "Buying: always skip it")
    assert with_choice(order, "yield", "off").yield_at is None
    for field, value in (("yield", "0"), ("yield", "12"), ("stay", "x"), ("buy", "maybe"),
                         ("hearts", "3")):
        with pytest.raises(ValueError):
            with_choice(order, field, value)


def test_an_order_that_asks_everything_is_dropped() -> None:
    chronicle = with_order(Chronicle(), StandingOrder(1, yield_at=3))
    assert chronicle.orders.entries == (StandingOrder(1, yield_at=3),)
    assert with_order(chronicle, StandingOrder(1)).orders.entries == ()


def test_the_offers_follow_the_hearts_left_and_the_seat() -> None:
    assert offer_code(_game(6), YIELD_QUESTION) == "y6"
    assert offer_code(_game(6), replace(YIELD_QUESTION, amount=2)) == "y4"  # a held loss
    assert offer_code(_game(10), YIELD_QUESTION) is None  # above the panel's 9❤️
    assert offer_code(_game(6, seats=(-1, 22)), YIELD_QUESTION) is None  # an AI's seat
    buy = _buy_question(Buy(decision=6, slot=0))
    assert offer_code(_game(6), buy) == "n0"
    assert offer_code(_game(6, StandingOrder(0, buy="unaffordable")), buy) == "n0"
    assert offer_code(_game(6, StandingOrder(0, buy="never")), buy) is None


def test_an_offer_taken_changes_only_its_part_of_the_order() -> None:
    game = _game(6, StandingOrder(0, yield_at=2, stay_above=7, buy="unaffordable"))
    assert with_offer(game, YIELD_QUESTION, "y6") == StandingOrder(
        0, yield_at=6, stay_above=7, buy="unaffordable")
    buy = _buy_question(Buy(decision=6, slot=0))
    assert with_offer(game, buy, "n0") == StandingOrder(0, yield_at=2, stay_above=7,
                                                        buy="never")
    for question, code in ((YIELD_QUESTION, "y5"), (YIELD_QUESTION, "n0"), (buy, "y6")):
        with pytest.raises(ValueError):
            with_offer(game, question, code)
