"""Agents: triage, orchestrator, domain agents, synthesis, knowledge graph, chat, verification,
merge, numeric review.

Where things are:
- each agent's folder: `agent.py` (its spec, built by keyword: name, tier, schema, tools,
  prompt) beside `prompt.py`;
- `runner.run_agent`: the one function that runs any agent, with its tiers and fallback; under
  it `spec` (AgentSpec), `context` (what a run shares, writes behind, events), `record` (the
  execution record and its events), `attempt` (one ADK attempt), `errors`, `bounds`,
  `tool_calls`;
- `pipeline`: the processing pipeline as a table of phases, one module each in `phases/`
  (build the request → run → persist in its own transaction), over `phases.state` (the run's
  shared state) and `phases.book` (the job's row);
- `grounding` and `sources`: citations checked against the evidence, re-asked once;
- `persist`: agent outputs as finding rows and graph versions; `regeneration`: synthesis and
  graph again over the current findings.
"""
