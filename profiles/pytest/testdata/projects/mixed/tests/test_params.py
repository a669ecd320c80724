import pytest


def add(a, b):
    return a + b


def pad(value, width):
    return str(value).zfill(width)


@pytest.mark.parametrize("a,b,expected", [(1, 1, 2), (2, 3, 6), (0.1, 0.2, 0.3)])
def test_add(a, b, expected):
    assert add(a, b) == expected


@pytest.mark.parametrize(
    "value,width,expected",
    [("7", 3, "007"), ("123", 2, "12"), ("", 2, "0")],
    ids=["pads", "too long", "empty"],
)
def test_pad(value, width, expected):
    assert pad(value, width) == expected


class TestRates:
    @pytest.mark.parametrize("limit", [2, 3])
    def test_rate_limit(self, limit):
        calls = [200] * limit
        assert calls[-1] == 429

    def test_rate_limit_reset(self):
        assert True
