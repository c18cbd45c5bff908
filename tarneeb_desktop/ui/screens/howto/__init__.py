"""The howto screens."""
