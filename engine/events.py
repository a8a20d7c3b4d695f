"""Events: what happened, in order. Every random outcome appears in an event, so a log of
events tells the whole story of a game (the bot narrates from them)."""

from __future__ import annotations

import msgspec

from engine.phrases import Phrase

# Why a gain or a loss happened (a ``reason``): a phrase of the catalogs; a plain str only in
# events stored by versions that wrote English sentences (old chronicles still decode).


class _Event(msgspec.Struct, frozen=True, tag_field="event", omit_defaults=True):
    pass


class FirstPlayerRolled(_Event, frozen=True, tag="first_player_rolled"):
    """One round of the roll-off for the first player: each seat's count of smashes."""

    smashes: tuple[tuple[int, int], ...]


class TurnStarted(_Event, frozen=True, tag="turn_started"):
    seat: int
    number: int
    extra: bool = False


class DiceRolled(_Event, frozen=True, tag="dice_rolled"):
    seat: int
    dice: tuple[str, ...]
    rerolled: tuple[int, ...]
    # Which card made this roll possible, if any.
    card: str | None = None
    # A roll another monster's card made on the active monster's dice (Psychic Probe): that
    # monster, and what the rerolled dice showed before, in the order of ``rerolled``.
    by: int | None = None
    previous: tuple[str, ...] = ()


class VictoryPointsGained(_Event, frozen=True, tag="vp_gained"):
    seat: int
    amount: int
    reason: Phrase | str


class VictoryPointsLost(_Event, frozen=True, tag="vp_lost"):
    seat: int
    amount: int
    reason: Phrase | str


class EnergyGained(_Event, frozen=True, tag="energy_gained"):
    seat: int
    amount: int
    reason: Phrase | str


class EnergyLost(_Event, frozen=True, tag="energy_lost"):
    seat: int
    amount: int
    reason: Phrase | str


class Healed(_Event, frozen=True, tag="healed"):
    seat: int
    amount: int
    reason: Phrase | str


class LossPrevented(_Event, frozen=True, tag="loss_prevented"):
    seat: int
    amount: int
    card: str


class PreventionRolled(_Event, frozen=True, tag="prevention_rolled"):
    """Dice a card rolled to prevent a loss (Camouflage)."""

    seat: int
    dice: tuple[str, ...]
    card: str


class Damaged(_Event, frozen=True, tag="damaged"):
    seat: int
    amount: int
    source: str
    hearts: int


class TokensGained(_Event, frozen=True, tag="tokens_gained"):
    seat: int
    token: str
    amount: int


class TokensRemoved(_Event, frozen=True, tag="tokens_removed"):
    seat: int
    token: str
    amount: int


class Yielded(_Event, frozen=True, tag="yielded"):
    seat: int
    place: str


class Stayed(_Event, frozen=True, tag="stayed"):
    seat: int
    place: str


class EnteredTokyo(_Event, frozen=True, tag="entered_tokyo"):
    seat: int
    place: str


class LeftTokyo(_Event, frozen=True, tag="left_tokyo"):
    seat: int
    place: str
    reason: Phrase | str


class CardRevealed(_Event, frozen=True, tag="card_revealed"):
    card: str
    slot: int


class CardBought(_Event, frozen=True, tag="card_bought"):
    seat: int
    card: str
    cost: int
    # The monster it was bought from, who got the energy (Parasitic Tentacles); None for a
    # card bought from the face-up cards or the deck.
    owner: int | None = None
    # True for a card bought from the discard pile (Scavenger).
    from_discard: bool = False


class Swept(_Event, frozen=True, tag="swept"):
    seat: int
    cards: tuple[str, ...]


class CardDiscarded(_Event, frozen=True, tag="card_discarded"):
    seat: int
    card: str
    reason: Phrase | str


class CardCopied(_Event, frozen=True, tag="card_copied"):
    """``seat``'s card ``copier`` (Mimic) now copies ``owner``'s card ``card``."""

    seat: int
    card: str
    owner: int
    copier: str


class CopyEnded(_Event, frozen=True, tag="copy_ended"):
    """``seat``'s copying card ``card`` copies nothing any more (its token comes back)."""

    seat: int
    card: str


# --- smash cards ---


class SmashesAdded(_Event, frozen=True, tag="smashes_added"):
    """``seat``'s card ``card`` added ``amount`` Smash faces to its final dice (2016 texts)."""

    seat: int
    amount: int
    card: str


class DamageAdded(_Event, frozen=True, tag="damage_added"):
    """``seat``'s card ``card`` makes each of ``seats`` lose ``amount`` more hearts (2011 extra
    damage, Fire Breathing's neighbours, Burrowing's newcomer); the hearts are in their
    ``damaged`` events."""

    seat: int
    amount: int
    card: str
    seats: tuple[int, ...]


class CardStruck(_Event, frozen=True, tag="card_struck"):
    """``seat``'s card ``card`` makes each of ``seats`` lose ``amount`` hearts (a card's
    loss, not an attack: Flaming Aura, Gamma Blast, Orb of Doom); the hearts are in their
    ``damaged`` events."""

    seat: int
    amount: int
    card: str
    seats: tuple[int, ...]


class ReachedZeroHearts(_Event, frozen=True, tag="reached_zero"):
    seat: int
    # The monster whose smashes or card took the last hearts (itself for its own card; None
    # for poison tokens).
    by: int | None = None


