# Las descripciones de los comandos, de sus opciones y sus elecciones (bot.discord.command_words).
# Los nombres de comandos y opciones no se traducen (ver ese módulo).

cmd-kot = Juega a King of Tokyo
cmd-start = Abre una sala de King of Tokyo en este canal
cmd-start-game = El juego (el anfitrión puede cambiarlo en la sala)
cmd-board = Vuelve a publicar el tablero actual
cmd-hint = Lo que haría la IA Difícil en tu lugar (solo lo ves tú)
cmd-me = Tu monstruo, cartas y órdenes permanentes; fuera de partida, tus logros (solo lo ves tú)
cmd-leave = Deja la partida de este canal (el piloto automático sigue jugando)
cmd-end = Termina la partida de este canal
cmd-rules = Las reglas de King of Tokyo en resumen
cmd-help = Cómo jugar a King of Tokyo con este bot
cmd-help-topic = Qué página: jugar una partida (por defecto), o la liga del servidor
cmd-help-topic-game = Jugar una partida
cmd-help-topic-league = La liga del servidor: puntuaciones, la cola, noches suizas, logros
cmd-card = Muestra una carta de poder
cmd-card-name = El nombre de la carta (edición de 2016 o de 2011, en español o en inglés)
cmd-settings = Los valores por defecto de este servidor para nuevas partidas (Gestionar servidor)
cmd-settings-language = El idioma de los mensajes de las nuevas partidas en el canal
cmd-stats = Las partidas de un jugador en este servidor
cmd-stats-player = De quién (tuyas si lo dejas vacío)
cmd-leaderboard = Los jugadores de este servidor por su puntuación de habilidad
cmd-leaderboard-page = Qué página (10 jugadores por página)
cmd-history = Las últimas partidas de este servidor
cmd-history-page = Qué página (10 partidas por página, las más recientes primero)
cmd-replay = El registro de una partida terminada, como texto y como archivo de repetición
cmd-replay-game = El número de la partida (ver /kot history)
cmd-start-game-2016 = King of Tokyo (2016)
cmd-start-game-2011 = King of Tokyo (2011)
cmd-start-game-origins = King of Tokyo: Origins
