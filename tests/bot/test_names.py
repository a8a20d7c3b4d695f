"""Players by name on every screen (issue 31): inside an embed a mention shows as raw text
on clients that have not loaded the member (and always on the local table's page), so the
bot's embeds name players; a mention stays in message content, where it pings. And the
games against AI monsters, counted in /kot stats apart from the rated leaderboard."""

from __future__ import annotations

import re

import discord
from bot_harness import Table, final_board, service
from simcord import InteractionResult, MemberActor
from test_game_end import win_this_turn

from bot.local import add_ai
from bot.table.level_ratings import level_ratings
from bot.table.model import AiLevel, Game
from bot.table.ratings import rate
from bot.table.records import AgainstAi, GameRecord, SeatRecord, against_ai
from engine import Options

RAW_MENTION = "<@"


def embed_text(embed: discord.Embed) -> str:
    return "\n".join([embed.title or "", embed.description or "", embed.footer.text or "",
                      *(f"{field.name}\n{field.value}" for field in embed.fields)])


def answered(result: InteractionResult) -> str:
    """The text of the embeds of a private answer."""
    assert result.response is not None and result.response.ephemeral
    return "\n".join(embed_text(embed) for embed in result.response.embeds)


async def finish_a_game(table: Table, host: MemberActor, joiners: list[MemberActor],
                        ai: AiLevel | None = None) -> Game:
    """``host`` opens a lobby, the ``joiners`` join, an AI monster of level ``ai`` is added,
    and the game is played to its end (the active monster made to win)."""
    await host.slash(table.channel, "kot start")
    lobby = table.channel.last_message
    assert lobby is not None
    for joiner in joiners:
        await joiner.click(lobby, label="Join")
    if ai is not None:
        await add_ai(host, lobby, ai)
    await host.click(lobby, label="Start")
    finished = await win_this_turn(table)
    assert finished.status == "over"
    return finished


def won(game: Game, player: MemberActor) -> bool:
    return game.seat_of(player.id) in game.playing_state().winners


async def test_no_embed_of_a_played_game_shows_a_raw_mention(table: Table) -> None:
    alice, bob = table.players[:2]
    for _game in range(3):  # (the leaderboard lists players from 3 rated games)
        finished_id = (await finish_a_game(table, alice, [bob])).id
    final = final_board(table.channel)
    await bob.click(final, label="🔁 Rematch")
    rematch = table.channel.last_message
    assert rematch is not None and rematch.embeds[0].description is not None
    assert f"Rematch of game #{finished_id}" in rematch.embeds[0].description
    await bob.click(rematch, label="Start")
    game, decision, asked = await table.asked()
    waiting = alice if asked.id == bob.id else bob
    games_list = answered(await waiting.slash(table.channel, "kot games"))
    ending = await bob.slash(table.channel, "kot end")  # (the rematch's host)
    assert ending.response is not None
    await bob.click(ending.response, label="End the game")
    answers = {command: answered(await alice.slash(table.channel, command))
               for command in ("kot stats", "kot leaderboard", "kot history")}

    shown = [embed_text(embed) for message in table.channel.history() for embed in message.embeds]
    # The lobbies (three closed, the rematch's), the standings, the end.
    assert len(shown) >= 6
    for said in (*shown, games_list, *answers.values()):
        assert RAW_MENTION not in said
    lobbies = [said for said in shown if "— host" in said or "Rematch of" in said]
    assert lobbies and all("alice" in said and "bob" in said for said in lobbies)
    standings = [said for said in shown if "standings" in said.lower()]
    assert len(standings) == 4  # three games to the end, one ended
    assert all("· alice" in said and "· bob" in said for said in standings)
    assert "🛑 bob ended King of Tokyo game" in next(s for s in shown if "🛑" in s)
    assert f"{game.player_name(decision.seat)} (" in games_list  # whom the rematch waits for
    assert "alice" in answers["kot stats"]
    assert "alice" in answers["kot leaderboard"] and "bob" in answers["kot leaderboard"]
    assert re.search(r"won by (alice|bob) \(", answers["kot history"])
    # Who must act is still pinged, in the message's content.
    assert any(f"<@{bob.id}>" in message.content or f"<@{alice.id}>" in message.content
               for message in table.channel.history())


