"""Rules kernel for vs-system."""
