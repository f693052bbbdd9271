"""The book (``make book``): Sphinx configuration and the build, PDF and page-lightening steps."""
