"""Tarneeb Desktop: the partnership trick-taking game of the Levant and Egypt."""

__version__ = "0.1.0"
