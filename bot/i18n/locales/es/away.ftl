# Tiempo fuera (/kot away, bot.table.time_away), y mesas que terminan solas a la escala de su
# reloj: partidas inactivas (bot.table.idle_games), la sala de una partida larga (bot.table.lobby_clock).

## El comando
away-cmd = Para tu reloj en la partida de este canal durante unos días (0: ya has vuelto)
away-cmd-days = Días fuera, desde ahora (0: vuelves ya)
away-cmd-game = El número de la partida, si está en otro canal (lo muestra el pie de su tablero)

## Respuestas (solo las ve el jugador)
away-no-game-here = No hay ninguna partida en este canal: usa `/kot away` en el canal de tu partida, o indica su número (`game`).
away-no-such-game = Este servidor no tiene ninguna partida #{ $game }.
away-taken = ⏸️ Tu reloj en la partida #{ $game } está parado hasta el <t:{ $until }:f> (<t:{ $until }:R>): la partida te espera.{ $clock ->
    [off] { "" }
   *[on] { " " }Si para entonces no has vuelto, tu reloj vuelve a correr y el piloto automático juega por ti cuando se acabe.
} Pulsa cualquier botón de la partida para volver antes. Aún puedes tomarte { $left } { $left ->
    [one] día
   *[other] días
} de tiempo fuera en esta partida ({ $most } en total).
away-back = ▶️ Has vuelto a la partida #{ $game }: tu reloj vuelve a correr.
away-refusal-too-long = puedes tomarte como mucho { $most ->
    [one] 1 día
   *[other] { $most } días
} de tiempo fuera en una partida, { $left ->
    [0] y en esta ya no te queda ninguno
    [one] y en esta te queda 1 día
   *[other] y en esta te quedan { $left } días: pide { $left } o menos
}
away-refusal-not-away = no estás en tiempo fuera en esta partida

## La mesa: el aviso en el canal, el tablero y su narración
away-notice-away = ⏸️ Fuera hasta el <t:{ $until }:f> (<t:{ $until }:R>): { $player } ({ $monster }). Su reloj está parado y la partida le espera.{ $clock ->
    [off] { "" }
   *[on] { " " }Si para entonces no ha vuelto, el piloto automático juega en su lugar cuando se acabe su tiempo.
}
away-notice-back = ▶️ De vuelta: { $player } ({ $monster }). Su reloj vuelve a correr.
away-note-away = ⏸️ El jugador de { $monster } está fuera hasta el <t:{ $until }:f>.
away-note-back = ▶️ El jugador de { $monster } ha vuelto de su tiempo fuera.
away-waiting = ⏸️ fuera hasta el <t:{ $until }:f>

## Finales a la escala del reloj
away-note-idle = 🛑 Nadie ha jugado en { $days ->
    [one] 1 día
   *[other] { $days } días
}: la partida ha terminado, sin ganador.
away-notice-idle = 🛑 Nadie jugó la partida #{ $game } de King of Tokyo en { $days ->
    [one] 1 día
   *[other] { $days } días
}: terminó.
away-lobby-expired-hours = cerrada: nadie la empezó en { $hours } { $hours ->
    [one] hora
   *[other] horas
}
