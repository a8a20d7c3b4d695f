"""Miraculous Catch (Space Penguin, permanent): once in each of its turns, in its buy step,
its owner may shuffle the power-card discard pile and turn up its top card; it may buy that
card for 1 energy less than it would pay, or leave it on the pile (docs/rulings.md 83). With
Superior Alien Technology, it may buy a Keep card so for half that price, rounded up, with a
UFO token.

The card turned up stays on top of the pile while its owner is asked (the question names it
to everyone: it is face up); a Discard card bought resolves and goes back to the pile."""

from __future__ import annotations

from msgspec.structs import replace

from engine.actions import Choice, Pass, PickDiscarded, UseCard
from engine.card_ai import Judge, choices
from engine.core import (
    Ctx,
    IllegalAction,
    buying,
    card_bought,
    card_cost,
    card_word,
    pay_energy,
    powers_of,
    replace_card,
    take_bought,
)
from engine.evolution import Evolution, register_evolution
from engine.evolutions.superior_alien_technology import (
    SuperiorAlienTechnology,
    half_price,
    is_keep,
    kept_share,
    mark,
    may_mark,
)
from engine.phrases import Phrase, phrase
from engine.state import Card, Decision, GameState

# How much less the card turned up costs.
LESS = 1


@register_evolution
class MiraculousCatch(Evolution):
    key = "miraculous_catch"
    ai_worth = 1.5

    def buy_step_available(self, ctx: Ctx, seat: int, card: Card) -> bool:
        return card.used_turn != ctx.turn.number and bool(ctx.s.discard)

    def use_label(self, state: GameState, card: Card) -> Phrase:
        return phrase("cardq-miraculous_catch-use")

    def use(self, ctx: Ctx, seat: int, card: Card, loss_index: int | None) -> None:
        replace_card(ctx, seat, replace(card, used_turn=ctx.turn.number))
        pile = list(ctx.s.discard)
        ctx.shuffle(pile)
        ctx.set(discard=tuple(pile))
        self.ask(ctx, seat, card, self.key, _purchases(ctx.s, seat), Pass())

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        return phrase("cardq-miraculous_catch-prompt", card=card_word(state, self.key),
                      caught=card_word(state, state.discard[-1]))

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        key = state.discard[-1]
        if isinstance(choice, PickDiscarded):
            return phrase("cardq-miraculous_catch-buy", cost=reduced_cost(state, decision.seat,
                                                                          key))
        if isinstance(choice, UseCard):
            return phrase("cardq-miraculous_catch-buy-half",
                          cost=half_price(reduced_cost(state, decision.seat, key)))
        return phrase("cardq-miraculous_catch-leave")

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        if isinstance(choice, Pass):
            return
        seat = decision.seat
        key = ctx.s.discard[-1]
        if choice not in _purchases(ctx.s, seat):
            raise IllegalAction(phrase("refusal-moment-passed"))
        cost = reduced_cost(ctx.s, seat, key)
        if isinstance(choice, UseCard):
            cost = half_price(cost)
        pay_energy(ctx, seat, cost, buying(ctx.s, key))
        ctx.set(discard=ctx.s.discard[:-1])
        card_bought(ctx, seat, key, cost, from_discard=True)
        bought = Card(uid=ctx.new_uid(), key=key)
        take_bought(ctx, seat, bought)
        if isinstance(choice, UseCard):
            mark(ctx, seat, bought.uid)

    def ai_buy_step_use(self, judge: Judge, state: GameState, seat: int) -> float:
        """What the card turned up is worth on average, each card of the pile as likely."""
        pile = state.discard
        worth = {key: max(0.0, _best(judge, state, seat, key, _purchases(state, seat, key))[1])
                 for key in set(pile)}
        return sum(worth[key] for key in pile) / len(pile) if pile else -1.0

    def ai_answer(self, judge: Judge, state: GameState, decision: Decision) -> Choice | None:
        choice, worth = _best(judge, state, decision.seat, state.discard[-1], choices(decision))
        return choice if worth > 0 else Pass()


def reduced_cost(state: GameState, seat: int, key: str) -> int:
    """What ``seat`` pays for the card ``key`` turned up: 1 energy less than it would."""
    return max(0, card_cost(state, seat, key) - LESS)


def _purchases(state: GameState, seat: int, key: str | None = None) -> tuple[Choice, ...]:
    """The answers to the question about the card ``key`` (by default the one turned up, on
    top of the pile): buy it for 1 energy less, buy it for half of that with a UFO token
    (Superior Alien Technology), leave it."""
    key = state.discard[-1] if key is None else key
    energy = state.monsters[seat].energy
    cost = reduced_cost(state, seat, key)
    found: list[Choice] = [PickDiscarded(key=key)] if cost <= energy else []
    technology = next((card for card, power in powers_of(state, seat)
                       if power.key == SuperiorAlienTechnology.key), None)
    if (technology is not None and is_keep(key) and may_mark(state, seat)
            and half_price(cost) <= energy):
        found.append(UseCard(uid=technology.uid))
    return (*found, Pass())


def _best(judge: Judge, state: GameState, seat: int, key: str,
          offered: list[Choice] | tuple[Choice, ...]) -> tuple[Choice, float]:
    """(AI) The purchase of the card ``key`` worth most among those ``offered``, and its
    worth (0 for leaving it)."""
    saved = (card_cost(state, seat, key) - reduced_cost(state, seat, key)) * judge.spend
    best: tuple[Choice, float] = (Pass(), 0.0)
    for choice in offered:
        if isinstance(choice, PickDiscarded):
            worth = judge.net_value(state, seat, key) + saved
        elif isinstance(choice, UseCard):
            cost = half_price(reduced_cost(state, seat, key))
            worth = (judge.keep_value(state, seat, key) * kept_share(judge, state)
                     - cost * judge.spend)
        else:
            continue
        if worth > best[1]:
            best = (choice, worth)
    return best
