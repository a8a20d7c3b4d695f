"""Standing orders: answers a player sets in advance from the "My monster" panel, as on
Board Game Arena. The moment a question they cover is asked, the service answers it for the
player, in the same change, and the board's narration says the answer came from an order:

- yield Tokyo when the hearts left after the loss are N or fewer;
- stay in Tokyo when they are more than N (0: always stay); the yield order wins where both
  apply;
- skip the buy step: when no card can be bought (only sweeping or ending the turn is left),
  or always;
- Power Up!: when to be asked whether to play an Evolution at a moment of a turn (whenever
  their deck holds a card made for it, only when their hand does, or never), and Evolutions
  never to be asked for. Those questions are passed silently: the table is not told.

Pure functions of a game; the chronicle keeps the orders in its part
``bot.table.model.StandingOrders``, a ``bot.table.model.StandingOrder`` a seat.
"""

from __future__ import annotations

from typing import cast, get_args

import msgspec

from bot.i18n import ENGLISH, say
from bot.table.model import (
    BuyOrder,
    Chronicle,
    EvolutionOrder,
    Game,
    StandingOrder,
    StandingOrders,
)
from engine import (
    EVOLUTIONS,
    Action,
    Buy,
    Choose,
    Decision,
    EndBuying,
    EvolutionMomentQuestion,
    Pass,
    Phrase,
    Stay,
    Yield,
    asked_for,
    phrase,
)

# The choices the panel's menus offer (hearts), and what each order says in words.
YIELD_CHOICES = tuple(range(1, 10))
STAY_CHOICES = tuple(range(0, 10))
BUY_WORDS: dict[BuyOrder, Phrase] = {
    "ask": phrase("table-order-ask"),
    "unaffordable": phrase("table-order-buy-unaffordable"),
    "never": phrase("table-order-buy-never"),
}
EVOLUTION_WORDS: dict[EvolutionOrder, Phrase] = {
    "deck": phrase("table-order-evolutions-deck"),
    "hand": phrase("table-order-evolutions-hand"),
    "never": phrase("table-order-evolutions-never"),
}
# The panel's menus, by field: yield, stay, buy (and, in a Power Up! game, evolutions).
ORDER_FIELDS = ("yield", "stay", "buy")
POWER_UP_FIELD = "evolutions"


def order_fields(game: Game) -> tuple[str, ...]:
    """The panel's menus in this game."""
    power_up = game.state is not None and game.state.options.power_up
    return (*ORDER_FIELDS, POWER_UP_FIELD) if power_up else ORDER_FIELDS


def yield_words(hearts: int | None) -> Phrase:
    if hearts is None:
        return phrase("table-order-ask")
    return phrase("table-order-yield-at", hearts=hearts)


def stay_words(hearts: int | None) -> Phrase:
    if hearts is None:
        return phrase("table-order-ask")
    if hearts == 0:
        return phrase("table-order-always-stay")
    return phrase("table-order-stay-above", hearts=hearts)


def order_summary(order: StandingOrder, language: str = ENGLISH,
                  power_up: bool = False) -> str:
    """The order in one line, for the panel (with its Evolutions in a Power Up! game)."""
    summary = say(language, phrase("table-order-summary", either=_either(order),
                                   buy=BUY_WORDS[order.buy]))
    if not power_up:
        return summary
    evolutions = say(language, phrase("table-order-evolutions-summary",
                                      order=EVOLUTION_WORDS[order.evolutions],
                                      never=len(order.never_asked)))
    return f"{summary}\n{evolutions}"


def _either(order: StandingOrder) -> Phrase:
    if order.yield_at is None and order.stay_above is None:
        return phrase("table-order-ask")
    if order.yield_at is not None and order.stay_above is not None:
        return phrase("table-order-yield-and-stay", yield_at=yield_words(order.yield_at),
                      stay=stay_words(order.stay_above))
    words = (yield_words(order.yield_at) if order.yield_at is not None
             else stay_words(order.stay_above))
    return phrase("table-order-else-ask", order=words)


def with_choice(order: StandingOrder, field: str, value: str) -> StandingOrder:
    """The order with one menu's choice ("off" for ask me). Raises ValueError for a value
    the menu does not offer."""
    if field == "buy":
        if value not in get_args(BuyOrder):
            raise ValueError(value)
        return msgspec.structs.replace(order, buy=cast(BuyOrder, value))
    if field == POWER_UP_FIELD:
        if value not in get_args(EvolutionOrder):
            raise ValueError(value)
        return msgspec.structs.replace(order, evolutions=cast(EvolutionOrder, value))
    choices = {"yield": YIELD_CHOICES, "stay": STAY_CHOICES}.get(field)
    if choices is None:
        raise ValueError(field)
    hearts = None if value == "off" else int(value) if value.isdigit() else -1
    if hearts is not None and hearts not in choices:
        raise ValueError(value)
    if field == "yield":
        return msgspec.structs.replace(order, yield_at=hearts)
    return msgspec.structs.replace(order, stay_above=hearts)


def with_order(chronicle: Chronicle, order: StandingOrder) -> Chronicle:
    """The chronicle with this seat's order replaced (an order that asks everything is
    dropped)."""
    others = tuple(o for o in chronicle.orders.entries if o.seat != order.seat)
    keep = (order,) if order != StandingOrder(order.seat) else ()
    return msgspec.structs.replace(chronicle, orders=StandingOrders(tuple(
        sorted((*others, *keep), key=lambda o: o.seat))))


