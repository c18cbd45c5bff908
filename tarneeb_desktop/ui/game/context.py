"""What the table's parts reach of the scene: three small interfaces that ``TableScene``
provides, so that a part can be built (and tested) with any object that has these members.

- :class:`TableView`: the presented view and how the table is seen from the seat at the
  bottom (the layout, the names, whose side is where), and how to ask for a redraw or say
  a short message. The drawing parts (the score, 41's panels, the auction page) need no more.
- :class:`TableContext`: with what the hand, the bid panel and the panels around the table
  share (the cards drawn elsewhere, the trick on the table, the mouse, the clock) and the
  actions they take: submit an action for a seat, play a sound, add a tween.
- :class:`DialogContext`: with what the dialogs over the table need: where a button's
  action goes (``overlay_action``), the veil, and the game's end facts they show.

The parts that glue the others together (the frame, the controls, the hot-seat cover, the
undo, the hints, the LAN extras and the timeline) take the whole scene: they switch the
seat shown, drop animations or reach the link, which is the scene's own business.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

    from tarneeb_desktop.rules import View
    from tarneeb_desktop.ui.anim import Tween
    from tarneeb_desktop.ui.cards import CardArt
    from tarneeb_desktop.ui.game.drawn import Drawn
    from tarneeb_desktop.ui.layout import Layout


class TableView(Protocol):
    """The presented view, seen from seat ``me``; ``dirty`` asks for the next frame."""

    dirty: bool
    pv: View
    me: int
    humans: tuple[int, ...]
    drawn: Drawn  # what the parts last drew (``game/drawn.py``)

    @property
    def names(self) -> Sequence[str]: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def four_color(self) -> bool: ...
    @property
    def speed(self) -> float: ...

    def is_me(self, seat: int | None) -> bool: ...
    def teams(self) -> tuple[int, int]: ...
    def side(self, seat: int) -> int: ...
    def my_turn(self) -> bool: ...
    def covered(self) -> bool: ...
    def invalidate(self) -> None: ...
    def redraw_static(self) -> None: ...
    def say(self, message: str, seconds: float = 2.2) -> None: ...


class TableContext(TableView, Protocol):
    """What the hand, the bid panel and the panels around the table use besides the view."""

    hidden: set[str]  # my cards drawn elsewhere (flying, dragged, shaking)
    mouse: tuple[int, int]
    dealt: list[int] | None  # cards shown per seat while dealing
    last_trick_shown: bool  # the last trick's page (L) is open
    trick_winner: int | None
    autoplay: bool
    time: float  # seconds since the table opened (the thinking dots)
    ai_elapsed: float  # how long the computer to move has been waiting

    @property
    def trick_cards(self) -> list[tuple[int, str]]: ...
    @property
    def claiming(self) -> int | None: ...
    @property
    def cards(self) -> CardArt: ...
    @property
    def chat_open(self) -> bool: ...  # a LAN table's chat line is being typed into

    def hand_cards(self) -> list[str]: ...
    def legal_cards(self) -> set[str]: ...
    def turn_shown(self) -> int | None: ...
    def action_panel(self) -> pygame.Rect | None: ...  # the bid panel, when it is shown
    def act(self, seat: int, action: str, from_rect: pygame.Rect | None = None) -> bool: ...
    def play_sound(self, name: str) -> None: ...
    def add_tween(self, tween: Tween) -> None: ...


class DialogContext(TableView, Protocol):
    """What a dialog over the table uses besides the view."""

    after_game: Callable[[Any], None] | None  # a tournament's game
    exported: Path | None  # where the game's record was exported

    @property
    def taken_back(self) -> bool: ...  # a move of this game was taken back
    @property
    def on_lan(self) -> bool: ...  # a LAN table: the game is the host's

    def overlay_action(self, action: str) -> None: ...
    def veil(self, lay: Layout, alpha: int) -> pygame.Surface: ...
    def played_grid(self) -> list[tuple[str, list[tuple[str, str]]]]: ...
