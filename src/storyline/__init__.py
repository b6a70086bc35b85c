"""storyline: news articles in, sourced stories and timelines out."""

__version__ = "0.1.0"
SCHEMA_VERSION = "storyline/1"
