# /kot learn, la primera partida guiada, y las notas privadas del entrenador
# (bot/table/coach.py, bot/discord/coach.py). Se leen en el móvil: una o dos líneas.

learn-cmd = Una primera partida guiada contra monstruos IA Fáciles, con entrenador (solo tú ves sus notas)
learn-lobby-title = 🎓 Una primera partida guiada
learn-lobby = Antes de cada una de tus decisiones, el entrenador te la explica en privado, con lo que haría la IA Difícil. Tus amigos pueden unirse; pulsa **Empezar** cuando estéis listos.

coach-button = 🎓 Entrenador
coach-toggle-on = 🎓 Activar el entrenador
coach-toggle-off = 🎓 Desactivar el entrenador
coach-panel-title = 🎓 Entrenador
coach-panel-on = Activado: una nota privada antes de cada una de tus decisiones, con lo que haría la IA Difícil.
coach-panel-off = Desactivado. Actívalo para recibir una nota privada antes de cada una de tus decisiones.
coach-nothing-now = 🎓 El entrenador no tiene nada para ti ahora: sus notas llegan antes de tus propias decisiones, si tienes el entrenador activado (📋 Mi monstruo lo activa).
coach-not-asked = 🎓 Ahora no se te pregunta nada: la nota del entrenador llega antes de tu próxima decisión.

# Una nota: sus líneas y luego la sugerencia de la IA Difícil.
coach-note = 🎓 **Entrenador** · partida #{ $game }
    { $lines }
coach-hard-ai = 🤖 La IA Difícil haría: { $hint }

# Las reglas, una vez por partida, según van apareciendo.
coach-rule-dice = 🎲 **Dados**: tres 1, 2 o 3 dan ese número de ★ (+1★ por cada dado más); 💥 es un ataque; ⚡ da energía para cartas; ❤️ te cura (no en Tokyo).
coach-rule-tokyo = 🏙️ **Estás en Tokyo**: +2★ si empiezas tu turno allí, y tus 💥 atacan a todos los monstruos de fuera. Pero no puedes curarte, y cada 💥 de fuera te ataca a ti.
coach-rule-yield = 🏃 **Quedarte o ceder**: pierdes los ❤️ igualmente. Si cedes Tokyo, entra el monstruo que te atacó; fuera, solo el monstruo de Tokyo puede atacarte. Cede cuando te queden pocos corazones.
coach-rule-buy = 🛒 **Las cartas** cuestan ⚡. Una carta Permanente funciona el resto de la partida; una carta Descartar actúa una sola vez, al momento. Renovar las cartas (2⚡) cambia las que están a la venta.
coach-card = 🃏 **{ $card }** ({ $cost }⚡): { $text }
coach-rule-owned = 🃏 **Tu primera carta**: 📋 Mi monstruo lista tus cartas, lo que hace cada una y lo que tiene ahora.
coach-rule-knock-out = 💀 **{ $monster } está eliminado**: con 0❤️ un monstruo deja la partida. El último monstruo en pie gana, tenga los ★ que tenga.
coach-rule-close = ⚠️ **{ $monster } tiene { $points }★**: con { $winning }★ al final de un turno se gana. Atácalo fuerte o adelántalo.

# Lo que pregunta la decisión, con los botones del tablero tal como se leen (los dados son una imagen).
coach-roll = { $rolls ->
    [0] No te quedan tiradas: **Dejar de tirar** (o una carta) resuelve los dados.
    [one] Pulsa **guardar** en los dados que quieras apartar y luego **Tirar (queda 1)** para volver a tirar los demás, o **Dejar de tirar**.
   *[other] Pulsa **guardar** en los dados que quieras apartar y luego **Tirar (quedan { $rolls })** para volver a tirar los demás, o **Dejar de tirar**.
}
coach-yield = Pierdes { $amount }❤️ (te { $hearts ->
    [one] queda
   *[other] quedan
} { $hearts }❤️). **Quedarse en Tokyo** da ★; **Ceder Tokyo** te saca de allí.
coach-buy = Tienes { $energy }⚡: **Comprar** una carta que puedas pagar, **Renovar cartas** (2⚡) o **Terminar el turno** (la ⚡ se guarda).
coach-card-question = Una carta te pregunta algo: cada botón dice lo que hace esa respuesta.
