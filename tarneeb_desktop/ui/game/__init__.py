"""The table scene's parts, one file each: ``ui/table_scene.py`` reaches its game through a
link and ties the parts together; the parts reach the scene through the small interfaces of
``context``, so that each can be built alone (``tests/test_ui_parts.py``). What each part
does: docs/architecture.md, "The window"."""
