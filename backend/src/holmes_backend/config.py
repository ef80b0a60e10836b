"""The one Settings class: every knob comes from the environment (HOLMES_* and a few others)."""

from functools import cached_property
from pathlib import Path
from typing import Annotated, Literal

from pydantic import (
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

MIB = 1024 * 1024
# Gemini's thinking levels (thinkingLevel), as settings spell them.
ThinkingLevelName = Literal["minimal", "low", "medium", "high"]

DEFAULT_ALLOWED_MIME_TYPES: tuple[str, ...] = (
    "application/pdf",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "application/msword",
    "message/rfc822",
    "text/csv",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/vnd.ms-excel",
    "text/html",
    "text/plain",
    "text/markdown",
    "text/vtt",
    "application/x-subrip",
    "application/json",
    "application/xml",
    "text/xml",
    "image/jpeg",
    "image/png",
    "image/gif",
    "image/webp",
    "image/tiff",
    "image/heic",
    "audio/mpeg",
    "audio/wav",
    "audio/x-wav",
    "audio/mp4",
    "audio/ogg",
    "audio/flac",
    "audio/webm",
    "video/mp4",
    "video/quicktime",
    "video/webm",
    "video/x-matroska",
    "video/x-msvideo",
)


DEV_SECRET_KEY = "holmes-development-secret-change-me-0000000000"


class ModelPrice(BaseModel):
    """USD per 1M tokens: fresh input, output (thinking included), input read from a cache,
    and an explicit cache's storage per hour of its TTL (its creation is billed as input)."""

    input: float = Field(ge=0)
    output: float = Field(ge=0)
    cached: float = Field(ge=0)
    cache_storage_per_hour: float = Field(default=0.0, ge=0)


# Google's list prices for prompts up to 200k tokens (ai.google.dev/gemini-api/docs/pricing,
# as of the models' releases; check before relying on them for billing). Flash models are
# priced as Gemini 3 Flash.
_PRO_PRICE = ModelPrice(input=2.0, output=12.0, cached=0.2, cache_storage_per_hour=4.5)
_FLASH_PRICE = ModelPrice(input=0.5, output=3.0, cached=0.05, cache_storage_per_hour=1.0)
DEFAULT_PRICES: dict[str, ModelPrice] = {
    "gemini-3.1-pro-preview": _PRO_PRICE,
    "gemini-3.1-pro-preview-customtools": _PRO_PRICE,
    "gemini-3.8-flash": _FLASH_PRICE,
    "gemini-3.7-flash": _FLASH_PRICE,
    "gemini-3.6-flash": _FLASH_PRICE,
    "gemini-3-flash-preview": _FLASH_PRICE,
}


class ModelLimitSettings(BaseModel):
    """One model's own limits (HOLMES_LLM_MODEL_LIMITS); what is left out is the general one."""

    model_config = ConfigDict(extra="forbid")

    requests_per_minute: int | None = Field(default=None, ge=1)
    tokens_per_minute: int | None = Field(default=None, ge=1)
    concurrency: int | None = Field(default=None, ge=1)


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="HOLMES_", extra="ignore", populate_by_name=True)

    environment: Literal["development", "test", "production"] = "development"
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=1, le=65535)
    data_dir: Path = Path(".holmes")
    # The UI's static export (frontend/out), served at "/". Unset: the repository's build, if any.
    ui_dir: Path | None = None

    database_url: str | None = Field(
        default=None, validation_alias=AliasChoices("DATABASE_URL", "HOLMES_DATABASE_URL")
    )
    database_echo: bool = False

    storage: Literal["local", "gcs"] = "local"
    storage_dir: Path | None = None
    gcs_bucket: str | None = Field(
        default=None, validation_alias=AliasChoices("GCS_BUCKET", "HOLMES_GCS_BUCKET")
    )
    gcs_project: str | None = Field(
        default=None, validation_alias=AliasChoices("GOOGLE_CLOUD_PROJECT", "HOLMES_GCS_PROJECT")
    )
    # The storage emulator's address; google-cloud-storage itself reads STORAGE_EMULATOR_HOST.
    gcs_endpoint: str | None = Field(
        default=None, validation_alias=AliasChoices("STORAGE_EMULATOR_HOST", "HOLMES_GCS_ENDPOINT")
    )
    # A service-account key file; needed to sign URLs when no default credentials can sign.
    gcs_credentials_file: Path | None = None
    gcs_signed_urls: bool = False
    gcs_signed_url_seconds: int = Field(default=900, ge=1)

    # Auth (PRD §7.1). The default secret is refused outside development and test.
    secret_key: str = Field(default=DEV_SECRET_KEY, min_length=32)
    token_ttl_seconds: int = Field(default=12 * 3600, ge=60)
    cookie_name: str = "holmes_session"
    # Login throttling (services/throttle.py). Past login_max_failures consecutive failures an
    # account waits login_backoff_seconds, doubling per failure up to login_backoff_max_seconds;
    # one address gets login_client_max_failures failures across accounts per window.
    login_max_failures: int = Field(default=5, ge=1)
    login_window_seconds: int = Field(default=15 * 60, ge=1)
    login_backoff_seconds: float = Field(default=1.0, gt=0)
    login_backoff_max_seconds: float = Field(default=60.0, gt=0)
    login_client_max_failures: int = Field(default=20, ge=1)
    # The global gate on argon2 (login and sign-up): how often, in bursts of how many, and how
    # many at once (each check takes ~0.1 s of several cores).
    password_checks_per_second: float = Field(default=10.0, gt=0)
    password_check_burst: int = Field(default=20, ge=1)
    password_check_concurrency: int = Field(default=2, ge=1)
    # zxcvbn's score (0-4) a new password must reach; its length must be at least 12 as well.
    password_min_score: int = Field(default=3, ge=0, le=4)
    # Peers whose X-Forwarded-For / X-Forwarded-Proto are believed (addresses or CIDR networks,
    # comma-separated); the client is the right-most address not among them. None by default:
    # the client is the TCP peer. ("*" believes the left-most address, which clients can forge.)
    trusted_proxies: Annotated[tuple[str, ...], NoDecode] = ()
    max_json_body_bytes: int = Field(default=1 * MIB, ge=1024)
    google_client_id: str | None = None
    google_client_secret: str | None = None
    google_token_url: str = "https://oauth2.googleapis.com/token"
    google_jwks_url: str = "https://www.googleapis.com/oauth2/v3/certs"
    google_issuers: tuple[str, ...] = ("https://accounts.google.com", "accounts.google.com")

    max_upload_bytes: int = Field(default=500 * MIB, ge=1)
    max_files_per_request: int = Field(default=50, ge=1)
    upload_chunk_bytes: int = Field(default=1 * MIB, ge=64 * 1024)
    allowed_mime_types: tuple[str, ...] = DEFAULT_ALLOWED_MIME_TYPES

    # Extraction limits, per file (extraction/limits.py). Past the chunk (paragraphs, rows,
    # lines, pages), character or time budget the rest of a file is not read and the file ends
    # PARTIAL, saying so; a Word or Excel package unpacking to more XML than
    # extraction_max_unpacked_bytes, or any of its parts more than
    # extraction_max_compression_ratio times its packed size, is refused (ERROR), as is a file
    # whose reader needs more than extraction_memory_bytes or outlasts the time limit.
    extraction_timeout_seconds: float = Field(default=120.0, gt=0)
    extraction_max_chunks: int = Field(default=100_000, ge=1)
    extraction_max_characters: int = Field(default=20_000_000, ge=1)
    extraction_max_unpacked_bytes: int = Field(default=128 * MIB, ge=1)
    extraction_max_compression_ratio: float = Field(default=100.0, gt=1)
    extraction_memory_bytes: int = Field(default=2048 * MIB, ge=64 * MIB)
    # Worker processes reading files at once (extraction/worker.py).
    extraction_workers: int = Field(default=2, ge=1)
    # Recently read extractions kept in memory: bytes of their stored form (services/evidence.py).
    extraction_cache_bytes: int = Field(default=256 * MIB, ge=0)

    # LLM (DESIGN decision 1; PRD §4.4, §4.5, §8.1). "auto" picks Gemini when a key or Vertex is
    # configured, else an OpenAI-compatible server when HOLMES_LLM_BASE_URL is set, else the
    # offline local analyst.
    llm_provider: Literal["auto", "gemini", "openai_compat", "local"] = "auto"
    # openai_compat: a model the user serves (Ollama, vLLM, llama.cpp's server, LM Studio), at
    # its OpenAI-compatible base URL ("http://127.0.0.1:11434/v1"), through ADK's LiteLLM
    # wrapper. Model names are the server's own ("qwen3:32b"); the Flash tier defaults to
    # the Pro one, since one local server often serves one model.
    llm_base_url: str | None = None
    llm_api_key: SecretStr | None = None
    llm_pro_model: str | None = None
    llm_flash_model: str | None = None
    # What a local model can take: its context window (tokens; evidence past it is left out
    # of the request, saying so), the tokens an answer may use, and calls at once (one GPU
    # serves few requests in parallel; more only queue on the server and time out there).
    llm_context_tokens: int = Field(default=32_768, ge=2048)
    llm_max_output_tokens: int = Field(default=8192, ge=256)
    llm_concurrency: int = Field(default=2, ge=1, le=64)
    # Local models are slow: a long structured answer can take minutes (the longest a call may
    # take). Calls are streamed: one ends AGENT_TIMEOUT when the server sends nothing for
    # llm_idle_timeout_seconds (a long prompt's first token included).
    llm_timeout_seconds: float = Field(default=600.0, gt=0)
    llm_idle_timeout_seconds: float = Field(default=180.0, gt=0)
    # Simulated model latency per local-analyst call (demos; the browser test watches a live run).
    local_analyst_latency_ms: int = Field(default=0, ge=0, le=60_000)
    # Worker processes the local analyst runs in (llm/local/worker.py); 0 runs it in a thread of
    # the server, whose memory then stays at its peak after a large case.
    local_analyst_processes: int = Field(default=2, ge=0, le=64)
    # GOOGLE_API_KEY first, as google-genai itself prefers it when both are set. SecretStr keeps
    # the key out of reprs and logs.
    gemini_api_key: SecretStr | None = Field(
        default=None,
        validation_alias=AliasChoices("GOOGLE_API_KEY", "GEMINI_API_KEY", "HOLMES_GEMINI_API_KEY"),
    )
    # google-genai renamed GOOGLE_GENAI_USE_VERTEXAI to GOOGLE_GENAI_USE_ENTERPRISE; honour both.
    # The Vertex project is gcs_project (both read GOOGLE_CLOUD_PROJECT).
    gemini_use_vertexai: bool = Field(
        default=False,
        validation_alias=AliasChoices(
            "GOOGLE_GENAI_USE_ENTERPRISE", "GOOGLE_GENAI_USE_VERTEXAI", "HOLMES_GEMINI_USE_VERTEXAI"
        ),
    )
    # Gemini 3 preview models are served from the "global" Vertex location.
    gemini_location: str = Field(
        default="global",
        validation_alias=AliasChoices("GOOGLE_CLOUD_LOCATION", "HOLMES_GEMINI_LOCATION"),
    )
    # Current ids (December 2026): gemini-3-pro-preview was shut down on 9 March 2026 and
    # replaced by gemini-3.1-pro-preview; gemini-3.8-flash is the current GA Flash. Both are
    # checked at start-up (llm.models.check_models).
    gemini_pro_model: str = Field(
        default="gemini-3.1-pro-preview",
        validation_alias=AliasChoices("GEMINI_PRO_MODEL", "HOLMES_GEMINI_PRO_MODEL"),
    )
    gemini_flash_model: str = Field(
        default="gemini-3.8-flash",
        validation_alias=AliasChoices("GEMINI_FLASH_MODEL", "HOLMES_GEMINI_FLASH_MODEL"),
    )
    # Per agent role, a thinking level instead of PRD §4.5's, as JSON: '{"domain": "medium"}'.
    gemini_thinking: dict[str, ThinkingLevelName] = Field(default_factory=dict)
    # The thinking levels of a model Holmes does not know yet (llm.models.THINKING_LEVELS), as
    # JSON: '{"gemini-x": ["low", "medium", "high"]}'.
    gemini_model_thinking_levels: dict[str, list[ThinkingLevelName]] = Field(default_factory=dict)
    # Points the SDK somewhere other than Google (the fake Gemini server in tests, a proxy).
    gemini_base_url: str | None = None
    # Gemini calls are streamed: a call ends when the model sends nothing for this long (PRD
    # §8.1.1's 120 s, 30 s for triage), however long the whole answer takes, up to
    # gemini_call_max_seconds (also the deadline the server is given). A timed-out agent is
    # tried once more on the same model, then ends AGENT_TIMEOUT.
    gemini_timeout_seconds: float = Field(default=120.0, gt=0)
    gemini_call_max_seconds: float = Field(default=900.0, gt=0)
    # Limits on model calls, per model and process (llm.limits): requests and input tokens
    # (estimated from the request's size) per minute, none unless set, and calls at once
    # (gemini_concurrency on Gemini, llm_concurrency on an OpenAI-compatible server). A model
    # named in llm_model_limits takes its own, as JSON:
    # '{"gemini-3.1-pro-preview": {"requests_per_minute": 20, "tokens_per_minute": 1000000}}'.
    # Several worker processes each have their own: divide the quota between them.
    llm_requests_per_minute: int | None = Field(default=None, ge=1)
    llm_tokens_per_minute: int | None = Field(default=None, ge=1)
    gemini_concurrency: int = Field(default=16, ge=1, le=256)
    llm_model_limits: dict[str, ModelLimitSettings] = Field(default_factory=dict)
    # The length of "a minute" for those limits (shorter in tests).
    llm_minute_seconds: float = Field(default=60.0, gt=0)
    # A 429 RESOURCE_EXHAUSTED is waited out (Gemini's RetryInfo delay, else PRD §8.1's
    # 30/60/120 s: this base, doubling) and tried again this many times before QUOTA_EXCEEDED.
    gemini_quota_retries: int = Field(default=3, ge=0)
    gemini_quota_backoff_seconds: float = Field(default=30.0, ge=0)
    # Embedded (SQLite): how often a running job tells other server processes it is alive; one
    # silent for JOB_STALE_BEATS of these is resumed by whichever process notices first.
    job_heartbeat_seconds: float = Field(default=15.0, gt=0)
    # PostgreSQL: jobs the serving process runs itself from the queue, beside any worker
    # processes (`python -m holmes_backend worker`); 0, as deployed, leaves every job to them.
    serve_worker_concurrency: int = Field(default=4, ge=0)
    # A worker process: jobs run at once, how often it tells the others it is alive, how long
    # one may stay silent before the others put its jobs back in the queue, how long a stopping
    # worker (SIGTERM) lets its jobs run before stopping them at their last completed phase, and
    # the file it touches while alive (for a liveness probe; none when unset).
    worker_concurrency: int = Field(default=4, ge=1)
    worker_heartbeat_seconds: float = Field(default=10.0, gt=0)
    worker_stalled_seconds: float = Field(default=30.0, gt=0)
    worker_shutdown_grace_seconds: float = Field(default=8.0, ge=0)
    worker_liveness_file: Path | None = None
    gemini_triage_timeout_seconds: float = Field(default=30.0, gt=0)
    # Tries of a call the server failed for a moment (408, 5xx), by the SDK, with backoff.
    gemini_retry_attempts: int = Field(default=3, ge=1)
    gemini_retry_initial_delay: float = Field(default=1.0, ge=0)
    gemini_retry_max_delay: float = Field(default=8.0, ge=0)
    # Media evidence (images, recordings, scanned PDFs) goes to Gemini as parts: inline when a
    # file is at most gemini_inline_max_bytes and the request's inline data, base64-encoded,
    # stays within gemini_inline_request_max_bytes (Gemini API: 20 MB for a whole request in
    # the long-standing limit, 100 MB since 2026; the lower figure is kept); otherwise through
    # the File API, or on Vertex by its gs:// URI when the evidence is in Cloud Storage.
    gemini_inline_max_bytes: int = Field(default=8 * MIB, ge=1)
    gemini_inline_request_max_bytes: int = Field(default=20_000_000, ge=1)
    # A video longer than this goes as several parts of this length (start/end offsets).
    media_segment_seconds: float = Field(default=600.0, gt=0)
    # Tokens a second of video costs in a request's budget (llm.media): a frame a second at
    # 258 tokens (Gemini 2.x's default resolution) with its audio's 32; Gemini 3's default
    # video resolution is 70 a frame, so ~102 fits a deployment that keeps that default.
    media_video_tokens_per_second: float = Field(default=290.0, gt=0)
    # Whether the OpenAI-compatible model reads images (a vision model): then images go to it
    # as data URIs; otherwise it gets the extracted text only.
    llm_multimodal: bool = False

    # Budgets (llm/budget.py). The most input tokens one model request may carry on Gemini
    # (evidence is split into work units under it: page, row and time ranges, small files
    # together); an OpenAI-compatible server's is its context window less its answer.
    gemini_request_budget_tokens: int = Field(default=120_000, ge=4096)
    # Context caching (llm/context_cache.py): evidence several requests of a job share is
    # cached on Gemini (explicit caches, deleted at the job's end) where it pays; the TTL is
    # billed as storage, and a cache that expires first is made again by its next reader.
    gemini_context_cache: bool = True
    gemini_cache_ttl_seconds: int = Field(default=900, ge=60)
    # Tokens of each file a model's triage reads (a preview: its header and first chunks; enough
    # to say what a file is and which domains read it, as every domain reads the file whole).
    # 1,000 cost the bench 0.16 input tokens per evidence token more. The offline analyst reads
    # its own (agents.phases.triage.OFFLINE_PREVIEW_TOKENS).
    triage_preview_tokens: int = Field(default=500, ge=100)
    # Per agent role, the tokens an answer may use (max_output_tokens), as JSON:
    # '{"domain": 32768}'; roles left out keep DEFAULT_MAX_OUTPUT_TOKENS. An answer cut off at
    # the limit (finish reason MAX_TOKENS) has its work unit halved and redone.
    max_output_tokens: dict[str, int] = Field(default_factory=dict)
    # Cost: USD per 1M tokens per model, {"model": {"input": .., "output": .., "cached": ..}}
    # (output covers thinking tokens, billed as output). Models left out cost nothing on record.
    llm_prices: dict[str, ModelPrice] = Field(default_factory=lambda: dict(DEFAULT_PRICES))
    # A case's spend (USD, summed over its execution records) past which no new model call is
    # made (BUDGET_EXCEEDED); None for no limit.
    case_budget_usd: float | None = Field(default=None, gt=0)
    # What one agent's work unit may spend beyond its first answer (agents/bounds.py): tool
    # calls (domain and chat tools), and re-asks of every kind together (an answer off its
    # schema, citations that do not hold, an answer cut off and redone in halves).
    agent_tool_calls: int = Field(default=12, ge=0, le=100)
    agent_reasks: int = Field(default=3, ge=0, le=20)

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            return tuple(part.strip() for part in value.split(",") if part.strip())
        return value

    @field_validator("gemini_thinking", "gemini_model_thinking_levels", mode="before")
    @classmethod
    def _lower_levels(cls, value: object) -> object:
        # "MEDIUM" (the API's spelling) and "medium" alike.
        if isinstance(value, dict):
            return {
                key: [v.lower() if isinstance(v, str) else v for v in item]
                if isinstance(item, list)
                else item.lower()
                if isinstance(item, str)
                else item
                for key, item in value.items()
            }
        return value

    @field_validator("data_dir", "storage_dir", "ui_dir")
    @classmethod
    def _absolute(cls, value: Path | None) -> Path | None:
        return value.expanduser().resolve() if value is not None else None

    @model_validator(mode="after")
    def _no_default_secret_in_production(self) -> "Settings":
        if self.environment == "production" and self.secret_key == DEV_SECRET_KEY:
            raise ValueError("HOLMES_SECRET_KEY must be set outside development")
        return self

    @model_validator(mode="after")
    def _openai_compat_needs_a_server(self) -> "Settings":
        if self.resolved_llm_provider != "openai_compat":
            return self
        if not self.llm_base_url:
            raise ValueError(
                "HOLMES_LLM_PROVIDER=openai_compat needs HOLMES_LLM_BASE_URL, the server's "
                "OpenAI-compatible address (e.g. http://127.0.0.1:11434/v1 for Ollama)"
            )
        if not self.llm_pro_model:
            raise ValueError(
                "HOLMES_LLM_PROVIDER=openai_compat needs HOLMES_LLM_PRO_MODEL, the name the "
                "server gives its model (HOLMES_LLM_FLASH_MODEL defaults to it)"
            )
        if self.llm_max_output_tokens >= self.llm_context_tokens // 2:
            raise ValueError(
                f"HOLMES_LLM_MAX_OUTPUT_TOKENS={self.llm_max_output_tokens} leaves too little of "
                f"HOLMES_LLM_CONTEXT_TOKENS={self.llm_context_tokens} for the evidence"
            )
        return self

    @model_validator(mode="after")
    def _gemini_needs_credentials(self) -> "Settings":
        # Fail at start-up, not on the first agent call minutes into a pipeline run.
        if self.llm_provider == "gemini" and not self.gemini_configured:
            raise ValueError(
                "HOLMES_LLM_PROVIDER=gemini needs GEMINI_API_KEY/GOOGLE_API_KEY or "
                "GOOGLE_GENAI_USE_VERTEXAI=true"
            )
        return self

    @cached_property
    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite+aiosqlite:///{self.data_dir / 'holmes.db'}"

    @cached_property
    def resolved_storage_dir(self) -> Path:
        return self.storage_dir or self.data_dir / "storage"

    @cached_property
    def resolved_ui_dir(self) -> Path:
        if self.ui_dir is not None:
            return self.ui_dir
        # backend/src/holmes_backend/config.py → the repository root.
        return Path(__file__).resolve().parents[3] / "frontend" / "out"

    @property
    def is_sqlite(self) -> bool:
        return self.resolved_database_url.startswith("sqlite")

    @property
    def gemini_configured(self) -> bool:
        return bool(self.gemini_api_key and self.gemini_api_key.get_secret_value()) or (
            self.gemini_use_vertexai
        )

    @property
    def resolved_llm_provider(self) -> Literal["gemini", "openai_compat", "local"]:
        if self.llm_provider == "auto":
            if self.gemini_configured:
                return "gemini"
            return "openai_compat" if self.llm_base_url else "local"
        return self.llm_provider
