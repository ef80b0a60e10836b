"""HTTP layer: thin routes, dependencies, error envelope, schemas."""
