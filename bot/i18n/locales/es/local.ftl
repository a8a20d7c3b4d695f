# La página de la mesa local (python -m bot --local: bot/local_page).
local-title = King of Tokyo
local-viewing-as = Jugando como
local-composer = Escribe /kot … (por ejemplo /kot help)
local-offline = La mesa se ha detenido. Esta página vuelve sola cuando se ejecute de nuevo (el mismo comando).
local-refused = Ese clic era sobre una vista anterior de la partida: no se hizo nada. Este es el tablero tal como está ahora.
local-jump = ↑ ir al mensaje
local-new-messages = Mensajes nuevos ↓
# En un mensaje: "You usó /kot", "(editado)".
local-used = usó
# Lo mismo cuando lo usó el jugador local (local-you): «Tú usaste /kot».
local-used-by-you = usaste
local-edited = editado
# El compositor: la etiqueta de su campo (para lectores de pantalla) y su botón.
local-message = Mensaje
local-send = Enviar
# The local players' names: one alone, or numbered (--players 2 and more).
local-you = Tú
local-player = Jugador { $number }
