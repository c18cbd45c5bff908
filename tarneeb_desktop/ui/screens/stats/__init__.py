"""The stats screens."""
