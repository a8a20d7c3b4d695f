"""What the bot's messages say: lobby and board embeds, mentions, summaries, refusals, rules.

Pure functions of a game; ``bot.discord.publisher`` and the click handlers send what these build.
Pictures come from ``bot.render`` and are always drawn in a worker thread (``board_file``) so
the event loop keeps answering.
"""

from __future__ import annotations

import asyncio
import io
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import discord

from bot.i18n import ENGLISH, say
from bot.render import render_board, render_card
from bot.table.model import (
    AI_LEVEL_NAMES,
    GAME_CHOICES,
    MIX_CHOICES,
    AiLevel,
    ClickRefused,
    Game,
    Lobby,
)
from bot.table.standings import Standing, standings
from bot.table.timers import question_deadlines
from engine import (
    CARDS,
    ORIGINS_REPRINTS,
    WINNING_VP,
    Action,
    Buy,
    Decision,
    GameState,
    Phrase,
    PrintedCard,
    card_info,
    printed,
    private_option_label,
    prompt,
    secret,
)

BOARD_FILENAME = "board.png"
COLOUR = discord.Colour.from_rgb(214, 69, 38)


def footer_marker(game_id: int) -> str:
    """How the footer of every lobby and board message of a game begins: how the bot finds
    its own messages of a game again (a post sent but not recorded before a crash)."""
    return f"Game #{game_id} ·"


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


# Who plays the seat of a player who left the game.
AUTOPILOT_NAME = "🤖 Autopilot"


def ai_name(level: AiLevel) -> str:
    return f"🤖 {AI_LEVEL_NAMES[level]} AI"


def player_tag(game: Game, seat: int) -> str:
    """Who plays this seat: a mention, or the AI monster's level (an AI is never pinged), or
    the autopilot for a player who left."""
    level = game.ai_level(seat)
    if level is not None:
        return ai_name(level)
    return AUTOPILOT_NAME if seat in game.chronicle.left else mention(game.seats[seat])


def jump_url(game: Game) -> str | None:
    if game.board_message_id is None:
        return None
    guild = game.guild_id if game.guild_id is not None else "@me"
    return f"https://discord.com/channels/{guild}/{game.channel_id}/{game.board_message_id}"


# --- refusals and notices -------------------------------------------------------------

MOMENT_PASSED = "That moment has passed: use the buttons on the latest board."
MOMENT_PASSED_BOARD_REFRESHED = "That moment has passed: the board is up to date again."
NOT_A_PLAYER = "You are not playing in this game."
LEFT_GAME = "You left this game: the autopilot plays your monster to the end."
NOT_STARTED = "The game has not started."
GAME_OVER = "This game is over."
GAME_UNREADABLE = "This game's saved state cannot be read, so it has been stopped."
CHANNEL_GAME_UNREADABLE = "This channel's game cannot be read, so it has been stopped."
# Plain words for the table; the technical reason goes to the bot's log only.
BROKEN_NOTICE = (
    "⚠️ King of Tokyo game #{game_id} in this channel cannot be loaded: its saved data is "
    "damaged and could not be rebuilt from its moves, so it has been stopped. The data is kept "
    "for the bot's maintainers to look at; `/kot start` opens a new game here."
)
END_QUESTION = "End this game for everyone? It cannot be resumed."
CLOCK_QUESTION = ("⏱️ The clock of this game: the time each monster has for its whole turn, "
                  "and for a question out of its turn (stay or yield, a card's reaction). "
                  "When it runs out, the autopilot plays.")
CARDS_QUESTION = ("🃏 Mix King of Tokyo: Origins' cards into this game: its 14 new cards, all "
                  "50 of its cards (its reprints then come twice), or the new cards you pick.")
CARDS_NOT_MIXED = ("Only a 2016 King of Tokyo game mixes in Origins' cards: choose it in "
                   "the Game menu first.")
END_QUESTION_EXPIRED = "No answer: the game goes on."
END_QUESTION_TOO_LATE = "This question has expired: use `/kot end` again if you still want to."

