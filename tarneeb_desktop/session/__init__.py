"""Setting up the games the window plays (``game``: a table, its seats and listeners), what
Continue resumes (``resume``), the daily deals, tournaments, the tutorial and LAN seats.
The package itself imports nothing: the menu reads ``resume`` without loading the rest."""
