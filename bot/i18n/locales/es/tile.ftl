# Las palabras de una carta del mercado en la imagen del tablero (bot/render/cards.py
# market_tile): su tipo, el descuento del monstruo que compra y si puede comprarla.

tile-keep = PERMANENTE
tile-discard = DESCARTAR
tile-discount = { $amount } menos para ti
tile-can-buy = ✔ Puedes comprarla
tile-needs-energy = { $count ->
    [one] Te falta 1 de energía
   *[other] Te faltan { $count } de energía
}
