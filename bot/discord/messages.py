"""What the bot's messages say: lobby and board embeds, mentions, summaries, refusals, rules.

Pure functions of a game; ``bot.discord.publisher`` and the click handlers send what these build.
Pictures come from ``bot.render``, drawn where ``bot.discord.drawing`` says (``board_file``):
off the event loop, so that it keeps answering, unless a lone request asks for them.
"""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.discord.drawing import Drawers
from bot.i18n import say, text
from bot.i18n.cards import card_kind, card_name, card_text, evolution_name, evolution_text
from bot.render import board_picture, render_card
from bot.table import reminders
from bot.table.level_ratings import level_ratings
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
from bot.table.time_away import away_until
from bot.table.timers import question_deadlines
from engine import (
    EVOLUTIONS,
    ORIGINS_REPRINTS,
    WINNING_VP,
    Action,
    Arg,
    Buy,
    Decision,
    GameState,
    Join,
    Phrase,
    PrintedCard,
    Ref,
    card_cost,
    card_info,
    card_ref,
    card_status,
    phrase,
    printed,
    private_option_label,
    prompt,
    secret,
)

BOARD_FILENAME = "board.png"
# Discord's limit of an attachment's description (alt text).
MAX_DESCRIPTION = 1024
COLOUR = discord.Colour.from_rgb(214, 69, 38)
# The characters an embed's description holds.
MAX_EMBED_DESCRIPTION = 4096
# The characters a field's value holds, and an embed's title, description, fields and footer
# together.
MAX_FIELD_VALUE = 1024
MAX_EMBED_TOTAL = 6000


def footer_marker(game_id: int, language: str) -> str:
    """How the footer of every lobby and board message of a game begins: how the bot finds
    its own messages of a game again (a post sent but not recorded before a crash), in any
    of the languages the game was shown in."""
    return text(language, "footer-marker", game=str(game_id))


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def fitted(lines: list[str]) -> str:
    """Lines as an embed's description, cut to what it holds (only pathological ones are
    longer: a card line is at most about 200 characters, a history line with 32-character
    display names made only of markdown characters, escaped, about 420)."""
    said = "\n".join(lines)
    return (said if len(said) <= MAX_EMBED_DESCRIPTION
            else said[:MAX_EMBED_DESCRIPTION - 1] + "…")


def as_bullet(summary: str) -> str:
    """A turn's summary after a bullet: its second line, if any, indented under the first."""
    return summary.replace("\n", "\n    ")


def log_text(log: tuple[Phrase | str, ...], language: str) -> str:
    """A turn's narration, whole, as an embed's description. One longer than an embed holds
    (never seen: a turn tells at most a few dozen lines) loses its first lines, and says how
    many."""
    lines = [say(language, line) for line in log]
    said = "\n".join(lines)
    while len(said) > MAX_EMBED_DESCRIPTION and len(lines) > 1:
        lines.pop(0)
        earlier = text(language, "story-log-earlier", count=len(log) - len(lines))
        said = "\n".join([earlier, *lines])
    return said[:MAX_EMBED_DESCRIPTION] or "…"


def named(name: str | None, user_id: int) -> str:
    """A player by their display name, for an embed (where a mention shows as raw text on
    clients that have not loaded the member); a mention only when no name was kept (a game
    stored before names were)."""
    return discord.utils.escape_markdown(name) if name else mention(user_id)


def ai_name(level: AiLevel, language: str) -> str:
    return text(language, "table-ai-monster", level=phrase(AI_LEVEL_NAMES[level]))


def ai_levels_text(language: str) -> str:
    """The host's private 🤖 Add AI question: each level, weakest first, with its rating
    (``bot.table.level_ratings``) and what it is like to play against."""
    ratings = level_ratings()
    return "\n".join([text(language, "lobby-ai-question"), *(
        text(language, "lobby-ai-level", level=phrase(name), rating=round(ratings[level], 1),
             about=phrase(f"lobby-ai-about-{level}"))
        for level, name in AI_LEVEL_NAMES.items()), text(language, "lobby-ai-ratings")])


