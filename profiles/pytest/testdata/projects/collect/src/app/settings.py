"""Settings read at import time."""
import os

TIMEOUT = int(os.environ.get("APP_TIMEOUT", "30s"))
