"""What the bot shows after each change, read as data: no Discord involved."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from pathlib import Path

import msgspec
import pytest

from bot.store.store import Store
from bot.table import publish
from bot.table.chronicle import chronicle_after
from bot.table.model import Chronicle, Game, Lobby, Narration, Outcome
from bot.table.publish import (
    AnnounceAchievements,
    AnnounceEnd,
    AnnounceResult,
    CloseBoard,
    CloseLobby,
    EditBoard,
    ExpireLobby,
    Notify,
    Plan,
    PostBoard,
    PostLobby,
    RetireButtons,
    ShowLobby,
    SyncPings,
)
from bot.table.service import GameService
from engine import (
    GameState,
    Options,
    Roll,
    StopRolling,
    Timeout,
    apply,
    create_game,
    decode_state,
    encode_state,
    events,
)

LOBBY_MESSAGE, BOARD = 500, 600


class Recorder:
    """A ``show`` that reads the effects each change queued and marks them done instead of
    carrying them out: a post gets the next message id (the lobby LOBBY_MESSAGE, boards
    BOARD, BOARD + 1, ...)."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.plans: list[tuple[publish.Effect, ...]] = []
        self.next_board = BOARD

    async def __call__(self, game_id: int) -> None:
        games = self.service.games
        entries = await games.outbox(game_id)
        self.plans.append(tuple(entry.effect for entry in entries))
        game = await games.game(game_id)
        for entry in entries:
            if isinstance(entry.effect, PostLobby):
                game = replace(game, board_message_id=LOBBY_MESSAGE)
            elif isinstance(entry.effect, PostBoard | AnnounceResult):
                game = replace(game, board_message_id=self.next_board)
                self.next_board += 1
        await games.finish_effects(game, [entry.seq for entry in entries], "board_message_id")

    @property
    def last(self) -> tuple[publish.Effect, ...]:
        return self.plans[-1]


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    service = GameService(await Store.open(tmp_path / "kot.sqlite3"), seed_source=lambda: 5)
    yield service
    await service.close()


async def test_the_plans_of_a_lobby_and_a_first_turn(service: GameService) -> None:
    show = Recorder(service)
    game = await service.lobbies.open(guild_id=1, channel_id=10, host_id=100, show=show)
    assert show.last == (PostLobby(None),)
    await service.lobbies.join(game.id, 200, show)
    assert show.last == (ShowLobby(LOBBY_MESSAGE),)

    game = await service.lobbies.start(game.id, 100, show)
    assert show.last == (CloseLobby(LOBBY_MESSAGE, "game started"), PostBoard(LOBBY_MESSAGE))
    game = await service.games.peek(game.id)
    assert game.board_message_id == BOARD

    state = game.playing_state()
    roll = state.pending[0]
    await service.click(game.id, game.seats[roll.seat], roll.id, "h0", show)
    assert show.last == (EditBoard(BOARD, redraw=False),)  # kept dice: same picture
    await _choose(service, game, Roll, show)
    assert show.last == (EditBoard(BOARD, redraw=True),)

    before = await service.games.peek(game.id)
    await _play_until_the_turn_ends(service, game, show)
    post, close = show.last
    assert post == PostBoard(BOARD)
    assert isinstance(close, CloseBoard) and close.message_id == BOARD
    assert close.turn == 1 and close.monster == state.monsters[state.active].name
    assert before.chronicle.narration.log[-1] in close.log  # the finished turn's own narration


async def test_a_closed_board_carries_the_state_its_turn_ended_in(service: GameService) -> None:
    """The first monster smashes its way into an empty Tokyo: the turn ends as the dice
    resolve, and its board shows that, not the next monster's first roll."""
    show = Recorder(service)
    game = await _started(service, show, players=3)
    first = game.playing_state().active
    name = game.playing_state().monsters[first].name
    smashes = ("smash",) * 6
    await _change(service, game, lambda s: msgspec.structs.replace(s, forced_dice=smashes))
    await _choose(service, game, Roll, show)
    await _choose(service, game, StopRolling, show)
    post, close = show.last
    assert post == PostBoard(BOARD) and isinstance(close, CloseBoard)
    end = decode_state(close.end_state)
    assert end.turn is not None and end.turn.number == 1 and end.turn.seat == first
    assert end.turn.dice == smashes and end.city == first and not end.pending
    assert end.monsters[first].vp == 1
    assert close.summary == f"{name}: +1★ (1★) · {name} entered Tokyo"
    now = (await service.games.peek(game.id)).playing_state()
    assert now.turn is not None and now.turn.number == 2 and now.turn.seat != first


