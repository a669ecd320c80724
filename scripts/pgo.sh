#!/bin/sh
# Regenerates default.pgo, the CPU profile that `go build` and `go install`
# optimize terse with (profile-guided optimization: Go 1.21 and later use a
# main package's default.pgo on their own). Go inlines and lays out the calls
# the profile shows hot, which a static build cannot tell from cold ones:
# shaping 100 MB of detected mocha took 0.91 times the CPU with it.
#
# The profile is of what terse spends its time on, on real tool output:
#   - BenchmarkProfiles: every profile's captures (profiles/*/testdata/captures),
#     repeated to 20 MB, shaped with the profile named and detected;
#   - BenchmarkCounterWrite: the exact token count the ledger keeps, fed as
#     a run's tee feeds it.
# Run it again after a large change to those paths: a stale profile costs
# only the gain (Go matches it to the code by function, line by line).
#
#	scripts/pgo.sh        # about a minute here
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Built without a profile, as the profile is of the code as written.
go test ./profiles -pgo=off -run '^$' -bench 'Profiles/' -benchtime 5x \
	-cpuprofile "$tmp/profiles.prof" -o "$tmp/profiles.test" >"$tmp/profiles.txt"
go test ./tokens -pgo=off -run '^$' -bench 'CounterWrite' -benchtime 3s \
	-cpuprofile "$tmp/tokens.prof" -o "$tmp/tokens.test" >"$tmp/tokens.txt"
go tool pprof -proto "$tmp/profiles.prof" "$tmp/tokens.prof" >"$tmp/default.pgo"
mv "$tmp/default.pgo" default.pgo
echo "default.pgo: $(wc -c <default.pgo) bytes"
