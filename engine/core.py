"""The working context of one ``apply`` call and the primitive game operations.

``apply`` is a pure function: it builds a :class:`Ctx` around the incoming (immutable) state,
replaces that state step by step, collects events, and returns the final state. Nothing here
mutates a state object; "set" means "replace with an updated copy".

Cards plug in through :class:`Power`, a small set of named hook points. The rules never ask
"does this monster own card X"; they ask the hook ("how many extra dice?") and every card the
monster has (a Mimic counting as the card it copies) answers.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar, Literal, cast

from msgspec.structs import replace

from engine import events as ev
from engine.actions import Action, Choice, Choose, Pass
from engine.card_ai import AI_HOOKS, Amounts, CardAi
from engine.card_table import CARDS, printed
from engine.phrases import Phrase, Ref, card_ref, phrase
from engine.rng import below, dice
from engine.state import (
    BASE_MAX_HEARTS,
    BAY_MIN_MONSTERS,
    FACES,
    Card,
    Decision,
    DecisionKind,
    Face,
    GameState,
    Loss,
    Monster,
    Place,
    Turn,
)
from engine.steps import ApplyLosses, CardWindow, React, Step, Window

RefusalCode = Literal["illegal_move", "stale_decision", "not_your_decision", "game_over"]


class IllegalAction(ValueError):
    """The action is not allowed now; the state is unchanged. ``code`` says which kind of
    refusal it is, so callers choose their reply by code, never by the message's words;
    ``phrase`` says why, for the player (the catalogs' ``refusal-`` messages). ``str()`` of
    the error is the message id, for logs."""

    code: ClassVar[RefusalCode] = "illegal_move"

    def __init__(self, said: Phrase) -> None:
        super().__init__(said.id)
        self.phrase = said


class StaleDecision(IllegalAction):
    """The action answers a decision that is no longer pending (that moment has passed)."""

    code: ClassVar[RefusalCode] = "stale_decision"


class NotYourDecision(IllegalAction):
    """The decision exists but another seat must answer it."""

    code: ClassVar[RefusalCode] = "not_your_decision"

    def __init__(self, said: Phrase, asked_seat: int) -> None:
        super().__init__(said)
        self.asked_seat = asked_seat


class GameOver(IllegalAction):
    """The game has ended: nothing more can be played."""

    code: ClassVar[RefusalCode] = "game_over"


def require_decision(state: GameState, seat: int, decision_id: int) -> Decision:
    """The pending decision ``decision_id`` if ``seat`` may answer it now; otherwise the
    refusal ``apply`` would raise (game over, stale decision, not this seat's question)."""
    if state.over:
        raise GameOver(phrase("refusal-game-over"))
    decision = state.decision(decision_id)
    if decision is None:
        raise StaleDecision(phrase("refusal-moment-passed"))
    if decision.seat != seat:
        asked = state.monsters[decision.seat].name
        raise NotYourDecision(phrase("refusal-not-yours", name=asked), decision.seat)
    return decision


class Ctx:
    """Working holder of the current state during one ``apply``.

    The fields that change at almost every step (the step queue, the pending decisions, the
    generator's counter) are kept here as plain values while the steps run and folded back
    into the immutable state once, by :meth:`result`: a third of the cost of ``apply`` was
    copying the state for them.
    """

    __slots__ = ("_forced", "_next_decision", "_rng", "_stack", "events", "pending", "s", "turn")

    def __init__(self, state: GameState) -> None:
        self.s = state
        # ``s.turn``, kept at hand (the steps read it all the time). Every step runs inside a
        # turn; None exists only before the first turn.
        self.turn: Turn = cast(Turn, state.turn)
        self.events: list[ev.Event] = []
        self.pending: list[Decision] = list(state.pending)
        # The step queue, reversed: the next step is at the end, so pushing in front is cheap.
        self._stack: list[Step] = list(reversed(state.steps))
        self._rng = state.rng
        self._forced = state.forced_dice
        self._next_decision = state.next_decision

    def result(self) -> GameState:
        """The state as it stands now."""
        return replace(
            self.s,
            steps=tuple(reversed(self._stack)),
            pending=tuple(self.pending),
            rng=self._rng,
            forced_dice=self._forced,
            next_decision=self._next_decision,
        )

    # --- state access -------------------------------------------------------------------
    def mon(self, seat: int) -> Monster:
        return self.s.monsters[seat]

    def set_mon(self, seat: int, **changes: Any) -> Monster:
        monsters = self.s.monsters
        new = replace(monsters[seat], **changes)
        self.s = replace(self.s, monsters=(*monsters[:seat], new, *monsters[seat + 1 :]))
        return new

    def set(self, **changes: Any) -> None:
        self.s = replace(self.s, **changes)
        if "turn" in changes:
            self.turn = changes["turn"]

    def set_turn(self, **changes: Any) -> None:
        if "dice" in changes and self.turn.encased:
            # (Power Up!'s Encased in Ice: nobody rerolls or changes a die it locked.)
            changes["dice"] = tuple(self.turn.dice[i] if i in self.turn.encased else face
                                    for i, face in enumerate(changes["dice"]))
        self.turn = replace(self.turn, **changes)
        self.s = replace(self.s, turn=self.turn)

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)

    def push(self, *steps: Step) -> None:
        """Run these steps next, in this order, before the steps already queued."""
        self._stack.extend(reversed(steps))

    def next_step(self) -> Step | None:
        return self._stack.pop() if self._stack else None

    def no_steps_left(self) -> bool:
        return not self._stack

    def clear_steps(self) -> None:
        self._stack.clear()

    def roll_die(self) -> Face:
        return self.roll_dice(1)[0]

    def roll_dice(self, count: int) -> tuple[Face, ...]:
        """``count`` dice: forced faces first (scenarios, tests), then the generator."""
        forced = self._forced[:count]
        if forced:
            self._forced = self._forced[len(forced) :]
        fresh = count - len(forced)
        if not fresh:
            return forced
        values, self._rng = dice(self.s.seed, self._rng, fresh)
        return forced + tuple(FACES[v] for v in values)

    def random_below(self, n: int) -> int:
        value = below(self.s.seed, self._rng, n)
        self._rng += 1
        return value

    def shuffle(self, cards: list[str]) -> None:
        """Shuffle ``cards`` in place (Fisher-Yates) from the seeded generator."""
        for i in range(len(cards) - 1, 0, -1):
            j = self.random_below(i + 1)
            cards[i], cards[j] = cards[j], cards[i]

    def ask(
        self,
        seat: int,
        kind: DecisionKind,
        options: tuple[Action, ...],
        default: Action,
        *,
        amount: int = 0,
        power: str | None = None,
        question: str = "",
        card: Card | None = None,
    ) -> Decision:
        """Add a pending decision: ``options`` (their decision ids are filled in here) and the
        ``default`` a Timeout applies. A card's question also names the ``power`` that takes
        the answer, the card's name for the ``question`` and the ``card`` asking (a Mimic
        asking as the card it copies: the Mimic, with the copied card's power)."""
        did = self._next_decision
        decision = Decision(
            id=did,
            seat=seat,
            kind=kind,
            options=tuple(replace(o, decision=did) for o in options),
            default=replace(default, decision=did),
            power=power,
            question=question,
            card_uid=None if card is None else card.uid,
            amount=amount,
        )
        self._next_decision = did + 1
        self.pending.append(decision)
        return decision

    def ask_choice(
        self, seat: int, kind: DecisionKind, choices: tuple[Choice, ...], default: Choice,
        **details: Any,
    ) -> Decision:
        """A question whose options are choices (see ``engine.actions.Choice``)."""
        options = tuple(Choose(decision=0, choice=c) for c in choices)
        return self.ask(seat, kind, options, Choose(decision=0, choice=default), **details)

    def new_uid(self) -> int:
        uid = self.s.next_uid
        self.s = replace(self.s, next_uid=uid + 1)
        return uid


# --- cards ------------------------------------------------------------------------------


class Power(CardAi):
    """The behaviour of one power card: its hooks and its questions. Subclasses (one module
    per card or small family, in ``engine.cards``) override only what the card does; the
    rules call the hooks at the moments they name, for every card a monster has (a card that
    copies another, like Mimic, answers as the card it copies). What the AI players need to
    know about the card are hooks too, inherited from ``CardAi`` (engine.card_ai)."""

    key: ClassVar[str]
    # Modifiers (summed over a monster's cards).
    extra_dice: ClassVar[int] = 0
    extra_rolls: ClassVar[int] = 0
    # Black dice every other monster rolls fewer while the owner has this card.
    others_fewer_dice: ClassVar[int] = 0
    # While the owner has this card, every other monster rolls once only and cannot yield.
    others_roll_once: ClassVar[bool] = False
    # While the owner has this card, it rolls once only (no reroll, no card's extra roll).
    rolls_once: ClassVar[bool] = False
    discount: ClassVar[int] = 0
    # The monster's maximum hearts while it has this card (0: no effect). The highest wins.
    max_hearts: ClassVar[int] = 0
    # Tokens the card carries when it is gained (or starts being copied).
    starting_tokens: ClassVar[int] = 0
    # Added to each real gain of energy / hearts by the owner (not to recoveries, such as a
    # refund, nor to hearts another monster's card gives it): see gain_energy and heal.
    energy_bonus: ClassVar[int] = 0
    healing_bonus: ClassVar[int] = 0
    # (Gains and end-of-turn cards.) Where the card's end_of_turn runs among the owner's
    # end-of-turn cards: lower first, ties in the order the cards were gained. A card that
    # changes what the others count (a sale, a check of who has the fewest VP) goes first.
    end_of_turn_order: ClassVar[int] = 0
    # Where the card's start_of_turn runs among the owner's start-of-turn cards (lower first):
    # a card that asks a question about the cards in play (Mimic) goes after those that
    # change them (a Battery Monster leaving when empty).
    start_of_turn_order: ClassVar[int] = 0
    # Order in the prevention step (lower first); None: the card does not prevent losses.
    prevent_order: ClassVar[int | None] = None
    # A card that copies another (its ``Card.copies``): a board shows what it copies, or
    # that it copies nothing yet.
    copies_cards: ClassVar[bool] = False
    # The moments of other monsters' turns this card takes part in (see ``Window``), found by
    # ``register`` from the window hooks the card overrides.
    windows: ClassVar[frozenset[Window]] = frozenset()

    # --- gaining and losing the card ------------------------------------------------------

    def on_gain(self, ctx: Ctx, seat: int, card: Card) -> None:
        """The card was just bought, or a copying card just started copying it (``card`` is
        then the copying card, which carries its own tokens)."""

    def on_lose(self, ctx: Ctx, seat: int, card: Card) -> None:
        """The card left the monster (or a copying card stopped copying it)."""

    def on_copy_gone(self, ctx: Ctx, seat: int, card: Card, copied_key: str) -> None:
        """(A copying card: ``copies_cards``.) The card it copies, ``copied_key``, has left
        play. By default it stops copying (Mimic waits for its next copy)."""
        stop_copying(ctx, seat, card, copied_key=copied_key)

    def on_buy_discard(self, ctx: Ctx, seat: int) -> None:
        """A Discard card's immediate effect."""

    # --- the owner's turn -----------------------------------------------------------------

    def start_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        """The owner's turn starts (before rolling)."""

    def extra_roll_available(self, ctx: Ctx, seat: int, card: Card) -> bool:
        """Can the card give one more roll once the normal rolls are used up?"""
        return False

    def spend_extra_roll(self, ctx: Ctx, seat: int, card: Card) -> None:
        """Pay for the extra roll."""

    def end_of_turn(self, ctx: Ctx, seat: int, card: Card) -> None:
        """The owner's turn ends: after buying, before poison tokens take their hearts."""

    def buy_step_available(self, ctx: Ctx, seat: int, card: Card) -> bool:
        """Can the owner use this card during its own buy step?"""
        return False

    def on_smash_hit(self, ctx: Ctx, seat: int, card: Card, target: int) -> None:
        """The owner's smashes made ``target`` lose hearts."""

    def on_smashed(self, ctx: Ctx, seat: int, card: Card, by: int) -> None:
        """The owner lost hearts to the Smashes of ``by`` (the active monster)."""

    # --- smash cards: the owner's final dice and its smashes -------------------------------
    # (rules._resolve and rules._resolve_smashes; only the active monster's cards are asked)

    # Cards add Smashes in this order (lower first): a card that needs a Smash to add one
    # comes after the cards that add theirs regardless, and counts them.
    smash_order: ClassVar[int] = 0
    # The owner's smashes hit every other monster, wherever it is.
    hits_everyone: ClassVar[bool] = False

    def added_smashes(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...],
                      smashes: int) -> int:
        """Smash faces this card adds to the owner's final ``dice``; ``smashes`` counts the
        Smashes so far (the dice's and those added by the cards before it)."""
        return 0

    def ignored_face(self, state: GameState, card: Card) -> Face | None:
        """(Power Up!'s Freeze Ray, lent.) A die face that does nothing for the monster
        holding this card as its dice resolve this turn, or None."""
        return None

    def lender(self, card: Card) -> int | None:
        """(Power Up!'s Freeze Ray.) The seat that lent this card to the monster holding it,
        or None: a lent card goes back to it, never to its holder's discard pile."""
        return None

    def locked_face(self, state: GameState, card: Card) -> Face | None:
        """(Power Up!'s Encased in Ice.) The face of a die this card keeps locked for the
        other monsters' rolls, or None."""
        return None

    def from_hand_at_zero(self, ctx: Ctx, seat: int) -> bool:
        """(An Evolution in the hand of a monster just at 0 hearts, Power Up!.) Whether it
        keeps the monster in the game, acting by itself from the hand (Nine Lives), before
        the cards it owns are asked (``on_zero_hearts``)."""
        return False

    def added_hearts(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...]) -> int:
        """Hearts this card adds to the owner's final ``dice`` as they resolve (they heal as
        the dice's hearts do, and earn no Evolution)."""
        return 0

    def on_dice_resolved(self, ctx: Ctx, seat: int, card: Card, dice: tuple[Face, ...],
                         smashes: int) -> None:
        """The owner's final dice resolve, right after the numbers scored (combos scoring on
        top of them); ``smashes`` includes the Smashes cards added."""

    def smash_losses(self, ctx: Ctx, seat: int, card: Card, smashes: int,
                     targets: tuple[int, ...], losses: tuple[Loss, ...]) -> tuple[Loss, ...]:
        """The losses of hearts the owner's ``smashes`` (possibly 0) are about to cause to the
        monsters they hit (``targets``: those they hit, or would hit); return them changed
        (extra damage, more monsters losing hearts). They are queued together."""
        return losses

    def after_smashes(self, ctx: Ctx, seat: int, card: Card, targets: tuple[int, ...],
                      hit: tuple[int, ...]) -> tuple[Loss, ...]:
        """The owner's smashes (at least one) have done all they will, the hearts held until a
        yield answer included. ``targets``: the monsters they were aimed at; ``hit``: those
        they made lose hearts, in that order (empty when every loss was prevented or
        cancelled: then, in the 2011 glossary's words, there was no attack). Asked only in a
        game where an attack that deals no damage is no attack
        (``Options.counts_only_damaging_attacks``). Returns the losses of hearts this causes
        (queued together)."""
        return ()

    def on_place_taken(self, ctx: Ctx, seat: int, card: Card,
                       newcomer: int) -> tuple[Loss, ...]:
        """The owner yielded its place in Tokyo this turn and ``newcomer`` has just taken it:
        the losses of hearts this causes (queued together)."""
        return ()

    # --- (Origins cards) taking Tokyo, answering the yield question, others' rerolls ------

    def on_tokyo_taken(self, ctx: Ctx, seat: int, card: Card) -> tuple[Loss, ...]:
        """The owner has just taken control of Tokyo (entered it from outside, on any turn
        and in any way: see ``enter_tokyo``): the losses of hearts this causes."""
        return ()

    def on_yield_answered(self, ctx: Ctx, seat: int, card: Card, yielded: bool) -> None:
        """The owner's answer to the yield question has just been applied: it left Tokyo
        (``yielded``) or stayed."""

    def on_left_tokyo(self, ctx: Ctx, seat: int, card: Card) -> None:
        """The owner has just left Tokyo in any way but a yield (a card made it leave, Tokyo
        Bay closed under it, It Has a Child!; a yield is ``on_yield_answered``). Never asked
        of a monster knocked out: its cards are gone before it leaves."""

    def on_stays(self, ctx: Ctx, seat: int, card: Card, staying: tuple[int, ...]) -> None:
        """(The active monster's cards.) The monsters in Tokyo its Smashes hit have answered
        the yield question, and ``staying`` (City first) answered Stay; their answers are
        about to be applied. The card may ask its owner whether to overrule a Stay
        (``overrule_stay``); the answers are applied once its questions are answered, and the
        hook is asked again then."""

    def on_rerolled(self, ctx: Ctx, seat: int, card: Card, roller: int) -> tuple[Loss, ...]:
        """Another monster, ``roller``, has just rolled its dice again with its roll question
        (a normal reroll or one a card gives; not its first roll): the losses this causes."""
        return ()

    # --- dice tools: the owner's roll ----------------------------------------------------
    # Cards that act on their owner's dice while it rolls (set a die, reroll 3s...). Each use
    # is an option of the roll question (``UseCard``), offered while the card can act, even
    # once no rolls are left; the roll question is asked again after the use.

    def roll_use_available(self, ctx: Ctx, seat: int, card: Card) -> bool:
        """Can the owner use this card on its dice now, during its roll?"""
        return False

    def roll_use(self, ctx: Ctx, seat: int, card: Card) -> None:
        """Use the card on the dice: act at once, or ask the card's question(s)."""

    def extra_roll_label(self, state: GameState, card: Card) -> Phrase | None:
        """What the card's extra roll costs, for its button ("pay 1⚡"); None says nothing."""
        return None

    # --- losing hearts --------------------------------------------------------------------

    def prevents(self, ctx: Ctx, seat: int, card: Card, amount: int) -> bool:
        """Does this card's prevention apply to a loss of ``amount`` (see ``prevent_order``)?"""
        return amount > 0

    def prevent(self, ctx: Ctx, seat: int, card: Card, amount: int) -> int:
        """Return the loss left after this card's prevention."""
        return amount

    def reaction_available(self, ctx: Ctx, seat: int, card: Card, loss: Loss) -> bool:
        """Can the owner use this card against a loss about to happen?"""
        return False

    def use(self, ctx: Ctx, seat: int, card: Card, loss_index: int | None) -> None:
        """Use the card (a reaction to the loss at ``loss_index`` or a buy-step use)."""

    def use_label(self, state: GameState, card: Card) -> Phrase:
        """What using the card does, for its button."""
        return phrase("option-use-it")

    def cancels_loss_on_yield(self, ctx: Ctx, seat: int, card: Card, loss: Loss) -> bool:
        """Does yielding Tokyo cancel this loss from smashes? The loss then waits for the
        owner's answer to the yield question."""
        return False

    def on_zero_hearts(self, ctx: Ctx, seat: int, card: Card) -> bool:
        """The owner reached 0 hearts; return True if the card keeps it in the game."""
        return False

    # --- (gains and end-of-turn cards) purchases, losses, monsters at 0 hearts -------------

    def on_card_bought(self, ctx: Ctx, seat: int, card: Card, bought: str) -> None:
        """The owner just bought the card ``bought`` (a key), in its buy step or at any other
        moment (see ``card_bought``). It runs before the bought card is gained, so a card is
        not set off by its own purchase."""

    def on_hurt_by(self, ctx: Ctx, seat: int, card: Card, by: int, amount: int) -> None:
        """The owner just lost ``amount`` hearts at once to another monster, ``by`` (its
        Smashes or its card), after ``on_hearts_lost`` and before a loss to 0 hearts is
        dealt with. A card that makes someone lose hearts for it asks a question first: the
        losses it queues once answered come after this batch's."""

    def adds_to_loss(self, ctx: Ctx, seat: int, card: Card, loss: Loss) -> int:
        """Hearts this card adds to a loss of hearts its owner causes (``loss.by``: its
        Smashes or its cards), as the loss is queued (``queue_losses``): Target Acquired's
        heart more for the monster holding its token."""
        return 0

    def on_hearts_lost(self, ctx: Ctx, seat: int, card: Card, amount: int) -> None:
        """The owner just lost ``amount`` hearts at once (one loss: the smashes of a roll, a
        card, poison), before a loss to 0 hearts is dealt with."""

    def on_monster_at_zero(self, ctx: Ctx, seat: int, card: Card, fallen: int) -> None:
        """The monster ``fallen`` (perhaps the owner) just reached 0 hearts, before it is
        eliminated or kept in the game by a card."""

    # --- windows: other monsters' moments -------------------------------------------------

    def on_dice_final(self, ctx: Ctx, seat: int, card: Card) -> None:
        """Another monster's dice are final and about to resolve."""

    def on_card_revealed(self, ctx: Ctx, seat: int, card: Card,
                         revealed: tuple[int, ...]) -> None:
        """Cards (these uids) were just turned face up during another monster's turn."""

    def on_turn_end(self, ctx: Ctx, seat: int, card: Card) -> None:
        """Another monster's turn ends: after its own end-of-turn cards, before its poison."""

    # --- the card's own questions ---------------------------------------------------------

    def ask(self, ctx: Ctx, seat: int, card: Card, question: str,
            choices: tuple[Choice, ...], default: Choice) -> Decision:
        """Ask the owner this card's ``question``; the answer comes back to ``answer``."""
        return ctx.ask_choice(seat, "card", choices, default, power=self.key,
                              question=question, card=card)

    def prompt(self, state: GameState, decision: Decision) -> Phrase:
        """What the card's question asks, after the monster's name."""
        return phrase("prompt-use-card", card=card_word(state, self.key))

    def choice_label(self, state: GameState, decision: Decision, choice: Choice) -> Phrase:
        """A short button label for one answer to the card's question."""
        if isinstance(choice, Pass):
            return phrase("option-pass")
        return phrase("option-other", kind=type(choice).__name__)

    def answer(self, ctx: Ctx, decision: Decision, choice: Choice) -> None:
        """Apply the answer to a question this card asked."""
        raise IllegalAction(phrase("refusal-no-question", card=Ref("card", self.key)))

    # --- buying and heart dice: extra purchases, secrets, heart dice given away -----------

    def buy_offers(self, state: GameState, seat: int, card: Card) -> tuple[Choice, ...]:
        """Purchases the card adds to its owner's buy step (Parasitic Tentacles: a
        ``PickCard`` for each card of another monster the owner can afford). They are options
        of the buy question; the one chosen comes back to ``take_offer``."""
        return ()

    def offer_label(self, state: GameState, seat: int, card: Card, choice: Choice) -> Phrase:
        """A short button label for one of the card's ``buy_offers``."""
        return phrase("option-buy-a-card")

    def take_offer(self, ctx: Ctx, seat: int, card: Card, choice: Choice) -> None:
        """The owner chose one of the card's ``buy_offers``."""
        raise IllegalAction(phrase("refusal-no-offer", card=Ref("card", self.key)))

    def spend_heart_dice(self, ctx: Ctx, seat: int, card: Card, hearts: int) -> bool:
        """The owner's ``hearts`` heart dice are about to be used (on its own turn, in Tokyo
        or not). Return True if the card asked a question about them: its answer then queues
        ``HeartDice(amount=left, cards_done=True)`` with the hearts it leaves to the owner."""
        return False

    def upgrade_stored_monster(self, schema: int, monster: dict[str, Any]) -> None:
        """Upgrade, in a monster of a state stored by ``schema`` (as JSON, before it becomes
        a state of ``schema + 1``: engine.codec), what that schema kept of this card outside
        the card itself. None by default."""

    def status(self, state: GameState, card: Card) -> Phrase | None:
        """What is on the card now, in a few words for its owner's panel (None for nothing):
        by default its tokens; a card whose tokens mean something names them."""
        return phrase("status-tokens", count=card.tokens) if card.tokens else None

    def tokens_label(self, state: GameState, card: Card) -> Phrase | None:
        """The card's tokens in a word or two ("3 smoke"), for the short label a board gives
        the card; None: the board shows their number alone."""
        return None

    def secret(self, state: GameState, decision: Decision) -> Phrase | None:
        """What only the monster asked may see about this card's question (Made in a Lab:
        the card it looked at), or None. ``prompt`` and ``choice_label`` are public and must
        not tell it; ``private_choice_label`` may."""
        return None

    def private_choice_label(self, state: GameState, decision: Decision,
                             choice: Choice) -> Phrase:
        """The label of an answer as the monster asked sees it (see ``secret``)."""
        return self.choice_label(state, decision, choice)


