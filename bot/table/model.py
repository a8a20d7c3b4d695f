"""What the bot knows about a lobby or a game, and why a request can be refused.

Plain records, no Discord and no SQL: the service builds them, the publish plan and the
messages read them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import msgspec

from bot.i18n import ENGLISH, say
from bot.store.store import Status
from engine import (
    GAME_RULES,
    POWER_UP_MONSTER_NAMES,
    Edition,
    GameRules,
    GameState,
    GameType,
    IllegalAction,
    Mix,
    NotYourDecision,
    Options,
    Phrase,
    RefusalCode,
    deck_size,
    events,
    game_deck,
    origins_cards,
    phrase,
    playable,
)


def _sentence(message: str) -> str:
    message = message.strip()
    if not message:
        return "That did nothing."
    message = message[0].upper() + message[1:]
    return message if message.endswith((".", "!", "?")) else message + "."


class Refused(Exception):
    """The request changes nothing; ``phrase`` tells the player why, a sentence of the
    catalogs (``table-refusal-...``) said in the reader's language. ``str()`` is the English,
    for the bot's log."""

    def __init__(self, why: Phrase) -> None:
        super().__init__(_sentence(say(ENGLISH, why)))
        self.phrase = why

    def said(self, language: str) -> str:
        """Why, as a sentence in ``language`` (the reader's): a rules' refusal the table
        passes on (``table-refusal-engine``) is a fragment of the engine's words."""
        return _sentence(say(language, self.phrase))


class StaleGame(Refused):
    """The game changed elsewhere (another process) since this process read it: the change
    was not written. (``bot.table.saved_games.retried_if_stale`` tries such a request once more.)"""

    def __init__(self, detail: str) -> None:
        super().__init__(phrase("table-refusal-changed-elsewhere"))
        self.detail = detail


# Why a click on a game button cannot act: the engine's codes, plus the bot's own for a
# game that has not started, a clicker who has no seat and one who left the game.
ClickRefusalCode = RefusalCode | Literal["not_started", "not_a_player", "left_game"]


class ClickRefused(Exception):
    """A click that changes nothing. Callers choose the player's message by ``code``; the
    detail is only shown for an ``illegal_move``: the rules' phrase (said in the clicker's
    language, as a sentence), or the bot's own words."""

    def __init__(self, code: ClickRefusalCode, *, asked_seat: int | None = None,
                 detail: str | Phrase = "") -> None:
        super().__init__(detail.id if isinstance(detail, Phrase) else detail or code)
        self.code: ClickRefusalCode = code
        # For "not_your_decision": the seat the question is for.
        self.asked_seat = asked_seat
        self.detail: str | Phrase = detail if isinstance(detail, Phrase) else (
            _sentence(detail) if detail else "")

    @classmethod
    def from_engine(cls, refusal: IllegalAction) -> ClickRefused:
        asked = refusal.asked_seat if isinstance(refusal, NotYourDecision) else None
        return cls(refusal.code, asked_seat=asked, detail=refusal.phrase)

    def detail_in(self, language: str) -> str:
        """The detail as a sentence in ``language`` (the clicker's)."""
        return _sentence(say(language, self.detail)) if self.detail else ""


class BrokenGame(Exception):
    """A stored game can be neither read nor rebuilt from its log. It is marked broken;
    other games are unaffected."""

    def __init__(self, game_id: int, channel_id: int, reason: str) -> None:
        super().__init__(f"game {game_id} cannot be read: {reason}")
        self.game_id = game_id
        self.channel_id = channel_id
        self.reason = reason


# How well an AI monster plays (``engine.ai.levels``): "easy" is the heuristic player,
# "medium" the Monte-Carlo one with a few playouts a move, "hard" the Monte-Carlo one
# thinking for ``KOT_HARD_AI_SECONDS``.
AiLevel = Literal["easy", "medium", "hard"]
# The levels' names, weakest first: message ids of the catalogs.
AI_LEVEL_NAMES: dict[AiLevel, str] = {"easy": "table-ai-level-easy",
                                      "medium": "table-ai-level-medium",
                                      "hard": "table-ai-level-hard"}


class LobbyPlayer(msgspec.Struct, frozen=True, omit_defaults=True):
    # A Discord user id; an AI monster has a negative one of its own (-1, -2...), unique in
    # its game, which stands for it in ``Game.seats``.
    user_id: int
    monster: str | None = None
    ai: AiLevel | None = None
    # The player's display name on the server when they joined (for the board picture).
    name: str | None = None


