"""A game as the store's rows keep it, and back: pure, no store and no cache.

Owns the encoding of a game's fields as their columns (``column``; the chronicle's parts as
one flat object: ``encode_chronicle``, ``decode_chronicle``), the decoding of a game's row
(``decoded``: a state that does not decode is told apart, for the rebuild), the entries of
its action log and of its outbox, and its setup as stored (``setup_for``, ``as_played``).
``bot.table.saved_games`` reads and writes the rows with them; ``bot.table.rebuild`` and
``bot.table.record_book`` read them too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any, Literal

import msgspec

from bot.store.store import ActionRow, GameRow
from bot.table.model import Chronicle, Game, GameSetup, Lobby
from bot.table.publish import Effect
from engine import (
    FIRST_DECK,
    Action,
    CorruptState,
    GameState,
    decode_action,
    decode_state,
    encode_action,
    encode_state,
    implemented_keys,
)

# What a real decode failure raises (msgspec.ValidationError is a DecodeError).
DECODE_ERRORS = (CorruptState, msgspec.DecodeError)

GameField = Literal["status", "lobby", "seats", "state", "chronicle", "board_message_id", "setup"]

lobby_decoder = msgspec.json.Decoder(Lobby)
seats_decoder = msgspec.json.Decoder(tuple[int, ...])
effect_decoder = msgspec.json.Decoder(Effect)
_setup_decoder = msgspec.json.Decoder(GameSetup)
encode = msgspec.json.encode


class OutboxEntry(msgspec.Struct, frozen=True):
    """An effect still to carry out on Discord, in the order the changes happened."""

    seq: int
    effect: Effect
    created_at: float
    # It may have been carried out already, unrecorded: this process tried it (a post, a
    # notice, a ping: a call that failed may have posted all the same), or it did not queue
    # it (an earlier process did, which may have tried it before it stopped, or another one,
    # shards changing hands). A post that may have been sent is looked for before it is sent.
    maybe_sent: bool = False


class LoggedAction(msgspec.Struct, frozen=True):
    seq: int
    seat: int
    user_id: int | None  # None: an AI monster, or the autopilot (or a default) on a timeout
    action: Action


def logged_actions(rows: Iterable[ActionRow]) -> list[LoggedAction]:
    """An action log's rows, decoded (a damaged one raises msgspec.DecodeError)."""
    return [LoggedAction(row.seq, row.seat, row.user_id, decode_action(row.action))
            for row in rows]


def action_rows(actions: Iterable[LoggedAction]) -> list[ActionRow]:
    return [ActionRow(a.seq, a.seat, a.user_id, encode_action(a.action)) for a in actions]


def decoded(row: GameRow) -> tuple[Game, Exception | None]:
    """The row as a game, and why its state does not decode (it is then None). Any other
    column that does not decode raises (msgspec.DecodeError)."""
    state: GameState | None = None
    unreadable: Exception | None = None
    if row.state is not None:
        try:
            state = decode_state(row.state)
        except DECODE_ERRORS as error:
            unreadable = error
    game = Game(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        host_id=row.host_id,
        status=row.status,
        lobby=lobby_decoder.decode(row.lobby),
        seats=seats_decoder.decode(row.seats),
        state=state,
        chronicle=decode_chronicle(row.chronicle),
        board_message_id=row.board_message_id,
        setup=None if row.setup is None else as_played(_setup_decoder.decode(row.setup)),
    )
    return game, unreadable


def column(game: Game, field: GameField) -> object:
    """A field of the game as its column stores it."""
    match field:
        case "status" | "board_message_id":
            return getattr(game, field)
        case "state":
            return None if game.state is None else encode_state(game.state)
        case "setup":
            return None if game.setup is None else encode(game.setup)
        case "chronicle":
            return encode_chronicle(game.chronicle)
        case _:
            return encode(getattr(game, field))


# The chronicle as its column stores it: every part's fields side by side in one flat
# object, as before the chronicle had parts, so that a bot of either shape reads what the
# other wrote (a field it does not know is skipped, one missing takes its default). Made from
# the parts' own fields, in their order: part after part, each a span of the flat fields.
_PARTS: list[type[msgspec.Struct]] = [part.type for part in msgspec.structs.fields(Chronicle)]
_StoredChronicle = msgspec.defstruct(
    "StoredChronicle",
    [(field.encode_name, field.type, field.default)
     for part in _PARTS for field in msgspec.structs.fields(part)],
    frozen=True, omit_defaults=True)
_chronicle_decoder = msgspec.json.Decoder(_StoredChronicle)


def _spans() -> tuple[tuple[type[msgspec.Struct], int, int], ...]:
    """Each part, with where its fields start and stop among the stored ones."""
    spans, start = [], 0
    for part in _PARTS:
        stop = start + len(msgspec.structs.fields(part))
        spans.append((part, start, stop))
        start = stop
    return tuple(spans)


_SPANS = _spans()


def encode_chronicle(chronicle: Chronicle) -> bytes:
    """The chronicle as its column stores it: one flat object of its parts' fields."""
    parts = msgspec.structs.astuple(chronicle)
    return encode(_StoredChronicle(*(value for part in parts
                                     for value in msgspec.structs.astuple(part))))


def decode_chronicle(stored: bytes) -> Chronicle:
    """A chronicle from its column: each part from its own span of the flat fields."""
    values = msgspec.structs.astuple(_chronicle_decoder.decode(stored))
    parts: list[Any] = [part(*values[start:stop]) for part, start, stop in _SPANS]
    return Chronicle(*parts)


def stamped(game: Game) -> Game:
    """The game with its chronicle stamped with its state's seq, for a write of the chronicle:
    the chronicle then tells how far the players saw the game go even if the state and the
    action log are lost."""
    life = game.chronicle.life
    if game.state is None or life.state_seq == game.state.seq:
        return game
    return replace(game, chronicle=msgspec.structs.replace(
        game.chronicle, life=msgspec.structs.replace(life, state_seq=game.state.seq)))


def setup_for(state: GameState) -> GameSetup:
    """How a new game was created, naming the cards it dealt (its state says "the whole
    deck"), so that a later version with more cards replays it the same way."""
    options = state.options
    if not options.cards:
        options = msgspec.structs.replace(options, cards=implemented_keys())
    return GameSetup(state.seed, options, tuple(m.name for m in state.monsters))


def as_played(setup: GameSetup) -> GameSetup:
    """A stored setup with the defaults its game was played with: one stored before new
    games named their cards and their 2-player choice dealt the first 33 cards and played
    the old default (engine.Options.resolved_as_before)."""
    options = setup.options.resolved_as_before(len(setup.monsters), FIRST_DECK)
    return setup if options == setup.options else msgspec.structs.replace(setup,
                                                                          options=options)
