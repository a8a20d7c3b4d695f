"""The final standings: the order, shared places, and the embed within Discord's limits."""

from __future__ import annotations

import msgspec
import pytest

from bot.discord.messages import STANDING_INDENT, ended_embed, final_embed, game_length
from bot.table.model import Chronicle, Elimination, Game, Life, Lobby, Narration
from bot.table.standings import standings
from engine import GameState, Options, create_game

# Discord's embed limits (docs: resources/message, embed limits).
FIELD_VALUE_LIMIT = 1024
EMBED_TOTAL_LIMIT = 6000


def finished(points: list[int], *, alive: list[bool], winners: tuple[int, ...],
             hearts: list[int] | None = None) -> GameState:
    state, _events = create_game(Options(), seed=5, monsters=len(points))
    monsters = tuple(
        msgspec.structs.replace(monster, vp=vp, alive=alive[seat],
                                hearts=(hearts or [10] * len(points))[seat] if alive[seat] else 0)
        for seat, (monster, vp) in enumerate(zip(state.monsters, points, strict=True))
    )
    return msgspec.structs.replace(state, monsters=monsters, winners=winners,
                                   over=bool(winners), pending=())


def test_winners_then_standing_monsters_then_the_last_knocked_out() -> None:
    state = finished([20, 12, 12, 15, 3, 9], alive=[True, True, True, False, False, False],
                     winners=(0,))
    out = (Elimination(seat=3, by=0, turn=4), Elimination(seat=4, by=0, turn=9),
           Elimination(seat=5, by=None, turn=9))
    order = [(row.place, row.seat) for row in standings(state, out)]
    # Seats 1 and 2 tie at 12★; 4 and 5 went out in the same turn, 5 with more points; 3
    # went out first, whatever its points.
    assert order == [(1, 0), (2, 1), (2, 2), (4, 5), (5, 4), (6, 3)]


def test_nobody_wins_and_a_full_tie_shares_the_place() -> None:
    state = finished([5, 5, 8], alive=[False, False, False], winners=())
    out = tuple(Elimination(seat=seat, by=None, turn=7) for seat in range(3))
    assert [(row.place, row.seat) for row in standings(state, out)] == [(1, 2), (2, 0), (2, 1)]


def test_two_winners_share_the_first_place() -> None:
    state = finished([20, 21, 4], alive=[True, True, True], winners=(0, 1))
    assert [(row.place, row.seat) for row in standings(state, ())] == [(1, 0), (1, 1), (3, 2)]


def six_monster_game(*, over: bool) -> Game:
    """The longest standings: six monsters, five knocked out by others, with AI seats and
    long user ids, after a turn with a long story."""
    state = finished([20, 19, 18, 17, 16, 15], alive=[True] + [False] * 5,
                     winners=(0,) if over else ())
    chronicle = Chronicle(
        narration=Narration(
            log=tuple(f"🎲 A long line of the last turn's story, number {n}, " * 3
                      for n in range(12)),
            eliminations=tuple(Elimination(seat=seat, by=seat - 1, turn=100 + seat)
                               for seat in range(1, 6))),
        life=Life(started_at=1_000.0, ended_at=1_000.0 + 2 * 3600 + 7 * 60),
    )
    seats = (123456789012345678, -1, 223456789012345678, -2, 323456789012345678,
             423456789012345678)
    return Game(id=99999, guild_id=1, channel_id=10, host_id=seats[0],
                status="over" if over else "ended", lobby=Lobby(), seats=seats, state=state,
                chronicle=chronicle, board_message_id=None)


@pytest.mark.parametrize("over", [True, False])
def test_six_monsters_fit_discords_limits_in_short_lines(over: bool) -> None:
    game = six_monster_game(over=over)
    embed = final_embed(game) if over else ended_embed(game, "🛑 <@1> ended game #99999.")
    assert len(embed) <= EMBED_TOTAL_LIMIT
    fields = {field.name: field.value or "" for field in embed.fields}
    table = fields["Final standings" if over else "Standings when it ended"]
    assert len(table) <= FIELD_VALUE_LIMIT
    lines = table.splitlines()
    assert len(lines) == 12  # two a monster
    # Short enough for a phone (a mention shows as a name, so count it as one).
    assert max(len(line) for line in lines) <= 60
    assert lines[0].startswith("**1.** 👑 **") if over else lines[0].startswith("**1.** **")
    # Knocked out last, so second: seat 5, by seat 4.
    monsters = game.playing_state().monsters
    assert lines[2].startswith(f"**2.** 💀 **{monsters[5].name}** · <@{game.seats[5]}>")
    assert lines[3] == f"{STANDING_INDENT}15★ · out turn 105, by {monsters[4].name}"
    assert lines[10].startswith(f"**6.** 💀 **{monsters[1].name}** · 🤖 Easy AI")
    assert fields["Game length"] == "2 h 07 min"


def test_game_length() -> None:
    assert [game_length(s, "en") for s in (5, 60, 59 * 60 + 59, 3600, 3 * 3600 + 5 * 60)] == [
        "under a minute", "1 min", "59 min", "1 h 00 min", "3 h 05 min"]
