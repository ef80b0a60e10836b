"""Runs the chat agent on a question and its ranked context, through the shared agent runner."""

from dataclasses import dataclass

from holmes_backend.agents.chat.context import CONTEXT_KIND, ContextItem, encode
from holmes_backend.agents.chat.prompt import HISTORY_HEADING, INSTRUCTION, QUESTION_HEADING
from holmes_backend.agents.runner import AgentSpec, PipelineContext, run_agent
from holmes_backend.agents.schemas import ChatAnswer
from holmes_backend.llm.evidence import render_findings
from holmes_backend.repositories import executions as execution_repo

SPEC = AgentSpec("chat_agent", "CHAT", "chat", "pro", ChatAnswer, INSTRUCTION)
_HISTORY_CHARS = 600


@dataclass
class ChatReply:
    answer: ChatAnswer
    thoughts: list[str]


def request_parts(
    question: str, items: list[ContextItem], history: list[tuple[str, str]], files: dict[str, str]
) -> list[str]:
    turns = "\n".join(
        f"{role}: {' '.join(text.split())[:_HISTORY_CHARS]}" for role, text in history
    )
    return [
        render_findings({"kind": CONTEXT_KIND, "files": files}, encode(items)),
        f"{HISTORY_HEADING}\n{turns or '(none)'}",
        f"{QUESTION_HEADING}\n{question}",
    ]


async def answer(ctx: PipelineContext, parts: list[str], question: str) -> ChatReply:
    """The agent's answer and its thoughts (AgentFailedError when every tier fails)."""
    output, execution_id = await run_agent(
        ctx, SPEC, parts, input_summary={"question": question[:200]}
    )
    assert isinstance(output, ChatAnswer)
    async with ctx.session_factory() as session:
        execution = await execution_repo.get(session, execution_id)
        thoughts = [str(t) for t in execution.thinking_traces] if execution else []
    return ChatReply(answer=output, thoughts=thoughts)