# Window hooks: a card that overrides one takes part in that window.
_WINDOW_HOOKS: dict[Window, str] = {
    "dice_final": "on_dice_final",
    "card_revealed": "on_card_revealed",
    "turn_end": "on_turn_end",
}
# The hook points the rules ask through ``hooked`` (methods, and modifiers whose value
# differs from Power's), so that only the cards that answer one are asked; and the AI's.
HOOKS = (
    "extra_dice", "extra_rolls", "discount", "max_hearts", "energy_bonus", "healing_bonus",
    "hits_everyone", "prevent_order", "start_of_turn", "extra_roll_available", "end_of_turn",
    "buy_step_available", "on_smash_hit", "on_smashed", "added_smashes", "on_dice_resolved",
    "smash_losses", "after_smashes", "on_place_taken", "roll_use_available", "reaction_available",
    "cancels_loss_on_yield", "on_zero_hearts", "on_card_bought", "on_hearts_lost",
    "on_monster_at_zero", "on_hurt_by", "adds_to_loss", "buy_offers", "spend_heart_dice",
    "on_tokyo_taken", "on_yield_answered", "on_stays", "on_left_tokyo", "on_rerolled",
    "added_hearts", "others_fewer_dice", "others_roll_once", "rolls_once", "from_hand_at_zero",
    "locked_face", "ignored_face",
    *_WINDOW_HOOKS.values(), *AI_HOOKS,
)

