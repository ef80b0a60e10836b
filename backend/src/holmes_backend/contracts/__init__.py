"""Contracts: the agents' inputs and outputs, findings, graph items and event payloads.

Imported by every layer and importing nothing of Holmes (import-linter keeps it at the bottom),
so a model, the offline analyst, the API and the UI's generated client all read one definition.
"""
