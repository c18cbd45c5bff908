"""The settings screens."""
