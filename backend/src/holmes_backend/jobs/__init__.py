"""Long-running jobs: the task functions, and where they run.

On PostgreSQL the API defers a job to procrastinate's queue (`queue`) once the row describing it
is committed, and worker processes (`worker`, `python -m holmes_backend worker`) run it; on the
embedded SQLite default the serving process runs the same task function itself (`launch`).
"""