# The turn clock's defaults: what a game stored before the clock was a lobby option plays with,
# and what a server starts with unless KOT_TURN_TIMEOUT / KOT_REACTION_TIMEOUT say otherwise
# (bot.config).
TURN_SECONDS = 120.0
REACTION_SECONDS = 30.0
# A game played over hours or days: a turn time of an hour or more. Its players are reminded
# before their time runs out, and told what happened since their last move.
LONG_CLOCK_SECONDS = 3600.0
# The reaction time a long turn time brings (a quarter of it: a Stay/Yield may not wait 30 s
# for a player who looks in a few times a day, nor 3 days for a table that wants to go on),
# at most this.
MAX_SCALED_REACTION_SECONDS = 12 * 3600.0
# A reaction time this long belongs to long games: a question out of turn this long is
# reminded, and a short turn time does not keep it.
LONG_REACTION_SECONDS = 15 * 60.0


def scaled_reaction(turn_seconds: float) -> float | None:
    """The reaction time a long turn time brings; None for a short one (or no clock)."""
    if turn_seconds < LONG_CLOCK_SECONDS:
        return None
    return min(turn_seconds / 4, MAX_SCALED_REACTION_SECONDS)


# The lobby's "Game" menu: King of Tokyo in either edition, or Origins (the names: message
# ids of the catalogs).
GameChoice = Literal["2016", "2011", "origins"]
GAME_CHOICES: dict[GameChoice, str] = {
    "2016": "table-game-2016",
    "2011": "table-game-2011",
    "origins": "table-game-origins",
}
# How a 2016 base game takes in Origins' cards (engine.cards.decks.Mix), in words (message
# ids of the catalogs).
MIX_CHOICES: dict[Mix, str] = {
    "none": "table-mix-none",
    "new": "table-mix-new",
    "all": "table-mix-all",
    "pick": "table-mix-pick",
}


class Lobby(msgspec.Struct, frozen=True, omit_defaults=True):
    players: tuple[LobbyPlayer, ...] = ()
    # The game type (engine.Options.game); ``edition`` matters to King of Tokyo only.
    game: GameType = "kot"
    edition: Edition = "2016"
    # Origins' cards mixed into a 2016 King of Tokyo game, and the cards of the Origins box
    # the host picked (for the mix "pick"): new ones and reprints. A 2011 or an Origins game
    # mixes nothing.
    mix: Mix = "none"
    picked: tuple[str, ...] = ()
    # None: the engine's default (on for exactly two monsters).
    two_player_variant: bool | None = None
    # The turn clock (0: off): the active monster's time for its whole turn, and the time a
    # monster asked out of its turn (stay or yield, a card's reaction) has to answer. Set
    # from the server's settings when the lobby opens; the host may change them.
    turn_seconds: float = TURN_SECONDS
    reaction_seconds: float = REACTION_SECONDS
    # When the lobby was opened or last changed (seconds since the epoch, the bot's clock):
    # it closes when nobody starts it for a while after that. 0: stored before it was kept.
    changed_at: float = 0.0
    # The finished game whose Rematch button opened this lobby.
    rematch_of: int | None = None
    # The language of everything posted in the channel for this game (a catalog of
    # bot.i18n: "en", "es"). Each person's private answers follow their own locale.
    language: str = "en"
    # A guided first game (/kot learn): its players start with the coach on
    # (``bot.table.coach``); Rematch keeps it.
    learn: bool = False
    # Power Up! (engine.Options.power_up): each monster plays with its own Evolutions. King
    # of Tokyo only (either edition): Origins' monsters have no deck.
    power_up: bool = False
    # Opened by the matchmaking queue for its players (bot.table.league.matchmaking), to be
    # started at once: one left unstarted by a crash is started at the next start-up.
    from_queue: bool = False
    # The Swiss night whose table this game plays (bot.table.league.tournaments): its end
    # carries the tournament on.
    tournament: int | None = None

    def long_clock(self) -> bool:
        """Whether the game is played over hours or days (``LONG_CLOCK_SECONDS``)."""
        return self.turn_seconds >= LONG_CLOCK_SECONDS

    def with_turn_time(self, turn_seconds: float, reaction_default: float) -> Lobby:
        """The lobby with this turn time: a long one brings its reaction time
        (``scaled_reaction``, which the host may change after); back to a short one, a long
        reaction time goes back to ``reaction_default``."""
        reaction = scaled_reaction(turn_seconds)
        if reaction is None:
            reaction = (self.reaction_seconds if self.reaction_seconds < LONG_REACTION_SECONDS
                        else reaction_default)
        return msgspec.structs.replace(self, turn_seconds=turn_seconds,
                                       reaction_seconds=reaction)

    def choice(self) -> GameChoice:
        return "origins" if self.game == "origins" else self.edition

    def rules(self) -> GameRules:
        return GAME_RULES[self.game]

    def monster_names(self) -> tuple[str, ...]:
        """The monsters a player may pick: the game's, and with Power Up! those that have a
        deck of Evolutions."""
        return POWER_UP_MONSTER_NAMES if self.power_up else self.rules().monster_names

    def takes_power_up(self) -> bool:
        """Can this game be played with Power Up! (King of Tokyo, either edition)?"""
        return self.game == "kot"

    def mixes(self) -> bool:
        """Does this game offer Origins' cards (a 2016 King of Tokyo game)?"""
        return self.game == "kot" and self.edition == "2016"

    def box_deck(self) -> tuple[tuple[str, int], ...]:
        """The cards of the game chosen, as the boxes hold them, with their copies."""
        mix = self.mix if self.mixes() else "none"
        picked = tuple(k for k in self.picked if k in origins_cards()) if mix == "pick" else ()
        return game_deck(self.game, mix, picked)

    def deck(self) -> tuple[tuple[str, int], ...]:
        """The cards the game will deal: those of ``box_deck`` that are implemented."""
        return playable(self.box_deck())

    def cards_dealt(self) -> int:
        return deck_size(self.deck())

    def cards_left_out(self) -> int:
        """Cards of the game chosen whose behaviour is not implemented yet."""
        return deck_size(self.box_deck()) - self.cards_dealt()

    def options(self) -> Options:
        """The engine's options for this lobby's game (the deck named when mixed)."""
        options = Options(game=self.game, edition="2016" if self.game == "origins" else
                          self.edition, two_player_variant=self.two_player_variant,
                          power_up=self.power_up and self.takes_power_up())
        if self.game != "kot" or self.mix == "none" or not self.mixes():
            return options
        deck = self.deck()
        return msgspec.structs.replace(options, cards=tuple(k for k, _ in deck),
                                       copies=tuple(n for _, n in deck))


