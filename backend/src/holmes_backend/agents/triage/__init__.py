"""The triage agent."""
