"""The chat agent: answers an investigator's question about one case with the case tools,
knowledge first (PRD §4.12); a turn is run, streamed and grounded by agents.chat.turn."""

from holmes_backend.agents.chat.prompt import INSTRUCTION
from holmes_backend.agents.spec import AgentSpec
from holmes_backend.contracts.agents import ChatAnswer
from holmes_backend.contracts.requests import CHAT_AGENT_NAME as AGENT_NAME
from holmes_backend.contracts.requests import HISTORY_HEADING, QUESTION_HEADING

SPEC = AgentSpec(
    name=AGENT_NAME,
    agent_type="CHAT",
    role="chat",
    tier="pro",
    schema=ChatAnswer,
    instruction=INSTRUCTION,
)
_HISTORY_CHARS = 600


def request_parts(question: str, history: list[tuple[str, str]]) -> list[str]:
    turns = "\n".join(
        f"{role}: {' '.join(text.split())[:_HISTORY_CHARS]}" for role, text in history
    )
    return [f"{HISTORY_HEADING}\n{turns or '(none)'}", f"{QUESTION_HEADING}\n{question}"]
