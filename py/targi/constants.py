"""The rulebook's numbers in one place: stock, limits, scoring values, exchange rates, goods.

Every layer (rules, scoring, view, AI, words, page) reads these names; none writes a number of
its own. Only the table's geometry (`targi.board`) lies below this module.

>>> GOODS, GOODS_LIMIT, GOLD_LIMIT, ROUNDS, DISPLAY_LIMIT
('DSP', 10, 3, 12, 12)
"""

from __future__ import annotations

from typing import Final

from .board import BORDER_NUMBERS, CORNERS

# ---- the goods alphabet (docs/notation.md) ---------------------------------------------------
GOODS: Final = "DSP"  # dates, salt, pepper: the three goods (gold is not a good)
GOLD: Final = "G"
STOCK: Final = GOODS + GOLD  # the columns of a cost: dates, salt, pepper, gold

# ---- setup -----------------------------------------------------------------------------------
STARTING_GOODS: Final = (2, 2, 2)  # of each good
STARTING_GOLD: Final = 1
STARTING_VP: Final = 4
TARGIS: Final = 3  # a player's Targis (and so their placements) in a round

# ---- limits ----------------------------------------------------------------------------------
GOODS_LIMIT: Final = 10  # goods of all kinds together at the end of a player's actions (R10)
GOLD_LIMIT: Final = 3  # gold at the end of a player's actions (R10)
ROW_LENGTH: Final = 4  # cards in a display row
DISPLAY_ROWS: Final = 3
DISPLAY_LIMIT: Final = ROW_LENGTH * DISPLAY_ROWS  # a full display ends the game (12 cards)
LAST_CORNER: Final = max(BORDER_NUMBERS)  # the robber's last stop: its raid ends the game
# A round for each border card the robber stands on that is not a corner; the raid at the last
# corner comes after the last round (its moves are logged as round ROUNDS + 1).
ROUNDS: Final = sum(1 for n in BORDER_NUMBERS if n not in CORNERS)

# ---- scoring (a full row of four) ------------------------------------------------------------
ROW_IDENTICAL: Final = 4  # four identical symbols
ROW_DIFFERENT: Final = 2  # four different symbols
ROW_DIFFERENT_BOOSTED: Final = 4  # four different symbols with the card `diverse_rows_four`
BOOSTED_ROWS: Final = 2  # how many rows that card boosts

# ---- costs and exchanges ---------------------------------------------------------------------
DISCOUNT: Final = 1  # R9: a discount card takes one good of the payer's choice off (never gold)
MERCHANT_GOOD: Final = 2  # identical goods a Merchant takes for 1 good of another kind
MERCHANT_GOLD: Final = 3  # identical goods a Merchant takes for 1 gold
# Silversmith: (given, VP got); identical goods, or gold.
SILVERSMITH_GOODS: Final = ((2, 1), (4, 3))
SILVERSMITH_GOLD: Final = ((1, 2), (2, 4))

# ---- the computer's levels (targi.ai.levels holds their settings) ----------------------------
# Weakest first. The order is part of the save format: the page keeps a level as its index here
# in a save string's meta value, so a new level goes at the end.
LEVEL_NAMES: Final = ("easy", "medium", "hard", "expert")  # appended only: saves store the index
