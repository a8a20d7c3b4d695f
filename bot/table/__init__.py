"""The table: games and lobbies, played with no Discord in sight.

The game service, the bot's one door to games (``service``), lobbies and their clock
(``lobbies``, ``lobby_clock``), the turn clock and the retries' timing (``timers``), the AI
seats and hints (``autoplay``), standing orders, presence, the chronicle and the turn
summaries, what to show after a change as data (``publish``), the bot's records of games
(``model``); the games as stored (``saved_games``, over ``game_cache``: the cache, versions,
live messages and locks; ``game_rows``: a game's fields as columns, and back; ``rebuild``: a
game whose state does not decode, rebuilt from its log), the servers' and people's settings
(``saved_settings``), and the records of finished games (``record_book``, ``records``) with
their standings and ratings.

May import: ``bot.store``, ``engine`` and ``engine.ai``. Never ``bot.discord`` or
``bot.render``: what a player reads is made above it.
"""
