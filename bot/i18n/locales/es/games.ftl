# Partidas en hilos (/kot start thread:, /kot settings threads:) y /kot games: las salas y
# partidas en curso de un jugador en un servidor (bot/discord/cogs/games.py, bot/discord/games_list.py).

## Los textos de los comandos (bot.discord.command_words)

games-cmd-start-thread = Abre la sala en un hilo nuevo de este canal, para que el canal acoja muchas partidas
games-cmd-settings-threads = Abre cada sala nueva en un hilo nuevo de su canal (un canal, muchas partidas)
games-cmd-games = Tus salas y partidas en curso en este servidor (solo lo ves tú)
games-cmd-games-page = Qué página (10 partidas por página, primero las que te esperan)

## Una partida en su propio hilo

# El nombre del hilo (como mucho 100 caracteres; el del anfitrión, como mucho 32).
games-thread-name = King of Tokyo · { $host }
# La respuesta pública de /kot start en el canal, en el idioma de la partida.
games-thread-opened = 🦖 Sala de King of Tokyo abierta en { $thread } (anfitrión: { $host }): únete allí.
games-thread-failed = Discord no ha abierto el hilo de la partida ({ $reason }); no se ha creado nada. Vuelve a probar `/kot start` dentro de un momento.
games-perm-create_public_threads = Crear hilos públicos
games-no-threads-here = Este canal no admite hilos: usa `/kot start` sin `thread:` para jugar aquí.
games-settings-threads = 🧵 Las salas nuevas se abren { $threads ->
    [on] cada una en un hilo nuevo del canal
   *[off] en el propio canal
}; `/kot start thread:` lo elige para una partida. Cámbialo con `/kot settings threads:`.

## /kot games

games-title = Tus partidas en este servidor
games-none = No tienes ninguna sala ni partida en curso en este servidor. `/kot start` abre una.
games-head = **Partida { $game }** · { $type } · { $place }
games-waits-lobby = Sala: { $players }/{ $most } { $most ->
    [one] jugador
   *[other] jugadores
}
games-waits-your-turn = **Tu turno**
games-waits-your-answer = **Una pregunta para ti**
games-waits-others = Esperando: { $players }
games-link-lobby = [sala]({ $url })
games-link-board = [tablero]({ $url })
