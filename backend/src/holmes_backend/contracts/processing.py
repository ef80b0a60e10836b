"""The phases of a processing job, in the order they run (PRD §4.3.1)."""

from typing import Literal, get_args

JobPhase = Literal["extraction", "triage", "routing", "domains", "synthesis", "graph"]
PHASES: tuple[JobPhase, ...] = get_args(JobPhase)
