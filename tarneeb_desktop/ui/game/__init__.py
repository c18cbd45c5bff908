"""The table scene's parts, one file each (``ui/table_scene.py`` holds the game flow and
ties them together):

- ``view_model``: the displayed view moved on by one engine event (a pure function);
- ``timeline``: the queue of animation steps the table's events turn into;
- ``hand``: my fanned cards and their input (click, drag, keys, shake, slide back);
- ``bid_panel``: the buttons for the auction, trump, double, redeal and claim;
- ``panels``: what sits around the table (plates, bubbles, pile, banner, toast...);
- ``score``: the score and contract panels;
- ``dialogs``: the hand summary, game over, score sheet, cards played and pause menu;
- ``cover``: the hot-seat privacy cover;
- ``game41``, ``dialogs41``: what 41 / 400 shows its own way (bids and tricks per player,
  scores per player, hearts always trump, the bids' total; the dialogs per player);
- ``hints``: H, the strong computer player's choice, worked out off the UI thread;
- ``chat``: the chat line and speech bubbles of a LAN table;
- ``labels``: calls, bids and trumps as the player reads them.
"""
