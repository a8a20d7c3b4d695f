# /kot stats, /kot leaderboard, /kot history y /kot replay: las partidas terminadas de un servidor.
# Los números llegan ya redondeados a un decimal; NUMBER() los escribe a la española: coma
# decimal, sin separador de millares.

records-page = Página { $page } de { $pages } · /kot { $command } page: para ver otra

## /kot history

records-history-title = Últimas partidas en este servidor
records-history-empty = Aún no se ha terminado ninguna partida en este servidor.
records-game-line = **#{ $game }** · { $date } · { $monsters ->
    [one] 1 monstruo
   *[other] { NUMBER($monsters, useGrouping: 0) } monstruos
} · { $result }{ $rated ->
    [yes] {""}
   *[no] { " · " }sin puntuar
}
records-power-up = 🧬 Power Up!
records-result-stopped = detenida antes del final
records-result-won = victoria: { $winners }
records-result-no-winner = sin ganador
records-winner = { $player } ({ $monster })

## /kot leaderboard

records-leaderboard-title = Clasificación
records-leaderboard-empty = Aún nadie tiene { $min ->
    [one] 1 partida puntuada
   *[other] { $min } partidas puntuadas
}. Partidas puntuadas: jugadas hasta el final, sin monstruos de la IA.
records-leaderboard-line = **{ $rank }.** { $player } · **{ NUMBER($score, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) }** · { $games ->
    [one] 1 partida
   *[other] { NUMBER($games, useGrouping: 0) } partidas
}
records-how-rated = Cómo se puntúa
records-how-rated-text = Una puntuación de habilidad según el orden en que acaba cada partida (openskill, Plackett-Luce); la puntuación es la estimación prudente (media − 3 × incertidumbre). { $min ->
    [one] Hace falta al menos 1 partida puntuada
   *[other] Hacen falta al menos { $min } partidas puntuadas
}; las partidas con monstruos de la IA o detenidas antes del final no puntúan.

## /kot stats

records-stats-title = Estadísticas
records-stats-none = { $player }: aún ninguna partida terminada en este servidor.
records-stats-games = Partidas
records-stats-wins = Victorias
records-stats-win-rate = Porcentaje de victorias
records-stats-average-place = Puesto medio
records-stats-average-points = Media de puntos
records-stats-favourite = Monstruo favorito
records-stats-best-game = Mejor partida
records-stats-rating = Puntuación
records-count = { NUMBER($count, useGrouping: 0) }
# Con un espacio de no separación entre el número y el signo, como en la norma española.
records-percent = { NUMBER($percent, useGrouping: 0) }{ "\u00A0" }%
records-average = { NUMBER($value, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) }
records-average-points = { NUMBER($value, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) }★
records-best-game = #{ $game }: puesto { $place } de { $seats }, { NUMBER($points, useGrouping: 0) }★ con { $monster }{ $length ->
    [none] {""}
   *[other] { ", " }{ $length }
}
records-not-rated = aún sin puntuar
records-rating = { NUMBER($score, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) } tras { $games ->
    [one] 1 partida puntuada
   *[other] { NUMBER($games, useGrouping: 0) } partidas puntuadas
}{ $listed ->
    [yes] {""}
   *[no] { " " }(la clasificación muestra a los jugadores desde { $min ->
        [one] 1 partida
       *[other] { $min } partidas
    })
}

## /kot replay

records-no-such-game = En este servidor no hay ninguna partida #{ $game } terminada: `/kot history` las muestra.
records-unreadable = El estado guardado de la partida #{ $game } no se puede leer, así que no se puede repetir.
records-replay-name = Partida #{ $game } de King of Tokyo
records-replay = 📜 { $name }, terminada el { $when }: la historia turno a turno y el archivo de repetición (`python -m tools.replay ARCHIVO` la vuelve a jugar y la comprueba).
