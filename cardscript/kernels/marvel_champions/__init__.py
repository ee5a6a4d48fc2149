"""Rules kernel for marvel-champions."""
