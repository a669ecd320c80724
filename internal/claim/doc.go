// Package claim is the claim index: which signature set claims a line of a
// stream, over signature sets by number, knowing nothing of what a set
// stands for (profiles builds one from its profiles, set i being profile
// i's detection signatures, and maps the numbers back).
//
// The contract:
//   - New takes the sets' signatures (a pattern each, with what
//     internal/match worked out of it ahead, or nothing: the index works it
//     out), the signatures that go before another set's where a line
//     matches both (Lead), and the compiled patterns (Compiled).
//   - Index.Claim(line, cur) is the set that claims the line and by which
//     signature: the current set's (cur) first match wins whatever else
//     matches; else the first match by set, then signature, unless a Lead
//     of another set goes before it and matches too. -1, -1: none.
//   - Index.ClaimSettled(line, cur) is Claim for a caller to which a line
//     of cur's changes nothing (cur's run has met its threshold, and
//     claimed a line since the last blank one): it answers none where
//     Claim answers cur, and as Claim elsewhere, running fewer patterns.
//   - Index.Inert says a line no signature can match by its edge bytes and
//     length, without a claim.
//
// Every shortcut of the index (gates, key bytes, literals, head gates,
// sure answers, unions of many signatures) answers as running every
// pattern would; Options turns each off for the tests that show it. An
// Index is used by one goroutine; Clone gives another its own, sharing the
// tables.
package claim
