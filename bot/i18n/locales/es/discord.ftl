# Lo que dicen los mensajes del bot en Discord: sala, tableros, respuestas y avisos.

lobby-language-question = 🌐 El idioma de los mensajes de esta partida en el canal: la sala, los tableros, la narración y la clasificación. Las respuestas privadas de cada jugador siguen su propio idioma de Discord.
