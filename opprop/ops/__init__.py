"""opprop.ops."""