# Discord's names for the permissions the bot needs in a game's channel (docs/bot.md).
NEEDED_PERMISSIONS = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("embed_links", "Embed Links"),
    ("attach_files", "Attach Files"),
    ("read_message_history", "Read Message History"),
)
THREAD_PERMISSIONS = (("send_messages_in_threads", "Send Messages in Threads"),)
FORBIDDEN_HINT = (
    "I cannot show the game in this channel: I am missing {missing} here. Ask someone who "
    "can manage this channel to give me {them} (channel settings → Permissions), then use "
    "`/kot board`."
)
FORBIDDEN_UNKNOWN = (
    "Discord refused to let me post in this channel ({reason}). Ask someone who can manage "
    "this channel to check my permissions here (View Channel, Send Messages, Embed Links, "
    "Attach Files, Read Message History), then use `/kot board`."
)
CONTINUED_HERE = "The game goes on in this message meanwhile; the clock waits for it."
SHOW_RETRYING = (
    "Discord did not take the update ({reason}); I will try again in a moment, and the clock "
    "waits until the board is shown."
)


def missing_permissions(interaction: discord.Interaction[Any]) -> list[str]:
    """The permissions the bot needs in the channel of this interaction and does not have
    there (as Discord sent them with it)."""
    in_thread = isinstance(interaction.channel, discord.Thread)
    needed = NEEDED_PERMISSIONS + (THREAD_PERMISSIONS if in_thread else ())
    return [name for flag, name in needed if not getattr(interaction.app_permissions, flag)]


def forbidden_text(missing: list[str], reason: str) -> str:
    """Tell a player which permissions the bot lacks, and what to do about it."""
    if not missing:
        return FORBIDDEN_UNKNOWN.format(reason=reason)
    names = ", ".join(f"**{name}**" for name in missing[:-1])
    names = f"{names} and **{missing[-1]}**" if names else f"**{missing[-1]}**"
    permission = "permission" if len(missing) == 1 else "permissions"
    return FORBIDDEN_HINT.format(missing=f"the {names} {permission}",
                                 them="it" if len(missing) == 1 else "them")


def refusal_text(refusal: ClickRefused, game: Game, language: str = ENGLISH) -> str:
    """What a player is told when a click cannot act, chosen by the refusal's code (the
    rules' words in ``language``, the clicker's)."""
    match refusal.code:
        case "stale_decision":
            url = jump_url(game)
            return f"{MOMENT_PASSED} {url}" if url else MOMENT_PASSED
        case "not_your_decision":
            seat = refusal.asked_seat
            assert seat is not None and game.state is not None
            return (f"This question is for {game.state.monsters[seat].name} "
                    f"({player_tag(game, seat)}).")
        case "not_a_player":
            return NOT_A_PLAYER
        case "left_game":
            return LEFT_GAME
        case "not_started":
            return NOT_STARTED
        case "game_over":
            return GAME_OVER
        case "illegal_move":
            return refusal.detail_in(language)


def channel_busy_text(game: Game) -> str:
    """/kot start in a channel that has a lobby or a game already."""
    what = "a lobby" if game.status == "lobby" else "a game in progress"
    url = jump_url(game)
    where = f": {url}" if url else ""
    return (f"This channel already has {what}{where}. Finish it, or ask the host to end it "
            "with `/kot end`; `/kot board` shows it again.")


def rematch_busy_text(game: Game, finished_id: int) -> str:
    """A Rematch click in a channel that has a lobby or a game again."""
    url = jump_url(game)
    where = f": {url}" if url else "."
    if game.status == "lobby" and game.lobby.rematch_of == finished_id:
        return f"The rematch lobby is already open{where}"
    return channel_busy_text(game)


# --- lobby ----------------------------------------------------------------------------


def variant_text(lobby: Lobby) -> str:
    if lobby.two_player_variant is None:
        return "automatic (on with two monsters, 2016 rules and Origins)"
    return "on" if lobby.two_player_variant else "off"


def clock_words(seconds: float) -> str:
    """A duration as players say it: "30 s", "2 min", "1 min 30 s"; 0 is no clock."""
    if seconds <= 0:
        return "no clock"
    minutes, rest = divmod(int(seconds), 60)
    if not minutes:
        return f"{rest} s"
    return f"{minutes} min" + (f" {rest} s" if rest else "")


