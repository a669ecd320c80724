import unittest

from stock import Stock, StockError


class CountTests(unittest.TestCase):
    """The same class name as in test_counts: unittest tells them apart by module."""

    def test_missing(self):
        self.assertEqual(Stock().price("nope", {"nope": "$3"}), 300)

    def test_add(self):
        self.assertEqual(Stock().price("a", {"a": {"unit": 2}}), 201)


class PriceTests(unittest.TestCase):
    def test_unit(self):
        self.assertEqual(Stock().price("a", {"a": {"unit": 2}}), 200)

    def test_text(self):
        self.assertEqual(Stock().price("a", {"a": None}), 0)

    def test_load(self):
        s = Stock()
        s.load('{"a": 1, "b": 2}')
        self.assertEqual(s.total(), 3)

    def test_load_bad(self):
        s = Stock()
        s.load("{a: 1}")
        self.assertEqual(s.total(), 0)