POWERS: dict[str, Power] = {}
# The keys of the cards that override each hook (found by ``register``).
HOOK_KEYS: dict[str, set[str]] = {hook: set() for hook in HOOKS}
# The keys of the cards that take part in each window.
WINDOW_KEYS: dict[Window, set[str]] = {
    window: HOOK_KEYS[hook] for window, hook in _WINDOW_HOOKS.items()
}


def register(cls: type[Power]) -> type[Power]:
    cls.windows = frozenset(
        window for window, hook in _WINDOW_HOOKS.items()
        if getattr(cls, hook) is not getattr(Power, hook)
    )
    POWERS[cls.key] = cls()
    for hook in HOOKS:
        if getattr(cls, hook) != getattr(Power, hook):
            HOOK_KEYS[hook].add(cls.key)
    return cls


def card_word(state: GameState, key: str) -> Ref:
    """The card's name in the game's edition, as a word the catalogs translate."""
    return card_ref(key, state.options.edition == "2011")


def buying(state: GameState, key: str) -> Phrase:
    """The reason of the energy paid for a card."""
    return phrase("reason-buying", card=card_word(state, key))


def card_reason(state: GameState, key: str) -> Phrase:
    """A card as the reason of a gain or a loss (the ``reason`` of an event)."""
    return phrase("reason-card", card=card_word(state, key))


