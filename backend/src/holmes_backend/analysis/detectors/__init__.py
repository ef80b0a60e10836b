"""The registered detectors, one to a module; importing this package registers them all.

They never import each other (`make lint`, import-linter's independence contract); each reads
the case's facts and what earlier phases produced (`analysis.engine.CaseFacts`).
"""

from holmes_backend.analysis.detectors import (  # noqa: F401 - each module registers itself
    absent_documents,
    denial,
    figures,
    links,
    presence,
    required_steps,
    series,
    uncorroborated,
)
