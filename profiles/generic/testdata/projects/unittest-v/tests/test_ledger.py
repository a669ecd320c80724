import unittest
from decimal import Decimal

from ledger import Ledger, parse_amount


class PassingChecks(unittest.TestCase):
    """Passing tests whose names hold problem words."""


for i, word in enumerate(["error", "failure", "warning", "exception", "fatal", "panic"] * 5):
    def _t(self, word=word, i=i):
        led = Ledger()
        led.add(i, memo=word)
        self.assertEqual(led.memo_of(0), word)
    setattr(PassingChecks, f"test_memo_{i:02d}_{word}_without_error", _t)


class LedgerTests(unittest.TestCase):
    def test_balance(self):
        led = Ledger()
        led.add(1)
        led.add(2)
        self.assertEqual(led.balance(), 3)

    def test_credits_skip_zero(self):
        led = Ledger()
        led.add(0)
        led.add(5)
        self.assertEqual(led.credits(), [Decimal(5)])

    def test_memo_none(self):
        led = Ledger()
        led.add(1, memo=None)
        self.assertEqual(led.memo_of(0), "")

    def test_average_empty(self):
        self.assertEqual(Ledger().average(), 0)

    def test_round_half(self):
        led = Ledger()
        led.add("2.675")
        self.assertEqual(led.round_balance(), 2.68)

    def test_parse_european(self):
        self.assertEqual(parse_amount("1.234,5"), Decimal("1234.5"))

    def test_parse_negative_parens(self):
        self.assertEqual(parse_amount("(12)"), Decimal("-12"))

    def test_parse_spaces(self):
        self.assertEqual(parse_amount(" 12 "), Decimal("12"))

    def test_entries_are_tuples(self):
        led = Ledger()
        led.add(1, "a")
        self.assertIsInstance(led.entries[0], list)

    def test_balance_type(self):
        self.assertIsInstance(Ledger().balance(), Decimal)

    def test_add_rejects_nan(self):
        with self.assertRaises(ValueError):
            Ledger().add("nan")

    def test_credits_order(self):
        led = Ledger()
        led.add(3)
        led.add(1)
        self.assertEqual(led.credits(), [1, 3])

    def test_memo_strip_inner(self):
        led = Ledger()
        led.add(1, memo="a  b")
        self.assertEqual(led.memo_of(0), "a b")

    @unittest.skip("multi-currency is not written yet")
    def test_currency(self):
        pass


if __name__ == "__main__":
    unittest.main()
