"""The synthesis agent."""
