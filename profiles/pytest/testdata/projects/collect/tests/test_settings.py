from app import settings


def test_timeout():
    assert settings.TIMEOUT == 30
