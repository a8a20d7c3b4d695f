"""Lobbies: who joins, with which monster, under which rules; and the start of the game.

Each change happens under the game's lock and is saved, with the effects that show it, before
``show`` carries them out, the lock released (``bot.table.unit_of_work``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import msgspec

from bot.table import coach, publish
from bot.table.chronicle import opening_lines
from bot.table.game_rows import setup_for
from bot.table.lobby_clock import expiry_tag, lobby_minutes
from bot.table.model import (
    GAME_CHOICES,
    REACTION_SECONDS,
    TURN_SECONDS,
    AiLevel,
    Chronicle,
    ClockTimes,
    Game,
    GameChoice,
    GameSetup,
    Life,
    Lobby,
    LobbyPlayer,
    Narration,
    Outcome,
    Refused,
    ServerSettings,
)
from bot.table.publish import Show
from bot.table.saved_games import SavedGames, retried_if_stale
from bot.table.saved_settings import SavedSettings
from bot.table.unit_of_work import Change, change_game
from engine import MIXES, IllegalAction, Mix, Phrase, create_game, origins_cards, phrase

# The Easy AI monsters a /kot learn lobby opens with: a short first game of three monsters
# (the host may add or remove AI seats, and friends may join, as in any lobby).
LEARN_AI_SEATS = 2
# The least turn and reaction times of a /kot learn game (seconds): a newcomer reads the
# coach's notes before choosing, and the autopilot should not play their first game.
LEARN_TURN_SECONDS = 300.0
LEARN_REACTION_SECONDS = 60.0


class ChannelTaken(Refused):
    """The channel has a lobby or a game (``game``) already."""

    def __init__(self, game: Game) -> None:
        super().__init__(phrase("table-refusal-channel-taken"))
        self.game = game


class Lobbies:
    def __init__(self, games: SavedGames, settings: SavedSettings,
                 seed_source: Callable[[], int], clock: Callable[[], float], *,
                 turn_seconds: float = TURN_SECONDS,
                 reaction_seconds: float = REACTION_SECONDS) -> None:
        self._games = games
        self._settings = settings
        self._seed_source = seed_source
        self._clock = clock
        # The bot's turn clock, for servers that set none.
        self._turn_seconds = turn_seconds
        self._reaction_seconds = reaction_seconds

    def clock_of(self, server: ServerSettings) -> tuple[float, float]:
        """The turn and reaction times this server's new lobbies start with."""
        return server.clock(self._turn_seconds, self._reaction_seconds)

    async def open(self, *, guild_id: int | None, channel_id: int, host_id: int,
                   show: Show, host_name: str | None = None, lobby: Lobby | None = None,
                   choice: GameChoice | None = None, server_language: str | None = None,
                   host_language: str = "en", learn: bool = False) -> Game:
        """A new lobby, by default the host alone in it with the server's clock (else the
        bot's), for the game ``choice`` (default: King of Tokyo, 2016), in the language
        ``ServerSettings.game_language`` chooses; ``show`` posts its message. ``learn``: a
        guided first game (/kot learn), the host with ``LEARN_AI_SEATS`` Easy AI monsters."""
        if lobby is None:
            server = await self._settings.server_settings(guild_id)
            turn, reaction = self.clock_of(server)
            if learn:
                turn, reaction = _learners_clock(turn, reaction)
            learners_ais = tuple(LobbyPlayer(-number, ai="easy")
                                 for number in range(1, LEARN_AI_SEATS + 1)) if learn else ()
            lobby = with_game(Lobby(players=(LobbyPlayer(host_id, name=host_name),
                                              *learners_ais),
                                     turn_seconds=turn, reaction_seconds=reaction,
                                     language=server.game_language(server_language,
                                                                   host_language),
                                     learn=learn),
                               choice or "2016")
        game = await self._games.create_lobby(
            guild_id=guild_id, channel_id=channel_id, host_id=host_id,
            lobby=_replace(lobby, changed_at=self._clock()), effects=(publish.PostLobby(None),))
        await show(game.id)
        return game

    async def rematch(self, finished_id: int, user_id: int, show: Show) -> Game:
        """A new lobby in a finished game's channel, hosted by ``user_id`` (one of its
        players): the same players, AI seats at their levels, and the same options (the
        clock too); everyone picks a monster again."""
        finished = await self._games.peek(finished_id)
        if finished.state is None or finished.status not in ("over", "ended"):
            raise Refused(phrase("table-refusal-rematch-not-over", game=str(finished_id)))
        host_seat = finished.seat_of(user_id)
        if host_seat is None:
            raise Refused(phrase("table-refusal-rematch-not-player", game=str(finished_id)))
        others = [seat for seat, player in enumerate(finished.seats) if player != user_id]
        players = tuple(
            LobbyPlayer(finished.seats[seat], ai=finished.ai_level(seat),
                        name=finished.player_name(seat))
            for seat in (host_seat, *others))
        lobby = _replace(finished.lobby, players=players, rematch_of=finished_id)
        try:
            return await self.open(guild_id=finished.guild_id, channel_id=finished.channel_id,
                                   host_id=user_id, show=show, lobby=lobby)
        except Refused:
            taken = await self._games.active_in_channel(finished.channel_id)
            if taken is None:
                raise
            raise ChannelTaken(taken) from None

    @retried_if_stale
    async def expire(self, game_id: int, tag: tuple[int, ...], minutes: float,
                     show: Show) -> Game | None:
        """Close a lobby nobody started ``minutes`` (a long game's: ``lobby_minutes``) after
        its last change, unless it changed since its deadline was set (``tag``). None when
        it is left open."""

        async def decide(game: Game) -> Change:
            if game.status != "lobby" or expiry_tag(game.lobby) != tag:
                return Change.none(game)
            game = replace(game, status="cancelled")
            open_for = lobby_minutes(game.lobby, minutes)
            return Change(game, ("status",), publish.after_expiry(game, open_for).effects)

        change = await change_game(self._games, game_id, decide, show)
        return change.game if change.shown else None

    async def join(self, game_id: int, user_id: int, show: Show,
                   name: str | None = None) -> Game:
        def change(game: Game) -> Lobby:
            players = game.lobby.players
            if user_id == game.host_id:
                # (The lobby's buttons are the same for all who see it: its host sees Join.)
                raise Refused(phrase("table-refusal-host-already-in"))
            if any(p.user_id == user_id for p in players):
                raise Refused(phrase("table-refusal-already-in"))
            _require_room(game.lobby)
            return _replace(game.lobby, players=(*players, LobbyPlayer(user_id, name=name)))

        return await self._change(game_id, change, show)

    async def leave(self, game_id: int, user_id: int, show: Show) -> Game:
        def change(game: Game) -> Lobby:
            if user_id == game.host_id:
                raise Refused(phrase("table-refusal-host-cannot-leave"))
            players = game.lobby.players
            if not any(p.user_id == user_id for p in players):
                raise Refused(phrase("table-refusal-not-in-lobby"))
            return _replace(game.lobby,
                            players=tuple(p for p in players if p.user_id != user_id))

        return await self._change(game_id, change, show)

    async def pick_monster(self, game_id: int, user_id: int, monster: str, show: Show,
                           name: str | None = None) -> Game:
        """Choose a monster; joins the lobby too when the player has not joined yet."""

        def change(game: Game) -> Lobby:
            if monster not in game.lobby.monster_names():
                raise Refused(phrase("table-refusal-pick-listed-monster"))
            players = list(game.lobby.players)
            taken_by = next((p.user_id for p in players if p.monster == monster), None)
            if taken_by is not None and taken_by != user_id:
                raise Refused(phrase("table-refusal-monster-taken", monster=monster))
            index = next((i for i, p in enumerate(players) if p.user_id == user_id), None)
            if index is None:
                _require_room(game.lobby)
                players.append(LobbyPlayer(user_id, monster, name=name))
            else:
                players[index] = msgspec.structs.replace(players[index], monster=monster)
            return _replace(game.lobby, players=tuple(players))

        return await self._change(game_id, change, show)

    async def add_ai(self, game_id: int, user_id: int, level: AiLevel, show: Show) -> Game:
        """The host adds an AI monster (its monster is given at the start)."""

        def change(game: Game) -> Lobby:
            _require_host(game, user_id, phrase("table-refusal-host-adds-ai"))
            players = game.lobby.players
            _require_room(game.lobby)
            ai_id = min((p.user_id for p in players if p.user_id < 0), default=0) - 1
            return _replace(game.lobby, players=(*players, LobbyPlayer(ai_id, ai=level)))

        return await self._change(game_id, change, show)

    async def remove_ai(self, game_id: int, user_id: int, show: Show) -> Game:
        """The host removes the AI monster added last."""

        def change(game: Game) -> Lobby:
            _require_host(game, user_id, phrase("table-refusal-host-removes-ai"))
            players = game.lobby.players
            last = next((p for p in reversed(players) if p.ai is not None), None)
            if last is None:
                raise Refused(phrase("table-refusal-no-ai-to-remove"))
            return _replace(game.lobby, players=tuple(p for p in players if p is not last))

        return await self._change(game_id, change, show)

    async def set_game(self, game_id: int, user_id: int, choice: GameChoice,
                       show: Show) -> Game:
        """The host chooses the game: King of Tokyo (2016 or 2011) or Origins."""
        if choice not in GAME_CHOICES:
            raise Refused(phrase("table-refusal-pick-listed-game"))

        def change(game: Game) -> Lobby:
            _require_host(game, user_id)
            lobby = with_game(game.lobby, choice)
            rules = lobby.rules()
            if len(lobby.players) > rules.max_monsters:
                raise Refused(phrase("table-refusal-too-many-for-game", game=rules.title,
                                     least=rules.min_monsters, most=rules.max_monsters,
                                     count=len(lobby.players)))
            return lobby

        return await self._change(game_id, change, show)

    async def set_mix(self, game_id: int, user_id: int, show: Show, *,
                      mix: Mix | None = None, picked: tuple[str, ...] | None = None,
                      among: tuple[str, ...] | None = None) -> Game:
        """The host mixes Origins' cards into a 2016 base game: ``mix`` (none, the 14 new,
        all 50, or picked ones) or ``picked`` cards of the Origins box (which choose the mix
        "pick"). With ``among`` (the cards one menu offers), ``picked`` replaces only the
        cards picked among those, and keeps the others picked."""
        if mix is not None and mix not in MIXES:
            raise Refused(phrase("table-refusal-pick-listed-mix"))
        in_box = origins_cards()
        offered = in_box if among is None else among
        strangers = [key for key in picked or () if key not in offered or key not in in_box]
        if strangers:
            raise Refused(phrase("table-refusal-pick-origins-card"))

        def change(game: Game) -> Lobby:
            _require_host(game, user_id)
            if not game.lobby.mixes():
                raise Refused(phrase("table-refusal-mix-only-2016"))
            lobby = game.lobby
            if picked is not None:
                kept = tuple(key for key in lobby.picked
                             if among is not None and key not in among)
                chosen = tuple(dict.fromkeys((*kept, *picked)))
                return _replace(lobby, mix="pick" if chosen else "none", picked=chosen)
            assert mix is not None
            return _replace(lobby, mix=mix, picked=lobby.picked if mix == "pick" else ())

        return await self._change(game_id, change, show)

    async def set_power_up(self, game_id: int, user_id: int, on: bool, show: Show) -> Game:
        """The host plays King of Tokyo with Power Up! (each monster its own Evolutions), or
        without: a monster picked that only Power Up! offers is then chosen again."""

        def change(game: Game) -> Lobby:
            _require_host(game, user_id)
            if on and not game.lobby.takes_power_up():
                raise Refused(phrase("table-refusal-power-up-kot"))
            return _monsters_still_offered(_replace(game.lobby, power_up=on))

        return await self._change(game_id, change, show)

    async def set_two_player_variant(
        self, game_id: int, user_id: int, variant: bool | None, show: Show
    ) -> Game:
        """On, off, or None for the engine's default (on for exactly two monsters)."""

        def change(game: Game) -> Lobby:
            _require_host(game, user_id)
            return _replace(game.lobby, two_player_variant=variant)

        return await self._change(game_id, change, show)

    async def set_language(self, game_id: int, user_id: int, language: str,
                           show: Show) -> Game:
        """The host sets the language of everything the game posts in the channel."""

        def change(game: Game) -> Lobby:
            _require_host(game, user_id)
            return _replace(game.lobby, language=language)

        return await self._change(game_id, change, show)

    async def set_clock(self, game_id: int, user_id: int, show: Show, *,
                        turn_seconds: float | None = None,
                        reaction_seconds: float | None = None) -> Game:
        """The host sets the turn clock of this game (None: unchanged; 0: off). A turn time
        brings its reaction time (``Lobby.with_turn_time``) unless one is given too."""

        def change(game: Game) -> Lobby:
            _require_host(game, user_id)
            lobby = game.lobby
            if turn_seconds is not None:
                lobby = lobby.with_turn_time(turn_seconds, self._reaction_seconds)
            return _replace(lobby, reaction_seconds=_first(reaction_seconds,
                                                           lobby.reaction_seconds))

        return await self._change(game_id, change, show)

    @retried_if_stale
    async def cancel(self, game_id: int, user_id: int, show: Show) -> Game:

        async def decide(game: Game) -> Change:
            _require_open(game)
            if user_id != game.host_id:
                raise Refused(phrase("table-refusal-host-cancels"))
            game = replace(game, status="cancelled")
            return Change(game, ("status",), publish.after_lobby_change(game).effects)

        return (await change_game(self._games, game_id, decide, show)).game

    @retried_if_stale
    async def start(self, game_id: int, user_id: int, show: Show) -> Game:

        async def decide(lobby: Game) -> Change:
            _require_open(lobby)
            if user_id != lobby.host_id:
                raise Refused(phrase("table-refusal-host-starts"))
            players = lobby.lobby.players
            rules = lobby.lobby.rules()
            if not rules.min_monsters <= len(players) <= rules.max_monsters:
                raise Refused(phrase("table-refusal-players-needed", game=rules.title,
                                     least=rules.min_monsters, most=rules.max_monsters))
            seed = self._seed_source()
            setup = GameSetup(seed, lobby.lobby.options(),
                              _assign_monsters(lobby.lobby, random.Random(seed)))
            try:
                state, happened = create_game(setup.options, setup.seed, setup.monsters)
            except IllegalAction as refusal:
                raise Refused(phrase("table-refusal-engine", reason=refusal.phrase)) from refusal
            setup = setup_for(state)
            now = self._clock()
            chronicle = Chronicle(narration=Narration(log=opening_lines(state, happened)),
                                  clock=ClockTimes(asked_at=now, turn_asked_at=now),
                                  life=Life(started_at=now))
            game = replace(lobby, status="playing", seats=tuple(p.user_id for p in players),
                           state=state, chronicle=chronicle, setup=setup)
            game, notes = coach.with_notes(replace(game, chronicle=coach.coached_from_start(game)))
            plan = publish.after_start(lobby, Outcome(game, tuple(happened), None))
            return Change(game, ("status", "seats", "state", "chronicle", "setup"),
                          (*plan.effects, *publish.coach_notes(notes)))

        return (await change_game(self._games, game_id, decide, show)).game

    @retried_if_stale
    async def _change(self, game_id: int, change: Callable[[Game], Lobby], show: Show) -> Game:

        async def decide(game: Game) -> Change:
            _require_open(game)
            # A change keeps the lobby open for another while (bot.table.lobby_clock).
            game = replace(game, lobby=_replace(change(game), changed_at=self._clock()))
            return Change(game, ("lobby",), publish.after_lobby_change(game).effects)

        return (await change_game(self._games, game_id, decide, show)).game


