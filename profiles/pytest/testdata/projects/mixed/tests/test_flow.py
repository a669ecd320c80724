import logging
import sys
import warnings

import pytest

from shop import config

log = logging.getLogger("shop.flow")


def old_api():
    warnings.warn("old_api() is deprecated, use new_api()", DeprecationWarning)
    return 1


def test_config_with_value():
    assert config.load("a=1\nb=2") == {"a": "1", "b": "2"}


def test_config_without_value():
    assert config.load("name=terse\nverbose\n")["verbose"] is None


def test_status_then_body():
    status, body = 500, ""
    try:
        assert status == 200
    except AssertionError:
        data = int(body)
        assert data == 0


def test_uses_old_api():
    assert old_api() == 1
    assert old_api() + old_api() == 2


def test_noisy_failure():
    for i in range(30):
        print(f"step {i}: processing batch {i * 10}-{i * 10 + 9}")
    print("about to check", file=sys.stderr)
    log.warning("retrying after timeout")
    log.error("giving up after %d retries", 3)
    assert sum(range(30)) == 400


@pytest.mark.xfail(reason="rounding is known to be off")
def test_known_rounding_bug():
    assert round(2.675, 2) == 2.68


@pytest.mark.xfail(reason="flaky upstream")
def test_sometimes_passes():
    assert True


@pytest.mark.xfail(strict=True, reason="should still fail")
def test_strict_xpass():
    assert True


@pytest.mark.skipif(sys.platform == "linux", reason="not on linux")
def test_windows_paths():
    assert True
