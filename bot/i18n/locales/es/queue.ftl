# La cola de emparejamiento: /kot queue join, leave y show (bot/discord/cogs/queue.py,
# bot/table/league/matchmaking.py).

## Las palabras de los comandos (bot.discord.command_words)

queue-cmd = La cola de emparejamiento del servidor: espera una mesa de jugadores de nivel parecido al tuyo
queue-cmd-join = Espera en la cola: se abre una partida cuando esperan bastantes jugadores de nivel parecido
queue-cmd-join-least = El mínimo de monstruos en tu mesa (de 2 a 6; por defecto 3)
queue-cmd-join-most = El máximo de monstruos en tu mesa (de 2 a 6; por defecto 5)
queue-cmd-join-clock = En vivo (el reloj de turno del servidor) o larga (un turno al día, durante días)
queue-cmd-join-minutes = Cuántos minutos esperas antes de que caduque tu puesto en la cola (por defecto 60)
queue-cmd-leave = Sal de la cola del servidor
queue-cmd-show = Quién espera en la cola del servidor
queue-clock-live = en vivo
queue-clock-long = larga (un turno al día)

## Respuestas (privadas)

# Un tamaño de mesa, o los tamaños del mínimo al máximo.
queue-sizes = { $same ->
    [yes] { $least }
   *[no] { $least } a { $most }
}

queue-sizes-backwards = El mínimo de monstruos ({ $least }) no puede ser mayor que el máximo ({ $most }).
queue-joined = ⏳ Estás en la cola para una mesa de { $sizes } monstruos, reloj { $clock }, hasta { $until }. { $waiting ->
    [one] Por ahora eres el único que espera.
   *[other] Esperan { $waiting } jugadores.
} Se abre una partida en cuanto esperen bastantes jugadores de nivel parecido al tuyo; `/kot queue leave` para dejar de esperar.
queue-left = Has salido de la cola.
queue-not-in = No estás en la cola de este servidor. `/kot queue join` para esperar una partida.
queue-empty = Nadie espera en la cola de este servidor. `/kot queue join` para ser el primero.
queue-waiting = ⏳ { $waiting ->
    [one] Espera 1 jugador:
   *[other] Esperan { $waiting } jugadores:
}
queue-waiting-line = • { $name }: mesa de { $sizes } monstruos, reloj { $clock }, hasta { $until }
queue-waiting-more = …y { $more } más.
queue-table-opened = ⚔️ Tu mesa está lista en { $channel } ({ $size ->
    [one] 1 monstruo
   *[other] { $size } monstruos
}).
queue-not-opened = Se ha encontrado una mesa, pero no se ha podido abrir: { $reason } Sigues en la cola.
queue-channel-busy = Se ha encontrado una mesa, pero este canal tiene una partida y no admite hilos. Sigues en la cola: vuelve a unirte desde un canal sin partida.
queue-thread-failed = Se ha encontrado una mesa, pero Discord no ha abierto su hilo ({ $reason }). Sigues en la cola: vuelve a probar `/kot queue join` dentro de un momento.

## En el canal

# El hilo de una mesa de la cola (100 caracteres como mucho).
queue-thread-name = King of Tokyo · una mesa de { $size } de la cola
# El aviso que llama a los jugadores de una mesa de la cola (los menciona).
queue-table-called = ⚔️ La cola ha sentado una mesa de { $size }: { $players }. Vuestra partida empieza aquí abajo.

## Rechazos

queue-refusal-player-gone = un jugador de la mesa ha salido de la cola entretanto.