def printed_cost(state: GameState, key: str) -> int:
    """The card's cost as printed in the game's edition."""
    return printed(key, state.options.edition).cost


def find_card(state: GameState, uid: int) -> tuple[int, Card] | None:
    """The owner seat and the card with this uid, among cards owned by living monsters (and
    the Evolutions they played face up)."""
    for seat, monster in enumerate(state.monsters):
        if not monster.alive:
            continue
        for card in monster.cards:
            if card.uid == uid:
                return seat, card
        for card in monster.evolutions:
            if card.uid == uid:
                return seat, card
    return None


def key_in_play(state: GameState, uid: int) -> str | None:
    """The key of a card in play (owned by a living monster, or face up) by its uid."""
    found = find_card(state, uid)
    if found is not None:
        return found[1].key
    return next((c.key for c in state.face_up if c.uid == uid), None)


def face_up_slot(state: GameState, uid: int) -> int | None:
    """The slot of the face-up card with this uid, or None."""
    return next((slot for slot, card in enumerate(state.face_up) if card.uid == uid), None)


def effective_key(state: GameState, card: Card) -> str:
    """The key whose power this card has: a copying card counts as the card it copies."""
    if card.copies is None:
        return card.key
    found = find_card(state, card.copies)
    return card.key if found is None else found[1].key


