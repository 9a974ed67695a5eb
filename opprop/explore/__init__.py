"""opprop.explore."""
