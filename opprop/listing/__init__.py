"""opprop.listing."""
