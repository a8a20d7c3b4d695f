"""Exotic Arms (Alienoid, permanent): at the start of each of its owner's turns, before it
rolls, it may put 2 energy on the card (used face up at the "turn_start" moment, as Energy
Sword is; the default stakes nothing). Staked, final dice with 3 Smashes or more give the 2
energy back and each monster the Smashes wound loses 2 hearts more; otherwise the 2 energy
are lost and the owner loses 2 hearts (docs/rulings.md 75)."""

from __future__ import annotations

from msgspec.structs import replace

from engine.card_ai import Judge
from engine.cards.smash_adders import add_damage
from engine.core import (
    Ctx,
    card_reason,
    gain_energy,
    max_hearts,
    pay_energy,
    replace_card,
)
from engine.evolution import Evolution, register_evolution
from engine.phrases import Phrase, phrase
from engine.state import Card, Face, GameState, Loss
from engine.steps import EvolutionMoment

STAKE = 2
SMASHES_NEEDED = 3
EXTRA = 2
HEARTS_LOST = 2
# (AI) How often the heuristic's final dice show 3 Smashes or more, outside Tokyo and in it
# (measured over its own Power Up! games of 4 monsters: it does not aim for them).
_CHANCE_OUTSIDE = 0.15
_CHANCE_IN_TOKYO = 0.27


@register_evolution
class ExoticArms(Evolution):
    key = "exotic_arms"
    ai_worth = 1.0

    def usable_at(self, state: GameState, seat: int, card: Card,
                  moment: EvolutionMoment) -> bool:
        # (A stake from a turn whose dice never resolved stays on the card for this one.)
        turn = state.turn
        return (moment == "turn_start" and turn is not None and turn.seat == seat
                and not card.tokens and state.monsters[seat].energy >= STAKE)

    def use_at(self, ctx: Ctx, seat: int, card: Card, moment: EvolutionMoment) -> None:
        pay_energy(ctx, seat, STAKE, card_reason(ctx.s, self.key))
        replace_card(ctx, seat, replace(card, tokens=STAKE))  # (the stake lies on the card)

    def use_label(self, state: GameState, card: Card) -> Phrase:
        return phrase("cardq-exotic_arms-stake", energy=STAKE, smashes=SMASHES_NEEDED)

    def status(self, state: GameState, card: Card) -> Phrase | None:
        return phrase("status-energy-stored", energy=card.tokens) if card.tokens else None

    def on_dice_resolved(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...],
                         smashes: int) -> None:
        """The stake is settled as the dice resolve: back on a hit, lost otherwise. Its
        hearts (more for the wounded, or the owner's 2) come with the Smashes' losses; the
        card's used_turn says, until then, that this turn's stake waits for them."""
        if not card.tokens:
            return
        replace_card(ctx, seat, replace(card, tokens=0, used_turn=ctx.turn.number))
        if smashes >= SMASHES_NEEDED:
            gain_energy(ctx, seat, STAKE, card_reason(ctx.s, self.key), recovery=True)

    def smash_losses(self, ctx: Ctx, seat: int, card: Card, smashes: int,
                     targets: tuple[int, ...], losses: tuple[Loss, ...]) -> tuple[Loss, ...]:
        if not self._settle(ctx, seat, card):
            return losses
        if smashes >= SMASHES_NEEDED:
            return add_damage(ctx, seat, self.key, EXTRA, losses)
        return (*losses, self._backfire(seat))

    def on_tokyo_taken(self, ctx: Ctx, seat: int, card: Card) -> tuple[Loss, ...]:
        """(2011) The first Smashes into an empty Tokyo take it and deal no damage: a stake
        lost there still costs the owner its hearts, with the entry's losses."""
        smashes = ctx.turn.dice.count("smash") + ctx.turn.added_smashes
        if not self._settle(ctx, seat, card) or smashes >= SMASHES_NEEDED:
            return ()
        return (self._backfire(seat),)

    def _settle(self, ctx: Ctx, seat: int, card: Card) -> bool:
        """Whether this turn's stake still waits for its hearts (then it no longer does)."""
        if card.used_turn != ctx.turn.number:
            return False
        replace_card(ctx, seat, replace(card, used_turn=-1))
        return True

    def _backfire(self, seat: int) -> Loss:
        return Loss(target=seat, amount=HEARTS_LOST, source="card", by=seat)

    def ai_uses_at(self, judge: Judge, state: GameState, seat: int,
                   moment: EvolutionMoment) -> bool:
        """Stake when the hearts it would add, as often as the dice show 3 Smashes, are
        worth more than the energy and the hearts lost the rest of the time."""
        me = state.monsters[seat]
        if me.hearts <= HEARTS_LOST:
            return False
        in_tokyo = state.in_tokyo(seat)
        chance = _CHANCE_IN_TOKYO if in_tokyo else _CHANCE_OUTSIDE
        wounded = ([o for o in judge.others(state, seat) if not state.in_tokyo(o)] if in_tokyo
                   else [o for o in (state.city, state.bay) if o is not None])
        hit = sum(judge.damage_value(state, seat, other, SMASHES_NEEDED + EXTRA)
                  - judge.damage_value(state, seat, other, SMASHES_NEEDED) for other in wounded)
        missed = (STAKE * judge.spend
                  + judge.heart_worth(me.hearts - HEARTS_LOST, HEARTS_LOST,
                                      max_hearts(state, seat)))
        return chance * hit > (1 - chance) * missed
