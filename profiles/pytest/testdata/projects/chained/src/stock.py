"""A small stock keeper: items by SKU, prices, reservations."""
import json


class StockError(Exception):
    """A stock operation that cannot be done."""


class Stock:
    def __init__(self, items=None):
        self.items = dict(items or {})
        self.reserved = {}

    def add(self, sku, count):
        if count < 0:
            raise StockError(f"negative count for {sku}: {count}")
        self.items[sku] = self.items.get(sku, 0) + count

    def count(self, sku):
        try:
            return self.items[sku]
        except KeyError:
            # bug: the fallback names a variable that does not exist
            return defualt_count

    def reserve(self, sku, count):
        try:
            left = self.items[sku] - self.reserved.get(sku, 0)
        except KeyError as err:
            raise StockError(f"unknown sku {sku!r}") from err
        if count > left:
            raise StockError(f"only {left} of {sku} left")
        self.reserved[sku] = self.reserved.get(sku, 0) + count

    def price(self, sku, prices):
        try:
            return prices[sku]["unit"] * 100
        except (KeyError, TypeError):
            # bug: a helper that fails while handling the first error
            return self._price_from_text(prices.get(sku))

    def _price_from_text(self, text):
        return int(text.strip("$"))

    def total(self):
        return sum(self.items.values())

    def load(self, text):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise StockError("stock file is not JSON") from err
        for sku, count in data.items():
            self.add(sku, count)
