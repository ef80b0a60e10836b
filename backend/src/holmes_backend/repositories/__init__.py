"""All SQL lives here."""
