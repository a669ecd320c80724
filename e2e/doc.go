// Package e2e holds end-to-end tests that drive real agent clients (Claude
// Code) against a scripted model, with terse installed as their users
// install it. It has no code of its own.
package e2e
