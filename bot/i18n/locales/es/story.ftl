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
