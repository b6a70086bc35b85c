"""Render: story.json first, then Markdown, HTML and TimelineJS from it (see ``outputs``)."""