def _require_open(game: Game) -> None:
    if game.status != "lobby":
        raise Refused(phrase("table-refusal-lobby-closed"))


def _learners_clock(turn: float, reaction: float) -> tuple[float, float]:
    """A learn game's clock: the server's, with at least ``LEARN_TURN_SECONDS`` a turn and
    ``LEARN_REACTION_SECONDS`` out of turn (a clock that is off stays off)."""
    return (turn and max(turn, LEARN_TURN_SECONDS),
            reaction and max(reaction, LEARN_REACTION_SECONDS))


def _first(value: float | None, default: float) -> float:
    return default if value is None else value


def _replace(lobby: Lobby, **changes: object) -> Lobby:
    return msgspec.structs.replace(lobby, **changes)


def _require_room(lobby: Lobby) -> None:
    most = lobby.rules().max_monsters
    if len(lobby.players) >= most:
        raise Refused(phrase("table-refusal-game-full", most=most))


def with_game(lobby: Lobby, choice: GameChoice) -> Lobby:
    """The lobby set for ``choice``: a game with no Origins cards to mix drops the mix, and
    monsters chosen from another game's list are chosen again."""
    game = "origins" if choice == "origins" else "kot"
    lobby = _replace(lobby, game=game, edition="2016" if choice == "origins" else choice)
    if not lobby.mixes():
        lobby = _replace(lobby, mix="none", picked=())
    if not lobby.takes_power_up():
        lobby = _replace(lobby, power_up=False)
    return _monsters_still_offered(lobby)


def _monsters_still_offered(lobby: Lobby) -> Lobby:
    """Monsters chosen from a list the lobby no longer offers (another game's, or Power Up!'s
    once it is off) are chosen again."""
    names = lobby.monster_names()
    players = tuple(p if p.monster is None or p.monster in names
                    else msgspec.structs.replace(p, monster=None) for p in lobby.players)
    return _replace(lobby, players=players)


def _require_host(game: Game, user_id: int, why: Phrase | None = None) -> None:
    if user_id != game.host_id:
        raise Refused(why or phrase("table-refusal-host-changes-options"))


def _assign_monsters(lobby: Lobby, rng: random.Random) -> tuple[str, ...]:
    """Chosen monsters stay; everyone else gets one of the game's free monsters at random."""
    players = lobby.players
    free = [m for m in lobby.monster_names() if m not in {p.monster for p in players}]
    rng.shuffle(free)
    return tuple(p.monster or free.pop() for p in players)
