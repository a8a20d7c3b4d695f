"""The one-line summary of a finished turn, and the turn's events the chronicle keeps for it:
no Discord involved."""

from __future__ import annotations

import msgspec

from bot.table.chronicle import chronicle_after
from bot.table.model import Chronicle, Narration
from bot.table.turn_summary import SUMMARY_LENGTH, this_turn, turn_summary
from engine import GameState, Options, create_game, events, phrase

KING, GIGAZAUR, KRAKEN, MEKA, PENGUIN, KITTY = range(6)
NAMES = ("The King", "Gigazaur", "Kraken", "Meka Dragon", "Space Penguin", "Cyber Kitty")


def ended(monsters: int = 3, **totals: tuple[int, int, int]) -> GameState:
    """A game of the first ``monsters`` of NAMES; ``totals``: a monster's (points, hearts,
    energy) at the end of the turn, by its seat's name ("king", "kraken"...)."""
    state, _ = create_game(Options(edition="2016"), seed=1, monsters=NAMES[:monsters])
    seats = {"king": KING, "gigazaur": GIGAZAUR, "kraken": KRAKEN, "meka": MEKA,
             "penguin": PENGUIN, "kitty": KITTY}
    changed = list(state.monsters)
    for name, (vp, hearts, energy) in totals.items():
        seat = seats[name]
        changed[seat] = msgspec.structs.replace(changed[seat], vp=vp, hearts=hearts,
                                                energy=energy)
    return msgspec.structs.replace(state, monsters=tuple(changed))


def test_points_smashes_and_a_change_in_tokyo() -> None:
    final = ended(king=(12, 10, 0), gigazaur=(5, 6, 0))
    happened = [
        events.VictoryPointsGained(seat=KING, amount=2, reason="3s"),
        events.Damaged(seat=GIGAZAUR, amount=4, source="smash", hearts=6),
        events.Yielded(seat=GIGAZAUR, place="city"),
        events.EnteredTokyo(seat=KING, place="city"),
        events.VictoryPointsGained(seat=KING, amount=1, reason="entering Tokyo"),
    ]
    assert turn_summary(final, KING, happened) == (
        "Gigazaur: −4❤️ (6❤️) · The King: +3★ (12★), dealt 4💥 · "
        "Gigazaur yielded Tokyo to The King")


def test_buying_healing_and_energy() -> None:
    final = ended(kraken=(3, 9, 1))
    happened = [
        events.Healed(seat=KRAKEN, amount=2, reason="hearts"),
        events.EnergyGained(seat=KRAKEN, amount=5, reason="energy"),
        events.CardBought(seat=KRAKEN, card="jets", cost=5),
        events.EnergyLost(seat=KRAKEN, amount=5, reason="buying Jets"),
        events.CardBought(seat=KRAKEN, card="energize", cost=8),
        events.DiceRolled(seat=KRAKEN, dice=("1",) * 6, rerolled=()),  # (not summarized)
    ]
    assert turn_summary(final, KRAKEN, happened) == (
        "Kraken: +2❤️ (9❤️), bought Jets, Energize")  # (energy: +5 −5, no change)


def test_a_knock_out_and_the_winner() -> None:
    final = ended(king=(8, 3, 0), gigazaur=(4, 0, 0))
    happened = [
        events.Damaged(seat=GIGAZAUR, amount=3, source="smash", hearts=0),
        events.LeftTokyo(seat=GIGAZAUR, place="city", reason="eliminated"),
        events.Eliminated(seat=GIGAZAUR, by=KING),
        events.Damaged(seat=KRAKEN, amount=3, source="smash", hearts=0),
        events.Eliminated(seat=KRAKEN, by=KING),
        events.Won(seats=(KING,), reason="last monster standing"),
    ]
    assert turn_summary(final, KING, happened) == (
        "👑 The King wins! · 💀 Gigazaur is out · 💀 Kraken is out · "
        "The King: dealt 3💥 to 2 monsters")


def test_a_knock_out_in_tokyo_told_by_the_engine_is_not_told_as_leaving_too() -> None:
    """The engine's reasons are phrases (the stored ones of earlier games, plain words)."""
    final = ended(king=(8, 3, 0), gigazaur=(4, 0, 0))
    happened = [
        events.Damaged(seat=GIGAZAUR, amount=3, source="smash", hearts=0),
        events.LeftTokyo(seat=GIGAZAUR, place="city", reason=phrase("reason-eliminated")),
        events.Eliminated(seat=GIGAZAUR, by=KING),
    ]
    assert turn_summary(final, KING, happened) == "💀 Gigazaur is out · The King: dealt 3💥"