class Restarted(_Event, frozen=True, tag="restarted"):
    """A card brought the monster back at full hearts, with no cards, no VP, outside Tokyo."""

    seat: int
    card: str


class Eliminated(_Event, frozen=True, tag="eliminated"):
    seat: int
    # As in ReachedZeroHearts.
    by: int | None = None


class BayClosed(_Event, frozen=True, tag="bay_closed"):
    pass


class ExtraTurnGranted(_Event, frozen=True, tag="extra_turn"):
    seat: int
    card: str


class DieChanged(_Event, frozen=True, tag="die_changed"):
    """A card set one of the active monster's dice (index ``die``) to ``face``."""

    seat: int
    die: int
    face: str
    card: str


class DeckEmpty(_Event, frozen=True, tag="deck_empty"):
    pass


class Won(_Event, frozen=True, tag="won"):
    seats: tuple[int, ...]
    reason: Phrase | str


class NoWinner(_Event, frozen=True, tag="no_winner"):
    pass


# --- buying cards ------------------------------------------------------------------------


class DeckTopSeen(_Event, frozen=True, tag="deck_top_seen"):
    """``seat`` looked at the top card of the deck with its card ``card`` (Made in a Lab).
    Which card it saw is secret: no event says it unless it is bought."""

    seat: int
    card: str


# --- Power Up!'s Evolutions ---------------------------------------------------------------


class EvolutionsLookedAt(_Event, frozen=True, tag="evolutions_looked_at"):
    """``seat`` looked at the top ``count`` Evolutions of its pile to keep one (at the start
    of the game, or for the hearts it rolled). Which ones is secret: no event names them."""

    seat: int
    count: int
    start: bool = False


class EvolutionKept(_Event, frozen=True, tag="evolution_kept"):
    """``seat`` took an Evolution into its hand (the others it looked at went to its own
    discard pile). Which one is secret."""

    seat: int


class EvolutionPileShuffled(_Event, frozen=True, tag="evolution_pile_shuffled"):
    """``seat``'s Evolution pile ran short: its own discard pile was shuffled under it."""

    seat: int
    count: int


class CardTaken(_Event, frozen=True, tag="card_taken"):
    """``seat`` put the power card ``card`` into play for free, not bought (Power Up!'s
    Precision Field Support and Deep Dive): a Keep card is gained, a Discard card resolves.
    ``reason``: the card that did it."""

    seat: int
    card: str
    reason: Phrase


class EvolutionPlayed(_Event, frozen=True, tag="evolution_played"):
    """``seat`` played the Evolution ``card`` from its hand (a permanent one stays face up,
    a temporary one acts and goes to its owner's discard pile)."""

    seat: int
    card: str
    permanent: bool = False


class PurchaseCancelled(_Event, frozen=True, tag="purchase_cancelled"):
    """``seat``'s purchase of the face-up ``card`` is cancelled by ``by``'s ``cause``
    (Bamboozle): nothing paid, and that card may not be bought this turn."""

    seat: int
    card: str
    by: int
    cause: str


class EvolutionLent(_Event, frozen=True, tag="evolution_lent"):
    """``seat`` lends its Evolution ``card`` to ``holder`` (Freeze Ray)."""

    seat: int
    card: str
    holder: int


class FaceFrozen(_Event, frozen=True, tag="face_frozen"):
    """``seat``'s ``card`` (Freeze Ray), held by ``holder``, makes ``face`` do nothing for
    it this turn."""

    seat: int
    face: str
    holder: int
    card: str


class EvolutionGivenBack(_Event, frozen=True, tag="evolution_given_back"):
    """The Evolution ``card`` ``seat`` lent comes back to it from ``holder``."""

    seat: int
    card: str
    holder: int


class EvolutionTakenBack(_Event, frozen=True, tag="evolution_taken_back"):
    """``seat`` takes the Evolution ``card``, used, back into its hand (Heart of the
    Rabbit, when its owner takes control of Tokyo)."""

    seat: int
    card: str


class EvolutionsExpired(_Event, frozen=True, tag="evolutions_expired"):
    """The temporary Evolutions ``cards`` of ``seat``, face up while their effect lasted,
    go to its discard pile: their effect is over."""

    seat: int
    cards: tuple[str, ...]


Event = (
    FirstPlayerRolled
    | TurnStarted
    | DiceRolled
    | VictoryPointsGained
    | VictoryPointsLost
    | EnergyGained
    | EnergyLost
    | Healed
    | LossPrevented
    | PreventionRolled
    | Damaged
    | TokensGained
    | TokensRemoved
    | Yielded
    | Stayed
    | EnteredTokyo
    | LeftTokyo
    | CardRevealed
    | CardBought
    | Swept
    | CardDiscarded
    | CardCopied
    | CopyEnded
    | SmashesAdded
    | DamageAdded
    | CardStruck
    | ReachedZeroHearts
    | Restarted
    | Eliminated
    | BayClosed
    | ExtraTurnGranted
    | DieChanged
    | DeckEmpty
    | Won
    | NoWinner
    | DeckTopSeen
    | EvolutionsLookedAt
    | EvolutionKept
    | EvolutionPileShuffled
    | EvolutionPlayed
    | EvolutionsExpired
    | EvolutionTakenBack
    | EvolutionLent
    | EvolutionGivenBack
    | FaceFrozen
    | PurchaseCancelled
    | CardTaken
)
