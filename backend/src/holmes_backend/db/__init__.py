"""Engine, session factory, portable column types and migrations."""
