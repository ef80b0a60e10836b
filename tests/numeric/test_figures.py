"""How a cell's figure is read: its sign, its value and the precision it is written to."""

from fractions import Fraction

import pytest

from holmes_backend.numeric.figures import written_value


@pytest.mark.parametrize(
    ("cell", "value", "half_unit"),
    [
        ("$293,618", Fraction(293618), Fraction(1, 2)),
        ("(365,241)", Fraction(-365241), Fraction(1, 2)),
        ("( $ 1,234.5 )", Fraction(-12345, 10), Fraction(1, 20)),
        ("-12.50", Fraction(-25, 2), Fraction(1, 200)),
        ("\u22127,400", Fraction(-7400), Fraction(1, 2)),
        ("0.89", Fraction(89, 100), Fraction(1, 200)),
        ("\u2014", Fraction(0), Fraction(1, 2)),
    ],
)
def test_cells_are_read_with_sign_and_precision(
    cell: str, value: Fraction, half_unit: Fraction
) -> None:
    assert written_value(cell) == (value, half_unit)


@pytest.mark.parametrize("cell", ["Revenue", "12%", "2024-03-01", "1.2.3", ""])
def test_what_is_not_a_figure(cell: str) -> None:
    assert written_value(cell) is None