class ServerSettings(msgspec.Struct, frozen=True, omit_defaults=True):
    """A server's own defaults for its new lobbies (``/kot settings``); None: the bot's."""

    turn_seconds: float | None = None
    reaction_seconds: float | None = None
    # The language of its new games (a catalog of bot.i18n).
    language: str | None = None
    # Whether /kot start opens each lobby in a new thread of the channel (so one channel
    # hosts many games); the command's ``thread`` option overrides it.
    threads: bool = False

    def game_language(self, server_language: str | None, host_language: str) -> str:
        """The language of a new game here: the server's setting; else the server's own
        language (its Discord "preferred locale") when the bot speaks it and it is not the
        default English; else the host's."""
        if self.language is not None:
            return self.language
        if server_language is not None and server_language != "en":
            return server_language
        return host_language

    def with_turn_time(self, turn_seconds: float) -> ServerSettings:
        """These settings with this turn time, as ``Lobby.with_turn_time`` does: a long one
        brings its own reaction time (unset), and a short one does not keep a long one."""
        reaction = self.reaction_seconds
        if scaled_reaction(turn_seconds) is not None or (
                reaction is not None and reaction >= LONG_REACTION_SECONDS):
            reaction = None
        return msgspec.structs.replace(self, turn_seconds=turn_seconds,
                                       reaction_seconds=reaction)

    def clock(self, turn_default: float, reaction_default: float) -> tuple[float, float]:
        """The turn and reaction times of new lobbies, the bot's defaults where unset; a
        long turn time set here with no reaction time brings its own (``scaled_reaction``)."""
        turn = turn_default if self.turn_seconds is None else self.turn_seconds
        if self.reaction_seconds is not None:
            return turn, self.reaction_seconds
        scaled = scaled_reaction(turn) if self.turn_seconds is not None else None
        return turn, reaction_default if scaled is None else scaled


