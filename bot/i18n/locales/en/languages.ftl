# The language's own name, as a language menu shows it.
language-name = English
