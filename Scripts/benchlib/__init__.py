"""Scripts/bench's sections and what they share; Scripts/bench is the entry point (see its --help)."""
