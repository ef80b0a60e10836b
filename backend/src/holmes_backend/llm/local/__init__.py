"""The offline analyst: deterministic analysis of real evidence behind ADK's BaseLlm interface."""
