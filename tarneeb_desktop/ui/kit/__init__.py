"""The small UI kit the screens outside the felt are laid out with (issue 47): one style
(``style.py``) and boxes that measure, then place (``boxes.py``). See docs/architecture.md,
"Writing a screen"."""
