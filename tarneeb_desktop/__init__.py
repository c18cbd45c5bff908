"""Tarneeb Desktop: the partnership trick-taking game of the Levant and Egypt."""

import time

__version__ = "0.1.0"
# When the program started, for the start-up time the game reports (bench/package.sh).
STARTED = time.perf_counter()
