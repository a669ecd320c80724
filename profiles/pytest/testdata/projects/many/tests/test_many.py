import pytest


def slugify(text):
    return text.lower().replace(" ", "_")


CASES = [(f"Item {n}", f"item-{n}") for n in range(45)]


@pytest.mark.parametrize("text,slug", CASES)
def test_slugify(text, slug):
    assert slugify(text) == slug


@pytest.mark.parametrize("n", range(5))
def test_square(n):
    assert n * n == n ** 2
