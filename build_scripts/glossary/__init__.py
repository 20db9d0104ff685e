"""The glossary: terms from sources/glossary*.yaml, matched in the rules' text."""
