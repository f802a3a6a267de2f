"""Tests of the OpenSpiel face (targi.spiel) and the engine's explicit-chance mode."""
