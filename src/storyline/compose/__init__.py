"""Compose: from a story's annotated articles to everything its outputs show (see ``story``)."""
