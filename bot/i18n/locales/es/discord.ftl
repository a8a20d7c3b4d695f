# Lo que dicen los mensajes del bot en Discord: sala, tableros, respuestas y avisos.

lobby-ai-question = 🤖 ¿Qué monstruo IA? Cada botón añade uno más.
lobby-ai-level = **{ $level }** · puntuación **{ NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 0) }**: { $about }
lobby-ai-ratings = -# Puntuadas como los jugadores (/kot stats), con partidas entre los niveles de IA.
lobby-ai-about-easy = juega con reglas sencillas, al instante: para una primera partida.
lobby-ai-about-medium = prueba sus mejores jugadas unas decenas de veces antes de jugar: un rival parejo.
lobby-ai-about-hard = juega cada una de sus mejores jugadas cientos de veces por adelantado, un segundo por jugada: un reto de verdad.
lobby-language-question = 🌐 El idioma de los mensajes de esta partida en el canal: la sala, los tableros, la narración y la clasificación. Las respuestas privadas de cada jugador siguen su propio idioma de Discord.

## Quién juega un asiento, y las marcas por las que el bot encuentra sus mensajes

footer-marker = Partida #{ $game } ·
autopilot-name = 🤖 Piloto automático

## Rechazos y avisos

click-moment-passed = Ese momento ya pasó: usa los botones del último tablero.{ $url ->
    [none] {""}
   *[other] { " " }{ $url }
}
moment-passed-board-refreshed = Ese momento ya pasó: el tablero vuelve a estar al día.
click-not-your-question = Esta pregunta es para { $monster } ({ $player }).
click-not-a-player = No juegas en esta partida.
click-left-game = Dejaste esta partida: el piloto automático juega tu monstruo hasta el final.
click-not-started = La partida no ha empezado.
click-game-over = Esta partida ha terminado.
game-unreadable = El estado guardado de esta partida no se puede leer, así que se ha detenido.
channel-game-unreadable = La partida de este canal no se puede leer, así que se ha detenido.
broken-notice = ⚠️ La partida #{ $game } de King of Tokyo de este canal no se puede cargar: sus datos guardados están dañados y no se pudieron reconstruir a partir de sus jugadas, así que se ha detenido. Los datos se conservan para que los revisen los responsables del bot; `/kot start` abre una partida nueva aquí.
end-question = ¿Terminar esta partida para todos? No se podrá reanudar.
clock-question = ⏱️ El reloj de esta partida: el tiempo que tiene cada monstruo para todo su turno y para una pregunta fuera de su turno (quedarse o ceder Tokyo, la reacción de una carta). Cuando se agota, juega el piloto automático.
cards-question = 🃏 Mezcla las cartas de King of Tokyo: Origins en esta partida: sus 14 cartas nuevas, sus 50 cartas (sus reediciones aparecen entonces dos veces) o las cartas que elijas, nuevas o reediciones (una reedición elegida aparece dos veces).
cards-power-up-question = 🧬 Power Up!: cada monstruo juega con su propio mazo de Evoluciones, que roba con tres ❤️ (entonces también se puede elegir a Pandakaï, Cyber Bunny y Kraken).
cards-not-mixed = Una partida de Origins juega con su propio mazo: Power Up! y las cartas de Origins mezcladas son para una partida de King of Tokyo (elígela primero en el menú Juego).
end-question-expired = Sin respuesta: la partida continúa.
end-question-too-late = Esta pregunta ha caducado: vuelve a usar `/kot end` si todavía quieres.
forbidden-hint = No puedo mostrar la partida en este canal: me { $count ->
    [one] falta el permiso
   *[other] faltan los permisos
} { $permissions } aquí. Pide a alguien que pueda gestionar este canal que me { $count ->
    [one] lo dé
   *[other] los dé
} (ajustes del canal → Permisos) y luego usa `/kot board`.
forbidden-unknown = Discord no me deja publicar en este canal ({ $reason }). Pide a alguien que pueda gestionar este canal que revise mis permisos aquí (Ver canal, Enviar mensajes, Insertar enlaces, Adjuntar archivos, Leer el historial de mensajes) y luego usa `/kot board`.
continued-here = Mientras tanto la partida sigue en este mensaje; el reloj lo espera.
show-retrying = Discord no aceptó la actualización ({ $reason }); lo intentaré de nuevo en un momento, y el reloj espera hasta que se vea el tablero.
channel-busy = Este canal ya tiene { $status ->
    [lobby] una sala
   *[game] una partida en curso
}{ $url ->
    [none] {""}
   *[other] : { $url }
}. Termínala, o pide al anfitrión que la termine con `/kot end`; `/kot board` la vuelve a mostrar.
lobby-shown-in-channel = 🦖 La sala está abierta en este canal{ $url ->
    [none] .
   *[other] : { $url }
}
rematch-open-already = La sala de la revancha ya está abierta{ $url ->
    [none] .
   *[other] : { $url }
}

