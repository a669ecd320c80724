"""A tiny shop library the mixed fixture tests."""
