import unittest

from stock import Stock, StockError


class CountTests(unittest.TestCase):
    def test_add(self):
        s = Stock()
        s.add("a", 2)
        s.add("a", 3)
        self.assertEqual(s.count("a"), 5)

    def test_missing(self):
        self.assertEqual(Stock().count("nope"), 0)

    def test_negative(self):
        with self.assertRaises(StockError):
            Stock().add("a", -1)

    def test_total(self):
        self.assertEqual(Stock({"a": 1, "b": 2}).total(), 4)


class ReserveTests(unittest.TestCase):
    def test_add(self):
        s = Stock({"a": 2})
        s.reserve("a", 1)
        self.assertEqual(s.reserved, {"a": 2})

    def test_missing(self):
        self.assertEqual(Stock().reserve("nope", 1), None)

    def test_over(self):
        with self.assertRaises(StockError):
            Stock({"a": 1}).reserve("a", 2)

    def test_twice(self):
        s = Stock({"a": 3})
        s.reserve("a", 1)
        s.reserve("a", 2)
        self.assertEqual(s.reserved["a"], 3)


class BulkTests(unittest.TestCase):
    """Passing checks over many SKUs."""


for _i in range(30):
    def _t(self, i=_i):
        s = Stock()
        s.add(f"sku{i}", i)
        self.assertEqual(s.count(f"sku{i}"), i)
    setattr(BulkTests, f"test_sku_{_i:02d}", _t)