def player_tag(game: Game, seat: int, language: str | None = None) -> str:
    """Who plays this seat: a mention, or the AI monster's level (an AI is never pinged), or
    the autopilot for a player who left (in ``language``, by default the game's)."""
    language = language or game.language
    level = game.ai_level(seat)
    if level is not None:
        return ai_name(level, language)
    if seat in game.chronicle.presence.left:
        return text(language, "autopilot-name")
    return mention(game.seats[seat])


def player_name_tag(game: Game, seat: int, language: str | None = None) -> str:
    """``player_tag`` for an embed: the player by name rather than by mention."""
    if game.ai_level(seat) is not None or seat in game.chronicle.presence.left:
        return player_tag(game, seat, language)
    return named(game.player_name(seat), game.seats[seat])


def jump_url(game: Game) -> str | None:
    if game.board_message_id is None:
        return None
    guild = game.guild_id if game.guild_id is not None else "@me"
    return f"https://discord.com/channels/{guild}/{game.channel_id}/{game.board_message_id}"


# --- refusals and notices -------------------------------------------------------------

# Message ids of the catalogs (said with ``text(language, ...)``).
MOMENT_PASSED_BOARD_REFRESHED = "moment-passed-board-refreshed"
GAME_UNREADABLE = "game-unreadable"
CHANNEL_GAME_UNREADABLE = "channel-game-unreadable"
# Plain words for the table; the technical reason goes to the bot's log only.
BROKEN_NOTICE = "broken-notice"
END_QUESTION = "end-question"
CLOCK_QUESTION = "clock-question"
CARDS_QUESTION = "cards-question"
CARDS_POWER_UP_QUESTION = "cards-power-up-question"
CARDS_NOT_MIXED = "cards-not-mixed"
END_QUESTION_EXPIRED = "end-question-expired"
END_QUESTION_TOO_LATE = "end-question-too-late"
CONTINUED_HERE = "continued-here"
SHOW_RETRYING = "show-retrying"

# The permissions the bot needs in a game's channel (docs/bot.md), by discord.py's flag; each
# is named (message perm-<flag>) as Discord's settings name it in the reader's language.
NEEDED_PERMISSIONS = ("view_channel", "send_messages", "embed_links", "attach_files",
                      "read_message_history")
THREAD_PERMISSIONS = ("send_messages_in_threads",)
# What a game opened in a new thread needs in the channel the thread is made in (a thread
# takes its parent's permissions).
NEW_THREAD_PERMISSIONS = ("view_channel", "create_public_threads", "send_messages_in_threads",
                          "embed_links", "attach_files", "read_message_history")
# Permissions named by another catalog file than perm-<flag>'s.
_PERMISSION_NAMES = {"create_public_threads": "games-perm-create_public_threads"}


def missing_permissions(interaction: discord.Interaction[Any], *,
                        new_thread: bool = False) -> list[str]:
    """The permissions the bot needs in the channel of this interaction and does not have
    there (as Discord sent them with it); ``new_thread``: to open a game in a new thread
    of it."""
    in_thread = isinstance(interaction.channel, discord.Thread)
    needed = (NEW_THREAD_PERMISSIONS if new_thread else
              NEEDED_PERMISSIONS + (THREAD_PERMISSIONS if in_thread else ()))
    return [flag for flag in needed if not getattr(interaction.app_permissions, flag)]


def forbidden_text(missing: list[str], reason: str, language: str) -> str:
    """Tell a player which permissions the bot lacks, and what to do about it."""
    if not missing:
        return text(language, "forbidden-unknown", reason=reason)
    return text(language, "forbidden-hint", count=len(missing),
                permissions=Join(tuple(
                    f"**{text(language, _PERMISSION_NAMES.get(flag, f'perm-{flag}'))}**"
                    for flag in missing)))


