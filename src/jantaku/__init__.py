"""jantaku (雀卓): engine, calculator, simulator and web table for Japanese mahjong house rules."""

from jantaku import build as _build

__version__ = "0.1.0"

# Compiled or pure (JANTAKU_PURE=1): decided before any compiled package is imported.
_build.choose()
