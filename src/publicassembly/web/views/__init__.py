"""Views of the web pages, one module per audience."""