lobby-closed-already = Esta sala está cerrada.
host-only-menu = Solo el anfitrión puede { $menu ->
    [clock] cambiar el reloj
    [cards] elegir las cartas
    [ai] añadir monstruos IA
   *[language] elegir el idioma
}.

## La sala

variant = { $setting ->
    [on] activada
    [off] desactivada
   *[auto] automática (activada con dos monstruos, reglas de 2016 y Origins)
}
clock-words = { $minutes ->
    [0] { $seconds ->
        [0] sin reloj
       *[other] { $seconds } s
    }
   *[other] { $minutes } min{ $seconds ->
        [0] {""}
       *[other] { " " }{ $seconds } s
    }
}
clock-none = ninguno
clock-text = { $turn } por turno · { $reaction } fuera de turno
lobby-player = { $place }. { $who } — { $monster ->
    [none] *monstruo asignado al empezar*
   *[other] { $monster }
}{ $host ->
    [true] { " " }(anfitrión)
   *[false] {""}
}
lobby-rematch-of = 🔁 Revancha de la partida #{ $game }: elegid de nuevo vuestros monstruos.
lobby-title = { $game } — sala
lobby-field-game = Juego
lobby-field-cards = Cartas
lobby-field-variant = Variante para 2 jugadores
lobby-field-clock = Reloj
lobby-footer = { $marker } { $least }–{ $most } { $most ->
    [one] jugador
   *[other] jugadores
} · Únete, elige un monstruo y el anfitrión empieza
deck-dealt = { $count ->
    [one] 1 carta
   *[other] { $count } cartas
}{ $left_out ->
    [0] {""}
    [one] ; 1 aún no jugable, apartada
   *[other] ; { $left_out } aún no jugables, apartadas
}
deck-origins = Mazo de Origins ({ $dealt })
deck-base = Mazo básico ({ $dealt })
deck-base-plus = Mazo básico { $mixed } ({ $dealt })
deck-picked = + { $cards }
deck-picked-count = + { $count ->
    [one] { $count } carta de Origins
   *[other] { $count } cartas de Origins
}
deck-none-picked = ninguna elegida todavía
deck-power-up = 🧬 con Power Up! (Evoluciones)
lobby-opened = ¡Nueva sala de { $game }! Anfitrión: { $host }
lobby-closed-title = King of Tokyo — { $why }
lobby-closed-started = partida empezada
lobby-closed-cancelled = cancelada
lobby-closed-ended = terminada
lobby-closed-moved = movida abajo
lobby-expired = cerrada: nadie la empezó en { $minutes } { $minutes ->
    [one] minuto
   *[other] minutos
}
lobby-expired-free = ⌛ El canal vuelve a estar libre: `/kot start` abre una sala nueva.
lobby-expired-footer = { $marker } sala cerrada

## Tableros

post-nobody-wins = Todos los monstruos han caído: nadie gana.
post-winners = 👑 ¡{ $count ->
    [one] Victoria
   *[other] Victoria compartida
}: { $winners }!
post-seats = Monstruos: { $seats }.
post-seat = **{ $monster }** ({ $player })
ping-answer-on-board = Responde en el tablero: { $url }
knock-out-buying = ⚠️ Comprar { $card } elimina a tu monstruo ({ $hearts } ❤️).
knock-out-option = ⚠️ «{ $option }» elimina a tu monstruo ({ $hearts } ❤️).
post-turn-over = El turno { $turn } ha terminado.
post-turn-title = Turno { $turn }: { $monster }
post-footer = { $marker } reglas de { $edition }
final-title = Fin de la partida
final-standings = Clasificación final
ended-content = 🛑 La partida #{ $game } de King of Tokyo se detuvo antes de su final.
ended-notice = 🛑 Partida #{ $game } de King of Tokyo terminada con /kot end ({ $who }).
ended-at-turn = { $turn ->
    [0] .
   *[other] { " " }en el turno { $turn }.
}
ended-title = Partida terminada
ended-standings = Clasificación al terminar
standings-turns = Turnos jugados
standings-length = Duración
standings-footer = { $marker } reglas de { $edition } · gana quien llegue a { $points }★ o el último monstruo en pie
standing-out = eliminado
standing-out-by = eliminado en el turno { $turn }, por { $by }
standing-out-by-poison = eliminado en el turno { $turn }, por veneno o por su propia carta
game-length = { $total ->
    [0] menos de un minuto
   *[other] { $hours ->
        [0] { $total } min
       *[other] { $hours } h { NUMBER($minutes, minimumIntegerDigits: 2) } min
    }
}

## /kot settings

settings-not-allowed = Solo los miembros que pueden **Gestionar servidor** pueden cambiar los ajustes de este servidor.
settings-shown = ⚙️ { $saved ->
    [true] Guardado. Las salas nuevas
   *[false] Las salas nuevas
} de este servidor empiezan con { $turn } por turno y { $reaction } para responder fuera de turno; el anfitrión de cada sala puede cambiarlos con ⏱️ Reloj. Su idioma: { $language ->
    [auto] el del servidor si lo hablo, si no el del anfitrión
   *[other] { $language }
}. Cámbialos con `/kot settings turn_seconds: reaction_seconds: language:`.
end-kept = La partida continúa.
end-done = Partida terminada.