def refusal_text(refusal: ClickRefused, game: Game, language: str) -> str:
    """What a player is told when a click cannot act, chosen by the refusal's code."""
    match refusal.code:
        case "stale_decision":
            return text(language, "click-moment-passed", url=jump_url(game) or "none")
        case "not_your_decision":
            seat = refusal.asked_seat
            assert seat is not None and game.state is not None
            return text(language, "click-not-your-question",
                        monster=game.state.monsters[seat].name,
                        player=player_tag(game, seat, language))
        case "not_a_player":
            return text(language, "click-not-a-player")
        case "left_game":
            return text(language, "click-left-game")
        case "not_started":
            return text(language, "click-not-started")
        case "game_over":
            return text(language, "click-game-over")
        case "illegal_move":
            return refusal.detail_in(language)


def channel_busy_text(game: Game, language: str) -> str:
    """/kot start in a channel that has a lobby or a game already."""
    return text(language, "channel-busy", status="lobby" if game.status == "lobby" else "game",
                url=jump_url(game) or "none")


def rematch_busy_text(game: Game, finished_id: int, language: str) -> str:
    """A Rematch click in a channel that has a lobby or a game again."""
    if game.status == "lobby" and game.lobby.rematch_of == finished_id:
        return text(language, "rematch-open-already", url=jump_url(game) or "none")
    return channel_busy_text(game, language)


# --- lobby ----------------------------------------------------------------------------


def variant_text(lobby: Lobby, language: str) -> str:
    variant = lobby.two_player_variant
    return text(language, "variant", setting="auto" if variant is None else
                "on" if variant else "off")


def clock_words(seconds: float, language: str) -> str:
    """A duration as players say it: "30 s", "2 min", "1 min 30 s", "4 h", "24 h", "3 days";
    0 is no clock."""
    minutes, rest = divmod(max(int(seconds), 0), 60)
    hours, minutes_past = divmod(minutes, 60)
    days, hours_past = divmod(hours, 24)
    if days >= 2 and not hours_past and not minutes_past:
        return text(language, "days-clock-days", days=days)
    if hours:
        return text(language, "days-clock-hours", hours=hours, minutes=minutes_past)
    return text(language, "clock-words", minutes=minutes, seconds=rest)


def clock_text(lobby: Lobby, language: str) -> str:
    if lobby.turn_seconds <= 0 and lobby.reaction_seconds <= 0:
        return text(language, "clock-none")
    return text(language, "clock-text", turn=clock_words(lobby.turn_seconds, language),
                reaction=clock_words(lobby.reaction_seconds, language))


def lobby_embed(game: Game) -> discord.Embed:
    lobby, language = game.lobby, game.language
    lines = [
        text(language, "lobby-player", place=index,
             who=named(p.name, p.user_id) if p.ai is None else ai_name(p.ai, language),
             monster=p.monster or "none", host=str(p.user_id == game.host_id).lower())
        for index, p in enumerate(lobby.players, start=1)
    ]
    if lobby.rematch_of is not None:
        lines.insert(0, text(language, "lobby-rematch-of", game=str(lobby.rematch_of)) + "\n")
    rules = lobby.rules()
    embed = discord.Embed(
        title=text(language, "lobby-title", game=rules.title),
        description="\n".join(lines),
        colour=COLOUR,
    )
    embed.add_field(name=text(language, "lobby-field-game"),
                    value=text(language, GAME_CHOICES[lobby.choice()]))
    cards = cards_text(lobby, language)
    if lobby.power_up:
        cards += "\n" + text(language, "deck-power-up")
    embed.add_field(name=text(language, "lobby-field-cards"), value=cards)
    embed.add_field(name=text(language, "lobby-field-variant"),
                    value=variant_text(lobby, language))
    embed.add_field(name=text(language, "lobby-field-clock"), value=clock_text(lobby, language))
    if lobby.learn:
        embed.add_field(name=text(language, "learn-lobby-title"),
                        value=text(language, "learn-lobby"), inline=False)
    embed.set_footer(text=text(language, "lobby-footer", marker=footer_marker(game.id, language),
                               least=rules.min_monsters, most=rules.max_monsters))
    return embed


