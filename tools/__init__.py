"""The maintainers' tools: set-up, notebook runs, lint, exercise sync, compatibility matrix, browser checks."""
