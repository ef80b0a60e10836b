"""Holmes backend service."""

__version__ = "0.1.0"