async def test_stats_count_the_games_against_ai_monsters_apart_from_the_ratings(
        table: Table) -> None:
    alice, bob = table.players[:2]
    easy = [await finish_a_game(table, alice, [], ai="easy") for _game in range(2)]
    hard = await finish_a_game(table, bob, [alice], ai="hard")

    embeds: dict[int, discord.Embed] = {}

    def fields(player: MemberActor) -> dict[str | None, str | None]:
        return {field.name: field.value for field in embeds[player.id].fields}

    for player in (alice, bob):
        stats = await player.slash(table.channel, "kot stats")
        assert stats.response is not None
        embeds[player.id] = stats.response.embeds[0]
    easy_wins = sum(won(game, alice) for game in easy)
    # Each level with its rating (the checked-in one), as the player's own is shown.
    rated = {level: f"{rating:.1f}" for level, rating in level_ratings().items()}
    assert fields(alice)["Against AI monsters"] == (
        f"🤖 Easy AI (rated {rated['easy']}): {easy_wins} win{'' if easy_wins == 1 else 's'}"
        " in 2 games\n"
        f"🤖 Hard AI (rated {rated['hard']}): {int(won(hard, alice))} "
        f"win{'' if won(hard, alice) else 's'} in 1 game")
    assert fields(alice)["Games"] == "3" and fields(alice)["Rating"] == "not rated yet"
    assert fields(bob)["Against AI monsters"] == (
        f"🤖 Hard AI (rated {rated['hard']}): {int(won(hard, bob))} "
        f"win{'' if won(hard, bob) else 's'} in 1 game")

    # The leaderboard stays humans-only: no game with an AI monster is rated.
    board = await alice.slash(table.channel, "kot leaderboard")
    assert board.response is not None
    assert "Nobody has 3 rated games yet" in (board.response.embeds[0].description or "")
    guild_id = table.channel.guild.id
    assert rate(await service(table.env).record_book.records(guild_id)) == {}


async def test_a_player_with_no_ai_game_sees_no_such_section(table: Table) -> None:
    alice, bob = table.players[:2]
    await finish_a_game(table, alice, [bob])
    stats = await alice.slash(table.channel, "kot stats")
    assert stats.response is not None
    assert "Against AI monsters" not in [f.name for f in stats.response.embeds[0].fields]


def seat(number: int, *, user_id: int | None = None, ai: AiLevel | None = None,
         winner: bool = False) -> SeatRecord:
    return SeatRecord(seat=number, user_id=user_id, ai=ai, name=None, monster="Alienoid",
                      place=1 if winner else 2, winner=winner, points=0, hearts=0,
                      out_turn=None, cards_bought=None, left_game=False, autopiloted=False)


def record(*seats: SeatRecord, status: str = "over") -> GameRecord:
    return GameRecord(game_id=1, guild_id=1, channel_id=1, status=status, game_type="kot",
                      edition="2016", options=Options(), started_at=0.0, finished_at=1.0,
                      turns=1, rated=False, seats=seats)


def test_a_game_counts_against_its_strongest_ai_monster_when_played_to_its_end() -> None:
    me = 7
    records = [
        record(seat(0, user_id=me, winner=True), seat(1, ai="easy")),
        # Easy and Hard at the table: a game against Hard.
        record(seat(0, user_id=me), seat(1, ai="easy"), seat(2, ai="hard", winner=True)),
        # A record kept before AI levels were: its AI played Easy.
        record(seat(0, user_id=me), seat(1, winner=True)),
        # Medium and Easy: against Medium; Medium and Hard: against Hard.
        record(seat(0, user_id=me, winner=True), seat(1, ai="medium"), seat(2, ai="easy")),
        record(seat(0, user_id=me, winner=True), seat(1, ai="medium"), seat(2, ai="hard")),
        # Stopped before its end, or with no AI monster: not counted.
        record(seat(0, user_id=me), seat(1, ai="hard"), status="ended"),
        record(seat(0, user_id=me, winner=True), seat(1, user_id=8)),
        # Another player's game.
        record(seat(0, user_id=8, winner=True), seat(1, ai="hard")),
    ]
    assert against_ai(records, me) == (AgainstAi("easy", games=2, wins=1),
                                       AgainstAi("medium", games=1, wins=1),
                                       AgainstAi("hard", games=2, wins=1))
    assert against_ai(records, 9) == ()
