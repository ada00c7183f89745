"""The registry of tests that set a ``table.*`` knob (``TableRules``).

A test that sets a table knob (through a preset that sets it, or an override) and asserts what
it changes in the engine carries ``@table_knob("name", ...)``.
``test_table_knobs.test_every_table_knob_has_a_test`` imports ``MODULES`` and fails naming any
field of ``TableRules`` no test is marked with. Kept apart from the tests so that every test
module may import it without importing another test module's helpers.
"""

from __future__ import annotations

from support.knob_marks import knob_marker

COVERED, table_knob = knob_marker()
"""The TableRules knobs a test sets (``@table_knob``), for the registry test."""

MODULES = ("game.test_game_house_rules", "game.test_seed_lines", "rules.test_table_knobs")
"""The test modules that carry ``table_knob`` markers (engine-level tests only), by their path
under tests/ (on the import path), so the check runs alone too."""
