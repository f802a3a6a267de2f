"""Tests of the rules engine (py/targi): one per rule, ruling and card effect."""
