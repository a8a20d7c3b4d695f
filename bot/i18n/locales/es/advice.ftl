## Consejos: la sugerencia de la IA Fácil en la tirada (un botón: 80 caracteres como mucho)
## y /kot hint con palabras sencillas. Los dados son los símbolos de sus caras ("❤️ ❤️ 3").

advice-suggested-keep = 💡 Sugerencia: guardar { $dice }, tirar { $rolled }
advice-suggested-reroll = 💡 Sugerencia: volver a tirar los { $rolled }
