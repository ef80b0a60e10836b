"""Agent tools: plain async functions that ADK turns into function declarations.

Each tool set is bound to one case (and, for chat, one turn) when an agent is built, so a model
can only ever reach the case it works on. The same tools serve Gemini's function calling and the
offline analyst, which calls them the same way.
"""
