"""The game state: one immutable tree of frozen msgspec Structs.

Everything the rules need lives here, including the random generator's counter, so a state
plus an action fully determines the next state. Fields with defaults are left out of the JSON
(``omit_defaults``) to keep a stored 6-monster game small.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

import msgspec
from msgspec.structs import replace

from engine.actions import Action
from engine.card_table import CARD_RULES, CARDS, CardRules, Edition
from engine.steps import Step

SCHEMA_VERSION = 8

Face = Literal["1", "2", "3", "energy", "heart", "smash"]
FACES: tuple[Face, ...] = ("1", "2", "3", "energy", "heart", "smash")

Place = Literal["city", "bay"]

# Die faces as players see them (buttons, messages): one symbol per face.
FACE_SYMBOLS: dict[Face, str] = {
    "1": "1", "2": "2", "3": "3", "energy": "⚡", "heart": "❤️", "smash": "💥",
}

MIN_MONSTERS = 2
MAX_MONSTERS = 6
# Tokyo Bay is in play while at least this many monsters are in the game.
BAY_MIN_MONSTERS = 5
BASE_MAX_HEARTS = 10
WINNING_VP = 20
BLACK_DICE = 6
ROLLS_PER_TURN = 3

# Which game is played: King of Tokyo (either edition) or King of Tokyo: Origins.
GameType = Literal["kot", "origins"]
GAME_TYPES: tuple[GameType, ...] = ("kot", "origins")

# King of Tokyo's monsters (both editions name them alike).
MONSTER_NAMES: tuple[str, ...] = (
    "Alienoid",
    "Cyber Kitty",
    "Gigazaur",
    "Meka Dragon",
    "Space Penguin",
    "The King",
)
ORIGINS_MONSTER_NAMES: tuple[str, ...] = ("Mechamster", "Gigarex", "Cosmic Joe", "Iron Back")
# With Power Up!, the monsters that have a deck of Evolutions may play: King of Tokyo's six,
# Pandakaï (the expansion's own), and Cyber Bunny and Kraken (the 2011 box's monsters, whose
# decks the expansion also has): docs/rulings.md 67.
POWER_UP_MONSTER_NAMES: tuple[str, ...] = (*MONSTER_NAMES, "Pandakaï", "Cyber Bunny", "Kraken")


class GameRules(NamedTuple):
    """What sets one game type apart at the table; every other rule is shared (Origins plays
    the 2016 rulebook's turn, Tokyo, end of game and 2-player variant: docs/rulings.md 62)."""

    title: str
    min_monsters: int
    max_monsters: int
    # Whether Tokyo Bay comes into play with BAY_MIN_MONSTERS monsters or more.
    has_bay: bool
    monster_names: tuple[str, ...]


GAME_RULES: dict[GameType, GameRules] = {
    "kot": GameRules("King of Tokyo", MIN_MONSTERS, MAX_MONSTERS, True, MONSTER_NAMES),
    "origins": GameRules("King of Tokyo: Origins", MIN_MONSTERS, 4, False,
                         ORIGINS_MONSTER_NAMES),
}


class Frozen(msgspec.Struct, frozen=True, omit_defaults=True, forbid_unknown_fields=True):
    """Base for every state record: immutable, compact JSON."""


class Options(Frozen, CardRules, frozen=True):
    """What a game is played with. The rule options about one card are the card table's
    (``engine.card_table.CardRules``: their fields come first), each read by its card."""

    # The game type; an Origins game plays the 2016 edition's rules and texts.
    game: GameType = "kot"
    edition: Edition = "2016"
    # None means "the default", which create_game fixes: on for exactly two monsters in the
    # 2016 edition, off otherwise.
    two_player_variant: bool | None = None
    # Card keys to deal, each key once; empty means the whole base deck of King of Tokyo (a
    # state keeps it empty, short; create_game names the cards of any other deck). A stored
    # setup names the cards (engine.cards.FIRST_DECK for states of schema 2 and older).
    cards: tuple[str, ...] = ()
    # How many copies of each of ``cards`` to deal, in the same order; empty means each
    # card's copies in the base deck (``CardInfo.copies``), as every game before schema 5
    # was dealt. The Origins deck has one Evacuation Orders, and a base game mixed with all
    # of Origins' cards deals its reprints twice: such decks name their copies.
    copies: tuple[int, ...] = ()
    # True: the game ends as soon as one monster is left standing, as the 2011 rulebook says.
    # False: at the end of the turn, as the 2016 and Origins rulebooks say (docs/rulings.md
    # 8). None means "the edition's rule", which create_game fixes; a state built by hand
    # (scenarios, tests) plays it too. Games stored before schema 4 played False; 2016 games
    # stored while ruling 8 ended every game at once keep their True.
    last_standing_at_once: bool | None = None
    # 2011 only. True: an attack that deals no damage is no attack (docs/rulings.md 64), so
    # the cards that act on their owner's attack (``Power.after_smashes``) act only once it
    # has made someone lose hearts. False: they act on the claws rolled, as games stored
    # before that rule (schema 5 and older) were played, even on an attack whose damage is
    # then cancelled, or on the first claw into an empty Tokyo. None, as for
    # ``last_standing_at_once``: the default, True.
    attack_needs_damage: bool | None = None
    # Power Up!: each monster plays with its own deck of Evolutions (engine.evolutions).
    power_up: bool = False

    def resolved(self, monsters: int) -> Options:
        """These options with the defaults fixed for a new game of ``monsters``: the 2-player
        variant is a rule of the 2016 rulebook, which a 2011 game plays only when asked; the
        last monster standing wins when its edition's rulebook says (``ends_when_last_standing``);
        the 2011 rule of ruling 64 and the cards' rules
        (``CARD_RULES``) are played. Fixed, they are stored with the game, so a later default
        does not change the rules of a game already played."""
        variant = self.two_player_variant
        if variant is None:
            variant = monsters == 2 and self.edition == "2016"
        return replace(self, two_player_variant=variant,
                       last_standing_at_once=self.ends_when_last_standing(),
                       attack_needs_damage=_on_unless_off(self.attack_needs_damage),
                       **{rule: _on_unless_off(getattr(self, rule)) for rule in CARD_RULES})

    def resolved_as_before(self, monsters: int, cards: tuple[str, ...]) -> Options:
        """The defaults as games stored before ``resolved`` fixed them played them: the
        variant on for two monsters in both editions, the ``cards`` dealt then, and the last
        monster standing winning at the end of the turn only. (A stored setup that leaves
        ``last_standing_at_once`` out was stored before that rule; so was one that leaves out
        ``attack_needs_damage`` or a card's rule (``CARD_RULES``), and it played them off.)"""
        variant = monsters == 2 if self.two_player_variant is None else self.two_player_variant
        return replace(self, two_player_variant=variant, cards=self.cards or cards,
                       last_standing_at_once=bool(self.last_standing_at_once),
                       attack_needs_damage=bool(self.attack_needs_damage),
                       **{rule: bool(getattr(self, rule)) for rule in CARD_RULES})

    def rules(self) -> GameRules:
        return GAME_RULES[self.game]

    def deck(self) -> tuple[tuple[str, int], ...]:
        """The cards named, with how many copies of each are dealt (empty: none named)."""
        counts = self.copies or tuple(CARDS[key].copies if key in CARDS else 1
                                      for key in self.cards)
        return tuple(zip(self.cards, counts, strict=True))

    def ends_when_last_standing(self) -> bool:
        """Does the game end as soon as one monster is left, rather than at the end of the
        turn? None: the edition's rulebook decides (2011: "the game is over when a Monster
        ... is the last Monster standing"; 2016 and Origins: "the game ends at the end of a
        turn when ... only one Monster remains")."""
        if self.last_standing_at_once is None:
            return self.edition == "2011"
        return self.last_standing_at_once

    def counts_only_damaging_attacks(self) -> bool:
        """Does an attack count, for the cards that act on their owner's attack, only when
        it made someone lose hearts (2011, ``attack_needs_damage``; None: yes)?"""
        return self.edition == "2011" and self.attack_needs_damage is not False


def _on_unless_off(rule: bool | None) -> bool:
    """A rule option's default for a new game: on unless it says off."""
    return rule is not False


class Card(Frozen, frozen=True):
    """A power card in play (face up or owned). ``uid`` is unique for the whole game."""

    uid: int
    key: str
    # Tokens sitting on the card (Smoke Cloud's smoke tokens).
    tokens: int = 0
    # For a card that copies another (Mimic): the uid of the card it copies, or None.
    copies: int | None = None
    # The turn number on which the card was last used (once-per-turn limits, and effects
    # that last for the rest of the turn).
    used_turn: int = -1
    # (Power Up!) A UFO token on an owned power card: bought at half price with an Evolution,
    # the card may be lost at the start of its owner's turns
    # (engine.evolutions.superior_alien_technology). Schema 8.
    ufo_token: bool = False


class Monster(Frozen, frozen=True):
    name: str
    hearts: int = BASE_MAX_HEARTS
    vp: int = 0
    energy: int = 0
    cards: tuple[Card, ...] = ()
    poison: int = 0
    shrink: int = 0
    alive: bool = True
    # Power Up! (engine.evolutions): the monster's own face-down pile of Evolutions (top
    # first), its secret hand, its own discard pile (oldest first), and the permanent
    # Evolutions it has played face up (their powers act as its power cards' do).
    evolution_pile: tuple[str, ...] = ()
    evolution_hand: tuple[str, ...] = ()
    evolution_discard: tuple[str, ...] = ()
    evolutions: tuple[Card, ...] = ()


class Loss(Frozen, frozen=True):
    """A loss of hearts on its way through the damage pipeline."""

    target: int
    amount: int
    # "smash": from dice (an attack; may cause a yield). "card": from a card. "poison": tokens.
    source: Literal["smash", "card", "poison"]
    # The monster whose smashes or card cause the loss (None for poison tokens).
    by: int | None = None
    # True once prevention (the target's prevention cards) has been applied.
    prevented: bool = False
    # True once the target has answered its reactions (or had none to make).
    settled: bool = False
    # True when a card of the target holds the loss until it answers the yield question.
    deferred: bool = False
    # The target's cards already used against this loss that act once a loss (Electric
    # Armor), by uid.
    used_cards: tuple[int, ...] = ()


class Tally(Frozen, frozen=True):
    """What one monster lost and gained in the current turn (Power Up!: Evolutions count
    it; kept only in Power Up! games)."""

    seat: int
    hearts_lost: int = 0
    hearts_gained: int = 0
    energy_gained: int = 0


class Turn(Frozen, frozen=True):
    seat: int
    number: int
    # The seat whose place in the normal order this turn holds (differs on a Frenzy extra turn).
    order_seat: int = -1
    extra: bool = False
    dice: tuple[Face, ...] = ()
    # How many of the dice (at the end of ``dice``) are green.
    green: int = 0
    # Indices of the dice kept aside (not rerolled by the next Roll).
    kept: tuple[int, ...] = ()
    rolls_left: int = 0
    # Losses between the resolve step and their application (see engine.damage).
    losses: tuple[Loss, ...] = ()
    # Seats that lost hearts to this turn's smashes (they may yield).
    smashed: tuple[int, ...] = ()
    # Seats whose cards made a monster (themselves included) lose hearts this turn; losses to
    # the smashes, always the active monster's, are in ``smashed``.
    hurt_by_cards: tuple[int, ...] = ()
    # Answers to simultaneous yield questions, applied in a fixed order once all are in.
    yield_answers: tuple[tuple[int, bool], ...] = ()
    # --- smash cards ---
    # Smash faces cards added to the final dice (2016 texts): they count as Smashes for
    # everything (see rules._resolve).
    added_smashes: int = 0
    # Who yielded which place in Tokyo this turn: a card of the yielder may act on the monster
    # that takes its place (see Power.on_place_taken).
    yielded: tuple[tuple[int, Place], ...] = ()
    # Black dice this turn is played without (an extra turn "with one die fewer").
    fewer_dice: int = 0
    # True once the rolling is over (the "dice final" window has opened): the roll question
    # then offers only the dice tools, and stopping resolves the dice.
    dice_final: bool = False
    # Power Up!: what each monster lost and gained this turn (only monsters that did), and
    # whether the active monster took control of Tokyo in it.
    tallies: tuple[Tally, ...] = ()
    entered_tokyo: bool = False

    def tally(self, seat: int) -> Tally:
        return next((t for t in self.tallies if t.seat == seat), Tally(seat=seat))


class ExtraTurn(Frozen, frozen=True):
    """An extra turn owed to ``seat`` that is played with ``fewer_dice`` black dice fewer
    (an entry of ``GameState.extra_turns``; a plain seat number is a full extra turn)."""

    seat: int
    fewer_dice: int = 0


# What a decision is about. The rules ask the first five; "card" is a card's own question,
# named by ``Decision.power`` and ``Decision.question`` (the card says what it means).
DecisionKind = Literal["roll", "hearts", "react", "yield", "buy", "card"]
DECISION_KINDS: tuple[DecisionKind, ...] = ("roll", "hearts", "react", "yield", "buy", "card")


class Decision(Frozen, frozen=True):
    """A question the engine is waiting on. Answers must name ``id``; an old id is refused."""

    id: int
    seat: int
    kind: DecisionKind
    options: tuple[Action, ...]
    # The option a Timeout applies.
    default: Action
    # For a card's question: the key of the power that asks (a Mimic asking as the card it
    # copies names that card), the card's name for the question, and the uid of the card.
    power: str | None = None
    question: str = ""
    card_uid: int | None = None
    # Hearts at stake (a pending loss), for prompts such as "stay or yield?".
    amount: int = 0


class GameState(Frozen, frozen=True):
    schema: int
    options: Options
    seed: int
    monsters: tuple[Monster, ...]
    # The random generator: outcomes are splitmix64(seed, counter), counter increments per draw.
    rng: int = 0
    # Number of actions applied so far.
    seq: int = 0
    # Seat index of the monster in each place, or None.
    city: int | None = None
    bay: int | None = None
    # Whether Tokyo Bay is in play (5-6 monsters at the start, and at least 5 still alive).
    bay_open: bool = False
    deck: tuple[str, ...] = ()
    face_up: tuple[Card, ...] = ()
    discard: tuple[str, ...] = ()
    first_seat: int = 0
    turn: Turn | None = None
    pending: tuple[Decision, ...] = ()
    steps: tuple[Step, ...] = ()
    # Seats owed an extra turn (Frenzy) after the current one, in order; an ExtraTurn entry
    # is an extra turn with fewer dice.
    extra_turns: tuple[int | ExtraTurn, ...] = ()
    # Faces the next dice rolls must show, consumed first (rule scenarios and bot tests force
    # dice this way; always empty in a real game).
    forced_dice: tuple[Face, ...] = ()
    next_uid: int = 1
    next_decision: int = 1
    over: bool = False
    winners: tuple[int, ...] = ()

    @property
    def active(self) -> int:
        assert self.turn is not None
        return self.turn.seat

    def decision(self, decision_id: int) -> Decision | None:
        """The pending decision with this id, or None (answered, or never asked)."""
        return next((d for d in self.pending if d.id == decision_id), None)

    def place_of(self, seat: int) -> Place | None:
        if self.city == seat:
            return "city"
        if self.bay == seat:
            return "bay"
        return None

    def in_tokyo(self, seat: int) -> bool:
        return self.city == seat or self.bay == seat

    def alive_seats(self) -> tuple[int, ...]:
        # (A list made then frozen: asked at almost every step and AI valuation, it costs
        # half a generator's.)
        return tuple([i for i, m in enumerate(self.monsters) if m.alive])

    def two_player_variant(self) -> bool:
        # create_game fixes the choice, and decode_state fills it in for older states.
        return bool(self.options.two_player_variant)
