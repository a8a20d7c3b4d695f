# The slash commands' descriptions, their options' descriptions and choices (bot.discord.command_words).
# Command and option names are not translated (see that module).

cmd-kot = Play King of Tokyo
cmd-start = Open a King of Tokyo lobby in this channel
cmd-start-game = The game (the host may change it in the lobby)
cmd-board = Post the current board again
cmd-hint = What the Hard AI would do in your place (only you see it)
cmd-me = Your monster, cards and standing orders; outside a game, your achievements (only you see it)
cmd-leave = Leave the game in this channel (the autopilot plays on)
cmd-end = End the game in this channel
cmd-rules = The rules of King of Tokyo in short
cmd-help = How to play King of Tokyo with this bot
cmd-help-topic = Which page: playing a game (default), or the server's league
cmd-help-topic-game = Playing a game
cmd-help-topic-league = The server's league: ratings, the queue, Swiss nights, achievements
cmd-card = Show a power card
cmd-card-name = The card's name (2016 or 2011 edition, in English or Spanish)
cmd-settings = This server's defaults for new games (Manage Server)
cmd-settings-language = The language of new games' messages in the channel
cmd-stats = A player's games on this server
cmd-stats-player = Whose stats (yours if empty)
cmd-leaderboard = This server's players ranked by skill rating
cmd-leaderboard-page = Which page (10 players a page)
cmd-history = The last games on this server
cmd-history-page = Which page (10 games a page, newest first)
cmd-replay = A finished game's log, as text and as a replay file
cmd-replay-game = The game's number (see /kot history)
cmd-start-game-2016 = King of Tokyo (2016)
cmd-start-game-2011 = King of Tokyo (2011)
cmd-start-game-origins = King of Tokyo: Origins
