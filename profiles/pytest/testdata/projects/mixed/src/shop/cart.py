"""Cart arithmetic."""
import json


def total(items):
    return sum(item["price"] * item.get("qty", 1) for item in items)


def apply_discount(amount, percent):
    if percent < 0:
        raise ValueError(f"bad discount {percent}")
    return amount - amount * percent // 100


def describe_user(user):
    return {
        "id": user["id"],
        "name": user["name"],
        "address": {"city": user["city"], "zip": user["zip"], "country": "DE"},
        "roles": sorted(user["roles"]),
    }


def load_order(text):
    return json.loads(text)


def first_sku(order):
    return order["lines"][0]["sku"]