# Cards picked from the Origins box that the lobby names; more are counted (an embed field
# holds 1,024 characters: 50 names would not always fit).
_PICKED_NAMED = 14


def cards_text(lobby: Lobby, language: str) -> str:
    """The deck the lobby's game will deal: its box, what is mixed in, and its size."""
    dealt = text(language, "deck-dealt", count=lobby.cards_dealt(),
                 left_out=lobby.cards_left_out())
    if lobby.game == "origins":
        return text(language, "deck-origins", dealt=dealt)
    if not lobby.mixes() or lobby.mix == "none":
        return text(language, "deck-base", dealt=dealt)
    if lobby.mix == "pick":
        if len(lobby.picked) > _PICKED_NAMED:
            mixed = phrase("deck-picked-count", count=len(lobby.picked))
        else:
            names: Arg = (Join(tuple(Ref("card", key) for key in lobby.picked), "comma")
                          if lobby.picked else phrase("deck-none-picked"))
            mixed = phrase("deck-picked", cards=names)
        return text(language, "deck-base-plus", mixed=mixed, dealt=dealt)
    return text(language, "deck-base-plus", mixed=phrase(MIX_CHOICES[lobby.mix]), dealt=dealt)


def lobby_opened_content(game: Game) -> str:
    return text(game.language, "lobby-opened", host=mention(game.host_id),
                game=game.lobby.rules().title)


# Why a lobby message was closed (``bot.table.publish.CloseLobby.reason``), by message.
_LOBBY_CLOSED = {"game started": "lobby-closed-started", "cancelled": "lobby-closed-cancelled",
                 "ended": "lobby-closed-ended", "moved below": "lobby-closed-moved"}


def lobby_closed_embed(game: Game, reason: str) -> discord.Embed:
    embed = lobby_embed(game)
    closed = _LOBBY_CLOSED.get(reason)
    embed.title = text(game.language, "lobby-closed-title",
                       why=text(game.language, closed) if closed else reason)
    return embed


