package profiles

// Internal helpers the external tests reach.
var LooksLikeProblemForTest = looksLikeProblem
var IsProgressLineForTest = isProgressLine
