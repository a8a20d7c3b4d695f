"""A whole game in Spanish through SimCord, the language chosen in the lobby: no English
sentence reaches the channel, and the questions, the board, the standings and /kot replay
speak Spanish to Spanish players."""

from __future__ import annotations

import re
from typing import Any

import discord
import msgspec
from bot_harness import Table, rewrite_state, service

from bot.local import menu_id
from engine import (
    MONSTER_NAMES,
    Buy,
    Card,
    Choose,
    EndBuying,
    GameState,
    PickCard,
    Yield,
)

# Words of English that no Spanish sentence uses (the monsters' names are taken out first:
# "The King").
ENGLISH_WORDS = {
    "the", "and", "you", "your", "turn", "roll", "rolled", "rolls", "keep", "stay", "stays",
    "yield", "yields", "buy", "buys", "end", "wins", "win", "game", "over", "left", "with",
    "for", "is", "are", "of", "to", "from", "this", "that", "have", "gains", "loses",
    "enters", "leaves", "heart", "hearts", "points", "energy", "smash", "smashes", "card",
    "cards", "rules", "standings", "players", "player", "choose", "done", "release", "copy",
    "copies", "my", "monster", "lobby", "start", "join", "answer", "board", "place", "out",
}
NAMES = re.compile("|".join(re.escape(name) for name in (*MONSTER_NAMES, "King of Tokyo")))


def english_words(said: str) -> set[str]:
    """The English words of ``said``, once names, mentions and links are taken out."""
    plain = re.sub(r"<[@#!&:tR0-9]+>|https?://\S+", " ", NAMES.sub(" ", said))
    return set(re.findall(r"[a-záéíóúñü]+", plain.lower())) & ENGLISH_WORDS


def message_words(message: discord.Message) -> list[str]:
    """Everything a message says: its text, embeds, buttons, menus and picture's alt text."""
    said = [message.content]
    for embed in message.embeds:
        said += [embed.title or "", embed.description or "", embed.footer.text or ""]
        said += [f"{field.name} {field.value}" for field in embed.fields]
    for row in message.components:
        for item in getattr(row, "children", []):
            said += [getattr(item, "label", None) or "", getattr(item, "placeholder", None) or ""]
            said += [f"{o.label} {o.description or ''}" for o in getattr(item, "options", [])]
    said += [attachment.description or "" for attachment in message.attachments]
    return said


def _owning(state: GameState, seat: int, key: str, uid: int) -> GameState:
    monsters = list(state.monsters)
    monsters[seat] = msgspec.structs.replace(
        monsters[seat], cards=(*monsters[seat].cards, Card(uid=uid, key=key)))
    return msgspec.structs.replace(state, monsters=tuple(monsters))


