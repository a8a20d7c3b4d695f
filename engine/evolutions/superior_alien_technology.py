"""Superior Alien Technology (Alienoid, permanent): in its buy step, its owner may buy a
face-up Keep card for half its cost (its discounts taken first), rounded up; each card bought
so gets a UFO token (``Card.ufo_token``), on at most 3 of its owner's cards. At the start of
each of its owner's turns, before it rolls, one die is rolled for each of its power cards
with a UFO token: a Smash discards that card (docs/rulings.md 82).

Each face-up Keep card it can afford so is a purchase of the buy question ("Buy Jets for half
price, with a UFO token (3⚡)"), beside the card's usual one. Miraculous Catch asks this
module whether its owner may mark a card it turns up, and at what price."""

from __future__ import annotations

from msgspec.structs import replace

from engine import events as ev
from engine.actions import Choice, PickCard
from engine.card_ai import Judge
from engine.card_table import CARDS
from engine.core import (
    Ctx,
    IllegalAction,
    buy_face_up,
    card_cost,
    card_reason,
    card_word,
    current_card,
    face_up_slot,
    remove_card,
    replace_card,
)
from engine.evolution import Evolution, register_evolution
from engine.phrases import Join, Phrase, phrase
from engine.state import Card, GameState

# How many of a monster's cards may carry a UFO token at once.
UFO_CARDS = 3
# The chance, each of its owner's turns, that a card with a UFO token is lost (a Smash).
_LOST_EACH_TURN = 1 / 6


@register_evolution
class SuperiorAlienTechnology(Evolution):
    key = "superior_alien_technology"
    ai_worth = 2.0

    def buy_offers(self, state: GameState, seat: int, card: Card) -> tuple[Choice, ...]:
        if not may_mark(state, seat):
            return ()
        energy = state.monsters[seat].energy
        return tuple(PickCard(uid=shown.uid) for shown in state.face_up
                     if is_keep(shown.key) and half_cost(state, seat, shown.key) <= energy)

    def offer_label(self, state: GameState, seat: int, card: Card, choice: Choice) -> Phrase:
        key = _offered_key(state, choice)
        if key is None:
            return phrase("cardq-superior_alien_technology-buy-a-card")
        return phrase("cardq-superior_alien_technology-buy", card=card_word(state, key),
                      cost=half_cost(state, seat, key))

    def take_offer(self, ctx: Ctx, seat: int, card: Card, choice: Choice) -> None:
        key = _offered_key(ctx.s, choice)
        if key is None or not is_keep(key) or not may_mark(ctx.s, seat):
            raise IllegalAction(phrase("refusal-not-on-offer"))
        assert isinstance(choice, PickCard)
        slot = face_up_slot(ctx.s, choice.uid)
        assert slot is not None
        buy_face_up(ctx, seat, slot, cost=half_cost(ctx.s, seat, key))
        mark(ctx, seat, choice.uid)

    def start_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        marked = [owned for owned in ctx.mon(seat).cards if owned.ufo_token]
        if not marked:
            return
        dice = ctx.roll_dice(len(marked))
        ctx.emit(ev.DiceRolled(seat=seat, dice=dice, rerolled=tuple(range(len(dice))),
                               card=self.key))
        for owned, face in zip(marked, dice, strict=True):
            if face == "smash" and current_card(ctx, seat, owned.uid) is not None:
                remove_card(ctx, seat, owned, card_reason(ctx.s, self.key))

    def status(self, state: GameState, card: Card) -> Phrase | None:
        marked = _marked_cards(state, card)
        if marked is None:
            return None
        return phrase("cardq-superior_alien_technology-status", cards=marked,
                      count=len(marked.items))

    def tokens_label(self, state: GameState, card: Card) -> Phrase | None:
        marked = _marked_cards(state, card)
        return None if marked is None else phrase(
            "cardq-superior_alien_technology-tokens", cards=replace(marked, style="comma"))

    def ai_offer_value(self, judge: Judge, state: GameState, seat: int, choice: Choice) -> float:
        """The card at half price, for the share of its worth a UFO token leaves it."""
        key = _offered_key(state, choice)
        if key is None:
            return -1.0
        worth = judge.keep_value(state, seat, key) * kept_share(judge, state)
        return worth - half_cost(state, seat, key) * judge.spend


def is_keep(key: str) -> bool:
    return CARDS[key].kind != "discard"


def half_price(cost: int) -> int:
    """Half of ``cost``, rounded up."""
    return (cost + 1) // 2


def half_cost(state: GameState, seat: int, key: str) -> int:
    """What ``seat`` pays for the card ``key`` at half price (its discounts taken first)."""
    return half_price(card_cost(state, seat, key))


def may_mark(state: GameState, seat: int) -> bool:
    """Has ``seat`` a UFO token left to put on a card (fewer than ``UFO_CARDS`` of its cards
    carry one)?"""
    return sum(owned.ufo_token for owned in state.monsters[seat].cards) < UFO_CARDS


def mark(ctx: Ctx, seat: int, uid: int) -> None:
    """Put a UFO token on ``seat``'s card ``uid``, just bought (if it still has it)."""
    owned = current_card(ctx, seat, uid)
    if owned is not None:
        replace_card(ctx, seat, replace(owned, ufo_token=True))


def kept_share(judge: Judge, state: GameState) -> float:
    """(AI) The share of a Keep card's worth left to it with a UFO token: the card is lost
    at each of its owner's turns with a chance of 1 in 6, over a game's remaining turns
    (about 10 at its start)."""
    turns = max(1.0, 10 * judge.progress(state))
    kept = 1 - _LOST_EACH_TURN
    share: float = kept * (1 - kept ** turns) / (1 - kept) / turns
    return share


def _offered_key(state: GameState, choice: Choice) -> str | None:
    """The face-up card a purchase names, or None."""
    slot = face_up_slot(state, choice.uid) if isinstance(choice, PickCard) else None
    return None if slot is None else state.face_up[slot].key


def _marked_cards(state: GameState, card: Card) -> Join | None:
    """The names of the cards with a UFO token of the monster that owns ``card``."""
    owner = next((seat for seat, monster in enumerate(state.monsters)
                  if any(c.uid == card.uid for c in monster.evolutions)), None)
    if owner is None:
        return None
    names = [card_word(state, owned.key) for owned in state.monsters[owner].cards
             if owned.ufo_token]
    return Join(tuple(names)) if names else None
