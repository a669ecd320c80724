"""Failures whose assertion message starts with "[": a list compared
(assert [..] == [..]), a list of tuples, and a parametrized test whose id
holds brackets of its own."""

import pytest


def by_count(pairs):
    # Meant to sort by count, descending; sorts by key instead.
    return sorted(pairs)


def test_sorted():
    assert by_count([(2, 1), (1, 2)]) == [(2, 1), (1, 2)]


def test_sorted_keys():
    keys = sorted(["b", "a", "c"], reverse=True)
    assert keys == ["a", "b", "c"]


@pytest.mark.parametrize("items", [[3, 1], [2]])
def test_first_is_smallest(items):
    assert [items[0]] == [min(items)]


def test_passes():
    assert [1, 2] == [1, 2]
