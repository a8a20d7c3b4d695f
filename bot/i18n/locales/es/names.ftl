# Los jugadores por su nombre (issue 31): las partidas de /kot stats contra monstruos IA,
# aparte de las puntuadas (una partida con monstruos IA nunca puntúa).

names-stats-against-ai = Contra monstruos IA
names-against-ai = { $ai } (puntuación { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) }): { $wins ->
    [one] 1 victoria
   *[other] { NUMBER($wins, useGrouping: 0) } victorias
} en { $games ->
    [one] 1 partida
   *[other] { NUMBER($games, useGrouping: 0) } partidas
}

# El rol de la mesa local: sus jugadores pueden cambiar sus ajustes (Gestionar servidor).
names-local-role = Anfitrión de la mesa
