"""The lan screens."""
