# El dibujo del tablero (bot/render/board.py), la gráfica de puntuación (chart.py) y el
# texto alternativo de ambos, la descripción que lee un lector de pantalla.

## Las palabras del tablero.

board-turn = TURNO { $number }
board-setup = PREPARACIÓN
board-game-over = FIN DE LA PARTIDA — { $result }
board-turn-over = El turno de { $monster } ha terminado.
board-dice = DADOS
board-power-cards = CARTAS DE PODER
board-place-city = CIUDAD DE TOKYO
board-place-bay = TOKYO BAY
board-two-player = Variante para 2: Tokyo da energía, no puntos
board-closed = CERRADA
board-closed-why = menos de { $count ->
    [one] 1 monstruo
   *[other] { $count } monstruos
}
board-empty = vacía
board-roll-of = Tirada de { $monster }
board-green-dice = { $count ->
    [one] 1 dado verde extra
   *[other] { $count } dados verdes extra
}
board-rolls-left = { $count ->
    [one] Queda 1 tirada
   *[other] Quedan { $count } tiradas
}
board-final-dice = Dados finales
board-kept = GUARDADO
board-game-is-over = La partida ha terminado
board-no-dice = Aún no se han tirado los dados
board-deck = { $count } en el mazo
board-no-card = sin carta
board-ai = IA
board-winner = GANADOR
board-eliminated = ELIMINADO
board-active = ▶ SU TURNO
board-deciding = DECIDIENDO
board-poison = { $count } de veneno
board-shrink = { $count } { $count ->
    [one] reductor
   *[other] reductores
}
board-copy = { $card } → { $copied }
board-copy-none = { $card } (sin copia)
board-card-held = { $card } ({ $held })
board-card-tokens = { $card } ({ $count })
board-more = +{ $count } más
board-evolutions-in-hand = { $count ->
    [one] 1 Evolución en la mano
   *[other] { $count } Evoluciones en la mano
}
board-no-cards = Sin cartas

## La gráfica de puntuación (/kot stats).

chart-title = Puntuación tras cada partida
chart-now = ahora { $rating }

## Texto alternativo: lo que un lector de pantalla dice de los dibujos (1.024 caracteres como mucho).

alt-board = Tablero de King of Tokyo.
alt-turn = Turno { $number }, le toca a { $monster }.
alt-setup = Preparando la partida.
alt-asked = { $waiting }
alt-over = Fin de la partida: { $result }
alt-dice-rolling = Dados ({ $count ->
    [one] queda 1 tirada
   *[other] quedan { $count } tiradas
}): { $dice }.
alt-dice = Dados: { $dice }.
alt-no-dice = Aún no se han tirado los dados.
alt-die-kept = { $face } (guardado)
alt-city = En la ciudad de Tokyo: { $monster }.
alt-city-empty = La ciudad de Tokyo está vacía.
alt-bay = En Tokyo Bay: { $monster }.
alt-bay-empty = Tokyo Bay está vacía.
alt-bay-closed = Tokyo Bay está cerrada.
alt-monster = { $monster }: { $hearts ->
    [one] 1 corazón
   *[other] { $hearts } corazones
}, { $vp ->
    [one] 1 punto de victoria
   *[other] { $vp } puntos de victoria
}, { $energy } de energía.
alt-monster-player = { $monster } ({ $player }): { $hearts ->
    [one] 1 corazón
   *[other] { $hearts } corazones
}, { $vp ->
    [one] 1 punto de victoria
   *[other] { $vp } puntos de victoria
}, { $energy } de energía.
alt-monster-out = { $monster }: eliminado.
alt-monster-player-out = { $monster } ({ $player }): eliminado.
alt-evolutions = { $count ->
    [one] 1 Evolución
   *[other] { $count } Evoluciones
} en la mano.
alt-evolutions-face-up = { $count ->
    [one] 1 Evolución
   *[other] { $count } Evoluciones
} en la mano; boca arriba: { $cards }.
alt-chart = Gráfica de puntuación de { $games ->
    [one] 1 partida puntuada
   *[other] { $games } partidas puntuadas
}: de { $first } a { $now } ahora, mínima { $low }, máxima { $high }.
