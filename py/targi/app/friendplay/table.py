"""A friend game on the table: the page's Session over a FriendGame, seen from this page's
player only (the protocol's view: never a hidden card), moves only on this player's turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...board import GOODS_SPACES
from ...game import Game, IllegalMove
from ..preview import place_preview
from ..session import PageView, Session

# Why a friend game has no replay yet (PageView.no_replay): the replay needs every card dealt.
NO_REPLAY = {
    "failed": "friend.no_replay.failed",  # the cards played cannot be trusted
    "during": "friend.no_replay.pending",  # cards are still hidden: after "deal verified"
}

if TYPE_CHECKING:
    from ...friend import FriendGame

MODE = "friend"


class FriendSession(Session):
    """The table's game is the friend game's; every move goes through FriendGame.play, and the
    link it makes goes to `sent` (the flow's one way out)."""

    def __init__(self, friend: FriendGame, sent: Callable[[FriendGame, str | None], None]) -> None:
        self.friend = friend
        self.sent = sent
        self.mode = MODE
        self.level = "medium"
        # made once per state of the game: (messages, status) -> the replay's game
        self._replay: tuple[tuple[int, str], Session | None] | None = None
        self._so_far: tuple[tuple[int, str], Session | None] | None = None
        # the view as last made, by the friend game and its state (_state): a link redraws the
        # table and then words its news for the live region, both from the same view
        self._view: tuple[FriendGame, tuple[int, int, str, int, int], PageView] | None = None

    @property
    def game(self) -> Game:
        return self.friend.game

    @game.setter
    def game(self, value: Game) -> None:
        raise IllegalMove("a friend game cannot be rewound")

    @property
    def human_to_move(self) -> bool:
        f = self.friend
        return f.status == "your-turn" and not self.over and self.player == f.seat

    @property
    def computer_to_move(self) -> bool:
        return False

    def is_computer(self, player: int) -> bool:
        return False

    def play(self, move: str, by_computer: bool = False) -> None:
        if not self.human_to_move:
            raise IllegalMove(f"{move!r}: it is not your turn")
        self.sent(self.friend, self.friend.play(move))

    def can_undo(self) -> bool:
        return False  # the friend's page holds every move the moment it is sent

    def encode(self) -> str:
        raise IllegalMove("a friend game travels as links, not as a save string")

    def replayable(self) -> Session | None:
        """Once the deal is verified: the game as any other, its cards the dealt record both
        pages opened (save version 2), played by two people (the names are Blue and Red, as
        in the game). None before, and after a failed audit."""
        n = (len(self.friend.transcript), self.friend.status)
        if self._replay is None or self._replay[0] != n:
            cards = self.friend.dealt()
            g = self.game
            made = Session(Game.replay(0, g.starter, g.record, dealt=cards)) if cards else None
            self._replay = (n, made)
        return self._replay[1]

    def reviewable(self) -> Session | None:
        """While the game is played: the moves so far from this player's view, every card not
        turned up yet unread (review.so_far); once it is over, the verified game or nothing."""
        f = self.friend
        if not opens_replay(f):
            return None
        if f.dealt() is not None:
            return self.replayable()
        n = (len(f.transcript), f.status)
        if self._so_far is None or self._so_far[0] != n:
            from ..review.so_far import seen_so_far  # with the replay: not at the page's start

            known = f.known_deal()
            g = self.game
            made = seen_so_far(g.starter, g.record, known, f.seat) if known is not None else None
            self._so_far = (n, made)
        return self._so_far[1]

    def no_replay(self) -> str:
        if self.friend.status == "verified":
            return "" if self.replayable() is not None else NO_REPLAY["failed"]
        return NO_REPLAY["failed" if self.friend.status == "failed" else "during"]

    def rematch(self, seed: int) -> Session:
        raise IllegalMove("a new friend game starts with a new invitation")

    def hint_game(self) -> Game | None:
        """The copy the AI may search: what this player knows, nothing more."""
        return self.friend.game_for_hints() if self.human_to_move else None

    def _state(self) -> tuple[int, int, str, int, int]:
        """What the view follows from, beyond the friend game itself: its messages and unsent
        items (every card opened, move and share comes in or goes out through them), its
        status, and the game's moves and log."""
        f = self.friend
        return len(f.transcript), len(f.outbox), f.status, len(self.game.record), len(self.game.log)

    def view(self) -> PageView:
        f, state = self.friend, self._state()
        kept = self._view
        if kept is not None and kept[0] is f and kept[1] == state:
            return kept[2]
        made = self._made_view()
        self._view = (f, state, made)
        return made

    def _made_view(self) -> PageView:
        v = self.friend.view()
        dealer = self.friend.dealer
        if dealer is not None and any(d.space < 0 for d in dealer.due()):
            # the opening nine are dealt face down until both pages' shares turn them up
            for cell in v["central"]:
                cell["kind"] = "goods" if cell["space"] in GOODS_SPACES else "tribe"
                cell["empty"], cell["face_up"], cell["card"] = False, False, None
        human = self.human_to_move
        return PageView(
            **v,
            mode=MODE,
            human_to_move=human,
            computer_to_move=False,
            moves=v["legal"] if human else [],
            log=self.game.log,
            preview=place_preview(self.game) if human else {},
            no_replay=self.no_replay(),
        )


def replay_withheld(f: FriendGame) -> str:
    """Why the log's Replay is not there, as a catalog key: after the game's end until the
    deal is verified, or after a failed audit; "" while it opens and before the opening
    cards are turned up (nothing to replay yet)."""
    if opens_replay(f):
        return ""
    if f.status == "failed":
        return NO_REPLAY["failed"]
    return NO_REPLAY["during"] if f.dealer is not None and f.game.is_over else ""


def opens_replay(f: FriendGame) -> bool:
    """The log's Replay opens: the game so far while it is played (once the opening nine are
    turned up), the whole game once its deal is verified; not while the last links are awaited
    at the end, nor after a failed audit."""
    if f.dealt() is not None:
        return True
    return f.dealer is not None and not f.game.is_over and f.known_deal() is not None
