def test_broken_syntax():
    values = [1, 2, 3
    assert sum(values) == 6
