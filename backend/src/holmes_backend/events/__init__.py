"""The per-case event log, its live fan-out, and SSE encoding (DESIGN.md decision 5)."""
