"""The "My monster" panel and the spectators' view of the table: private (ephemeral) answers
to the board's 📋 button and to ``/kot me``.

A player sees their monster in full (hearts, points, energy, place, tokens, and every card
they own with its text and what it holds now), the other monsters in one line each with their
cards' texts below (the board picture only names them), the cards for sale, and their standing
orders (``bot.table.orders``), which the menus below the panel change. Anyone else sees the
whole table, read-only. Pure functions of a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import discord

from bot.discord.messages import (
    COLOUR,
    MAX_EMBED_DESCRIPTION,
    fitted,
    footer_marker,
    player_name_tag,
    sale_lines,
)
from bot.discord.views import orders_view
from bot.i18n import say, text
from bot.i18n.cards import card_name, card_text, evolution_name, evolution_text
from bot.table.model import Game, Refused
from bot.table.orders import order_summary
from engine import (
    EVOLUTIONS,
    WINNING_VP,
    Card,
    GameState,
    Join,
    card_status,
    max_hearts,
    phrase,
    played_when,
    printed,
    waiting_text,
)


def panel_for(game: Game, user_id: int,
              language: str) -> tuple[discord.Embed, discord.ui.View | None]:
    """What the 📋 button (or /kot me) shows this user: a player's panel with the menus of
    their standing orders; the table, read-only, for anyone else (and for a player who left
    the game, whose monster the autopilot plays). Cards are said in ``language``, the
    user's."""
    if game.status == "lobby":
        raise Refused(phrase("table-refusal-not-started"))
    if game.status != "playing" or game.state is None:
        raise Refused(phrase("table-refusal-game-over"))
    seat = game.seat_of(user_id)
    if seat is None or game.ai_level(seat) is not None:
        return table_view(game, language), None
    if seat in game.chronicle.presence.left:
        return monster_panel(game, seat, language), None
    return monster_panel(game, seat, language), orders_view(game, seat, language)


def monster_panel(game: Game, seat: int, language: str) -> discord.Embed:
    """The panel of the player in ``seat``: their monster, then the table."""
    state = game.playing_state()
    monster = state.monsters[seat]

    def lines(others: CardDetail) -> list[str]:
        said = [_figures(state, seat, language)]
        if monster.poison:
            said.append(text(language, "panel-poison", count=monster.poison))
        if monster.shrink:
            said.append(text(language, "panel-shrink", count=monster.shrink))
        said.append("")
        said.append(text(language, "panel-your-cards", count=len(monster.cards))
                    if monster.cards else text(language, "panel-no-cards"))
        said.extend(_card_line(state, card, language) for card in monster.cards)
        if state.options.power_up:
            said += ["", *_own_evolutions(state, seat, language)]
        said += ["", text(language, "panel-others")]
        said.extend(_monster_line(game, state, other, language, others)
                    for other in range(len(state.monsters)) if other != seat)
        return [*said, "", _for_sale(state, seat, language)]

    embed = discord.Embed(title=text(language, "panel-title", monster=monster.name),
                          description=_with_texts_if_they_fit(lines, "count"), colour=COLOUR)
    embed.add_field(name=text(language, "panel-orders"),
                    value=order_summary(game.chronicle.orders.of(seat), language,
                                        power_up=state.options.power_up), inline=False)
    coached = "on" if game.chronicle.coaching.of(seat).on else "off"
    embed.add_field(name=text(language, "coach-panel-title"),
                    value=text(language, f"coach-panel-{coached}"), inline=False)
    embed.set_footer(text=text(language, "panel-footer", marker=footer_marker(game.id, language),
                               moment=_moment(state, language)))
    return embed


def table_view(game: Game, language: str) -> discord.Embed:
    """The whole table, read-only, for someone who does not play in the game."""
    state = game.playing_state()

    def lines(cards: CardDetail) -> list[str]:
        return [*(_monster_line(game, state, seat, language, cards)
                  for seat in range(len(state.monsters))),
                "", _for_sale(state, None, language)]

    embed = discord.Embed(title=text(language, "panel-watch-title", game=str(game.id)),
                          description=_with_texts_if_they_fit(lines, "names"), colour=COLOUR)
    embed.set_footer(text=text(language, "panel-watch-footer",
                               marker=footer_marker(game.id, language),
                               moment=_moment(state, language)))
    return embed


# How the panel shows a monster's cards after its line: each with its text (the board's chips
# only name them), their names, or how many.
CardDetail = Literal["texts", "names", "count"]


def _with_texts_if_they_fit(lines: Callable[[CardDetail], list[str]],
                            fallback: CardDetail) -> str:
    """The description with every monster's cards and their texts, if Discord takes it;
    else with the cards as ``fallback`` shows them (a table crowded with cards)."""
    said = "\n".join(lines("texts"))
    return said if len(said) <= MAX_EMBED_DESCRIPTION else fitted(lines(fallback))


