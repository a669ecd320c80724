package jsonshape

// Cost is the cost in tokens of b as the agent reads it. Until terse has a
// tokenizer it is an estimate: one token per 4 bytes, rounded up, which is
// close for JSON and English text (measured tokenizers give 3.5 to 4.5 bytes
// per token on such input). Every token count terse shows goes through here,
// so a real count replaces the estimate in one place.
func Cost(b []byte) int { return (len(b) + 3) / 4 }

// CostEstimated says whether Cost is an estimate; output marks estimated
// counts with "~".
const CostEstimated = true
