"""What one monster hands another when a Power Up! card says so: one energy or one VP, lost
by the giver and gained by the taker (a real gain: the taker's bonuses apply, as when the
monster Healing Ray heals pays for it). Mega Purr and Electric Carrot ask the giver
(``engine.actions.Give``); Play with your Food takes both."""

from __future__ import annotations

from engine.actions import Gift
from engine.card_ai import Judge
from engine.core import Ctx, gain_energy, gain_vp, lose_vp, pay_energy
from engine.phrases import Phrase
from engine.state import GameState

GIFTS: tuple[Gift, ...] = ("energy", "vp")


def has(state: GameState, seat: int, what: Gift) -> bool:
    """Has the monster an energy (or a VP) to give?"""
    monster = state.monsters[seat]
    return (monster.energy if what == "energy" else monster.vp) > 0


def hand_over(ctx: Ctx, giver: int, taker: int, what: Gift, reason: Phrase) -> None:
    """``giver`` hands ``taker`` one energy or one VP, if it has one."""
    if not has(ctx.s, giver, what):
        return
    if what == "energy":
        pay_energy(ctx, giver, 1, reason)
        gain_energy(ctx, taker, 1, reason)
    else:
        lose_vp(ctx, giver, 1, reason)
        gain_vp(ctx, taker, 1, reason)


def gift_cost(judge: Judge, state: GameState, giver: int, taker: int, what: Gift) -> float:
    """(AI) What handing ``what`` over costs ``giver``: the thing itself, and what the taker
    gains with it, weighed as an opponent's gain."""
    mine = judge.energy if what == "energy" else 1.0
    theirs = judge.energy if what == "energy" else judge.vp_value(state, taker, 1)
    return mine + theirs * judge.enemy_weight(state, giver, taker)
