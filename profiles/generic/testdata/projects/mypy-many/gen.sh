#!/bin/sh
# Writes typed modules with a few hundred type errors: the shape of a large
# untyped code base being put under mypy.
cd "$(dirname "$0")"
python3 - <<'PY'
import os
os.makedirs("shop", exist_ok=True)
open("shop/__init__.py", "w").close()
for m in range(8):
    with open(f"shop/mod{m}.py", "w") as f:
        f.write("from typing import Optional\n\n")
        for i in range(50):
            f.write(f"def f{i}(x: int) -> str:\n    return x + {i}\n\n")
            f.write(f"v{i}: int = 'text {i}'\n\n")
PY
