"""The behaviour of each implemented power card, one class per card.

A card not listed here is not implemented yet and is never dealt (see ``implemented_keys``).
Rulings we chose where the sources leave room are in docs/rulings.md; each is pinned by a
scenario under scenarios/.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from msgspec.structs import replace

from engine import events as ev
from engine.card_table import CARDS
from engine.core import (
    POWERS,
    Ctx,
    IllegalAction,
    Power,
    current_card,
    enter_tokyo,
    face_up_slot,
    find_card,
    gain_energy,
    gain_vp,
    heal,
    leave_tokyo,
    lose_vp,
    max_hearts,
    pay_energy,
    queue_losses,
    register,
    remove_card,
    replace_card,
    stop_copying,
    trim_hearts,
)
from engine.state import Card, Decision, Loss

# --- Keep cards -------------------------------------------------------------------------


@register
class ExtraHead(Power):
    key = "extra_head"
    extra_dice = 1


@register
class GiantBrain(Power):
    key = "giant_brain"
    extra_rolls = 1


@register
class AlienOrigin(Power):
    key = "alien_origin"
    discount = 1


@register
class EvenBigger(Power):
    key = "even_bigger"
    max_hearts = 12

    def on_gain(self, ctx: Ctx, seat: int, card: Card) -> None:
        heal(ctx, seat, 2, "Even Bigger")

    def on_lose(self, ctx: Ctx, seat: int, card: Card) -> None:
        # The maximum goes back to 10; hearts above it are lost (docs/rulings.md).
        trim_hearts(ctx, seat)


@register
class ArmorPlating(Power):
    key = "armor_plating"
    prevent_order = 0

    def prevents(self, amount: int) -> bool:
        return amount == 1

    def prevent(self, ctx: Ctx, seat: int, card: Card, amount: int) -> int:
        ctx.emit(ev.LossPrevented(seat=seat, amount=1, card=self.key))
        return 0


@register
class Camouflage(Power):
    key = "camouflage"
    prevent_order = 1

    def prevent(self, ctx: Ctx, seat: int, card: Card, amount: int) -> int:
        dice = ctx.roll_dice(amount)
        ctx.emit(ev.CamouflageRolled(seat=seat, dice=dice))
        saved = dice.count("heart")
        if saved:
            ctx.emit(ev.LossPrevented(seat=seat, amount=saved, card=self.key))
        return amount - saved


@register
class Wings(Power):
    key = "wings"
    use_label = "pay 2 energy: lose no hearts for the rest of this turn"

    def reaction_available(self, ctx: Ctx, seat: int, card: Card, loss: Loss) -> bool:
        return ctx.mon(seat).energy >= 2

    def use(self, ctx: Ctx, seat: int, card: Card, loss_index: int | None) -> None:
        pay_energy(ctx, seat, 2, "Wings")
        ctx.set_mon(seat, wings_turn=ctx.turn.number)
        if loss_index is not None:
            losses = ctx.turn.losses
            loss = losses[loss_index]
            ctx.emit(ev.LossPrevented(seat=seat, amount=loss.amount, card=self.key))
            cancelled = replace(loss, amount=0, settled=True)
            ctx.set_turn(losses=(*losses[:loss_index], cancelled, *losses[loss_index + 1 :]))


@register
class RapidHealing(Power):
    key = "rapid_healing"
    use_label = "pay 2 energy: gain 1 heart"

    def _can_heal(self, ctx: Ctx, seat: int) -> bool:
        monster = ctx.mon(seat)
        return monster.energy >= 2 and monster.hearts < max_hearts(ctx.s, seat)

    def reaction_available(self, ctx: Ctx, seat: int, card: Card, loss: Loss) -> bool:
        # Offered when the loss would knock the monster out; at other times it is a buy-step
        # action on the owner's turn, so players are not asked at every scratch.
        return loss.amount >= ctx.mon(seat).hearts and self._can_heal(ctx, seat)

    def buy_step_available(self, ctx: Ctx, seat: int, card: Card) -> bool:
        return self._can_heal(ctx, seat)

    def use(self, ctx: Ctx, seat: int, card: Card, loss_index: int | None) -> None:
        pay_energy(ctx, seat, 2, "Rapid Healing")
        heal(ctx, seat, 1, "Rapid Healing")


@register
class Jets(Power):
    key = "jets"
    yield_cancels_loss = True


@register
class Opportunist(Power):
    key = "opportunist"
    opportunist = True

    def answer(self, ctx: Ctx, decision: Decision, choice: str) -> None:
        if choice == "pass":
            return
        slot = face_up_slot(ctx.s, int(choice.removeprefix("buy:")))
        if slot is None:
            raise IllegalAction("that card is no longer on offer")
        from engine.rules import buy_face_up  # the buy step lives with the rules

        buy_face_up(ctx, decision.seat, slot)


@register
class PsychicProbe(Power):
    key = "psychic_probe"
    probes = True

    def answer(self, ctx: Ctx, decision: Decision, choice: str) -> None:
        if choice == "pass":
            return
        index = int(choice.removeprefix("die:"))
        face = ctx.roll_die()
        dice = list(ctx.turn.dice)
        dice[index] = face
        ctx.set_turn(dice=tuple(dice))
        ctx.emit(ev.DiceRolled(seat=ctx.turn.seat, dice=tuple(dice), rerolled=(index,),
                               card=self.key))
        if face == "heart":
            # The card used (a Mimic, if the Mimic was copying Psychic Probe) is discarded.
            assert decision.card_uid is not None
            card = current_card(ctx, decision.seat, decision.card_uid)
            if card is not None:
                remove_card(ctx, decision.seat, card, "Psychic Probe rerolled a heart")


@register
class SmokeCloud(Power):
    key = "smoke_cloud"

    def on_gain(self, ctx: Ctx, seat: int, card: Card) -> None:
        replace_card(ctx, seat, replace(card, tokens=3))

    def extra_roll_available(self, ctx: Ctx, seat: int, card: Card) -> bool:
        return card.tokens > 0

    def spend_extra_roll(self, ctx: Ctx, seat: int, card: Card) -> None:
        if card.tokens > 1:
            replace_card(ctx, seat, replace(card, tokens=card.tokens - 1))
        else:
            # The last token is spent: the card (or the Mimic carrying the tokens) goes.
            remove_card(ctx, seat, card, "its last smoke token was used")


class TokenGiver(Power):
    """Each monster that loses hearts to the owner's smashes gets one token (a field of
    Monster); the token stays even if the card later leaves play."""

    token: ClassVar[Literal["poison", "shrink"]]

    def on_smash_hit(self, ctx: Ctx, seat: int, card: Card, target: int) -> None:
        ctx.set_mon(target, **{self.token: getattr(ctx.mon(target), self.token) + 1})
        ctx.emit(ev.TokensGained(seat=target, token=self.token, amount=1))


@register
class PoisonSpit(TokenGiver):
    key = "poison_spit"
    token = "poison"


@register
class ShrinkRay(TokenGiver):
    key = "shrink_ray"
    token = "shrink"


@register
class ItHasAChild(Power):
    key = "it_has_a_child"

    def on_zero_hearts(self, ctx: Ctx, seat: int, card: Card) -> bool:
        for owned in ctx.mon(seat).cards:
            if current_card(ctx, seat, owned.uid) is not None:
                remove_card(ctx, seat, owned, "It Has a Child!")
        lose_vp(ctx, seat, ctx.mon(seat).vp, "It Has a Child!")
        ctx.set_mon(seat, hearts=max_hearts(ctx.s, seat))
        leave_tokyo(ctx, seat, "restarted")
        ctx.emit(ev.Restarted(seat=seat))
        return True


@register
class Mimic(Power):
    key = "mimic"

    @staticmethod
    def targets(ctx: Ctx, mimic: Card) -> tuple[str, ...]:
        """Choices "copy:<uid>" for every Keep card in play but Mimics and the current copy."""
        choices = []
        for monster in ctx.s.monsters:
            if not monster.alive:
                continue
            for card in monster.cards:
                if card.key != "mimic" and card.uid != mimic.copies:
                    choices.append(f"copy:{card.uid}")
        return tuple(choices)

    def on_gain(self, ctx: Ctx, seat: int, card: Card) -> None:
        choices = self.targets(ctx, card)
        if choices:
            ctx.ask(seat, "mimic", choices=choices, card=card, power=self.key)

    def start_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        if ctx.mon(seat).energy < 1:
            return
        choices = self.targets(ctx, card)
        if choices:
            ctx.ask(seat, "mimic_move", choices=(*choices, "pass"), default_choice="pass",
                    card=card, power=self.key)

    def answer(self, ctx: Ctx, decision: Decision, choice: str) -> None:
        if choice == "pass":
            return
        assert decision.card_uid is not None
        mimic = current_card(ctx, decision.seat, decision.card_uid)
        target = find_card(ctx.s, int(choice.removeprefix("copy:")))
        if mimic is None or target is None:
            raise IllegalAction("that card is no longer in play")
        if decision.kind == "mimic_move":
            pay_energy(ctx, decision.seat, 1, "moving the Mimic token")
        if mimic.copies is not None:
            stop_copying(ctx, decision.seat, mimic, copied_key=None)
            mimic = current_card(ctx, decision.seat, mimic.uid)
            assert mimic is not None
        owner, copied = target
        mimic = replace(mimic, copies=copied.uid, tokens=0)
        replace_card(ctx, decision.seat, mimic)
        ctx.emit(ev.MimicPlaced(seat=decision.seat, card=copied.key, owner=owner))
        copied_power = POWERS.get(copied.key)
        if copied_power is not None:
            copied_power.on_gain(ctx, decision.seat, mimic)


# --- Discard cards ----------------------------------------------------------------------


class Instant(Power):
    """A Discard card made of simple amounts: VP and energy for the buyer, hearts gained or
    lost by the buyer, hearts or VP lost by every other monster."""

    vp: int = 0
    energy: int = 0
    hearts: int = 0
    self_loss: int = 0
    others_loss: int = 0
    others_vp_loss: int = 0

    def on_buy_discard(self, ctx: Ctx, seat: int) -> None:
        name = CARDS[self.key].name
        gain_vp(ctx, seat, self.vp, name)
        gain_energy(ctx, seat, self.energy, name)
        heal(ctx, seat, self.hearts, name)
        others = [s for s in ctx.s.alive_seats() if s != seat]
        for other in others:
            lose_vp(ctx, other, self.others_vp_loss, name)
        self.extra_effect(ctx, seat, others)
        losses = [Loss(target=o, amount=self.others_loss, source="card", by=seat) for o in others]
        if self.self_loss:
            losses.insert(0, Loss(target=seat, amount=self.self_loss, source="card", by=seat))
        queue_losses(ctx, losses)

    def extra_effect(self, ctx: Ctx, seat: int, others: list[int]) -> None:
        """What a card does beyond the plain amounts."""


def _instant(key: str, **amounts: int) -> None:
    cls = type(f"Instant_{key}", (Instant,), {"key": key, **amounts})
    register(cls)


_instant("apartment_building", vp=3)
_instant("commuter_train", vp=2)
_instant("corner_store", vp=1)
_instant("energize", energy=9)
_instant("evacuation_orders", others_vp_loss=5)
_instant("flame_thrower", others_loss=2)
_instant("gas_refinery", vp=2, others_loss=3)
_instant("heal", hearts=2)
_instant("jet_fighters", vp=5, self_loss=4)
_instant("national_guard", vp=2, self_loss=2)
_instant("nuclear_power_plant", vp=2, hearts=3)
_instant("skyscraper", vp=4)
_instant("tank", vp=4, self_loss=3)


@register
class HighAltitudeBombing(Instant):
    key = "high_altitude_bombing"
    self_loss = 3
    others_loss = 3


@register
class VastStorm(Instant):
    key = "vast_storm"
    vp = 2

    def extra_effect(self, ctx: Ctx, seat: int, others: list[int]) -> None:
        for other in others:
            lost = ctx.mon(other).energy // 2
            if lost:
                pay_energy(ctx, other, lost, "Vast Storm")


@register
class Frenzy(Instant):
    key = "frenzy"

    def extra_effect(self, ctx: Ctx, seat: int, others: list[int]) -> None:
        # The current turn finishes normally; the buyer's extra turn follows it.
        ctx.set(extra_turns=(*ctx.s.extra_turns, seat))
        ctx.emit(ev.ExtraTurnGranted(seat=seat, card=self.key))


@register
class DeathFromAbove(Instant):
    key = "death_from_above"
    vp = 2

    def extra_effect(self, ctx: Ctx, seat: int, others: list[int]) -> None:
        s = ctx.s
        if s.options.edition == "2011":
            # 2011 rulebook: a monster already in Tokyo (City or Bay) stays where it is.
            if s.in_tokyo(seat):
                return
            if s.city is not None:
                leave_tokyo(ctx, s.city, "Death From Above")
            enter_tokyo(ctx, seat, "city")
            return
        # 2016: the buyer takes Tokyo City; every other monster in Tokyo leaves.
        if s.city == seat:
            return
        for occupant in (s.city, s.bay):
            if occupant is not None:
                leave_tokyo(ctx, occupant, "Death From Above")
        enter_tokyo(ctx, seat, "city")


def implemented_keys() -> tuple[str, ...]:
    """Card keys with their behaviour implemented, in table order."""
    return tuple(key for key in CARDS if key in POWERS)
