"""The typed settings (AgentParams) of the agent whose model call is under way.

The runner sets them around an agent's run; a model provider that needs them as values (the
offline analyst) reads them here. A context variable, so agents running side by side on one
event loop each see their own.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from holmes_backend.contracts.agents import AgentParams

_CURRENT: ContextVar[AgentParams | None] = ContextVar("agent_params", default=None)


@contextmanager
def agent_params(params: AgentParams | None) -> Iterator[None]:
    token = _CURRENT.set(params)
    try:
        yield
    finally:
        _CURRENT.reset(token)


def current_params() -> AgentParams:
    """The running agent's settings; the defaults outside any agent's run."""
    return _CURRENT.get() or AgentParams()
