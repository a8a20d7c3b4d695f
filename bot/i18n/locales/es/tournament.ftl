# Noches suizas: /kot tournament (bot/discord/cogs/tournament.py,
# bot/discord/tournament_posts.py, bot/table/league/tournament_desk.py).

## Las palabras de los comandos (bot.discord.command_words)

tournament-cmd = Noches suizas: rondas de mesas según la clasificación, con la clasificación tras cada una
tournament-cmd-create = Abre una noche suiza en este canal (la organizas, y juegas salvo que la dejes)
tournament-cmd-create-rounds = Cuántas rondas (de 1 a 8; por defecto 3)
tournament-cmd-create-size = El tamaño de mesa preferido (de 3 a 6; por defecto 4; mesas de 3 o 5 en vez de descansos)
tournament-cmd-create-clock = En vivo (el reloj de turno del servidor) o larga (un turno al día, durante días)
tournament-cmd-join = Participa en la noche suiza de este canal
tournament-cmd-leave = Deja la noche suiza de este canal (una vez empezada: ya no te sientan)
tournament-cmd-add_ai = Añade un monstruo de la IA como participante (quien organiza, antes del inicio)
tournament-cmd-add_ai-level = Qué fuerza (por defecto Fácil)
tournament-cmd-start = Empieza la noche suiza de este canal (quien organiza): las mesas se abren en hilos
tournament-cmd-cancel = Cancela la noche suiza de este canal (quien organiza); las partidas siguen
tournament-cmd-standings = La noche suiza de este canal: sus participantes o su clasificación
tournament-cmd-standings-page = Qué página (25 líneas por página)

## En el canal (el idioma del torneo)

tournament-created = 🏆 **Noche suiza n.º { $tournament }** abierta (organiza: { $host }): { $rounds ->
    [one] 1 ronda
   *[other] { $rounds } rondas
}, mesas de { $size }, reloj { $clock }, { $game }. `/kot tournament join` para participar; quien organiza la empieza con `/kot tournament start`.
tournament-started = 🏆 Empieza la **noche suiza n.º { $tournament }**: { $entrants ->
    [one] 1 participante
   *[other] { $entrants } participantes
} en { $tables ->
    [one] 1 mesa
   *[other] { $tables } mesas
}, { $rounds ->
    [one] 1 ronda
   *[other] { $rounds } rondas
}. Cada mesa juega en su propio hilo; la clasificación llega tras cada ronda.
tournament-cancelled = 🏆 La noche suiza n.º { $tournament } se ha cancelado. Las partidas en juego siguen como cualquier partida.
# El hilo de una mesa (100 caracteres como mucho).
tournament-thread-name = Noche suiza n.º { $tournament } · ronda { $round } · mesa { $table }
# El aviso que llama a los jugadores de una mesa en su hilo (los menciona).
tournament-table-called = 🏆 Noche suiza, ronda { $round }, mesa { $table }: { $players }. Vuestra partida empieza aquí abajo; sus puestos cuentan para la clasificación.
tournament-round-title = 🏆 Noche suiza n.º { $tournament }: ronda { $round } de { $rounds }
tournament-round-table = **Mesa { $table }** ({ $channel }): { $players }
tournament-standings-title = 🏆 Noche suiza n.º { $tournament }: clasificación tras la ronda { $round } de { $rounds }
tournament-final-title = 🏆 La noche suiza n.º { $tournament } ha terminado: clasificación final
tournament-podium = Podio
tournament-standing-line = **{ $rank }.** { $player }: { $points ->
    [one] 1 pto.
   *[other] { NUMBER($points, maximumFractionDigits: 2) } ptos.
} · rivales { NUMBER($opponents, maximumFractionDigits: 2) } · { $wins ->
    [one] 1 victoria
   *[other] { $wins } victorias
} · { $stars }★{ $dropped ->
    [yes] {" "}(se fue)
   *[no] {""}
}
tournament-standings-more = …y { $more } más: `/kot tournament standings` los muestra a todos.
tournament-ai-name = { $level } { $number }

## Respuestas (privadas)

tournament-size-too-big = Este juego admite { $most ->
    [one] 1 monstruo
   *[other] { $most } monstruos
} como mucho: elige mesas de { $most } o menos.
tournament-joined = Estás en la noche suiza n.º { $tournament } ({ $entrants ->
    [one] 1 participante
   *[other] { $entrants } participantes
}).
tournament-left = Has dejado la noche suiza n.º { $tournament }.
tournament-dropped = Has dejado la noche suiza n.º { $tournament }: no te sentarán en sus próximas rondas (tus partidas jugadas siguen contando).
tournament-none-here = Este canal no tiene noche suiza. `/kot tournament create` abre una.
tournament-nobody = Nadie todavía.
tournament-page = Página { $page } de { $pages }: `page:` para otra
tournament-show-title = Noche suiza n.º { $tournament }: { $status ->
    [open] abierta, esperando su inicio
    [playing] ronda { $round } de { $rounds }
    [finished] terminada
   *[cancelled] cancelada
}

## Rechazos

tournament-refusal-none = Esa noche suiza ya no existe.
tournament-refusal-channel-busy = Este canal ya tiene una noche suiza abierta o en juego.
tournament-refusal-in-already = Ya estás en esta noche suiza.
tournament-refusal-not-in = No estás en esta noche suiza.
tournament-refusal-over = Esta noche suiza ha terminado.
tournament-refusal-host-only = Solo quien organiza la noche suiza puede hacer eso.
tournament-refusal-started = Esta noche suiza ya ha empezado: no se puede participar.
tournament-refusal-full = Esta noche suiza está completa ({ $most ->
    [one] 1 participante
   *[other] { $most } participantes
}).
tournament-refusal-too-few = Una noche suiza necesita { $least ->
    [one] 1 participante
   *[other] { $least } participantes
} o más para empezar.
tournament-refusal-changed = Esta noche suiza ha cambiado entretanto: vuelve a probar.
tournament-refusal-unreadable = La noche suiza n.º { $tournament } no se puede leer (sus datos guardados están dañados); no se ha cambiado nada. Avisa a la administración del servidor.