def test_tokyo_bay_is_named_when_it_is_in_play() -> None:
    final = ended(monsters=5, penguin=(1, 10, 0))
    assert final.bay_open
    happened = [events.EnteredTokyo(seat=PENGUIN, place="bay"),
                events.VictoryPointsGained(seat=PENGUIN, amount=1, reason="entering Tokyo")]
    assert turn_summary(final, PENGUIN, happened) == (
        "Space Penguin: +1★ (1★) · Space Penguin entered Tokyo Bay")


def test_leaving_tokyo_with_nobody_coming_in() -> None:
    """A yield nobody takes up (the attacker was knocked out meanwhile), and Tokyo Bay closing
    under its monster, which moves to the empty City."""
    final = ended(monsters=5)
    happened = [events.Yielded(seat=GIGAZAUR, place="city"),
                events.LeftTokyo(seat=MEKA, place="bay", reason="the Bay closed"),
                events.EnteredTokyo(seat=MEKA, place="city")]
    assert turn_summary(final, KING, happened) == (
        "Gigazaur yielded Tokyo City · Meka Dragon left Tokyo Bay · "
        "Meka Dragon entered Tokyo City")


def test_a_turn_that_hit_three_monsters_puts_the_losses_first_in_two_lines() -> None:
    """Issue 32's turn 22, which once read "Space Penguin: +2★ (10★), +1❤️ (6❤️), bought
    Gas Refinery; Gigazaur: −3❤️ (4❤️)" and dropped two monsters' losses: every monster hit is
    named, first, with its total, and the turn takes two lines."""
    final = ended(monsters=6, penguin=(10, 6, 0), gigazaur=(4, 4, 0), king=(7, 7, 2),
                  kraken=(3, 2, 5))
    happened: list[events.Event] = [
        events.VictoryPointsGained(seat=PENGUIN, amount=2, reason="starting the turn in Tokyo"),
        events.Healed(seat=PENGUIN, amount=1, reason="heart dice"),
        *(events.Damaged(seat=seat, amount=3, source="smash", hearts=final.monsters[seat].hearts)
          for seat in (KING, GIGAZAUR, KRAKEN)),
        events.CardBought(seat=PENGUIN, card="gas_refinery", cost=6),
        events.EnergyLost(seat=PENGUIN, amount=6, reason="buying"),
        events.EnergyGained(seat=PENGUIN, amount=6, reason="energy dice"),
    ]
    summary = turn_summary(final, PENGUIN, happened)
    assert summary == (
        "The King: −3❤️ (7❤️) · Gigazaur: −3❤️ (4❤️) · Kraken: −3❤️ (2❤️)\n"
        "Space Penguin: +1❤️ (6❤️), +2★ (10★), dealt 3💥 to 3 monsters, bought Gas Refinery")
    assert all(len(line) <= SUMMARY_LENGTH for line in summary.splitlines())


def test_a_turn_too_full_for_two_lines_gives_on_wording_not_on_facts() -> None:
    """Five monsters hit, two cards bought, a monster out: compact, the monsters that lost the
    same hearts are named together and the totals and smashes dealt are left out; every
    monster and every change stays."""
    final = ended(monsters=6, king=(17, 10, 2), gigazaur=(6, 1, 0), kraken=(9, 2, 1),
                  meka=(3, 5, 0), penguin=(0, 0, 0), kitty=(11, 7, 4))
    happened: list[events.Event] = [
        events.VictoryPointsGained(seat=KING, amount=2, reason="starting the turn in Tokyo"),
        events.EnergyGained(seat=KING, amount=2, reason="energy"),
        *(events.Damaged(seat=seat, amount=3, source="smash", hearts=final.monsters[seat].hearts)
          for seat in (GIGAZAUR, KRAKEN, MEKA, PENGUIN, KITTY)),
        events.Eliminated(seat=PENGUIN, by=KING),
        events.CardBought(seat=KING, card="jets", cost=5),
        events.CardBought(seat=KING, card="energize", cost=8),
    ]
    summary = turn_summary(final, KING, happened)
    assert summary == ("💀 Space Penguin is out · Gigazaur, Kraken, Meka Dragon, Cyber Kitty: "
                       "−3❤️\nThe King: +2★, bought Jets, Energize, +2⚡")
    assert all(len(line) <= SUMMARY_LENGTH for line in summary.splitlines())
    # With room, everything is said in full on one line.
    roomy = turn_summary(final, KING, happened, length=1000)
    assert "\n" not in roomy
    assert "Gigazaur: −3❤️ (1❤️)" in roomy and "+2⚡ (2⚡)" in roomy
    # However short the lines must be, nothing is left out: two longer lines.
    tight = turn_summary(final, KING, happened, length=10)
    assert tight.replace("\n", " · ") == summary.replace("\n", " · ")


