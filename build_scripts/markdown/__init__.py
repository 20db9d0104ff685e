"""The project's Python-Markdown extensions (no MkDocs hooks or plugins, so the
site builds with both MkDocs and Zensical)."""