class PersonSettings(msgspec.Struct, frozen=True, omit_defaults=True):
    """A person's own settings, in every server (``/kot notify``)."""

    # Their turns, questions and reminders come by direct message instead of a ping in the
    # channel (the board still mentions whose turn it is).
    dms: bool = False
    # The language of those messages: their Discord client's when they turned them on (a
    # direct message answers no interaction, so it has no locale of its own). None: the
    # game's.
    language: str | None = None
    # Discord refused a direct message (their DMs are closed to the bot): they are pinged
    # in the channel until they turn direct messages on again.
    dms_refused: bool = False

    def wants_dms(self) -> bool:
        return self.dms and not self.dms_refused


class GameSetup(msgspec.Struct, frozen=True):
    """How a game was created, kept beside its state: with the action log it rebuilds the
    state when a stored state cannot be read (``engine.replay``)."""

    seed: int
    options: Options
    monsters: tuple[str, ...]


class Elimination(msgspec.Struct, frozen=True):
    seat: int
    # The monster whose smashes or card did it; None for its own card or poison.
    by: int | None
    turn: int


class Ping(msgspec.Struct, frozen=True, omit_defaults=True):
    """A message that asked a player a question out of their turn (deleted once answered)."""

    decision_id: int
    message_id: int
    # The direct message channel it was sent to (``/kot notify``); 0: the game's channel.
    dm_channel_id: int = 0


class Reminder(msgspec.Struct, frozen=True, omit_defaults=True):
    """A reminder standing in the channel, in a long game (``bot.table.reminders``): a
    message that mentions a player whose question is still pending, deleted once answered.
    Also the direct message that told a player who opted in (``/kot notify``) that their
    turn began (moment 0, in a game of any clock)."""

    seat: int
    # Its question: the active monster's turn ``turn`` (decision_id 0: its questions share
    # one clock), or a question out of turn (its decision id).
    turn: int
    decision_id: int
    # Which of the question's reminder moments it was (1, 2; 0: the turn's start, by direct
    # message): a moment is sent once.
    moment: int
    message_id: int
    # The direct message channel it was sent to; 0: the game's channel.
    dm_channel_id: int = 0


class TurnNote(msgspec.Struct, frozen=True):
    """A closed turn in a line or two (``bot.table.turn_summary``), said in the game's
    language: what the players of a long game are told happened since their last move, and
    what 📜 Story (``/kot log``) shows anyone. ``changes``: each monster's hearts, points and
    energy won (or lost) in the turn, by seat (empty in notes stored before they were)."""

    turn: int
    seat: int
    summary: str
    changes: tuple[tuple[int, int, int], ...] = ()


# A player's standing order for the buy step: ask them; skip it when they can buy no card
# (only sweeping or ending the turn is left); always skip it.
BuyOrder = Literal["ask", "unaffordable", "never"]
# Power Up!: when a player is asked whether to play an Evolution out of their roll and buy
# questions (engine.evolution's moments): whenever their deck holds a card made for the
# moment ("deck": it tells the table nothing), only when their hand does ("hand": the table
# may guess it), or never (they play Evolutions in their own roll and buy questions only).
EvolutionOrder = Literal["deck", "hand", "never"]


class StandingOrder(msgspec.Struct, frozen=True, omit_defaults=True):
    """Answers a player set in advance (from the "My monster" panel), given for them the
    moment their question is asked (``bot.table.orders``). None: ask."""

    seat: int
    # Yield Tokyo when the hearts left after the loss are this many or fewer.
    yield_at: int | None = None
    # Stay in Tokyo when the hearts left after the loss are more than this (0: always).
    stay_above: int | None = None
    buy: BuyOrder = "ask"
    evolutions: EvolutionOrder = "deck"
    # Evolutions the player is never asked for (keys), whatever ``evolutions`` says.
    never_asked: tuple[str, ...] = ()


class Coaching(msgspec.Struct, frozen=True, omit_defaults=True):
    """A player's coach (``bot.table.coach``): whether it is on, the rules and cards it has
    explained already (each once a game), and its latest note, for the question
    ``decision_id``."""

    seat: int
    on: bool = True
    told: tuple[str, ...] = ()
    decision_id: int = 0
    note: tuple[Phrase, ...] = ()


class TimeAway(msgspec.Struct, frozen=True, omit_defaults=True):
    """A player's time away in a game (``/kot away``, ``bot.table.time_away``): their
    clock stops from ``since`` to ``until`` (seconds since the epoch, the bot's clock;
    ``until`` is when they came back if they came back early). Only the latest is kept."""

    seat: int
    since: float
    until: float
    # Seconds of time away taken in this game before this one (the bound counts them).
    taken: float = 0.0


