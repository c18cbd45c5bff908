"""The table scene's parts, one file each. ``ui/table_scene.py`` reaches its game through a
link and ties the parts together; the parts reach the scene through the small interfaces of
``context`` (the view, the layout, actions to submit, the clock), so that the hand, the bid
panel, the panels, the score and the dialogs can be built alone (``tests/test_ui_parts.py``).

- ``context``: those interfaces, ``TableView``, ``TableContext`` and ``DialogContext``;
- ``view_model``: the displayed view moved on by one engine event (a pure function);
- ``timeline``: the queue of animation steps the table's events turn into;
- ``hand``: my fanned cards and their input (click, drag, keys, shake, slide back);
- ``bid_panel``: the buttons for the auction, trump, double, redeal and claim;
- ``panels``: what sits around the table (plates, bubbles, pile, banner, toast...);
- ``score``: the score and contract panels;
- ``dialogs``: the hand summary, game over, score sheet and cards played; ``pages``: the
  pause menu, the leave question and every page opened by name; ``auction``: the auction
  page; ``chart``: the score sheet's chart;
- ``cover``: the hot-seat privacy cover; ``undo``: the take-back;
- ``controls``: where each key and click goes; ``frame``: one frame drawn from the parts;
- ``game41``, ``dialogs41``: what 41 / 400 shows its own way (bids and tricks per player,
  scores per player, hearts always trump, the bids' total; the dialogs per player);
- ``hints``: H, the strong computer player's choice, worked out off the UI thread;
- ``lan``, ``chat``: a LAN table's extras (reactions, the turn timer), its chat line and
  speech bubbles;
- ``labels``: calls, bids and trumps as the player reads them.
"""