def clock_text(lobby: Lobby) -> str:
    if lobby.turn_seconds <= 0 and lobby.reaction_seconds <= 0:
        return "none"
    return (f"{clock_words(lobby.turn_seconds)} a turn · "
            f"{clock_words(lobby.reaction_seconds)} out of turn")


def lobby_embed(game: Game) -> discord.Embed:
    lobby = game.lobby
    lines = [
        f"{index}. {mention(p.user_id) if p.ai is None else ai_name(p.ai)} — "
        f"{p.monster or '*monster given at start*'}"
        + (" (host)" if p.user_id == game.host_id else "")
        for index, p in enumerate(lobby.players, start=1)
    ]
    if lobby.rematch_of is not None:
        lines.insert(0, f"🔁 Rematch of game #{lobby.rematch_of}: pick your monsters again.\n")
    rules = lobby.rules()
    embed = discord.Embed(
        title=f"{rules.title} — lobby",
        description="\n".join(lines),
        colour=COLOUR,
    )
    embed.add_field(name="Game", value=GAME_CHOICES[lobby.choice()])
    embed.add_field(name="Cards", value=cards_text(lobby))
    embed.add_field(name="2-player variant", value=variant_text(lobby))
    embed.add_field(name="Clock", value=clock_text(lobby))
    embed.set_footer(
        text=f"{footer_marker(game.id)} {rules.min_monsters}–{rules.max_monsters} players · "
        "Join, pick a monster, and the host starts"
    )
    return embed


def cards_text(lobby: Lobby) -> str:
    """The deck the lobby's game will deal: its box, what is mixed in, and its size."""
    left_out = lobby.cards_left_out()
    dealt = f"{lobby.cards_dealt()} cards" + (f"; {left_out} not playable yet, left out"
                                             if left_out else "")
    if lobby.game == "origins":
        return f"Origins deck ({dealt})"
    if not lobby.mixes() or lobby.mix == "none":
        return f"Base deck ({dealt})"
    if lobby.mix == "pick":
        names = ", ".join(CARDS[key].name for key in lobby.picked) or "none picked yet"
        return f"Base deck + {names} ({dealt})"
    return f"Base deck {MIX_CHOICES[lobby.mix]} ({dealt})"


def lobby_opened_content(game: Game) -> str:
    return f"{mention(game.host_id)} opened a {game.lobby.rules().title} lobby!"


def lobby_closed_embed(game: Game, text: str) -> discord.Embed:
    embed = lobby_embed(game)
    embed.title = f"King of Tokyo — {text}"
    return embed


def lobby_expired_embed(game: Game, minutes: float) -> discord.Embed:
    """A lobby nobody started in time: closed, and the channel free again."""
    unit = "minute" if minutes == 1 else "minutes"
    embed = lobby_closed_embed(game, f"closed: nobody started it within {minutes:g} {unit}")
    embed.description = (f"{embed.description}\n\n⌛ The channel is free again: "
                         "`/kot start` opens a new lobby.")
    embed.set_footer(text=f"{footer_marker(game.id)} lobby closed")
    return embed


# --- boards ---------------------------------------------------------------------------


def deadline_text(deadline: float) -> str:
    """A deadline every Discord client counts down by itself ("in 2 minutes")."""
    return f"⏰ <t:{int(deadline)}:R>"


def board_content(game: Game, now: float) -> str:
    """Who must act now, with mentions (each pending question on its own line, with its
    deadline)."""
    state = game.state
    if state is None:
        return ""
    if state.over:
        winners = " and ".join(
            f"{player_tag(game, s)} ({state.monsters[s].name})" for s in state.winners
        )
        return f"👑 {winners} {'wins' if len(state.winners) == 1 else 'win'}!" if winners else (
            "Every monster is down: nobody wins."
        )
    deadlines = question_deadlines(game, now)
    roster = [seats_line(game)] if state.turn is not None and state.turn.number == 1 else []
    return "\n".join(roster + [
        f"{player_tag(game, decision.seat)} {say(game.language, prompt(state, index))}"
        + (f" {deadline_text(deadlines[decision.id])}" if decision.id in deadlines else "")
        for index, decision in enumerate(state.pending)
    ])


