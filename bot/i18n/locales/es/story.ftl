# La historia de una partida: el resumen de un turno (bot/table/turn_summary.py), el botón
# 📜 Historia y /kot log (los últimos turnos, en privado).

# El resumen de un turno: las cartas que un monstruo retiró al renovar (nombres con comas).
story-summary-swept = renovó y retiró { $cards }

# …y las cartas que salieron en su lugar. $swept: un mensaje story-summary-swept.
story-summary-swept-for = { $swept } (salieron { $cards })

# Las primeras líneas de la narración de un turno que no caben en su mensaje.
story-log-earlier = … { $count ->
    [one] 1 línea anterior
   *[other] { $count } líneas anteriores
} sin mostrar

## 📜 Historia (un botón junto a 📋 en el tablero) y /kot log: los últimos turnos, en privado,
## en el idioma de quien pregunta (los resúmenes, en el de la partida).

story-button = 📜 Historia
story-cmd-log = Los últimos turnos de la partida de este canal y lo que te hicieron (solo lo ves tú)
story-title = 📜 Los últimos turnos de la partida #{ $game }
story-turn = **Turno { $turn } · { $monster }**
story-no-turns = Todavía no ha terminado ningún turno.
story-yours = **Tú ({ $monster })** en estos turnos: { $changes ->
    [none] no cambió nada
   *[other] { $changes }
} · ahora { $hearts }❤️, { $points }★, { $energy }⚡
story-yours-out = 💀 **Tú ({ $monster })** estás fuera de la partida.
story-footer = { $marker } solo lo ves tú
