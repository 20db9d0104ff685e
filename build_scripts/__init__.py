"""The site build: parse the source texts into a document model, render pages,
and write the machine-readable outputs. See ARCHITECTURE.md for the data flow."""
