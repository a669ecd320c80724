import pytest


class TestLimits:
    @pytest.mark.parametrize("size", [10, 100, 1000])
    def test_within_limit(self, size):
        assert size < 50, f"size {size} exceeds the limit of 50"
