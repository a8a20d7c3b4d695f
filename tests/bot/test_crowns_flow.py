"""The monsters' crowns through the real bot on SimCord: turned on, the holders then are kept
without a word; a top-rank player winning a real game with a monster another holds takes its
crown, said in the game's channel, and /kot stats shows it. (The players' climb to the top
rank is made of records written in the store: 20 wins each, which the test would otherwise
play for minutes.)"""

from __future__ import annotations

from bot_harness import Table, bot_of, private_reply, service
from msgspec.structs import replace
from test_crowns import WINS_TO_THE_TOP, duel
from test_records_commands import answer
from test_seasons_flow import admin_of

from bot.store.store import Store
from bot.table.records import GameRecord, record_rows


async def keep(store: Store, guild_id: int, channel_id: int,
               records: list[GameRecord]) -> None:
    """Records of games played before, each with its game's row (the records' key)."""
    for record in records:
        row = await store.backend.write(lambda tx: tx.one(
            "INSERT INTO games (guild_id, channel_id, host_id, status, lobby, created_at, "
            "updated_at) VALUES (?, ?, 1, 'over', ?, 0, 0) RETURNING id",
            (guild_id, channel_id, b"{}")))
        assert row is not None
        await store.add_record(record_rows(replace(record, game_id=int(row[0]),
                                                   guild_id=guild_id, channel_id=channel_id)))


async def test_a_crown_taken_is_said_in_the_games_channel(table: Table) -> None:
    admin = admin_of(table)
    guild_id = table.env.guild.id
    await admin.slash(table.channel, "kot league season", days=30)
    season_start = table.env.now().timestamp()
    await table.env.advance_time(60)  # (the earlier games finish in this minute)
    alice, bob = table.players[:2]
    game = await table.start_game(players=2)
    monster = {game.seats[seat]: m.name for seat, m in enumerate(game.playing_state().monsters)}
    # Each is at the top rank, holding the crown of the other's monster in this game.
    earlier: list[GameRecord] = []
    for player, pool, held in ((alice, 9000, monster[bob.id]), (bob, 9100, monster[alice.id])):
        for n in range(WINS_TO_THE_TOP):
            earlier.append(duel(len(earlier) + 1, player.id, pool + n % 4, held,
                                at=season_start + 1 + len(earlier) * 0.01))
    await keep(service(table.env).games._store, guild_id, table.channel.id + 1, earlier)
    said = private_reply(await admin.slash(table.channel, "kot league crowns", on=True))
    assert said is not None and said.startswith("Crowns: on.")
    held = await bot_of(table.env).crowns.held(guild_id)
    assert {m: c.user_id for m, c in held.items()} == {monster[bob.id]: alice.id,
                                                       monster[alice.id]: bob.id}
    assert not [m for m in table.channel.history() if "**King of Tokyo:" in m.content]

    for _turn in range(12):
        if await service(table.env).games.active_in_channel(table.channel.id) is None:
            break
        await table.smash_turn()
    record = await service(table.env).record_book.record(game.id)
    assert record is not None and record.rated
    winner = next(seat for seat in record.seats if seat.winner)
    loser = bob if winner.user_id == alice.id else alice
    winner_name = alice.name if winner.user_id == alice.id else bob.name
    await table.env.settle()
    lines = [m.content for m in table.channel.history() if "**King of Tokyo:" in m.content]
    # (The holder's name is the one their last record kept: "p<id>" in the written ones.)
    assert lines == [f"👑 Crown taken: **King of Tokyo: {winner.monster}** → {winner_name} "
                     f"(held by p{loser.id} until now)"]
    stats = answer(await alice.slash(table.channel, "kot stats",
                                     player=table.player(winner.user_id or 0))).embeds[0]
    fields = {field.name: field.value for field in stats.fields}
    assert f"👑 King of Tokyo: {winner.monster}" in fields["Crowns"]
