"""opprop.cli."""
