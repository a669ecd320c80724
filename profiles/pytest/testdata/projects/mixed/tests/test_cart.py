import pytest
from packaging.version import Version

from shop.cart import apply_discount, describe_user, first_sku, load_order, total


class Token:
    def __init__(self, valid):
        self.is_valid = valid

    def __repr__(self):
        return f"Token(is_valid={self.is_valid})"


def make_token(expires_in):
    return Token(valid=True)


def test_empty_cart():
    print("empty cart total is", total([]))
    assert total([]) == 0


def test_total_with_quantities():
    items = [{"price": 3, "qty": 2}, {"price": 4}]
    assert total(items) == 11


def test_token_expiry():
    token = make_token(expires_in=-1)
    assert token.is_valid == False  # noqa: E712


def test_describe_user():
    user = {"id": 42, "name": "Ada", "city": "Berlin", "zip": "10115", "roles": ["dev", "admin"]}
    assert describe_user(user) == {
        "id": 42,
        "name": "Ada",
        "address": {"city": "Berlin", "zip": "10117", "country": "DE"},
        "roles": ["admin", "dev", "ops"],
    }


def test_first_fifty_squares():
    squares = [i * i for i in range(50)]
    expected = [i * i for i in range(50)]
    expected[27] = 730
    assert squares == expected


def test_greeting():
    assert "hello, world" == "hello world"


def test_negative_discount_message():
    with pytest.raises(ValueError, match="negative discounts are not allowed"):
        apply_discount(100, -5)


def test_fractional_discount_raises():
    with pytest.raises(ValueError):
        apply_discount(100, 12.5)


def test_load_order():
    order = load_order('{"lines": [}')
    assert first_sku(order) == "A-1"


def test_first_sku_of_empty_order():
    assert first_sku({"lines": []}) == "A-1"


def test_tool_version():
    assert Version("not-a-version").major == 1


@pytest.mark.skip(reason="coupons are not implemented")
def test_coupons():
    assert False
