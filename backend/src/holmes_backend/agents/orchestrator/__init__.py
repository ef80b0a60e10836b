"""The orchestrator agent."""
