"""Power Up!'s Evolutions: one module per Evolution, or per small family made of the same
parts (``plain_amounts.py``); ``engine.evolution`` has the rules they share: piles, drawing,
playing.

Each module registers its Evolution's :class:`engine.evolution.Evolution` subclass;
importing this package imports every module of it (``MODULES``, found in the package's
directory), which registers them all. A permanent Evolution's behaviour is hooks, as a power
card's (``engine.core.Power``); a temporary one's is ``on_play``. See docs/engine.md,
"Power Up!".
"""

from __future__ import annotations

import importlib
import pkgutil

# Every module of this package, imported here in the order of their names: each registers
# its Evolution when imported.
MODULES = tuple(importlib.import_module(f"{__name__}.{module.name}")
                for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name))
