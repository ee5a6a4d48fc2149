"""Rules kernel for berserk."""
