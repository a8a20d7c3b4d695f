# Partidas de varios días (bot/table/reminders.py, bot/discord/messages.py): relojes de horas
# y días, recordatorios, lo que pasó desde tu última jugada, las órdenes fijas ofrecidas.

days-clock-hours = { $hours } h{ $minutes ->
    [0] {""}
   *[other] { " " }{ $minutes } min
}
days-clock-days = { $days ->
    [one] 1 día
   *[other] { $days } días
}
days-reminder = ⏳ Recordatorio, { $player }: { $question }
days-since-header = 📰 Desde tu última jugada:
days-since-turn = • Turno { $turn }: { $summary }
days-orders-offer = 📋 ¿No estarás en la mesa en cada ataque? En **📋 Mi monstruo** puedes dar órdenes fijas (ceder Tokyo con N❤️ o menos, quedarte con más de N❤️, no comprar) para que la partida no tenga que esperarte.

## /kot settings: hasta 3 días por turno y 12 h fuera de turno
days-cmd-settings-turn_seconds = Segundos para todo un turno: 3600 = 1 h, 86400 = 1 día, hasta 3 días (0: sin reloj)
days-cmd-settings-reaction_seconds = Segundos para responder fuera de turno, hasta 12 h; sin fijar, 1/4 de un turno de 1 h o más
