# Órdenes fijas ofrecidas en el tablero, junto a la pregunta que responden (bot/discord/views.py,
# bot/discord/clicks.py): la de quedarse o ceder y la de la fase de compra, y la respuesta
# privada a quien acepta una. Las órdenes mismas son las table-order-* de table.ftl.

## Los botones, en la última fila junto a 📋 Mi monstruo (el idioma de la partida)
offer-yield-button = 📋 Ceder siempre con ≤ { $hearts }❤️
offer-skip-buying-button = 📋 No comprar a partir de ahora

## La respuesta privada al aceptarla ($undo: la opción del menú del panel que la deshace)
offer-yield-set = 📋 Orden fija puesta: cedes Tokyo siempre que un ataque te deje con { $hearts }❤️ o menos, así que has cedido ahora. Para deshacerla: **📋 Mi monstruo** y elige «{ $undo }».
offer-skip-buying-set = 📋 Orden fija puesta: a partir de ahora no compras cartas, así que tu turno ha terminado. Para deshacerla: **📋 Mi monstruo** y elige «{ $undo }».
