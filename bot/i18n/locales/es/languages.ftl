# El nombre del idioma en ese idioma, como lo muestra un menú de idiomas.
language-name = Español
