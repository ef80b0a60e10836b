"""Numeric validation of financial documents (seed 002): figures read from statement tables,
line-item tables and narrative sentences, the relations they take part in, and each relation
evaluated by a small expression evaluator, never by a model's judgement."""
