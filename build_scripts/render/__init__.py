"""Rendering the document model as Markdown pages for the site generator."""
