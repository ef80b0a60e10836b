"""The processing pipeline's phases, one module each (agents.pipeline holds their table)."""