def powers_of(state: GameState, seat: int) -> Iterator[tuple[Card, Power]]:
    """Every card of the monster with the power it has now (implemented cards only), then
    the Evolutions it played face up."""
    monster = state.monsters[seat]
    for card in (*monster.cards, *monster.evolutions):
        power = POWERS.get(effective_key(state, card) if card.copies is not None else card.key)
        if power is not None:
            yield card, power


def hooked(state: GameState, seat: int, hook: str) -> list[tuple[Card, Power]]:
    """The monster's cards whose power answers ``hook`` (one of ``HOOKS``), in the order the
    cards were gained, then its Evolutions face up, in the order they were played: a list
    taken now, so the cards may change while it is walked."""
    monster = state.monsters[seat]
    cards = monster.cards
    evolutions = monster.evolutions
    if not cards and not evolutions:
        return []
    keys = HOOK_KEYS[hook]
    found = []
    for group in (cards, evolutions):
        for card in group:
            key = card.key if card.copies is None else effective_key(state, card)
            if key in keys:
                found.append((card, POWERS[key]))
    return found


def buy_offer(state: GameState, seat: int, choice: Choice) -> tuple[Card, Power] | None:
    """The card of ``seat`` whose ``buy_offers`` include this purchase, with its power."""
    for card, power in hooked(state, seat, "buy_offers"):
        if choice in power.buy_offers(state, seat, card):
            return card, power
    return None


def max_hearts(state: GameState, seat: int) -> int:
    best = BASE_MAX_HEARTS
    for _card, power in hooked(state, seat, "max_hearts"):
        best = max(best, power.max_hearts)
    return best


def card_cost(state: GameState, seat: int, key: str) -> int:
    """What ``seat`` pays for the card ``key``: its printed cost less its discounts."""
    discount = sum(power.discount for _card, power in hooked(state, seat, "discount"))
    return max(0, printed_cost(state, key) - discount)


def others_cards(state: GameState, seat: int, hook: str) -> list[tuple[Card, Power]]:
    """The cards of every other monster still in the game that answer ``hook``: those that
    act on the others (Power Up!'s Cold Wave, Blizzard)."""
    return [found for other in state.alive_seats() if other != seat
            for found in hooked(state, other, hook)]


def clockwise_others(state: GameState, seat: int) -> list[int]:
    """The other living monsters, clockwise from ``seat``."""
    n = len(state.monsters)
    return [(seat + k) % n for k in range(1, n) if state.monsters[(seat + k) % n].alive]


def open_window(ctx: Ctx, window: Window, cards: tuple[int, ...] = ()) -> None:
    """Give the cards of every other monster, clockwise from the active one, their chance at
    this moment, one card after the other (each may ask a question)."""
    s = ctx.s
    n = len(s.monsters)
    active = ctx.turn.seat
    taking_part = WINDOW_KEYS.get(window, ())
    steps = []
    for k in range(1, n):
        seat = (active + k) % n
        monster = s.monsters[seat]
        if not (monster.cards or monster.evolutions) or not monster.alive:
            continue  # (this runs at the end of every turn: monsters without cards cost nothing)
        for card in (*monster.cards, *monster.evolutions):
            key = card.key if card.copies is None else effective_key(s, card)
            if key in taking_part:
                steps.append(CardWindow(window=window, seat=seat, uid=card.uid, cards=cards))
    if steps:
        ctx.push(*steps)


def run_window(ctx: Ctx, step: CardWindow) -> None:
    card = current_card(ctx, step.seat, step.uid)
    if card is None or not ctx.mon(step.seat).alive:
        return
    power = POWERS.get(effective_key(ctx.s, card))
    if power is None or step.window not in power.windows:
        return  # a copying card whose copied card left play meanwhile
    if step.window == "dice_final":
        if ctx.turn.dice and ctx.mon(ctx.turn.seat).alive:
            power.on_dice_final(ctx, step.seat, card)
    elif step.window == "turn_end":
        power.on_turn_end(ctx, step.seat, card)
    else:
        power.on_card_revealed(ctx, step.seat, card, step.cards)


# --- primitive operations ---------------------------------------------------------------


def gain_vp(ctx: Ctx, seat: int, amount: int, reason: Phrase) -> None:
    if amount <= 0:
        return
    ctx.set_mon(seat, vp=ctx.mon(seat).vp + amount)
    ctx.emit(ev.VictoryPointsGained(seat=seat, amount=amount, reason=reason))


def lose_vp(ctx: Ctx, seat: int, amount: int, reason: Phrase) -> None:
    lost = min(amount, ctx.mon(seat).vp)
    if lost <= 0:
        return
    ctx.set_mon(seat, vp=ctx.mon(seat).vp - lost)
    ctx.emit(ev.VictoryPointsLost(seat=seat, amount=lost, reason=reason))


def gain_energy(ctx: Ctx, seat: int, amount: int, reason: Phrase, *,
                recovery: bool = False) -> None:
    """``seat`` gains energy. A real gain brings the owner's energy bonuses along (each as
    its own gain); a ``recovery`` (energy given back, such as a refund) does not."""
    if amount <= 0:
        return
    ctx.set_mon(seat, energy=ctx.mon(seat).energy + amount)
    ctx.emit(ev.EnergyGained(seat=seat, amount=amount, reason=reason))
    if ctx.s.options.power_up:
        _count_in_turn(ctx, seat, energy_gained=amount)
    if recovery:
        return
    for _card, power in hooked(ctx.s, seat, "energy_bonus"):
        gain_energy(ctx, seat, power.energy_bonus, card_reason(ctx.s, power.key),
                    recovery=True)


def _count_in_turn(ctx: Ctx, seat: int, **amounts: int) -> None:
    """Add to what ``seat`` lost and gained this turn (``Turn.tallies``, Power Up!)."""
    turn = ctx.turn
    tally = turn.tally(seat)
    counted = replace(tally, **{name: getattr(tally, name) + amount
                                for name, amount in amounts.items()})
    ctx.set_turn(tallies=(*(t for t in turn.tallies if t.seat != seat), counted))


