"""A small ledger with bugs put in on purpose."""
from decimal import Decimal


class Ledger:
    def __init__(self):
        self.entries = []

    def add(self, amount, memo=""):
        self.entries.append((Decimal(str(amount)), memo))

    def balance(self):
        return sum(a for a, _ in self.entries)  # int 0 start: fine

    def credits(self):
        return [a for a, _ in self.entries if a >= 0]  # bug: counts zero as credit

    def memo_of(self, i):
        return self.entries[i][1].strip()  # bug: None memo raises

    def average(self):
        return self.balance() / len(self.entries)  # bug: empty ledger divides by zero

    def round_balance(self):
        return round(float(self.balance()), 2)  # bug: float rounding


def parse_amount(s):
    return Decimal(s.replace(",", ""))  # bug: "1.234,5" European form