def lobby_expired_embed(game: Game, minutes: float) -> discord.Embed:
    """A lobby nobody started in time: closed, and the channel free again."""
    language = game.language
    # (A long game's lobby stays open a day: said in hours.)
    why = (text(language, "away-lobby-expired-hours", hours=int(minutes // 60))
           if minutes >= 60 and minutes % 60 == 0 else
           text(language, "lobby-expired", minutes=minutes))
    embed = lobby_closed_embed(game, why)
    embed.description = f"{embed.description}\n\n" + text(language, "lobby-expired-free")
    embed.set_footer(text=text(language, "lobby-expired-footer",
                               marker=footer_marker(game.id, language)))
    return embed


# --- boards ---------------------------------------------------------------------------


def deadline_text(deadline: float, *, dated: bool = False) -> str:
    """A deadline every Discord client counts down by itself ("in 2 minutes"), in each
    reader's own language; ``dated`` (a long game's, hours or days away) with its day and
    hour too."""
    counted = f"⏰ <t:{int(deadline)}:R>"
    return f"{counted} (<t:{int(deadline)}:f>)" if dated else counted


def long_game_news(game: Game, seat: int, language: str | None = None) -> list[str]:
    """What a ping of a long game tells the player in ``seat`` besides its question: the
    turns closed since their last move, and, the first time they are asked, that standing
    orders exist. Nothing in a short game. In ``language`` (by default the game's), but for
    the turns' lines, said in the game's language when their turns closed."""
    language = language or game.language
    notes = reminders.recent(game, seat)
    lines = [text(language, "days-since-header")] if notes else []
    lines.extend(text(language, "days-since-turn", turn=note.turn,
                      summary=as_bullet(note.summary)) for note in notes)
    if reminders.offers_orders(game, seat):
        lines.append(text(language, "days-orders-offer"))
    return lines


def reminder_content(game: Game, moment: reminders.Moment, now: float) -> str:
    """A reminder of a long game: the player's pending question, its deadline, a link to the
    board, and what happened since their last move."""
    state, language = game.playing_state(), game.language
    decision = reminders.question_of(state, moment)
    deadline = question_deadlines(game, now).get(decision.id)
    url = jump_url(game)
    question = say(language, prompt(state, state.pending.index(decision)))
    first = " ".join(part for part in (
        text(language, "days-reminder", player=mention(game.seats[moment.seat]),
             question=question),
        deadline_text(deadline, dated=True) if deadline is not None else "",
        text(language, "ping-answer-on-board", url=url) if url else "",
    ) if part)
    return "\n".join([first, *long_game_news(game, moment.seat)])


def board_content(game: Game, now: float) -> str:
    """Who must act now, with mentions (each pending question on its own line, with its
    deadline)."""
    state, language = game.state, game.language
    if state is None:
        return ""
    if state.over:
        if not state.winners:
            return text(language, "post-nobody-wins")
        return text(language, "post-winners", count=len(state.winners), winners=Join(tuple(
            f"{player_tag(game, s)} ({state.monsters[s].name})" for s in state.winners)))
    deadlines = question_deadlines(game, now)
    dated = game.lobby.long_clock()
    roster = [seats_line(game)] if state.turn is not None and state.turn.number == 1 else []
    told = reminders.told_on_board(game)
    return "\n".join(roster + [
        f"{player_tag(game, decision.seat)} {say(language, prompt(state, index))}"
        + (f" {deadline_text(deadlines[decision.id], dated=dated)}"
           if decision.id in deadlines else "")
        + _away_text(game, decision.seat, now)
        for index, decision in enumerate(state.pending)
    ] + ([] if told is None else long_game_news(game, told)))


def _away_text(game: Game, seat: int, now: float) -> str:
    """" ⏸️ away until ..." after a question to a player on time away; "" otherwise."""
    until = away_until(game.chronicle.time_away, seat, now)
    return "" if until is None else " " + text(game.language, "away-waiting", until=str(int(until)))


def seats_line(game: Game) -> str:
    """Who plays which monster, on the first turn's board: each player learns theirs (the
    board's first post mentions them)."""
    state = game.playing_state()
    return "🎲 " + text(game.language, "post-seats", seats=Join(tuple(
        phrase("post-seat", player=player_tag(game, seat), monster=monster.name)
        for seat, monster in enumerate(state.monsters))))


def ping_content(game: Game, decision: Decision, now: float) -> str:
    """A question to a player out of their turn, in a message that notifies them (an edited
    board notifies nobody)."""
    state, language = game.playing_state(), game.language
    deadline = question_deadlines(game, now).get(decision.id)
    url = jump_url(game)
    asked = say(language, prompt(state, state.pending.index(decision)))
    first = " ".join(part for part in (
        f"🔔 {mention(game.seats[decision.seat])} {asked}",
        deadline_text(deadline, dated=game.lobby.long_clock()) if deadline is not None else "",
        text(language, "ping-answer-on-board", url=url) if url else "",
    ) if part)
    return "\n".join([first, *long_game_news(game, decision.seat)])


def private_question(state: GameState, decision: Decision, language: str) -> str:
    """A secret question (Made in a Lab's card), for the private message of the monster
    asked: what only it may see (in its player's ``language``), then the question."""
    told = secret(state, decision)
    shown = say(language, told) if told is not None else ""
    asked = say(language, prompt(state, state.pending.index(decision)))
    return f"🔒 {shown}\n{asked}"


def knock_out_warning(state: GameState, seat: int, action: Action, language: str) -> str:
    """The private warning before a click that knocks out the clicker's own monster
    (``engine.needs_confirmation``): what it would do, in the clicker's words."""
    if isinstance(action, Buy):
        key = state.face_up[action.slot].key
        return text(language, "knock-out-buying", hearts=state.monsters[seat].hearts,
                    card=card_ref(key, state.options.edition == "2011"))
    return text(language, "knock-out-option", hearts=state.monsters[seat].hearts,
                option=say(language, private_option_label(state, action)))


def board_embed(game: Game) -> discord.Embed:
    """The current turn's embed: title, narration, the cards for sale, the active monster's
    own cards and footer."""
    state = game.playing_state()
    assert state.turn is not None
    active = state.monsters[state.turn.seat].name
    embed = _turn_embed(game, state.turn.number, active, game.chronicle.narration.log)
    if state.face_up:
        # The picture draws their names and costs; their texts, 6 px tall on a phone if
        # drawn, are read here (three lines of at most some 190 characters: a field holds
        # 1,024).
        buyer = state.turn.seat if state.monsters[state.turn.seat].alive else None
        embed.add_field(name=text(game.language, "shopcards-for-sale"),
                        value="\n".join(sale_lines(state, buyer, game.language)),
                        inline=False)
    owner = state.monsters[state.turn.seat]
    if owner.alive and owner.cards:
        # The picture's chips only name them (15 px: 5-6 px on a phone); what the active
        # monster's own do is read here, the others' in 📋.
        _add_line_fields(embed, text(game.language, "owned-cards", monster=active),
                         owned_lines(state, state.turn.seat, game.language), game.language)
    return embed


def owned_lines(state: GameState, seat: int, language: str) -> list[str]:
    """The cards ``seat`` owns, a line each: name and text, and what the card holds now."""
    edition = state.options.edition
    lines = []
    for card in state.monsters[seat].cards:
        line = text(language, "owned-card", card=card_name(language, card.key, edition),
                    text=card_text(language, card.key, edition))
        status = card_status(state, card)
        lines.append(line if status is None else text(
            language, "panel-card-now", line=line, status=say(language, status)))
    return lines


def _add_line_fields(embed: discord.Embed, name: str, lines: list[str], language: str) -> None:
    """``lines`` as fields named ``name`` (its continuations unnamed), each within a field's
    1,024 characters, and all within the embed's 6,000: lines beyond that are counted in a
    last line that sends the reader to 📋 My monster."""
    values: list[list[str]] = [[]]
    used = len(embed) + len(name)
    for index, line in enumerate(lines):
        more = text(language, "owned-more", count=len(lines) - index)
        new_field = bool(values[-1]) and len(
            "\n".join([*values[-1], line, more])) > MAX_FIELD_VALUE
        cost = len(line) + (len(_UNNAMED) if new_field else len("\n"))
        if used + cost + len("\n") + len(more) > MAX_EMBED_TOTAL:
            values[-1].append(more)
            break
        if new_field:
            values.append([])
        values[-1].append(line)
        used += cost
    for number, value in enumerate(values):
        embed.add_field(name=name if number == 0 else _UNNAMED, value="\n".join(value),
                        inline=False)


# A continued field's name: Discord refuses an empty one.
_UNNAMED = "\u200b"


def sale_lines(state: GameState, buyer: int | None, language: str) -> list[str]:
    """The face-up cards, a line each: name, cost (to ``buyer``, with its discounts; as
    printed for None) and text, in ``language`` and the game's edition."""
    edition = state.options.edition
    return [text(language, "panel-sale-card", card=card_name(language, card.key, edition),
                 cost=(printed(card.key, edition).cost if buyer is None
                       else card_cost(state, buyer, card.key)),
                 text=card_text(language, card.key, edition))
            for card in state.face_up]


def closed_board_content(game: Game, turn: int, summary: str) -> str:
    """A finished turn's message: over, and what it changed in one line (above the picture,
    so it is the first thing read)."""
    over = text(game.language, "post-turn-over", turn=turn)
    return over + (f"\n{summary}" if summary else "")


def closed_board_embed(game: Game, turn: int, monster: str,
                       log: tuple[Phrase | str, ...]) -> discord.Embed:
    """A finished turn's embed, with that turn's own narration."""
    return _turn_embed(game, turn, monster, log)


def _turn_embed(game: Game, turn: int, monster: str,
                log: tuple[Phrase | str, ...]) -> discord.Embed:
    language = game.language
    embed = discord.Embed(title=text(language, "post-turn-title", turn=turn, monster=monster),
                          description=log_text(log, language), colour=COLOUR)
    embed.set_footer(text=text(language, "post-footer", marker=footer_marker(game.id, language),
                               edition=game.playing_state().options.edition))
    return embed


def final_embed(game: Game) -> discord.Embed:
    """The end of the game: the last turn's story, then the final standings (place,
    monster, player, points, hearts or when it was knocked out), the turns and the length."""
    language = game.language
    embed = discord.Embed(
        title=text(language, "final-title"),
        description=log_text(game.chronicle.narration.log, language), colour=COLOUR)
    return _with_standings(embed, game, text(language, "final-standings"))


ENDED_CONTENT = "ended-content"


def ended_notice(name: str, game_id: int, language: str) -> str:
    """Who ended a lobby or a game with /kot end, by display name (a game's standings embed
    show it, and add the turn)."""
    return text(language, "ended-notice", who=discord.utils.escape_markdown(name),
                game=str(game_id))


def ended_embed(game: Game, notice: str) -> discord.Embed:
    """A game stopped by /kot end: who stopped it and at which turn, and the standings
    then. The turn is the stored game's, so a click racing the end cannot make it wrong."""
    language = game.language
    turn = game.playing_state().turn
    when = text(language, "ended-at-turn", turn=turn.number if turn is not None else 0)
    embed = discord.Embed(title=text(language, "ended-title"),
                          description=notice.removesuffix(".") + when, colour=COLOUR)
    return _with_standings(embed, game, text(language, "ended-standings"))


def _with_standings(embed: discord.Embed, game: Game, title: str) -> discord.Embed:
    state, language = game.playing_state(), game.language
    # Two short lines a monster, so that six fit a phone's width without wrapping.
    embed.add_field(
        name=title,
        value="\n".join(_standing(game, state, row)
                        for row in standings(state, game.chronicle.narration.eliminations)),
        inline=False,
    )
    embed.add_field(name=text(language, "standings-turns"),
                    value=str(state.turn.number if state.turn else 0))
    life = game.chronicle.life
    if life.started_at and life.ended_at:
        embed.add_field(name=text(language, "standings-length"),
                        value=game_length(life.ended_at - life.started_at, language))
    embed.set_footer(text=text(language, "standings-footer",
                               marker=footer_marker(game.id, language),
                               edition=state.options.edition, points=WINNING_VP))
    return embed


def _standing(game: Game, state: GameState, row: Standing) -> str:
    language = game.language
    mark = "👑 " if row.winner else ("💀 " if row.out_turn is not None else "")
    if row.out_turn is None:
        detail = f"{row.points}★ · {row.hearts}❤️"
    else:
        # Turn 0: knocked out in a game stored before knock-outs were recorded.
        if not row.out_turn:
            out = text(language, "standing-out")
        elif row.out_by is None:
            out = text(language, "standing-out-by-poison", turn=row.out_turn)
        else:
            out = text(language, "standing-out-by", turn=row.out_turn,
                       by=state.monsters[row.out_by].name)
        detail = f"{row.points}★ · {out}"
    return (f"**{row.place}.** {mark}**{row.monster}** · {player_name_tag(game, row.seat)}\n"
            f"{STANDING_INDENT}{detail}")


# Discord trims ordinary spaces at the start of a line, not em spaces.
STANDING_INDENT = "\u2003\u2003"


def game_length(seconds: float, language: str) -> str:
    """A game's wall-clock length, in minutes."""
    minutes = int(max(seconds, 0) // 60)
    return text(language, "game-length", hours=minutes // 60, minutes=minutes % 60,
                total=minutes)


async def board_file(game: Game, drawers: Drawers,
                     state: GameState | None = None) -> discord.File:
    """The board picture (of the game now, or of an earlier ``state`` of it), with each
    player's display name by their monster, in the game's language, described for screen
    readers; drawn by ``drawers``."""
    names = tuple(game.player_name(seat) for seat in range(len(game.seats)))
    shown = game.playing_state() if state is None else state
    png, description = await drawers.drawn(board_picture, shown, game.ai_seats(), names,
                                           game.language)
    return discord.File(io.BytesIO(png), filename=BOARD_FILENAME, description=description)


async def card_file(key: str, language: str, drawers: Drawers) -> discord.File:
    """A power card's picture (2016 edition) in ``language``, described for screen readers
    as the picture shows it: name, cost, kind, text; drawn by ``drawers``."""
    png = await drawers.drawn(render_card, key, "2016", language)
    card = printed(key, "2016")
    described = text(language, "card-picture-alt", name=card_name(language, key, "2016"),
                     cost=card.cost, kind=card_kind(language, card.kind),
                     text=card_text(language, key, "2016"))
    return discord.File(io.BytesIO(png), filename=f"{key}.png",
                        description=described[:MAX_DESCRIPTION])


def card_embed(key: str, language: str) -> discord.Embed:
    """A power card as printed in the 2016 edition, and what the 2011 edition prints
    differently, in ``language``."""
    card = printed(key, "2016")
    embed = discord.Embed(title=card_name(language, key, "2016"),
                          description=card_text(language, key, "2016"), colour=COLOUR)
    embed.add_field(name=text(language, "cardsearch-cost"), value=f"{card.cost}⚡")
    embed.add_field(name=text(language, "cardsearch-kind"), value=card_kind(language, card.kind))
    copies = card_info(key).copies
    if copies > 1:
        embed.add_field(name=text(language, "cardsearch-copies"), value=str(copies))
    embed.add_field(name=text(language, "cardsearch-box"), value=_boxes(key, language),
                    inline=False)
    differences = _differences(card, printed(key, "2011"), language)
    if differences:
        embed.add_field(name=text(language, "cardsearch-edition-2011"),
                        value=" ".join(differences), inline=False)
    embed.set_image(url=f"attachment://{key}.png")
    return embed


def evolution_embed(key: str, language: str) -> discord.Embed:
    """A Power Up! Evolution: its text, its monster and its kind, in ``language``."""
    info = EVOLUTIONS[key]
    embed = discord.Embed(title=evolution_name(language, key),
                          description=evolution_text(language, key), colour=COLOUR)
    embed.add_field(name=text(language, "cardsearch-monster"), value=info.monster)
    embed.add_field(name=text(language, "cardsearch-kind"),
                    value=text(language, "cardsearch-evolution-kind", kind=info.kind))
    return embed


def _boxes(key: str, language: str) -> str:
    """Which games deal the card."""
    if card_info(key).box == "origins":
        return text(language, "cardsearch-box-origins")
    if key in ORIGINS_REPRINTS:
        return text(language, "cardsearch-box-both")
    return text(language, "cardsearch-box-base")


def _differences(card: PrintedCard, other: PrintedCard, language: str) -> list[str]:
    key = card.key
    name = card_name(language, key, "2011")
    parts = ([text(language, "cardsearch-named", name=name)]
             if name != card_name(language, key, "2016") else [])
    if other.cost != card.cost:
        parts.append(text(language, "cardsearch-costs", cost=other.cost))
    if card_text(language, key, "2011") != card_text(language, key, "2016"):
        parts.append(card_text(language, key, "2011"))
    return parts


