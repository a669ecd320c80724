#!/bin/sh
# Puts two compile errors into the copied examples: a member that does not
# exist (gun.c) and a variable never declared (minigzip.c).
cd "$(dirname "$0")"
sed -i '0,/strm->avail_in = /s//strm->avail_inn = /' gun.c
sed -i '0,/    len = (int)fread(buf, 1, sizeof(buf), in);/s//    len = (int)fread(buf, 1, sizeof(buf), inn);/' minigzip.c
