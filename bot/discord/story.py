"""📜 Story and ``/kot log``: the last turns of a game in one private (ephemeral) message, for
whoever scrolled away or watched the AIs play: each closed turn's summary (the last
``KEPT_TURNS`` of ``News.recent_turns``, said in the game's language when they closed),
the asker's monster in bold, and what those turns did to the asker's monster. Pure functions
of a game."""

from __future__ import annotations

import discord

from bot.discord.messages import COLOUR, fitted, footer_marker
from bot.i18n import text
from bot.table.model import Game, Refused, TurnNote
from engine import GameState, phrase


def story_embed(game: Game, user_id: int, language: str) -> discord.Embed:
    """The last turns of ``game`` for this user, in ``language`` (theirs)."""
    if game.status == "lobby":
        raise Refused(phrase("table-refusal-not-started"))
    state = game.playing_state()
    notes = game.chronicle.news.recent_turns
    seat = game.seat_of(user_id)
    yours = state.monsters[seat].name if seat is not None else None
    lines = [line for note in notes for line in _turn_lines(state, note, yours, language)]
    if not lines:
        lines.append(text(language, "story-no-turns"))
    if seat is not None:
        lines += ["", _what_they_did(state, seat, notes, language)]
    embed = discord.Embed(title=text(language, "story-title", game=str(game.id)),
                          description=fitted(lines), colour=COLOUR)
    embed.set_footer(text=text(language, "story-footer", marker=footer_marker(game.id, language)))
    return embed


def _turn_lines(state: GameState, note: TurnNote, yours: str | None,
                language: str) -> list[str]:
    summary = note.summary if yours is None else note.summary.replace(yours, f"**{yours}**")
    return [text(language, "story-turn", turn=note.turn, monster=state.monsters[note.seat].name),
            summary]


def _what_they_did(state: GameState, seat: int, notes: tuple[TurnNote, ...],
                   language: str) -> str:
    """The asker's monster over these turns: what it won and lost, and where it stands."""
    monster = state.monsters[seat]
    if not monster.alive:
        return text(language, "story-yours-out", monster=monster.name)
    counted = [note.changes[seat] for note in notes if seat < len(note.changes)]
    totals = [sum(change[index] for change in counted) for index in range(3)]
    changes = ", ".join(f"{_signed(amount)}{sign}"
                        for amount, sign in zip(totals, ("❤️", "★", "⚡"), strict=True)
                        if amount)
    return text(language, "story-yours", monster=monster.name, changes=changes or "none",
                hearts=monster.hearts, points=monster.vp, energy=monster.energy)


def _signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else f"−{-amount}"
