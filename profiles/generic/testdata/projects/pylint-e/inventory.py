"""An inventory module with real mistakes among many style nits."""
import os
import json
from collections import OrderedDcit


def load(path):
    with open(path) as f:
        return json.load(f)


def load(path, default=None):
    if not os.path.exists(path):
        return default
    with open(path) as f:
        return json.load(f)


class Item:
    def __init__(self, name, qty):
        self.name = name
        self.qty = qty

    def total(self, price):
        return self.qty * price


def restock(item, amount):
    item.quantity += amount
    return item


def report(items):
    lines = []
    for it in items:
        lines.append(f"{it.name}: {it.total()}")
    return "\n".join(lines) + summary


def price_of(item):
    return Item.total(item, 2, 3)


def reorder(items):
    return sorted(items, key=lambda i: i.qty).revese()
