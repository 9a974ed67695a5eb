"""Developer tools that run outside the package: the torch-versions matrix (``noxfile.py``)."""
