"""Agents: triage, orchestrator, domain agents, synthesis, knowledge graph, chat, verification."""
