"""The tutorial screens."""