def test_a_change_of_several_turns_closes_the_first_with_its_own_end() -> None:
    """The autopilot (or AI monsters) may play on through several turns in one change:
    only the first turn had a board, and it shows where that turn ended."""
    before = _game(over=False)
    outcome = _play_on(before, turns=2)
    turn_now = outcome.game.playing_state().turn
    assert turn_now is not None and turn_now.number == 3
    post, close = publish.after_action(before, outcome).effects
    assert post == PostBoard(BOARD) and isinstance(close, CloseBoard) and close.turn == 1
    end = decode_state(close.end_state)
    start = before.playing_state()
    assert end.turn is not None and start.turn is not None
    assert end.turn.number == 1 and end.turn.seat == start.turn.seat and not end.pending
    assert close.summary.startswith(start.monsters[start.turn.seat].name)


def test_a_close_board_stored_by_the_previous_version_is_read() -> None:
    """Before the summary and the end state were kept: they are empty (the message keeps
    the picture it had)."""
    stored = b'{"type":"CloseBoard","message_id":600,"turn":3,"monster":"Kraken","log":["a"]}'
    assert msgspec.json.decode(stored, type=publish.Effect) == CloseBoard(
        600, turn=3, monster="Kraken", log=("a",), summary="", end_state="")


async def test_ending_a_game_takes_its_buttons_and_tells_the_channel(
    service: GameService,
) -> None:
    show = Recorder(service)
    lobby = await service.lobbies.open(guild_id=1, channel_id=10, host_id=100, show=show)
    await service.end(lobby.id, show, notice="ended by hand")
    assert show.last == (CloseLobby(LOBBY_MESSAGE, "ended"), Notify("ended by hand"))

    game = await service.lobbies.open(guild_id=1, channel_id=11, host_id=100, show=show)
    await service.lobbies.join(game.id, 200, show)
    await service.lobbies.start(game.id, 100, show)
    await service.end(game.id, show, notice="ended by hand")
    assert show.last == (RetireButtons(BOARD), AnnounceEnd("ended by hand"))


def test_the_end_of_a_game_and_a_game_nobody_plays() -> None:
    before = _game(over=False)
    over = _game(over=True)
    plan = publish.after_action(before, Outcome(over, (), None))
    turn = before.playing_state().turn
    assert turn is not None
    assert plan.effects == (
        AnnounceResult(BOARD),
        CloseBoard(BOARD, turn=turn.number, monster=before.playing_state().monsters[turn.seat].name,
                   log=over.chronicle.narration.log),
        AnnounceAchievements(),
    )
    abandoned = replace(before, status="ended")
    plan = publish.after_action(before, Outcome(abandoned, (), None))
    assert plan.effects == (RetireButtons(BOARD),
                            Notify(f"🛑 King of Tokyo game #{before.id} ended: nobody has "
                                   "played for a long while."))


def test_shows_that_change_nothing() -> None:
    game = _game(over=False)
    assert publish.repost(game).effects == (PostBoard(BOARD), RetireButtons(BOARD))
    assert publish.refresh(game).effects == (EditBoard(BOARD),)
    lobby = replace(game, status="lobby", state=None, board_message_id=LOBBY_MESSAGE)
    assert publish.repost(lobby).effects == (PostLobby(LOBBY_MESSAGE),
                                             CloseLobby(LOBBY_MESSAGE, "moved below"))
    assert publish.refresh(lobby).effects == (ShowLobby(LOBBY_MESSAGE),)
    # A lobby whose message never reached Discord gets one at its next change.
    lost = replace(lobby, board_message_id=None)
    assert publish.after_lobby_change(lost).effects == (PostLobby(None),)
    assert publish.after_end(replace(game, status="ended"), None).effects == ()


def test_plans_are_json_and_back() -> None:
    plan = Plan(7, (PostBoard(None), AnnounceResult(1), EditBoard(2, redraw=False),
                    CloseBoard(3, turn=4, monster="The King", log=("a", "b"), summary="s",
                               end_state=encode_state(_game(over=False).playing_state()).decode()),
                    RetireButtons(5),
                    PostLobby(None), ShowLobby(6), CloseLobby(6, "cancelled"), Notify("hi"),
                    ExpireLobby(6, 15.0), AnnounceEnd("ended")))
    encoded = msgspec.json.encode(plan)
    assert b'"type":"CloseBoard"' in encoded
    assert msgspec.json.decode(encoded, type=Plan) == plan