def pay_energy(ctx: Ctx, seat: int, amount: int, reason: Phrase) -> None:
    energy = ctx.mon(seat).energy
    if amount > energy:
        raise IllegalAction(phrase("refusal-energy", name=ctx.mon(seat).name, energy=energy,
                                    needed=amount))
    if amount <= 0:
        return
    ctx.set_mon(seat, energy=energy - amount)
    ctx.emit(ev.EnergyLost(seat=seat, amount=amount, reason=reason))


def heal(ctx: Ctx, seat: int, amount: int, reason: Phrase, *,
         bonus_of: int | None = None) -> None:
    """``seat`` gains hearts, up to its maximum. When it gains any, the healing bonuses of
    ``bonus_of``'s cards (by default its own) add theirs, each as its own gain; a card that
    heals another monster names its owner there, or -1 for no bonus at all."""
    monster = ctx.mon(seat)
    gained = min(amount, max_hearts(ctx.s, seat) - monster.hearts)
    if gained <= 0:
        return
    ctx.set_mon(seat, hearts=monster.hearts + gained)
    ctx.emit(ev.Healed(seat=seat, amount=gained, reason=reason))
    if ctx.s.options.power_up:
        _count_in_turn(ctx, seat, hearts_gained=gained)
    giver = seat if bonus_of is None else bonus_of
    if giver < 0:
        return
    for _card, power in hooked(ctx.s, giver, "healing_bonus"):
        heal(ctx, seat, power.healing_bonus, card_reason(ctx.s, power.key), bonus_of=-1)


def give_amounts(ctx: Ctx, seat: int, reason: Phrase, amounts: Amounts) -> list[Loss]:
    """A card's plain amounts (``Amounts``), for its owner ``seat``: its VP (a negative
    amount lost), energy and hearts, and the VP every other monster loses; returns the losses
    of hearts it causes (its owner's first, then every other monster's), for the caller to
    queue (after any effect of its own)."""
    if amounts.vp < 0:
        lose_vp(ctx, seat, -amounts.vp, reason)
    gain_vp(ctx, seat, amounts.vp, reason)
    gain_energy(ctx, seat, amounts.energy, reason)
    heal(ctx, seat, amounts.healed, reason)
    others = [s for s in ctx.s.alive_seats() if s != seat]
    for other in others:
        lose_vp(ctx, other, amounts.others_vp, reason)
    losses = [Loss(target=o, amount=amounts.others_lose, source="card", by=seat)
              for o in others]
    if amounts.lost:
        losses.insert(0, Loss(target=seat, amount=amounts.lost, source="card", by=seat))
    return losses


def trim_hearts(ctx: Ctx, seat: int) -> None:
    """Hearts above a (lowered) maximum are lost, e.g. when Even Bigger leaves."""
    cap = max_hearts(ctx.s, seat)
    if ctx.mon(seat).hearts > cap:
        ctx.set_mon(seat, hearts=cap)


def queue_losses(ctx: Ctx, losses: list[Loss]) -> None:
    """Send losses through the damage pipeline: the hearts their causers' cards add to them
    (``adds_to_loss``), then prevention and reactions for each target in order, then
    application (before any step already queued, such as the yield questions). A batch
    already on its way (answers given at once, each queueing losses; a question answered in
    the middle of a batch) takes the new losses after its own, applied with them; losses held
    until a yield answer stay held."""
    losses = [loss for loss in losses if loss.amount > 0 and ctx.mon(loss.target).alive]
    if not losses:
        return
    losses = [_with_additions(ctx, loss) for loss in losses]
    waiting = ctx.turn.losses
    ctx.set_turn(losses=(*waiting, *losses))
    reacts = tuple(React(index=len(waiting) + i) for i in range(len(losses)))
    if any(not loss.deferred for loss in waiting):
        ctx.push(*reacts)  # (the batch's own ApplyLosses, still to come, applies them too)
    else:
        ctx.push(*reacts, ApplyLosses())


def _with_additions(ctx: Ctx, loss: Loss) -> Loss:
    """The loss with the hearts its causer's cards add to it (``Power.adds_to_loss``)."""
    if loss.by is None:
        return loss
    extra = sum(power.adds_to_loss(ctx, loss.by, card, loss)
                for card, power in hooked(ctx.s, loss.by, "adds_to_loss"))
    return replace(loss, amount=loss.amount + extra) if extra else loss


def lose_hearts(ctx: Ctx, loss: Loss) -> None:
    """The loss is applied now (past prevention and reactions): the hearts go, the cards
    that watch losses of hearts are told, and a monster at 0 hearts is knocked out."""
    target = loss.target
    before = ctx.mon(target).hearts
    hearts = max(0, before - loss.amount)
    ctx.set_mon(target, hearts=hearts)
    ctx.emit(ev.Damaged(seat=target, amount=loss.amount, source=loss.source, hearts=hearts))
    if ctx.s.options.power_up:
        _count_in_turn(ctx, target, hearts_lost=before - hearts)
    active = ctx.turn.seat
    if loss.source == "smash":
        ctx.set_turn(smashed=(*ctx.turn.smashed, target))
        for card, power in hooked(ctx.s, active, "on_smash_hit"):
            power.on_smash_hit(ctx, active, card, target)
        for card, power in hooked(ctx.s, target, "on_smashed"):
            power.on_smashed(ctx, target, card, active)
    elif loss.by is not None and loss.by not in ctx.turn.hurt_by_cards:
        # (Gains cards.) Whose cards made a monster lose hearts this turn.
        ctx.set_turn(hurt_by_cards=(*ctx.turn.hurt_by_cards, loss.by))
    # (Gains cards.) The target's cards that react to its loss of hearts.
    for card, power in hooked(ctx.s, target, "on_hearts_lost"):
        power.on_hearts_lost(ctx, target, card, before - hearts)
    if loss.by is not None and loss.by != target:
        for card, power in hooked(ctx.s, target, "on_hurt_by"):
            power.on_hurt_by(ctx, target, card, loss.by, before - hearts)
    if hearts == 0:
        _reach_zero(ctx, target, loss.by)


def _reach_zero(ctx: Ctx, seat: int, by: int | None) -> None:
    ctx.emit(ev.ReachedZeroHearts(seat=seat, by=by))
    # (Gains cards.) Every monster's cards that react to a monster reaching 0 hearts,
    # clockwise from the active monster, before this one is eliminated or kept in the game.
    n = len(ctx.s.monsters)
    for k in range(n):
        other = (ctx.turn.seat + k) % n
        for card, power in hooked(ctx.s, other, "on_monster_at_zero"):
            power.on_monster_at_zero(ctx, other, card, seat)
    for key in dict.fromkeys(ctx.mon(seat).evolution_hand):
        if key in HOOK_KEYS["from_hand_at_zero"] and POWERS[key].from_hand_at_zero(ctx, seat):
            return
    for card, power in hooked(ctx.s, seat, "on_zero_hearts"):
        if power.on_zero_hearts(ctx, seat, card):
            return
    _eliminate(ctx, seat, by)