def _figures(state: GameState, seat: int, language: str) -> str:
    monster = state.monsters[seat]
    if not monster.alive:
        return text(language, "panel-knocked-out")
    place = state.place_of(seat)
    return " · ".join(part for part in (
        f"❤️ **{monster.hearts}**/{max_hearts(state, seat)}",
        f"⭐ **{monster.vp}**/{WINNING_VP}",
        f"⚡ **{monster.energy}**",
        text(language, f"panel-place-{place}") if place is not None else "",
    ) if part)


def _card_line(state: GameState, card: Card, language: str) -> str:
    edition = state.options.edition
    line = text(language, "panel-card", card=card_name(language, card.key, edition),
                kind=printed(card.key, edition).kind, text=card_text(language, card.key, edition))
    status = card_status(state, card)
    if status is None:
        return line
    return text(language, "panel-card-now", line=line, status=say(language, status))


def _monster_line(game: Game, state: GameState, seat: int, language: str,
                  cards: CardDetail) -> str:
    """One monster in a line, and its cards as ``cards`` says: a line each with its text,
    their names on the next line, or their count at the end of its line."""
    monster = state.monsters[seat]
    tokens = "".join((f" · ☠️{monster.poison}" if monster.poison else "",
                      f" · 🔻{monster.shrink}" if monster.shrink else ""))
    head = (f"**{monster.name}** ({player_name_tag(game, seat, language)}): "
            f"{_figures(state, seat, language)}{tokens}")
    if state.options.power_up:
        # (Power Up!) How many Evolutions it holds (which, its secret), and those face up.
        head += " · " + text(language, "panel-hand-count", count=len(monster.evolution_hand))
        if monster.evolutions:
            head += "\n  🧬 " + ", ".join(evolution_name(language, card.key)
                                          for card in monster.evolutions)
    if not monster.cards:
        return head
    if cards == "texts":
        return "\n".join([head, *(_card_line(state, card, language) for card in monster.cards)])
    if cards == "count":
        return f"{head} · 🃏 {len(monster.cards)}"
    names = ", ".join(_card_name(state, card, language) for card in monster.cards)
    return f"{head}\n  🃏 {names}"


def _own_evolutions(state: GameState, seat: int, language: str) -> list[str]:
    """(Power Up!) A player's own Evolutions: those face up, then its secret hand, each with
    its text."""
    monster = state.monsters[seat]
    said = []
    if monster.evolutions:
        said.append(text(language, "panel-evolutions-face-up", count=len(monster.evolutions)))
        said.extend(_evolution_line(card.key, language) for card in monster.evolutions)
    said.append(text(language, "panel-hand", count=len(monster.evolution_hand)))
    said.extend(_evolution_line(key, language, when=True) for key in monster.evolution_hand)
    return said


def _evolution_line(key: str, language: str, *, when: bool = False) -> str:
    """An Evolution with its kind and text; ``when``: and when it may be played (one held in
    the hand)."""
    line = text(language, "panel-evolution", card=evolution_name(language, key),
                kind=EVOLUTIONS[key].kind, text=evolution_text(language, key))
    if not when:
        return line
    moments = played_when(key)
    if not moments:  # (Nine Lives: never played by hand)
        return f"{line} {text(language, 'panel-when-by-itself')}"
    said = Join(tuple(phrase(f"panel-when-{moment}") for moment in moments))
    return f"{line} {text(language, 'panel-when', moments=said)}"


def evolutions_text(state: GameState, seat: int, language: str, *, playable: bool) -> str:
    """What 🧬 Evolutions shows its player privately: its hand, each Evolution with its
    text; the buttons below it play those the question allows now (``playable``: any)."""
    title = "evolutions-private-title" if playable else "evolutions-private-none-now"
    return "\n".join([text(language, title), *_own_evolutions(state, seat, language)])


def _card_name(state: GameState, card: Card, language: str) -> str:
    status = card_status(state, card)
    name = card_name(language, card.key, state.options.edition)
    if status is None:
        return name
    return text(language, "panel-card-status", card=name, status=say(language, status))


def _for_sale(state: GameState, buyer: int | None, language: str) -> str:
    """The face-up cards with their cost (to ``buyer``, with its discounts) and text."""
    if not state.face_up:
        return text(language, "panel-nothing-for-sale")
    return "\n".join([text(language, "panel-for-sale"), *sale_lines(state, buyer, language)])


def _moment(state: GameState, language: str) -> str:
    moment = (text(language, "panel-moment-turn", number=state.turn.number)
              if state.turn is not None else text(language, "panel-moment-start"))
    waiting = waiting_text(state)
    if not (state.pending and waiting):
        return moment
    return text(language, "panel-moment-waiting", moment=moment, waiting=say(language, waiting))

