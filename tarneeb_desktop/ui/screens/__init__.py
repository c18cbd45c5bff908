"""The screens outside the table, one scene a file, grouped by area."""