# --- the chronicle: what the table keeps of a game beyond its engine state -----------------
#
# In parts, one per feature, each read and replaced by the module that owns it (its docstring
# names it): ``replace(chronicle, presence=...)``. The store keeps all the parts' fields side
# by side in one flat JSON object, as before the chronicle had parts (``bot.table.game_rows``),
# so: no two parts may store a field under the same name; a stored name never changes
# (``msgspec.field(name=...)`` keeps it, as in ``TimesAway``); and every field has a default
# (older rows lack the newer fields).


class Narration(msgspec.Struct, frozen=True, omit_defaults=True):
    """The narration of the turn in play and who knocked out whom (``bot.table.chronicle``
    writes them after each change): the board, the closing summary and the final standings
    read them."""

    # The current turn's lines, shown on its board message: phrases said in the game's
    # language (plain English lines in games stored before phrases).
    log: tuple[Phrase | str, ...] = ()
    # The current turn's events that its one-line summary reads (``bot.table.turn_summary``).
    turn_events: tuple[events.Event, ...] = ()
    eliminations: tuple[Elimination, ...] = ()


class ClockTimes(msgspec.Struct, frozen=True, omit_defaults=True):
    """The turn clock (``bot.table.timers``): a restart resumes it where it was instead of
    granting a fresh full delay."""

    # When the pending questions were asked (seconds since the epoch).
    asked_at: float = 0.0
    # The active monster's turn: when its current question was asked (0: it is not asked),
    # and the seconds of its turn time it used on earlier questions this turn.
    turn_asked_at: float = 0.0
    turn_used: float = 0.0


class Presence(msgspec.Struct, frozen=True, omit_defaults=True):
    """Players who stop answering, come back or leave (``bot.table.presence``): turns in a
    row each seat's time ran out (by seat), the turn that was last counted, and the seats
    the autopilot plays: away (back at their next click) or left for good (/kot leave, or
    gone from the server)."""

    missed_turns: tuple[int, ...] = ()
    timed_out_turn: int = 0
    away: tuple[int, ...] = ()
    left: tuple[int, ...] = ()


class Activity(msgspec.Struct, frozen=True, omit_defaults=True):
    """Whether anyone plays the game (``bot.table.idle_games``): a game nobody plays ends."""

    # Timeouts in a row with no player acting: a game everyone left is ended
    # (``service.ABANDONED_AFTER_TIMEOUTS``). A turn whose time ran out counts once, however
    # many of its questions the autopilot answered.
    idle_timeouts: int = 0
    # When a player last acted (a click, /kot away, a standing order; seconds since the
    # epoch): a game nobody plays for long ends as idle. 0: not since the start.
    acted_at: float = 0.0


class TimesAway(msgspec.Struct, frozen=True, omit_defaults=True):
    """Each player's latest time away (``bot.table.time_away``; a seat never away has no
    entry)."""

    entries: tuple[TimeAway, ...] = msgspec.field(default=(), name="time_away")

    def of(self, seat: int) -> TimeAway | None:
        return next((t for t in self.entries if t.seat == seat), None)


class Prompts(msgspec.Struct, frozen=True, omit_defaults=True):
    """The messages standing in the channel (or in a player's direct messages) for questions
    still pending, deleted once answered: the pings of questions out of turn, and the
    reminders of long games. Owned by ``bot.table.reminders`` (what is due, what stands),
    with the outbox's pass, which records each as it sends or deletes it (``SyncPings``,
    ``SyncReminders``)."""

    pings: tuple[Ping, ...] = ()
    reminders: tuple[Reminder, ...] = ()


class News(msgspec.Struct, frozen=True, omit_defaults=True):
    """What the players are told beyond the board (``bot.table.reminders``): the turns
    closed, and in long games the news of each player's pings since their last move and the
    one line that tells them standing orders exist."""

    # The last turns closed, summarized (bounded; every game's, for 📜 Story, since turn
    # notes were kept in short games too).
    recent_turns: tuple[TurnNote, ...] = ()
    # Long games (``Lobby.long_clock``): the turn of each seat's last move (by seat; 0: none
    # yet) and the seats already told about standing orders.
    moved_in_turn: tuple[int, ...] = ()
    offered_orders: tuple[int, ...] = ()


