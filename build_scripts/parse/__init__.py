"""Parsing the plain-text sources into the document model."""
