#!/bin/sh
# Nothing to generate: the module and helpers are in the project.
true
