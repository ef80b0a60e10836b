"""The offline analysts; importing this package registers them all."""

from holmes_backend.llm.local.analysts import chat, domains, merge, verification  # noqa: F401
