"""The pygame-ce table: scenes, layout, card art, animation and text."""

import os

# pygame prints a banner on import unless told not to; the game's output is for its own lines.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
