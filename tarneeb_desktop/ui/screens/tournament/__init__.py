"""The tournament screens."""