def seats_line(game: Game) -> str:
    """Who plays which monster, on the first turn's board: each player learns theirs (the
    board's first post mentions them)."""
    state = game.playing_state()
    return "🎲 " + ", ".join(f"{player_tag(game, seat)} is **{monster.name}**"
                            for seat, monster in enumerate(state.monsters)) + "."


def ping_content(game: Game, decision: Decision, now: float) -> str:
    """A question to a player out of their turn, in a message that notifies them (an edited
    board notifies nobody)."""
    state = game.playing_state()
    deadline = question_deadlines(game, now).get(decision.id)
    url = jump_url(game)
    return " ".join(part for part in (
        f"🔔 {mention(game.seats[decision.seat])} "
        f"{say(game.language, prompt(state, state.pending.index(decision)))}",
        deadline_text(deadline) if deadline is not None else "",
        f"Answer on the board: {url}" if url else "",
    ) if part)


def private_question(state: GameState, decision: Decision, language: str) -> str:
    """A secret question (Made in a Lab's card), for the private message of the monster
    asked: what only it may see, then the question, in ``language`` (the clicker's)."""
    told = secret(state, decision)
    asked = say(language, prompt(state, state.pending.index(decision)))
    return f"🔒 {say(language, told) if told is not None else ''}\n{asked}"


def knock_out_warning(state: GameState, seat: int, action: Action,
                      language: str = ENGLISH) -> str:
    """The private warning before a click that knocks out the clicker's own monster
    (``engine.needs_confirmation``): what it would do, in the clicker's words."""
    if isinstance(action, Buy):
        what = f"Buying {printed(state.face_up[action.slot].key, state.options.edition).name}"
    else:
        what = f"“{say(language, private_option_label(state, action))}”"
    return f"⚠️ {what} knocks out your monster ({state.monsters[seat].hearts} ❤️)."


def board_embed(game: Game) -> discord.Embed:
    """The current turn's embed: title, narration and footer."""
    state = game.playing_state()
    assert state.turn is not None
    active = state.monsters[state.turn.seat].name
    return _turn_embed(game, state.turn.number, active, game.chronicle.log)


def closed_board_content(turn: int, summary: str) -> str:
    """A finished turn's message: over, and what it changed in one line (above the picture,
    so it is the first thing read)."""
    return f"Turn {turn} is over." + (f"\n{summary}" if summary else "")


def closed_board_embed(game: Game, turn: int, monster: str,
                       log: tuple[str | Phrase, ...]) -> discord.Embed:
    """A finished turn's embed, with that turn's own narration."""
    return _turn_embed(game, turn, monster, log)


def _turn_embed(game: Game, turn: int, monster: str,
                log: tuple[str | Phrase, ...]) -> discord.Embed:
    said = "\n".join(say(game.language, line) for line in log)
    embed = discord.Embed(title=f"Turn {turn}: {monster}", description=said or "…",
                          colour=COLOUR)
    embed.set_footer(text=f"{footer_marker(game.id)} {game.playing_state().options.edition} rules")
    return embed


def final_embed(game: Game) -> discord.Embed:
    """The end of the game: the last turn's story, then the final standings (place,
    monster, player, points, hearts or when it was knocked out), the turns and the length."""
    embed = discord.Embed(
        title="Game over",
        description="\n".join(say(game.language, line) for line in game.chronicle.log) or "…",
        colour=COLOUR
    )
    return _with_standings(embed, game, "Final standings")


ENDED_CONTENT = "🛑 King of Tokyo game #{game_id} was stopped before its end."


def ended_notice(user_id: int, game_id: int) -> str:
    """Who ended a lobby or a game with /kot end (a game's standings add the turn)."""
    return f"🛑 {mention(user_id)} ended King of Tokyo game #{game_id}."


