# Mensajes directos para los turnos de un jugador (/kot notify: bot/discord/cogs/notify.py,
# bot/discord/direct_messages.py, los avisos y recordatorios del publicador).

## El comando
notify-cmd = Recibe tus turnos por mensaje directo en vez de un aviso en el canal (en todos los servidores)
notify-cmd-dms = True: por mensaje directo; False: aviso en el canal (lo predeterminado)

## Respuestas (solo las ve el jugador)
notify-on = 📬 Mensajes directos activados: cuando empiece tu turno, cuando una partida te pregunte algo fuera de tu turno y para los recordatorios de una partida larga, te escribo en privado en vez de avisarte en el canal, en todos los servidores (el tablero te sigue nombrando).
notify-on-tested = Te acabo de enviar uno para comprobar que tus mensajes directos están abiertos.
notify-refused = 📭 Discord ha rechazado mi mensaje directo: tienes los mensajes directos cerrados para mí. Permite los mensajes directos de los miembros de este servidor (en su configuración de privacidad) y vuelve a usar `/kot notify dms:True`. Mientras tanto te aviso en el canal.
notify-off = 🔕 Mensajes directos desactivados: te aviso en el canal de cada partida.
notify-shown-on = 📬 Tus turnos te llegan por mensaje directo (`/kot notify dms:False` para que te avise en el canal).
notify-shown-off = 🔕 Te aviso en el canal de cada partida (`/kot notify dms:True` para recibir tus turnos por mensaje directo).
notify-shown-refused = 📭 Pediste mensajes directos, pero Discord rechazó el último, así que te aviso en el canal. Abre tus mensajes directos y vuelve a usar `/kot notify dms:True`.

## Los mensajes directos
notify-dm-test = 📬 Tus turnos de King of Tokyo llegarán aquí.
notify-dm-where = en **{ $server }**, { $channel }
notify-dm-turn = 🎲 Te toca en la partida #{ $game } de King of Tokyo ({ $where }): { $question }
notify-dm-asked = 🔔 La partida #{ $game } de King of Tokyo ({ $where }) te pregunta: { $question }
notify-dm-reminder = ⏳ Recordatorio, partida #{ $game } de King of Tokyo ({ $where }): { $question }
notify-dm-turn-off = -# `/kot notify dms:False`: aviso en el canal.

## En el canal, en vez de un mensaje directo que Discord rechazó
notify-dms-refused = 📭 { $player }, Discord ha rechazado mi mensaje directo (tienes los mensajes directos cerrados para mí), así que te aviso aquí. `/kot notify dms:True` lo vuelve a intentar cuando los abras.
