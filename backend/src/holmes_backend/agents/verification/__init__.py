"""The verification agent: checks a user's correction against the sources the item cites."""