## Botones y menús (como mucho 80 caracteres un botón, 100 una opción de menú)

ui-die-release = ✓ { $face } soltar
ui-die-keep = { $face } guardar
ui-roll-left = Tirar ({ $left ->
    [one] queda 1
   *[other] quedan { $left }
})
ui-keep-dice = Guardar { $dice }
ui-face-dice = { $face } ×{ $count }
ui-menu-all = { $what ->
    [buy] Compra una carta
   *[answer] Elige una respuesta
} ({ $total ->
    [one] 1 opción
   *[other] { $total } opciones
})
ui-menu-page = { $what ->
    [buy] Compra una carta
   *[answer] Elige una respuesta
} ({ $first }-{ $last } de { $total })
ui-show-privately = 🔒 Enséñamelo en privado
ui-thinking = 🤖 { $who } { $count ->
    [one] está pensando…
   *[other] están pensando…
}
ui-my-monster = 📋 Mi monstruo
ui-order-buying = Compras: { $order }
ui-order-ask = { $field ->
    [yield] Ceder
   *[stay] Quedarse
}: pregúntame
ui-order-evolutions = Evoluciones: { $order }
ui-never-ask-placeholder = No volver a preguntarme por…
ui-never-ask = No preguntarme por { $card }
evo-never-ask-passed = ✅ Guardado. No queda nada por lo que preguntarte aquí, así que pasas.
ui-confirm-anyway = Hacerlo igualmente
ui-lobby-join = Unirse
ui-lobby-leave = Salir
ui-lobby-start = Empezar
ui-lobby-cancel = Cancelar
ui-lobby-clock = ⏱️ Reloj
ui-lobby-ai = 🤖 Añadir IA
ui-lobby-ai_easy = 🤖 Añadir IA: Fácil
ui-lobby-ai_medium = 🤖 Añadir IA: Media
ui-lobby-ai_hard = 🤖 Añadir IA: Difícil
ui-lobby-ai_remove = Quitar una IA
ui-lobby-cards = 🃏 Cartas
ui-lobby-language = 🌐 Idioma
ui-taken = elegido
ui-pick-monster = Elige tu monstruo
ui-game-menu = Juego (anfitrión)
ui-language-menu = Idioma (anfitrión)
ui-variant-menu = Variante para 2 jugadores (anfitrión)
ui-variant = Variante para 2: { $setting ->
    [on] activada
    [off] desactivada
   *[auto] automática
}
ui-power-up-menu = Power Up! (anfitrión)
ui-evolutions = 🧬 Evoluciones
ui-power-up = Power Up!: { $setting ->
    [on] sí (Evoluciones)
   *[off] no
}
ui-mix-menu = Cartas de Origins
ui-picked-menu = Elige las cartas nuevas de Origins
ui-reprints-menu = Elige reediciones de Origins ({ $part }/{ $parts })
ui-not-playable = aún no jugable: fuera del mazo
ui-clock-menu = Tiempo { $field ->
    [turn] por turno
   *[reaction] para responder fuera de turno
}
ui-clock-choice = { $time } { $field ->
    [turn] por turno
   *[reaction] para responder fuera de turno
}
ui-no-clock = Sin reloj
ui-end-end = Terminar la partida
ui-end-keep = Seguir jugando
ui-rematch = 🔁 Revancha

## Las respuestas propias de los comandos

board-posted = Tablero publicado abajo.
hint-not-started = La partida aún no ha empezado.
hint-not-playing = No juegas en esta partida: las pistas son para sus jugadores.
hint-not-asked = Ahora mismo no se te pregunta nada.
left-lobby = Has salido de la sala.
left-game = Has dejado la partida: el piloto automático juega tu monstruo hasta el final, así que la partida de los demás sigue. El tablero lo dice.
end-not-allowed = Solo el anfitrión ({ $host }) o alguien que pueda gestionar este canal puede terminar la partida.
no-game-here = No hay ninguna partida en este canal: `/kot start` abre una.

## Cuando algo falla

something-went-wrong = Algo ha fallado por mi parte; queda registrado. `/kot board` muestra la partida tal como está.
command-failed = Algo ha fallado; el error queda registrado.
private-answer-lost = { $mention } Discord no aceptó a tiempo mi respuesta privada a tu comando: vuelve a usar el comando.

## Los permisos que necesita el bot, como los nombran los ajustes de Discord

perm-view_channel = Ver canal
perm-send_messages = Enviar mensajes
perm-embed_links = Insertar enlaces
perm-attach_files = Adjuntar archivos
perm-read_message_history = Leer el historial de mensajes
perm-send_messages_in_threads = Enviar mensajes en hilos

## A card's picture, described for screen readers (/kot card)

card-picture-alt = Carta de poder { $name }: { $cost }⚡, { $kind }. { $text }
