"""One module per output schema; importing this package registers them all."""

from holmes_backend.llm.local.analysts import triage  # noqa: F401
