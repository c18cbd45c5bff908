"""The games screens."""