def _game(*, over: bool) -> Game:
    state, _events = create_game(Options(), seed=3, monsters=2)
    if over:
        state = msgspec.structs.replace(state, over=True, winners=(0,), pending=())
    return Game(id=1, guild_id=1, channel_id=10, host_id=100, status="over" if over else "playing",
                lobby=Lobby(), seats=(100, 200), state=state,
                chronicle=Chronicle(narration=Narration(log=("The end.",) if over else ())),
                board_message_id=BOARD)


def test_effects_queued_while_the_board_was_replaced_are_about_the_new_board() -> None:
    """A change made while a pass posted a new board (drawn before that change) planned on
    the board it saw: its effects move to the new one (``publish.moved_to``)."""
    old, new = BOARD, BOARD + 1
    closed = CloseBoard(old, turn=1, monster="Kraken", log=())
    assert publish.moved_to([EditBoard(old, redraw=False), SyncPings()], old, new) == (
        EditBoard(new, redraw=False), SyncPings())
    # A turn that ended: the next board replaces the new one, which is closed.
    assert publish.moved_to([PostBoard(old), closed], old, new) == (
        PostBoard(new), msgspec.structs.replace(closed, message_id=new))
    # A post asked because the old board was deleted: the new board is that post.
    assert publish.moved_to([PostBoard(old)], old, new) == (PostBoard(old),)
    # Two posts (one for a deletion, one for a fresh copy): one new board.
    assert publish.moved_to([PostBoard(old), PostBoard(old), RetireButtons(old)], old, new) == (
        PostBoard(old), PostBoard(new), RetireButtons(new))
    # A lobby changed, a lobby cancelled.
    assert publish.moved_to([ShowLobby(old), CloseLobby(old, "cancelled")], old, new) == (
        ShowLobby(new), CloseLobby(new, "cancelled"))
    # What names another message, or none, stays.
    kept = [RetireButtons(old - 1), Notify("A notice."), AnnounceEnd("Ended.")]
    assert publish.moved_to(kept, old, new) == tuple(kept)


async def _started(service: GameService, show: Recorder, players: int) -> Game:
    game = await service.lobbies.open(guild_id=1, channel_id=10, host_id=100, show=show)
    for user_id in range(200, 200 + players - 1):
        await service.lobbies.join(game.id, user_id, show)
    await service.lobbies.start(game.id, 100, show)
    return await service.games.peek(game.id)


async def _change(service: GameService, game: Game,
                  change: Callable[[GameState], GameState]) -> None:
    async with service.games.lock(game.id):
        current = await service.games.game(game.id)
        await service.games.save(replace(current, state=change(current.playing_state())),
                                 "state")


def _play_on(game: Game, turns: int) -> Outcome:
    """Every question answered by its default in one change, as the autopilot plays, until
    ``turns`` more turns have started (the first turn's end kept, as the service keeps it)."""
    state, chronicle = game.playing_state(), game.chronicle
    happened: list[events.Event] = []
    closing: tuple[str, ...] | None = None
    end: GameState | None = None
    while sum(isinstance(event, events.TurnStarted) for event in happened) < turns:
        decision = state.pending[0]
        action = Timeout(decision=decision.id)
        after, new = apply(state, decision.seat, action)
        chronicle, closed = chronicle_after(chronicle, state, after, new)
        closing = closed if closing is None else closing
        end = end or publish.turn_end(state, decision.seat, action, after, new)
        happened.extend(new)
        state = after
    return Outcome(replace(game, state=state, chronicle=chronicle), tuple(happened),
                   closing, turn_end=end)


async def _choose(service: GameService, game: Game, kind: type, show: Recorder) -> None:
    current = (await service.games.peek(game.id)).playing_state()
    decision = current.pending[0]
    number = next(i for i, option in enumerate(decision.options) if isinstance(option, kind))
    await service.click(game.id, game.seats[decision.seat], decision.id, f"o{number}", show)


async def _play_until_the_turn_ends(service: GameService, game: Game, show: Recorder) -> None:
    """Stop rolling, then take each question's first answer, until a plan posts a board."""
    await _choose(service, game, StopRolling, show)
    while not any(isinstance(e, PostBoard) for e in show.last):
        current = (await service.games.peek(game.id)).playing_state()
        decision = current.pending[0]
        await service.click(game.id, game.seats[decision.seat], decision.id, "o0", show)
