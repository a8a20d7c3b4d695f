# Games in threads (/kot start thread:, /kot settings threads:) and /kot games: a player's
# lobbies and games in progress on a server (bot/discord/cogs/games.py, bot/discord/games_list.py).

## The commands' words (bot.discord.command_words)

games-cmd-start-thread = Open the lobby in a new thread of this channel, so that the channel can host many games
games-cmd-settings-threads = Open each new lobby in a new thread of its channel (one channel, many games)
games-cmd-games = Your lobbies and games in progress on this server (only you see it)
games-cmd-games-page = Which page (10 games a page, those waiting for you first)

## A game in its own thread

# The thread's name (at most 100 characters; the host's name is at most 32).
games-thread-name = King of Tokyo · { $host }
# /kot start's public answer in the channel, in the game's language.
games-thread-opened = 🦖 { $host } opened a King of Tokyo lobby in { $thread }: join it there.
games-thread-failed = Discord did not open the game's thread ({ $reason }); nothing was made. Try `/kot start` again in a moment.
games-perm-create_public_threads = Create Public Threads
games-no-threads-here = This channel cannot have threads: use `/kot start` without `thread:` to play here.
games-settings-threads = 🧵 New lobbies open { $threads ->
    [on] each in a new thread of the channel
   *[off] in the channel itself
}; `/kot start thread:` chooses for one game. Set it with `/kot settings threads:`.

## /kot games

games-title = Your games on this server
games-none = You have no lobby or game in progress on this server. `/kot start` opens one.
games-head = **Game { $game }** · { $type } · { $place }
games-waits-lobby = Lobby: { $players }/{ $most } players
games-waits-your-turn = **Your turn**
games-waits-your-answer = **A question for you**
games-waits-others = Waiting for { $players }
games-link-lobby = [lobby]({ $url })
games-link-board = [board]({ $url })
