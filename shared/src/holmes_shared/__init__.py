"""Holmes shared contracts."""
