"""Even Bigger: +2 hearts when gained, and a maximum of 12 hearts while owned. When it leaves,
the 2011 card also takes back the 2 hearts it gave, which knocks out a monster that has no
more than 2 left (docs/rulings.md 20 and 65); a 2011 game stored before that rule kept such
a monster at 1 heart: the card's rule option ``even_bigger_loss_knocks_out`` (declared with
the cards' data, ``engine.card_table.CardRules``) is off in such a game."""

from __future__ import annotations

from engine import events as ev
from engine.card_ai import Judge
from engine.core import Ctx, Power, card_reason, heal, lose_hearts, register, trim_hearts
from engine.state import Card, GameState, Loss, Options

BONUS = 2


@register
class EvenBigger(Power):
    key = "even_bigger"
    ai_worth = 3.0
    max_hearts = 12

    def on_gain(self, ctx: Ctx, seat: int, card: Card) -> None:
        heal(ctx, seat, BONUS, card_reason(ctx.s, self.key))

    def on_lose(self, ctx: Ctx, seat: int, card: Card) -> None:
        monster = ctx.mon(seat)
        options = ctx.s.options
        if loss_knocks_out(options):
            if monster.alive and monster.hearts > 0:
                # Taking back a gain is no damage anyone deals: nothing prevents it, and it is
                # nobody's doing (by=None), but 0 hearts is 0 hearts (2011 glossary).
                lose_hearts(ctx, Loss(target=seat, amount=min(BONUS, monster.hearts),
                                      source="card"))
        elif options.edition == "2011" and monster.hearts > 1:
            _take_back_keeping_one_heart(ctx, seat)
        # The maximum goes back to 10; hearts above it are lost.
        trim_hearts(ctx, seat)

    def ai_keep_adjustment(self, judge: Judge, state: GameState, seat: int) -> float:
        return judge.heart_worth(state.monsters[seat].hearts, BONUS, self.max_hearts)


def loss_knocks_out(options: Options) -> bool:
    """Does losing the card take back its 2 hearts in full, down to 0 (2011: ruling 65)?
    Not in a game stored before that ruling, whose option ``even_bigger_loss_knocks_out``
    is off; None, a new game's default, plays it."""
    return options.edition == "2011" and options.even_bigger_loss_knocks_out is not False


def _take_back_keeping_one_heart(ctx: Ctx, seat: int) -> None:
    """The 2 hearts taken back as games stored before ruling 65 played it: never below 1, and
    not a loss of hearts that any card watches."""
    hearts = ctx.mon(seat).hearts
    left = max(1, hearts - BONUS)
    ctx.set_mon(seat, hearts=left)
    ctx.emit(ev.Damaged(seat=seat, amount=hearts - left, source="card", hearts=left))