async def test_a_game_chosen_in_spanish_speaks_spanish_from_lobby_to_replay(
        table: Table, client_locales: dict[int, str]) -> None:
    alice, bob, carol = table.players[:3]
    for player in (alice, bob, carol):
        client_locales[player.id] = "es-ES"
    await alice.slash(table.channel, "kot start")
    lobby = table.channel.last_message
    assert lobby is not None
    # The host picks Español in the lobby's 🌐 menu (the server and the lobby are English).
    menus = await alice.click(lobby, custom_id=menu_id(lobby, "language"))
    asked = menus.followups[0] if menus.followups else menus.response
    assert asked is not None and "idioma" in asked.content
    game_id = (await table.game()).id
    await alice.select(asked, ["es"], custom_id=f"kot:l:{game_id}:lang")
    lobby = table.message(lobby.id)
    assert lobby.embeds[0].title == "King of Tokyo — sala"
    for player in (bob, carol):
        await player.click(lobby, custom_id=menu_id(lobby, "join"))
    await alice.click(lobby, custom_id=menu_id(lobby, "start"))

    # Turn 1: the first monster rolls (its board's buttons are Spanish) and smashes into
    # Tokyo.
    game, decision, first = await table.asked()
    board = table.message(game.board_message_id or 0)
    labels = [getattr(item, "label", "") for row in board.components for item in row.children]
    assert "Tirar (quedan 2)" in labels and "📋 Mi monstruo" in labels
    await table.roll_and_stop(["smash", "1", "2", "3", "energy", "heart"])
    await _end_buying(table)

    # Turn 2: the next monster, rich, with Mimic for sale and Jets owned by another, smashes
    # the one in Tokyo, which is asked to stay or yield; it yields.
    game = await table.game()
    state = game.playing_state()
    buyer = state.turn.seat if state.turn is not None else 0

    def set_up_the_shop(state: GameState) -> GameState:
        state = _owning(state, (buyer + 1) % 3, "jets", 9001)
        monsters = list(state.monsters)
        monsters[buyer] = msgspec.structs.replace(monsters[buyer], energy=20)
        return msgspec.structs.replace(
            state, monsters=tuple(monsters),
            face_up=(Card(uid=9100, key="mimic"), *state.face_up[1:]))

    await rewrite_state(table.env, game.id, set_up_the_shop)
    await table.roll_and_stop(["smash", "smash", "1", "2", "3", "3"])
    game, decision, _in_tokyo = await table.asked()
    assert decision.kind == "yield"
    asked_words = table.message(game.board_message_id or 0).content
    assert "¿te quedas en la ciudad de Tokyo o cedes el sitio?" in asked_words, asked_words
    await table.option(Yield)

    # Its buy step: it buys Mimic, whose question asks which card to copy.
    game, decision, _buyer = await table.asked()
    assert decision.kind == "buy"
    mimic = next(i for i, o in enumerate(decision.options)
                 if isinstance(o, Buy) and game.playing_state().face_up[o.slot].key == "mimic")
    await table.click(f"o{mimic}")
    game, decision, _buyer = await table.asked()
    assert decision.kind == "card"
    said = " ".join(message_words(table.message(game.board_message_id or 0)))
    assert "Imitador" in said and english_words(said) == set(), said
    await table.click(f"o{_first_pick(decision.options)}")
    await _end_buying(table)

    # 📋 My monster, privately, in the clicker's Spanish.
    game = await table.game()
    panel = await first.click(table.message(game.board_message_id or 0),
                              custom_id=f"kot:m:{game.id}")
    panel_said = " ".join(_private_words(panel))
    assert "Tus cartas" in panel_said or "cartas" in panel_said.lower()
    assert english_words(panel_said) == set(), panel_said

    # On to the end: smash turns until a monster is the last standing.
    for _step in range(60):
        if await service(table.env).games.active_in_channel(table.channel.id) is None:
            break
        game, decision, asked = await table.asked()
        if decision.kind == "roll":
            await table.roll_and_stop(["smash"] * 6)
        elif decision.kind == "buy":
            await table.option(EndBuying)
        else:  # stay in Tokyo, or a card's first answer
            clicked = await table.click("o0")
            warned = clicked.followups[0] if clicked.followups else clicked.response
            if warned is not None and warned.ephemeral and warned.components:
                # Staying would knock it out: the private warning's button confirms it.
                assert "elimina a tu monstruo" in warned.content
                await asked.click(warned, custom_id=f"kot:g:{game.id}:{decision.id}:c0")
    final = await service(table.env).games.peek(game_id)
    assert final.status == "over" and final.language == "es"

    # Nothing in the channel spoke English, from the lobby to the standings.
    for message in table.channel.history():
        for said in message_words(message):
            assert english_words(said) == set(), said
    standings = next(m for m in table.channel.history() if m.embeds
                     and m.embeds[0].title == "Fin de la partida")
    assert standings.embeds[0].fields[0].name == "Clasificación final"

    # /kot replay tells the story in the asker's Spanish.
    reply = await alice.slash(table.channel, "kot replay", game=game_id)
    assert reply.response is not None
    files = {attachment.filename: attachment for attachment in reply.response.attachments}
    story = (await files[f"kot-game-{game_id}.txt"].read()).decode()
    assert "Turno 1" in story
    for line in story.splitlines():
        assert english_words(line) == set(), line


def _private_words(result: Any) -> list[str]:
    said: list[str] = []
    for message in [result.response, *result.followups]:
        if message is None:
            continue
        said.append(message.content or "")
        for embed in message.embeds:
            said += [embed.title or "", embed.description or "", embed.footer.text or ""]
            said += [f"{field.name} {field.value}" for field in embed.fields]
    return said


async def _end_buying(table: Table) -> None:
    """End the buy step if it is asked (a monster that can afford nothing skips it)."""
    _game, decision, _asked = await table.asked()
    if decision.kind == "buy":
        await table.option(EndBuying)


def _first_pick(options: tuple[Any, ...]) -> int:
    return next(i for i, o in enumerate(options)
                if isinstance(o, Choose) and isinstance(o.choice, PickCard))
