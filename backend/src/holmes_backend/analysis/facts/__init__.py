"""Primitive facts read from evidence text: sentences, dates, amounts, names, table rows, places.

Everything here is general: patterns and lexicons, never a case's own names or numbers.
"""