def with_never_asked(order: StandingOrder, offered: list[str],
                     chosen: list[str]) -> StandingOrder:
    """The order once the player chose, among the Evolutions ``offered`` (a question's
    menu), those never to be asked for (``chosen``). Raises ValueError for a choice the
    menu does not offer."""
    if not set(chosen) <= set(offered):
        raise ValueError(chosen)
    kept = [key for key in order.never_asked if key not in offered]
    return msgspec.structs.replace(order, never_asked=tuple(
        key for key in EVOLUTIONS if key in {*kept, *chosen}))


def ordered_answer(game: Game, decision: Decision) -> tuple[Action, Phrase | None] | None:
    """The answer the player's standing order gives to this question, with the line that
    tells the table (None: told nothing); None when the order leaves it to the player (or
    the seat is an AI's)."""
    if game.ai_level(decision.seat) is not None:
        return None
    order = game.chronicle.orders.of(decision.seat)
    if decision.power == EvolutionMomentQuestion.key:
        return None if asks_for_evolutions(game, decision, order) else (_pass(decision), None)
    monster = game.playing_state().monsters[decision.seat].name
    if decision.kind == "yield":
        hearts = game.playing_state().monsters[decision.seat].hearts - decision.amount
        if order.yield_at is not None and hearts <= order.yield_at:
            return _answer(decision, Yield, monster, yield_words(order.yield_at))
        if order.stay_above is not None and hearts > order.stay_above:
            return _answer(decision, Stay, monster, stay_words(order.stay_above))
    if decision.kind == "buy" and order.buy != "ask":
        can_buy = any(isinstance(option, Buy | Choose) for option in decision.options)
        if order.buy == "never" or not can_buy:
            return _answer(decision, EndBuying, monster,
                           phrase("table-order-buying", order=BUY_WORDS[order.buy]))
    return None


def asks_for_evolutions(game: Game, decision: Decision, order: StandingOrder) -> bool:
    """Whether the player's order lets this moment's question be asked of them: some
    Evolution it is asked for is not one they are never asked for (and, with "hand", is
    in their hand)."""
    if order.evolutions == "never":
        return False
    wanted = [key for key in asked_for(game.playing_state(), decision)
              if key not in order.never_asked]
    if order.evolutions == "hand":
        hand = game.playing_state().monsters[decision.seat].evolution_hand
        wanted = [key for key in wanted if key in hand]
    return bool(wanted)


def _pass(decision: Decision) -> Action:
    return next(o for o in decision.options
                if isinstance(o, Choose) and isinstance(o.choice, Pass))


def _answer(decision: Decision, kind: type[Action], monster: str,
            words: Phrase) -> tuple[Action, Phrase] | None:
    option = next((o for o in decision.options if isinstance(o, kind)), None)
    if option is None:
        return None
    return option, phrase("table-order-answered", monster=monster, order=words)


# --- orders offered where they are needed: on the board, beside the question they answer --

# The codes of the offers' buttons (``bot.discord.views``): "y<hearts>" sets "yield at that
# many hearts or fewer" at the Stay/Yield question, "n0" sets "always skip buying" at the
# buy step.
YIELD_OFFER, SKIP_BUYING_OFFER = "y", "n"
OFFER_CODES = (YIELD_OFFER, SKIP_BUYING_OFFER)


def offered_yield_at(game: Game, decision: Decision) -> int | None:
    """The N of the "always yield at N❤️ or fewer" a Stay/Yield question offers: the hearts
    the player is left with after the loss, so that choosing it yields now too (None: no
    offer, for an AI's seat or hearts the panel's menu does not offer)."""
    if decision.kind != "yield" or game.ai_level(decision.seat) is not None:
        return None
    hearts = game.playing_state().monsters[decision.seat].hearts - decision.amount
    return hearts if hearts in YIELD_CHOICES else None


def offers_skip_buying(game: Game, decision: Decision) -> bool:
    """Whether the buy step offers "skip buying from now on" (a person's, with an order
    that does not skip it always already)."""
    return (decision.kind == "buy" and game.ai_level(decision.seat) is None
            and game.chronicle.orders.of(decision.seat).buy != "never")


def offer_code(game: Game, decision: Decision) -> str | None:
    """The code of the order the board offers beside this question; None for none."""
    hearts = offered_yield_at(game, decision)
    if hearts is not None:
        return f"{YIELD_OFFER}{hearts}"
    return f"{SKIP_BUYING_OFFER}0" if offers_skip_buying(game, decision) else None


def with_offer(game: Game, decision: Decision, code: str) -> StandingOrder:
    """The player's order once they took the offer ``code`` at this question. Raises
    ValueError for a code the question does not offer (a forged button): an offer always
    answers its question at once, as the order it sets would."""
    if code != offer_code(game, decision):
        raise ValueError(code)
    order = game.chronicle.orders.of(decision.seat)
    if code.startswith(YIELD_OFFER):
        return msgspec.structs.replace(order, yield_at=int(code[1:]))
    return msgspec.structs.replace(order, buy="never")
