"""Thin routes: parse, authorise, call one service, return a schema."""
