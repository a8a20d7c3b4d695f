# Logros (bot.table.league.achievements): sus nombres y cómo se gana cada uno, el aviso que
# una partida terminada publica de los que ganó, y cómo los muestran /kot stats y /kot me.

## Cada logro: su nombre, y cómo se gana

achievement-first-win = Primera victoria
achievement-first-win-about = Gana una partida.
achievement-twenty-points = Veinte estrellas
achievement-twenty-points-about = Gana con 20★.
achievement-outside-tokyo = Sin pisar Tokio
achievement-outside-tokyo-about = Gana sin entrar nunca en Tokio.
achievement-one-heart = Con el último corazón
achievement-one-heart-about = Gana después de quedarte con 1❤️.
achievement-three-knockouts = Cazamonstruos
achievement-three-knockouts-about = Elimina a tres monstruos en una partida.
achievement-full-table = Rey de la mesa llena
achievement-full-table-about = Gana una partida de seis monstruos.
achievement-hard-ai = Vence a la máquina
achievement-hard-ai-about = Gana una partida con un monstruo de la IA Difícil en la mesa.
achievement-ten-games = Habitual
achievement-ten-games-about = Juega diez partidas hasta el final.
achievement-every-game-type = Todo Tokio
achievement-every-game-type-about = Gana una partida de cada tipo: King of Tokyo 2016, King of Tokyo 2011, Origins y Power Up!

## El aviso en el canal, tras el tablero final (no menciona a nadie)

achievement-announced-title = 🎖️ Logros ganados en la partida #{ $game }:
achievement-announced = { $emoji } { $player } ({ $monster }): **{ $name }**. { $about }

## /kot stats (un campo) y /kot me (sin partida en el canal)

achievement-stats-field = Logros ({ $earned } de { $total })
achievement-stats-earned = { $emoji } **{ $name }** · #{ $game }{ $ai ->
    [yes] { " " }🤖
   *[no] {""}
}
achievement-stats-none = Ninguno aún: `/kot me` los lista, y cómo se gana cada uno.
achievement-me-title = Logros
achievement-me-summary = { $player }: { $earned } de { $total } en este servidor. Cuenta cada partida jugada hasta el final, también con monstruos de la IA (🤖: ganado con monstruos de la IA en la mesa).
achievement-me-earned = { $emoji } **{ $name }**: { $about } Partida #{ $game }, { $date }{ $ai ->
    [yes] { " " }🤖
   *[no] {""}
}
achievement-me-missing = 🔒 { $name }: { $about }
