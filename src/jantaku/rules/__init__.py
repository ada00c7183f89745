"""Rules: preset data files and their validated knobs."""

from jantaku.rules.loader import PRESET_NAMES, RulesError, load_preset
from jantaku.rules.model import HandRules, Preset, TilesRules

__all__ = ["PRESET_NAMES", "HandRules", "Preset", "RulesError", "TilesRules", "load_preset"]
