"""jantaku (雀卓): engine, calculator, simulator and web table for Japanese mahjong house rules."""

__version__ = "0.1.0"
