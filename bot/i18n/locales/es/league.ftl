# Ligas de un servidor: temporadas, rangos, roles de rango y coronas, y los anuncios de la
# liga en un canal del servidor (bot.table.league, bot.discord.bulletins, /kot league).

## Rangos (bot.table.league.ranks), según la puntuación de una temporada

league-rank-hatchling = Cría
league-rank-stomper = Pisoteador
league-rank-smasher = Aplastador
league-rank-titan = Titán
league-rank-kaiju = Coloso
league-rank-king = Rey de Tokio
league-rank-unranked = Sin rango
league-rank = { $emoji } { $rank }

## El anuncio del final de una temporada

league-season-closed-title = 🏆 Fin de la temporada { $season }
league-podium-line = { $medal } **{ $player }** · { $rank } · **{ NUMBER($score, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) }** · { $games ->
    [one] 1 partida
   *[other] { NUMBER($games, useGrouping: 0) } partidas
}
league-podium-empty = Nadie jugó { $min ->
    [one] la partida puntuada
   *[other] las { $min } partidas puntuadas
} que pide la clasificación de una temporada.
league-season-players = { $players ->
    [one] 1 jugador con rango esta temporada.
   *[other] { NUMBER($players, useGrouping: 0) } jugadores con rango esta temporada.
}
league-next-season = Empieza la temporada { $season }: termina el { $ends }.
league-next-season-open = Empieza la temporada { $season }.
league-no-next-season = No empieza otra temporada: este servidor ya no juega por temporadas.

## /kot league (Gestionar servidor)

league-cmd-league = La liga de este servidor: temporadas, roles de rango, coronas (Gestionar servidor)
league-cmd-season = Temporadas: su duración y el canal de las noticias de la liga
league-cmd-season-days = Días de cada temporada, desde la siguiente (0: sin temporadas, la que corre termina ya)
league-cmd-season-channel = Dónde se anuncian las noticias de la liga (el final de una temporada, una corona)
league-not-allowed = Solo quien tiene el permiso Gestionar servidor puede cambiar la liga de este servidor.
league-shown-days = Temporadas: { $days ->
    [0] no hay
    [one] de 1 día
   *[other] de { $days } días
}
league-shown-running = La temporada { $season } está en curso{ $ends ->
    [none] {""}
   *[other] {""}, hasta el { $ends }
}.
league-shown-channel = Noticias de la liga: { $channel ->
    [none] aún sin canal
   *[other] { $channel }
}

## /kot leaderboard season: y /kot stats

league-cmd-leaderboard-season = La clasificación de una temporada: 0 la que está en curso, N la temporada N (vacío: de siempre)
league-no-season-running = No hay ninguna temporada en curso en este servidor (quien administra el servidor las empieza con /kot league season).
league-no-such-season = Este servidor no tiene temporada { $season } ({ $seasons ->
    [0] aún ninguna
    [one] solo la temporada 1
   *[other] las temporadas 1 a { $seasons }
}).
league-leaderboard-title = Clasificación · temporada { $season }
league-leaderboard-empty = Aún nadie tiene { $min ->
    [one] 1 partida puntuada
   *[other] { $min } partidas puntuadas
} esta temporada.
league-leaderboard-line = **{ $place }.** { $player } · { $rank } · **{ NUMBER($score, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) }** · { $games ->
    [one] 1 partida
   *[other] { NUMBER($games, useGrouping: 0) } partidas
}
league-how-ranked = La misma puntuación que la de siempre, solo con las partidas de esta temporada (todos empiezan de cero). Rango a partir de { $min ->
    [one] 1 partida puntuada
   *[other] { $min } partidas puntuadas
}: 🥚 Cría, 🦶 Pisoteador desde 5, 👊 Aplastador desde 10, 🦍 Titán desde 15, 🐉 Coloso desde 20, 👑 Rey de Tokio desde 25.
league-season-ran = Del { $start } al { $end }.
league-season-runs = Desde el { $start }{ $end ->
    [none] {""}
   *[other] {""}, hasta el { $end }
}.
league-stats-season = Temporada { $season }
league-stats-rank = { $rank } · **{ NUMBER($score, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) }** tras { $games ->
    [one] 1 partida puntuada
   *[other] { NUMBER($games, useGrouping: 0) } partidas puntuadas
}
league-stats-unranked = Sin rango: { $games } de { $min ->
    [one] la partida puntuada
   *[other] las { $min } partidas puntuadas
} que pide un rango

## Roles de rango (/kot league role)

league-cmd-role = Un rol de Discord para los jugadores de un rango (Gestionar roles, un rol bajo el del bot)
league-cmd-role-rank = El rango
league-cmd-role-role = El rol que reciben sus jugadores (vacío: el rango no tiene rol; el bot retira los que dio)
league-role-unusable = { $role } no se puede repartir: es @everyone, o un rol que gestiona Discord (de un bot, de quien mejora el servidor).
league-role-no-permission = El bot necesita el permiso Gestionar roles para repartir { $role }: dale ese permiso y vuelve a intentarlo.
league-role-too-high = El bot solo puede repartir roles que estén por debajo de su rol más alto: baja { $role } por debajo del rol del bot en Ajustes del servidor → Roles y vuelve a intentarlo.
league-roles-none = Ningún rango tiene rol.
league-role-line = { $rank } → { $role }
league-roles-refused = ⚠️ El bot no ha podido dar o retirar los roles de rango de la temporada ({ $reason }). Necesita el permiso Gestionar roles, y los roles de rango por debajo de su rol más alto; lo sigue intentando.

## Las coronas de los monstruos (/kot league crowns)

league-cmd-crowns = Las coronas de los monstruos: la tiene quien ganó el último con ese monstruo y rango máximo
league-cmd-crowns-on = True: activadas; False: desactivadas
league-crowns-shown = Coronas: { $on ->
    [on] activadas. Quien gana el último con cada monstruo y el rango 👑 Rey de Tokio tiene su corona; una corona arrebatada se anuncia en el canal de la partida.
   *[off] desactivadas.
}
league-crown-first = 👑 Nueva corona: **Rey de Tokio: { $monster }** → { $player }
league-crown-taken = 👑 Corona arrebatada: **Rey de Tokio: { $monster }** → { $player } (la tenía { $before })
league-stats-crowns = Coronas
league-crown = 👑 Rey de Tokio: { $monster }
