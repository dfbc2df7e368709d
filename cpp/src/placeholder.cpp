// Removed once the first family source lands; keeps the library target non-empty.