def ended_embed(game: Game, notice: str) -> discord.Embed:
    """A game stopped by /kot end: who stopped it and at which turn, and the standings
    then. The turn is the stored game's, so a click racing the end cannot make it wrong."""
    turn = game.playing_state().turn
    when = f" at turn {turn.number}." if turn is not None else "."
    embed = discord.Embed(title="Game ended", description=notice.removesuffix(".") + when,
                          colour=COLOUR)
    return _with_standings(embed, game, "Standings when it ended")


def _with_standings(embed: discord.Embed, game: Game, title: str) -> discord.Embed:
    state = game.playing_state()
    # Two short lines a monster, so that six fit a phone's width without wrapping.
    embed.add_field(
        name=title,
        value="\n".join(_standing(game, state, row)
                        for row in standings(state, game.chronicle.eliminations)),
        inline=False,
    )
    embed.add_field(name="Turns played", value=str(state.turn.number if state.turn else 0))
    chronicle = game.chronicle
    if chronicle.started_at and chronicle.ended_at:
        embed.add_field(name="Game length",
                        value=game_length(chronicle.ended_at - chronicle.started_at))
    embed.set_footer(text=f"{footer_marker(game.id)} {state.options.edition} rules · "
                     f"{WINNING_VP}★ or last monster standing wins")
    return embed


def _standing(game: Game, state: GameState, row: Standing) -> str:
    mark = "👑 " if row.winner else ("💀 " if row.out_turn is not None else "")
    if row.out_turn is None:
        detail = f"{row.points}★ · {row.hearts}❤️"
    else:
        by = (f"by {state.monsters[row.out_by].name}" if row.out_by is not None
              else "by poison or its own card")
        # Turn 0: knocked out in a game stored before knock-outs were recorded.
        detail = f"{row.points}★ · out" + (f" turn {row.out_turn}, {by}" if row.out_turn else "")
    return (f"**{row.place}.** {mark}**{row.monster}** · {player_tag(game, row.seat)}\n"
            f"{STANDING_INDENT}{detail}")


# Discord trims ordinary spaces at the start of a line, not em spaces.
STANDING_INDENT = "\u2003\u2003"


def game_length(seconds: float) -> str:
    """A game's wall-clock length, in minutes."""
    minutes = int(max(seconds, 0) // 60)
    if minutes < 1:
        return "under a minute"
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60:02d} min"


# The threads that draw pictures. Drawing holds the GIL except while zlib compresses the PNG,
# so threads beyond the cores only take the GIL from the event loop: with Python's default
# pool (six threads here), ten boards drawn at once kept every click of a burst waiting
# (see docs/bot.md, "Keeping the event loop free").
_DRAWERS = ThreadPoolExecutor(max(1, min(4, os.cpu_count() or 1)),
                              thread_name_prefix="kot-draw")


async def _drawn(draw: Callable[..., bytes], *args: Any) -> bytes:
    return await asyncio.get_running_loop().run_in_executor(_DRAWERS, draw, *args)


async def board_file(game: Game, state: GameState | None = None) -> discord.File:
    """The board picture (of the game now, or of an earlier ``state`` of it), with each
    player's display name by their monster."""
    names = tuple(game.player_name(seat) for seat in range(len(game.seats)))
    shown = game.playing_state() if state is None else state
    png = await _drawn(render_board, shown, game.ai_seats(), names)
    return discord.File(io.BytesIO(png), filename=BOARD_FILENAME)


async def card_file(key: str) -> discord.File:
    png = await _drawn(render_card, key)
    return discord.File(io.BytesIO(png), filename=f"{key}.png")


def card_embed(key: str) -> discord.Embed:
    """A power card as printed in the 2016 edition, and what the 2011 edition prints
    differently."""
    card = printed(key, "2016")
    embed = discord.Embed(title=card.name, description=card.text, colour=COLOUR)
    embed.add_field(name="Cost", value=f"{card.cost}⚡")
    embed.add_field(name="Type", value="Keep" if card.kind == "keep" else "Discard")
    copies = card_info(key).copies
    if copies > 1:
        embed.add_field(name="Copies", value=str(copies))
    embed.add_field(name="Box", value=_boxes(key), inline=False)
    differences = _differences(card, printed(key, "2011"))
    if differences:
        embed.add_field(name="2011 edition", value=" ".join(differences), inline=False)
    embed.set_image(url=f"attachment://{key}.png")
    return embed


