"""Names and headings of the requests agents send, which a model (the offline analyst among them)
reads: one definition for the agent that writes a request and the analyst that answers it."""

# The chat agent's name: the offline analyst answers it as a tool-using responder.
CHAT_AGENT_NAME = "chat_agent"
QUESTION_HEADING = "--- QUESTION ---"
HISTORY_HEADING = "--- HISTORY ---"
DOMAIN_HEADING = "--- DOMAIN ---"
# The kind of the verification agent's request (a correction checked against its sources).
CORRECTION_KIND = "correction_check"