class StandingOrders(msgspec.Struct, frozen=True, omit_defaults=True):
    """The players' standing orders (``bot.table.orders``; a seat with none has no entry)."""

    entries: tuple[StandingOrder, ...] = msgspec.field(default=(), name="orders")

    def of(self, seat: int) -> StandingOrder:
        return next((o for o in self.entries if o.seat == seat), StandingOrder(seat))


class Coaches(msgspec.Struct, frozen=True, omit_defaults=True):
    """The players' coaches (``bot.table.coach``; a seat whose coach was never on has no
    entry)."""

    entries: tuple[Coaching, ...] = msgspec.field(default=(), name="coaching")

    def of(self, seat: int) -> Coaching:
        return next((c for c in self.entries if c.seat == seat), Coaching(seat, on=False))


class Life(msgspec.Struct, frozen=True, omit_defaults=True):
    """The game's life, which no one feature owns: when it started (``bot.table.lobbies``
    sets it) and when its end was first shown (the outbox's pass sets it), for its length
    in the final standings and in its record; and the move its players last saw
    (``bot.table.game_rows`` stamps it on each save, ``bot.table.rebuild`` reads it)."""

    # Seconds since the epoch, the bot's clock. 0: not known.
    started_at: float = 0.0
    ended_at: float = 0.0
    # The seq of the engine state this chronicle was last saved with: a state rebuilt from
    # the action log must reach it. 0: not known (saved before it was kept, or not started).
    state_seq: int = 0


class Chronicle(msgspec.Struct, frozen=True):
    """What the board, the timers and the final summary need beyond the engine state, in
    parts (above). Stored as one flat object of their fields: ``bot.table.game_rows``
    encodes and decodes it (``msgspec.json.encode`` would nest the parts)."""

    narration: Narration = Narration()
    clock: ClockTimes = ClockTimes()
    presence: Presence = Presence()
    activity: Activity = Activity()
    time_away: TimesAway = TimesAway()
    prompts: Prompts = Prompts()
    news: News = News()
    orders: StandingOrders = StandingOrders()
    coaching: Coaches = Coaches()
    life: Life = Life()


@dataclass(frozen=True)
class Game:
    id: int
    guild_id: int | None
    channel_id: int
    host_id: int
    status: Status
    lobby: Lobby
    # Discord user id of each seat (index = engine seat).
    seats: tuple[int, ...]
    state: GameState | None
    chronicle: Chronicle
    # The live board message (the lobby message before the start).
    board_message_id: int | None
    # None until the game starts (and for games started before it was stored).
    setup: GameSetup | None = None

    @property
    def language(self) -> str:
        """The language of what is posted in the channel for this game."""
        return self.lobby.language

    def seat_of(self, user_id: int) -> int | None:
        return self.seats.index(user_id) if user_id in self.seats else None

    def ai_seats(self) -> frozenset[int]:
        """The seats AI monsters play."""
        return frozenset(seat for seat, user_id in enumerate(self.seats) if user_id < 0)

    def player_name(self, seat: int) -> str | None:
        """The display name of the player in this seat (None for an AI monster, or a game
        stored before names were kept)."""
        user_id = self.seats[seat]
        return next((p.name for p in self.lobby.players if p.user_id == user_id), None)

    def autopiloted(self, seat: int) -> bool:
        """Whether the autopilot plays this player's seat (away, or left the game)."""
        presence = self.chronicle.presence
        return seat in presence.away or seat in presence.left

    def ai_level(self, seat: int) -> AiLevel | None:
        """The level of the AI monster in this seat; None for a player's seat."""
        user_id = self.seats[seat]
        if user_id >= 0:
            return None
        return next((p.ai for p in self.lobby.players if p.user_id == user_id), "easy")

    def playing_state(self) -> GameState:
        if self.state is None:
            raise Refused(phrase("table-refusal-not-started"))
        return self.state


@dataclass(frozen=True)
class Outcome:
    """What one accepted change did, for the publish plan that shows it."""

    game: Game
    events: tuple[events.Event, ...]
    # When the turn changed: the narration that closes the previous turn's board.
    closing_log: tuple[Phrase | str, ...] | None
    # False when only kept dice changed: the board picture is the same.
    redraw: bool = True
    # The state the first turn this change finished ended in (``publish.turn_end``): its
    # closed board shows it. None when no turn ended.
    turn_end: GameState | None = None

    @property
    def turn_changed(self) -> bool:
        return self.closing_log is not None
