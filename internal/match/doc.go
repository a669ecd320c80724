// Package match is the matching layer under the profiles: it reads regular
// expressions (RE2 syntax, as profiles write them) and answers, for a line,
// what their regexps would answer, most of the time without running them.
// It knows nothing of profiles, tools or reports: patterns in, answers
// about lines out.
//
// Every answer is one the regexp gives, or "unsure", which leaves the line
// to the regexp; nothing here changes which lines a pattern matches or
// which groups it fills, only how often the regexp runs:
//
//   - Filters say when a pattern cannot match a line: FilterOf (a rule's
//     literals, LineFilter.May), PrefixOf (the bytes its start needs),
//     NewLeadDispatch (which of many rules a line's first bytes allow).
//   - Sure matchers say when it surely does, and where its groups are:
//     SureOf (SureMatch.Match) and SubOf / SubsOf (SureSub.Decide, which
//     gives the groups as FindStringSubmatchIndex would).
//   - Gates turn lines away from a detection signature by a few bytes:
//     GateOf (its first and last bytes, indent and next byte), HeadGateOf
//     (the literals around its first run of a class), MinBytesOf; SigGate
//     is their form in a generated Go table.
//   - Literal analysis ranks what a signature's matches must hold
//     (RequiredLiterals, ClaimSets, ClaimMore, KeyByte), for a claim index
//     to look for one byte or literal before it runs a pattern.
//
// The shortcuts read some shapes of pattern better than others: a
// detection signature anchored at the start of the line, a rule that is
// not an alternation at its top. Any other pattern still matches the same
// lines, on more of them through the regexp; Advice says, for a pattern,
// what slows it and how to write it, and terse verify prints that.
//
// Parses are shared: SimplifiedOf and ParsedOf parse a pattern once for
// every reader of it; the trees they return are read, never changed.
package match
