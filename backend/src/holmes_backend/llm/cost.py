"""What a model call cost: its usage (cached tokens included) priced from Settings.llm_prices.

Gemini's usage_metadata counts cached tokens inside prompt_token_count
(cached_content_token_count of them were read from a context cache, at the cached price), and
thinking tokens apart from the answer's, billed as output.
"""

from dataclasses import dataclass

from google.genai import types

from holmes_backend.config import Settings


@dataclass
class Usage:
    """Tokens of one or more attempts."""

    input: int = 0  # cached ones included
    output: int = 0
    thinking: int = 0
    cached: int = 0

    @classmethod
    def of(cls, metadata: types.GenerateContentResponseUsageMetadata | None) -> "Usage":
        if metadata is None:
            return cls()
        return cls(
            input=metadata.prompt_token_count or 0,
            output=metadata.candidates_token_count or 0,
            thinking=metadata.thoughts_token_count or 0,
            cached=metadata.cached_content_token_count or 0,
        )

    def __add__(self, other: "Usage") -> "Usage":
        return Usage(
            self.input + other.input,
            self.output + other.output,
            self.thinking + other.thinking,
            self.cached + other.cached,
        )


def cost_usd(model: str, usage: Usage, settings: Settings) -> float:
    """The usage's cost on `model` (0 for a model without a price: a local one)."""
    price = settings.llm_prices.get(model)
    if price is None:
        return 0.0
    fresh = max(0, usage.input - usage.cached)
    return (
        fresh * price.input
        + usage.cached * price.cached
        + (usage.output + usage.thinking) * price.output
    ) / 1_000_000


def cache_creation_usd(model: str, tokens: int, ttl_seconds: float, settings: Settings) -> float:
    """An explicit context cache's cost on `model`: its tokens at the input price (its
    creation), and their storage for the TTL (0 for a model without a price)."""
    price = settings.llm_prices.get(model)
    if price is None:
        return 0.0
    return tokens * (price.input + price.cache_storage_per_hour * ttl_seconds / 3600) / 1_000_000
