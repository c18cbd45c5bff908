"""The viewer screens."""
