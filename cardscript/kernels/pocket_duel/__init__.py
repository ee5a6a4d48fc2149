"""Rules kernel for pocket-duel."""
