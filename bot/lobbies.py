"""Lobbies: who joins, with which monster, under which rules; and the start of the game.

Each change happens under the game's lock and is saved, with the effects that show it, before
``show`` carries them out.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import msgspec

from bot import publish
from bot.chronicle import opening_lines
from bot.lobby_clock import expiry_tag
from bot.model import (
    REACTION_SECONDS,
    TURN_SECONDS,
    AiLevel,
    Chronicle,
    Game,
    GameSetup,
    Lobby,
    LobbyPlayer,
    Outcome,
    Refused,
)
from bot.publish import Show
from bot.saved_games import SavedGames, setup_for
from engine import MAX_MONSTERS, MIN_MONSTERS, MONSTER_NAMES, Edition, Options, create_game


class ChannelTaken(Refused):
    """The channel has a lobby or a game (``game``) already."""

    def __init__(self, game: Game) -> None:
        super().__init__("this channel already has a lobby or a game")
        self.game = game


class Lobbies:
    def __init__(self, games: SavedGames, seed_source: Callable[[], int],
                 clock: Callable[[], float], *, turn_seconds: float = TURN_SECONDS,
                 reaction_seconds: float = REACTION_SECONDS) -> None:
        self._games = games
        self._seed_source = seed_source
        self._clock = clock
        # The bot's turn clock, for servers that set none.
        self._turn_seconds = turn_seconds
        self._reaction_seconds = reaction_seconds

    async def open(self, *, guild_id: int | None, channel_id: int, host_id: int,
                   show: Show, host_name: str | None = None, lobby: Lobby | None = None,
                   ) -> Game:
        """A new lobby, by default the host alone in it with the server's clock (else the
        bot's); ``show`` posts its message."""
        if lobby is None:
            server = await self._games.server_settings(guild_id)
            turn, reaction = server.clock(self._turn_seconds, self._reaction_seconds)
            lobby = Lobby(players=(LobbyPlayer(host_id, name=host_name),), turn_seconds=turn,
                          reaction_seconds=reaction)
        game = await self._games.create_lobby(
            guild_id=guild_id, channel_id=channel_id, host_id=host_id,
            lobby=_replace(lobby, changed_at=self._clock()), effects=(publish.PostLobby(None),))
        async with self._games.lock(game.id):
            await show(game.id)
        return game

    async def rematch(self, finished_id: int, user_id: int, show: Show) -> Game:
        """A new lobby in a finished game's channel, hosted by ``user_id`` (one of its
        players): the same players, AI seats at their levels, and the same options (the
        clock too); everyone picks a monster again."""
        finished = await self._games.peek(finished_id)
        if finished.state is None or finished.status not in ("over", "ended"):
            raise Refused(f"game #{finished_id} is not over: a rematch comes after its end")
        host_seat = finished.seat_of(user_id)
        if host_seat is None:
            raise Refused(f"only the players of game #{finished_id} can ask for a rematch")
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

    async def expire(self, game_id: int, tag: tuple[int, ...], minutes: float,
                     show: Show) -> Game | None:
        """Close a lobby nobody started ``minutes`` after its last change, unless it changed
        since its deadline was set (``tag``). None when it is left open."""
        async with self._games.lock(game_id):
            game = await self._games.game(game_id)
            if game.status != "lobby" or expiry_tag(game.lobby) != tag:
                return None
            game = replace(game, status="cancelled")
            game = await self._games.save(game, "status",
                                          effects=publish.after_expiry(game, minutes).effects)
            await show(game_id)
            return game

    async def join(self, game_id: int, user_id: int, show: Show,
                   name: str | None = None) -> Game:
        def change(game: Game) -> Lobby:
            players = game.lobby.players
            if any(p.user_id == user_id for p in players):
                raise Refused("you are already in this game")
            _require_room(players)
            return _replace(game.lobby, players=(*players, LobbyPlayer(user_id, name=name)))

        return await self._change(game_id, change, show)

    async def leave(self, game_id: int, user_id: int, show: Show) -> Game:
        def change(game: Game) -> Lobby:
            if user_id == game.host_id:
                raise Refused("you are the host: use Cancel to close the lobby")
            players = game.lobby.players
            if not any(p.user_id == user_id for p in players):
                raise Refused("you are not in this game")
            return _replace(game.lobby,
                            players=tuple(p for p in players if p.user_id != user_id))

        return await self._change(game_id, change, show)

    async def pick_monster(self, game_id: int, user_id: int, monster: str, show: Show,
                           name: str | None = None) -> Game:
        """Choose a monster; joins the lobby too when the player has not joined yet."""
        if monster not in MONSTER_NAMES:
            raise Refused("pick one of the listed monsters")

        def change(game: Game) -> Lobby:
            players = list(game.lobby.players)
            taken_by = next((p.user_id for p in players if p.monster == monster), None)
            if taken_by is not None and taken_by != user_id:
                raise Refused(f"{monster} is already taken")
            index = next((i for i, p in enumerate(players) if p.user_id == user_id), None)
            if index is None:
                _require_room(game.lobby.players)
                players.append(LobbyPlayer(user_id, monster, name=name))
            else:
                players[index] = msgspec.structs.replace(players[index], monster=monster)
            return _replace(game.lobby, players=tuple(players))

        return await self._change(game_id, change, show)

    async def add_ai(self, game_id: int, user_id: int, level: AiLevel, show: Show) -> Game:
        """The host adds an AI monster (its monster is given at the start)."""

        def change(game: Game) -> Lobby:
            _require_host(game, user_id, "add AI monsters")
            players = game.lobby.players
            _require_room(players)
            ai_id = min((p.user_id for p in players if p.user_id < 0), default=0) - 1
            return _replace(game.lobby, players=(*players, LobbyPlayer(ai_id, ai=level)))

        return await self._change(game_id, change, show)

    async def remove_ai(self, game_id: int, user_id: int, show: Show) -> Game:
        """The host removes the AI monster added last."""

        def change(game: Game) -> Lobby:
            _require_host(game, user_id, "remove AI monsters")
            players = game.lobby.players
            last = next((p for p in reversed(players) if p.ai is not None), None)
            if last is None:
                raise Refused("there is no AI monster to remove")
            return _replace(game.lobby, players=tuple(p for p in players if p is not last))

        return await self._change(game_id, change, show)

    async def set_edition(self, game_id: int, user_id: int, edition: Edition,
                          show: Show) -> Game:
        def change(game: Game) -> Lobby:
            _require_host(game, user_id)
            return _replace(game.lobby, edition=edition)

        return await self._change(game_id, change, show)

    async def set_two_player_variant(
        self, game_id: int, user_id: int, variant: bool | None, show: Show
    ) -> Game:
        """On, off, or None for the engine's default (on for exactly two monsters)."""

        def change(game: Game) -> Lobby:
            _require_host(game, user_id)
            return _replace(game.lobby, two_player_variant=variant)

        return await self._change(game_id, change, show)

    async def set_clock(self, game_id: int, user_id: int, show: Show, *,
                        turn_seconds: float | None = None,
                        reaction_seconds: float | None = None) -> Game:
        """The host sets the turn clock of this game (None: unchanged; 0: off)."""

        def change(game: Game) -> Lobby:
            _require_host(game, user_id)
            lobby = game.lobby
            return _replace(lobby, turn_seconds=_first(turn_seconds, lobby.turn_seconds),
                            reaction_seconds=_first(reaction_seconds, lobby.reaction_seconds))

        return await self._change(game_id, change, show)

    async def cancel(self, game_id: int, user_id: int, show: Show) -> Game:
        async with self._games.lock(game_id):
            game = await self._open_lobby(game_id)
            if user_id != game.host_id:
                raise Refused("only the host can cancel the lobby")
            game = replace(game, status="cancelled")
            game = await self._games.save(game, "status",
                                          effects=publish.after_lobby_change(game).effects)
            await show(game_id)
            return game

    async def start(self, game_id: int, user_id: int, show: Show) -> Game:
        async with self._games.lock(game_id):
            lobby = await self._open_lobby(game_id)
            if user_id != lobby.host_id:
                raise Refused("only the host can start the game")
            players = lobby.lobby.players
            if not MIN_MONSTERS <= len(players) <= MAX_MONSTERS:
                raise Refused(f"King of Tokyo needs {MIN_MONSTERS} to {MAX_MONSTERS} players")
            seed = self._seed_source()
            setup = GameSetup(
                seed,
                Options(edition=lobby.lobby.edition,
                        two_player_variant=lobby.lobby.two_player_variant),
                _assign_monsters(players, random.Random(seed)),
            )
            state, happened = create_game(setup.options, setup.seed, setup.monsters)
            setup = setup_for(state)
            now = self._clock()
            chronicle = Chronicle(log=opening_lines(state, happened), asked_at=now,
                                  turn_asked_at=now, started_at=now)
            game = replace(lobby, status="playing", seats=tuple(p.user_id for p in players),
                           state=state, chronicle=chronicle, setup=setup)
            plan = publish.after_start(lobby, Outcome(game, tuple(happened), None))
            game = await self._games.save(game, "status", "seats", "state", "chronicle",
                                          "setup", effects=plan.effects)
            await show(game_id)
            return game

    async def _change(self, game_id: int, change: Callable[[Game], Lobby], show: Show) -> Game:
        async with self._games.lock(game_id):
            game = await self._open_lobby(game_id)
            # A change keeps the lobby open for another while (bot.lobby_clock).
            game = replace(game, lobby=_replace(change(game), changed_at=self._clock()))
            game = await self._games.save(game, "lobby",
                                          effects=publish.after_lobby_change(game).effects)
            await show(game_id)
            return game

    async def _open_lobby(self, game_id: int) -> Game:
        game = await self._games.game(game_id)
        if game.status != "lobby":
            raise Refused("this lobby is closed")
        return game


def _first(value: float | None, default: float) -> float:
    return default if value is None else value


def _replace(lobby: Lobby, **changes: object) -> Lobby:
    return msgspec.structs.replace(lobby, **changes)


def _require_room(players: tuple[LobbyPlayer, ...]) -> None:
    if len(players) >= MAX_MONSTERS:
        raise Refused(f"the game is full ({MAX_MONSTERS} monsters)")


def _require_host(game: Game, user_id: int, what: str = "change the options") -> None:
    if user_id != game.host_id:
        raise Refused(f"only the host can {what}")


def _assign_monsters(players: tuple[LobbyPlayer, ...], rng: random.Random) -> tuple[str, ...]:
    """Chosen monsters stay; everyone else gets one of the free monsters at random."""
    free = [m for m in MONSTER_NAMES if m not in {p.monster for p in players}]
    rng.shuffle(free)
    return tuple(p.monster or free.pop() for p in players)
