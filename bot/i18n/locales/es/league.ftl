# Ligas de un servidor: temporadas, rangos, roles de rango y coronas, y los anuncios de la
# liga en un canal del servidor (bot.table.league, bot.discord.bulletins, /kot league).

## Rangos (bot.table.league.ranks), según la puntuación de una temporada

league-rank-hatchling = Cría
league-rank-stomper = Pisoteador
league-rank-smasher = Aplastador
league-rank-titan = Titán
league-rank-kaiju = Kaiju
league-rank-king = Rey de Tokio
league-rank-unranked = Sin rango
league-rank = { $emoji } { $rank }

## El anuncio del final de una temporada

league-season-closed-title = 🏆 Fin de la temporada { $season }
league-podium-line = { $medal } **{ $player }** · { $rank } · **{ NUMBER($score, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) }** · { $games ->
    [one] 1 partida
   *[other] { NUMBER($games, useGrouping: 0) } partidas
}
league-podium-empty = Nadie jugó las { $min } partidas puntuadas que pide la clasificación de una temporada.
league-season-players = { $players ->
    [one] 1 jugador con rango esta temporada.
   *[other] { NUMBER($players, useGrouping: 0) } jugadores con rango esta temporada.
}
league-next-season = Empieza la temporada { $season }: termina el { $ends }.
league-next-season-open = Empieza la temporada { $season }.
league-no-next-season = No empieza otra temporada: este servidor ya no juega por temporadas.
