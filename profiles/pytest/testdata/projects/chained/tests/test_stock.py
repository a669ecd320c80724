"""pytest tests of stock.py: a chain of exceptions is the reason of three of
them (a NameError while handling a KeyError, raise ... from err), and two
classes hold tests of the same name."""
import pytest

from stock import Stock, StockError


def lookup(table, key):
    try:
        return table[key]
    except KeyError:
        return fallback_value  # bug: an undefined name


def test_lookup_missing():
    assert lookup({}, "x") == 0


def test_count_missing():
    assert Stock().count("nope") == 0


def test_reserve_missing():
    assert Stock().reserve("nope", 1) is None


def test_load_bad():
    s = Stock()
    s.load("{a: 1}")
    assert s.total() == 0


def test_price_text():
    assert Stock().price("a", {"a": None}) == 0


@pytest.mark.parametrize("n", range(20))
def test_add_many(n):
    s = Stock()
    s.add(f"sku{n}", n)
    assert s.total() == n


class TestCounts:
    def test_total(self):
        assert Stock({"a": 1, "b": 2}).total() == 4

    def test_over(self):
        with pytest.raises(StockError):
            Stock({"a": 1}).reserve("a", 2)


class TestReserve:
    def test_total(self):
        s = Stock({"a": 3})
        s.reserve("a", 1)
        assert s.reserved == {"a": 2}

    def test_over(self):
        with pytest.raises(StockError):
            Stock({"a": 1}).reserve("a", 1)
