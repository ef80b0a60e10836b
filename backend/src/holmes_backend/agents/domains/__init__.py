"""The domains agent."""
