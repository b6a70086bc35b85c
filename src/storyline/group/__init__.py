"""group stage."""