def _boxes(key: str) -> str:
    """Which games deal the card."""
    if card_info(key).box == "origins":
        return ("New in King of Tokyo: Origins; a 2016 King of Tokyo game can mix it in "
                "(the lobby's 🃏 Cards).")
    if key in ORIGINS_REPRINTS:
        return "King of Tokyo, and King of Tokyo: Origins."
    return "King of Tokyo."


def _differences(card: PrintedCard, other: PrintedCard) -> list[str]:
    parts = [f"Named **{other.name}**."] if other.name != card.name else []
    if other.cost != card.cost:
        parts.append(f"Costs {other.cost}⚡.")
    if other.text != card.text:
        parts.append(other.text)
    return parts


RULES = """\
**Goal**: be the first monster to reach **20★**, or the last one standing.

**Your turn**
1. **Roll** six dice, up to three times: click dice to keep them, **Roll** the others, \
**Done** when happy.
2. **Resolve**: three of a number score that many ★ (each extra die +1★). ⚡ gives energy. \
❤️ heals (not in Tokyo). 💥 hits: from outside Tokyo you hit the monsters in Tokyo; from \
Tokyo you hit everyone outside.
3. **Tokyo**: a monster in Tokyo that is hit may **Yield** (leave) or **Stay**. If Tokyo is \
empty you must enter it (+1★). Starting your turn in Tokyo gives +2★, but you cannot heal \
there. With 5–6 monsters, Tokyo Bay holds a second monster.
4. **Buy** power cards with ⚡, or **Sweep** the three on offer for 2⚡. Then **End turn**.

**Cards that ask**: your card's question comes as buttons on the board (a menu when there \
are many answers); when the timer runs out, its default answer is taken. While you roll, \
dice cards add buttons: **Plot Twist** / **Stretchy** set a die to any face, **Herd Culler** \
turns one into a 1, **Background Dweller** rerolls your 3s, **Energy Drink** buys a roll. \
In your buy step: buy another monster's card (**Parasitic Tentacles**), or peek at the top \
card (**Made in a Lab**: only you see it, privately). **Healing Ray** spends your ❤️ on \
others, who pay you; **Metamorph** sells your cards at the end of your turn; **Freeze Time** \
offers an extra turn with one die fewer.

**Games** (the lobby's **Game** menu, or `/kot start game:`): **King of Tokyo**, 2016 \
or 2011 rules, 2–6 monsters, 66 cards; **Origins**, 2016 rules, 2–4 monsters, Tokyo City \
only, its own 50 cards. The 2-player variant (on for two, but not in 2011): Tokyo gives ⚡ \
instead of ★. **🃏 Cards** mixes into a 2016 game Origins' 14 new cards, all 50 (reprints \
twice), or the new ones picked.
"""

HELP = """\
`/kot start` — open a lobby in this channel (Join, pick a monster, add AI monsters, \
the host starts); `game:` King of Tokyo 2016 or 2011, or Origins.
`/kot board` — post the current board again (with its buttons).
`/kot me` — your monster, its cards and your standing orders (auto-yield, auto-stay, \
skip buying), privately; the whole table if you are watching (the board's 📋 My monster).
`/kot hint` — what the Hard AI would do in your place, and why (only you see it).
`/kot leave` — leave the lobby, or the game (the autopilot plays your monster to the end).
`/kot end` — end the game (the host or a member who can manage the channel).
`/kot settings` — this server's turn clock for new games (Manage Server).
`/kot stats [player]`, `/kot leaderboard`, `/kot history` — finished games on this server, \
ratings (games with AI monsters or stopped early are not rated).
`/kot replay <game>` — a finished game's story as a text file, and its replay file.
`/kot rules` — the rules in short.
`/kot card <name>` — a power card's picture and text.

Buttons answer only the monster being asked; anyone else gets a private note. \
Each turn has one clock (its deadline counts down on the board); a question out of your \
turn pings you and has a shorter one. When time runs out the autopilot (the Easy AI) plays \
for you; after two missed turns it plays until you click again.
"""
