"""Use cases. Each takes the session first and keyword-only arguments."""
