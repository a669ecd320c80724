#!/bin/sh
# Puts bugs into a copy of Debian's strsim 0.10.0 (librust-strsim-dev) so that
# many of its own unit tests fail: assertions (wrong distances) and panics
# (an index past the end). Run in the copy's directory.
set -e
f=src/lib.rs
sed -i '42s/count += 1/count += 2/' $f                                   # hamming counts twice
sed -i '220s/min(result + 1, min(distance_a, distance_b + 1))/min(result + 1, min(distance_a, distance_b + 2))/' $f  # levenshtein
sed -i '288s/curr_distances\[0\] = i + 1;/curr_distances[0] = i;/' $f   # osa
sed -i '379s/a_len + 1, b_len + 1/a_len + 2, b_len + 1/' $f            # damerau: out of bounds
