"""How an agent's run fails, and what a failed model attempt means for it (PRD §8.1, §8.3)."""

from dataclasses import dataclass

from holmes_backend.agents.spec import model_name
from holmes_backend.config import Settings
from holmes_backend.llm import limits
from holmes_backend.llm.cost import Usage
from holmes_backend.llm.gemini import Tier
from holmes_backend.llm.models import ModelErrorEvent
from holmes_backend.llm.provider import configuration_problem
from holmes_shared.errors import ErrorCode


class AgentFailedError(RuntimeError):
    code: ErrorCode = ErrorCode.PROCESSING_FAILED

    def __init__(self, agent: str, reason: str, code: ErrorCode | None = None) -> None:
        super().__init__(f"{agent} failed: {reason}")
        self.agent = agent
        self.reason = reason
        self.code = code or type(self).code


@dataclass(frozen=True)
class ModelFailure:
    """What a failed model attempt means for the agent."""

    message: str
    code: ErrorCode
    # Another model would hide it, not fix it: the agent ends here.
    final: bool


def model_failure(exc: BaseException, tier: Tier, settings: Settings) -> ModelFailure:
    message = f"{type(exc).__name__}: {exc}"[:2000]
    if problem := configuration_problem(exc, model_name(tier, settings), settings):
        return ModelFailure(problem[:2000], ErrorCode.PROCESSING_FAILED, True)
    code = failure_code(exc)
    return ModelFailure(message, code, code != ErrorCode.PROCESSING_FAILED)


def failure_code(exc: BaseException) -> ErrorCode:
    """QUOTA_EXCEEDED, AGENT_TIMEOUT or PROCESSING_FAILED; ADK may report the model's
    exception as an error event named by its status."""
    status = exc.code if isinstance(exc, ModelErrorEvent) else getattr(exc, "status", None)
    if isinstance(exc, limits.QuotaExceededError) or status == ErrorCode.QUOTA_EXCEEDED:
        return ErrorCode.QUOTA_EXCEEDED
    if isinstance(exc, TimeoutError) or status in (ErrorCode.AGENT_TIMEOUT, "TimeoutError"):
        return ErrorCode.AGENT_TIMEOUT
    return ErrorCode.PROCESSING_FAILED


class AnswerCutOffError(AgentFailedError):
    """The answer reached its max_output_tokens (finish reason MAX_TOKENS): another model
    would be cut off as well; the caller redoes the work in smaller parts."""


class BudgetExceededError(AgentFailedError):
    """The case's spend reached HOLMES_CASE_BUDGET_USD: no new model call is made."""

    code = ErrorCode.BUDGET_EXCEEDED


class UnusableAnswerError(RuntimeError):
    """An attempt's answer could not be used (cut off, empty, off its schema); the tokens it
    used are still paid for."""

    def __init__(
        self, message: str, usage: Usage, *, cut_off: bool = False, detail: str = ""
    ) -> None:
        super().__init__(message)
        self.usage = usage
        self.cut_off = cut_off
        self.detail = detail  # what was wrong with it, told to the model when it is re-asked