def _eliminate(ctx: Ctx, seat: int, by: int | None) -> None:
    """Out of the game: Keep cards and energy are discarded, Tokyo is left; with Power Up!,
    its Evolutions, in hand and face up, go to its own Evolution discard pile."""
    monster = ctx.mon(seat)
    ctx.set_mon(seat, alive=False, hearts=0, energy=0, cards=())
    discarded = discard_evolutions(ctx, seat)
    ctx.set(discard=(*ctx.s.discard, *(c.key for c in monster.cards)))
    leave_tokyo(ctx, seat, phrase("reason-eliminated"))
    ctx.emit(ev.Eliminated(seat=seat, by=by))
    for card in (*monster.cards, *discarded):
        release_copies(ctx, card)
    ctx.pending[:] = [d for d in ctx.pending if d.seat != seat]
    close_bay_if_needed(ctx)


def discard_evolutions(ctx: Ctx, seat: int) -> tuple[Card, ...]:
    """(Power Up!) Every Evolution of ``seat``, in hand and face up, to its own discard
    pile; one lent to it (Freeze Ray) back to the monster that lent it. Returns the cards
    it discarded from face up, whose copies the caller releases."""
    monster = ctx.mon(seat)
    lent = tuple(card for card in monster.evolutions
                 if POWERS[card.key].lender(card) is not None)
    for card in lent:
        give_back(ctx, seat, card)
    own = tuple(card for card in monster.evolutions if card not in lent)
    if monster.evolution_hand or own:
        ctx.set_mon(seat, evolution_hand=(), evolutions=(), evolution_discard=(
            *monster.evolution_discard, *monster.evolution_hand, *(c.key for c in own)))
    return own


def reroll_die(ctx: Ctx, die: int, by: int, key: str) -> Face:
    """Another monster's card (``key``, of ``by``) rerolls die ``die`` of the active
    monster's dice (Psychic Probe, Heart of the Rabbit): the new face."""
    face = ctx.roll_die()
    dice = list(ctx.turn.dice)
    previous = dice[die]
    dice[die] = face
    ctx.set_turn(dice=tuple(dice))
    ctx.emit(ev.DiceRolled(seat=ctx.turn.seat, dice=tuple(dice), rerolled=(die,), card=key,
                           by=by, previous=(previous,)))
    return face


def resolving_dice(state: GameState) -> tuple[Face, ...]:
    """The active monster's final dice as they resolve: its dice but those of a face a card
    it holds makes do nothing (Power Up!'s Freeze Ray)."""
    assert state.turn is not None
    dice = state.turn.dice
    if not state.options.power_up:
        return dice
    ignored = {face for card, power in hooked(state, state.turn.seat, "ignored_face")
               if (face := power.ignored_face(state, card)) is not None}
    return tuple(face for face in dice if face not in ignored) if ignored else dice


def give_back(ctx: Ctx, holder: int, card: Card) -> None:
    """A lent Evolution (Freeze Ray) goes back from ``holder`` to the monster that lent it,
    face up; to its discard pile if that monster is out of the game."""
    lender = POWERS[card.key].lender(card)
    assert lender is not None
    held = ctx.mon(holder)
    ctx.set_mon(holder, evolutions=tuple(c for c in held.evolutions if c.uid != card.uid))
    owner = ctx.mon(lender)
    if owner.alive:
        ctx.set_mon(lender, evolutions=(*owner.evolutions, replace(card, tokens=0)))
    else:
        ctx.set_mon(lender, evolution_discard=(*owner.evolution_discard, card.key))
    ctx.emit(ev.EvolutionGivenBack(seat=lender, card=card.key, holder=holder))


def use_label_of(state: GameState, uid: int) -> Phrase:
    """The label of the option that uses the card ``uid`` in play: its name (as the card it
    copies, for a copy) and what using it does."""
    found = find_card(state, uid)
    if found is None:
        return phrase("option-use-a-card")
    key = effective_key(state, found[1])
    return phrase("option-use", card=card_word(state, key),
                  use=POWERS[key].use_label(state, found[1]))


def free_place(state: GameState) -> Place | None:
    """The place of Tokyo a monster entering now would take: the City, else an open Bay."""
    if state.city is None:
        return "city"
    if state.bay_open and state.bay is None:
        return "bay"
    return None


def enter_tokyo(ctx: Ctx, seat: int, place: Place) -> list[Loss]:
    """``seat`` takes control of Tokyo: it enters ``place`` from outside. Returns the losses
    of hearts its cards cause by this (``on_tokyo_taken``), for the caller to queue with any
    of its own from the same moment, in one batch."""
    ctx.set(**{place: seat})
    ctx.emit(ev.EnteredTokyo(seat=seat, place=place))
    if seat == ctx.turn.seat and ctx.s.options.power_up:
        ctx.set_turn(entered_tokyo=True)
    if ctx.s.two_player_variant():
        gain_energy(ctx, seat, 1, phrase("reason-entering-tokyo"))
    else:
        gain_vp(ctx, seat, 1, phrase("reason-entering-tokyo"))
    return [loss for card, power in hooked(ctx.s, seat, "on_tokyo_taken")
            for loss in power.on_tokyo_taken(ctx, seat, card)]


def overrule_stay(ctx: Ctx, seat: int) -> None:
    """A card of the active monster forces ``seat``, which answered the yield question with
    Stay, to yield after all (Chest Thumping): a yield follows its Stay among the turn's
    answers, and the yields' step applies it as a yield forced by that card."""
    ctx.set_turn(yield_answers=(*ctx.turn.yield_answers, (seat, True)))


def punish_reroll(ctx: Ctx, roller: int) -> None:
    """``roller`` has just rerolled its dice: the other monsters' cards that punish a reroll
    act, clockwise (their losses queued together)."""
    queue_losses(ctx, [loss for other in clockwise_others(ctx.s, roller)
                       for card, power in hooked(ctx.s, other, "on_rerolled")
                       for loss in power.on_rerolled(ctx, other, card, roller)])


def leave_tokyo(ctx: Ctx, seat: int, reason: Phrase) -> None:
    place = ctx.s.place_of(seat)
    if place is None:
        return
    ctx.set(**{place: None})
    ctx.emit(ev.LeftTokyo(seat=seat, place=place, reason=reason))
    for card, power in hooked(ctx.s, seat, "on_left_tokyo"):
        power.on_left_tokyo(ctx, seat, card)


def close_bay_if_needed(ctx: Ctx) -> None:
    """With fewer than BAY_MIN_MONSTERS monsters left, Tokyo Bay closes; its occupant leaves
    Tokyo, or (2016 rulebook) moves to Tokyo City if the City is empty."""
    s = ctx.s
    if not s.bay_open or len(s.alive_seats()) >= BAY_MIN_MONSTERS:
        return
    ctx.set(bay_open=False)
    ctx.emit(ev.BayClosed())
    occupant = s.bay
    if occupant is None:
        return
    if s.city is None and s.options.edition == "2016":
        ctx.set(bay=None, city=occupant)
        ctx.emit(ev.LeftTokyo(seat=occupant, place="bay", reason=phrase("reason-bay-closed")))
        ctx.emit(ev.EnteredTokyo(seat=occupant, place="city"))
    else:
        # The 2011 rulebook has no exception: the monster in the Bay leaves Tokyo.
        leave_tokyo(ctx, occupant, phrase("reason-bay-closed"))