def test_a_sweep_names_the_cards_swept_away() -> None:
    final = ended(kraken=(3, 10, 1))
    happened = [events.EnergyLost(seat=KRAKEN, amount=2, reason="sweeping"),
                events.Swept(seat=KRAKEN, cards=("jets", "energize", "heal"))]
    assert turn_summary(ended(kraken=(3, 10, 1)), KRAKEN, happened) == (
        "Kraken: swept away Jets, Energize, Heal, −2⚡ (1⚡)")
    assert final.monsters[KRAKEN].energy == 1


def test_a_turn_where_nothing_changed() -> None:
    assert turn_summary(ended(), KRAKEN, []) == "Kraken: nothing changed."


def test_only_the_turn_in_play_is_summarized() -> None:
    first = [events.VictoryPointsGained(seat=KING, amount=1, reason="3s")]
    later = [events.TurnStarted(seat=GIGAZAUR, number=2),
             events.VictoryPointsGained(seat=GIGAZAUR, amount=2, reason="2s")]
    assert this_turn([*first, *later]) == tuple(first)


def test_the_chronicle_keeps_the_summarized_events_of_the_turn_in_play() -> None:
    state = ended()
    old = events.VictoryPointsGained(seat=KING, amount=1, reason="1s")
    scored = events.VictoryPointsGained(seat=GIGAZAUR, amount=2, reason="starting the turn")
    started = Chronicle(narration=Narration(turn_events=(old,)))
    chronicle, closing = chronicle_after(started, state, state, [
        events.Damaged(seat=KRAKEN, amount=1, source="smash", hearts=9),
        events.TurnStarted(seat=GIGAZAUR, number=2),
        scored,
        events.DiceRolled(seat=GIGAZAUR, dice=("1",) * 6, rerolled=tuple(range(6))),
    ])
    assert closing is not None  # the turn before is over: its events went with it
    assert chronicle.narration.turn_events == (scored,)
    chronicle, closing = chronicle_after(chronicle, state, state, [
        events.DiceRolled(seat=GIGAZAUR, dice=("heart",) * 6, rerolled=(0,)),
        events.Healed(seat=GIGAZAUR, amount=1, reason="hearts"),
    ])
    assert closing is None
    assert chronicle.narration.turn_events == (scored, events.Healed(seat=GIGAZAUR, amount=1,
                                                           reason="hearts"))


def test_a_sweep_names_the_cards_that_came_in_full_only() -> None:
    """The cards that came are on the closed turn's picture: a compact line (here the Spanish,
    longer than a line in full) leaves them."""
    happened = [events.EnergyLost(seat=KRAKEN, amount=2, reason="sweeping"),
                events.Swept(seat=KRAKEN, cards=("jets", "energize", "heal")),
                *(events.CardRevealed(card=key, slot=slot)
                  for slot, key in enumerate(("frenzy", "tank", "skyscraper"))),
                events.CardBought(seat=KRAKEN, card="tank", cost=4),
                events.CardRevealed(card="corner_store", slot=1)]  # (not a sweep's)
    final = ended(kraken=(3, 10, 1))
    assert turn_summary(final, KRAKEN, happened) == (
        "Kraken: bought Tank, swept away Jets, Energize, Heal for Frenzy, Tank, Skyscraper, "
        "−2⚡ (1⚡)")
    assert turn_summary(final, KRAKEN, happened, language="es") == (
        "Kraken: compró Tanque, renovó y retiró Propulsores, Energizar, Curar, −2⚡")


def test_a_monster_with_too_much_for_a_line_goes_on_on_the_next_one_named_again() -> None:
    """Compact parts that take three lines whole fit in two once a monster's facts may break
    across them: its name starts the second line again."""
    final = ended(king=(3, 10, 0), gigazaur=(0, 8, 0))
    happened = [events.Damaged(seat=GIGAZAUR, amount=2, source="smash", hearts=8),
                events.VictoryPointsGained(seat=KING, amount=3, reason="3s"),
                events.CardBought(seat=KING, card="jets", cost=5),
                events.Swept(seat=KING, cards=("energize", "heal", "tank")),
                events.EnergyLost(seat=KING, amount=7, reason="buying")]
    assert turn_summary(final, KING, happened, length=60) == (
        "Gigazaur: −2❤️ · The King: +3★, bought Jets\n"
        "The King: swept away Energize, Heal, Tank, −7⚡")
