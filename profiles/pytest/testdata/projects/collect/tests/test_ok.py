def test_truth():
    assert 1 + 1 == 2


def test_more_truth():
    assert "a" * 3 == "aaa"
