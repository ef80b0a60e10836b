"""Arithmetic over a document's figures: a small expression language, parsed to a tree and
evaluated exactly (fractions), with every figure an interval of the values its written
precision allows ("293,618" in thousands is anything from 293,617,500 to 293,618,500).

    expression := term (("+" | "-") term)*
    term       := factor (("*" | "/") factor)*
    factor     := "-" factor | number | figure | "(" expression ")"
    figure     := a letter, then letters, digits or "_" ("f12", "sales_2024")

Model text is only ever parsed by this grammar; nothing is passed to `eval`.
"""

import operator
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

_TOKEN = re.compile(
    r"\s*(?:(?P<number>\d+(?:\.\d+)?)|(?P<name>[A-Za-z][A-Za-z0-9_]*)|(?P<op>[-+*/()]))"
)
_MAX_DEPTH = 64


class ExpressionError(ValueError):
    """The text is not an expression of the grammar, or names a figure it was not given."""


@dataclass(frozen=True)
class Interval:
    low: Fraction
    high: Fraction

    @staticmethod
    def around(value: Fraction, half_width: Fraction) -> "Interval":
        return Interval(value - half_width, value + half_width)

    def __add__(self, other: "Interval") -> "Interval":
        return Interval(self.low + other.low, self.high + other.high)

    def __sub__(self, other: "Interval") -> "Interval":
        return Interval(self.low - other.high, self.high - other.low)

    def __mul__(self, other: "Interval") -> "Interval":
        products = [a * b for a in (self.low, self.high) for b in (other.low, other.high)]
        return Interval(min(products), max(products))

    def __truediv__(self, other: "Interval") -> "Interval":
        if other.low <= 0 <= other.high:
            raise ZeroDivisionError("division by a figure that may be zero")
        return self * Interval(1 / other.high, 1 / other.low)

    def __neg__(self) -> "Interval":
        return Interval(-self.high, -self.low)


@dataclass(frozen=True)
class Node:
    kind: str  # "num" | "ref" | "neg" | "+" | "-" | "*" | "/"
    value: Fraction = Fraction(0)
    name: str = ""
    left: "Node | None" = None
    right: "Node | None" = None

    def names(self) -> list[str]:
        """The figures it reads, in order of first appearance."""
        found: list[str] = []
        for node in self._walk():
            if node.kind == "ref" and node.name not in found:
                found.append(node.name)
        return found

    def _walk(self) -> list["Node"]:
        nodes = [self]
        for child in (self.left, self.right):
            if child is not None:
                nodes += child._walk()
        return nodes


def parse(text: str) -> Node:
    tokens = _tokens(text)
    node, position = _expression(tokens, 0, 0)
    if position != len(tokens):
        raise ExpressionError(f"unexpected {tokens[position][1]!r} in {text!r}")
    return node


def _tokens(text: str) -> list[tuple[str, str]]:
    tokens: list[tuple[str, str]] = []
    position = 0
    stripped = text.rstrip()
    while position < len(stripped):
        match = _TOKEN.match(stripped, position)
        if match is None or match.end() == position:
            raise ExpressionError(f"cannot read {stripped[position : position + 10]!r}")
        kind = match.lastgroup or ""
        tokens.append((kind, match[kind]))
        position = match.end()
    if not tokens:
        raise ExpressionError("an empty expression")
    return tokens


def _expression(tokens: list[tuple[str, str]], at: int, depth: int) -> tuple[Node, int]:
    node, at = _term(tokens, at, depth)
    while at < len(tokens) and tokens[at] in (("op", "+"), ("op", "-")):
        right, next_at = _term(tokens, at + 1, depth)
        node, at = Node(tokens[at][1], left=node, right=right), next_at
    return node, at


def _term(tokens: list[tuple[str, str]], at: int, depth: int) -> tuple[Node, int]:
    node, at = _factor(tokens, at, depth)
    while at < len(tokens) and tokens[at] in (("op", "*"), ("op", "/")):
        right, next_at = _factor(tokens, at + 1, depth)
        node, at = Node(tokens[at][1], left=node, right=right), next_at
    return node, at


def _factor(tokens: list[tuple[str, str]], at: int, depth: int) -> tuple[Node, int]:
    if depth > _MAX_DEPTH:
        raise ExpressionError("the expression is nested too deeply")
    if at >= len(tokens):
        raise ExpressionError("the expression ends too soon")
    kind, value = tokens[at]
    if (kind, value) == ("op", "-"):
        inner, at = _factor(tokens, at + 1, depth + 1)
        return Node("neg", left=inner), at
    if kind == "number":
        return Node("num", value=Fraction(value)), at + 1
    if kind == "name":
        return Node("ref", name=value), at + 1
    if (kind, value) == ("op", "("):
        inner, at = _expression(tokens, at + 1, depth + 1)
        if at >= len(tokens) or tokens[at] != ("op", ")"):
            raise ExpressionError("a bracket is not closed")
        return inner, at + 1
    raise ExpressionError(f"unexpected {value!r}")


def evaluate(node: Node, values: Mapping[str, Fraction]) -> Fraction:
    """The expression's exact value for the figures' values."""
    return evaluate_interval(node, {k: Interval(v, v) for k, v in values.items()}).low


def evaluate_interval(node: Node, values: Mapping[str, Interval]) -> Interval:
    """The values the expression can take when each figure is anywhere in its interval."""
    if node.kind == "num":
        return Interval(node.value, node.value)
    if node.kind == "ref":
        if node.name not in values:
            raise ExpressionError(f"no figure named {node.name}")
        return values[node.name]
    assert node.left is not None
    left = evaluate_interval(node.left, values)
    if node.kind == "neg":
        return -left
    assert node.right is not None
    right = evaluate_interval(node.right, values)
    return _BINARY[node.kind](left, right)


_BINARY: dict[str, Callable[[Interval, Interval], Interval]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
}
