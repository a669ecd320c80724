#!/usr/bin/env bash
# Generates a C project of 300 files, two of which do not compile, and a
# Makefile that builds them one by one (as a long build log does).
set -euo pipefail
cd "$(dirname "$0")"
rm -rf src && mkdir -p src
for i in $(seq -w 1 300); do
  printf 'int f%s(int x) { return x + %d; }\n' "$i" "$((10#$i))" > "src/f$i.c"
done
printf 'int f120(int x) { return x + y; }\n' > src/f120.c
printf 'int f245(int x) { return x +; }\n' > src/f245.c
{
  printf 'SRCS := $(wildcard src/*.c)\nOBJS := $(SRCS:.c=.o)\n\nall: $(OBJS)\n\n'
  printf 'src/%%.o: src/%%.c\n\t@echo "CC $<"\n\t@gcc -Wall -c $< -o $@\n'
} > Makefile
