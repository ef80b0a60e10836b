"""The merge agent: new evidence set against the existing graph (PRD §4.14, §4.15)."""