def remove_card(ctx: Ctx, seat: int, card: Card, reason: Phrase) -> None:
    """A card leaves its owner for the discard pile (an Evolution face up: for its owner's
    Evolution discard pile). Its power ends (``on_lose``), and cards copying it stop
    copying."""
    power_key = effective_key(ctx.s, card)
    monster = ctx.mon(seat)
    if any(c.uid == card.uid for c in monster.evolutions):
        ctx.set_mon(seat, evolutions=tuple(c for c in monster.evolutions if c.uid != card.uid),
                    evolution_discard=(*monster.evolution_discard, card.key))
    else:
        ctx.set_mon(seat, cards=tuple(c for c in monster.cards if c.uid != card.uid))
        ctx.set(discard=(*ctx.s.discard, card.key))
    ctx.emit(ev.CardDiscarded(seat=seat, card=card.key, reason=reason))
    power = POWERS.get(power_key)
    if power is not None:
        power.on_lose(ctx, seat, card)
    release_copies(ctx, card)


def release_copies(ctx: Ctx, gone: Card) -> None:
    """Every card copying ``gone`` (a card, or an Evolution face up, that just left play)
    loses its copy (``Power.on_copy_gone``): the copied power ends for the copier's owner
    (Even Bigger's extra hearts go, for instance)."""
    for seat, monster in enumerate(ctx.s.monsters):
        for card in (*monster.cards, *monster.evolutions):
            if card.copies == gone.uid:
                POWERS[card.key].on_copy_gone(ctx, seat, card, gone.key)


def stop_copying(ctx: Ctx, seat: int, copier: Card, copied_key: str | None) -> None:
    """A copying card stops copying: the copied power ends and the copier's tokens go."""
    key = copied_key
    if key is None:
        found = find_card(ctx.s, copier.copies) if copier.copies is not None else None
        key = found[1].key if found is not None else None
    updated = replace(copier, copies=None, tokens=0)
    replace_card(ctx, seat, updated)
    ctx.emit(ev.CopyEnded(seat=seat, card=copier.key))
    power = POWERS.get(key) if key is not None else None
    if power is not None:
        power.on_lose(ctx, seat, updated)


def gain_card(ctx: Ctx, seat: int, card: Card) -> None:
    """A Keep card joins the monster, with its starting tokens, and its power begins."""
    power = POWERS[card.key]
    card = replace(card, tokens=power.starting_tokens)
    ctx.set_mon(seat, cards=(*ctx.mon(seat).cards, card))
    power.on_gain(ctx, seat, card)


def reveal(ctx: Ctx, slot: int) -> Card | None:
    """Turn the top card of the deck face up into ``slot`` (the slot disappears if the deck is
    empty)."""
    face_up = list(ctx.s.face_up)
    deck = ctx.s.deck
    if not deck:
        if slot < len(face_up):
            del face_up[slot]
        ctx.set(face_up=tuple(face_up))
        ctx.emit(ev.DeckEmpty())
        return None
    card = Card(uid=ctx.new_uid(), key=deck[0])
    if slot < len(face_up):
        face_up[slot] = card
    else:
        face_up.append(card)
    ctx.set(deck=deck[1:], face_up=tuple(face_up))
    ctx.emit(ev.CardRevealed(card=card.key, slot=slot))
    return card


def offer_revealed(ctx: Ctx, revealed: list[Card]) -> None:
    """Cards just turned face up: the "card revealed" window for the other monsters (the
    active monster is buying anyway)."""
    if revealed:
        open_window(ctx, "card_revealed", tuple(c.uid for c in revealed))


def card_bought(ctx: Ctx, seat: int, key: str, cost: int, owner: int | None = None, *,
                from_discard: bool = False) -> None:
    """``seat`` has paid ``cost`` for the card ``key`` (to ``owner``, a monster it bought
    from; or from the discard pile): the event, then the buyer's cards that react to a
    purchase (``on_card_bought``). Every way of buying a card comes through here, before the
    card is gained or resolved."""
    ctx.emit(ev.CardBought(seat=seat, card=key, cost=cost, owner=owner,
                           from_discard=from_discard))
    for card, power in hooked(ctx.s, seat, "on_card_bought"):
        power.on_card_bought(ctx, seat, card, key)


def buy_face_up(ctx: Ctx, seat: int, slot: int, then: tuple[Step, ...] = (), *,
                cost: int | None = None) -> None:
    """``seat`` buys the face-up card in ``slot``; it is replaced at once from the deck.
    ``then``: steps to run once the card has resolved (its losses of hearts taken), before
    the other monsters' chance at the card that replaces it. ``cost``: what a card that
    changes the price makes it (None: ``card_cost``)."""
    card = ctx.s.face_up[slot]
    cost = card_cost(ctx.s, seat, card.key) if cost is None else cost
    pay_energy(ctx, seat, cost, buying(ctx.s, card.key))
    card_bought(ctx, seat, card.key, cost)
    new = reveal(ctx, slot)
    if new is not None:
        offer_revealed(ctx, [new])
    ctx.push(*then)
    take_bought(ctx, seat, card)


def sweep_face_up(ctx: Ctx, seat: int) -> None:
    """``seat`` sweeps the face-up cards (already paid for, in energy or otherwise): they go
    to the discard pile and three are revealed from the deck, which the other monsters'
    cards may then buy (``offer_revealed``)."""
    swept = tuple(c.key for c in ctx.s.face_up)
    ctx.set(discard=(*ctx.s.discard, *swept), face_up=())
    ctx.emit(ev.Swept(seat=seat, cards=swept))
    revealed = [reveal(ctx, slot) for slot in range(3)]
    offer_revealed(ctx, [c for c in revealed if c is not None])


def take_bought(ctx: Ctx, seat: int, card: Card, *, under_deck: bool = False) -> None:
    """``seat`` has paid for ``card``: a Keep card is gained, a Discard card goes to the
    discard pile (under the deck: ``under_deck``) and resolves."""
    if CARDS[card.key].kind != "discard":
        gain_card(ctx, seat, card)
        return
    if under_deck:
        ctx.set(deck=(*ctx.s.deck, card.key))
    else:
        ctx.set(discard=(*ctx.s.discard, card.key))
    POWERS[card.key].on_buy_discard(ctx, seat)


def replace_card(ctx: Ctx, seat: int, card: Card) -> None:
    """The monster's card (or Evolution face up) with ``card``'s uid becomes ``card``."""
    monster = ctx.mon(seat)
    if any(c.uid == card.uid for c in monster.evolutions):
        ctx.set_mon(seat, evolutions=tuple(card if c.uid == card.uid else c
                                           for c in monster.evolutions))
        return
    ctx.set_mon(seat, cards=tuple(card if c.uid == card.uid else c for c in monster.cards))


def current_card(ctx: Ctx, seat: int, uid: int) -> Card | None:
    """The monster's card, or Evolution face up, with this uid (None: it has none)."""
    monster = ctx.mon(seat)
    for card in monster.cards:
        if card.uid == uid:
            return card
    for card in monster.evolutions:
        if card.uid == uid:
            return card
    return None
