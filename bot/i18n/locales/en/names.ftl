# Players by name (issue 31): /kot stats' games against AI monsters, kept apart from the
# rated games (a game with AI monsters is never rated).

names-stats-against-ai = Against AI monsters
# One line a level, by the strongest AI at the table ($ai: a table-ai-monster message;
# $rating: the level's rating, as the player's own is shown).
names-against-ai = { $ai } (rated { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) }): { $wins ->
    [one] 1 win
   *[other] { NUMBER($wins, useGrouping: 0) } wins
} in { $games ->
    [one] 1 game
   *[other] { NUMBER($games, useGrouping: 0) } games
}

# The local table's role: its players may change its settings (Manage Server).
names-local-role = Table host
