from app.missing_module import helper


def test_helper():
    assert helper() == 1
