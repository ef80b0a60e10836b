"""The expression language: parsed to a tree, evaluated exactly, never eval'd."""

from fractions import Fraction

import pytest

from holmes_backend.numeric.expr import (
    ExpressionError,
    Interval,
    evaluate,
    evaluate_interval,
    parse,
)


def test_precedence_brackets_and_unary_minus() -> None:
    node = parse("(f1 - f2) / f2 * 100 + -f3")
    assert node.names() == ["f1", "f2", "f3"]
    value = evaluate(node, {"f1": Fraction(2936), "f2": Fraction(3035), "f3": Fraction(1)})
    assert value == Fraction(2936 - 3035, 3035) * 100 - 1


@pytest.mark.parametrize(
    "text",
    ["__import__('os').system('true')", "f1 ** 2", "f1 +", "(f1 + f2", "f1; f2", "", "1e9"],
)
def test_anything_outside_the_grammar_is_refused(text: str) -> None:
    with pytest.raises(ExpressionError):
        parse(text)


def test_unknown_figure_is_an_error_not_a_zero() -> None:
    with pytest.raises(ExpressionError):
        evaluate(parse("f1 + f9"), {"f1": Fraction(1)})


def test_intervals_follow_the_operations() -> None:
    ranges = {
        "a": Interval.around(Fraction(10), Fraction(1, 2)),
        "b": Interval(Fraction(2), Fraction(4)),
    }
    assert evaluate_interval(parse("a - b"), ranges) == Interval(Fraction(11, 2), Fraction(17, 2))
    assert evaluate_interval(parse("a / b"), ranges) == Interval(Fraction(19, 8), Fraction(21, 4))
    with pytest.raises(ZeroDivisionError):
        evaluate_interval(parse("a / (b - 3)"), ranges)
