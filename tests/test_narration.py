"""The sentence the bot shows for each kind of event: ``engine.narrate(state, event)``.

Rule scenarios check events by kind and fields (docs/scenarios.md), not by these sentences, so
the wording is tested here, in one place. Every event class has at least one case, including
the ones that are not narrated (``None``).
"""

from __future__ import annotations

from typing import get_args

import pytest

from engine import Edition, create_game, narrate
from engine import events as ev
from engine.phrases import Ref, phrase
from engine.state import GameState, Options
from tests.said import english

NAMES = ("Alienoid", "Cyber Kitty", "Gigazaur", "The King", "Meka Dragon")


def _state(edition: Edition = "2016") -> GameState:
    state, _ = create_game(Options(edition=edition), 1, NAMES)
    return state


STATE = _state()
ALL_FACES = ("1", "2", "3", "heart", "energy", "smash")

CASES: list[tuple[ev.Event, str | None]] = [
    (ev.FirstPlayerRolled(smashes=((0, 2), (1, 0), (2, 2))), None),
    (ev.TurnStarted(seat=0, number=3), "Alienoid's turn."),
    (ev.TurnStarted(seat=0, number=4, extra=True), "Alienoid's extra turn."),
    (ev.DiceRolled(seat=1, dice=ALL_FACES, rerolled=()),
     "Cyber Kitty rolled: 1 2 3 ❤️ ⚡ 💥"),
    (ev.DiceRolled(seat=1, dice=("smash", "smash"), rerolled=(0, 1), card="smoke_cloud"),
     "Cyber Kitty rolled (Smoke Cloud): 💥 💥"),
    (ev.DiceRolled(seat=3, dice=("1", "3", "heart"), rerolled=(1,), card="psychic_probe",
                   by=0, previous=("smash",)),
     "🔮 Alienoid's Psychic Probe: The King rerolls die 2, a 💥 → 3."),
    (ev.VictoryPointsGained(seat=2, amount=3, reason="three 2s"), "Gigazaur gains 3★ (three 2s)."),
    (ev.VictoryPointsLost(seat=2, amount=5, reason="Evacuation Orders"),
     "Gigazaur loses 5★ (Evacuation Orders)."),
    (ev.EnergyGained(seat=3, amount=1, reason="energy dice"), "The King gains 1⚡ (energy dice)."),
    (ev.EnergyLost(seat=3, amount=2, reason="Wings"), None),
    (ev.Healed(seat=3, amount=1, reason="heart dice"), "The King gains 1 heart (heart dice)."),
    (ev.Healed(seat=3, amount=2, reason="Even Bigger"), "The King gains 2 hearts (Even Bigger)."),
    (ev.LossPrevented(seat=2, amount=1, card="armor_plating"),
     "Armor Plating saves Gigazaur 1 heart."),
    (ev.LossPrevented(seat=2, amount=3, card="jets"), "Jets saves Gigazaur 3 hearts."),
    (ev.PreventionRolled(seat=2, dice=("heart", "1"), card="camouflage"),
     "Gigazaur rolls for Camouflage: ❤️ 1"),
    (ev.Damaged(seat=1, amount=1, source="smash", hearts=9),
     "Cyber Kitty loses 1 heart (9 left)."),
    (ev.Damaged(seat=1, amount=3, source="card", hearts=0),
     "Cyber Kitty loses 3 hearts (0 left)."),
    (ev.TokensGained(seat=0, token="poison", amount=1), "Alienoid gets 1 poison token."),
    (ev.TokensGained(seat=0, token="shrink", amount=2), "Alienoid gets 2 shrink tokens."),
    (ev.TokensRemoved(seat=0, token="poison", amount=1), "Alienoid removes 1 poison token."),
    (ev.Yielded(seat=2, place="city"), "Gigazaur yields Tokyo City."),
    (ev.Yielded(seat=3, place="bay"), "The King yields Tokyo Bay."),
    (ev.Stayed(seat=3, place="bay"), "The King stays in Tokyo Bay."),
    (ev.EnteredTokyo(seat=0, place="city"), "Alienoid enters Tokyo City."),
    (ev.LeftTokyo(seat=3, place="bay", reason="the Bay closed"),
     "The King leaves Tokyo Bay (the Bay closed)."),
    (ev.CardRevealed(card="heal", slot=0), None),
    (ev.CardBought(seat=0, card="commuter_train", cost=4),
     "Alienoid buys Commuter Train for 4⚡."),
    (ev.Swept(seat=4, cards=("heal", "tank", "jets")), "Meka Dragon sweeps away Heal, Tank, Jets."),
    (ev.CardDiscarded(seat=0, card="smoke_cloud", reason="its last smoke token was used"),
     "Alienoid discards Smoke Cloud (its last smoke token was used)."),
    (ev.CardCopied(seat=0, card="even_bigger", owner=3, copier="mimic"),
     "Alienoid's Mimic copies The King's Even Bigger."),
    (ev.CopyEnded(seat=0, card="mimic"), "Alienoid's Mimic token comes back."),
    # smash cards
    (ev.SmashesAdded(seat=2, amount=1, card="spiked_tail"), "Gigazaur's Spiked Tail adds 1 smash."),
    (ev.SmashesAdded(seat=2, amount=2, card="poison_quills"),
     "Gigazaur's Poison Quills adds 2 smashes."),
    (ev.DamageAdded(seat=2, amount=1, card="fire_breathing", seats=(1, 3)),
     "Gigazaur's Fire Breathing: Cyber Kitty and The King lose 1 more heart."),
    (ev.DamageAdded(seat=3, amount=2, card="poison_quills", seats=(0,)),
     "The King's Poison Quills: Alienoid loses 2 more hearts."),
    (ev.ReachedZeroHearts(seat=2, by=0), None),
    (ev.Restarted(seat=2, card="it_has_a_child"),
     "Gigazaur has a child: back at full hearts with nothing else!"),
    (ev.Eliminated(seat=2, by=0), "💀 Gigazaur is eliminated by Alienoid."),
    (ev.Eliminated(seat=2, by=2), "💀 Gigazaur is eliminated."),
    (ev.Eliminated(seat=2), "💀 Gigazaur is eliminated."),
    (ev.BayClosed(), "Tokyo Bay closes: fewer than 5 monsters remain."),
    (ev.ExtraTurnGranted(seat=0, card="frenzy"), "Alienoid will take an extra turn (Frenzy)."),
    # Dice tools (Plot Twist, Stretchy, Herd Culler).
    (ev.DieChanged(seat=0, die=2, face="heart", card="stretchy"),
     "Alienoid sets die 3 to ❤️ (Stretchy)."),
    (ev.DeckEmpty(), "The deck is empty."),
    (ev.Won(seats=(0,), reason="20 victory points"), "👑 Alienoid wins (20 victory points)!"),
    (ev.Won(seats=(0, 3), reason="20 victory points"),
     "👑 Alienoid and The King win (20 victory points)!"),
    (ev.NoWinner(), "Every monster is down: nobody wins."),
    # Buying cards (Parasitic Tentacles, Made in a Lab): the card seen is never named.
    (ev.CardBought(seat=0, card="jets", cost=5, owner=2),
     "Alienoid buys Jets from Gigazaur for 5⚡."),
    (ev.DeckTopSeen(seat=1, card="made_in_a_lab"),
     "Cyber Kitty looks at the top card of the deck (Made in a Lab)."),
    # Origins cards (Scavenger; Flaming Aura, Gamma Blast, Orb of Doom).
    (ev.CardBought(seat=0, card="heal", cost=3, from_discard=True),
     "Alienoid buys Heal from the discard pile for 3⚡."),
    (ev.CardStruck(seat=2, amount=1, card="flaming_aura", seats=(1, 3)),
     "Gigazaur's Flaming Aura: Cyber Kitty and The King lose 1 heart each."),
    (ev.CardStruck(seat=2, amount=1, card="orb_of_doom", seats=(0,)),
     "Gigazaur's Orb of Doom: Alienoid loses 1 heart."),
    # Power Up!: the Evolutions looked at and kept are never named; one played is.
    (ev.EvolutionsLookedAt(seat=2, count=2, start=True),
     "Gigazaur looks at the top of its Evolution pile (2 cards), to keep one before the "
     "game begins."),
    (ev.EvolutionsLookedAt(seat=2, count=2),
     "Gigazaur rolled three hearts: it looks at the top of its Evolution pile (2 cards), to "
     "keep one."),
    (ev.EvolutionsLookedAt(seat=2, count=1),
     "Gigazaur rolled three hearts: it looks at the top of its Evolution pile (one card), to "
     "keep one."),
    (ev.EvolutionKept(seat=2), "Gigazaur keeps an Evolution in its hand."),
    (ev.EvolutionPileShuffled(seat=2, count=3),
     "Gigazaur's Evolution pile ran short: its 3 discarded Evolutions are shuffled under it."),
    (ev.EvolutionPileShuffled(seat=2, count=1),
     "Gigazaur's Evolution pile ran short: its discarded Evolution is shuffled under it."),
    (ev.EvolutionPlayed(seat=3, card="giant_banana"), "The King plays the Evolution Giant Banana."),
    (ev.EvolutionPlayed(seat=3, card="alpha_male", permanent=True),
     "The King plays the Evolution Alpha Male, face up."),
    (ev.PurchaseCancelled(seat=2, card="jets", by=3, cause="bamboozle"),
     "The King plays Bamboozle: Gigazaur does not buy Jets (nor may it this turn)."),
    (ev.EvolutionLent(seat=0, card="freeze_ray", holder=2),
     "Alienoid lends Freeze Ray to Gigazaur."),
    (ev.FaceFrozen(seat=0, face="heart", holder=2, card="freeze_ray"),
     "Alienoid freezes Gigazaur's ❤️ this turn (Freeze Ray): they do nothing."),
    (ev.EvolutionGivenBack(seat=0, card="freeze_ray", holder=2),
     "Freeze Ray goes back from Gigazaur to Alienoid."),
    (ev.EvolutionTakenBack(seat=2, card="heart_of_the_rabbit"),
     "Gigazaur takes Heart of the Rabbit back into its hand."),
    (ev.EvolutionsExpired(seat=2, cards=("mecha_blast", "high_tide")),
     "The effect of Mecha Blast and High Tide (Gigazaur) is over: to its discard pile."),
    (ev.CardTaken(seat=0, card="jets", reason=phrase("reason-card",
                                                      card=Ref("evo", "deep_dive"))),
     "Alienoid puts Jets into play for free (Deep Dive)."),
]


@pytest.mark.parametrize(("event", "sentence"), CASES,
                         ids=[f"{type(e).__name__}-{i}" for i, (e, _) in enumerate(CASES)])
def test_narrate(event: ev.Event, sentence: str | None) -> None:
    assert english(narrate(STATE, event)) == sentence


def test_every_event_type_has_a_case() -> None:
    covered = {type(event) for event, _ in CASES}
    missing = [cls.__name__ for cls in get_args(ev.Event) if cls not in covered]
    assert missing == []


def test_card_names_follow_the_edition() -> None:
    state_2011 = _state("2011")
    bought = ev.CardBought(seat=0, card="tank", cost=4)
    assert english(narrate(STATE, bought)) == "Alienoid buys Tank for 4⚡."
    assert english(narrate(state_2011, bought)) == "Alienoid buys Tanks for 4⚡."
