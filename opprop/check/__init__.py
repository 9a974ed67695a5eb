"""opprop.check."""
