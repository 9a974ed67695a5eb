"""opprop.reduce."""
