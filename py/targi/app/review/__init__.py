"""The replay: a game rebuilt step by step, its chart, the computer's verdicts and their words."""
