"""Rules kernel for vanguard."""
