"""One module per output schema; importing this package registers them all."""

from holmes_backend.llm.local.analysts import (  # noqa: F401
    chat,
    evidence,
    financial,
    graph,
    legal,
    merge,
    orchestrator,
    strategy,
    synthesis,
    triage,
    verification,
)
