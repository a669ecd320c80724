package match
